// `--stdin [--stdin-filename <path>]`: an editor's buffer checked as the file it will be saved as.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, makeTree, parseJsonReport, failedPaths, filesLine, oneLine, REPO } from '../helpers/cli.js';

const stdin = (dir, args, input) => runCli(['--stdin', ...args], { cwd: dir, input });
const named = (dir, file, args, input) => stdin(dir, ['--stdin-filename', file, ...args], input);
// The json reporter's problems of the one file, as "line:col message".
const problemsOf = (stdout) => {
  const { files } = parseJsonReport(stdout);
  assert.equal(files.length, 1, stdout);
  return files[0].problems.map(({ line, column, message }) => `${line}:${column} ${message}`);
};

test('without --stdin-filename, the text is JSON (or --parser) shown as <stdin>, checked by the command line', async (t) => {
  const dir = makeTree(t);
  const good = await stdin(dir, [], '{"a": 1}\n');
  assert.equal(good.code, 0, good.stderr);
  assert.equal(filesLine(good.stdout), 'Files: 1 passed, 1 total');

  const bad = await stdin(dir, ['-r', 'json'], '{\n  "a": 1,\n}\n');
  assert.equal(bad.code, 1, bad.stderr);
  assert.equal(parseJsonReport(bad.stdout).files[0].path, '<stdin>');
  assert.match(problemsOf(bad.stdout)[0], /^3:1 /);

  const required = await stdin(dir, ['--parser', 'yaml', '-k', 'title:string'], 'title: 3\n');
  assert.equal(required.code, 1, required.stderr);
  assert.deepEqual(failedPaths(required.stdout), ['<stdin>']);
  assert.match(required.stdout, /^ {2}<stdin>:1:8 {2}\/title: "title" must be a string, found number$/m);
});

test('a closed or empty standard input is an empty file, which JSON fails', async (t) => {
  const dir = makeTree(t);
  const { code, stdout, stderr } = await named(dir, 'a.json', ['-r', 'json'], '');
  assert.equal(code, 1, stderr);
  assert.equal(parseJsonReport(stdout).files[0].problems[0].kind, 'parse');
});

test('the given name chooses the parser: JSONC names, JSON5, YAML streams, TOML, Markdown front matter', async (t) => {
  const dir = makeTree(t);
  const cases = [
    ['tsconfig.json', '{\n  // a comment\n  "title": 1,\n}\n', ['3:12 "title" must be a string']],
    ['x.jsonc', '/* c */ {\n  "title": "t"\n}\n', []],
    ['x.json5', "{\n  title: 'a', // JSON5\n  n: +1,\n}\n", []],
    ['x.json5', '{\n  n: 1,\n}\n', ['1:1 missing required key "title"']],
    ['x.toml', 'n = 1\ntitle = 2\n', ['2:9 "title" must be a string']],
    ['deploy/x.yaml', 'title: a\n---\ntitle: 3\n', ['3:8 document 2: "title" must be a string']],
    ['x.yml', 'title: [\n', ['2:1 invalid YAML']],
    ['page.md', '---\ntitle: 5\n---\n# Page\n', ['2:8 "title" must be a string']],
  ];
  for (const [file, text, expected] of cases) {
    const { code, stdout, stderr } = await named(dir, file, ['-k', 'title:string', '-r', 'json', '--verbose'], text);
    assert.equal(code, expected.length ? 1 : 0, `${file}: ${stderr}${stdout}`);
    const problems = problemsOf(stdout);
    assert.equal(problems.length, expected.length, `${file}: ${problems}`);
    expected.forEach((start, i) => assert.ok(problems[i].startsWith(start), `${file}: ${problems[i]}`));
  }
});

test('the path shown is the given one, in the human, json and github reports', async (t) => {
  const dir = makeTree(t);
  const text = '{\n  "a": 1,\n  "a": 2\n}\n';
  const human = await named(dir, 'content/new.json', [], text);
  assert.equal(human.code, 1, human.stderr);
  assert.deepEqual(failedPaths(human.stdout), ['content/new.json']);
  assert.match(human.stdout, /^ {2}content\/new\.json:3:3 {2}duplicate key "a"/m);

  const json = await named(dir, 'content/new.json', ['-r', 'json'], text);
  assert.equal(parseJsonReport(json.stdout).files[0].path, 'content/new.json');

  const github = await named(dir, 'content/new.json', ['-r', 'github'], text);
  assert.equal(github.code, 1, github.stderr);
  assert.match(github.stdout, /^::error file=content\/new\.json,line=3,col=3/m);
});

