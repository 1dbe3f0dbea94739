// The split baselines' schedule, the machine's ideal one for a pool: the files in fixed slices
// (every n-th file), one worker thread per core, all started at once. Apart from baseline-lib.js,
// so that the bare loop does not load node:worker_threads (~2 ms).
import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * @param {URL} script the worker's module: it gets `{ slice, ...data }` as its workerData and posts
 *   how many of its files failed
 * @returns {Promise<number>} the failures of all
 */
export async function splitOverThreads(script, files, data) {
  const threads = os.availableParallelism();
  const slices = Array.from({ length: threads }, (_, i) => files.filter((_, j) => j % threads === i));
  const failed = await Promise.all(
    slices.map(
      (slice) =>
        new Promise((resolve, reject) => {
          new Worker(script, { workerData: { slice, ...data } }).once('message', resolve).once('error', reject);
        }),
    ),
  );
  return failed.reduce((sum, n) => sum + n, 0);
}
