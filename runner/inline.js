// The in-process executor: checks files synchronously, in time slices, yielding to the event loop
// between slices so a spinner moves and SIGINT is heard.
import { checkFile } from './check-file.js';

const SLICE_MS = 50;
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

/**
 * @param {import('./discover.js').FileEntry[]} files
 * @param {{ validatorsFor: (ruleIds: number[]) => any[], signal?: AbortSignal,
 *   onResult: (result: import('./check-file.js').FileResult) => boolean }} options onResult returns false to stop
 * @returns {Promise<number>} how many files were checked
 */
export async function executeInline(files, { validatorsFor, signal, onResult }) {
  let sliceStart = performance.now();
  for (let i = 0; i < files.length; i++) {
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
    if (signal?.aborted) return i;
    const entry = files[i];
    if (!onResult(checkFile(entry, validatorsFor(entry.rules)))) return i + 1;
  }
  return files.length;
}
