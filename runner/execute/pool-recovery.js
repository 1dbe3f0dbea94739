// The pool's decisions, as pure functions (pool.js applies them): how big a batch is, when the
// watchdog stops a task, and what becomes of a batch whose worker died or whose file got stuck.
import { timedOut } from '../check/file-timeout.js';
import { fileResult } from '../../shared/file-result.js';
import { chaosHits, chaosNote, chaosPath } from '../check/chaos.js';
import { SETTLING, REPLIED } from './progress-slots.js';

// Each batch costs a worker a round trip through the main thread, which checks files too and turns
// its event loop as soon as a worker has replied (replyWaiting): ~0.5–2.5 ms, was 4–17 ms.
// 100 ms batches were 4% faster than 25 ms ones on kumadocs, JSON and YAML alike, when that cost
// was higher (bench/RESULTS.md).
const BATCH_MS = 100;
// Unless the main thread compiles schema after schema beside the workers (pool.js,
// compilesManySchemas): a reply then waits while it compiles one, tens to hundreds of milliseconds
// in which its event loop does not turn, and the worker, its batch done, waits with it. On the
// many-schema repository (857 schemas, 2 cores, Node 24) `auto`'s worker waited 1.1-2.1 s of a
// 10 s run between 100 ms batches, 0.6-0.7 s between 400 ms ones (bench/RESULTS.md). The last
// batches stay small (a share of the files left) and the main thread takes back those not started.
export const BATCH_MS_BESIDE_COMPILING = 400;

/**
 * About `batchMs` of work, and smaller near the end, so that no thread is left alone with the last
 * long batches while the others have nothing to do.
 * @param {{ ms: number, files: number }} cost the files checked so far, and their time
 * @param {number} remaining files not yet taken from the queue
 * @param {number} workers
 * @param {number} [batchMs] BATCH_MS, or BATCH_MS_BESIDE_COMPILING
 * @returns {number}
 */
export function batchSize(cost, remaining, workers, batchMs = BATCH_MS) {
  const byTime = cost.files ? Math.round(batchMs / Math.max(cost.ms / cost.files, 0.001)) : 16;
  return Math.max(1, Math.min(1000, byTime, Math.ceil(remaining / (4 * (workers + 1)))));
}

/**
 * What the watchdog does with a batch in flight whose progress slot reads `seen` (progress-slots.js).
 * @param {{ seen: number, since: number, stuck: object | null, entries: number }} task seen and since:
 *   the slot when last read, and since when it reads so; entries: how many files the batch has
 * @param {number} seen the slot now
 * @param {number} now
 * @param {{ stoppedAt: number | null, fileTimeout: number, graceMs: number }} run stoppedAt: when a
 *   bail or Ctrl-C stopped the queue
 * @returns {'moved' | 'abort' | { position: number, ms: number } | null} moved: a new file started
 *   (or the batch replied); abort: stopped, and still running after the grace; a position: the
 *   file at that place of the batch (the batch's length: past its files, settling) is stuck
 */
export function watchdogVerdict(task, seen, now, { stoppedAt, fileTimeout, graceMs }) {
  if (seen !== task.seen) return 'moved';
  if (stoppedAt !== null && now - stoppedAt > graceMs) return 'abort';
  if (seen !== 0 && seen !== REPLIED && !task.stuck && now - task.since > fileTimeout) {
    return { position: seen === SETTLING ? task.entries : seen - 1, ms: now - task.since };
  }
  return null;
}

/**
 * @typedef {{ start: number, entries: import('../files/discover.js').FileEntry[], attempt?: number }} Batch
 *   start: the place of its first file in the queue; attempt: the worker deaths it has seen so far
 * @typedef {{ put: Array<[number, import('../check/check-file.js').FileResult]>, retries: Batch[] }} Recovery
 *   put: results to report, by place; retries: batches to run again, first
 */

/**
 * A worker died with the batch: it is run again file by file, and a file whose worker dies a
 * second time alone fails with kind `error`.
 * @param {Batch} batch
 * @param {unknown} error
 * @returns {Recovery}
 */
export function afterWorkerDied(batch, error) {
  const attempt = (batch.attempt ?? 0) + 1;
  if (attempt === 1 || batch.entries.length > 1) return { put: [], retries: singly(batch, attempt) };
  const [entry] = batch.entries;
  const message = `the worker died twice while checking this file (${error?.message ?? error})`;
  return {
    put: [[batch.start, fileResult(entry.rel, [{ validator: 'worker', message, kind: 'error' }], 0)]],
    retries: [],
  };
}

/**
 * A file of the batch took longer than the file timeout, and its worker was stopped: the stuck file
 * fails; the files before it were checked but their results went with the worker, those after it
 * never ran: both are run again. Stuck past its files (in a timer a validator left behind), a
 * batch is run again file by file to find the one that hangs.
 * @param {Batch} batch
 * @param {{ position: number, ms: number }} stuck from watchdogVerdict
 * @param {{ fileTimeout: number, chaos: object | null }} settings the check's (check-file.js CheckSettings)
 * @returns {Recovery}
 */
export function afterTimeout(batch, { position, ms }, { fileTimeout, chaos }) {
  const { start, entries, attempt } = batch;
  if (position >= entries.length && entries.length > 1) return { put: [], retries: singly(batch, attempt) };
  const at = Math.min(position, entries.length - 1);
  const entry = entries[at];
  const hit = chaos !== null && chaosHits(chaos, chaosPath(chaos, entry));
  const retries = [];
  if (at > 0) retries.push({ start, entries: entries.slice(0, at), attempt });
  if (at < entries.length - 1) retries.push({ start: start + at + 1, entries: entries.slice(at + 1), attempt });
  return {
    put: [
      [
        start + at,
        timedOut(entry.rel, fileTimeout, ms, {
          note: hit ? chaosNote(chaos) : null,
          settling: position >= entries.length,
        }),
      ],
    ],
    retries,
  };
}

const singly = ({ start, entries }, attempt) =>
  entries.map((entry, i) => ({ start: start + i, entries: [entry], attempt }));
