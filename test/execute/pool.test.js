// The worker pool (runner/execute/pool.js, worker.js, work-queue.js, run.js) through the real CLI, on temp
// trees of a few hundred small files: the same report for --workers 0, 1, 2 and auto, chaos, bail,
// a worker that dies, Ctrl-C, configuration errors found in a worker, and --workers itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import {
  runCli,
  makeTree,
  parseJsonReport,
  filesLine,
  failedPaths,
  oneLine,
  cliEnv,
  REPO,
  unusableSchema,
} from '../helpers/cli.js';
import { chaosHits } from '../../runner/check/chaos.js';
import { WORTH_MS } from '../../runner/execute/plan.js';
import { compilesManySchemas } from '../../runner/execute/pool.js';

const MODES = ['0', '1', '2', 'auto'];
const CORES = os.availableParallelism();
const pad = (i, width = 3) => String(i).padStart(width, '0');
const withoutDurations = (files) => files.map(({ durationMs, ...rest }) => rest);

// Busy-waits `ms` on files whose document says `"slow": true`. Every file of the parity tree is slow,
// so that auto's in-process sample (~300 ms of checking, its later half counted: runner/execute/plan.js)
// projects a job that pays for a pool: auto then really runs the pool beside the main thread. (Only
// the first files slow was taken for the cost of every file before issue 14 item 6; no longer.)
const slowFiles = (ms) =>
  `const slowly = (doc) => { if (doc?.slow) { const end = performance.now() + ${ms}; while (performance.now() < end); } };\n`;

/** Every kind of verdict, 300 files; `expected` is path ─▶ the "validator:kind" of each problem. */
function parityTree(t) {
  const files = {
    'schemas/item.schema.json': JSON.stringify({
      type: 'object',
      properties: {
        count: { $ref: './common.json#/definitions/count' }, // a sibling file, by relative path
        tag: { $ref: 'https://filecheck.test/tag.schema.json' }, // preloaded by --ref, by $id
      },
    }),
    'schemas/common.json': JSON.stringify({ definitions: { count: { type: 'integer', minimum: 0 } } }),
    'refs/tag.schema.json': JSON.stringify({
      $id: 'https://filecheck.test/tag.schema.json',
      type: 'string',
      pattern: '^[a-z]+$',
    }),
    'checks/custom.js': `${slowFiles(5)}
export const name = 'custom';
export default function custom(doc) {
  slowly(doc);
  if (doc.flag === 'bad') return ['flag is bad', { message: 'tag is not allowed here', pointer: '/tag' }];
  if (doc.flag === 'throw') throw new Error('custom validator blew up');
}
`,
  };
  const expected = new Map();
  for (let i = 0; i < 300; i++) {
    const rel = `data/item-${pad(i)}.json`;
    const doc = { id: `item-${i}`, count: i, tag: 'abc', slow: true };
    const json = (value) => JSON.stringify(value, null, 2);
    let text = json(doc);
    let problems = null;
    switch (i % 50) {
      case 7:
        text = json({ ...doc, id: undefined });
        problems = ['require:invalid'];
        break;
      case 13:
        text = json({ ...doc, count: -1 });
        problems = ['json-schema:invalid'];
        break;
      case 17:
        text = json({ ...doc, tag: 'ABC' });
        problems = ['json-schema:invalid'];
        break;
      case 23:
        text = '{ "id": "x", ';
        problems = ['parse:parse'];
        break;
      case 29:
        text = '';
        problems = ['parse:parse'];
        break;
      case 31:
        text = json({ ...doc, flag: 'bad' });
        problems = ['custom:invalid', 'custom:invalid'];
        break;
      default:
        if (i === 211) {
          text = json({ ...doc, flag: 'throw' });
          problems = ['custom:error'];
        }
    }
    files[rel] = text;
    if (problems) expected.set(rel, problems);
  }
  return { dir: makeTree(t, files), expected };
}

