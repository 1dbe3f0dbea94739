#!/usr/bin/env node
// The ceiling (baseline-split.js) with what filecheck promises of every file (promises-lib.js), as
// baseline-promises.js adds it to the bare loop. Its ratio to the ceiling is what those promises cost
// a pool: the floor of `auto` against the ceiling, which no scheduling goes below.
// usage: node bench/baseline-split-promises.js <dir> [--schema file.json]
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseCli, walk, report } from './baseline-lib.js';
import { splitOverThreads } from './split-lib.js';
import { makePromisedCheck } from './promises-lib.js';

if (isMainThread) {
  const { dir, schema } = parseCli('baseline-split-promises.js');
  const files = walk(dir, '.json');
  report(files.length, await splitOverThreads(new URL(import.meta.url), files, { schema }));
} else {
  const check = await makePromisedCheck(workerData.schema);
  let failed = 0;
  for (const f of workerData.slice) if (!check(f)) failed++;
  parentPort.postMessage(failed);
}
