// End to end: the command line, as a user types it, against temporary file trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import {
  runCli,
  makeTree,
  writeTree,
  gitInit,
  hasGit,
  parseJsonReport,
  failedPaths,
  filesLine,
  oneLine,
  REPO,
  unusableSchema,
} from '../helpers/cli.js';

const { version } = createRequire(import.meta.url)('../../package.json');
const GOOD = '{"a": 1}\n';
const BAD = '{"a": 1,}\n';

test('--help prints usage, examples and the exit codes, and exits 0', async () => {
  for (const flag of ['--help', '-h']) {
    const { code, stdout, stderr } = await runCli([flag]);
    assert.equal(code, 0, stderr);
    assert.equal(stderr, '');
    const text = stdout.replace(/\s+/g, ' ');
    assert.match(stdout, /^filecheck \[patterns\.\.\] \[options\]/);
    assert.match(text, /Examples: filecheck Check the files named by \.filecheckrc\.json/);
    assert.match(text, /filecheck a\.json b\.json Check these files with the config rules they match/);
    assert.match(text, /--bail Stop after n failing files/);
    assert.match(
      text,
      /Exit codes: 0 all files passed · 1 some file failed · 2 usage or configuration error · 130 interrupted \(SIGINT\) · 141 the output was closed early · 143 terminated \(SIGTERM\)\./,
    );
  }
});

test('--version prints the version of package.json', async () => {
  const { code, stdout, stderr } = await runCli(['--version']);
  assert.equal(code, 0);
  assert.equal(stdout, `${version}\n`);
  assert.equal(stderr, '');
});

test('the help of each command names the command, never a literal $0; schemas pull takes no patterns, and says so', async (t) => {
  for (const args of [['--help'], ['schemas', 'pull', '--help'], ['merge', '--help']]) {
    const { code, stdout } = await runCli(args);
    assert.equal(code, 0);
    assert.doesNotMatch(stdout, /\$0/, args.join(' '));
  }
  const pull = await runCli(['schemas', 'pull', '--help']);
  assert.doesNotMatch(pull.stdout, /Positionals/);
  assert.match(pull.stdout.replace(/\s+/g, ' '), /It takes no patterns: /);
  const dir = makeTree(t, { 'config/remote.json': '{"$schema": "https://example.com/x.json"}' });
  const patterns = await runCli(['schemas', 'pull', 'config/remote.json', '--schema-from-document'], { cwd: dir });
  assert.equal(patterns.code, 2);
  assert.equal(
    oneLine(patterns.stderr),
    'schemas pull takes no files (config/remote.json): it pulls the schemas of the files the config and the catalogs choose (without either, those of the working directory); give it the options of the run that needs them, without the patterns',
  );
});

test('filecheck schema pull, matching nothing, asks whether filecheck schemas pull was meant', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD });
  const { code, stderr } = await runCli(['schema', 'pull', '--schema-from-document'], { cwd: dir });
  assert.equal(code, 2);
  assert.equal(
    oneLine(stderr),
    'no files match "schema", "pull" (use --pass-with-no-files to allow this); did you mean: filecheck schemas pull?',
  );
});

test('an unknown option exits 2 with one line on stderr and nothing on stdout', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD });
  for (const [args, expected] of [
    [['--frobnicate', 'a.json'], 'Unknown argument: --frobnicate'],
    [['a.json', '-z'], 'Unknown argument: -z'],
    // Each as typed, once, with the option meant.
    [['a.json', '--shcema', 'x.json'], 'Unknown argument: --shcema (did you mean --schema?)'],
    [
      ['a.json', '--no-code-frames', '--list-file', '--max-warning', '0'],
      'Unknown arguments: --no-code-frames (did you mean --no-code-frame?), --list-file (did you mean --list-files?), --max-warning (did you mean --max-warnings?)',
    ],
  ]) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir });
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), expected);
  }
});

test('an option without its value at the end of the line: --bail means 1, --schema is a usage error', async (t) => {
  // These command lines are handed from the fast parser to yargs, which must accept the patterns.
  const dir = makeTree(t, { 'a.json': BAD, 'b.json': BAD });
  const bail = await runCli(['a.json', 'b.json', '--bail'], { cwd: dir });
  assert.equal(bail.code, 1, bail.stderr);
  assert.deepEqual(failedPaths(bail.stdout), ['a.json']);
  assert.match(bail.stdout, /Stopped after 1 failing file \(--bail\)\./);

  const schema = await runCli(['a.json', '--schema'], { cwd: dir });
  assert.equal(schema.code, 2);
  assert.equal(oneLine(schema.stderr), '--schema needs a value');
});