/** auto's summary.plan must say what its reason says, with figures that add up (see runner/execute/plan.js). */
function assertPlanMatchesReason(plan, files) {
  if (CORES < 2) {
    assert.deepEqual(plan, { mode: 'inline', workers: 0, reason: `${CORES} core: in-process` });
    return;
  }
  const number = '(\\d+(?:\\.\\d+)?)';
  const figures = new RegExp(
    `^${number} ms so far \\+ ${number} files left × ${number} ms \\+ ${number} rule sets? left × ${number} ms: projected ${number} ms (in-process|with the main thread)(.*)$`,
  ).exec(plan.reason);
  assert.ok(figures, `unexpected reason: ${plan.reason}`);
  const [elapsed, remaining, msEach, setsLeft, setMs, projected] = figures.slice(1, 7).map(Number);
  assert.ok(remaining >= 0 && remaining < files, plan.reason);
  const workers = CORES - 1;
  if (plan.mode === 'pool') {
    assert.equal(plan.workers, workers);
    assert.equal(figures[7], 'with the main thread', plan.reason);
    assert.ok(figures[8].startsWith(` and ${workers} worker${workers === 1 ? '' : 's'} (each ~`), plan.reason);
    const inProcess = Number(/, (\d+) ms in-process$/.exec(figures[8])?.[1]);
    assert.ok(
      inProcess - projected >= WORTH_MS - 1,
      `a pool for a saving of ${inProcess - projected} ms: ${plan.reason}`,
    );
  } else {
    assert.equal(plan.mode, 'inline', plan.reason);
    assert.equal(plan.workers, 0);
    // The in-process projection is what has been spent plus the parts it names.
    assert.ok(
      Math.abs(elapsed + remaining * msEach + setsLeft * setMs - projected) <= remaining * 0.0005 + setsLeft * 0.05 + 2,
      plan.reason,
    );
    const pool =
      /^, (\d+) ms with the main thread and \d+ workers? \(each ~(\d+) ms (?:to start, load and warm up|more to load and warm up, taking files for \d+ ms)\): a pool would not pay for its start-up(?:, none started)?$/.exec(
        figures[8],
      );
    assert.ok(pool, plan.reason);
    assert.ok(Number(pool[2]) >= 0, plan.reason); // its start is paid during the sample, in part or whole
    assert.ok(
      remaining === 0 || projected - Number(pool[1]) < WORTH_MS + 1,
      `in-process despite a saving: ${plan.reason}`,
    );
  }
}

// ── 1. parity ──────────────────────────────────────────────────────────────────────────────────────

test('--workers 0, 1, 2 and auto report every kind of result identically, json and default', {
  timeout: 90_000,
}, async (t) => {
  const { dir, expected } = parityTree(t);
  const checks = [
    'data',
    '-s',
    'schemas/item.schema.json',
    '--ref',
    'refs/tag.schema.json',
    '-k',
    'id:string',
    '--validator',
    './checks/custom.js',
  ];
  const json = {};
  const human = {};
  for (const workers of MODES) {
    const report = await runCli([...checks, '-r', 'json', '--verbose', '--workers', workers], { cwd: dir });
    assert.equal(report.code, 1, `--workers ${workers}: ${report.stderr}`);
    assert.equal(report.stderr, '', `--workers ${workers}`);
    json[workers] = parseJsonReport(report.stdout);

    const quiet = await runCli([...checks, '-q', '--workers', workers], { cwd: dir });
    assert.equal(quiet.code, 1, `--workers ${workers}: ${quiet.stderr}`);
    assert.equal(quiet.stderr, '', `--workers ${workers}`);
    assert.match(quiet.stdout, /^Time: {2}\d+\.\d\d s$/m);
    human[workers] = quiet.stdout.replace(/^Time: .*\n/m, '');
  }

  // The in-process run is right, and has every kind of verdict...
  const reference = withoutDurations(json['0'].files);
  assert.equal(reference.length, 300);
  const failing = reference.filter((file) => file.status === 'fail');
  assert.deepEqual(
    failing.map((file) => [file.path, file.problems.map((p) => `${p.validator}:${p.kind}`)]),
    [...expected],
  );
  assert.ok(reference.filter((file) => file.status === 'pass').every((file) => file.problems.length === 0));
  const problemOf = (rel) => failing.find((file) => file.path === rel).problems;
  assert.deepEqual(problemOf('data/item-013.json'), [
    {
      validator: 'json-schema',
      keyword: 'minimum',
      message: 'must be >= 0',
      kind: 'invalid',
      pointer: '/count',
      line: 3,
      column: 12,
      schema: 'schemas/item.schema.json',
    },
  ]);
  assert.deepEqual(problemOf('data/item-017.json'), [
    {
      validator: 'json-schema',
      keyword: 'pattern',
      message: 'must match pattern "^[a-z]+$"',
      kind: 'invalid',
      pointer: '/tag',
      line: 4,
      column: 10,
      schema: 'schemas/item.schema.json',
    },
  ]);
  assert.deepEqual(problemOf('data/item-029.json'), [
    { validator: 'parse', message: 'invalid JSON: the file is empty', line: 1, column: 1, kind: 'parse' },
  ]);
  assert.deepEqual(problemOf('data/item-211.json'), [
    { validator: 'custom', message: 'threw: custom validator blew up', kind: 'error' },
  ]);
  const counts = {
    total: 300,
    passed: 300 - expected.size,
    failed: expected.size,
    skipped: 0,
    onlyParsed: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    warnings: 0,
  };
  assert.equal(filesLine(human['0']), `Files: ${expected.size} failed, ${300 - expected.size} passed, 300 total`);
  assert.deepEqual(failedPaths(human['0']), [...expected.keys()]);

  // ...and every other mode says exactly the same.
  for (const workers of MODES) {
    assert.deepEqual(withoutDurations(json[workers].files), reference, `--workers ${workers}: files`);
    const { durationMs, plan, ...summary } = json[workers].summary;
    assert.deepEqual(summary, counts, `--workers ${workers}: summary`);
    assert.equal(human[workers], human['0'], `--workers ${workers}: default reporter`);
  }
  assert.deepEqual(json['0'].summary.plan, { mode: 'inline', workers: 0, reason: '--workers 0: in-process' });
  assert.deepEqual(json['1'].summary.plan, { mode: 'pool', workers: 1, reason: '--workers 1: a pool of 1' });
  assert.deepEqual(json['2'].summary.plan, { mode: 'pool', workers: 2, reason: '--workers 2: a pool of 2' });
  const auto = json.auto.summary.plan;
  assertPlanMatchesReason(auto, 300);
  // Every file is slow, the sample projects ~1.2 s of work left: with a spare core, auto pools.
  if (CORES >= 2) assert.equal(auto.mode, 'pool', auto.reason);
});

