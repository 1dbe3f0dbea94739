// The file timeout: a file whose check takes longer fails with kind `timeout`. Measured after the
// check on either executor; in a pool, the main thread also stops a check that never returns
// (pool.js), which in-process cannot be done.

import { fileResult } from '../../shared/file-result.js';

export const DEFAULT_FILE_TIMEOUT_MS = 30_000;

/**
 * @param {string} path the file as reported
 * @param {number} fileTimeout
 * @param {number} durationMs how long the check ran
 * @param {{ note?: string | null, settling?: boolean }} [details] note: the chaos monkey's, when it
 *   hit the file; settling: stuck after the validators returned (pool.js knows)
 * @returns {import('./check-file.js').FileResult} the file's result: this problem alone
 */
export function timedOut(path, fileTimeout, durationMs, { note = null, settling = false } = {}) {
  const where = settling ? ' (after its validators returned: in a timer or callback one of them left behind)' : '';
  const message = `the check took longer than the file timeout of ${fileTimeout} ms${where}${note ? `; ${note}` : ''}`;
  return fileResult(path, [{ validator: 'timeout', message, kind: 'timeout' }], durationMs);
}
