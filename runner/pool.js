// The pool executor: piscina workers take batches of file paths (never contents) from the queue.
// Batches in flight are bounded, so memory does not grow with the number of files; a batch lasts
// about BATCH_MS, so messages stay cheap on tiny files. A worker that dies has its batch re-run file
// by file on fresh workers; a file that kills a worker twice fails with kind `error`.
import { createRequire } from 'node:module';
import { UsageError } from './errors.js';

const require = createRequire(import.meta.url);
const BATCH_MS = 25;
const IN_FLIGHT_PER_WORKER = 3; // a worker always has work queued while the main thread is busy

/**
 * Starts the workers. They boot (~50 ms each, on their own cores) while the caller goes on, so
 * `auto` starts them before it has decided, and closes them if the measurement says in-process.
 * @param {{ workers: number, rules: object[], chaos: object | null, cwd: string, schemaCache?: string }} options
 *   schemaCache: the folder of compiled schemas (--cache)
 */
export function startPool({ workers, rules, chaos, cwd, schemaCache }) {
  const { Piscina } = require('piscina');
  const stop = new SharedArrayBuffer(4);
  const piscina = new Piscina({
    filename: new URL('./worker.js', import.meta.url).href,
    workerData: { rules, chaos, cwd, stop, schemaCache },
    minThreads: workers,
    maxThreads: workers,
    idleTimeout: Infinity,
  });
  let closing = null;
  return { piscina, workers, stop: new Int32Array(stop), close: () => (closing ??= piscina.destroy()) };
}

/**
 * @param {ReturnType<import('./work-queue.js').createWorkQueue>} queue
 * @param {ReturnType<typeof startPool>} started
 * @param {{ warn(message: string): void, msPerFile?: number }} options msPerFile: measured cost of a
 *   file, if known, to size the first batches
 * @returns {Promise<void>} when every file is checked, or the queue is stopped; the pool is closed
 */
export async function executePool(queue, { piscina: pool, workers, stop, close }, { warn, msPerFile }) {
  const cost = { ms: msPerFile ?? 0, files: msPerFile ? 1 : 0 };
  // About BATCH_MS of work, and smaller near the end, so that no thread is left alone with the last
  // long batches while the others have nothing to do.
  const batchSize = () => {
    const byTime = cost.files ? Math.round(BATCH_MS / Math.max(cost.ms / cost.files, 0.001)) : 16;
    return Math.max(1, Math.min(1000, byTime, Math.ceil(queue.remaining / (4 * (workers + 1)))));
  };
  const retries = []; // single files whose worker died: { index, entry, attempt }
  let inFlight = 0;
  let failure = null;
  let finish;
  const finished = new Promise((resolve) => (finish = resolve));

  // On bail or Ctrl-C, workers see the flag between two files and return what they have: a running
  // task is never aborted (that kills its worker) and no reply comes back to a destroyed pool.
  queue.onStop(() => Atomics.store(stop, 0, 1));
  pool.on('error', (error) => {
    failure ??= error;
    queue.stop();
  });

  function pump() {
    while (!queue.stopped && !failure && inFlight < workers * IN_FLIGHT_PER_WORKER) {
      const retry = retries.shift();
      const batch = retry ? { start: retry.index, entries: [retry.entry], attempt: retry.attempt } : queue.take(batchSize());
      if (!batch) break;
      dispatch(batch);
    }
    if (inFlight === 0) finish();
  }

  function dispatch(batch) {
    inFlight++;
    pool
      .run(batch.entries)
      .then((reply) => received(batch, reply), (error) => workerDied(batch, error))
      // An error while a reply is handled (a reporter throwing in onFileResult, through queue.put)
      // fails the run, as in-process; uncaught, it was an unhandled rejection that killed the process.
      .catch((error) => {
        failure ??= error;
        queue.stop();
      })
      .finally(() => {
        inFlight--;
        pump();
      });
  }

  function received(batch, { results, warnings, usageError, internalError }) {
    for (const message of warnings) warn(message);
    if (usageError || internalError) {
      failure ??= usageError ? new UsageError(usageError) : internalError;
      queue.stop();
      return;
    }
    results.forEach((compact, i) => {
      const entry = batch.entries[i];
      const result = typeof compact === 'number'
        ? { path: entry.rel, status: 'pass', problems: [], durationMs: compact }
        : compact.hash
          ? { path: entry.rel, status: 'pass', problems: [], durationMs: compact.durationMs, hash: compact.hash }
          : { path: entry.rel, status: 'fail', problems: compact.problems, durationMs: compact.durationMs };
      cost.ms += result.durationMs;
      cost.files++;
      queue.put(batch.start + i, result);
    });
  }

  function workerDied(batch, error) {
    if (queue.stopped) return; // terminated on purpose
    const attempt = (batch.attempt ?? 0) + 1;
    if (attempt === 1 || batch.entries.length > 1) {
      batch.entries.forEach((entry, i) => retries.push({ index: batch.start + i, entry, attempt }));
      return;
    }
    const [entry] = batch.entries;
    queue.put(batch.start, {
      path: entry.rel,
      status: 'fail',
      problems: [{ validator: 'worker', message: `the worker died twice while checking this file (${error?.message ?? error})`, kind: 'error' }],
      durationMs: 0,
    });
  }

  pump();
  await finished;
  await close();
  if (failure) throw failure;
}
