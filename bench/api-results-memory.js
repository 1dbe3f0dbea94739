#!/usr/bin/env node
// What run()'s `files` costs on a run of many passing files: each `results` mode in a process of
// its own, over the tiny corpus (50,000 documents of 0.5-2 KB, make-corpus.js), in-process
// (--workers 0, so that the pool's threads do not blur the figure). Prints the peak RSS, and the
// heap still used once the run has resolved (its result held, after a full GC).
// usage: node bench/api-results-memory.js [corpus-dir] [--files N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const { positionals, values } = parseArgs({ allowPositionals: true, options: { files: { type: 'string' } } });
const files = values.files ?? '50000';
const corpus = positionals[0] ?? path.join(os.tmpdir(), 'filecheck-bench', `api-tiny-${files}`);
if (!fs.existsSync(corpus)) {
  const made = spawnSync(
    process.execPath,
    [path.join(REPO, 'bench/make-corpus.js'), corpus, '--profile', 'tiny', '--files', files],
    {
      stdio: 'inherit',
    },
  );
  if (made.status !== 0) process.exit(1);
}

const probe = (results) => `
  import { run } from ${JSON.stringify(path.join(REPO, 'runner/index.js'))};
  const result = await run({ cwd: ${JSON.stringify(corpus)}, patterns: ['**/*.json'], require: ['documentData.title:string'], workers: 0, results: ${JSON.stringify(results)} });
  globalThis.gc();
  const { heapUsed } = process.memoryUsage();
  console.log(JSON.stringify({ total: result.total, files: result.files.length, heapMB: Math.round(heapUsed / 1048576), peakRssMB: Math.round(process.resourceUsage().maxRSS / 1024) }));
`;

console.log(`corpus: ${corpus}`);
for (const results of ['problems', 'all']) {
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', probe(results)], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  const { total, files: kept, heapMB, peakRssMB } = JSON.parse(child.stdout);
  console.log(
    `results: '${results}'`.padEnd(20),
    `${total} files, ${kept} kept: heap after ${heapMB} MB, peak RSS ${peakRssMB} MB`,
  );
}
