// files + cores + measured cost ──heuristic──▶ how a run is executed, and why. A pure function,
// tested by a table (test/plan.test.js).
//
// `auto` starts in-process, at no start-up cost, and measures what the first files cost (reading,
// parsing, validating; schema compilation apart, since each worker pays it again). A pool is
// brought in only when the work projected for the remaining files, shared between the main thread
// and the workers, saves clearly more than the workers cost to start and to compile the rules.
// Jest's shouldRunInBand and ESLint's --concurrency auto decide from counts; a count cannot tell
// 50,000 tiny files from 50 huge ones, a measurement can.
//
// A check that never returns can be stopped only in a worker (the main thread cannot interrupt its
// own loop): when something may hang and a file timeout must hold, `auto` runs every file on a pool.

export const SAMPLE = { ms: 15, files: 500 }; // in-process work measured before deciding
const FEW_FILES = 16; // not worth measuring: in-process
export const WORKER_START_MS = 60; // a piscina worker with filecheck's core loaded, measured on these machines
const WORTH_MS = 2 * WORKER_START_MS; // the saving that pays for a pool, with margin

/**
 * @typedef {{ mode: 'inline' | 'pool' | 'sample', workers: number, reason: string }} Plan
 *   In a pool chosen by `auto` from a measurement, the main thread checks files beside the workers.
 * @param {{ files: number, requested: 'auto' | number, cores: number, hang?: string,
 *   sample?: { files: number, checkMs: number, compileMs: number } }} input
 *   hang: what may keep a check from returning when a file timeout must hold ('custom validators');
 *   sample: what the in-process start measured, when `plan` returned mode 'sample'
 * @returns {Plan}
 */
export function plan({ files, requested, cores, hang, sample }) {
  const inline = (reason) => ({ mode: 'inline', workers: 0, reason });
  if (requested === 0) return inline('--workers 0: in-process');
  if (files === 0) return inline('no file to check: no worker started');
  if (requested !== 'auto') {
    const workers = Math.max(1, Math.min(requested, files));
    return { mode: 'pool', workers, reason: `--workers ${requested}: a pool of ${workers}` };
  }
  if (hang) {
    const workers = Math.max(1, Math.min(cores, files));
    return { mode: 'pool', workers, reason: `${hang} under a file timeout: a pool of ${workers}, where a check that never returns can be stopped` };
  }
  if (cores < 2) return inline(`${cores} core: in-process`);
  if (files <= FEW_FILES) return inline(`${files} file${files === 1 ? '' : 's'}: in-process, no worker start-up cost`);
  if (!sample) return { mode: 'sample', workers: 0, reason: 'measuring the first files in-process' };

  const remaining = files - sample.files;
  const msPerFile = sample.checkMs / Math.max(1, sample.files);
  const projected = remaining * msPerFile;
  const workers = cores - 1; // the main thread checks files too
  const saving = projected * (workers / (workers + 1));
  const cost = WORKER_START_MS + sample.compileMs;
  const figures = `${remaining} files left at ${msPerFile.toFixed(3)} ms each ≈ ${Math.round(projected)} ms`;
  if (remaining <= 0 || saving - cost < WORTH_MS) return inline(`${figures}: a pool would not pay for its start-up (~${Math.round(cost)} ms)`);
  return { mode: 'pool', workers, reason: `${figures}: the main thread and ${workers} worker${workers === 1 ? '' : 's'} share them` };
}
