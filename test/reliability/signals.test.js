// End to end: a run stopped from outside (SIGINT, SIGTERM, a reader that goes away) stops its
// workers, prints the partial summary, leaves whole report files, and says so in its exit code,
// in both executors. No timing: a validator waits for the test before checking its first file, so
// every signal lands mid-run, and a hung run fails by its test's timeout.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { runCli, makeTree, writeTree, parseJsonReport, filesLine } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';

const EXECUTORS = [
  ['in-process', '0'],
  ['pool', '2'],
];
const FILES = 400;

// Trees shared by the tests of this file (making thousands of files is most of their cost); each
// test writes its reports to its own folder.
function sharedTree(files) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-signals-')));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  writeTree(dir, files);
  return dir;
}

// Its first call (in each worker) says "started" and waits for the file $GO; every call then takes
// 5 ms, so that the run is still going (2 s in-process, 1 s on two workers) when the signal is heard,
// even on a loaded machine where the child gets the CPU late: the in-process loop hears it between
// its 50 ms slices.
const GATED_VALIDATOR = `import fs from 'node:fs';
let first = true;
const pause = new Int32Array(new SharedArrayBuffer(4));
export default () => {
  if (first) {
    first = false;
    process.stderr.write('started\\n');
    while (!fs.existsSync(process.env.GO)) Atomics.wait(pause, 0, 0, 5);
  }
  const end = performance.now() + 5;
  while (performance.now() < end);
};
`;
const gated = {};
for (let i = 0; i < FILES; i++) gated[`data/${String(i).padStart(4, '0')}.json`] = `{"i": ${i}}`;
const gatedDir = sharedTree({ 'gated.js': GATED_VALIDATOR, ...gated });

/** Runs filecheck with the gated validator; sends `signal` once it has started, then lets it go on. */
function signalWhenStarted(args, signal, go) {
  const run = runCli(['data', '--validator', './gated.js', ...args], { cwd: gatedDir, env: { GO: go } });
  let sent = false;
  run.child.stderr.on('data', (chunk) => {
    if (sent || !String(chunk).includes('started')) return;
    sent = true;
    run.child.kill(signal);
    fs.writeFileSync(go, '');
  });
  return run;
}

const leftovers = (dir) => fs.readdirSync(dir, { recursive: true }).filter((name) => name.endsWith('.tmp'));

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  for (const [executor, workers] of EXECUTORS) {
    test(`${signal} (${executor}): exit ${code}, the partial summary, whole json, junit and sarif reports`, {
      timeout: 60_000,
    }, async (t) => {
      const dir = makeTree(t); // the reports, and the file that lets the validator go on
      const args = [
        '--workers',
        workers,
        '-r',
        'default',
        '-r',
        `json:${dir}/report.json`,
        '-r',
        `junit:${dir}/report.xml`,
        '-r',
        `sarif:${dir}/report.sarif`,
      ];
      const run = await signalWhenStarted(args, signal, path.join(dir, 'go'));
      assert.equal(run.code, code, run.stdout.slice(-500) + run.stderr);
      assert.equal(run.signal, null);
      assert.match(run.stderr, /^(started\n)+$/, 'nothing but the validator on stderr: no stack trace');
      assert.match(run.stdout, /^Interrupted: the summary is partial\.$/m);
      const [, unchecked, passed] =
        new RegExp(`^Files: (\\d+) not checked, (\\d+) passed, ${FILES} total$`).exec(filesLine(run.stdout)) ?? [];
      assert.ok(Number(unchecked) > 0, filesLine(run.stdout));
      assert.equal(Number(unchecked) + Number(passed), FILES);

      const { summary } = parseJsonReport(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
      assert.deepEqual(
        { ...summary, durationMs: 0, plan: null },
        {
          total: FILES,
          passed: Number(passed),
          failed: 0,
          skipped: 0,
          onlyParsed: 0,
          unchecked: Number(unchecked),
          bailed: false,
          interrupted: true,
          warnings: 0,
          durationMs: 0,
          plan: null,
        },
      );
      const suite = parseXml(fs.readFileSync(path.join(dir, 'report.xml'), 'utf8')).children[0];
      assert.equal(suite.attributes.tests, passed, 'a testcase per checked file');
      assert.equal(
        suite.children.find((c) => c.name === 'system-out').text,
        `${unchecked} files not checked: interrupted.`,
      );
      const [sarifRun] = parseJsonReport(fs.readFileSync(path.join(dir, 'report.sarif'), 'utf8')).runs;
      assert.deepEqual(sarifRun.invocations, [
        {
          executionSuccessful: false,
          toolExecutionNotifications: [
            { level: 'warning', message: { text: `${unchecked} files not checked: interrupted.` } },
          ],
        },
      ]);
      assert.deepEqual(leftovers(dir), []);
      assert.deepEqual(leftovers(gatedDir), []);
    });
  }
}

