// files + cores + measured cost ──heuristic──▶ how a run is executed, and why. A pure function,
// tested by a table (test/execute/plan.test.js).
//
// `auto` starts in-process, at no start-up cost, and measures what the first files cost (reading,
// parsing, validating) and, apart, what each rule set cost to compile. It projects the rest of the
// run: the files left at a warm file's cost, plus the rule sets left (their files' distinct rule
// sets not compiled yet) at a set's cost; in-process, and shared between the main thread and the
// workers, each of which pays to start, to load ajv and the parsers (and compile the rules, when
// there is one set) and to warm up. A pool is brought in only when it saves clearly more.
// Jest's shouldRunInBand and ESLint's --concurrency auto decide from counts; a count cannot tell
// 50,000 tiny files from 50 huge ones, a measurement can.
//
// A check that never returns can be stopped only in a worker (the main thread cannot interrupt its
// own loop): when something may hang and a file timeout must hold, `auto` runs every file on a pool.

// In-process work measured before deciding: 300 ms of it (checking and compiling), or 500 files;
// where the rule sets change (a schema per configuration file), 16 sets or 1 s. The first files
// pay V8's warm-up (a docs site's Markdown: 0.5-0.7 ms a file over its first 20 files, 0.15 ms over
// the whole run; 4-9 ms pauses while YAML's parser is optimised), and so do the first schemas
// compiled (50 ms each over the first 5 SchemaStore schemas, 29 ms over 320): 15 ms of work
// projected 4× the real cost. The workers boot on the other cores meanwhile.
export const SAMPLE = { ms: 300, files: 500, sets: 16, setsMs: 1000 };
// The workers are not started before the first files are measured alone: 100 files, 60 ms of
// checking or 300 ms of compiling (a few rule sets). A run whose rest a pool could not shorten even with its workers' whole start-up paid
// (`WORKER_START_MS`, loading, compiling, their warm-up) starts none. Starting them beside the
// sample is not free on 2 cores: on a docs site of 1,000 small pages (gohugoio/hugoDocs) the workers
// booting and closing made `auto` 1.2-1.4× `--workers 0` though it stayed in-process.
export const FIRST_SAMPLE = { ms: Infinity, files: 100, checkMs: 60, compileMs: 300 };
// The first files' checking ends their sample only once this many files' warm costs are measured
// (not the first of a rule set, whose check runs the schema's code for the first time): one file
// can cost 60 ms alone (a large schema's code compiled by V8 on its first call, a pause while other
// processes ran), and a run projected from it alone is a run of 60 ms files. Nor does the slowest of
// those count towards the checking that ends the sample: mdn/browser-compat-data's second file took
// 57 ms (V8 compiling the part of its large schema's code that file reached first), the next three
// 0.2-2.5 ms, and a sample ended there projected 15 ms a file, 44 s for a 0.5 s run: its workers,
// started for nothing, made `auto` 1.18× `--workers 0` on Node 24 (1.09× on Node 20).
export const MIN_WARM_FILES = 4;
const FEW_FILES = 16; // not worth measuring: in-process
export const WORKER_START_MS = 60; // a piscina worker with filecheck's core loaded, measured on these machines
// The saving that pays for a pool: the projection is its own margin (the workers' costs are in it).
export const WORTH_MS = 20;
// The saving that starts the workers after the first files (FIRST_SAMPLE): twice as much. Those
// files' warm cost is still inflated by V8's warm-up (a docs site's Markdown: 0.24-0.27 ms a file
// over the first 100, 0.13-0.18 over 500), and workers booted for nothing cost a 2-core run more
// than their projection: with its schema kept compiled (no compiling left to weigh against a
// worker), gohugoio/hugoDocs' shape of 1,000 pages started them at a projected saving of 25 ms,
// then stayed in-process, 1.15-1.21× --workers 0 on Node 20 (bench/RESULTS.md, sixteenth session).
export const FIRST_WORTH_MS = 2 * WORTH_MS;

