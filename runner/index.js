// The programmatic API: `import { run } from 'filecheck'`.
import { loadConfig } from './config/load-config.js';
import { findFiles } from './files/find-files.js';
import { runChecks } from './execute/run.js';

export { UsageError } from './shared/errors.js';
export { EXIT, exitCodeFor } from './shared/exit-codes.js';

/**
 * Runs filecheck and returns the Summary instead of exiting. Options are the CLI's, camelCased
 * (`patterns`, `config`, `schema`, `require`, `bail`, `changed`, `since`, `shard`, …), plus `cwd`,
 * `env`, `signal` and `reporters` (objects with onRunStart / onFileResult / onRunComplete; none by default).
 * A usage or configuration problem rejects with a UsageError.
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
  return runChecks(selection, config, { reporters, signal, warn: onWarning, display: (file) => file });
}
