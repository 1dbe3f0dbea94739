// --file-timeout through the real CLI: a check that never returns is stopped on a pool (its worker
// terminated and replaced, the rest of its batch re-run), a check that returns too late fails on
// either executor, `auto` runs custom validators on a pool when a timeout is asked for, and bail and
// Ctrl-C still end a run whose worker is stuck. Each test's own timeout bounds the run: no timing
// assertion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, makeTree, writeTree, parseJsonReport, oneLine, filesLine } from '../helpers/cli.js';

const TIMEOUT_MS = 300;
const pad = (i) => String(i).padStart(2, '0');
const timedOut = (ms = TIMEOUT_MS, extra = '') => ({
  validator: 'timeout',
  message: `the check took longer than the file timeout of ${ms} ms${extra}`,
  kind: 'timeout',
});

/**
 * 40 files; the validator misbehaves on the files named in `stuck` (i ─▶ JavaScript run for that
 * file) and reports a problem on f-30, which comes after the stuck files in their batches.
 */
function tree(t, stuck) {
  const cases = Object.entries(stuck)
    .map(([i, code]) => `  if (doc.i === ${i}) { ${code} }`)
    .join('\n');
  const files = {
    'checks/v.js': `export default function (doc) {
${cases}
  if (doc.i === 30) return ['thirty is bad'];
}
`,
  };
  for (let i = 0; i < 40; i++) files[`data/f-${pad(i)}.json`] = JSON.stringify({ i });
  return makeTree(t, files);
}

const FOREVER = {
  13: 'for (;;);', // an infinite loop
  21: 'Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);', // blocked for good
};

async function check(dir, args, options = {}) {
  const result = await runCli(['data', '--validator', './checks/v.js', '-r', 'json', ...args], {
    cwd: dir,
    timeout: 30_000,
    ...options,
  });
  return { ...result, report: parseJsonReport(result.stdout) };
}

for (const workers of ['1', '2', 'auto']) {
  test(`--workers ${workers}: a validator that never returns fails its file with kind timeout, its worker is replaced, and every other file is checked`, {
    timeout: 60_000,
  }, async (t) => {
    const dir = tree(t, FOREVER);
    const { code, stderr, report } = await check(dir, ['--file-timeout', String(TIMEOUT_MS), '--workers', workers]);
    assert.equal(code, 1, stderr);
    assert.equal(stderr, '');
    assert.deepEqual(report.files, [
      { path: 'data/f-13.json', status: 'fail', problems: [timedOut()] },
      { path: 'data/f-21.json', status: 'fail', problems: [timedOut()] },
      {
        path: 'data/f-30.json',
        status: 'fail',
        problems: [{ validator: 'v', message: 'thirty is bad', kind: 'invalid' }],
      },
    ]);
    const { durationMs, plan, ...counts } = report.summary;
    assert.deepEqual(counts, {
      total: 40,
      passed: 37,
      failed: 3,
      skipped: 0,
      onlyParsed: 0,
      unchecked: 0,
      bailed: false,
      interrupted: false,
      warnings: 0,
    });
    if (workers === 'auto') {
      // A few files would run in-process; with a timeout to enforce, custom validators go to a pool.
      assert.equal(plan.mode, 'pool');
      assert.match(
        plan.reason,
        /^custom validators under a file timeout: a pool of \d+, where a check that never returns can be stopped$/,
      );
    }
  });
}

test('the file timeout comes from the config too (fileTimeout), and the flag wins over it', {
  timeout: 60_000,
}, async (t) => {
  const dir = tree(t, { 13: 'for (;;);' });
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['data/*.json'], validators: ['./checks/v.js'] }],
      fileTimeout: TIMEOUT_MS,
    }),
  });
  const fromConfig = await runCli(['-r', 'json', '--workers', '2'], { cwd: dir, timeout: 30_000 });
  assert.equal(fromConfig.code, 1, fromConfig.stderr);
  assert.deepEqual(parseJsonReport(fromConfig.stdout).files[0], {
    path: 'data/f-13.json',
    status: 'fail',
    problems: [timedOut()],
  });
  const fromFlag = await runCli(['-r', 'json', '--workers', '2', '--file-timeout', '200'], {
    cwd: dir,
    timeout: 30_000,
  });
  assert.deepEqual(parseJsonReport(fromFlag.stdout).files[0].problems, [timedOut(200)]);
});

test('a check that returns, but after the timeout, fails with kind timeout in-process and on a pool alike', {
  timeout: 60_000,
}, async (t) => {
  // 250 ms of busy work against a 100 ms timeout: the real problem it finds is not reported.
  const dir = tree(t, {
    7: 'const end = performance.now() + 250; while (performance.now() < end); return ["found late"];',
  });
  for (const workers of ['0', '2']) {
    const { code, report } = await check(dir, ['--file-timeout', '100', '--workers', workers]);
    assert.equal(code, 1);
    assert.deepEqual(
      report.files.map((file) => [file.path, file.problems]),
      [
        ['data/f-07.json', [timedOut(100)]],
        ['data/f-30.json', [{ validator: 'v', message: 'thirty is bad', kind: 'invalid' }]],
      ],
      `--workers ${workers}`,
    );
    assert.equal(report.summary.passed, 38);
  }
});