test('the text from standard input wins over the file on disk, which need not exist', async (t) => {
  const dir = makeTree(t, { 'a.json': '{"a": 1,}\n', 'b.json': '{"b": 1}\n' });
  const fixed = await named(dir, 'a.json', [], '{"a": 1}\n');
  assert.equal(fixed.code, 0, fixed.stdout);
  const broken = await named(dir, 'b.json', [], '{"b": 1,}\n');
  assert.equal(broken.code, 1, broken.stdout);
  assert.deepEqual(failedPaths(broken.stdout), ['b.json']);
  assert.equal(fs.readFileSync(path.join(dir, 'b.json'), 'utf8'), '{"b": 1}\n', 'the file on disk is left as it was');
});

test("the config's rules are the given path's: its checks, its ignores, no rule at all", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      ignore: ['content/vendor/**'],
      rules: [{ name: 'pages', files: ['content/**/*.json'], ignore: ['content/drafts/**'], require: ['title'] }],
    }),
  });
  const checked = await named(dir, 'content/a.json', [], '{}\n');
  assert.equal(checked.code, 1, checked.stderr);
  assert.match(checked.stdout, /content\/a\.json:1:1 {2}missing required key "title"/);

  const cases = [
    ['content/drafts/b.json', 'content/drafts/b.json is not checked: ignored by rule "pages"'],
    ['other/b.json', 'other/b.json is not checked: matches no rule'],
    ['content/vendor/c.json', 'content/vendor/c.json is not checked: ignored'],
    ['node_modules/x/b.json', 'node_modules/x/b.json is not checked: ignored'],
  ];
  for (const [file, said] of cases) {
    const { code, stdout, stderr } = await named(dir, file, ['-r', 'json'], '{}\n');
    assert.equal(code, 0, `${file}: ${stderr}`);
    assert.equal(oneLine(stderr), `warning: ${said}`);
    assert.deepEqual(parseJsonReport(stdout).files, []);
    assert.equal(parseJsonReport(stdout).summary.skipped, 1);
  }
});

test("a catalog's fileMatch and a $schema in the text are matched against the given path", async (t) => {
  const schema = JSON.stringify({ type: 'object', required: ['title'] });
  const dir = makeTree(t, {
    'schemas/page.json': schema,
    'catalog.json': JSON.stringify({
      schemas: [{ name: 'Page', url: './schemas/page.json', fileMatch: ['*.page.json'] }],
    }),
    'sub/s.json': schema,
  });
  const page = await named(dir, 'site/a.page.json', ['--catalog', 'catalog.json'], '{\n  "x": 1\n}\n');
  assert.equal(page.code, 1, page.stderr);
  assert.match(page.stdout, /site\/a\.page\.json:1:1 {2}must have required property "title"/);
  // As a run of the project with the catalog would not find it: not checked, and said.
  const other = await named(dir, 'site/a.json', ['--catalog', 'catalog.json'], '{\n  "x": 1,\n}\n');
  assert.equal(other.code, 0, other.stdout);
  assert.equal(oneLine(other.stderr), 'warning: site/a.json is not checked: matches no rule and no catalog entry');

  // "./s.json" is relative to the given path's folder, as it would be in the file.
  const text = '{\n  "$schema": "./s.json",\n  "x": 1\n}\n';
  const inSub = await named(dir, 'sub/doc.json', ['--schema-from-document'], text);
  assert.equal(inSub.code, 1, inSub.stdout);
  assert.match(inSub.stdout, /sub\/doc\.json:1:1 {2}must have required property "title"/);
  const elsewhere = await named(dir, 'doc.json', ['--schema-from-document', '-r', 'json'], text);
  assert.equal(elsewhere.code, 1, elsewhere.stdout);
  assert.match(problemsOf(elsewhere.stdout)[0], /^2:14 .*s\.json/);
});