test('a second signal exits at once, before a stuck worker is stopped: no half-written report, the previous one kept', {
  timeout: 60_000,
}, async (t) => {
  // The first file never ends: the first signal waits for it (the pool terminates such a worker
  // half a second later); the second does not wait. The workers wait without spinning: two threads
  // busy for good on a loaded 2-core machine could hold the main thread off the CPU for longer than
  // that half second, and the run would end before it heard the second signal.
  const dir = makeTree(t, {
    'stuck.js':
      "export default () => {\n  process.stderr.write('started\\n');\n  const never = new Int32Array(new SharedArrayBuffer(4));\n  for (;;) Atomics.wait(never, 0, 0);\n};\n",
    'out/report.xml': 'the previous report',
  });
  const run = runCli(
    [`${gatedDir}/data`, '--validator', './stuck.js', '--workers', '2', '-r', 'default', '-r', 'junit:out/report.xml'],
    { cwd: dir },
  );
  // Two different signals, sent together: the same signal twice could arrive as one.
  run.child.stderr.once('data', () => {
    run.child.kill('SIGTERM');
    run.child.kill('SIGINT');
  });
  const { code, signal, stdout, stderr } = await run;
  assert.ok(code === 143 || code === 130, `the second signal's code: ${code}\n${stdout}${stderr}`);
  assert.equal(signal, null);
  assert.equal(stdout, '', 'no summary: the run did not end, the process did');
  assert.equal(fs.readFileSync(path.join(dir, 'out/report.xml'), 'utf8'), 'the previous report');
  assert.deepEqual(leftovers(dir), [], 'the unfinished report is removed');
});

// ── A reader that goes away: `filecheck … | head -1` ──────────────────────────────────────────────

const BROKEN = 2000; // ~170 KB of report: more than a pipe holds
const broken = {};
for (let i = 0; i < BROKEN; i++) broken[`data/${String(i).padStart(4, '0')}.json`] = '{';
const brokenDir = sharedTree(broken);

/** Runs filecheck on BROKEN failing files; closes `stream` (stdout or stderr) once the first output has come through it. */
async function closeEarly(args, stream = 'stdout') {
  const run = runCli(['data', ...args], { cwd: brokenDir });
  run.child[stream].once('data', () => run.child[stream].destroy());
  return run;
}

for (const [executor, workers] of EXECUTORS) {
  for (const reporter of ['default', 'json']) {
    test(`stdout closed early (${executor}, ${reporter}): a quiet exit 141, the report file whole`, {
      timeout: 60_000,
    }, async (t) => {
      const dir = makeTree(t);
      const run = await closeEarly(['--workers', workers, '-r', reporter, '-r', `junit:${dir}/report.xml`]);
      assert.equal(run.code, 141, run.stderr);
      assert.equal(run.signal, null);
      assert.equal(run.stderr, '', 'no EPIPE stack trace');
      const suite = parseXml(fs.readFileSync(path.join(dir, 'report.xml'), 'utf8')).children[0];
      const notChecked = Number(
        /^(\d+) files? not checked: interrupted\.$/.exec(
          suite.children.find((c) => c.name === 'system-out')?.text,
        )?.[1] ?? 0,
      );
      assert.equal(
        Number(suite.attributes.tests) + notChecked,
        BROKEN,
        'every file is a testcase or counted as not checked',
      );
      assert.equal(suite.attributes.failures, suite.attributes.tests);
      assert.deepEqual(leftovers(dir), []);
    });
  }
}

test('stderr closed early, with the human report on it: the same quiet exit 141', { timeout: 60_000 }, async (t) => {
  const dir = makeTree(t);
  const run = await closeEarly(['-r', `json:${dir}/report.json`, '-r', 'json', '-r', 'default'], 'stderr');
  assert.equal(run.code, 141);
  assert.equal(run.signal, null);
  const fromStdout = parseJsonReport(run.stdout);
  const fromFile = parseJsonReport(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  assert.deepEqual(
    { ...fromStdout.summary, durationMs: 0 },
    { ...fromFile.summary, durationMs: 0 },
    'stdout still gets the whole json report',
  );
  assert.equal(fromFile.summary.failed + fromFile.summary.unchecked, BROKEN);
  assert.equal(fromFile.files.length, fromFile.summary.failed);
});
