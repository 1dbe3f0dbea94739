// `NODE_OPTIONS=--import=<this file>`: appends the URL of every module the process loads to the
// file named by $TRACE_IMPORTS, so a test can tell that a run did not load what it does not use.
// Worker threads run it too (NODE_OPTIONS), so what a pool's workers load is noted as well.
import fs from 'node:fs';
import { register } from 'node:module';

// In the process and in each of its worker threads, but not in the module loader's own thread,
// which imports this file again as its hooks (with the query below): hand this file to the loader.
if (!import.meta.url.endsWith('?hooks')) register(`${import.meta.url}?hooks`);

/** The loader hook: notes the module's URL, then loads it as usual. */
export async function load(url, context, nextLoad) {
  fs.appendFileSync(process.env.TRACE_IMPORTS, `${url}\n`);
  return nextLoad(url, context);
}
