// The in-process executor: takes files from the queue one by one and checks them synchronously,
// in time slices, yielding to the event loop between slices so a spinner moves, SIGINT is heard
// and, when a pool works beside it, the workers' results are collected.
import { checkFile, prepareCheck } from './check-file.js';
import { loadParsers } from './formats.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
// Beside a pool, the main thread takes up to this many files at once when it takes whole sets of
// files that share their rules: a few of SchemaStore-sized sets (a schema, a few files each).
const WHOLE_SETS_FILES = 16;

/**
 * @param {ReturnType<import('./work-queue.js').createWorkQueue>} queue
 * @param {{ compiler: import('./compile-rules.js').RuleCompiler, check: { chaos: object | null, timeoutMs: number, allAlternatives?: boolean },
 *   sliceMs?: number, budget?: { ms: number, files: number } }} options check: the chaos monkey and
 *   the file timeout; budget: stop after this much checking (a sample); wholeSets (beside a pool):
 *   take the files that share their rules together, as the pool's batches do (work-queue.js)
 * @returns {Promise<{ files: number, checkMs: number, compileMs: number }>} what this loop did (a
 *   parser's first file is in compileMs, not in files and checkMs)
 */
export async function executeInline(queue, { compiler, check, sliceMs = 50, yieldNow = () => false, budget = { ms: Infinity, files: Infinity }, wholeSets = false }) {
  const options = prepareCheck(check);
  let preparedRules = null; // rule sets are shared arrays (see discover.js): the last one prepared
  let files = 0;
  let checkMs = 0;
  let compileMs = 0;
  let sliceStart = performance.now();
  let held = []; // files taken together, checked one by one
  for (;;) {
    if (files >= budget.files || checkMs >= budget.ms) break;
    if (performance.now() - sliceStart > sliceMs || yieldNow()) {
      await nextTurn();
      sliceStart = performance.now();
    }
    if (!held.length) {
      const taken = queue.take(wholeSets ? WHOLE_SETS_FILES : 1, { whole: wholeSets });
      if (!taken) break;
      held = taken.entries.map((entry, i) => ({ start: taken.start + i, entries: [entry] }));
    }
    const taken = held.shift();
    const entry = taken.entries[0];
    // Loading a parser, and the first file it reads (its code is not compiled yet: ten to fifty
    // times a file's usual cost for YAML), are costs each worker pays too, as compiling a schema is:
    // they are counted with compiling, not with checking, so that `auto` does not take them for
    // what every file costs.
    const parserLoading = loadParsers(taken.entries);
    // Prepared again when the rules change: the compiler may have dropped a set not used for a while.
    if (entry.rules !== preparedRules || parserLoading) {
      const before = performance.now();
      await Promise.all([compiler.prepare(entry.rules), parserLoading]);
      compileMs += performance.now() - before;
      preparedRules = entry.rules;
    }
    // A schema the file chose is compiled during its check: that is compiling, not checking.
    const compiledBefore = compiler.compileMs();
    const result = checkFile(entry, compiler.validatorsFor(entry.rules), options);
    const compiledDuring = compiler.compileMs() - compiledBefore;
    if (parserLoading) {
      compileMs += result.durationMs;
    } else {
      checkMs += result.durationMs - compiledDuring;
      compileMs += compiledDuring;
      files++;
    }
    queue.put(taken.start, result);
  }
  return { files, checkMs, compileMs };
}
