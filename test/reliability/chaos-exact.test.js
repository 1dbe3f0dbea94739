// Property: with the chaos monkey on, the failing files are exactly the injected faults plus the
// files that are really broken - the same set, the same counts, every time - in-process, on a pool
// of 1 or 2 workers and with auto; with --bail, they are the first n of them in path order.
// The injected set is derived here from the hash alone; the real failures from the corpus, whose
// broken files this test chose. Repeat a failure with FUZZ_SEED=<seed>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, makeTree, parseJsonReport } from '../helpers/cli.js';
import { createRandom, fuzzSeed } from '../helpers/random.js';
import { unitHash } from '../../shared/unit-hash.js';

const SEED = fuzzSeed();
const FILES = 450;
const CHAOS_SEEDS = 3; // each checked with every executor, and one --bail run per executor
const EXECUTORS = ['0', '1', '2', 'auto'];
const BURN_MS = 1; // per file, in auto's runs only: enough measured work that auto may bring in the pool

// Odd names sort by UTF-16 code units, as filecheck's path order does. No two differ only in case
// or Unicode normalisation, which some file systems would take for one name.
const NAMES = ['a', 'b', 'Z', 'é', 'ж', '😀', 'a b', 'a-b', 'a.b', '_x', '10', '9', 'ä'];
const SECTIONS = ['content', 'content/docs', 'content/Z', 'content/ü', 'data/deep/er'];

// How a broken file is broken, and the problems that says it.
const BREAKAGES = {
  schema: { text: '{"title": 42, "meta": {"id": "x"}}', kinds: ['invalid'] },
  require: { text: '{"title": "t", "meta": {}}', kinds: ['invalid'] },
  both: { text: '{"title": null}', kinds: ['invalid', 'invalid'] },
  parse: { text: '{"title": "t",}', kinds: ['parse'] }, // never reaches the validators; a fault still hits it
};

function makeCorpus(rng, dir) {
  const files = new Map();
  while (files.size < FILES) {
    const rel = `${rng.pick(SECTIONS)}/${rng.pick(NAMES)}-${rng.int(0, 999)}.json`;
    if (!files.has(rel)) files.set(rel, rng.chance(0.15) ? rng.pick(Object.keys(BREAKAGES)) : null);
  }
  for (const [rel, broken] of files) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(
      path.join(dir, rel),
      broken ? BREAKAGES[broken].text : JSON.stringify({ title: rel, meta: { id: rng.int(0, 1e6) } }),
    );
  }
  fs.writeFileSync(
    path.join(dir, 'schema.json'),
    JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] }),
  );
  fs.writeFileSync(
    path.join(dir, 'burn.js'),
    `export default function burn(doc, { options }) {
  for (const until = performance.now() + options.ms; performance.now() < until; );
}\n`,
  );
  const rule = { files: ['content/**/*.json', 'data/**/*.json'], schema: 'schema.json', require: ['meta.id'] };
  fs.writeFileSync(path.join(dir, '.filecheckrc.json'), JSON.stringify({ rules: [rule] }));
  fs.writeFileSync(
    path.join(dir, 'burn.filecheckrc.json'),
    JSON.stringify({ rules: [{ ...rule, validators: [{ module: './burn.js', options: { ms: BURN_MS } }] }] }),
  );
  return [...files].map(([rel, broken]) => ({ rel, broken })).sort((a, b) => (a.rel < b.rel ? -1 : 1));
}

/**
 * What one run must report, derived from the corpus and the hash: a file is hit when
 * unitHash(seed NUL path relative to the project) < p, whatever its content (the fault is injected
 * by the check itself, so files that do not parse are hit too); --bail n: the files up to the n-th
 * failure, in path order.
 */
function expectedRun(corpus, chaos, bail) {
  const all = corpus.map(({ rel, broken }) => {
    const injected = unitHash(`${chaos.seed}\0${rel}`) < chaos.probability;
    const kinds = [...(broken ? BREAKAGES[broken].kinds : []), ...(injected ? ['chaos'] : [])];
    return { rel, status: kinds.length ? 'fail' : 'pass', kinds };
  });
  let checked = all;
  if (bail) {
    const failures = all.map((file, i) => [file, i]).filter(([file]) => file.status === 'fail');
    if (failures.length >= bail) checked = all.slice(0, failures[bail - 1][1] + 1);
  }
  return {
    files: checked,
    failed: checked.filter((f) => f.status === 'fail').length,
    bailed: checked.length < all.length,
  };
}

