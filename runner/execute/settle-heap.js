// One full garbage collection on the main thread, between start-up and a long loop over files.
//
// Start-up (loading modules, reading the config, walking the tree) leaves V8's young generation
// grown and full of objects that survive, so Node 24's V8 starts an incremental mark-compact in the
// loop's first few hundred files: the young generation's objects of that moment (the documents of
// the files being checked) are promoted whole, the old generation grows by ~25 MB, and the young
// generation is kept at its grown size for the rest of the run. One collection before the loop
// leaves the start-up's survivors in the old generation and the young generation small: on kumadocs
// (4,057 files, --workers 0) 0.55 → 0.52 s and 136 → 90 MB peak RSS on Node 24, the same on Node 20
// (bench/RESULTS.md, "Issue 25, fourth pass"). jest-leak-detector reaches `gc` the same way.
import { createRequire } from 'node:module';

// node:v8 and node:vm are loaded by the collection only (1.5-2 ms at start): a run of a few files
// (a pre-commit hook's, a config file's) makes none.
const require = createRequire(import.meta.url);

// Below this many files the collection (5-7 ms) costs more than it can save.
export const SETTLE_FROM_FILES = 500;
let settled = false;

/** Collects once per process, when the loop ahead is long. */
export function settleHeap(filesAhead) {
  if (settled || filesAhead < SETTLE_FROM_FILES) return;
  settled = true;
  const v8 = require('node:v8');
  const vm = require('node:vm');
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc');
  v8.setFlagsFromString('--no-expose-gc'); // workers started later get no `gc` global
  gc();
}
