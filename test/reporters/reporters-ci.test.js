// End to end: the CI reporters (junit, github), several reporters in one run, and how they are chosen (sarif and gitlab: reporters-code-scanning.test.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, makeTree, writeTree, parseJsonReport, failedPaths, filesLine, oneLine, REPO } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';

const child = (element, name) => element.children.find((c) => c.name === name);
const counts = ({ attributes: a }) => ({ tests: a.tests, failures: a.failures, errors: a.errors, skipped: a.skipped });

function readJunit(dir, file) {
  const root = parseXml(fs.readFileSync(path.join(dir, file), 'utf8'));
  assert.equal(root.name, 'testsuites');
  assert.deepEqual(
    root.children.map((c) => c.name),
    ['testsuite'],
    'one testsuite',
  );
  const suite = root.children[0];
  for (const element of [root, suite]) assert.match(element.attributes.time, /^\d+\.\d{3}$/);
  return { root, suite, testcases: suite.children.filter((c) => c.name === 'testcase') };
}

/** The workflow commands in an output, one per line. */
const commands = (output) => output.split('\n').filter((line) => line.startsWith('::'));

// A config, a custom validator that throws on one file, and every kind of outcome: pass, a broken
// rule, invalid JSON, a validator that threw, and a named file that matches no rule (skipped).
function projectTree(t) {
  return makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['data/**/*.json'], require: ['n:number'], validators: ['./boom.js'] }],
    }),
    'boom.js': "export default (doc) => { if (doc.boom) throw new Error('kaboom'); };\n",
    'data/a.json': '{\n  "n": "two",\n  "m": 1\n}\n',
    'data/boom.json': '{"n": 1, "boom": true}',
    'data/broken.json': '{"n": ',
    'data/ok.json': '{"n": 1}',
    'notes/x.json': '{}',
  });
}

// ── junit ───────────────────────────────────────────────────────────────────────────────────────

test('junit: counts on <testsuites> and <testsuite>, one testcase per file, failure and error text', async (t) => {
  const dir = projectTree(t);
  const { code, stdout, stderr } = await runCli(['data', 'notes/x.json', '-r', 'junit:reports/filecheck.xml'], {
    cwd: dir,
  });
  assert.equal(code, 1, stderr);
  assert.equal(stdout, '', 'a report file alone leaves stdout empty');
  assert.equal(stderr, '');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'reports')), ['filecheck.xml'], 'no temporary file left');

  const { root, suite, testcases } = readJunit(dir, 'reports/filecheck.xml');
  const expected = { tests: '5', failures: '2', errors: '1', skipped: '1' };
  assert.deepEqual(counts(root), expected);
  assert.deepEqual(counts(suite), expected);
  assert.equal(suite.attributes.name, 'filecheck');
  assert.ok(!Number.isNaN(Date.parse(suite.attributes.timestamp)), suite.attributes.timestamp);

  assert.deepEqual(
    testcases.map((c) => [c.attributes.name, c.attributes.classname, c.children.map((e) => e.name).join()]),
    [
      ['notes/x.json', 'notes/x.json', 'skipped'],
      ['data/a.json', 'data/a.json', 'failure'],
      ['data/boom.json', 'data/boom.json', 'error'],
      ['data/broken.json', 'data/broken.json', 'failure'],
      ['data/ok.json', 'data/ok.json', ''],
    ],
  );
  assert.equal(child(testcases[0], 'skipped').attributes.message, 'matches no rule');
  const failure = child(testcases[1], 'failure');
  assert.deepEqual(failure.attributes, {
    message: '2:8 /n: "n" must be a number, found string (require)',
    type: 'require',
  });
  assert.equal(failure.text, '2:8 /n: "n" must be a number, found string (require)');
  const error = child(testcases[2], 'error');
  assert.deepEqual(error.attributes, { message: 'threw: kaboom (boom)', type: 'boom' });
  assert.equal(child(testcases[3], 'failure').text, '1:7 invalid JSON: Unexpected end of input (parse)');
  for (const testcase of testcases) assert.match(testcase.attributes.time, /^\d+\.\d{3}$/);
});

