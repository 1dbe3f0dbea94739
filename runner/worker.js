// The pool's worker: builds the validators of the rules it meets (once per worker), then maps each
// batch of paths through the same checkFile as the in-process loop. Results are compact: a passing
// file is its duration alone.
import { workerData } from 'node:worker_threads';
import { checkFile } from './check-file.js';
import { createRuleCompiler } from './compile-rules.js';
import { relativePosix } from './paths.js';
import { UsageError } from './errors.js';

const { rules, chaos, cwd, stop } = workerData;
const stopped = new Int32Array(stop);
const warnings = [];
const compiler = createRuleCompiler(rules, { chaos, warn: (message) => warnings.push(message), display: (file) => relativePosix(cwd, file) || file });

/**
 * @param {import('./discover.js').FileEntry[]} entries
 * @returns {Promise<{ results: Array<number | { problems: object[], durationMs: number }>, warnings: string[], usageError?: string }>}
 */
export default async function checkBatch(entries) {
  try {
    await compiler.prepare(new Set(entries.flatMap((entry) => entry.rules)));
  } catch (error) {
    if (error instanceof UsageError) return { results: [], warnings: [], usageError: error.message };
    throw error;
  }
  const results = [];
  for (const entry of entries) {
    if (Atomics.load(stopped, 0)) break; // bail or Ctrl-C: the main thread wants no more
    const { status, problems, durationMs } = checkFile(entry, compiler.validatorsFor(entry.rules));
    results.push(status === 'pass' ? durationMs : { problems, durationMs });
  }
  return { results, warnings: warnings.splice(0) };
}
