// run() as a library (issue 29): its options checked as a config file's are, each documented option
// doing what it does on the command line (reporters and their files too), the files' results in
// the json report's shape, and the run's warnings given to the caller.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { run, UsageError } from 'filecheck';
import { makeTree, parseJsonReport, runCli, cliEnv, REPO } from '../helpers/cli.js';

const SCHEMA = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } } });

function pages(t) {
  return makeTree(t, {
    'page.schema.json': SCHEMA,
    'content/a.json': '{"title": "A"}',
    'content/b.json': '{\n  "title": 2\n}',
    'content/c.json': '{"title": "C"}',
  });
}

const rejection = async (options) => {
  try {
    await run(options);
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    return error.message;
  }
  assert.fail(`${JSON.stringify(options)} did not reject`);
};

test('an unknown or misspelled option rejects with one line that names it, with "did you mean" where close', async (t) => {
  const cwd = pages(t);
  const rows = [
    [{ schemas: 'page.schema.json' }, 'run() options: unknown key "schemas" (did you mean "schema"?)'],
    [{ bogusOption: 1 }, 'run() options: unknown key "bogusOption"'],
    [{ 'output-file': 'r.json' }, 'run() options: unknown key "output-file" (did you mean "outputFile"?)'],
    [{ requrie: ['title'] }, 'run() options: unknown key "requrie" (did you mean "require"?)'],
    [{ reporter: 7 }, 'run() options: reporter must be a string, or an array of them, not 7'],
    [{ strict: 'no' }, 'run() options: strict must be a boolean, not "no"'],
    [{ onWarning: 'log' }, 'run() options: onWarning must be a function, not "log"'],
    [{ results: 'some' }, 'run() options: results must be "problems" or "all", not "some"'],
    [
      { watch: true },
      'run() options: "watch" is not an option of run(): run() checks once; watch with the filecheck command',
    ],
    // The configuration's own checks name the option as run() spells it, not as a flag.
    [{ outputFile: '' }, 'outputFile needs a value'],
    [{ fileTimeout: 0 }, 'fileTimeout takes a whole number of milliseconds, at least 1, not "0"'],
  ];
  for (const [options, message] of rows)
    assert.equal(await rejection({ cwd, patterns: ['content'], ...options }), message, JSON.stringify(options));
  assert.equal(await rejection('content'), 'run() takes an object of options, not "content"');
});

test('every option of the table is one of run(), but those of a terminal', async () => {
  const { OPTIONS } = await import('../../runner/cli/options.js');
  const { RUN_OPTIONS } = await import('../../runner/api/options.js');
  const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
  const missing = Object.keys(OPTIONS).filter((name) => !(camel(name) in RUN_OPTIONS));
  assert.deepEqual(missing, ['list-files', 'stdin', 'stdin-filename', 'watch']);
});

test("a string where the command line repeats an option, and the schema that was misspelled before: the file fails with the schema's problem", async (t) => {
  const cwd = pages(t);
  const result = await run({ cwd, patterns: 'content', require: 'title', schema: 'page.schema.json' });
  assert.equal(result.failed, 1);
  assert.deepEqual(result.files, [
    {
      path: 'content/b.json',
      status: 'fail',
      problems: [
        {
          validator: 'json-schema',
          message: 'must be string',
          kind: 'invalid',
          keyword: 'type',
          pointer: '/title',
          schema: 'page.schema.json',
          line: 2,
          column: 12,
        },
      ],
    },
  ]);
  // No internal words: a bad key spec is said as the option's.
  const message = await rejection({ cwd, patterns: 'content', require: 'title:strin' });
  assert.doesNotMatch(message, /command line|is not a function/);
  assert.equal(
    message,
    'run() options: require: "title:strin": unknown type "strin" (expected string, number, integer, boolean, object, array, null; a colon in a key is written \\:)',
  );
});

