// The programmatic API: `import { run } from 'filecheck'`.
import { loadConfig } from './config/load-config.js';
import { findFiles } from './files/find-files.js';
import { runChecks } from './execute/run.js';
import { UsageError } from './shared/errors.js';

export { UsageError };
export { EXIT, exitCodeFor } from './shared/exit-codes.js';

/**
 * Runs filecheck and returns the Summary instead of exiting. Options are the CLI's, camelCased
 * (`patterns`, `config`, `schema`, `require`, `bail`, `changed`, `since`, `shard`, …), plus `cwd`,
 * `env`, `signal` and `reporters` (objects with onRunStart / onFileResult / onRunComplete, and
 * onFileChecked when rules check across files; none by default).
 * A usage or configuration problem rejects with a UsageError. A rule's schema that cannot be used is
 * found as its files are checked: they fail (kind `error`), the reporters get every result, and then
 * run() rejects with a UsageError whose `summary` is the run's.
 * @param {Record<string, any>} [options]
 * @returns {Promise<import('./execute/run.js').Summary>}
 */
export async function run({
  cwd = process.cwd(),
  env = process.env,
  signal,
  reporters = [],
  onWarning = () => {},
  ...options
} = {}) {
  const config = loadConfig({ patterns: [], ...options }, { cwd, env });
  const { selection } = await findFiles(config);
  const summary = await runChecks(selection, config, { reporters, signal, warn: onWarning, display: (file) => file });
  if (summary.unusableSchemas) throw Object.assign(new UsageError(summary.unusableSchemas.join('; ')), { summary });
  return summary;
}
