// End to end: files that are not good JSON, or not files at all. Each is one failing file with a
// one-line message, and never stops the other files from being checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli, makeTree, parseJsonReport, failedPaths } from '../helpers/cli.js';

const GOOD = '{"a": 1}\n';
const isRoot = process.getuid?.() === 0;
const isWindows = process.platform === 'win32';

/**
 * Checks a tree holding good.json, zz-good.json (checked after the bad file) and the bad files, and
 * returns each bad file's problems; asserts exit 1, the good files passed, one line per problem.
 */
async function check(dir, args = ['.']) {
  const { code, stdout, stderr } = await runCli([...args, '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  const report = parseJsonReport(stdout);
  const byPath = Object.fromEntries(report.files.map((f) => [f.path, f]));
  for (const good of ['good.json', 'zz-good.json'])
    assert.equal(byPath[good]?.status, 'pass', `${good} is checked and passes: ${stdout}`);
  for (const file of report.files) {
    for (const problem of file.problems) assert.doesNotMatch(problem.message, /\n/, `one line: ${problem.message}`);
  }
  return { report, byPath };
}

function tree(t, files) {
  return makeTree(t, { 'good.json': GOOD, 'zz-good.json': GOOD, ...files });
}

test('malformed JSON: invalid JSON, with line:col', async (t) => {
  const dir = tree(t, {
    'trailing-comma.json': '{\n  "a": 1,\n}\n',
    'truncated.json': '{\n  "a": "unfinished',
    'short.json': '{"a": /x/}\n',
  });
  const { byPath } = await check(dir);
  assert.deepEqual(byPath['trailing-comma.json'].problems, [
    {
      validator: 'parse',
      message: 'invalid JSON: Expected double-quoted property name',
      line: 3,
      column: 1,
      kind: 'parse',
    },
  ]);
  const [truncated] = byPath['truncated.json'].problems;
  assert.equal(byPath['truncated.json'].problems.length, 1);
  assert.match(truncated.message, /^invalid JSON: Unterminated string/);
  assert.equal(truncated.line, 2);
  assert.equal(truncated.kind, 'parse');
  // V8 quotes the text of a short file whole, its line breaks too: the message stays on one line.
  assert.deepEqual(byPath['short.json'].problems, [
    {
      validator: 'parse',
      message: 'invalid JSON: Unexpected token \'/\', "{"a": /x/}\\n" is not valid JSON',
      line: 1,
      column: 7,
      kind: 'parse',
    },
  ]);

  const human = await runCli(['.'], { cwd: dir });
  assert.match(
    human.stdout,
    /^ FAIL {2}trailing-comma\.json {2}\(parse\)\n {2}trailing-comma\.json:3:1 {2}invalid JSON: Expected double-quoted property name\n/m,
  );
});

test('a comment in a .json file fails saying JSON has none, and how to read JSONC', async (t) => {
  const dir = tree(t, { 'app.json': '{\n  "a": 1, /* why */\n  // more\n  "b": 2\n}\n', 'plain.json': '{"a": /x/}\n' });
  const { byPath } = await check(dir);
  const [comment] = byPath['app.json'].problems;
  assert.deepEqual([comment.line, comment.column], [2, 11]);
  assert.match(
    comment.message,
    /^invalid JSON: .* \(JSON has no comments: to read it as JSONC, give its rule "parser": "jsonc", or use --parser jsonc\)$/s,
  );
  assert.doesNotMatch(
    byPath['plain.json'].problems[0].message,
    /JSONC/,
    'a slash that starts no comment is only what it is',
  );
});

test('an empty file, or only whitespace, is invalid JSON', async (t) => {
  const dir = tree(t, { 'empty.json': '', 'blank.json': ' \n\t\n' });
  const { byPath } = await check(dir);
  assert.deepEqual(byPath['empty.json'].problems, [
    { validator: 'parse', message: 'invalid JSON: the file is empty', line: 1, column: 1, kind: 'parse' },
  ]);
  assert.deepEqual(byPath['blank.json'].problems, [
    {
      validator: 'parse',
      message: 'invalid JSON: the file is empty (blank lines or spaces only)',
      line: 1,
      column: 1,
      kind: 'parse',
    },
  ]);
});

test('a UTF-8 byte order mark is accepted, and positions do not count it', async (t) => {
  const bom = Buffer.from([0xef, 0xbb, 0xbf]);
  const dir = tree(t, {
    'bom.json': Buffer.concat([bom, Buffer.from('{"a": 1}')]),
    'bom-wrong.json': Buffer.concat([bom, Buffer.from('{"a": "x"}')]),
  });
  const plain = await runCli(['bom.json', 'good.json'], { cwd: dir });
  assert.equal(plain.code, 0, plain.stdout);
  const { byPath } = await check(dir, ['.', '-k', 'a:number']);
  assert.equal(byPath['bom.json'].status, 'pass');
  assert.deepEqual(byPath['bom-wrong.json'].problems, [
    {
      validator: 'require',
      message: '"a" must be a number, found string',
      kind: 'invalid',
      pointer: '/a',
      line: 1,
      column: 7,
    },
  ]);
});

test('bytes that are not UTF-8 fail as a read problem, without a position', async (t) => {
  const dir = tree(t, {
    'latin1.json': Buffer.from('{"a": "caf\xe9"}', 'latin1'),
    'binary.json': Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0xc3, 0x28, 0x7d]),
  });
  const { byPath } = await check(dir);
  for (const name of ['latin1.json', 'binary.json']) {
    assert.deepEqual(
      byPath[name].problems,
      [{ validator: 'read', message: 'file is not valid UTF-8 text (binary, or another encoding)', kind: 'io' }],
      name,
    );
  }
});