test('the text is decoded as a file is: BOM, UTF-16 with BOM, invalid UTF-8, binary', async (t) => {
  const dir = makeTree(t);
  const bom = await named(dir, 'a.json', ['-r', 'json'], Buffer.from('\uFEFF{\n  "a": 1,\n}\n'));
  assert.equal(bom.code, 1, bom.stderr);
  assert.match(problemsOf(bom.stdout)[0], /^3:1 /, 'the BOM moves no column');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('{"a": "é"}\n', 'utf16le')]);
  const wide = await named(dir, 'a.json', [], utf16);
  assert.equal(wide.code, 0, wide.stdout);
  for (const [bytes, message] of [
    [Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 'file is not valid UTF-8 text'],
    [Buffer.from('{"a":1}\n', 'utf16le'), 'file looks like UTF-16 without a byte order mark'],
  ]) {
    const { code, stdout, stderr } = await named(dir, 'a.json', ['-r', 'json'], bytes);
    assert.equal(code, 1, stderr);
    const [problem] = parseJsonReport(stdout).files[0].problems;
    assert.equal(problem.kind, 'io');
    assert.ok(problem.message.startsWith(message), problem.message);
  }
});

test('a large text is read to its end', async (t) => {
  const dir = makeTree(t);
  const items = Array.from({ length: 60_000 }, (_, i) => `  {"id": ${i}, "name": "item number ${i}"}`);
  const text = `[\n${items.join(',\n')},\n]\n`; // over 2 MiB, its one error on its last lines
  const { code, stdout, stderr } = await named(dir, 'big.json', ['-r', 'json'], text);
  assert.equal(code, 1, stderr);
  assert.match(problemsOf(stdout)[0], /^60002:1 /);
});

test('the checks across files see the text in place of the file on disk, and the other files as they are', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ name: 'posts', files: ['posts/*.json'], unique: ['/slug'] }] }),
    'posts/a.json': '{"slug": "a"}\n',
    'posts/b.json': '{"slug": "b"}\n',
  });
  const duplicate = await named(dir, 'posts/b.json', [], '{\n  "slug": "a"\n}\n');
  assert.equal(duplicate.code, 1, duplicate.stderr);
  assert.match(duplicate.stdout, /posts\/b\.json:2:11 {2}\/slug: "a" is also at posts\/a\.json/);
  // b.json's own slug on disk is no duplicate of the new file's: the text replaced it.
  const renamed = await named(dir, 'posts/b.json', [], '{"slug": "c"}\n');
  assert.equal(renamed.code, 0, renamed.stdout);
  const added = await named(dir, 'posts/new.json', [], '{"slug": "b"}\n');
  assert.equal(added.code, 1, added.stdout);
  assert.deepEqual(failedPaths(added.stdout), ['posts/new.json']);
});

test('--cache and --workers do not apply: nothing is cached, the check runs in-process', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': JSON.stringify({ cache: true, rules: [{ files: ['*.json'] }] }) });
  const { code, stdout, stderr } = await named(dir, 'a.json', ['--cache', '--workers', '2', '-r', 'json'], '{"a":1,}');
  assert.equal(code, 1, stderr);
  assert.equal(parseJsonReport(stdout).summary.plan.mode, 'inline');
  assert.equal(fs.existsSync(path.join(dir, 'node_modules')), false, 'no cache folder');
});

test('usage errors: one line, exit 2', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['*.json'] }] }), 'a.json': '{}' });
  const cases = [
    [['--stdin-filename', 'a.json'], /^--stdin-filename names the file whose text --stdin reads: give --stdin too$/],
    [['--stdin', '--stdin-filename='], /^--stdin-filename needs a value$/],
    [['--stdin', 'a.json'], /^--stdin checks the text of standard input, not files: drop "a\.json"/],
    [['--stdin', '--stdin-filename', 'a.json', '--watch'], /^--stdin cannot be used with --watch$/],
    [['--stdin', '--stdin-filename', 'a.json', '--shard', '1/2'], /^--stdin cannot be used with --shard$/],
    [['--stdin', '--stdin-filename', 'a.json', '--changed'], /^--stdin cannot be used with --changed$/],
    [['--stdin', '--stdin-filename', 'a.json', '--suppress-all'], /^--stdin cannot be used with --suppress-all$/],
    [['--stdin'], /^--stdin without --stdin-filename: the rules of \.filecheckrc\.json choose files by path/],
  ];
  for (const [args, expected] of cases) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir, input: '{}' });
    assert.equal(code, 2, `${args.join(' ')}: ${stdout}${stderr}`);
    assert.match(oneLine(stderr), expected);
  }
});