test('junit: every problem of a file is a line of its failure; the message names the first and counts the rest', async (t) => {
  const dir = makeTree(t, { 'a.json': '{\n  "n": "one"\n}\n' });
  const { code } = await runCli(['a.json', '-k', 'n:number', '-k', 'x', '-k', 'y', '-r', 'junit:r.xml'], { cwd: dir });
  assert.equal(code, 1);
  const failure = child(readJunit(dir, 'r.xml').testcases[0], 'failure');
  // In the order of the text.
  assert.equal(failure.attributes.message, '1:1 missing required key "x" (require) (and 2 more)');
  assert.deepEqual(failure.text.split('\n'), [
    '1:1 missing required key "x" (require)',
    '1:1 missing required key "y" (require)',
    '2:8 /n: "n" must be a number, found string (require)',
  ]);
});

test('junit: a problem placed near its node says its pointer once, before its message', async (t) => {
  const dir = makeTree(t, {
    'a.json': '{\n  "n": {}\n}\n',
    'v.js': "export const name = 'v';\nexport default () => [{ message: 'needs a name', pointer: '/n/name' }];\n",
  });
  const { code, stderr } = await runCli(['a.json', '--validator', './v.js', '-r', 'junit:r.xml'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(child(readJunit(dir, 'r.xml').testcases[0], 'failure').text, '2:8 /n/name: needs a name (v)');
});

test('junit: file names and messages with markup, quotes, unicode, line breaks and characters XML forbids', async (t) => {
  const nasty = 'say "hi" <b>&amp;</b> \u0001\u001b[31m ]]> \uFFFF end';
  const dir = makeTree(t, {
    'v.js': `export const name = 'odd<&>"';\nexport default () => [${JSON.stringify(`${nasty}\nline two\r\nline three\ttab`)}];\n`,
    'q "quoted" <&> \u00e9\u{1F600}.json': '{}',
    'ctrl\u0007bell.json': '{}',
    "apos'.json": '{}',
  });
  const { code, stderr } = await runCli(['.', '--validator', './v.js', '-r', 'junit:out/r.xml'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const text = fs.readFileSync(path.join(dir, 'out/r.xml'), 'utf8');
  assert.doesNotMatch(
    text,
    /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/,
    'no character XML 1.0 forbids, raw',
  );
  const { suite, testcases } = readJunit(dir, 'out/r.xml'); // saxes rejects disallowed characters and bad markup
  assert.deepEqual(counts(suite), { tests: '3', failures: '3', errors: '0', skipped: '0' });
  // Forbidden characters become U+FFFD; everything else comes back exactly.
  assert.deepEqual(
    testcases.map((c) => c.attributes.name),
    ["apos'.json", 'ctrl\uFFFDbell.json', 'q "quoted" <&> \u00e9\u{1F600}.json'],
  );
  const failure = child(testcases[0], 'failure');
  // Control characters in a message are shown as their escapes, as every reporter shows them: each
  // problem stays one line of the failure's text.
  const shown = 'say "hi" <b>&amp;</b> \\u0001\\u001b[31m ]]> \uFFFD end';
  assert.equal(failure.attributes.type, 'odd<&>"');
  assert.equal(failure.attributes.message, `${shown}\\nline two\\r\\nline three\\ttab (odd<&>")`);
  assert.equal(failure.text, `${shown}\\nline two\\r\\nline three\\ttab (odd<&>")`);
});

test('junit: -r junit takes --output-file; without a file it is a usage error, as is --output-file for both json and junit', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}' });
  const viaFlag = await runCli(['.', '-r', 'default', '-r', 'junit', '--output-file', 'reports/out.xml'], { cwd: dir });
  assert.equal(viaFlag.code, 1, viaFlag.stderr);
  assert.deepEqual(failedPaths(viaFlag.stdout), ['a.json']);
  assert.deepEqual(counts(readJunit(dir, 'reports/out.xml').suite), {
    tests: '2',
    failures: '1',
    errors: '0',
    skipped: '0',
  });
  assert.equal(fs.existsSync(path.join(dir, 'report.json')), false);

  // With json on a file of its own, --output-file is junit's.
  const mixed = await runCli(['.', '-r', 'json:r.json', '-r', 'junit', '--output-file', 'r.xml'], { cwd: dir });
  assert.equal(mixed.code, 1, mixed.stderr);
  assert.equal(parseJsonReport(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).summary.failed, 1);
  assert.equal(readJunit(dir, 'r.xml').suite.attributes.failures, '1');

  const noFile = await runCli(['.', '-r', 'junit'], { cwd: dir });
  assert.equal(noFile.code, 2);
  assert.equal(noFile.stdout, '');
  assert.equal(
    oneLine(noFile.stderr),
    'the junit reporter needs a file: -r junit:report.xml, or --output-file report.xml',
  );

  const both = await runCli(['.', '-r', 'json', '-r', 'junit', '--output-file', 'x'], { cwd: dir });
  assert.equal(both.code, 2);
  assert.match(oneLine(both.stderr), /^--output-file names one report, but json and junit both have no file/);
});

test('junit: with --bail, unchecked files are not testcases and the suite says why', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}', 'c.json': '{}' });
  const { code } = await runCli(['.', '--bail', '--workers', '0', '-r', 'junit:r.xml'], { cwd: dir });
  assert.equal(code, 1);
  const { suite, testcases } = readJunit(dir, 'r.xml');
  assert.deepEqual(counts(suite), { tests: '1', failures: '1', errors: '0', skipped: '0' });
  assert.deepEqual(
    testcases.map((c) => c.attributes.name),
    ['a.json'],
  );
  assert.equal(child(suite, 'system-out').text, '2 files not checked: stopped after 1 failing file (--bail).');
});