test('patterns are globs, relative to the working directory', async (t) => {
  const dir = makeTree(t, {
    'data/a.json': GOOD,
    'data/b.json': BAD,
    'data/deep/c.json': GOOD,
    'data/notes.txt': 'x',
    'other.json': BAD,
  });
  const shallow = await runCli(['data/*.json'], { cwd: dir });
  assert.equal(shallow.code, 1, shallow.stderr);
  assert.deepEqual(failedPaths(shallow.stdout), ['data/b.json']);
  assert.equal(filesLine(shallow.stdout), 'Files: 1 failed, 1 passed, 2 total');

  const deep = await runCli(['data/**/*.json', '--list-files'], { cwd: dir });
  assert.equal(deep.stdout, 'data/a.json\ndata/b.json\ndata/deep/c.json\n');
});

test('a path that exists is taken literally, even with glob characters in its name', async (t) => {
  // As globs, `item [1].json` would match `item 1.json` and `HttpGET(CRUD).json` would match `HttpGETCRUD.json`.
  const dir = makeTree(t, {
    'HttpGET(CRUD).json': GOOD,
    'item [1].json': GOOD,
    'item 1.json': BAD,
    'HttpGETCRUD.json': BAD,
  });
  const { code, stdout, stderr } = await runCli(['HttpGET(CRUD).json', 'item [1].json', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stdout + stderr);
  assert.match(stdout, /^PASS HttpGET\(CRUD\)\.json /m);
  assert.match(stdout, /^PASS item \[1\]\.json /m);
  assert.equal(filesLine(stdout), 'Files: 2 passed, 2 total');
});

test('a directory argument stands for the data files below it: JSON, JSONC, JSON5, YAML and TOML, not Markdown', async (t) => {
  const dir = makeTree(t, {
    'content/a.json': GOOD,
    'content/x/y/z.json': BAD,
    'content/readme.md': '---\n: broken\n',
    'content/notes.txt': '{',
    'content/data.yaml': 'a: 1',
    'content/more.yml': 'a: [',
    'content/settings.jsonc': '{ // a comment\n}',
    'content/app.json5': '{ unquoted: 1 }',
    'content/cargo.toml': '[package]\nname = "x"',
    'outside.json': BAD,
  });
  const list = await runCli(['content', '--list-files'], { cwd: dir });
  assert.equal(
    list.stdout,
    ['a.json', 'app.json5', 'cargo.toml', 'data.yaml', 'more.yml', 'settings.jsonc', 'x/y/z.json']
      .map((name) => `content/${name}\n`)
      .join(''),
  );
  const run = await runCli(['content'], { cwd: dir });
  assert.equal(run.code, 1);
  assert.deepEqual(failedPaths(run.stdout), ['content/more.yml', 'content/x/y/z.json']);
  assert.equal(filesLine(run.stdout), 'Files: 2 failed, 5 passed, 7 total');
});

test('a folder named like a data file is no file: globs, rules and catalogs pass it over; named, it stands for its files', async (t) => {
  // go-task/task's testdata/file_names/Taskfile.yml/ is a folder holding a Taskfile.yml.
  const dir = makeTree(t, {
    'd/Taskfile.yml/Taskfile.yml': 'version: "3"\n',
    'd/v1.2/a.json': GOOD,
    's.json': '{ "type": "object" }',
    'catalog.json': JSON.stringify({ schemas: [{ name: 'task', url: 's.json', fileMatch: ['Taskfile.yml'] }] }),
  });
  for (const args of [['-s', 's.json', '**/Taskfile.yml'], ['--catalog', 'catalog.json'], ['d/Taskfile.yml']]) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir });
    assert.equal(code, 0, `${args.join(' ')}: ${stdout}${stderr}`);
    assert.equal(filesLine(stdout), 'Files: 1 passed, 1 total', args.join(' '));
  }
  const listed = await runCli(['d/v1.2', '--list-files'], { cwd: dir });
  assert.equal(listed.stdout, 'd/v1.2/a.json\n', listed.stderr);
  // A glob that matches only a folder matches no file.
  const none = await runCli(['d/*.yml'], { cwd: dir });
  assert.equal(none.code, 2, none.stdout);
  assert.equal(oneLine(none.stderr), 'no files match "d/*.yml" (use --pass-with-no-files to allow this)');

  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['**/Taskfile.yml'], schema: 's.json' }] }),
  });
  const ruled = await runCli([], { cwd: dir });
  assert.equal(ruled.code, 0, ruled.stdout + ruled.stderr);
  assert.equal(filesLine(ruled.stdout), 'Files: 1 passed, 1 total');
});

test('a pattern that matches nothing exits 2 naming it, unless --pass-with-no-files', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD });
  const glob = await runCli(['nothing/*.json'], { cwd: dir });
  assert.equal(glob.code, 2);
  assert.equal(glob.stdout, '');
  assert.equal(oneLine(glob.stderr), 'no files match "nothing/*.json" (use --pass-with-no-files to allow this)');

  // One good pattern does not excuse another that matches nothing.
  const mixed = await runCli(['a.json', 'missing.json'], { cwd: dir });
  assert.equal(mixed.code, 2);
  assert.equal(oneLine(mixed.stderr), 'no files match "missing.json" (use --pass-with-no-files to allow this)');

  const allowed = await runCli(['nothing/*.json', '--pass-with-no-files'], { cwd: dir });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.match(allowed.stdout, /^No files to check\.$/m);
  assert.equal(filesLine(allowed.stdout), 'Files: 0 passed, 0 total');

  // An empty pattern (a variable that was not set) names nothing: it is not the working directory.
  for (const args of [[''], ['a.json', ''], ['', '--pass-with-no-files']]) {
    const empty = await runCli(args, { cwd: dir });
    assert.equal(empty.code, 2, empty.stdout);
    assert.equal(empty.stdout, '');
    assert.equal(
      oneLine(empty.stderr),
      'a pattern is empty: name files, folders or globs ("." for the working directory)',
    );
  }
});

