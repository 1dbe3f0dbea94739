// runner/execute/plan.js: how a run is executed, as a pure function of measurable inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  budgetSpent,
  plan,
  project,
  WORKER_START_MS,
  WORKER_PACE,
  JSON_WORKER_PACE,
  WORTH_MS,
  FIRST_WORTH_MS,
  FIRST_SAMPLE,
  SAMPLE,
} from '../../runner/execute/plan.js';

const sample = (files, checkMs, compileMs = 0) => ({ files, checkMs, compileMs });
const sum = (xs) => xs.reduce((a, b) => a + b, 0);
// A docs site's Markdown, one front-matter schema (issue 14 item 6): 400 files sampled, the first
// half cold (0.6 ms a file, a 6 ms pause every 8 files while V8 optimises the YAML parser), the
// later half warm (0.16 ms, a 3 ms pause every 10 files). The sample's mean is 0.86 ms.
const docsCosts = [
  ...Array.from({ length: 200 }, (_, i) => (i % 8 === 7 ? 6 : 0.6)),
  ...Array.from({ length: 200 }, (_, i) => (i % 10 === 9 ? 3 : 0.16)),
];
const docsSite = { files: 400, checkMs: sum(docsCosts), compileMs: 95, costs: docsCosts, setCosts: [0], loadMs: 95 };
// A repository of 320 SchemaStore schemas, a rule and a few files each: 16 rule sets sampled (the
// first loads ajv; compiling warms up, 130 ms down to ~45), 60 more files at ~0.1 ms (2 ms pauses).
const schemaCosts = Array.from({ length: 60 }, (_, i) => (i % 10 === 9 ? 2 : 0.1));
const manySchemas = {
  files: 76,
  checkMs: sum(schemaCosts) + 80,
  compileMs: 830,
  costs: schemaCosts,
  setCosts: [130, 87, 56, 48, 48, 71, 54, 47, 49, 40, 45, 38, 50, 35, 42, 44],
  loadMs: 0,
};