test('a timer a validator leaves behind that never returns fails the file that set it, once its batch is re-run file by file', {
  timeout: 60_000,
}, async (t) => {
  const dir = tree(t, { 17: 'setTimeout(() => { for (;;); });' });
  const { code, report } = await check(dir, ['--file-timeout', String(TIMEOUT_MS), '--workers', '2']);
  assert.equal(code, 1);
  assert.deepEqual(
    report.files.map((file) => [file.path, file.problems]),
    [
      [
        'data/f-17.json',
        [timedOut(TIMEOUT_MS, ' (after its validators returned: in a timer or callback one of them left behind)')],
      ],
      ['data/f-30.json', [{ validator: 'v', message: 'thirty is bad', kind: 'invalid' }]],
    ],
  );
  assert.equal(report.summary.passed, 38);
});

test('--bail with a stuck worker: the run reports in path order and ends', { timeout: 60_000 }, async (t) => {
  const dir = tree(t, { 13: 'for (;;);', 3: 'return ["three is bad"];' });
  const { code, report } = await check(dir, ['--file-timeout', String(TIMEOUT_MS), '--workers', '2', '--bail', '2']);
  assert.equal(code, 1);
  assert.deepEqual(
    report.files.map((file) => file.path),
    ['data/f-03.json', 'data/f-13.json'],
  );
  assert.deepEqual(report.files[1].problems, [timedOut()]);
  const { summary } = report;
  assert.equal(summary.bailed, true);
  assert.deepEqual([summary.passed, summary.failed], [12, 2], 'the files before the second failure, no more');
  assert.equal(summary.passed + summary.failed + summary.unchecked, 40);
});

test('Ctrl-C while a worker is stuck (default 30 s timeout) exits 130 without waiting for the timeout', {
  timeout: 60_000,
}, async (t) => {
  const dir = tree(t, { 0: 'process.stderr.write("stuck\\n"); for (;;);' });
  // The bound: far under the 30 s file timeout the stuck worker would otherwise be given.
  const running = runCli(['data', '--validator', './checks/v.js', '--workers', '2'], { cwd: dir, timeout: 15_000 });
  // Interrupted once a worker is stuck on f-00 (not after a fixed time, which a loaded machine may
  // spend starting Node, before filecheck hears signals).
  running.child.stderr.once('data', () => running.child.kill('SIGINT'));
  const run = await running;
  assert.equal(run.stderr, 'stuck\n');
  assert.equal(run.code, 130, run.stderr);
  assert.equal(
    filesLine(run.stdout),
    'Files: 40 not checked, 0 passed, 40 total',
    'f-00 never finished: nothing could be reported in path order',
  );
  assert.match(run.stdout, /^Interrupted: the summary is partial\.$/m);
});

test('--file-timeout takes a whole number of milliseconds, at least 1; anything else exits 2 with one line', {
  timeout: 60_000,
}, async (t) => {
  const dir = tree(t, {});
  for (const value of ['0', '-5', '1.5', 'abc', '1e3', '']) {
    const { code, stdout, stderr } = await runCli(['data', '--file-timeout', value], { cwd: dir });
    assert.equal(code, 2, value);
    assert.equal(stdout, '');
    const expected =
      value === ''
        ? '--file-timeout needs a value'
        : `--file-timeout takes a whole number of milliseconds, at least 1, not "${value}"`;
    assert.equal(oneLine(stderr), expected);
  }
  writeTree(dir, { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/*.json'] }], fileTimeout: 0 }) });
  const fromConfig = await runCli([], { cwd: dir });
  assert.equal(fromConfig.code, 2);
  assert.match(oneLine(fromConfig.stderr), /\.filecheckrc\.json: fileTimeout must be >= 1$/);
});

test('without --file-timeout, auto still decides from its measurement: custom validators alone do not start a pool', {
  timeout: 60_000,
}, async (t) => {
  const dir = tree(t, {});
  const { code, report } = await check(dir, ['--workers', 'auto']);
  assert.equal(code, 1);
  assert.equal(report.summary.plan.mode, 'inline', report.summary.plan.reason);
});

test('a timed-out file is a JUnit <error>: its check could not finish', { timeout: 60_000 }, async (t) => {
  const dir = tree(t, { 13: 'for (;;);' });
  const { code } = await runCli(
    [
      'data',
      '--validator',
      './checks/v.js',
      '--file-timeout',
      String(TIMEOUT_MS),
      '--workers',
      '1',
      '-r',
      'junit:r.xml',
    ],
    { cwd: dir, timeout: 30_000 },
  );
  assert.equal(code, 1);
  const xml = fs.readFileSync(path.join(dir, 'r.xml'), 'utf8');
  const message = timedOut().message;
  assert.ok(xml.includes(`<testcase classname="data/f-13.json" name="data/f-13.json"`), xml);
  assert.ok(xml.includes(`<error message="${message} (timeout)" type="timeout">${message} (timeout)</error>`), xml);
  assert.ok(xml.includes('<failure message="thirty is bad (v)" type="v">'), xml);
});