/**
 * @typedef {{ mode: 'inline' | 'pool' | 'sample', workers: number, reason: string }} Plan
 *   In a pool chosen by `auto` from a measurement, the main thread checks files beside the workers.
 * @param {{ files: number, requested: 'auto' | number, cores: number, hang?: string, setsLeft?: number, allJson?: boolean,
 *   sample?: { files: number, checkMs: number, compileMs: number, costs?: number[], setCosts?: number[], loadMs?: number, elapsedMs?: number,
 *   workingMs?: number, first?: boolean, compiledMs?: number } }} input
 *   hang: what may keep a check from returning when a file timeout must hold ('custom validators');
 *   sample: what the in-process start measured, when `plan` returned mode 'sample' (inline.js's
 *   Sample: costs, each file's check but the first of each rule set and those that compiled;
 *   setCosts, each rule set's compiling and first check; compiledMs, the checks of files that compiled
 *   a schema they chose; loadMs, loading parsers), elapsedMs, the run's time so far, and
 *   workingMs, how long the workers have been taking files meanwhile (run.js); first, the first
 *   files (FIRST_SAMPLE), measured before any worker was started: mode 'sample' again when a pool
 *   may pay; setsLeft: the rule sets of the files left that the sample did not prepare; allJson: every
 *   file is JSON (no parser module reads it), which a worker checks at JSON_WORKER_PACE
 * @returns {Plan}
 */
export function plan({ files, requested, cores, hang, sample, setsLeft = 0, allJson = false }) {
  const inline = (reason) => ({ mode: 'inline', workers: 0, reason });
  if (requested === 0) return inline('--workers 0: in-process');
  if (files === 0) return inline('no file to check: no worker started');
  if (requested !== 'auto') {
    const workers = Math.max(1, Math.min(requested, files));
    return { mode: 'pool', workers, reason: `--workers ${requested}: a pool of ${workers}` };
  }
  if (hang) {
    const workers = Math.max(1, Math.min(cores, files));
    return {
      mode: 'pool',
      workers,
      reason: `${hang} under a file timeout: a pool of ${workers}, where a check that never returns can be stopped`,
    };
  }
  if (cores < 2) return inline(`${cores} core: in-process`);
  if (files <= FEW_FILES) return inline(`${files} file${files === 1 ? '' : 's'}: in-process, no worker start-up cost`);
  if (!sample) return { mode: 'sample', workers: 0, reason: 'measuring the first files in-process' };

  const p = project(
    sample,
    Math.max(0, files - sample.files),
    setsLeft,
    cores - 1,
    allJson ? JSON_WORKER_PACE : WORKER_PACE,
  );
  const pays = p.filesLeft > 0 && p.inlineMs - p.poolMs >= (sample.first ? FIRST_WORTH_MS : WORTH_MS);
  const ms = (x) => `${Math.round(x)} ms`;
  const each = sample.workingMs
    ? `each ~${ms(p.perWorkerMs)} more to load and warm up, taking files for ${ms(sample.workingMs)}`
    : `each ~${ms(p.perWorkerMs)} to start, load and warm up`;
  const threads = `the main thread and ${p.workers} worker${p.workers === 1 ? '' : 's'} (${each})`;
  const compiling = p.compilingLeftMs
    ? ` + ~${ms(p.compilingLeftMs)} of schemas still to compile (in each thread)`
    : '';
  const head = `${ms(p.elapsedMs)} so far + ${p.filesLeft} files left × ${p.warmMs.toFixed(3)} ms + ${p.setsLeft} rule set${p.setsLeft === 1 ? '' : 's'} left × ${p.setMs.toFixed(1)} ms${compiling}`;
  if (!pays) {
    return inline(
      `${head}: projected ${ms(p.inlineMs)} in-process, ${ms(p.poolMs)} with ${threads}: a pool would not pay for its start-up${sample.first ? ', none started' : ''}`,
    );
  }
  // The first files measured, before any worker: a pool may pay, so the workers start and the
  // sample goes on beside them.
  if (sample.first) return { mode: 'sample', workers: 0, reason: `${head}: a pool may pay, its workers start` };
  return {
    mode: 'pool',
    workers: p.workers,
    reason: `${head}: projected ${ms(p.poolMs)} with ${threads} sharing them, ${ms(p.inlineMs)} in-process`,
  };
}

/**
 * Whether an in-process sample (inline.js) has spent its budget: `files` files, `checkMs` of checking
 * (once MIN_WARM_FILES warm costs are in, the slowest of them left out), `compileMs` of compiling, or `ms` of work (checking and
 * compiling, loading parsers left out), which ends a sample of several rule sets only after `sets`
 * sets or `setsMs` of work, and one whose files compiled the schemas they chose (`compiled`) only
 * after `setsMs` of work. A run's loop without a budget never ends on it.
 * @param {{ files: number, checkMs: number, compileMs: number, loadMs: number, setCosts: number[], costs: number[], compiled?: number }} measured
 * @param {{ ms: number, files: number, sets?: number, setsMs?: number, checkMs?: number, compileMs?: number }} budget
 */
