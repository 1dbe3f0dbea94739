// run(options): the chain the command line runs, for a caller in the same process. It prints and
// writes nothing unless asked (`reporter`, `outputFile`), never exits, and resolves with the
// Summary, the results of the files that failed, warned or were only parsed (every file's with `results: 'all'`) and
// the run's warnings.
import { createRequire } from 'node:module';
import { loadConfig } from '../config/load-config.js';
import { findFiles } from '../files/find-files.js';
import { runChecks } from '../execute/run.js';
import { UsageError } from '../../shared/errors.js';
import { displayFrom } from '../../shared/messages.js';
import { reportedFile } from '../../reporters/json.js';
import { checkRunOptions, inRunWords } from './options.js';

const require = createRequire(import.meta.url);

/**
 * @param {Record<string, any>} [given] see types/index.d.ts (RunOptions) and docs/api.md
 * @returns {Promise<import('../execute/run.js').Summary & { files: object[], warningMessages: string[] }>}
 */
export async function run(given) {
  const {
    cwd = process.cwd(),
    env = process.env,
    signal,
    reporters: callers = [],
    onWarning,
    results = 'problems',
    ...options
  } = checkRunOptions(given);
  assertFolder(cwd);
  const warningMessages = [];
  const warn = (message) => {
    warningMessages.push(message);
    onWarning?.(message);
  };
  // The files' results as the json report has them: a passing file without warnings is counted
  // in the summary and not kept, unless every file's result is asked for.
  const files = [];
  const keep = {
    onFileResult(result) {
      const entry = reportedFile(result, { verbose: results === 'all' });
      if (entry) files.push(withoutFacts(entry));
    },
  };
  let builtIn;
  try {
    // The config file's "reporters" are the command line's: run() reports only where it is asked to.
    const config = loadConfig({ patterns: [], ...options, reporter: options.reporter ?? [] }, { cwd, env });
    const { selection } = await findFiles(config);
    builtIn = config.reporters.length ? await createBuiltIn(config, env) : [];
    const summary = await runChecks(selection, config, {
      reporters: [...builtIn, ...callers, keep],
      signal,
      warn,
      display: displayFrom(cwd),
    });
    const outcome = { ...summary, files, warningMessages };
    if (summary.unusableSchemas)
      throw Object.assign(new UsageError(summary.unusableSchemas.join('; ')), { summary: outcome });
    return outcome;
  } catch (error) {
    builtIn?.discard?.(); // no half-written report file is left
    if (error instanceof UsageError) error.message = inRunWords(error.message);
    throw error;
  }
}

// A cwd that is not a folder says so, before a config is looked for from it (which would find none).
function assertFolder(cwd) {
  let stats;
  try {
    stats = require('node:fs').statSync(cwd);
  } catch (error) {
    const why = error.code === 'ENOENT' || error.code === 'ENOTDIR' ? 'no such folder' : error.message;
    throw new UsageError(`run() options: cwd "${cwd}": ${why}`);
  }
  if (!stats.isDirectory()) throw new UsageError(`run() options: cwd "${cwd}": a file, not a folder`);
}

// A shard's facts are for `filecheck merge`, not for the caller.
const withoutFacts = ({ facts, ...entry }) => entry;

// `reporter` and `outputFile`: the command line's reporters, on this process's stdout and files. No
// progress line: that is the terminal's, and a test runner's output is not to be drawn over.
function createBuiltIn(config, env) {
  const { createReporters } = require('../../reporters/index.js');
  const stderr = { write: (text) => process.stderr.write(text) };
  return createReporters(config, { stdout: process.stdout, stderr, env });
}