test('UTF-16 with a byte order mark is read, its problems placed as in the same text in UTF-8; without one it is named', async (t) => {
  const utf16 = (text) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  const brokenJson = '{\r\n  "é": 1,\r\n  "b": }\r\n';
  const brokenYaml = 'a: 日本\nb: c: d\n';
  const dir = tree(t, {
    'le.json': utf16('{"a": "日本"}\r\n'),
    'be.json': utf16('{"a": 1}').swap16(),
    'broken-le.json': utf16(brokenJson),
    'broken-utf8.json': brokenJson,
    'broken-be.yaml': utf16(brokenYaml).swap16(),
    'broken-utf8.yaml': brokenYaml,
    'no-bom.json': Buffer.from('{"a": 1}', 'utf16le'),
  });
  const { byPath } = await check(dir);
  for (const name of ['le.json', 'be.json']) assert.equal(byPath[name].status, 'pass', name);
  assert.equal(byPath['broken-le.json'].problems[0].line, 3);
  assert.deepEqual(byPath['broken-le.json'].problems, byPath['broken-utf8.json'].problems);
  assert.equal(byPath['broken-be.yaml'].problems[0].line, 2);
  assert.deepEqual(byPath['broken-be.yaml'].problems, byPath['broken-utf8.yaml'].problems);
  assert.deepEqual(byPath['no-bom.json'].problems, [
    {
      validator: 'read',
      message: 'file looks like UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with a BOM)',
      kind: 'io',
    },
  ]);
});

test('a NUL byte fails as invalid JSON that names the NUL byte', async (t) => {
  const dir = tree(t, {
    'nul-in-string.json': Buffer.from('{"a": "x\0y"}'),
    'nul-after.json': Buffer.from('{"a": 1}\0'),
  });
  const { byPath } = await check(dir);
  for (const name of ['nul-in-string.json', 'nul-after.json']) {
    const { problems } = byPath[name];
    assert.equal(problems.length, 1, name);
    assert.match(problems[0].message, /^invalid JSON: .* \(the file contains a NUL byte: binary\?\)$/, name);
    assert.equal(problems[0].kind, 'parse');
  }
});