test('a directory with no data files to check exits 2 with one line, not an internal error', async (t) => {
  const dir = makeTree(t, { 'empty/': '', 'empty/readme.md': '# nothing here' });
  const { code, stdout, stderr } = await runCli(['empty'], { cwd: dir });
  assert.equal(code, 2, stderr);
  assert.equal(stdout, '');
  assert.equal(
    oneLine(stderr),
    'no files to check in "empty" (all ignored, or no JSON, YAML or TOML files) (use --pass-with-no-files to allow this)',
  );
  const allowed = await runCli(['empty', '--pass-with-no-files'], { cwd: dir });
  assert.equal(allowed.code, 0, allowed.stderr);
});

test('--list-files prints one path per line, sorted, checks nothing and exits 0', async (t) => {
  const dir = makeTree(t, { 'b.json': BAD, 'a/z.json': GOOD, 'a/b.json': BAD, 'C.json': GOOD, 'a b.json': GOOD });
  const { code, stdout, stderr } = await runCli(['**/*.json', '--list-files'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.equal(stderr, '');
  const listed = stdout.split('\n');
  assert.equal(listed.pop(), '', 'ends with a newline');
  assert.deepEqual(listed, ['C.json', 'a b.json', 'a/b.json', 'a/z.json', 'b.json']);
  assert.deepEqual(listed, [...listed].sort());
});

test('-q and --verbose: warnings, passing files and the plan', async (t) => {
  const dir = makeTree(t, {
    'good.json': '{"n": 1}',
    'bad.json': '{"n": "one"}',
    'schema.json': JSON.stringify({ type: 'object', frobnicate: true, properties: { n: { type: 'integer' } } }),
  });
  const normal = await runCli(['*.json', '--ignore', 'schema.json', '-s', 'schema.json'], { cwd: dir });
  assert.equal(normal.code, 1);
  assert.match(normal.stderr, /^filecheck: warning: schema schema\.json: unknown keyword "frobnicate" is ignored/);
  assert.deepEqual(failedPaths(normal.stdout), ['bad.json']);
  assert.doesNotMatch(normal.stdout, /PASS|Plan:/);

  const quiet = await runCli(['*.json', '--ignore', 'schema.json', '-s', 'schema.json', '-q'], { cwd: dir });
  assert.equal(quiet.code, 1);
  assert.equal(quiet.stderr, '', 'no warnings with -q');
  assert.deepEqual(failedPaths(quiet.stdout), ['bad.json']);
  assert.equal(filesLine(quiet.stdout), 'Files: 1 failed, 1 passed, 2 total');

  const verbose = await runCli(['*.json', '--ignore', 'schema.json', '-s', 'schema.json', '--verbose'], { cwd: dir });
  assert.equal(verbose.code, 1);
  assert.match(verbose.stdout, /^Plan: inline: 2 files: in-process, no worker start-up cost$/m);
  assert.match(verbose.stdout, /^PASS good\.json \(\d+ ms\)$/m);
  assert.deepEqual(failedPaths(verbose.stdout), ['bad.json']);

  // With no files, -q leaves out the "No files to check." line too.
  const none = await runCli(['nothing/*.json', '--pass-with-no-files'], { cwd: dir });
  const noneQuiet = await runCli(['nothing/*.json', '--pass-with-no-files', '-q'], { cwd: dir });
  assert.match(none.stdout, /No files to check\./);
  assert.doesNotMatch(noneQuiet.stdout, /No files to check/);
  assert.equal(filesLine(noneQuiet.stdout), 'Files: 0 passed, 0 total');
});

test('--require: a key path must exist, with a type when given', async (t) => {
  const dir = makeTree(t, {
    'ok.json': '{"doc": {"title": "T", "n": 3}}',
    'missing.json': '{"doc": {"n": 3}}',
    'wrong.json': '{\n  "doc": {\n    "title": 42,\n    "n": 3\n  }\n}\n',
  });
  const untyped = await runCli(['*.json', '--require', 'doc.title'], { cwd: dir });
  assert.equal(untyped.code, 1);
  assert.deepEqual(failedPaths(untyped.stdout), ['missing.json']);
  assert.match(
    untyped.stdout,
    /^ FAIL {2}missing\.json {2}\(require\)\n {2}missing\.json:1:9 {2}\/doc: missing required key "doc\.title"$/m,
  );

  const typed = await runCli(['*.json', '-k', 'doc.title:string', '-k', 'doc.n:integer'], { cwd: dir });
  assert.equal(typed.code, 1);
  assert.deepEqual(failedPaths(typed.stdout), ['missing.json', 'wrong.json']);
  assert.match(typed.stdout, /^ {2}wrong\.json:3:14 {2}\/doc\/title: "doc\.title" must be a string, found number$/m);
  assert.equal(filesLine(typed.stdout), 'Files: 2 failed, 1 passed, 3 total');

  const invalid = await runCli(['*.json', '-k', 'doc..title'], { cwd: dir });
  assert.equal(invalid.code, 2);
  assert.match(oneLine(invalid.stderr), /"doc\.\.title" is not a key path/);

  // A typo in the type is a usage error, in both executors, not a key that every file lacks.
  for (const workers of ['0', '2']) {
    const typo = await runCli(['*.json', '-k', 'doc.title:strin', '--workers', workers], { cwd: dir });
    assert.equal(typo.code, 2, workers);
    assert.match(oneLine(typo.stderr), /"doc\.title:strin": unknown type "strin" \(expected string, number/);
  }
});

test('--schema validates every matched file, with positions', async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'integer' }, tags: { type: 'array', items: { type: 'string' } } },
    }),
    'data/ok.json': '{"id": 1, "tags": ["a"]}',
    'data/bad.json': '{\n  "id": 1,\n  "tags": ["a", 2]\n}\n',
    'data/noid.json': '{"tags": []}',
  });
  const { code, stdout, stderr } = await runCli(['data/*.json', '-s', 'schema.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['data/bad.json', 'data/noid.json']);
  assert.match(stdout, /^ FAIL {2}data\/bad\.json {2}\(json-schema: schema\.json\)$/m);
  assert.match(stdout, /^ {2}data\/bad\.json:3:17 {2}\/tags\/1: must be string$/m);
  assert.match(stdout, /^ {2}data\/noid\.json:1:1 {2}must have required property "id"$/m);
  assert.equal(filesLine(stdout), 'Files: 2 failed, 1 passed, 3 total');
});

