// `NODE_OPTIONS=--import=<this file>`: appends the URL of every module the process loads to the
// file named by $TRACE_IMPORTS, so a test can tell that a run did not load what it does not use.
import fs from 'node:fs';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';

// In the process itself: hand this same file to the module loader, whose thread calls `load` below.
if (isMainThread) register(import.meta.url);

/** The loader hook: notes the module's URL, then loads it as usual. */
export async function load(url, context, nextLoad) {
  fs.appendFileSync(process.env.TRACE_IMPORTS, `${url}\n`);
  return nextLoad(url, context);
}