test('junit: the same report from the worker pool, for a run of many files', async (t) => {
  const files = {};
  for (let i = 0; i < 300; i++) files[`data/f${String(i).padStart(3, '0')}.json`] = i % 7 ? '{"n": 1}' : '{"n": "x"}';
  const dir = makeTree(t, files);
  const names = {};
  for (const workers of ['0', '2']) {
    const { code, stderr } = await runCli(
      ['data', '-k', 'n:number', '--workers', workers, '-r', `junit:r${workers}.xml`],
      { cwd: dir, timeout: 60_000 },
    );
    assert.equal(code, 1, stderr);
    const { root, testcases } = readJunit(dir, `r${workers}.xml`);
    assert.deepEqual(counts(root), { tests: '300', failures: '43', errors: '0', skipped: '0' }, `--workers ${workers}`);
    names[workers] = testcases.map((c) => `${c.attributes.name} ${c.children.map((e) => e.name)}`);
  }
  assert.deepEqual(names['2'], names['0']);
  assert.equal(names['0'][0], 'data/f000.json failure');
});

test('junit: a usage error found after the reporters are made leaves no report file behind', async (t) => {
  // A validator module that cannot be loaded is found when the rules are compiled, after the reporters are made.
  const dir = makeTree(t, { 'a.json': '{}' });
  const { code, stderr } = await runCli(['a.json', '--validator', './missing.js', '-r', 'junit:reports/r.xml'], {
    cwd: dir,
  });
  assert.equal(code, 2);
  assert.match(oneLine(stderr), /^validator module .*missing\.js cannot be loaded: not found$/);
  const left = fs.existsSync(path.join(dir, 'reports')) ? fs.readdirSync(path.join(dir, 'reports')) : [];
  assert.deepEqual(left, []);
});

// ── github ──────────────────────────────────────────────────────────────────────────────────────

