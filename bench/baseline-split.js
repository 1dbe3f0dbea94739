#!/usr/bin/env node
// The machine's ceiling for a pool: the bare loop (baseline-sync.js) split in fixed slices over one
// worker thread per core, started as soon as the walk ends, with nothing else to load or decide. No
// real tool can beat it by much; its ratio to the bare loop shows what the cores give here.
// usage: node bench/baseline-split.js <dir> [--schema file.json] [--yaml]
import fs from 'node:fs';
import os from 'node:os';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';

if (isMainThread) {
  const { dir, schema, yaml } = parseCli('baseline-split.js');
  const files = walk(dir, yaml ? '.yaml' : '.json');
  const threads = os.availableParallelism();
  const slices = Array.from({ length: threads }, (_, i) => files.filter((_, j) => j % threads === i));
  const failed = await Promise.all(
    slices.map(
      (slice) =>
        new Promise((resolve, reject) => {
          new Worker(new URL(import.meta.url), { workerData: { slice, schema, yaml } })
            .once('message', resolve)
            .once('error', reject);
        }),
    ),
  );
  report(
    files.length,
    failed.reduce((sum, n) => sum + n, 0),
  );
} else {
  const check = await makeCheck(workerData.schema, workerData.yaml);
  let failed = 0;
  for (const f of workerData.slice) if (!check(fs.readFileSync(f, 'utf8'))) failed++;
  parentPort.postMessage(failed);
}
