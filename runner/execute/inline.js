// The in-process executor: takes files from the queue one by one and checks them synchronously,
// in time slices, yielding to the event loop between slices so a spinner moves, SIGINT is heard
// and, when a pool works beside it, the workers' results are collected.
import { checkFile, prepareCheck } from '../check/check-file.js';
import { loadParsers } from '../../formats/index.js';
import { settleHeap } from './settle-heap.js';
import { containExit } from '../check/contain-exit.js';
import { budgetSpent } from './plan.js';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
// Beside a pool, the main thread takes up to this many files at once when it takes whole sets of
// files that share their rules: a few of SchemaStore-sized sets (a schema, a few files each).
const WHOLE_SETS_FILES = 16;

/**
 * @typedef {{ files: number, checkMs: number, compileMs: number, costs: number[], setCosts: number[],
 *   loadMs: number, compiled: number, compiledMs: number, prepared: Set<number[]> }} Sample what the loop did: files and
 *   checkMs, the files checked and what checking them took, compilation apart; compileMs, what
 *   compiling and loading took (a parser's first file included); costs, each file's check in order,
 *   but the first file of each rule set and those whose check compiled; setCosts, what each rule set
 *   met cost, in order: preparing it, its first file's check (V8 compiles the schema's generated code
 *   on its first call: 4-11 ms a SchemaStore schema) and the checks of its files that compiled a
 *   schema they chose or a $ref (compiled lazily); compiled, compiledMs: how many of those files, and
 *   what their checks took; loadMs,
 *   loading parsers and their first files; prepared, the rule sets prepared (discover.js shares one
 *   array per set)
 * @param {ReturnType<import('./work-queue.js').createWorkQueue>} queue
 * @param {{ compiler: import('../check/compile-rules.js').RuleCompiler, settings: import('../check/check-file.js').CheckSettings,
 *   sliceMs?: number, yieldNow?: () => boolean, reclaim?: () => ({ start: number, entries: object[] } | null), budget?: { ms: number, files: number, sets?: number, setsMs?: number, checkMs?: number, compileMs?: number } }} options
 *   settings: the check's (run.js); budget (a sample): stop after `files` files, or
 *   after `ms` of work (checking and compiling, loading parsers left out), or, when several rule sets
 *   were met, after `sets` sets or `setsMs` of work; or after `checkMs` of checking or `compileMs` of
 *   compiling; wholeSets (beside a pool): take the files that share their rules
 *   together, as the pool's batches do (work-queue.js); from: a sample taken before, which this one
 *   goes on from (its counts, and the budget, continue); yieldNow: whether to turn the event loop
 *   before the next file (a worker's reply waits); reclaim: a batch given to a pool that no worker
 *   has started, taken back when the queue has no file left (pool.js)
 * @returns {Promise<Sample>}
 */
export async function executeInline(
  queue,
  {
    compiler,
    settings,
    sliceMs = 50,
    yieldNow = () => false,
    reclaim = () => null,
    budget = { ms: Infinity, files: Infinity },
    wholeSets = false,
    from = undefined,
  },
) {
  const sampling = budget.files !== Infinity; // each file's cost is kept for a sample only
  settleHeap(queue.remaining);
  const options = prepareCheck(settings);
  let preparedRules = null; // rule sets are shared arrays (see discover.js): the last one prepared
  let { files, checkMs, compileMs, loadMs, compiled, compiledMs } = from ?? {
    files: 0,
    checkMs: 0,
    compileMs: 0,
    loadMs: 0,
    compiled: 0,
    compiledMs: 0,
  };
  const costs = from?.costs ?? [];
  const setCosts = from?.setCosts ?? [];
  const prepared = from?.prepared ?? new Set();
  let setIndex = setCosts.length - 1; // the rule set of the file being checked, in setCosts
  let sliceStart = performance.now();
  // A run without a budget (most) never asks it, file after file.
  const bounded = Object.values(budget).some((limit) => limit !== Infinity);
  const takeCount = wholeSets ? WHOLE_SETS_FILES : 1;
  const takeOptions = { whole: wholeSets };
  let batch = null; // files taken together ({ start, entries }), checked one by one
  let at = 0; // the next of batch.entries
  // process.exit is contained while the slice's checks run, and given back before each await (the
  // event loop's turn): once a slice, not once a file, as replacing it costs ~1 µs.
  let contained = null;
  const release = () => {
    contained?.release();
    contained = null;
  };
  try {
    for (;;) {
      if (bounded && budgetSpent({ files, checkMs, compileMs, loadMs, setCosts, costs, compiled }, budget)) break;
      if (performance.now() - sliceStart > sliceMs || yieldNow()) {
        release();
        await nextTurn();
        sliceStart = performance.now();
      }
      if (batch === null || at === batch.entries.length) {
        // Out of files beside a pool: a batch no worker has started yet is checked here instead.
        batch = queue.take(takeCount, takeOptions) ?? (!queue.stopped && reclaim());
        if (!batch) break;
        at = 0;
      }
      const index = batch.start + at;
      const entry = batch.entries[at++];
      // Loading a parser, and the first file it reads (its code is not compiled yet: ten to fifty
      // times a file's usual cost for YAML), are costs each worker pays too, as compiling a schema is:
      // they are counted with compiling, not with checking, so that `auto` does not take them for
      // what every file costs.
      const before = performance.now();
      const loadedParser = entry.parser !== undefined && loadParsers([entry]);
      // Prepared again when the rules change: the compiler may have dropped a set not used for a while.
      let firstOfSet = false;
      let prepareMs = 0;
      if (entry.rules !== preparedRules || loadedParser) {
        release();
        await compiler.prepare(entry.rules);
        prepareMs = performance.now() - before;
        compileMs += prepareMs;
        preparedRules = entry.rules;
        firstOfSet = !prepared.has(entry.rules);
        if (firstOfSet) {
          prepared.add(entry.rules);
          setIndex = setCosts.push(0) - 1;
        }
      }
      // A schema the file chose is compiled during its check: that is compiling, not checking.
      const compiledBefore = compiler.compileMs();
      contained ??= containExit();
      const result = checkFile(entry, compiler.validatorsFor(entry.rules), options, contained);
      const compiledDuring = compiler.compileMs() - compiledBefore;
      if (loadedParser) {
        compileMs += result.durationMs;
        loadMs += prepareMs + result.durationMs; // loading a parser is every thread's cost, not a rule set's
      } else if (compiledDuring > 0 && !firstOfSet) {
        // A schema the file chose (a catalog's, its $schema) or a $ref it reached, compiled for it:
        // its check ran that code for the first time too (as a rule set's first file does), which
        // every thread that meets the schema pays. Compiling, its rule set's cost, never a file's.
        compileMs += result.durationMs;
        if (setIndex >= 0) setCosts[setIndex] += result.durationMs;
        files++;
        compiled++;
        compiledMs += result.durationMs;
      } else {
        checkMs += result.durationMs - compiledDuring;
        compileMs += compiledDuring;
        files++;
        if (firstOfSet) setCosts[setIndex] += prepareMs + result.durationMs;
        else if (sampling) costs.push(result.durationMs);
      }
      queue.put(index, result);
    }
  } finally {
    release();
  }
  return { files, checkMs, compileMs, costs, setCosts, loadMs, compiled, compiledMs, prepared };
}