test('plan: the decision for each kind of run', async (t) => {
  // [why, input, expected mode, expected workers, a word the reason must contain]
  const cases = [
    ['--workers 0 is in-process', { files: 50_000, requested: 0, cores: 8 }, 'inline', 0, '--workers 0'],
    ['--workers N is a pool of N', { files: 50_000, requested: 3, cores: 2 }, 'pool', 3, 'pool of 3'],
    ['--workers N never exceeds the files', { files: 2, requested: 8, cores: 8 }, 'pool', 2, 'pool of 2'],
    [
      '--workers N with nothing to check (every file cached) starts no worker',
      { files: 0, requested: 2, cores: 8 },
      'inline',
      0,
      'no file',
    ],
    ['auto on one core is in-process', { files: 50_000, requested: 'auto', cores: 1 }, 'inline', 0, '1 core'],
    ['auto on a few files starts nothing', { files: 10, requested: 'auto', cores: 2 }, 'inline', 0, '10 files'],
    ['auto on many files measures first', { files: 4057, requested: 'auto', cores: 2 }, 'sample', 0, 'measuring'],
    [
      'cheap files, few left: in-process',
      { files: 600, requested: 'auto', cores: 2, sample: sample(500, 5) },
      'inline',
      0,
      'would not pay',
    ],
    [
      'kumadocs-like: pool of cores - 1 beside the main thread',
      { files: 4057, requested: 'auto', cores: 2, sample: sample(90, 15) },
      'pool',
      1,
      'main thread and 1 worker',
    ],
    [
      'tiny files, many of them: pool',
      { files: 50_000, requested: 'auto', cores: 2, sample: sample(500, 10) },
      'pool',
      1,
      '49500 files left',
    ],
    [
      '8 cores: 7 workers',
      { files: 50_000, requested: 'auto', cores: 8, sample: sample(500, 6) },
      'pool',
      7,
      '7 workers',
    ],
    [
      'all files measured already: in-process',
      { files: 400, requested: 'auto', cores: 2, sample: sample(400, 15) },
      'inline',
      0,
      '0 files left',
    ],
    // A check that may never return can be stopped only in a worker: auto runs every file there.
    [
      'auto, custom validators under a file timeout: a pool of cores',
      { files: 10, requested: 'auto', cores: 2, hang: 'custom validators' },
      'pool',
      2,
      'custom validators under a file timeout: a pool of 2',
    ],
    [
      "auto, the chaos monkey's hangs: a pool, even on one core",
      { files: 5000, requested: 'auto', cores: 1, hang: "the chaos monkey's hangs" },
      'pool',
      1,
      'can be stopped',
    ],
    [
      'auto, a hang risk: no more workers than files',
      { files: 3, requested: 'auto', cores: 8, hang: 'custom validators' },
      'pool',
      3,
      'a pool of 3',
    ],
    [
      'auto, a hang risk, no files: nothing to start',
      { files: 0, requested: 'auto', cores: 8, hang: 'custom validators' },
      'inline',
      0,
      'no file',
    ],
    [
      'auto, a hang risk, a sample already taken: still the pool',
      { files: 600, requested: 'auto', cores: 2, hang: 'custom validators', sample: sample(500, 5) },
      'pool',
      2,
      'can be stopped',
    ],
    [
      '--workers 0 with a hang risk stays in-process (a true hang cannot be stopped there)',
      { files: 50, requested: 0, cores: 8, hang: 'custom validators' },
      'inline',
      0,
      '--workers 0',
    ],
    [
      '--workers N with a hang risk is still a pool of N',
      { files: 50, requested: 3, cores: 8, hang: 'custom validators' },
      'pool',
      3,
      'pool of 3',
    ],
    [
      'a costly compile counts against the pool',
      { files: 2000, requested: 'auto', cores: 2, sample: sample(100, 15, 2000) },
      'inline',
      0,
      'would not pay',
    ],
    // Issue 14 item 6: compilation is projected, from the rule sets still to compile.
    [
      'many schemas: the rule sets left are projected, and their compiling shared',
      { files: 1541, requested: 'auto', cores: 2, setsLeft: 304, sample: manySchemas },
      'pool',
      1,
      '304 rule sets left × 42.8 ms',
    ],
    [
      'many schemas, few files left: the rule sets left alone make the pool pay',
      { files: 200, requested: 'auto', cores: 2, setsLeft: 40, sample: manySchemas },
      'pool',
      1,
      '40 rule sets left',
    ],
    [
      'many schemas, a few rule sets left: not worth a pool',
      { files: 200, requested: 'auto', cores: 2, setsLeft: 3, sample: manySchemas },
      'inline',
      0,
      '3 rule sets left',
    ],
    [
      'every rule set compiled already: only the files are left',
      { files: 600, requested: 'auto', cores: 2, setsLeft: 0, sample: { ...manySchemas, files: 500 } },
      'inline',
      0,
      '0 rule sets left',
    ],
    // Issue 14 item 6: the sample's warm-up is not taken for every file's cost.
    [
      'docs site: a file is projected at its warm cost',
      { files: 12_899, requested: 'auto', cores: 2, sample: docsSite },
      'pool',
      1,
      '12499 files left × 0.160 ms',
    ],
    [
      "docs site, 3,000 files: a worker's warm-up eats the saving",
      { files: 3000, requested: 'auto', cores: 2, sample: docsSite },
      'inline',
      0,
      'would not pay',
    ],
  ];
  for (const [why, input, mode, workers, word] of cases) {
    await t.test(why, () => {
      const chosen = plan(input);
      assert.equal(chosen.mode, mode, chosen.reason);
      assert.equal(chosen.workers, workers);
      assert.ok(
        chosen.reason.includes(word),
        `${JSON.stringify(chosen.reason)} should mention ${JSON.stringify(word)}`,
      );
      assert.deepEqual(Object.keys(chosen).sort(), ['mode', 'reason', 'workers']);
    });
  }
});

test('plan: the pool is chosen only when the projected saving beats the start-up cost', () => {
  // 1 worker beside the main thread adds WORKER_PACE to its pace, once started (what is left of its
  // start after the sample, W/9 here): the work W takes (W + pace × start) / (1 + pace), which saves
  // WORTH_MS when W - start = WORTH_MS × (1 + pace) / pace.
  const at = (projectedMs) =>
    plan({ files: 1000, requested: 'auto', cores: 2, sample: sample(100, (projectedMs * 100) / 900) }).mode;
  const target = (WORTH_MS * (1 + WORKER_PACE)) / WORKER_PACE;
  const even = target >= 9 * WORKER_START_MS ? target : ((target + WORKER_START_MS) * 9) / 10;
  assert.equal(at(even - 1), 'inline');
  assert.equal(at(even + 1), 'pool');
});

