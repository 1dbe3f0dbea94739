// The pool's worker (worker.js loads it): builds the validators of the rules it meets (once per
// worker), then maps each batch of paths through the same checkFile as the in-process loop. Results
// are compact: a passing file is its duration alone.
import { workerData } from 'node:worker_threads';
import { checkFile, prepareCheck } from '../check/check-file.js';
import { createRuleCompiler } from '../check/compile-rules.js';
import { loadParsers } from '../../formats/index.js';
import { UsageError } from '../../shared/errors.js';
import { SETTLING, REPLIED } from './progress-slots.js';
import { byId } from '../../shared/rules.js';
import { displayFrom } from '../../shared/messages.js';

const { rules, settings, cwd, schemaCache, stop, booted, progress } = workerData;
const stopped = new Int32Array(stop);
const bootedCount = new Int32Array(booted);
Atomics.add(bootedCount, 0, 1); // loaded: `auto` gives this worker files while it measures (run.js)
Atomics.notify(bootedCount, 0); // and a pool that optimizes later starts to (pool.js)
const started = new Int32Array(progress); // per batch slot: which file is being checked (progress-slots.js)
const options = prepareCheck(settings, { inWorker: true });
const warnings = [];
const rulesById = byId(rules);
// A custom validator or an ajv plugin may leave a timer or a promise behind; a crashing chaos
// monkey does (chaos.js). Only then is a batch made to wait for them.
const runsUserCode = (ids) =>
  settings.chaos?.kind === 'crash' ||
  [...ids].some((id) => rulesById.get(id).validators.length || rulesById.get(id).ajv.plugins?.length);
const compiler = createRuleCompiler(rules, {
  schemaCache,
  warn: (message) => warnings.push(message),
  display: displayFrom(cwd),
});

/**
 * @param {{ entries: import('../files/discover.js').FileEntry[], slot: number }} task slot: where this batch
 *   says which file it is on, so that the main thread can stop a check that never returns
 * @returns {Promise<{ results: Array<number | { durationMs: number, problems?: object[] }>, warnings: string[],
 *   prepareMs?: number, usageError?: string, files?: string[], internalError?: unknown }>} each FileResult without
 *   its path and status: a failure has its problems; a pass is its duration alone, unless it carries
 *   more (hash, schemas: --cache; schemaFiles: --watch); prepareMs: what loading parsers and compiling
 *   the batch's rules took, which no file's duration counts (the pool sizes its batches with it)
 */
export default async function checkBatch(task) {
  const reply = await check(task);
  Atomics.store(started, task.slot, REPLIED); // the main thread, checking files too, turns its event loop now
  return reply;
}

async function check({ entries, slot }) {
  const ruleIds = new Set(entries.flatMap((entry) => entry.rules));
  const preparing = performance.now();
  try {
    loadParsers(entries);
    await compiler.prepare(ruleIds);
  } catch (error) {
    if (error instanceof UsageError)
      return { results: [], warnings: [], usageError: error.message, files: error.files };
    // Returned, not thrown: a rejected task looks like a dead worker to the pool, which re-ran every
    // file one by one and failed each with "the worker died twice" (exit 1) where the in-process run
    // stops with an internal error (exit 2).
    return { results: [], warnings: [], internalError: error };
  }
  const prepareMs = performance.now() - preparing;
  const results = [];
  // The batch's facts (checks across files), flat: each file's index in the batch, rule, key, JSON
  // text and document (0: none). A passing file with facts stays a number, and only the texts wait
  // in the young generation until the batch is posted: an object, an array and a fact a file made a
  // worker's scavenges ~20% dearer (12,899 pages, `--trace-gc`).
  const facts = [];
  for (const [i, entry] of entries.entries()) {
    if (Atomics.load(stopped, 0)) break; // bail or Ctrl-C: the main thread wants no more
    Atomics.store(started, slot, i + 1);
    const {
      path,
      status,
      problems,
      facts: found,
      ...rest
    } = checkFile(entry, compiler.validatorsFor(entry.rules), options);
    for (const { rule, key, json, document = 0 } of found ?? []) facts.push(i, rule, key, json, document);
    results.push(problems.length ? { problems, ...rest } : Object.keys(rest).length > 1 ? rest : rest.durationMs);
  }
  // Piscina's worker sleeps in Atomics.wait between tasks, so its event loop never turns: a timer or
  // a promise rejection a validator left behind (`setTimeout(() => { throw … })`) never ran and its
  // error was lost, the file passing. Let them run now, while this batch is the worker's task: such
  // an error kills the worker here, and the pool re-runs the batch file by file to find the culprit.
  if (runsUserCode(ruleIds)) {
    Atomics.store(started, slot, SETTLING);
    await new Promise((resolve) => setTimeout(resolve));
  }
  return { results, facts, prepareMs, warnings: warnings.splice(0) };
}