test('github: one ::error per problem with file, line, col and title; a problem without a position annotates the file', async (t) => {
  const dir = projectTree(t);
  const { code, stdout, stderr } = await runCli(['data', '-r', 'github'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(commands(stdout), [
    '::error file=data/a.json,line=2,col=8,title=filecheck (require)::/n: "n" must be a number, found string',
    '::error file=data/boom.json,title=filecheck (boom)::threw: kaboom',
    '::error file=data/broken.json,line=1,col=7,title=filecheck (parse)::invalid JSON: Unexpected end of input',
  ]);
  assert.equal(stdout, `${commands(stdout).join('\n')}\n`, 'github alone prints only workflow commands');
});

test('github: a control character in a message is shown as its escape, as the terminal shows it (a raw line break would cut the annotation); % escaped, and : and , in the file and title', async (t) => {
  const dir = makeTree(t, {
    'v.js':
      "export const name = 'odd:name,v%';\nexport default () => [{ message: '50% off: a, b\\nsecond\\r\\nthird', pointer: '/x' }, 'no position'];\n",
    'dir/a,b:c 100%.json': '{"x": 1}',
  });
  const { code, stdout } = await runCli(['dir', '--validator', './v.js', '-r', 'github'], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(commands(stdout), [
    '::error file=dir/a%2Cb%3Ac 100%25.json,line=1,col=7,title=filecheck (odd%3Aname%2Cv%25)::/x: 50%25 off: a, b\\nsecond\\r\\nthird',
    '::error file=dir/a%2Cb%3Ac 100%25.json,title=filecheck (odd%3Aname%2Cv%25)::no position',
  ]);
});

test('github: file paths are relative to GITHUB_WORKSPACE, else to the working directory', async (t) => {
  const dir = makeTree(t, { 'pkg/data/a.json': '{' });
  const cwd = path.join(dir, 'pkg');
  const inWorkspace = await runCli(['data', '-r', 'github'], { cwd, env: { GITHUB_WORKSPACE: dir } });
  assert.match(commands(inWorkspace.stdout)[0], /^::error file=pkg\/data\/a\.json,line=1,col=2,/);
  // Through a symbolic link to the workspace, as a runner may set it.
  fs.symlinkSync(dir, path.join(dir, '..', `${path.basename(dir)}-link`));
  t.after(() => fs.rmSync(path.join(dir, '..', `${path.basename(dir)}-link`), { force: true }));
  const linked = await runCli(['data', '-r', 'github'], { cwd, env: { GITHUB_WORKSPACE: `${dir}-link` } });
  assert.match(commands(linked.stdout)[0], /^::error file=pkg\/data\/a\.json,/);
  const noWorkspace = await runCli(['data', '-r', 'github'], { cwd });
  assert.match(commands(noWorkspace.stdout)[0], /^::error file=data\/a\.json,/);
  // A file outside the workspace keeps its absolute path.
  const outside = await runCli(['data', '-r', 'github'], {
    cwd,
    env: { GITHUB_WORKSPACE: path.join(dir, 'elsewhere') },
  });
  const absolute = path.join(cwd, 'data', 'a.json').replace(/:/g, '%3A');
  assert.ok(commands(outside.stdout)[0].startsWith(`::error file=${absolute},line=1,`), outside.stdout);
});

test('github: on by default in GitHub Actions, beside the default reporter, and never twice', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}' });
  const plain = await runCli(['.'], { cwd: dir });
  assert.deepEqual(commands(plain.stdout), [], 'outside Actions: no workflow commands');

  const inActions = await runCli(['.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
  assert.equal(inActions.code, 1);
  assert.deepEqual(failedPaths(inActions.stdout), ['a.json']);
  assert.equal(filesLine(inActions.stdout), 'Files: 1 failed, 1 passed, 2 total');
  assert.deepEqual(commands(inActions.stdout), [
    "::error file=a.json,line=1,col=2,title=filecheck (parse)::invalid JSON: Expected property name or '}'",
  ]);

  const asked = await runCli(['.', '-r', 'default', '-r', 'github'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
  assert.equal(asked.stdout, inActions.stdout.replace(/Time: {2}.*/, /Time: {2}.*/.exec(asked.stdout)[0]));
  assert.equal(commands(asked.stdout).length, 1);

  assert.deepEqual(commands((await runCli(['.'], { cwd: dir, env: { GITHUB_ACTIONS: 'false' } })).stdout), []);
});

test('github: with json on stdout, stdout stays one JSON document and the annotations go to stderr', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}' });
  const { code, stdout, stderr } = await runCli(['.', '-r', 'default', '-r', 'json'], {
    cwd: dir,
    env: { GITHUB_ACTIONS: 'true' },
  });
  assert.equal(code, 1);
  assert.deepEqual(
    parseJsonReport(stdout).files.map((f) => f.path),
    ['a.json'],
  );
  assert.deepEqual(failedPaths(stderr), ['a.json']);
  assert.deepEqual(commands(stderr), [
    "::error file=a.json,line=1,col=2,title=filecheck (parse)::invalid JSON: Expected property name or '}'",
  ]);
});

test('github: the job summary is appended to GITHUB_STEP_SUMMARY, with counts and the failing files', async (t) => {
  const dir = makeTree(t, {
    'v.js': "export default (doc) => (doc.odd ? ['left | right\\nnext *line*'] : []);\n",
    'pipe|name.json': '{',
    'odd.json': '{"odd": true}',
    'ok.json': '{}',
  });
  const summaryFile = path.join(dir, 'step-summary.md');
  fs.writeFileSync(summaryFile, 'written by an earlier step\n');
  const env = { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile };
  const { code, stderr } = await runCli(['*.json', '--validator', './v.js'], { cwd: dir, env });
  assert.equal(code, 1, stderr);
  const text = fs.readFileSync(summaryFile, 'utf8');
  assert.ok(text.startsWith('written by an earlier step\n### ❌ filecheck\n'), text);
  assert.match(text, /^Files: 2 failed, 1 passed, 3 total {2}$/m);
  assert.match(text, /^Time: {2}\d+\.\d\d s$/m);
  const rows = text
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| File') && !line.startsWith('| ---'));
  assert.deepEqual(rows, [
    '| odd.json | 1 error | left \\| right\\\\nnext \\*line\\* (v) |',
    "| pipe\\|name.json | 1 error | 1:2 invalid JSON: Expected property name or '}' (parse) |",
  ]);

  // A second step appends its own summary.
  await runCli(['ok.json'], { cwd: dir, env });
  const again = fs.readFileSync(summaryFile, 'utf8');
  assert.ok(again.startsWith(text));
  assert.match(again.slice(text.length), /^### ✅ filecheck\n\nFiles: 1 passed, 1 total {2}\nTime: {2}[\d.]+ s\n\n$/);
});

test('github: the job summary says the files only parsed and its hint as written, <folder> and all, under a config the config key too', async (t) => {
  const dir = makeTree(t, {
    'mirror/catalog.json': JSON.stringify({
      schemas: [{ name: 'app', url: 'https://example.com/s/app.json', fileMatch: ['app.json'] }],
    }),
    '.filecheckrc.json': JSON.stringify({ catalog: 'mirror/catalog.json' }),
    'app.json': '{}',
  });
  const summaryFile = path.join(dir, 'summary.md');
  const { code, stderr } = await runCli(['-r', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(code, 0, stderr);
  const text = fs.readFileSync(summaryFile, 'utf8');
  // <folder> escaped, or GitHub would take it for a tag and strip it.
  assert.ok(
    text.includes(
      '1 file only parsed, not validated: its schema is not in the store: map its URL to a local copy with "schemaStore": { "https://example.com/s/": "\\<folder\\>" } in .filecheckrc.json, or --schema-store https://example.com/s/=\\<folder\\>.',
    ),
    text,
  );
});

test('github: the job summary says where each first problem is: its line:col and its JSON pointer', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({ properties: { compilerOptions: { properties: { target: { type: 'integer' } } } } }),
    'options.json': '{\n  "compilerOptions": {\n    "target": "es5"\n  }\n}\n',
  });
  const summaryFile = path.join(dir, 'summary.md');
  const { code } = await runCli(['options.json', '-s', 's.json', '-r', 'github'], {
    cwd: dir,
    env: { GITHUB_STEP_SUMMARY: summaryFile },
  });
  assert.equal(code, 1);
  const rows = fs
    .readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('| options'));
  assert.deepEqual(rows, [
    '| options.json | 1 error | 3:15 /compilerOptions/target: must be integer (json-schema: s.json) |',
  ]);
});

test('github: the job summary shows every problem of a file, up to 10, then counts the rest', async (t) => {
  const keys = Array.from({ length: 12 }, (_, i) => `k${String(i).padStart(2, '0')}`);
  const dir = makeTree(t, { 'a.json': '{}', 'b.json': '{"k00": 1}' });
  const summaryFile = path.join(dir, 'summary.md');
  const args = ['a.json', 'b.json', ...keys.flatMap((key) => ['-k', key]), '-r', 'github'];
  const { code } = await runCli(args, { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(code, 1);
  const rows = fs
    .readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter((line) => /^\| [ab]\.json \|/.test(line));
  const missing = (from, to) => keys.slice(from, to).map((key) => `1:1 missing required key "${key}" (require)`);
  assert.deepEqual(rows, [
    `| a.json | 12 errors | ${[...missing(0, 10), '…and 2 more'].join('<br>')} |`,
    `| b.json | 11 errors | ${[...missing(1, 11), '…and 1 more'].join('<br>')} |`,
  ]);
});

test("github: the job summary lists a file's errors before its warnings, and counts each kind", async (t) => {
  // Eleven warnings at 1:1, before the one error (at line 2) in the text's order.
  const keys = Array.from({ length: 11 }, (_, i) => `k${String(i).padStart(2, '0')}`);
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        {
          files: ['*.json'],
          schema: 's.json',
          require: keys.map((key) => ({ key, severity: 'warn' })),
        },
      ],
    }),
    's.json': JSON.stringify({ properties: { port: { type: 'integer' } } }),
    'a.json': '{\n  "port": "80"\n}\n',
    'b.json': '{"port": 80}',
  });
  const summaryFile = path.join(dir, 'summary.md');
  const { code, stderr } = await runCli(['-r', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(code, 1, stderr);
  const rows = fs
    .readFileSync(summaryFile, 'utf8')
    .split('\n')
    .filter((line) => /^\| [ab]\.json \|/.test(line));
  const warnings = (from, to) =>
    keys.slice(from, to).map((key) => `warning: 1:1 missing required key "${key}" (require)`);
  assert.deepEqual(rows, [
    `| a.json | 1 error, 11 warnings | ${['2:11 /port: must be integer (json-schema: s.json)', ...warnings(0, 9), '…and 2 more'].join('<br>')} |`,
    `| b.json | 11 warnings | ${[...warnings(0, 10), '…and 1 more'].join('<br>')} |`,
  ]);
});

test('a known pattern is worded, not quoted: the ${{ }} expressions of GitHub workflows, whose raw line breaks no annotation shows', async (t) => {
  // As SchemaStore's github-workflow.json writes them: `[\r\n]` with a real CR and LF in the pattern.
  const expression = { type: 'string', pattern: '^\\$\\{\\{(.|[\r\n])*\\}\\}$' };
  const dir = makeTree(t, {
    's.json': JSON.stringify({
      properties: {
        timeout: { oneOf: [{ type: 'number' }, { $ref: '#/definitions/expression' }] },
        when: { $ref: '#/definitions/expression' },
        name: { type: 'string', pattern: '^a[\r\n]b$' },
      },
      definitions: { expression },
    }),
    'w.json': '{"timeout": "soon", "when": "always", "name": "x"}',
  });
  const { code, stdout } = await runCli(['w.json', '-s', 's.json', '-r', 'github'], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(commands(stdout), [
    '::error file=w.json,line=1,col=13,title=filecheck (json-schema%3A s.json)::/timeout: must be number or a ${{ }} expression',
    '::error file=w.json,line=1,col=29,title=filecheck (json-schema%3A s.json)::/when: must be a ${{ }} expression',
    // A pattern not known is quoted, its line breaks shown as escapes.
    '::error file=w.json,line=1,col=47,title=filecheck (json-schema%3A s.json)::/name: must match pattern "^a[\\r\\n]b$"',
  ]);
});

test('json-schema problems name their schema: the annotation title, the job summary, junit and the json report', async (t) => {
  const dir = makeTree(t, {
    'schemas/port.json': JSON.stringify({ properties: { port: { type: 'integer' } } }),
    'a.json': '{\n  "port": "80"\n}\n',
  });
  const summaryFile = path.join(dir, 'summary.md');
  const { code, stdout, stderr } = await runCli(
    ['a.json', '-s', 'schemas/port.json', '-r', 'github', '-r', 'junit:r.xml', '-r', 'json:r.json'],
    { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } },
  );
  assert.equal(code, 1, stderr);
  assert.deepEqual(commands(stdout), [
    '::error file=a.json,line=2,col=11,title=filecheck (json-schema%3A schemas/port.json)::/port: must be integer',
  ]);
  assert.match(fs.readFileSync(summaryFile, 'utf8'), /\/port: must be integer \(json-schema: schemas\/port\.json\)/);
  assert.equal(
    child(readJunit(dir, 'r.xml').testcases[0], 'failure').text,
    '2:11 /port: must be integer (json-schema: schemas/port.json)',
  );
  const [problem] = parseJsonReport(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).files[0].problems;
  assert.equal(problem.schema, 'schemas/port.json');
});

test('github: the job summary lists 50 failing files, then counts the rest', async (t) => {
  const files = {};
  for (let i = 0; i < 63; i++) files[`f${String(i).padStart(2, '0')}.json`] = '{';
  const dir = makeTree(t, files);
  const summaryFile = path.join(dir, 'summary.md');
  const { code } = await runCli(['.', '-r', 'github'], { cwd: dir, env: { GITHUB_STEP_SUMMARY: summaryFile } });
  assert.equal(code, 1);
  const text = fs.readFileSync(summaryFile, 'utf8');
  const rows = text.split('\n').filter((line) => /^\| f\d\d\.json \|/.test(line));
  assert.equal(rows.length, 50);
  assert.equal(rows.at(-1).split(' | ')[0], '| f49.json');
  assert.match(text, /\n\n…and 13 more failing files\.\n\n$/);
});

test('github: a job summary that cannot be written is a warning, not a failed run', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}', 'summary-dir/': '' });
  const summaryFile = path.join(dir, 'summary-dir');
  const { code, stdout, stderr } = await runCli(['a.json'], {
    cwd: dir,
    env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summaryFile },
  });
  assert.equal(code, 0);
  assert.equal(filesLine(stdout), 'Files: 1 passed, 1 total');
  assert.match(oneLine(stderr), new RegExp(`^warning: cannot append the job summary to ${summaryFile}: EISDIR`));
});