test('--ref: a $ref by $id resolves only when its schema is preloaded', async (t) => {
  const dir = makeTree(t, {
    // The $id maps https://example.com/defs/count.json beside main.json, to schemas/defs/count.json:
    // no such file, so only --ref can resolve it.
    'schemas/main.json': JSON.stringify({
      $id: 'https://example.com/main.json',
      type: 'object',
      properties: { count: { $ref: 'https://example.com/defs/count.json' } },
    }),
    'shared/count.json': JSON.stringify({ $id: 'https://example.com/defs/count.json', type: 'integer', minimum: 0 }),
    'data/ok.json': '{"count": 2}',
    'data/negative.json': '{"count": -2}',
  });
  const without = await runCli(['data/*.json', '-s', 'schemas/main.json'], { cwd: dir });
  assert.match(
    unusableSchema(without),
    /^schema schemas\/main\.json: \$ref "https:\/\/example\.com\/defs\/count\.json" cannot be resolved offline/,
  );

  for (const ref of ['shared/count.json', 'shared/*.json']) {
    const withRef = await runCli(['data/*.json', '-s', 'schemas/main.json', '--ref', ref], { cwd: dir });
    assert.equal(withRef.code, 1, withRef.stderr);
    assert.deepEqual(failedPaths(withRef.stdout), ['data/negative.json']);
    assert.match(withRef.stdout, /^ {2}data\/negative\.json:1:11 {2}\/count: must be >= 0$/m);
  }
});

test('a --ref or config refs entry that names no file exits 2 in one line, as a missing schema does, schema or not', async (t) => {
  const dir = makeTree(t, {
    'schemas/main.json': JSON.stringify({ type: 'object' }),
    'schemas/folder/': '',
    'ok.json': GOOD,
  });
  const cases = [
    [['ok.json', '--ref', 'nope.json'], 'cannot read ref nope.json: no such file'],
    [['ok.json', '--ref', 'schemas/*.jsn'], 'cannot read ref schemas/*.jsn: no file matches it'],
    [['ok.json', '--ref', 'schemas/folder'], 'cannot read ref schemas/folder: a folder, not a file'],
    [
      ['ok.json', '-s', 'schemas/main.json', '--ref', 'schemas/main.json', '--ref', 'nope.json'],
      'cannot read ref nope.json: no such file',
    ],
    [['ok.json', '--ref', ''], '--ref needs a value'],
  ];
  for (const [args, line] of cases) {
    for (const workers of ['0', '2']) {
      const { code, stdout, stderr } = await runCli([...args, '--workers', workers], { cwd: dir });
      assert.equal(code, 2, `${args.join(' ')}: ${stdout}${stderr}`);
      assert.equal(oneLine(stderr), line);
    }
  }
  // A config's refs are relative to it, and said relative to the working directory.
  writeTree(dir, {
    'conf/.filecheckrc.json': JSON.stringify({ rules: [{ files: ['../*.json'], refs: ['../schemas/*.jsn'] }] }),
  });
  const config = await runCli(['-c', 'conf/.filecheckrc.json'], { cwd: dir });
  assert.equal(config.code, 2, config.stdout);
  assert.equal(oneLine(config.stderr), 'cannot read ref schemas/*.jsn: no file matches it');
  // With a config, a --ref is looked at too.
  writeTree(dir, {
    'conf/.filecheckrc.json': JSON.stringify({ rules: [{ files: ['../*.json'], refs: ['../schemas/*.json'] }] }),
  });
  assert.equal((await runCli(['-c', 'conf/.filecheckrc.json'], { cwd: dir })).code, 0);
  const given = await runCli(['-c', 'conf/.filecheckrc.json', '--ref', 'nope.json'], { cwd: dir });
  assert.equal(given.code, 2, given.stdout);
  assert.equal(oneLine(given.stderr), 'cannot read ref nope.json: no such file');
});