export function budgetSpent({ files, checkMs, compileMs, loadMs, setCosts, costs, compiled = 0 }, budget) {
  const { sets = Infinity, setsMs = budget.ms, checkMs: checking = Infinity, compileMs: compiling = Infinity } = budget;
  const work = checkMs + compileMs - loadMs; // loading parsers is no file's work
  // Schemas the files of one rule set choose one by one (a catalog's, their $schema), compiled as
  // files meet them, are compiled again by every thread, since the set's files go to all (several
  // sets are kept whole): they end no sample early, which goes on to `setsMs` of work. A run through
  // SchemaStore's catalog compiles a schema every few files at first: its first 300 ms (27 files)
  // took 1.4 ms a file where the whole run's took 0.22.
  const choosing = compiled > 0 && setCosts.length <= 1;
  return (
    files >= budget.files ||
    (checkMs >= checking && costs.length >= MIN_WARM_FILES && checkMs - Math.max(...costs) >= checking) ||
    (!choosing && compileMs - loadMs >= compiling) ||
    (work >= budget.ms && ((setCosts.length <= 1 && !choosing) || setCosts.length >= sets || work >= setsMs))
  );
}

/**
 * What the rest of the run should cost, in-process and on a pool, from the sample.
 * - A file's warm cost: the mean of the later half of the sample's per-file costs, its slowest 40%
 *   left out. The sample's mean is inflated by V8's warm-up, which lasts far beyond it (pauses of
 *   4-9 ms while the YAML parser is optimised, every 5-10 files at first), and by other processes:
 *   what is left out is their bursts too. Against the whole run's mean, from a 300 ms sample: a docs
 *   site's Markdown 0.88-1.24× (the later half's mean 2.1-3.9×, its median 1.06-1.54×, the slowest
 *   30% left out 0.94-1.33×, 50% 0.84-1.16×), kumadocs JSON 0.88× (mean 1.52×, median 1.13×, 50%
 *   left out 0.81×): file sizes vary (20-80 KB), so the more is left out, the lower. Of fewer than
 *   8 costs, their mean; of none, the checking's mean (the first file of each rule set is in it).
 * - A rule set's cost: the mean of the later half of the sets met but the first (which also loads
 *   ajv, as each worker does), less a file's warm cost (the first file's check is in it). Compiling
 *   warms up too: 320 SchemaStore schemas cost 53 ms each over sets 2-6, 44 over 6-11, 31 over
 *   12-31 and 29 over all; their sizes vary widely, so the mean, not a quantile.
 * - A worker's cost: starting, what the sample's first rule set and parsers cost (loading and
 *   compiling; the main thread's files of a set are compiled once, but a worker loads ajv again),
 *   and its warm-up over its share of the files, from what the sample's files cost above the warm
 *   cost (each thread pays it).
 * The files' work is shared by the main thread and the workers; so are the rule sets, kept whole;
 * but a worker adds only WORKER_PACE of a thread's pace (JSON_WORKER_PACE where every file is JSON, below).
 */
const SLOWEST = 0.4; // the part of the sample's later half left out of a file's warm cost
const WORKER_COMPILE_SLOWER = 1.3;
// What a worker adds to the pace of the main thread, once it has started and warmed up. Not 1: the
// main thread in-process already uses more than one core (V8 collects garbage and optimises on
// background threads, on the idle core), and a pool adds messages. Measured on 2 cores, from the
// pool's real gain after its workers' costs: a docs site's Markdown 0.21, the many-schema
// repository 0.14 (compiling) to 0.2, kumadocs YAML ~0.4 (bench/RESULTS.md: auto 0.77× --workers 0).
// kumadocs' JSON with its schema: a pool took 0.86× the in-process time on Node 24 (0.49 against
// 0.57 s), which 0.25 and a worker's start paid again projected as a loss (bench/RESULTS.md).
export const WORKER_PACE = 0.4;
// The same where every file is JSON, which V8's own JSON.parse reads (native code, no parser to
// compile and warm up in each thread): kumadocs' 4,057 JSON files with its schema took 0.31-0.33 s
// on a pool against 0.37-0.39 s in-process (Node 24; 0.34-0.36 against 0.40 on Node 20), a pace of
// ~0.77 from the first files' projection. With 0.4 that projection saved 38-49 ms, about the 40 that
// start the workers (FIRST_WORTH_MS): `auto` stayed in-process in half the runs. With 0.7: 56-63 ms;
// 3,045 of the files 30-35 ms (in-process, where a pool was 5-10% faster) and 2,030 of them 10-13 ms
// (in-process, where workers booted for nothing cost 10%) (bench/RESULTS.md, twenty-second session).
export const JSON_WORKER_PACE = 0.7;
/** Whether every file is JSON, which no parser module reads (discover.js gives JSON no `parser`). */
export const everyFileJson = (files) => files.every((file) => file.parser === undefined);