test('a run without --stdin loads none of it, and --help names the flags', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const trace = path.join(dir, 'trace.txt');
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  const loaded = async (args, input) => {
    fs.rmSync(trace, { force: true });
    const { code, stderr } = await runCli(args, {
      cwd: dir,
      input,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace },
    });
    assert.equal(code, 0, stderr);
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(urls.some((url) => url.endsWith('/runner/check/check-file.js')));
    return ['runner/cli/stdin-options.js', 'runner/files/stdin-file.js'].filter((file) =>
      urls.some((url) => url.endsWith(`/${file}`)),
    );
  };
  assert.deepEqual(await loaded(['a.json']), []);
  assert.deepEqual(await loaded(['--stdin'], '{}'), ['runner/cli/stdin-options.js', 'runner/files/stdin-file.js']);

  const { stdout } = await runCli(['--help']);
  assert.match(stdout, /--stdin-filename/);
  assert.match(stdout, /--stdin {2,}Check the text of standard input/);
});

test('a text over the size limit fails as a file over it does, unread', async () => {
  const { readEntry, MAX_TEXT_BYTES } = await import('../../formats/read-text.js');
  const size = MAX_TEXT_BYTES + 1;
  const read = readEntry({ path: '/p/a.json', input: { bytes: Buffer.alloc(0), size } });
  assert.match(read.error, /^is too large to check \(\d+ MiB; the limit is \d+ MiB\)$/);
});

test("the chaos monkey's io fault fails the given text as it fails a file", async (t) => {
  const dir = makeTree(t);
  const args = ['--chaos-monkey', '1', '--chaos-kind', 'io', '-r', 'json'];
  const { code, stdout, stderr } = await named(dir, 'a.json', args, '{}');
  assert.equal(code, 1, stderr);
  const [problem] = parseJsonReport(stdout).files[0].problems;
  assert.equal(problem.kind, 'io');
  assert.match(problem.message, /^file cannot be read: EIO; chaos monkey: injected io/);
});

test('--list-files --verbose says what the given path is checked against, its $schema read from the text', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({ type: 'object' }),
    '.filecheckrc.json': JSON.stringify({ schemaFromDocument: true, rules: [{ name: 'docs', files: ['**/*.json'] }] }),
  });
  const { code, stdout, stderr } = await named(
    dir,
    'sub/new.json',
    ['--list-files', '--verbose'],
    '{"$schema": "../s.json"}',
  );
  assert.equal(code, 0, stderr);
  assert.equal(stdout, 'sub/new.json\tjson\ts.json ($schema "../s.json")\n');
});

test("with a config, a path no rule matches is checked when the config's catalog names it, as a run of the project does", async (t) => {
  const dir = makeTree(t, {
    'page.schema.json': JSON.stringify({ type: 'object', required: ['title'] }),
    'catalog.json': JSON.stringify({
      schemas: [{ name: 'Page', url: './page.schema.json', fileMatch: ['*.page.json'] }],
    }),
    '.filecheckrc.json': JSON.stringify({
      catalog: ['catalog.json'],
      rules: [{ name: 'data', files: ['data/*.json'] }],
    }),
  });
  const page = await named(dir, 'site/a.page.json', ['-r', 'json'], '{\n  "x": 1\n}\n');
  assert.equal(page.code, 1, page.stderr);
  assert.deepEqual(problemsOf(page.stdout), ['1:1 must have required property "title"']);
  const data = await named(dir, 'data/a.json', [], '{"x": 1}');
  assert.equal(data.code, 0, data.stderr);
  assert.equal(data.stderr, '');
  const neither = await named(dir, 'site/a.json', [], '{"x": 1,}');
  assert.equal(neither.code, 0, neither.stdout);
  assert.equal(oneLine(neither.stderr), 'warning: site/a.json is not checked: matches no rule and no catalog entry');
});
