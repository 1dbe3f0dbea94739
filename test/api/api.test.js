// The programmatic API, through the package's own name: `import { run } from 'filecheck'`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { run, UsageError, EXIT, exitCodeFor } from 'filecheck';
import { makeTree, cliEnv, REPO } from '../helpers/cli.js';

function sampleTree(t) {
  return makeTree(t, {
    'a.json': '{"title": "A"}',
    'b.json': '{"title": 2}',
    'c.json': '{"title": ',
  });
}

test('run() resolves with the Summary and leaves the exit code alone', async (t) => {
  const dir = sampleTree(t);
  const exitCodeBefore = process.exitCode;
  const summary = await run({ cwd: dir, patterns: ['*.json'], require: ['title:string'] });
  const { durationMs, plan, files, warningMessages, ...counts } = summary;
  assert.deepEqual(counts, {
    total: 3,
    passed: 1,
    failed: 2,
    skipped: 0,
    onlyParsed: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    warnings: 0,
  });
  assert.equal(typeof durationMs, 'number');
  assert.equal(plan.mode, 'inline');
  assert.deepEqual(
    files.map(({ path, status, problems }) => [path, status, problems.map((p) => `${p.line}:${p.column} ${p.kind}`)]),
    [
      ['b.json', 'fail', ['1:11 invalid']],
      ['c.json', 'fail', ['1:11 parse']],
    ],
  );
  assert.deepEqual(warningMessages, []);
  assert.equal(process.exitCode, exitCodeBefore, 'a failing run does not set process.exitCode');
  assert.equal(exitCodeFor(summary), EXIT.failed);
  assert.deepEqual(EXIT, { passed: 0, failed: 1, usage: 2, interrupted: 130, outputClosed: 141, terminated: 143 });
});

test('run() feeds reporters objects every result in path order', async (t) => {
  const dir = sampleTree(t);
  const seen = [];
  let started;
  let completed;
  await run({
    cwd: dir,
    patterns: ['*.json'],
    reporters: [
      {
        onRunStart: (info) => (started = info),
        onFileResult: (result) => seen.push([result.path, result.status]),
        onRunComplete: (summary) => (completed = summary),
      },
    ],
  });
  assert.equal(started.files, 3);
  assert.deepEqual(seen, [
    ['a.json', 'pass'],
    ['b.json', 'pass'],
    ['c.json', 'fail'],
  ]);
  assert.equal(completed.failed, 1);
});

test('run() with an aborted signal reports an interrupted run', async (t) => {
  const dir = sampleTree(t);
  const summary = await run({ cwd: dir, patterns: ['*.json'], signal: AbortSignal.abort() });
  assert.equal(summary.interrupted, true);
  assert.equal(summary.unchecked, 3);
  assert.equal(exitCodeFor(summary), EXIT.interrupted);
});

test('run() uses the config found from cwd', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['docs/*.json'], require: ['id'] }] }),
    'docs/a.json': '{"id": 1}',
    'docs/b.json': '{}',
  });
  const summary = await run({ cwd: path.join(dir, 'docs') });
  assert.equal(summary.failed, 1);
  assert.equal(summary.passed, 1);
});