test('plan: the projection (issue 14 item 6)', async (t) => {
  await t.test("counts compilation: rule sets left × a set's cost", () => {
    const p = project({ ...manySchemas, elapsedMs: 950 }, 1465, 304, 1);
    // Sets 2-16's later half (the first also loads ajv), less a file's warm cost.
    assert.equal(p.setMs.toFixed(2), (sum(manySchemas.setCosts.slice(8)) / 8 - p.warmMs).toFixed(2));
    assert.ok(p.inlineMs > 950 + 304 * 40, `${p.inlineMs}`);
    // Before: 1530 files × the sample's 1.4 ms a file, 2.2 s for a 13 s run.
    assert.ok(p.inlineMs > 6 * 2200);
    // The compiling is shared too, a worker being slower at it and adding a part of a thread's pace.
    const pace = WORKER_PACE / (1 + 0.3 * ((304 * p.setMs) / p.workMs)); // 1.3× slower at compiling
    assert.equal(Math.round(p.poolMs), Math.round(950 + (p.workMs + pace * p.perWorkerMs) / (1 + pace)));
    assert.ok(p.inlineMs - p.poolMs > 1000, `${p.poolMs} / ${p.inlineMs}`);
  });
  await t.test("a file's warm cost leaves the sample's first half and its pauses out", () => {
    const p = project({ ...docsSite, elapsedMs: 440 }, 12_499, 0, 1);
    assert.equal(p.warmMs.toFixed(3), '0.160');
    assert.equal(Math.round(p.inlineMs), Math.round(440 + 12_499 * 0.16));
    // Before: the sample's mean, 0.86 ms a file: 10.7 s projected for a 2.2 s run.
    assert.ok(docsSite.checkMs / docsSite.files > 5 * p.warmMs);
  });
  await t.test('a worker pays to start, to load and compile the one rule set, and its own warm-up', () => {
    const one = project({ ...docsSite, elapsedMs: 440 }, 12_499, 0, 1);
    const excess = docsSite.checkMs - 400 * 0.16;
    assert.ok(one.perWorkerMs > docsSite.loadMs + excess, `${one.perWorkerMs}`); // its start: during the sample
    // The warm-up grows with the files a worker checks.
    const fewer = project({ ...docsSite, elapsedMs: 440 }, 2_600, 0, 1);
    assert.ok(fewer.perWorkerMs < one.perWorkerMs);
  });
  await t.test("a few costs only: the sample's mean", () => {
    const p = project({ files: 3, checkMs: 3, compileMs: 10, costs: [1, 1, 1] }, 100, 0, 1);
    assert.equal(p.warmMs, 1);
  });
  await t.test(
    "a few costs only: the first file of the rule set (its check in checkMs, not in costs) is no file's warm cost",
    () => {
      // mdn/browser-compat-data: the first file's check took 63.8 ms (V8 compiling its large schema's
      // code on the first call), the next 0.15 ms each; 3,027 files left were projected at 12.9 ms each.
      const p = project({ files: 5, checkMs: 64.4, compileMs: 80, costs: [0.15, 0.15, 0.15, 0.15] }, 3027, 0, 1);
      assert.equal(p.warmMs.toFixed(2), '0.15');
    },
  );
});

// Issue 25: gohugoio/hugoDocs, 993 small pages (median 790 bytes), one front-matter schema: its first
// 100 files measured before any worker starts, cold (0.5 ms, a 4 ms pause every 10) then warm
// (0.18 ms, a 2 ms pause every 10); loading YAML's parser and compiling the schema 70 ms.
const hugoCosts = [
  ...Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? 4 : 0.5)),
  ...Array.from({ length: 50 }, (_, i) => (i % 10 === 9 ? 2 : 0.18)),
];
const hugoFirst = {
  files: 100,
  checkMs: sum(hugoCosts),
  compileMs: 70,
  costs: hugoCosts,
  setCosts: [10],
  loadMs: 60,
  elapsedMs: 180,
  first: true,
};

// Issue 25 point 15: kumadocs (4,057 JSON files of 20-80 KB, one schema kept compiled), its first 100
// files measured alone on Node 24: 0.1 ms a file over the first half (a 0.5 ms pause every 10), then
// 0.048 ms; the rule set's compiling and first check 6.3 ms.
const kumadocsCosts = [...Array.from({ length: 50 }, (_, i) => (i % 10 === 4 ? 0.5 : 0.1)), ...Array(49).fill(0.048)];
const kumadocsFirst = {
  files: 100,
  checkMs: sum(kumadocsCosts) + 0.3,
  compileMs: 5.2,
  costs: kumadocsCosts,
  setCosts: [6.3],
  loadMs: 0,
  elapsedMs: 25,
  first: true,
};