test('a relative-file $ref resolves from the schema file, with no --ref', async (t) => {
  const dir = makeTree(t, {
    'schemas/doc.json': JSON.stringify({
      type: 'object',
      properties: { locale: { $ref: './parts/locale.json#/definitions/locale' } },
    }),
    'schemas/parts/locale.json': JSON.stringify({ definitions: { locale: { enum: ['en', 'fr'] } } }),
    'data/en.json': '{"locale": "en"}',
    'data/xx.json': '{"locale": "xx"}',
  });
  const { code, stdout, stderr } = await runCli(['data', '-s', 'schemas/doc.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['data/xx.json']);
  assert.match(
    stdout,
    /^ FAIL {2}data\/xx\.json {2}\(json-schema: schemas\/doc\.json\)\n.*\/locale: must be one of "en", "fr"$/m,
  );
});

test('--validator: custom modules returning problems or strings, or throwing', async (t) => {
  const dir = makeTree(t, {
    'validators/problems.js':
      "export default (doc) => (doc.n === 2 ? [{ message: 'n must not be two', pointer: '/n' }] : []);\n",
    'validators/strings.js':
      "export const name = 'strings';\nexport default (doc) => (doc.n === 3 ? ['three is odd', 'and prime'] : undefined);\n",
    'validators/throws.js': "export default (doc) => { if (doc.n === 1) throw new Error('boom at one'); };\n",
    'data/1.json': '{"n": 1}',
    'data/2.json': '{\n  "n": 2\n}',
    'data/3.json': '{"n": 3}',
    'data/4.json': '{"n": 4}',
  });
  const args = [
    'data/*.json',
    '--validator',
    './validators/problems.js',
    '--validator',
    './validators/strings.js',
    '--validator',
    './validators/throws.js',
  ];
  const { code, stdout, stderr } = await runCli(args, { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['data/1.json', 'data/2.json', 'data/3.json']);
  assert.match(stdout, /^ FAIL {2}data\/1\.json {2}\(throws\)\n {2}data\/1\.json {2}threw: boom at one$/m);
  assert.match(stdout, /^ {2}data\/2\.json:2:8 {2}\/n: n must not be two$/m);
  assert.match(
    stdout,
    /^ FAIL {2}data\/3\.json {2}\(strings\)\n {2}data\/3\.json {2}three is odd\n {2}data\/3\.json {2}and prime$/m,
  );
  assert.equal(filesLine(stdout), 'Files: 3 failed, 1 passed, 4 total');

  // The throw is reported as kind "error", and the files after it are still checked.
  const json = parseJsonReport((await runCli([...args, '-r', 'json', '--verbose'], { cwd: dir })).stdout);
  assert.deepEqual(
    json.files.map((f) => [f.path, f.status]),
    [
      ['data/1.json', 'fail'],
      ['data/2.json', 'fail'],
      ['data/3.json', 'fail'],
      ['data/4.json', 'pass'],
    ],
  );
  assert.deepEqual(json.files[0].problems, [{ validator: 'throws', message: 'threw: boom at one', kind: 'error' }]);
  assert.deepEqual(
    json.files[2].problems.map((p) => p.kind),
    ['invalid', 'invalid'],
  );
});

test('a validator written as the docs show (export default in a .js file) in a project without "type": "module" loads without Node\'s warning, in-process and on a pool', async (t) => {
  const dir = makeTree(t, {
    'package.json': '{ "name": "site" }\n',
    'checks/title.js': "export default (doc) => (doc.title ? [] : ['no title']);\n",
    // Another warning while it loads is still Node's to print: only the one about the package's type is held back.
    'checks/noisy.js': "process.emitWarning('a note of its own', { code: 'NOISY' });\nexport default () => [];\n",
    'a.json': '{"title": "A"}',
    'b.json': '{}',
  });
  for (const workers of ['0', '2']) {
    const quiet = await runCli(['a.json', 'b.json', '--validator', './checks/title.js', '--workers', workers], {
      cwd: dir,
    });
    assert.equal(quiet.code, 1, quiet.stderr);
    assert.match(quiet.stdout, /no title/);
    assert.equal(quiet.stderr, '', `--workers ${workers}: no MODULE_TYPELESS_PACKAGE_JSON warning`);
    const noisy = await runCli(['a.json', '--validator', './checks/noisy.js', '--workers', workers], { cwd: dir });
    assert.equal(noisy.code, 0, noisy.stderr);
    assert.match(noisy.stderr, /\[NOISY\] Warning: a note of its own/);
    assert.doesNotMatch(noisy.stderr, /MODULE_TYPELESS_PACKAGE_JSON/);
  }
});

test('an ES module validator in a .js file of a "type": "commonjs" package exits 2 saying what to do, without Node\'s warning', async (t) => {
  const dir = makeTree(t, {
    'package.json': '{ "name": "site", "type": "commonjs" }\n', // as npm 11's npm init -y writes it
    'checks/summary.js': "export const name = 'summary';\nexport default () => [];\n",
    'checks/uses-lib.js': "const lib = require('./lib/words.js');\nmodule.exports = () => lib();\n",
    'checks/lib/words.js': "import path from 'node:path';\nexport default () => [];\n",
    'checks/summary.mjs': 'export default () => [];\n',
    'a.json': GOOD,
  });
  const pkg = path.join(dir, 'package.json');
  for (const workers of ['0', '2']) {
    const summary = await runCli(['a.json', '--validator', './checks/summary.js', '--workers', workers], { cwd: dir });
    assert.equal(summary.code, 2);
    assert.equal(
      oneLine(summary.stderr),
      `validator module ${path.join(dir, 'checks/summary.js')} cannot be loaded: it is an ES module (export), but the nearest package.json (${pkg}) says "type": "commonjs": rename it to summary.mjs, or write it as CommonJS (module.exports)`,
      `--workers ${workers}`,
    );
  }
  const lib = await runCli(['a.json', '--validator', './checks/uses-lib.js'], { cwd: dir });
  assert.equal(
    oneLine(lib.stderr),
    `validator module ${path.join(dir, 'checks/uses-lib.js')} cannot be loaded: ${path.join(dir, 'checks/lib/words.js')} is an ES module (import), but the nearest package.json (${pkg}) says "type": "commonjs": rename it to words.mjs, or write it as CommonJS (require, module.exports)`,
  );
  const mjs = await runCli(['a.json', '--validator', './checks/summary.mjs'], { cwd: dir });
  assert.equal(mjs.code, 0, mjs.stderr);
  assert.equal(mjs.stderr, '');
});

test('--validator that cannot be loaded exits 2 naming it', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD, 'no-default.js': 'export const x = 1;\n' });
  const missing = await runCli(['a.json', '--validator', './nope.js'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.equal(oneLine(missing.stderr), `validator module ${path.join(dir, 'nope.js')} cannot be loaded: not found`);
  const noDefault = await runCli(['a.json', '--validator', './no-default.js'], { cwd: dir });
  assert.equal(noDefault.code, 2);
  assert.match(oneLine(noDefault.stderr), /no-default\.js must have a default export function/);
});

test('--ignore leaves files out, and a named file it matches is skipped', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD, 'b.json': BAD, 'gen/c.json': BAD });
  const list = await runCli(['**/*.json', '--ignore', 'b.json', '--ignore', 'gen/**', '--list-files'], { cwd: dir });
  assert.equal(list.stdout, 'a.json\n');
  const run = await runCli(['**/*.json', '--ignore', 'b.json', '--ignore', 'gen/**'], { cwd: dir });
  assert.equal(run.code, 0, run.stdout);
  const named = await runCli(['b.json', '--ignore', 'b.json', '--verbose'], { cwd: dir });
  assert.equal(named.code, 0, named.stdout);
  assert.match(named.stdout, /^SKIP b\.json \(ignored\)$/m);
  assert.equal(filesLine(named.stdout), 'Files: 1 skipped, 0 passed, 1 total');
});

