// The chaos monkey's kinds (--chaos-kind throw, io, slow, hang, crash) through the real CLI, on each
// executor: every injected fault is reported against the file the hash picks, with a message naming
// its kind; every other file keeps the verdict of a run without chaos; the counts add up; the run ends
// (the bound is each test's own timeout, never a timing assertion).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, makeTree, parseJsonReport, oneLine } from '../helpers/cli.js';
import { chaosHits, CHAOS_KINDS } from '../../runner/check/chaos.js';

const EXECUTORS = ['0', '1', '2', 'auto'];
const PROBABILITY = '0.15';
const SEED = '122';
// --file-timeout for the hangs: each hang costs about this much. Not less: at 300 ms, a file that
// did not hang went past it once, on a machine running three test suites at once (load 15).
const TIMEOUT_MS = 1000;
const note = (kind) => `chaos monkey: injected ${kind} (probability ${PROBABILITY}, seed ${SEED})`;

/** 24 files, some failing for real: a missing key, invalid JSON, a custom validator's problem and its throw. */
function corpus(t) {
  const files = {
    'checks/v.js': `export default function (doc) {
  if (doc.bad) return [{ message: 'bad is set', pointer: '/bad' }];
  if (doc.boom) throw new Error('boom');
}
`,
  };
  const paths = [];
  for (let i = 0; i < 24; i++) {
    const rel = `data/f-${String(i).padStart(2, '0')}.json`;
    paths.push(rel);
    const doc = { id: i, ...(i === 8 && { bad: true }), ...(i === 10 && { boom: true }) };
    if (i === 3) delete doc.id;
    files[rel] = i === 5 ? '{ "id": 5,' : JSON.stringify(doc, null, 2);
  }
  return { dir: makeTree(t, files), paths };
}

const ARGS = ['data', '--require', 'id', '--validator', './checks/v.js', '-r', 'json', '--verbose'];

async function run(dir, args, options = {}) {
  const result = await runCli([...ARGS, ...args], { cwd: dir, timeout: 30_000, ...options });
  const report = parseJsonReport(result.stdout);
  return { ...result, report, byPath: new Map(report.files.map((file) => [file.path, file])) };
}

/** What a file hit by `kind` must show, given its verdict without chaos. */
function assertFault(kind, file, before, executor) {
  const why = `${kind} on --workers ${executor}: ${file.path}`;
  switch (kind) {
    case 'throw':
      assert.deepEqual(
        file.problems,
        [...before.problems, { validator: 'chaos-monkey', message: note('throw'), kind: 'chaos' }],
        why,
      );
      break;
    case 'io':
      assert.deepEqual(
        file.problems,
        [{ validator: 'read', message: `file cannot be read: EIO; ${note('io')}`, kind: 'io' }],
        why,
      );
      break;
    case 'slow':
      assert.deepEqual(file, before, `${why}: a slow file keeps its verdict`);
      return;
    case 'hang':
      assert.deepEqual(
        file.problems,
        [
          {
            validator: 'timeout',
            message: `the check took longer than the file timeout of ${TIMEOUT_MS} ms; ${note('hang')}`,
            kind: 'timeout',
          },
        ],
        why,
      );
      break;
    case 'crash': {
      const inPool = {
        validator: 'worker',
        message: `the worker died twice while checking this file (${note('crash')})`,
        kind: 'error',
      };
      const inProcess = { validator: 'chaos-monkey', message: `the check died: ${note('crash')}`, kind: 'error' };
      const expected =
        executor === '0'
          ? [inProcess]
          : executor === 'auto'
            ? [file.problems[0]?.validator === 'worker' ? inPool : inProcess]
            : [inPool];
      assert.deepEqual(file.problems, expected, why);
      break;
    }
    default:
      assert.fail(kind);
  }
  assert.equal(file.status, 'fail', why);
}