test('plan: JSON files, which no parser module reads, gain more from a worker (JSON_WORKER_PACE)', async (t) => {
  assert.ok(JSON_WORKER_PACE > WORKER_PACE);
  await t.test("kumadocs' 4,057 files start the workers, clear of the line", () => {
    const p = plan({ files: 4057, requested: 'auto', cores: 2, sample: kumadocsFirst, allJson: true });
    assert.deepEqual([p.mode, p.workers], ['sample', 0]);
    const { inlineMs, poolMs } = project(kumadocsFirst, 3957, 0, 1, JSON_WORKER_PACE);
    assert.ok(inlineMs - poolMs > FIRST_WORTH_MS, `${inlineMs - poolMs}`);
  });
  await t.test("the same files read by a parser module are projected at a thread's usual pace", () => {
    const p = plan({ files: 4057, requested: 'auto', cores: 2, sample: kumadocsFirst });
    assert.equal(p.mode, 'inline');
  });
  await t.test('half of them stay in-process: workers booted for nothing cost more than they save', () => {
    const p = plan({ files: 2030, requested: 'auto', cores: 2, sample: kumadocsFirst, allJson: true });
    assert.equal(p.mode, 'inline');
    assert.match(p.reason, /none started$/);
  });
});

test('plan: the first files, measured before any worker starts (issue 25)', async (t) => {
  await t.test('a docs site of 1,000 small pages: in-process, no worker started', () => {
    const p = plan({ files: 993, requested: 'auto', cores: 2, sample: hugoFirst });
    assert.equal(p.mode, 'inline');
    assert.match(p.reason, /would not pay for its start-up, none started$/);
  });
  await t.test('the same pages, 12,899 of them: the workers start, and the sample goes on beside them', () => {
    const p = plan({ files: 12_899, requested: 'auto', cores: 2, sample: hugoFirst });
    assert.deepEqual([p.mode, p.workers], ['sample', 0]);
    assert.match(p.reason, /a pool may pay, its workers start$/);
  });
  await t.test("before any worker starts, a worker's whole start is projected", () => {
    const before = project(hugoFirst, 893, 0, 1);
    const after = project({ ...hugoFirst, first: false }, 893, 0, 1);
    assert.equal(Math.round(before.perWorkerMs - after.perWorkerMs), WORKER_START_MS);
  });
  await t.test('the first files start the workers only for twice the saving that keeps them (FIRST_WORTH_MS)', () => {
    // hugoDocs' first pages with their schema kept compiled: no rule set's compiling in the sample.
    const kept = { ...hugoFirst, compileMs: 34, loadMs: 34, setCosts: [0], elapsedMs: 87 };
    const saving = (files) => {
      const p = project(kept, files - kept.files, 0, 1);
      return p.inlineMs - p.poolMs;
    };
    let files = kept.files + 1;
    while (saving(files) < WORTH_MS) files++;
    assert.ok(saving(files) < FIRST_WORTH_MS, `${saving(files)} ms saved by ${files} files`);
    assert.equal(plan({ files, requested: 'auto', cores: 2, sample: kept }).mode, 'inline');
    assert.equal(plan({ files, requested: 'auto', cores: 2, sample: { ...kept, first: false } }).mode, 'pool');
    while (saving(files) < FIRST_WORTH_MS) files++;
    assert.equal(plan({ files, requested: 'auto', cores: 2, sample: kept }).mode, 'sample');
  });
  await t.test('the first files are few, and the compiling bounded (a schema per file)', () => {
    assert.ok(FIRST_SAMPLE.files <= 100 && FIRST_SAMPLE.checkMs <= 100 && FIRST_SAMPLE.compileMs <= 300);
  });
});

// 3,758 configuration files of nine repositories through SchemaStore's catalog (one rule set, the
// schemas chosen file by file): the first 100 files, 22 of which compiled a schema or a $ref (the
// run met 124, its warm files took 0.22 ms each and every thread compiling ~1.5 s).
const catalogCosts = [
  3.07,
  1.19,
  1.67,
  1.27,
  1.04,
  4.99,
  5.28,
  3.89,
  2.34,
  1.38,
  1.82,
  1.23,
  0.87,
  0.44,
  0.28,
  0.16,
  0.14,
  0.12,
  0.16,
  0.83,
  ...Array.from({ length: 56 }, (_, i) => (i % 9 === 8 ? 0.5 : 0.13)),
];
const catalogFirst = {
  files: 100,
  checkMs: 44.3,
  compileMs: 337,
  loadMs: 64.4,
  costs: catalogCosts,
  setCosts: [273.9],
  compiled: 22,
  compiledMs: 220.3,
  elapsedMs: 422,
  first: true,
};