test('an unreadable file fails with "permission denied"', {
  skip: (isRoot && 'root can read a chmod 000 file') || (isWindows && 'no chmod 000 on Windows'),
}, async (t) => {
  const dir = tree(t, { 'secret.json': GOOD });
  fs.chmodSync(path.join(dir, 'secret.json'), 0o000);
  const { byPath } = await check(dir);
  assert.deepEqual(byPath['secret.json'].problems, [
    { validator: 'read', message: 'file cannot be read: permission denied', kind: 'io' },
  ]);
});

test('a dangling symbolic link, found or named, fails with its own message, naming its target as ls -l shows it', {
  skip: isWindows && 'symlinks need privileges on Windows',
}, async (t) => {
  const dir = tree(t, { 'target.json': GOOD });
  fs.symlinkSync('deleted.json', path.join(dir, 'dangling.json'));
  // readthedocs.org's .pre-commit-config.yaml, a link into a submodule not checked out
  fs.symlinkSync(path.join('common', 'pre-commit-config.json'), path.join(dir, 'into-submodule.json'));
  fs.symlinkSync('target.json', path.join(dir, 'link.json')); // a good link is followed
  const { byPath } = await check(dir);
  assert.deepEqual(byPath['dangling.json'].problems, [
    { validator: 'read', message: 'file is a broken symbolic link (-> deleted.json)', kind: 'io' },
  ]);
  assert.deepEqual(byPath['into-submodule.json'].problems, [
    {
      validator: 'read',
      message: `file is a broken symbolic link (-> ${path.join('common', 'pre-commit-config.json')})`,
      kind: 'io',
    },
  ]);
  assert.equal(byPath['link.json'].status, 'pass');
  const named = await check(dir, ['good.json', 'dangling.json', 'zz-good.json']);
  assert.equal(named.byPath['dangling.json'].problems[0].message, 'file is a broken symbolic link (-> deleted.json)');
});

test('a symbolic link loop fails with its own message', {
  skip: isWindows && 'symlinks need privileges on Windows',
}, async (t) => {
  const dir = tree(t, {});
  fs.symlinkSync('loop-b.json', path.join(dir, 'loop-a.json'));
  fs.symlinkSync('loop-a.json', path.join(dir, 'loop-b.json'));
  const { byPath } = await check(dir);
  for (const name of ['loop-a.json', 'loop-b.json']) {
    assert.deepEqual(
      byPath[name].problems,
      [{ validator: 'read', message: 'file is a symbolic link loop', kind: 'io' }],
      name,
    );
  }
});