// ── 2. chaos ───────────────────────────────────────────────────────────────────────────────────────

test('--chaos-monkey 0.2 --chaos-seed 7 fails the same files, kind chaos, for workers 0, 1, 2 and auto', {
  timeout: 60_000,
}, async (t) => {
  const files = { 'checks/slow.js': `${slowFiles(4)}export default function (doc) { slowly(doc); }\n` };
  const paths = [];
  for (let i = 0; i < 300; i++) {
    paths.push(`c/${pad(i)}.json`);
    files[paths.at(-1)] = JSON.stringify({ n: i, ...(i < 8 && { slow: true }) });
  }
  const dir = makeTree(t, files);
  const hit = paths.filter((rel) => chaosHits({ probability: 0.2, seed: '7' }, rel));
  assert.ok(hit.length > 30 && hit.length < 90, `${hit.length} hits`);
  const chaosProblem = {
    validator: 'chaos-monkey',
    message: 'chaos monkey: injected throw (probability 0.2, seed 7)',
    kind: 'chaos',
  };

  for (const workers of MODES) {
    const run = await runCli(
      [
        'c',
        '--validator',
        './checks/slow.js',
        '--chaos-monkey',
        '0.2',
        '--chaos-seed',
        '7',
        '-q',
        '-r',
        'json',
        '--workers',
        workers,
      ],
      { cwd: dir },
    );
    assert.equal(run.code, 1, `--workers ${workers}: ${run.stderr}`);
    const { files: failing, summary } = parseJsonReport(run.stdout);
    assert.deepEqual(
      failing,
      hit.map((rel) => ({ path: rel, status: 'fail', problems: [chaosProblem] })),
      `--workers ${workers}`,
    );
    assert.equal(summary.failed, hit.length);
    assert.equal(summary.passed, 300 - hit.length);
    assert.equal(summary.unchecked, 0);
    if (workers === 'auto') assertPlanMatchesReason(summary.plan, 300);
    else assert.equal(summary.plan.mode, workers === '0' ? 'inline' : 'pool');
  }
});

// ── 3. bail ────────────────────────────────────────────────────────────────────────────────────────