test("files: the json report's entries, failing and warned files by default, every file with results: 'all'; in-process and on a pool alike", async (t) => {
  const cwd = pages(t);
  const cli = await runCli(['content', '-s', 'page.schema.json', '-r', 'json', '--verbose', '--workers', '0'], { cwd });
  const reported = parseJsonReport(cli.stdout).files;
  for (const workers of [0, 2]) {
    const all = await run({ cwd, patterns: ['content'], schema: 'page.schema.json', results: 'all', workers });
    assert.equal(all.plan.mode, workers ? 'pool' : 'inline');
    assert.deepEqual(all.files, reported, `workers ${workers}`);
    assert.deepEqual(
      all.files.map((file) => file.status),
      ['pass', 'fail', 'pass'],
    );
    const some = await run({ cwd, patterns: ['content'], schema: 'page.schema.json', workers });
    assert.deepEqual(
      some.files,
      reported.filter((file) => file.status === 'fail'),
      `workers ${workers}`,
    );
    assert.equal(some.passed, 2);
  }
});

test("the run's warnings are returned, and given to onWarning as they are found", async (t) => {
  const cwd = makeTree(t, { 's.schema.json': '{"type": "object", "nullable": true}', 'a.json': '{}' });
  const told = [];
  const result = await run({ cwd, patterns: ['a.json'], schema: 's.schema.json', onWarning: (m) => told.push(m) });
  const expected = [
    'schema s.schema.json: unknown keyword "nullable" is ignored: it is OpenAPI 3.0\'s (JSON Schema allows null with "type": ["string", "null"])',
  ];
  assert.deepEqual(result.warningMessages, expected);
  assert.deepEqual(told, expected);
  assert.equal(result.passed, 1);
});

test('reporter and outputFile write their reports; reporter as a string; nothing written or printed without them', async (t) => {
  const cwd = pages(t);
  const options = { cwd, patterns: ['content'], schema: 'page.schema.json' };
  await run({ ...options, reporter: ['json:out.json'] });
  const report = JSON.parse(fs.readFileSync(path.join(cwd, 'out.json'), 'utf8'));
  assert.deepEqual(
    report.files.map((file) => file.path),
    ['content/b.json'],
  );
  assert.equal(report.summary.failed, 1);
  await run({ ...options, outputFile: 'only.json' });
  assert.equal(JSON.parse(fs.readFileSync(path.join(cwd, 'only.json'), 'utf8')).summary.total, 3);
  await run({ ...options, reporter: 'junit:junit.xml' });
  assert.match(fs.readFileSync(path.join(cwd, 'junit.xml'), 'utf8'), /<testsuites[^>]* failures="1"/);
  assert.deepEqual(fs.readdirSync(cwd).sort(), ['content', 'junit.xml', 'only.json', 'out.json', 'page.schema.json']);
});

test("reporter: 'default' prints the human report on the process's stdout, as the command line does", (t) => {
  const cwd = pages(t);
  const script = `
    import { run } from 'filecheck';
    const result = await run({ cwd: ${JSON.stringify(cwd)}, patterns: 'content', schema: 'page.schema.json', reporter: 'default' });
    process.stdout.write('resolved: ' + result.failed + ' failed');
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: REPO,
    env: cliEnv(),
    encoding: 'utf8',
  });
  assert.equal(child.status, 0, child.stderr);
  assert.match(child.stdout, /^ FAIL {2}content\/b\.json/m);
  assert.match(child.stdout, /^Files: 1 failed, 2 passed, 3 total$/m);
  assert.match(child.stdout, /resolved: 1 failed$/);
  assert.equal(child.stderr, '');
});

test("the command line loads nothing of run()'s: neither a run nor --version", async (t) => {
  const cwd = pages(t);
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  for (const args of [['content', '-s', 'page.schema.json'], ['--version']]) {
    const trace = path.join(cwd, 'trace.txt');
    fs.rmSync(trace, { force: true });
    const cli = await runCli(args, { cwd, env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace } });
    assert.equal(cli.code, args[0] === 'content' ? 1 : 0, cli.stderr);
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      urls.some((url) => url.endsWith('/runner/cli/main.js')),
      'the hook sees filecheck load',
    );
    assert.deepEqual(
      urls.filter((url) => /\/runner\/(api\/|index\.js)|\/types\//.test(url)),
      [],
    );
  }
});