// ── several reporters, and choosing them ────────────────────────────────────────────────────────

test('several reporters in one run, each with its own output', async (t) => {
  const dir = projectTree(t);
  const args = ['data', '-r', 'default', '-r', 'junit:a.xml', '-r', 'json:b.json', '-r', 'github'];
  const { code, stdout, stderr } = await runCli(args, { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(stderr, '');
  assert.deepEqual(failedPaths(stdout), ['data/a.json', 'data/boom.json', 'data/broken.json']);
  assert.equal(filesLine(stdout), 'Files: 3 failed, 1 passed, 4 total');
  assert.equal(commands(stdout).length, 3);
  assert.deepEqual(counts(readJunit(dir, 'a.xml').suite), { tests: '4', failures: '2', errors: '1', skipped: '0' });
  assert.deepEqual(
    parseJsonReport(fs.readFileSync(path.join(dir, 'b.json'), 'utf8')).files.map((f) => f.path),
    ['data/a.json', 'data/boom.json', 'data/broken.json'],
  );
});

test("the config's reporters: files relative to the config, from any folder, github placed by the workspace", async (t) => {
  const dir = projectTree(t);
  const config = JSON.parse(fs.readFileSync(path.join(dir, '.filecheckrc.json'), 'utf8'));
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({
      ...config,
      reporters: ['default', 'junit:reports/filecheck.xml', 'json:reports/filecheck.json', 'github'],
    }),
    'sub/.keep': '',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: path.join(dir, 'sub'), env: { GITHUB_WORKSPACE: dir } });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['../data/a.json', '../data/boom.json', '../data/broken.json']);
  assert.deepEqual(
    commands(stdout).map((c) => /file=([^,]+)/.exec(c)[1]),
    ['data/a.json', 'data/boom.json', 'data/broken.json'],
  );
  assert.deepEqual(fs.readdirSync(path.join(dir, 'reports')).sort(), ['filecheck.json', 'filecheck.xml']);
  assert.equal(readJunit(dir, 'reports/filecheck.xml').testcases[0].attributes.name, '../data/a.json');
});

