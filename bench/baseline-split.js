#!/usr/bin/env node
// The machine's ceiling for a pool: the bare loop (baseline-sync.js) split in fixed slices over one
// worker thread per core, started as soon as the walk ends, with nothing else to load or decide. No
// real tool can beat it by much; its ratio to the bare loop shows what the cores give here.
// usage: node bench/baseline-split.js <dir> [--schema file.json] [--yaml]
import fs from 'node:fs';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';
import { splitOverThreads } from './split-lib.js';

if (isMainThread) {
  const { dir, schema, yaml } = parseCli('baseline-split.js');
  const files = walk(dir, yaml ? '.yaml' : '.json');
  report(files.length, await splitOverThreads(new URL(import.meta.url), files, { schema, yaml }));
} else {
  const check = await makeCheck(workerData.schema, workerData.yaml);
  let failed = 0;
  for (const f of workerData.slice) if (!check(fs.readFileSync(f, 'utf8'))) failed++;
  parentPort.postMessage(failed);
}