test('--bail 2 in a pool reports the first two failing files in path order, and the process exits by itself', {
  timeout: 60_000,
}, async (t) => {
  // Every 7th file fails. The first failing file is slow: the second worker finds later failures
  // first, and they must wait, then be dropped.
  const files = {
    'checks/v.js': `export default function (doc) {
  if (doc.i === 3) { const end = performance.now() + 200; while (performance.now() < end); }
  if (doc.bad) return ['bad ' + doc.i];
}
`,
  };
  for (let i = 0; i < 400; i++) files[`data/f-${pad(i)}.json`] = JSON.stringify({ i, bad: i % 7 === 3 });
  const dir = makeTree(t, files);
  const args = ['data', '--validator', './checks/v.js', '--bail', '2', '-r', 'json'];

  const pooled = await runCli([...args, '--workers', '2'], { cwd: dir, timeout: 20_000 });
  assert.equal(pooled.code, 1, pooled.stderr);
  assert.equal(pooled.stderr, '');
  const { files: failing, summary } = parseJsonReport(pooled.stdout);
  assert.deepEqual(
    failing.map((file) => file.path),
    ['data/f-003.json', 'data/f-010.json'],
  );
  assert.deepEqual(failing[1].problems, [{ validator: 'v', message: 'bad 10', kind: 'invalid' }]);
  assert.equal(summary.bailed, true);
  assert.equal(summary.failed, 2);
  assert.equal(summary.passed, 9, 'the passing files before the second failure, no more');
  assert.ok(summary.unchecked > 0, `unchecked ${summary.unchecked}`);
  assert.equal(summary.passed + summary.failed + summary.unchecked, 400);
  assert.deepEqual(summary.plan, { mode: 'pool', workers: 2, reason: '--workers 2: a pool of 2' });

  const inline = await runCli([...args, '--workers', '0'], { cwd: dir, timeout: 20_000 });
  assert.equal(inline.code, 1);
  const reference = parseJsonReport(inline.stdout);
  assert.deepEqual(failing, reference.files);
  const { durationMs: _a, plan: _b, ...pooledCounts } = summary;
  const { durationMs: _c, plan: _d, ...inlineCounts } = reference.summary;
  assert.deepEqual(pooledCounts, inlineCounts);
});