test('each chaos kind on each executor: the hashed files get the fault, named by kind; every other verdict, the counts and the order hold', {
  timeout: 240_000,
}, async (t) => {
  const { dir, paths } = corpus(t);
  const baseline = await run(dir, ['--workers', '0']);
  assert.equal(baseline.code, 1, baseline.stderr);
  const before = baseline.byPath;
  assert.deepEqual(
    [...before.values()].filter((file) => file.status === 'fail').map((file) => file.path),
    ['data/f-03.json', 'data/f-05.json', 'data/f-08.json', 'data/f-10.json'],
  );

  // The files are hashed relative to the project's root: here the working directory (no config, no git).
  const hit = new Set(paths.filter((rel) => chaosHits({ probability: Number(PROBABILITY), seed: SEED }, rel)));
  assert.ok(hit.size >= 2 && hit.size <= 6, `${hit.size} files hit`);
  assert.ok(
    [...hit].some((rel) => before.get(rel).status === 'pass'),
    'a passing file is hit',
  );
  assert.ok(
    [...hit].some((rel) => before.get(rel).problems[0]?.kind === 'parse'),
    'a file that does not parse is hit too',
  );

  for (const kind of CHAOS_KINDS) {
    for (const executor of EXECUTORS) {
      await t.test(`${kind}, --workers ${executor}`, { timeout: 60_000 }, async () => {
        const timeout = kind === 'hang' ? ['--file-timeout', String(TIMEOUT_MS)] : [];
        const chaos = [
          '--chaos-monkey',
          PROBABILITY,
          '--chaos-seed',
          SEED,
          '--chaos-kind',
          kind,
          '--workers',
          executor,
        ];
        const { code, stderr, report, byPath } = await run(dir, [...chaos, ...timeout]);
        const kindNote = kind === 'throw' ? '' : `, kind ${kind}`;
        assert.equal(
          stderr,
          `filecheck: chaos monkey on: probability ${PROBABILITY}, seed ${SEED}${kindNote} (--chaos-seed ${SEED} repeats this run)\n`,
        );

        assert.deepEqual(
          report.files.map((file) => file.path),
          paths,
          'every file, once, in path order',
        );
        for (const rel of paths) {
          if (hit.has(rel)) assertFault(kind, byPath.get(rel), before.get(rel), executor);
          else
            assert.deepEqual(
              byPath.get(rel),
              before.get(rel),
              `${kind} on --workers ${executor}: ${rel} is not hit and keeps its verdict`,
            );
        }

        const failing = paths.filter((rel) => byPath.get(rel).status === 'fail');
        const expectedFailing = paths.filter(
          (rel) => before.get(rel).status === 'fail' || (hit.has(rel) && kind !== 'slow'),
        );
        assert.deepEqual(failing, expectedFailing);
        const { durationMs, plan, ...counts } = report.summary;
        assert.deepEqual(counts, {
          total: 24,
          passed: 24 - failing.length,
          failed: failing.length,
          skipped: 0,
          onlyParsed: 0,
          unchecked: 0,
          bailed: false,
          interrupted: false,
          warnings: 0,
        });
        assert.equal(code, failing.length ? 1 : 0);
        if (executor === '0') assert.equal(plan.mode, 'inline');
        else if (executor !== 'auto') assert.deepEqual([plan.mode, plan.workers], ['pool', Number(executor)]);
        // Hangs are stopped only on a pool: auto runs every file there.
        else if (kind === 'hang')
          assert.match(
            plan.reason,
            /^the chaos monkey's hangs under a file timeout: a pool of \d+, where a check that never returns can be stopped$/,
          );
      });
    }
  }
});

test('CHAOS_KIND does what --chaos-kind does, and the flag wins over it', { timeout: 60_000 }, async (t) => {
  const { dir } = corpus(t);
  const env = { CHAOS_MONKEY: PROBABILITY, CHAOS_SEED: SEED, CHAOS_KIND: 'io' };
  const fromEnv = await run(dir, ['--workers', '0'], { env });
  const fromFlags = await run(dir, [
    '--workers',
    '0',
    '--chaos-monkey',
    PROBABILITY,
    '--chaos-seed',
    SEED,
    '--chaos-kind',
    'io',
  ]);
  assert.deepEqual(fromEnv.report.files, fromFlags.report.files);
  assert.ok(fromEnv.report.files.some((file) => file.problems[0]?.message.endsWith(note('io'))));
  const overridden = await run(dir, ['--workers', '0', '--chaos-kind', 'throw'], { env });
  assert.ok(overridden.report.files.some((file) => file.problems.at(-1)?.message === note('throw')));
  assert.ok(
    !overridden.report.files.some((file) => file.problems.some((problem) => problem.message.includes('injected io'))),
  );
});

test('a --chaos-kind that is not a kind exits 2 with one line; a kind without a probability injects nothing', {
  timeout: 60_000,
}, async (t) => {
  const { dir } = corpus(t);
  for (const args of [
    ['--chaos-kind', 'explode', '--chaos-monkey', '0.5'],
    ['--chaos-kind', 'explode'],
    ['--chaos-kind', ''],
  ]) {
    const { code, stdout, stderr } = await runCli(['data', ...args], { cwd: dir });
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    const expected =
      args[1] === ''
        ? '--chaos-kind needs a value'
        : 'chaos monkey kind must be one of throw, io, slow, hang, crash, not "explode"';
    assert.equal(oneLine(stderr), expected);
  }
  const off = await run(dir, ['--workers', '0', '--chaos-kind', 'crash']);
  assert.equal(off.stderr, '');
  assert.equal(off.report.summary.failed, 4, 'only the real failures');
});

// The containment chaos `crash` exercises in-process, for a real validator.
test('in-process, a custom validator calling process.exit fails its file with kind error and the run goes on; in a pool its worker dies twice', {
  timeout: 60_000,
}, async (t) => {
  const files = {
    'checks/quit.js': `export default function (doc) {
  if (doc.i === 4) process.exit(3);
  if (doc.i === 6) return ['bad'];
}
`,
  };
  for (let i = 0; i < 10; i++) files[`data/f-${i}.json`] = JSON.stringify({ i });
  const dir = makeTree(t, files);
  for (const executor of ['0', '2']) {
    const { code, stderr, stdout } = await runCli(
      ['data', '--validator', './checks/quit.js', '-r', 'json', '--workers', executor],
      { cwd: dir, timeout: 30_000 },
    );
    assert.equal(code, 1, stderr);
    assert.equal(stderr, '');
    const { files: failing, summary } = parseJsonReport(stdout);
    const died =
      executor === '0'
        ? { validator: 'quit', message: 'the check died: the validator called process.exit(3)', kind: 'error' }
        : {
            validator: 'worker',
            message: 'the worker died twice while checking this file (worker exited with code: 3)',
            kind: 'error',
          };
    assert.deepEqual(failing, [
      { path: 'data/f-4.json', status: 'fail', problems: [died] },
      { path: 'data/f-6.json', status: 'fail', problems: [{ validator: 'quit', message: 'bad', kind: 'invalid' }] },
    ]);
    assert.deepEqual([summary.passed, summary.failed, summary.unchecked], [8, 2, 0]);
  }
});