test(".gitignore'd files and node_modules are never checked", {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = makeTree(t, {
    '.gitignore': 'build/\n*.generated.json\n',
    'pkg/good.json': GOOD,
    'pkg/build/out.json': BAD,
    'pkg/x.generated.json': BAD,
    'pkg/node_modules/dep/package.json': BAD,
    'node_modules/dep/data.json': BAD,
  });
  gitInit(dir); // the root .gitignore applies in pkg/ because both are in one repository
  const cwd = path.join(dir, 'pkg');
  for (const args of [['.'], ['**/*.json']]) {
    const list = await runCli([...args, '--list-files'], { cwd });
    assert.equal(list.code, 0, list.stderr);
    assert.equal(list.stdout, 'good.json\n', `filecheck ${args.join(' ')}`);
    const run = await runCli(args, { cwd });
    assert.equal(run.code, 0, `filecheck ${args.join(' ')}: ${run.stdout}`);
    assert.equal(filesLine(run.stdout), 'Files: 1 passed, 1 total');
  }
  // Named one by one, they are skipped silently, not checked; --verbose counts them.
  const names = ['build/out.json', 'x.generated.json', 'node_modules/dep/package.json', 'good.json'];
  const named = await runCli(names, { cwd });
  assert.equal(named.code, 0, named.stdout);
  assert.equal(filesLine(named.stdout), 'Files: 1 passed, 1 total');
  assert.equal(
    filesLine((await runCli([...names, '--verbose'], { cwd })).stdout),
    'Files: 3 skipped, 1 passed, 4 total',
  );
});