test('reporter usage errors exit 2 with one line: an unknown name lists the known ones', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const cases = [
    [['-r', 'xml'], 'unknown reporter "xml" (known: default, json, junit, github, sarif, gitlab)'],
    [
      ['-r', 'default', '-r', 'codeclimate:out.json'],
      'unknown reporter "codeclimate" (known: default, json, junit, github, sarif, gitlab)',
    ],
    [
      ['-r', 'github:out.txt'],
      'the github reporter writes to the job log and takes no file: "-r github", not "-r github:out.txt"',
    ],
    [['-r', 'json:same.out', '-r', 'junit:same.out'], 'the json and junit reporters both write to same.out'],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runCli(['a.json', ...args], { cwd: dir });
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), message);
  }
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['*.json'] }], reporters: ['default', 'junit'] }),
  });
  const fromConfig = await runCli([], { cwd: dir });
  assert.equal(fromConfig.code, 2);
  assert.equal(
    oneLine(fromConfig.stderr),
    'the junit reporter needs a file: -r junit:report.xml, or --output-file report.xml',
  );
  assert.equal(
    (await runCli(['--output-file', 'r.xml'], { cwd: dir })).code,
    0,
    "the config's junit takes --output-file",
  );
  assert.equal(readJunit(dir, 'r.xml').suite.attributes.tests, '1');
});

test('junit, github, sarif and gitlab are loaded only by the runs that use them', async (t) => {
  const dir = makeTree(t, { 'a.json': '{' });
  const loaded = async (args, env = {}) => {
    const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
    const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href; // a URL has no spaces to quote
    await runCli(['a.json', ...args], {
      cwd: dir,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace, ...env },
    });
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    return ['junit', 'github', 'xml', 'sarif', 'gitlab', 'fingerprints'].filter((name) =>
      urls.some((url) => url.endsWith(`/reporters/${name}.js`)),
    );
  };
  assert.deepEqual(await loaded([]), []);
  assert.deepEqual(await loaded(['-r', 'json']), []);
  assert.deepEqual(await loaded(['-r', 'junit:r.xml']), ['junit', 'xml']);
  assert.deepEqual(await loaded([], { GITHUB_ACTIONS: 'true' }), ['github']);
  assert.deepEqual(await loaded(['-r', 'sarif:r.sarif']), ['sarif', 'fingerprints']);
  assert.deepEqual(await loaded(['-r', 'gitlab:r.json']), ['gitlab', 'fingerprints']);
});
