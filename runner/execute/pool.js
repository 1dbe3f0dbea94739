// The pool executor: piscina workers take batches of file paths (never contents) from the queue.
// Batches in flight are bounded, so memory does not grow with the number of files; a batch lasts
// about 100 ms (400 beside a main thread that compiles schemas: pool-recovery.js), so messages stay
// cheap on tiny files. A worker that dies has its batch re-run file by file on fresh workers; a
// file that kills a worker twice fails with kind `error`. A check that runs past the file timeout
// has its worker terminated and replaced: that file fails with kind `timeout` and the rest of its
// batch is re-run.
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { REPLIED } from './progress-slots.js';
import {
  afterTimeout,
  afterWorkerDied,
  batchSize,
  BATCH_MS_BESIDE_COMPILING,
  watchdogVerdict,
} from './pool-recovery.js';
import { byId } from '../../shared/rules.js';
import { fileResult, skippedResult } from '../../shared/file-result.js';
import { optimizeLater } from './optimize-later.js';

const require = createRequire(import.meta.url);
const IN_FLIGHT_PER_WORKER = 3; // a worker always has work queued while the main thread is busy
// Each batch in flight has a slot where its worker says which file it is on. Slots are reused
// oldest first, so a terminated worker's last write (terminate() is not instant) lands in a slot
// nobody reads.
const PROGRESS_SLOTS = 1024;
const STOP_GRACE_MS = 500; // after a bail or Ctrl-C, a check still running is stopped after this
// A worker's young generation, which V8 lets grow to 48 MB. Parsing files makes short-lived garbage
// only, and a small one collects it as fast: measured on kumadocs `auto` (bench/RESULTS.md), peak
// RSS 97 → 93 MB on JSON, 144 → 115 MB on YAML, wall time the same within 1%. Compiling schema
// after schema makes garbage in bursts that a small one promotes to the old generation: on 320
// SchemaStore schemas, 32 MB took `auto` 5.6 → 5.3 s (5 interleaved runs), peak RSS +15 MB.
const YOUNG_GENERATION_MB = { parsing: 6, compiling: 32 };

/**
 * Whether the workers' files compile schema after schema: their rules give more than one schema
 * between them, or choose schemas per file (a catalog, a document's $schema).
 * @param {Array<{ rules: number[] }>} files the files to check (discover.js shares one rules array per set)
 * @param {Array<{ id: number, schema?: string | null, selection?: object | null }>} rules
 * @returns {boolean}
 */
export function compilesManySchemas(files, rules) {
  const rulesById = byId(rules);
  const schemas = new Set();
  for (const set of new Set(files.map((file) => file.rules))) {
    for (const id of set) {
      const rule = rulesById.get(id);
      if (rule?.selection) return true;
      if (rule?.schema && schemas.add(rule.schema).size > 1) return true;
    }
  }
  return false;
}

/**
 * Starts the workers. They boot (~50 ms each, on their own cores) while the caller goes on, so
 * `auto` starts them before it has decided, and closes them if the measurement says in-process.
 * @param {{ workers: number, rules: object[], settings: import('../check/check-file.js').CheckSettings, cwd: string,
 *   schemaCache?: { dir: string, run: string }, compiling?: boolean, lateOptimizing?: boolean }} options
 *   settings: the check's (run.js), which every worker checks with; schemaCache: the folder of
 *   compiled schemas (--cache) and the run's mark (compiled-schema-cache.js); compiling: the files
 *   compile schema after schema (compilesManySchemas), which a larger young generation serves;
 *   lateOptimizing: V8 optimizes later while the pool is open (optimize-later.js), once its workers
 *   have loaded; optimize: optimize-later.js's optimizeLater (tests give their own)
 */