test('a .gitignore pattern matches names with the case git gives it: on Linux, build/ does not leave Build/ unchecked', {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = makeTree(t, {
    '.gitignore': 'build/\n*.LOG.json\n',
    'Build/out.json': BAD,
    'build/out.json': BAD,
    'run.log.json': BAD,
    'good.json': GOOD,
  });
  gitInit(dir);
  // What git itself ignores here (core.ignorecase: false on Linux, true where the filesystem folds case).
  const files = ['Build/out.json', 'build/out.json', 'good.json', 'run.log.json'];
  const gitIgnores = (file) => spawnSync('git', ['check-ignore', '-q', file], { cwd: dir }).status === 0;
  const kept = files.filter((file) => !gitIgnores(file));
  assert.ok(!kept.includes('build/out.json'), 'git ignores build/');
  const list = await runCli(['.', '--list-files'], { cwd: dir });
  assert.equal(list.code, 0, list.stderr);
  assert.equal(list.stdout, kept.map((file) => `${file}\n`).join(''));
  if (process.platform === 'linux') assert.deepEqual(kept, ['Build/out.json', 'good.json', 'run.log.json']);
});

test('a directory argument inside node_modules is not checked either', async (t) => {
  const dir = makeTree(t, { 'node_modules/dep/data.json': BAD });
  const { code, stdout } = await runCli(['node_modules/dep', '--pass-with-no-files'], { cwd: dir });
  assert.deepEqual(failedPaths(stdout), []);
  assert.equal(code, 0, stdout);
});

test('a pattern that starts with ../ does not reach into node_modules, and names files as the command line would', async (t) => {
  const dir = makeTree(t, {
    'node_modules/dep/data.json': BAD,
    'pkg/node_modules/dep/x.json': BAD,
    'pkg/good.json': GOOD,
  });
  const { stdout } = await runCli(['../**/*.json', '--list-files'], { cwd: path.join(dir, 'pkg') });
  assert.equal(stdout, 'good.json\n');
});

