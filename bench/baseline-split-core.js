#!/usr/bin/env node
// filecheck's own check of each file in the ceiling's schedule (baseline-split.js): the rules of the
// command line (runner/cli/args.js, runner/config/load-config.js) built in each worker
// (runner/check/compile-rules.js) and every file checked by runner/check/check-file.js, in fixed
// slices over a thread per core started as soon as the walk ends; no discovery, plan, queue, main
// thread's share or reporting. Its ratio to baseline-split-promises.js is what filecheck's check
// costs beyond its promises; `auto`'s ratio to it, what the rest of a run costs on a pool.
// usage: node bench/baseline-split-core.js <dir> [filecheck's options: --schema file.json, …]
import { createRequire } from 'node:module';
import path from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { walk, report } from './baseline-lib.js';
import { splitOverThreads } from './split-lib.js';

// Each thread loads only the modules it uses, as filecheck loads its own (docs/ARCHITECTURE.md).
const require = createRequire(import.meta.url);
const { checkFile, checkSettings, prepareCheck } = require('../runner/check/check-file.js');

if (isMainThread) {
  const { options } = await require('../runner/cli/args.js').parseArgs(process.argv.slice(2));
  const config = require('../runner/config/load-config.js').loadConfig(options, {
    cwd: process.cwd(),
    env: process.env,
  });
  const rules = require('../shared/rules.js').rulesOf(config);
  const ids = rules.map((rule) => rule.id);
  const files = walk(options.patterns[0], '.json').map((file) => ({ path: path.resolve(file), rel: file, rules: ids }));
  const failed = await splitOverThreads(new URL(import.meta.url), files, {
    rules,
    ids,
    settings: checkSettings(config),
  });
  report(files.length, failed);
} else {
  const { slice, rules, ids, settings } = workerData;
  const compiler = require('../runner/check/compile-rules.js').createRuleCompiler(rules, {
    warn: () => {},
    display: (file) => file,
  });
  await compiler.prepare(ids);
  const validators = compiler.validatorsFor(ids);
  const options = prepareCheck(settings, { inWorker: true });
  let failed = 0;
  for (const entry of slice) if (checkFile(entry, validators, options).status !== 'pass') failed++;
  parentPort.postMessage(failed);
}