export function startPool({
  workers,
  rules,
  settings,
  cwd,
  schemaCache,
  compiling = false,
  lateOptimizing = false,
  optimize = optimizeLater,
}) {
  const { Piscina } = require('piscina');
  const stop = new SharedArrayBuffer(4);
  const booted = new SharedArrayBuffer(4); // how many workers have loaded their code
  const progress = new SharedArrayBuffer(4 * Math.max(PROGRESS_SLOTS, 2 * workers * IN_FLIGHT_PER_WORKER));
  const piscina = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    workerData: { rules, settings, cwd, schemaCache, stop, booted, progress },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Infinity,
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB[compiling ? 'compiling' : 'parsing'] },
  });
  // A worker that dies between two runs of a kept pool (--watch) is replaced by piscina, which says
  // so with an 'error' event: unheard, it would end the process. During a run, executePool hears it.
  piscina.on('error', () => {});
  let closing = null;
  const progressSlots = new Int32Array(progress);
  const bootedCount = new Int32Array(booted);
  // V8 refuses its code caches, Node's own for its internal modules among them, while its flags
  // differ from those they were made with: a worker that booted under the raised budget compiled
  // Node's internals anew, 31 → 60 ms (Node 20). So the budget is raised once every worker has loaded.
  let optimizeAsBefore = () => {};
  if (lateOptimizing)
    allBooted(bootedCount, workers).then(() => {
      if (!closing) optimizeAsBefore = optimize();
    });
  const running = new Set(); // the batches in flight, oldest first (executePool): { batch, slot, controller, … }
  return {
    piscina,
    workers,
    compiling,
    stop: new Int32Array(stop),
    progress: progressSlots,
    running,
    /** Whether a worker has finished a batch the main thread has not taken in yet. */
    replyWaiting() {
      for (const { slot } of running) if (Atomics.load(progressSlots, slot) === REPLIED) return true;
      return false;
    },
    /**
     * The batch given to the pool last, taken back while no worker has it: piscina hands a worker its
     * batches one at a time, in the order given, so while any waits in its queue, the last one given
     * does. The main thread, out of files beside the pool, checks it itself rather than wait while
     * the workers get through those queued before it: on the many-schema repository (857 schemas,
     * 2 cores, Node 20) it had waited 1.7 s of a 12 s run.
     * @returns {{ start: number, entries: import('../files/discover.js').FileEntry[] } | null}
     */
    reclaim() {
      if (piscina.queueSize === 0) return null;
      const task = [...running].findLast((inFlight) => !inFlight.reclaimed);
      // A batch re-run after a worker died stays on the pool, where what killed it cannot kill the run.
      if (!task || task.batch.attempt !== undefined) return null;
      task.reclaimed = true;
      task.controller.abort(); // piscina takes a queued task out of its queue, and rejects its promise
      return task.batch;
    },
    /** Whether a worker has loaded its code and can take files at once. */
    booted: () => Atomics.load(bootedCount, 0) > 0,
    close: () => {
      optimizeAsBefore();
      return (closing ??= piscina.destroy());
    },
  };
}

// Resolves once `workers` workers have loaded their code (worker-batch.js counts itself and says so).
// A wait that never ends keeps no process alive.
async function allBooted(count, workers) {
  for (let seen = Atomics.load(count, 0); seen < workers; seen = Atomics.load(count, 0))
    await Atomics.waitAsync(count, 0, seen).value;
}

/**
 * @param {ReturnType<import('./work-queue.js').createWorkQueue>} queue
 * @param {ReturnType<typeof startPool>} pool
 * @param {import('../check/check-file.js').CheckSettings} settings the check's, which the pool was started with:
 *   its file timeout is what the watchdog holds a check to
 * @param {{ warn(message: string): void, msPerFile?: number, wholeSets?: boolean, besideMain?: boolean, taking?: () => boolean }} options msPerFile:
 *   measured cost of a file, if known, to size the first batches; wholeSets: a batch does not split
 *   the files that share their rules (work-queue.js), so each schema is compiled by one worker;
 *   besideMain: the main thread checks files too: in a pool started `compiling`, it compiles schemas
 *   between its replies to the workers, which then get longer batches (pool-recovery.js);
 *   taking: false once the pool is to take no more batches (`auto` chose in-process): it returns when
 *   those in flight are done
 * @returns {Promise<void>} when every file is checked, or the queue is stopped; the pool stays open
 *   for its starter to close (run.js, or --watch's next run)
 */