test('a directory named x.json is a folder: no glob finds it, and named it stands for its files', async (t) => {
  const dir = tree(t, { 'x.json/inner.json': '{"a": }' });
  const found = await runCli(['*.json', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(found.code, 0, found.stdout + found.stderr);
  assert.deepEqual(
    parseJsonReport(found.stdout).files.map((file) => file.path),
    ['good.json', 'zz-good.json'],
  );
  const named = await check(dir, ['good.json', 'x.json', 'zz-good.json']);
  assert.equal(named.byPath['x.json/inner.json'].problems[0].kind, 'parse');
});

test('a named pipe p.json fails without blocking the run', {
  timeout: 20_000,
  skip: isWindows && 'no mkfifo on Windows',
}, async (t) => {
  const dir = tree(t, {});
  const made = spawnSync('mkfifo', [path.join(dir, 'p.json')]);
  if (made.status !== 0) return t.skip('mkfifo is not available');
  for (const args of [['.'], ['good.json', 'p.json', 'zz-good.json']]) {
    const { byPath } = await check(dir, args);
    assert.deepEqual(byPath['p.json'].problems, [
      { validator: 'read', message: 'file is not a regular file (a named pipe)', kind: 'io' },
    ]);
  }
});

test('a top-level array parses; it fails only the checks that want an object', async (t) => {
  const dir = tree(t, { 'list.json': '[1, 2, 3]', 'schema/object.json': '{"type": "object"}' });
  const plain = await runCli(['list.json', 'good.json'], { cwd: dir });
  assert.equal(plain.code, 0, plain.stdout);

  const required = await check(dir, ['*.json', '-k', 'a']);
  assert.deepEqual(required.byPath['list.json'].problems, [
    {
      validator: 'require',
      message: 'missing required key "a": the document is an array, not an object',
      kind: 'invalid',
      pointer: '',
      line: 1,
      column: 1,
    },
  ]);

  const schema = await check(dir, ['*.json', '-s', 'schema/object.json']);
  assert.deepEqual(
    schema.byPath['list.json'].problems.map((p) => p.message),
    ['must be object'],
  );
});

test('deep nesting: 1,000 levels are checked; beyond, the file fails with one parse problem, whatever its rules', async (t) => {
  const depth = 5000;
  const dir = tree(t, {
    'deep-array.json': `${'['.repeat(depth)}${']'.repeat(depth)}`,
    'deep-object.json': `${'{"a": '.repeat(depth)}1${'}'.repeat(depth)}`,
    'deep-unclosed.json': '['.repeat(depth),
    'limit.json': `${'{"a": '.repeat(1000)}1${'}'.repeat(1000)}`,
    'schema/recursive.json':
      '{"type": ["array", "object", "number"], "items": {"$ref": "#"}, "additionalProperties": {"$ref": "#"}}',
  });
  const tooDeep = (column) => [
    {
      validator: 'parse',
      message: 'the document is nested too deeply (more than 1000 levels)',
      line: 1,
      column,
      kind: 'parse',
    },
  ];
  for (const rules of [[], ['-k', 'a'], ['-s', 'schema/recursive.json']]) {
    const { byPath } = await check(dir, ['*.json', ...rules]);
    assert.deepEqual(byPath['deep-array.json'].problems, tooDeep(1001), rules.join(' '));
    assert.deepEqual(byPath['deep-object.json'].problems, tooDeep(6001), rules.join(' '));
    assert.deepEqual(
      byPath['deep-unclosed.json'].problems,
      tooDeep(1001),
      'not JSON, and too deep to place its error: too deep is said',
    );
    assert.equal(byPath['limit.json'].status, 'pass', rules.join(' '));
  }
});

test('every kind of bad input at once: each one fails, the good files pass, the run completes', async (t) => {
  const dir = tree(t, {
    'a-malformed.json': '{"a": }',
    'b-empty.json': '',
    'c-latin1.json': Buffer.from('{"a": "\xe9"}', 'latin1'),
    'd-utf16.json': Buffer.from('{}', 'utf16le'), // without a byte order mark
    'e-nul.json': Buffer.from('{"a": "\0"}'),
    'g-bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(GOOD)]),
  });
  if (!isWindows) fs.symlinkSync('nowhere.json', path.join(dir, 'h-dangling.json'));
  const { report } = await check(dir);
  const failing = report.files.filter((f) => f.status === 'fail').map((f) => f.path);
  assert.deepEqual(failing, [
    'a-malformed.json',
    'b-empty.json',
    'c-latin1.json',
    'd-utf16.json',
    'e-nul.json',
    ...(isWindows ? [] : ['h-dangling.json']),
  ]);
  assert.equal(report.summary.passed, 3);
  assert.equal(report.summary.unchecked, 0);

  const human = await runCli(['.'], { cwd: dir });
  assert.deepEqual(failedPaths(human.stdout), failing);
});

test('a YAML quoted string that never closes is placed at its opening quote, not at the end of the file', async (t) => {
  const dir = tree(t, {
    'never.yaml': "m: 1\nt: 'never closes\nb: 2\nc: 3\n",
    'never.md': '---\ntitle: x\nt: "open\nb: 2\n---\n# text\n',
  });
  const { byPath } = await check(dir, ['.', 'never.md']);
  const never = (format, line, column, quote) => [
    {
      validator: 'parse',
      message: `invalid ${format}: the string quoted here never closes (Missing closing ${quote}quote)`,
      line,
      column,
      kind: 'parse',
    },
  ];
  assert.deepEqual(byPath['never.yaml'].problems, never('YAML', 2, 4, "'"));
  assert.deepEqual(byPath['never.md'].problems, never('YAML front matter', 3, 4, '"'));
});