test('--bail in a pool stops the workers between two files instead of letting them finish their batches', {
  timeout: 60_000,
}, async (t) => {
  // Two workers. The first takes the first batch, whose files 1 and 2 fail: the bail. Before it
  // returns file 2's failure, it waits until the other worker is inside a check of a later batch,
  // which lasts until the bail has reached the workers (the pool's stop flag, which each worker
  // reads between two files). Each worker writes the files it checks to checked.log. The bail must
  // reach the other worker after the file it is on: it checks exactly that one file, not the rest of
  // its batch nor the batches it was given before the bail. Nothing here depends on how long anything takes.
  const files = {
    'checks/v.js': `import fs from 'node:fs';
import { threadId, workerData } from 'node:worker_threads';
const at = (name) => new URL('../' + name, import.meta.url);
// The pool's stop flag, 1 once the main thread has bailed (runner/execute/pool.js); no workerData in
// the main thread, should it load this module.
const stopped = new Int32Array(workerData?.stop ?? new SharedArrayBuffer(4));
const nap = new Int32Array(new SharedArrayBuffer(4));
// Waits for \`done\`, 2 ms at a time; after 15 s, gives up, which the test reports.
const waitFor = (done) => {
  for (let left = 7500; left > 0; left--) { if (done()) return true; Atomics.wait(nap, 0, 0, 2); }
  return false;
};
export default function (doc) {
  fs.appendFileSync(at('checked.log'), threadId + ' ' + doc.i + '\\n');
  if (doc.i === 1) return ['bad 1'];
  if (doc.i === 2) {
    fs.writeFileSync(at('bailing-thread'), String(threadId));
    if (!waitFor(() => fs.existsSync(at('other-worker-waits')))) return ['no other worker took a batch'];
    return ['bad 2'];
  }
  if (doc.i < 2) return;
  // A file after the failures, on the other worker: wait for the bail (file 2's worker goes on fast).
  if (!waitFor(() => fs.existsSync(at('bailing-thread')))) return ['file 2 was never checked'];
  if (fs.readFileSync(at('bailing-thread'), 'utf8') === String(threadId)) return;
  fs.writeFileSync(at('other-worker-waits'), String(doc.i));
  if (!waitFor(() => Atomics.load(stopped, 0) === 1)) return ['the bail never reached this worker'];
}
`,
  };
  for (let i = 0; i < 64; i++) files[`data/f-${pad(i)}.json`] = JSON.stringify({ i });
  const dir = makeTree(t, files);
  const run = await runCli(['data', '--validator', './checks/v.js', '--bail', '2', '-r', 'json', '--workers', '2'], {
    cwd: dir,
    timeout: 30_000,
  });
  assert.equal(run.code, 1, run.stderr);
  const { files: failing, summary } = parseJsonReport(run.stdout);
  assert.deepEqual(
    failing.map((file) => [file.path, file.problems.map((problem) => problem.message)]),
    [
      ['data/f-001.json', ['bad 1']],
      ['data/f-002.json', ['bad 2']],
    ],
  );
  assert.equal(summary.bailed, true);
  assert.equal(summary.unchecked, 64 - 3);

  const bailing = fs.readFileSync(path.join(dir, 'bailing-thread'), 'utf8');
  const checked = fs
    .readFileSync(path.join(dir, 'checked.log'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(' '));
  const byOther = checked.filter(([thread]) => thread !== bailing).map(([, i]) => Number(i));
  const waited = Number(fs.readFileSync(path.join(dir, 'other-worker-waits'), 'utf8'));
  assert.ok(waited > 2, `the other worker waited on file ${waited}`);
  assert.deepEqual(
    byOther.filter((i) => i > 2),
    [waited],
    'after the bail, the other worker checked no file past the one it was on',
  );
});

// ── 4. a worker that dies ──────────────────────────────────────────────────────────────────────────

const KILLERS = {
  'calls process.exit(3)': ['process.exit(3);', /worker exited with code: 3/],
  'throws from a setTimeout': ["setTimeout(() => { throw new Error('stray timer'); });", /stray timer/],
  'leaves a promise rejection unhandled': ["Promise.reject(new Error('stray rejection'));", /stray rejection/],
};

for (const [how, [kill, cause]] of Object.entries(KILLERS)) {
  test(`a validator that ${how} on one file fails that file with kind error, "worker died"; the others keep their verdicts`, {
    timeout: 60_000,
  }, async (t) => {
    const files = {
      'checks/killer.js': `export default function (doc, ctx) {
  if (ctx.path === 'data/f-137.json') ${kill}
  if (doc.bad) return ['bad'];
}
`,
    };
    for (let i = 0; i < 200; i++)
      files[`data/f-${pad(i)}.json`] = JSON.stringify({ i, ...(i === 50 && { bad: true }) });
    const dir = makeTree(t, files);
    const run = await runCli(['data', '--validator', './checks/killer.js', '-r', 'json', '--workers', '2'], {
      cwd: dir,
      timeout: 30_000,
    });
    assert.equal(run.code, 1, run.stderr);
    assert.equal(run.stderr, '');
    const { files: failing, summary } = parseJsonReport(run.stdout);
    assert.deepEqual(
      failing.map((file) => file.path),
      ['data/f-050.json', 'data/f-137.json'],
    );
    assert.deepEqual(failing[0].problems, [{ validator: 'killer', message: 'bad', kind: 'invalid' }]);
    const [died] = failing[1].problems;
    assert.equal(failing[1].problems.length, 1);
    assert.equal(died.kind, 'error');
    assert.match(died.message, /worker died/);
    assert.match(died.message, cause);
    const { durationMs, plan, ...counts } = summary;
    assert.deepEqual(counts, {
      total: 200,
      passed: 198,
      failed: 2,
      skipped: 0,
      onlyParsed: 0,
      unchecked: 0,
      bailed: false,
      interrupted: false,
      warnings: 0,
    });
    assert.equal(counts.passed + counts.failed, counts.total);
  });
}

// ── 5. Ctrl-C ──────────────────────────────────────────────────────────────────────────────────────

test('SIGINT during a pool run exits 130 with the partial summary', { timeout: 60_000 }, async (t) => {
  const files = {
    'checks/slow.js':
      'export default function () { const end = performance.now() + 2; while (performance.now() < end); }\n',
  };
  for (let i = 0; i < 3000; i++) files[`data/f-${pad(i, 4)}.json`] = `{"i": ${i}}`;
  const dir = makeTree(t, files);
  const running = runCli(['data', '--validator', './checks/slow.js', '--workers', '2', '--verbose'], {
    cwd: dir,
    timeout: 30_000,
  });
  // Interrupted once the pool has delivered its first results, ~3 s before it would be done: room
  // for a loaded machine to hear the signal late (the run ends soon after it, so this costs no time).
  let seen = '';
  let interrupted = false;
  running.child.stdout.on('data', (chunk) => {
    seen += chunk;
    if (!interrupted && /^PASS /m.test(seen)) {
      interrupted = true;
      running.child.kill('SIGINT');
    }
  });
  const run = await running;
  assert.ok(interrupted, 'no result came before the run ended');
  assert.equal(run.code, 130, run.stdout.slice(-500));
  assert.equal(run.signal, null);
  assert.equal(run.stderr, '');
  const line = /^Files: (\d+) not checked, (\d+) passed, 3000 total$/.exec(filesLine(run.stdout));
  assert.ok(line, filesLine(run.stdout));
  const [unchecked, passed] = [Number(line[1]), Number(line[2])];
  assert.ok(unchecked > 0 && passed > 0, filesLine(run.stdout));
  assert.equal(unchecked + passed, 3000);
  assert.equal(run.stdout.match(/^PASS /gm).length, passed, 'every result counted was printed');
  assert.match(run.stdout, /^Plan: pool \(2 workers\): --workers 2: a pool of 2$/m);
  assert.match(run.stdout, /^Interrupted: the summary is partial\.$/m);
});

// ── 6. configuration errors found in a worker ─────────────────────────────────────────────────────

function dataTree(t, extra = {}, count = 200) {
  const files = { ...extra };
  for (let i = 0; i < count; i++) files[`data/f-${pad(i)}.json`] = JSON.stringify({ i });
  return makeTree(t, files);
}

test('an invalid schema found by the workers fails its files and exits 2 with one line naming the schema, as in-process', {
  timeout: 60_000,
}, async (t) => {
  const dir = dataTree(t, { 'schemas/banana.schema.json': '{"type": "banana"}' });
  const args = ['data', '-s', 'schemas/banana.schema.json'];
  const pooled = await runCli([...args, '--workers', '2'], { cwd: dir, timeout: 20_000 });
  assert.equal(
    unusableSchema(pooled),
    'schema schemas/banana.schema.json:1:10 is invalid: /type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or be array',
  );
  const inline = await runCli([...args, '--workers', '0'], { cwd: dir, timeout: 20_000 });
  assert.equal(inline.code, 2);
  assert.equal(inline.stderr, pooled.stderr);
  assert.equal(inline.stdout.replace(/^Time:.*$/m, ''), pooled.stdout.replace(/^Time:.*$/m, ''));
});

test('-r json: a configuration error found before any file is checked leaves nothing on stdout', async (t) => {
  const dir = dataTree(t, {}, 20);
  for (const workers of ['0', '2']) {
    const run = await runCli(['data', '--validator', './missing.js', '-r', 'json', '--workers', workers], {
      cwd: dir,
      timeout: 20_000,
    });
    assert.equal(run.code, 2);
    assert.equal(run.stdout, '', `--workers ${workers}`);
    assert.match(oneLine(run.stderr), /^validator module .*missing\.js cannot be loaded: not found$/);
  }
});

test('an unexpected error while a worker compiles the rules is an internal error, as in-process, not a worker death', {
  timeout: 60_000,
}, async (t) => {
  // ajv throws (not a UsageError) when a rule declares a keyword ajv already has.
  const dir = dataTree(
    t,
    {
      's.json': '{"type": "object"}',
      '.filecheckrc.json': JSON.stringify({
        rules: [{ files: ['data/*.json'], schema: 's.json', ajv: { keywords: ['type'] } }],
      }),
    },
    50,
  );
  const runs = {};
  for (const workers of ['0', '2']) {
    runs[workers] = await runCli(['--workers', workers], { cwd: dir, timeout: 20_000 });
    assert.equal(runs[workers].code, 2, `--workers ${workers}: ${runs[workers].stdout}`);
    assert.equal(runs[workers].stdout, '', `--workers ${workers}`);
    assert.doesNotMatch(runs[workers].stderr, /worker died/);
  }
  const firstLine = (text) => text.split('\n')[0];
  assert.match(
    firstLine(runs['0'].stderr),
    /^filecheck: internal error \(please report it\): Error: Keyword type is already defined$/,
  );
  assert.equal(firstLine(runs['2'].stderr), firstLine(runs['0'].stderr));
});

test('run(): a reporter that throws in the pool rejects the promise, as in-process, instead of killing the process', {
  timeout: 60_000,
}, async (t) => {
  const api = pathToFileURL(path.join(REPO, 'runner', 'index.js')).href;
  const dir = dataTree(t, {
    'api.mjs': `import { run } from ${JSON.stringify(api)};
const workers = process.argv[2] === 'auto' ? 'auto' : Number(process.argv[2]);
const reporter = { onFileResult(result) { if (result.path === 'data/f-100.json') throw new Error('reporter broke'); } };
try {
  const summary = await run({ patterns: ['data'], workers, reporters: [reporter] });
  console.log('resolved', JSON.stringify(summary));
} catch (error) {
  console.log('rejected:', error.message);
}
`,
  });
  for (const workers of ['0', '2']) {
    const { code, stdout, stderr } = await new Promise((resolve) => {
      execFile(
        process.execPath,
        ['api.mjs', workers],
        { cwd: dir, env: cliEnv(), timeout: 20_000 },
        (error, out, err) => resolve({ code: error ? error.code : 0, stdout: out, stderr: err }),
      );
    });
    assert.equal(stderr, '', `--workers ${workers}`);
    assert.equal(stdout, 'rejected: reporter broke\n', `--workers ${workers}`);
    assert.equal(code, 0, `--workers ${workers}`);
  }
});

// ── 7. --workers ───────────────────────────────────────────────────────────────────────────────────

test('--workers takes auto, 0 or a whole number: -1 and lots exit 2', async (t) => {
  const dir = dataTree(t, {}, 3);
  for (const value of ['-1', 'lots']) {
    const run = await runCli(['data', '--workers', value], { cwd: dir });
    assert.equal(run.code, 2, value);
    assert.equal(run.stdout, '', value);
    assert.equal(oneLine(run.stderr), `--workers takes auto, 0 or a number of workers, not "${value}"`);
  }
});

test('"workers": 2 in the config makes a pool of 2; --workers 0 overrides it; "workers": -1 exits 2', async (t) => {
  const dir = dataTree(
    t,
    { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/*.json'], require: ['i:number'] }], workers: 2 }) },
    20,
  );
  const fromConfig = await runCli(['-r', 'json'], { cwd: dir });
  assert.equal(fromConfig.code, 0, fromConfig.stderr);
  const pooled = parseJsonReport(fromConfig.stdout).summary;
  assert.equal(pooled.plan.mode, 'pool');
  assert.equal(pooled.plan.workers, 2);
  assert.match(pooled.plan.reason, /a pool of 2$/);
  assert.equal(pooled.passed, 20);

  const overridden = await runCli(['-r', 'json', '--workers', '0'], { cwd: dir });
  assert.equal(overridden.code, 0, overridden.stderr);
  const inline = parseJsonReport(overridden.stdout).summary;
  assert.deepEqual(inline.plan, { mode: 'inline', workers: 0, reason: '--workers 0: in-process' });
  assert.equal(inline.passed, 20);

  const negative = dataTree(
    t,
    { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/*.json'] }], workers: -1 }) },
    3,
  );
  const invalid = await runCli([], { cwd: negative });
  assert.equal(invalid.code, 2);
  assert.equal(invalid.stdout, '');
  assert.match(oneLine(invalid.stderr), /\.filecheckrc\.json: workers /);
});

test('compilesManySchemas: the workers get the young generation of compiling when their files compile schema after schema', () => {
  const rules = [
    { id: 0, schema: '/s/a.json' },
    { id: 1, schema: '/s/b.json' },
    { id: 2, require: ['title'] },
    { id: 3, selection: { catalogs: ['/c.json'] } },
    { id: 4, schema: '/s/a.json', require: ['title'] },
  ];
  // discover.js gives the files of one rule set one shared array.
  const [a, b, keys, aAndKeys, chosen, aAgain] = [[0], [1], [2], [0, 2], [3], [4]];
  const files = (...sets) => sets.flatMap((set) => [{ rules: set }, { rules: set }]);
  const cases = [
    ['one schema, many files (a docs site)', files(a), false],
    ['one schema in two sets, and in two rules', files(a, aAndKeys, aAgain), false],
    ['required keys only', files(keys), false],
    ['a schema per rule (configuration files)', files(a, b, keys), true],
    ['schemas chosen per file (a catalog, $schema)', files(chosen), true],
    ['no files', [], false],
  ];
  for (const [why, input, expected] of cases) assert.equal(compilesManySchemas(input, rules), expected, why);
});