export async function executePool(
  queue,
  pool,
  settings,
  { warn, msPerFile, wholeSets = false, besideMain = false, taking = () => true },
) {
  const { piscina, workers, stop, progress, running } = pool;
  const { fileTimeout } = settings;
  const batchMs = besideMain && pool.compiling ? BATCH_MS_BESIDE_COMPILING : undefined;
  const cost = { ms: msPerFile ?? 0, files: msPerFile ? 1 : 0 };
  const retries = []; // batches to run again, first: { start, entries, attempt } (attempt: worker deaths so far)
  const freeSlots = Array.from(progress.keys());
  let stoppedAt = null;
  let inFlight = 0;
  let failure = null;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  // On bail or Ctrl-C, workers see the flag between two files and return what they have; a check
  // still running after STOP_GRACE_MS has its worker terminated (its result would be dropped).
  Atomics.store(stop, 0, 0); // a pool kept between runs (--watch) was stopped by the last one's bail
  queue.onStop(() => {
    Atomics.store(stop, 0, 1);
    stoppedAt = performance.now();
  });
  const poolFailed = (error) => {
    failure ??= error;
    queue.stop();
  };
  piscina.on('error', poolFailed);

  // The main thread sees a file start when its slot changes: a file seen on the same slot for
  // longer than the file timeout is stuck, and aborting its task terminates its worker.
  function watch() {
    const now = performance.now();
    for (const task of running) {
      const seen = Atomics.load(progress, task.slot);
      const verdict = watchdogVerdict({ ...task, entries: task.batch.entries.length }, seen, now, {
        stoppedAt,
        fileTimeout,
        graceMs: STOP_GRACE_MS,
      });
      if (verdict === 'moved') {
        task.seen = seen;
        task.since = now;
      } else if (verdict) {
        if (verdict !== 'abort') task.stuck = verdict;
        task.controller.abort();
      }
    }
  }
  const watchdog = setInterval(watch, Math.max(5, Math.min(250, fileTimeout / 10)));

  function pump() {
    while (!queue.stopped && !failure && inFlight < workers * IN_FLIGHT_PER_WORKER) {
      const batch =
        retries.shift() ??
        (taking() ? queue.take(batchSize(cost, queue.remaining, workers, batchMs), { whole: wholeSets }) : null);
      if (!batch) break;
      dispatch(batch);
    }
    if (inFlight === 0) finish();
  }

  function dispatch(batch) {
    inFlight++;
    const task = { batch, slot: freeSlots.shift(), controller: new AbortController(), seen: 0, since: 0, stuck: null };
    Atomics.store(progress, task.slot, 0);
    running.add(task);
    piscina
      .run({ entries: batch.entries, slot: task.slot }, { signal: task.controller.signal })
      .then(
        (reply) => received(batch, reply),
        // A batch the main thread reclaimed (pool.reclaim) is its own to check now.
        (error) => task.reclaimed || (task.stuck ? timedOutIn(batch, task.stuck) : workerDied(batch, error)),
      )
      // An error while a reply is handled (a reporter throwing in onFileResult, through queue.put)
      // fails the run, as in-process; uncaught, it was an unhandled rejection that killed the process.
      .catch((error) => {
        failure ??= error;
        queue.stop();
      })
      .finally(() => {
        running.delete(task);
        freeSlots.push(task.slot);
        inFlight--;
        pump();
      });
  }

  function received(batch, { results, facts = [], prepareMs = 0, warnings, usageError, files, internalError }) {
    for (const message of warnings) warn(message);
    if (usageError || internalError) {
      failure ??= usageError ? new UsageError(usageError, { files }) : internalError;
      queue.stop();
      return;
    }
    // What the worker spent compiling the batch's schemas counts as its files' cost: a batch of
    // files whose schemas are all new to it is sized as what it costs (batchSize).
    cost.ms += prepareMs;
    const factsOf = factsByFile(facts);
    results.forEach((compact, i) => {
      const entry = batch.entries[i];
      const result = fromCompact(entry.rel, compact, factsOf.get(i));
      cost.ms += result.durationMs;
      cost.files++;
      queue.put(batch.start + i, result);
    });
  }

  // A batch whose worker died or got stuck: its results and retries, as pool-recovery.js decides.
  function recover({ put, retries: again }) {
    for (const [index, result] of put) queue.put(index, result);
    retries.push(...again);
  }
  function workerDied(batch, error) {
    if (!queue.stopped) recover(afterWorkerDied(batch, error)); // stopped: terminated on purpose
  }
  function timedOutIn(batch, stuck) {
    if (!queue.stopped) recover(afterTimeout(batch, stuck, settings));
  }

  try {
    pump();
    await finished;
  } finally {
    clearInterval(watchdog);
    piscina.off('error', poolFailed);
  }
  if (failure) throw failure;
}

// A result as worker-batch.js sends it: its duration alone for a pass with nothing else to say, else
// its fields but the path and the status, which follow from them.
function fromCompact(path, compact, facts = undefined) {
  const withFacts = facts && { facts };
  if (typeof compact === 'number') return fileResult(path, [], compact, withFacts);
  const { problems = [], durationMs, skipReason, ...more } = compact;
  if (skipReason) return skippedResult(path, skipReason, durationMs);
  return fileResult(path, problems, durationMs, { ...more, ...withFacts });
}

// A batch's flat facts (worker-batch.js) as each file's FileResult.facts, by the file's index in the batch.
function factsByFile(flat) {
  const byFile = new Map();
  for (let at = 0; at < flat.length; at += 5) {
    const i = flat[at];
    const fact = { rule: flat[at + 1], key: flat[at + 2], json: flat[at + 3] };
    if (flat[at + 4]) fact.document = flat[at + 4];
    if (!byFile.has(i)) byFile.set(i, []);
    byFile.get(i).push(fact);
  }
  return byFile;
}