async function checkRun(dir, corpus, { chaos, workers, bail }) {
  const out = `report-${workers}-${chaos.seed}-${bail}.json`;
  const args = [
    '-r',
    `json:${out}`,
    '--verbose',
    '--workers',
    workers,
    '--chaos-monkey',
    String(chaos.probability),
    '--chaos-seed',
    chaos.seed,
  ];
  if (workers === 'auto') args.push('-c', 'burn.filecheckrc.json');
  if (bail) args.push('--bail', String(bail));
  const what = `FUZZ_SEED=${SEED}: filecheck ${args.join(' ')}`;
  const { code, stderr } = await runCli(args, { cwd: dir, timeout: 60_000 });
  const expected = expectedRun(corpus, chaos, bail);
  assert.equal(code, expected.failed ? 1 : 0, `${what}: exit code; stderr: ${stderr}`);
  const report = parseJsonReport(fs.readFileSync(path.join(dir, out), 'utf8'));
  const actual = report.files.map(({ path: rel, status, problems }) => ({
    rel,
    status,
    kinds: problems.map((p) => p.kind).sort(),
  }));
  const want = expected.files.map((f) => ({ ...f, kinds: [...f.kinds].sort() }));
  assert.deepEqual(
    actual.filter((f) => f.status === 'fail'),
    want.filter((f) => f.status === 'fail'),
    `${what}: the failing files and their problems`,
  );
  assert.deepEqual(actual, want, `${what}: the files reported, in path order`);
  for (const problem of report.files.flatMap((file) => file.problems).filter((p) => p.kind === 'chaos')) {
    assert.equal(problem.validator, 'chaos-monkey', what);
    assert.match(problem.message, new RegExp(`^chaos monkey: .*seed ${chaos.seed}\\b`), what); // says how to repeat it
  }
  const { summary } = report;
  assert.deepEqual(
    {
      total: summary.total,
      passed: summary.passed,
      failed: summary.failed,
      unchecked: summary.unchecked,
      bailed: summary.bailed,
    },
    {
      total: corpus.length,
      passed: expected.files.length - expected.failed,
      failed: expected.failed,
      unchecked: corpus.length - expected.files.length,
      bailed: expected.bailed,
    },
    `${what}: summary`,
  );
  return summary.plan;
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited(items, limit, work) {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

test(`chaos monkey: failures = injected + real, exactly, for any seed and executor, and with --bail (FUZZ_SEED=${SEED})`, async (t) => {
  const rng = createRandom(SEED);
  const dir = makeTree(t);
  const corpus = makeCorpus(rng, dir);
  const seeds = Array.from({ length: CHAOS_SEEDS }, (_, i) => ({
    seed: String(rng.int(0, 2 ** 32 - 1)),
    probability: [0.05, 0.3, 0.7][i % 3],
  }));
  const runs = seeds.flatMap((chaos) => EXECUTORS.map((workers) => ({ chaos, workers, bail: 0 })));
  for (const workers of EXECUTORS) runs.push({ chaos: rng.pick(seeds), workers, bail: rng.int(1, 12) });
  // The runs must show what the property is about: injected faults, real failures, files both.
  const hits = seeds.map((chaos) => expectedRun(corpus, chaos, 0).files);
  assert.ok(
    corpus.some((f) => f.broken === 'parse') && corpus.filter((f) => f.broken).length > 20,
    `FUZZ_SEED=${SEED}: too few broken files`,
  );
  assert.ok(
    hits.every((files) => files.some((f) => f.kinds.includes('chaos'))),
    `FUZZ_SEED=${SEED}: a seed injected nothing`,
  );
  assert.ok(
    hits.some((files) => files.some((f) => f.kinds.includes('chaos') && f.kinds.length > 1)),
    `FUZZ_SEED=${SEED}: no file both broken and hit`,
  );

  const plans = [];
  await eachLimited(runs, 2, async (run) => {
    const plan = await checkRun(dir, corpus, run);
    if (run.workers === 'auto') plans.push(plan.mode);
  });
  t.diagnostic(`FUZZ_SEED=${SEED}: ${runs.length} runs; auto chose ${plans.join(', ')}`);
});