export function project(sample, filesLeft, setsLeft, workers, pace = WORKER_PACE) {
  const {
    files,
    checkMs,
    compileMs,
    costs = [],
    setCosts = [],
    loadMs = 0,
    elapsedMs = checkMs + compileMs,
    workingMs = 0,
    first = false,
    compiledMs = 0,
  } = sample;
  const later = costs.slice(costs.length >> 1);
  const mean = (xs) => xs.reduce((sum, x) => sum + x, 0) / xs.length;
  const warmMs =
    later.length >= 4
      ? mean([...later].sort((a, b) => a - b).slice(0, Math.ceil(later.length * (1 - SLOWEST))))
      : costs.length
        ? mean(costs)
        : checkMs / Math.max(1, files);
  const sets = setCosts.slice(1); // the first also loads ajv
  const setMs = Math.max(
    0,
    (sets.length ? mean(sets.slice(sets.length >= 4 ? sets.length >> 1 : 0)) : (setCosts[0] ?? compileMs)) - warmMs,
  );
  // A worker compiles the one rule set again; of several, kept whole, it loads ajv again only.
  const firstSetMs =
    setCosts.length > 1 ? setCosts[0] - warmMs - setMs : setCosts.length ? setCosts[0] : compileMs - loadMs;
  // Schemas the files of one rule set choose one by one (SchemaStore's catalog): the run goes on
  // meeting new ones, fewer and fewer (as the 0.3 power of the files checked, as the warm-up below:
  // 3,758 configuration files of nine repositories met 17 schemas in their first 39 files, 124 in
  // all), and each thread compiles those it meets, since the set's files go to every thread.
  const compilingLeftMs =
    setCosts.length === 1 && compiledMs > 0 ? compiledMs * (((files + filesLeft) / Math.max(1, files)) ** 0.3 - 1) : 0;
  const workMs = filesLeft * warmMs + setsLeft * setMs + compilingLeftMs;
  const inlineMs = elapsedMs + workMs;
  // A worker's warm-up over its share of the files, from the sample's: it grows about as the 0.3
  // power of the files checked (the excess over the warm cost, in-process: Markdown 220-260 ms
  // after 400 files, 526-607 ms after 6,400; kumadocs 78 ms after 400, 134 ms after 4,055).
  const share = filesLeft / (workers + 1);
  const warmUpMs = Math.max(0, checkMs - files * warmMs) * Math.max(1, (share / Math.max(1, files)) ** 0.3);
  // The workers boot while the sample runs, and take files once booted (run.js): what is left of
  // their start, loading and warm-up. Before the first of them is started (`first`), all of it.
  const startMs = first ? WORKER_START_MS : Math.max(0, WORKER_START_MS - elapsedMs);
  const perWorkerMs = Math.max(0, startMs + loadMs + Math.max(0, firstSetMs) + warmUpMs - workingMs);
  // A worker compiles more slowly than the main thread (its young generation is kept small, see
  // pool.js): 320 SchemaStore schemas on one worker took 1.22-1.38× the main thread's CPU time.
  const workerSpeed = pace / (1 + ((WORKER_COMPILE_SLOWER - 1) * (setsLeft * setMs)) / Math.max(1, workMs));
  const poolMs =
    elapsedMs +
    (workMs + workers * compilingLeftMs + workers * perWorkerMs * workerSpeed) / (1 + workers * workerSpeed);
  return {
    elapsedMs,
    filesLeft,
    setsLeft,
    warmMs,
    setMs,
    compilingLeftMs,
    workMs,
    inlineMs,
    poolMs,
    perWorkerMs,
    workers,
  };
}
