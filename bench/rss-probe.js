// Fallback peak-RSS probe, used only where GNU time is missing (see measure.js).
// Preloaded into every measured Node process via NODE_OPTIONS=--import; on exit it appends
// the process's peak RSS in KiB to $FILECHECK_BENCH_RSS_FILE. getrusage covers all threads
// of the process, so worker_threads are counted; only the main thread writes.
import fs from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const file = process.env.FILECHECK_BENCH_RSS_FILE;
if (file && isMainThread) {
  process.on('exit', () => fs.appendFileSync(file, `${process.resourceUsage().maxRSS}\n`));
}