test('a schema with an unknown keyword: a warning by default, silent with --no-strict, an error with strict', async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({ type: 'object', frobnicate: true }),
    'data/a.json': GOOD,
    'strict/.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['../data/*.json'], schema: '../schema.json', ajv: { strict: true } }],
    }),
  });
  const lenient = await runCli(['data/a.json', '-s', 'schema.json'], { cwd: dir });
  assert.equal(lenient.code, 0, lenient.stderr);
  assert.equal(
    oneLine(lenient.stderr),
    'warning: schema schema.json: unknown keyword "frobnicate" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)',
  );
  assert.equal(filesLine(lenient.stdout), 'Files: 1 passed, 1 total');

  const silent = await runCli(['data/a.json', '-s', 'schema.json', '--no-strict'], { cwd: dir });
  assert.equal(silent.code, 0);
  assert.equal(silent.stderr, '');

  const strictFlag = await runCli(['data/a.json', '-s', 'schema.json', '--strict'], { cwd: dir });
  assert.match(unusableSchema(strictFlag), /^schema schema\.json is invalid: .*unknown keyword: "frobnicate"/);

  const strictConfig = await runCli([], { cwd: path.join(dir, 'strict') });
  assert.match(unusableSchema(strictConfig), /^schema \.\.\/schema\.json is invalid: .*unknown keyword: "frobnicate"/);

  // --no-strict overrides the config's strict: true.
  const overridden = await runCli(['--no-strict'], { cwd: path.join(dir, 'strict') });
  assert.equal(overridden.code, 0, overridden.stderr);
  assert.equal(overridden.stderr, '');
});

test('a remote $ref that is not preloaded fails the files and exits 2 naming the ref', async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({
      type: 'object',
      properties: { a: { $ref: 'https://schemas.example.org/thing.json' } },
    }),
    'a.json': GOOD,
  });
  assert.match(
    unusableSchema(await runCli(['a.json', '-s', 'schema.json'], { cwd: dir })),
    /\$ref "https:\/\/schemas\.example\.org\/thing\.json" cannot be resolved offline; pull it once \(filecheck schemas pull, with the same options\), preload the schema it names with --ref/,
  );
});

test('an invalid, unparsable or missing schema fails the files and exits 2 naming the schema file', async (t) => {
  const dir = makeTree(t, {
    'invalid.schema.json': JSON.stringify({ type: 'object', properties: { a: { type: 'banana' } } }),
    'broken.schema.json': '{"type": ',
    'a.json': GOOD,
  });
  const invalid = await runCli(['a.json', '-s', 'invalid.schema.json'], { cwd: dir });
  assert.match(
    unusableSchema(invalid),
    /^schema invalid\.schema\.json:1:\d+ is invalid: \/properties\/a\/type must be one of /,
  );

  const broken = await runCli(['a.json', '-s', 'broken.schema.json'], { cwd: dir });
  assert.match(unusableSchema(broken), /^schema broken\.schema\.json:1:\d+ is not valid JSON: /);

  const missing = await runCli(['a.json', '-s', 'missing.schema.json'], { cwd: dir });
  assert.match(unusableSchema(missing), /^cannot read schema .*missing\.schema\.json: no such file$/);
});

test('in the repository, no arguments runs the embedded config, which passes', async () => {
  const { code, stdout, stderr } = await runCli([], { cwd: REPO });
  assert.equal(code, 0, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), []);
  assert.match(filesLine(stdout), /^Files: (\d+) passed, \1 total$/);
});

test('in the repository, examples/broken: every file fails and is reported', async () => {
  const broken = fs
    .readdirSync(path.join(REPO, 'examples/broken'))
    .filter((name) => /^[^.].*\.(json|ya?ml|md)$/.test(name))
    .sort();
  assert.ok(
    broken.length >= 10 && broken.some((name) => name.endsWith('.yaml')) && broken.some((name) => name.endsWith('.md')),
    'the examples are there',
  );
  // The README's command: a project of its own, which the repository's config leaves out.
  const { code, stdout, stderr } = await runCli([], { cwd: path.join(REPO, 'examples/broken') });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), broken);
  assert.equal(filesLine(stdout), `Files: ${broken.length} failed, 0 passed, ${broken.length} total`);
  const fromRoot = await runCli(['examples/broken', '--pass-with-no-files'], { cwd: REPO });
  assert.equal(filesLine(fromRoot.stdout), 'Files: 0 passed, 0 total', fromRoot.stderr);
});

test("the README's first example is what filecheck prints: its problems, their did you mean and code frames", async (t) => {
  const dir = makeTree(t, {
    'content.schema.json': JSON.stringify({
      type: 'object',
      required: ['slug', 'title', 'pageType'],
      additionalProperties: false,
      properties: {
        slug: { type: 'string' },
        title: { type: 'string' },
        pageType: { enum: ['css-property', 'css-function', 'guide', 'landing-page'] },
        status: { type: 'array', items: { type: 'string' } },
      },
    }),
    'content/en-US/web/css/color.json':
      '{\n  "slug": "Web/CSS/color",\n  "titel": "color",\n  "pageType": "css-propery",\n  "status": []\n}\n',
    'content/en-US/web/css/margin.json':
      '{ "slug": "Web/CSS/margin", "title": "margin", "pageType": "css-property" }\n',
  });
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const command = "$ npx filecheck 'content/**/*.json' --schema content.schema.json\n";
  const shown = readme.slice(readme.indexOf(command) + command.length);
  const { code, stdout, stderr } = await runCli(['content/**/*.json', '--schema', 'content.schema.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const failBlock = (text) => text.slice(0, text.indexOf('\nFiles: '));
  assert.equal(failBlock(shown), failBlock(stdout));
});

test('a run where every file passes loads no module that only problems, the chaos monkey, suppressions or YAML tags need', async (t) => {
  // Each module is a few tenths of a millisecond to load: a pre-commit hook's run of a few files pays them all.
  const ONLY_WHEN_NEEDED = [
    'reporters/problem-block.js',
    'reporters/problem-words.js',
    'reporters/related.js',
    'runner/check/chaos.js',
    'runner/suppress/suppression-notes.js',
    'formats/yaml-tags.js',
  ];
  const dir = makeTree(t, { 'a.json': GOOD, 'b.json': BAD, 's.json': '{"type": "object", "required": ["b"]}' });
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  const loaded = async (args, env = {}) => {
    const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
    await runCli([...args, '--workers', '0'], {
      cwd: dir,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace, ...env },
    });
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      urls.some((url) => url.endsWith('/runner/cli/main.js')),
      'the hook sees filecheck load',
    );
    return ONLY_WHEN_NEEDED.filter((name) => urls.some((url) => url.endsWith(`/${name}`)));
  };
  assert.deepEqual(await loaded(['a.json']), []);
  assert.deepEqual(await loaded(['a.json', '--schema', 's.json']), [
    'reporters/problem-block.js',
    'reporters/problem-words.js',
    'reporters/related.js',
  ]);
  assert.deepEqual(await loaded(['b.json']), [
    'reporters/problem-block.js',
    'reporters/problem-words.js',
    'reporters/related.js',
  ]);
  assert.deepEqual(await loaded(['a.json', '--chaos-monkey', '0']), ['runner/check/chaos.js']);
  assert.deepEqual(await loaded(['a.json'], { CHAOS_MONKEY: '1' }), [
    'reporters/problem-block.js',
    'reporters/problem-words.js',
    'reporters/related.js',
    'runner/check/chaos.js',
  ]);
  assert.deepEqual(await loaded(['a.json', '--yaml-tags', 'aws']), ['formats/yaml-tags.js']);
});