test("plan: schemas chosen file by file are compiled again by every thread (SchemaStore's catalog)", async (t) => {
  await t.test('what is left to compile is projected for each thread, and the run stays in-process', () => {
    const p = plan({ files: 3755, requested: 'auto', cores: 2, sample: catalogFirst });
    assert.equal(p.mode, 'inline');
    assert.match(p.reason, /ms of schemas still to compile \(in each thread\)/);
    assert.match(p.reason, /none started$/);
  });
  await t.test(
    'the compiling left grows as the 0.3 power of the files, and the pool pays it once more per worker',
    () => {
      const one = project(catalogFirst, 3655, 0, 1);
      const none = project({ ...catalogFirst, compiledMs: 0 }, 3655, 0, 1);
      assert.equal(one.compilingLeftMs.toFixed(1), (220.3 * ((3755 / 100) ** 0.3 - 1)).toFixed(1));
      assert.equal((one.inlineMs - none.inlineMs).toFixed(1), one.compilingLeftMs.toFixed(1));
      assert.ok(one.poolMs - none.poolMs > one.compilingLeftMs, 'the main thread and the worker both compile');
    },
  );
  await t.test('several rule sets are kept whole: their compiling is theirs, not projected again', () => {
    const p = project({ ...catalogFirst, setCosts: [150, 120] }, 3655, 0, 1);
    assert.equal(p.compilingLeftMs, 0);
  });
});

test('budgetSpent: schemas chosen file by file end no sample early (one rule set)', () => {
  const measured = { files: 40, checkMs: 30, compileMs: 370, loadMs: 65, setCosts: [300], costs: Array(20).fill(0.2) };
  // before: 300 ms of compiling ended the first sample, 300 ms of work the next, after 27-40 files
  assert.equal(budgetSpent({ ...measured, compiled: 0 }, FIRST_SAMPLE), true, 'one schema compiled: it ends');
  assert.equal(budgetSpent({ ...measured, compiled: 17 }, FIRST_SAMPLE), false);
  assert.equal(budgetSpent({ ...measured, compiled: 0 }, SAMPLE), true);
  assert.equal(budgetSpent({ ...measured, compiled: 17 }, SAMPLE), false, 'not after 16 of them either');
  assert.equal(budgetSpent({ ...measured, compiled: 17, compileMs: 1100 }, SAMPLE), true, 'setsMs of work ends it');
  assert.equal(budgetSpent({ ...measured, files: 100, compiled: 17 }, FIRST_SAMPLE), true, 'its files end it');
  const sets = { ...measured, setCosts: [150, 150], compiled: 5 };
  assert.equal(budgetSpent(sets, FIRST_SAMPLE), true, 'several rule sets: compiling ends the first files as before');
});

test('budgetSpent: the first files end on their checking only once some warm costs are in', () => {
  const measured = (files, checkMs, costs = []) => ({
    files,
    checkMs,
    compileMs: 80,
    loadMs: 0,
    setCosts: [80],
    costs,
  });
  const rows = [
    // measured ─▶ spent, under FIRST_SAMPLE
    [measured(1, 63.8), false], // one slow first file: no warm cost yet (it decided from it before)
    [measured(4, 64.3, [0.15, 0.15, 0.15]), false],
    [measured(5, 64.4, [0.15, 0.15, 0.15, 0.15]), true],
    // mdn/browser-compat-data: its second file slow (V8 compiling the schema's code it reached first)
    [measured(5, 64.5, [56.7, 0.29, 2.46, 0.17]), false],
    [measured(60, 125, [56.7, ...Array(58).fill(1.05)]), true], // the others' checking reached the budget
    [measured(5, 1, [0.1, 0.1, 0.1, 0.1]), false],
    [measured(100, 10, Array(99).fill(0.1)), true], // its files
  ];
  for (const [input, spent] of rows) assert.equal(budgetSpent(input, FIRST_SAMPLE), spent, JSON.stringify(input));
  assert.equal(budgetSpent(measured(1, 63.8), { ms: Infinity, files: Infinity }), false, 'a run without a budget');
  assert.equal(budgetSpent({ ...measured(1, 1), compileMs: 301 }, FIRST_SAMPLE), true, 'compiling ends it at once');
});

test('plan is pure: the same input gives an equal, fresh plan', () => {
  const input = { files: 4057, requested: 'auto', cores: 2, sample: sample(90, 15) };
  const first = plan(input);
  const second = plan(input);
  assert.deepEqual(first, second);
  assert.notEqual(first, second);
});
