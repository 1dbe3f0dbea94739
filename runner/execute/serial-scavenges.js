// While a run checks many files, V8 collects the young generation on the thread that fills it,
// without helper threads.
//
// Each file leaves its text and its document behind, dead by the next collection, so a scavenge
// copies little. V8 splits it over helper threads all the same, and the collecting thread waits
// for them; while the run's threads keep the cores busy (a pool beside the main thread, or the
// in-process loop beside V8's compilers), each helper first has to take a core from a thread that
// checks files. On kumadocs (4,057 JSON files, --schema, 2 cores) the main thread's scavenges
// paused it 18.2 ms instead of 24.8 (Node 24); `auto` went from 1.14x to 1.10x the split ceiling on
// Node 24 and from 1.11x to 1.05x on Node 20, --workers 0 from 1.13x to 1.10x the bare loop on Node
// 24 (bench/RESULTS.md, nineteenth session). V8's code caches do not depend on this flag (they do on
// --expose-gc): workers still boot with Node's own.
import { holdV8Flag } from './hold-v8-flag.js';
import { SETTLE_FROM_FILES } from './settle-heap.js';

/**
 * @param {number} files how many files the run checks: below SETTLE_FROM_FILES (a pre-commit
 *   hook's run, a config file's), V8 is left as it is and node:v8 is not loaded (~1.7 ms)
 * @param {Parameters<typeof holdV8Flag>[2]} [process_] for tests
 * @returns {() => void} gives V8 its parallel scavenges back, when the run ends
 */
export const scavengeSerially = (files, process_ = undefined) =>
  files < SETTLE_FROM_FILES
    ? () => {}
    : holdV8Flag('--parallel-scavenge', { held: '--no-parallel-scavenge', free: '--parallel-scavenge' }, process_);