test('a bad option rejects with a UsageError, never exits', async (t) => {
  const dir = sampleTree(t);
  const cases = [
    [{ patterns: ['*.json'], bail: 'often' }, /^bail takes a whole number of failures, not "often"$/],
    [{ patterns: ['*.json'], bail: -1 }, /^bail takes a whole number of failures, not "-1"$/],
    [{ patterns: ['*.json'], bail: {} }, /^run\(\) options: bail must be a boolean, a number or a string, not \{\}$/],
    [{ patterns: ['*.json'], reporter: ['xml'] }, /unknown reporter "xml"/],
    [
      { patterns: ['*.json'], reporter: 'junit' },
      /^the junit reporter needs a file: -r junit:report.xml, or outputFile report.xml$/,
    ],
    [{ patterns: ['*.json'], chaosMonkey: '2' }, /chaos monkey probability must be a number from 0 to 1/],
    [{ patterns: ['none/*.json'] }, /no files match "none\/\*\.json"/],
    [{ patterns: ['*.json'], config: 'missing.json' }, /cannot read config .*missing\.json: no such file/],
    [{}, /no files to check: give patterns/],
    [{ cwd: path.join(dir, 'nowhere') }, /^run\(\) options: cwd ".*nowhere": no such folder$/],
    [{ cwd: path.join(dir, 'a.json') }, /^run\(\) options: cwd ".*a\.json": a file, not a folder$/],
    [{ cwd: path.join(dir, 'a.json', 'under') }, /^run\(\) options: cwd ".*under": no such folder$/],
  ];
  for (const [options, message] of cases) {
    await assert.rejects(run({ cwd: dir, ...options }), (error) => {
      assert.ok(error instanceof UsageError, `${JSON.stringify(options)}: ${error}`);
      assert.equal(error.name, 'UsageError');
      assert.match(error.message, message);
      return true;
    });
  }
});

test("a rule's schema that cannot be used: the reporters get every file's result, then run() rejects with a UsageError carrying the summary", async (t) => {
  const dir = sampleTree(t);
  const results = [];
  const reporter = { onFileResult: (result) => results.push(result) };
  await assert.rejects(
    run({ cwd: dir, patterns: ['*.json'], schema: 'missing.schema.json', reporters: [reporter] }),
    (error) => {
      assert.ok(error instanceof UsageError, String(error));
      assert.match(error.message, /^cannot read schema .*missing\.schema\.json/);
      assert.deepEqual(error.summary.unusableSchemas, [error.message]);
      assert.equal(error.summary.failed, results.length);
      return true;
    },
  );
  // Every file fails: a file that parses, with the schema's error alone; one that does not, as it always does.
  const kinds = results.map(({ status, problems }) => [status, problems.map(({ kind }) => kind).join()]);
  assert.ok(kinds.some(([, kind]) => kind === 'error'));
  for (const [status, kind] of kinds) assert.ok(status === 'fail' && ['error', 'parse'].includes(kind), kind);
  assert.ok(results.every(({ problems }) => problems.every((problem) => !('unusableSchema' in problem))));
});

test('in a process of its own, run() prints nothing and the process goes on after it', {
  timeout: 30_000,
}, async (t) => {
  const dir = sampleTree(t);
  const script = `
    import { run } from 'filecheck';
    const summary = await run({ cwd: ${JSON.stringify(dir)}, patterns: ['*.json'], require: ['title:string'] });
    process.stdout.write('after run: ' + summary.failed + ' failed, exitCode ' + process.exitCode);
  `;
  // --input-type=module from the repository: the self-reference resolves through package.json "exports".
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: REPO, env: cliEnv() });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0, stderr);
  assert.equal(stdout, 'after run: 2 failed, exitCode undefined');
  assert.equal(stderr, '');
});

test('a run whose catalog chooses its files reads the catalog once: the check uses what discovery read', async (t) => {
  const catalog = JSON.stringify({
    schemas: [{ name: 'Titled', url: 'titled.json', fileMatch: ['*.doc.json'] }],
  });
  const dir = makeTree(t, {
    'schemas/catalog.json': catalog,
    'schemas/titled.json': '{"type": "object", "required": ["title"]}',
    'a.doc.json': '{"title": "A"}',
    'b.doc.json': '{}',
    'other.json': '{}',
  });
  const file = path.join(dir, 'schemas', 'catalog.json');
  const reads = [];
  const readFileSync = fs.readFileSync;
  t.after(() => {
    fs.readFileSync = readFileSync;
  });
  fs.readFileSync = (name, ...rest) => {
    if (name === file) reads.push(name);
    return readFileSync(name, ...rest);
  };
  const { passed, failed, total } = await run({ cwd: dir, catalog: ['schemas/catalog.json'], workers: '0' });
  assert.deepEqual({ passed, failed, total }, { passed: 1, failed: 1, total: 2 });
  assert.equal(reads.length, 1);
});
