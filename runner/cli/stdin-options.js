// `--stdin [--stdin-filename <path>]`: which options make no sense for one text from standard input
// (a usage error), which do not apply (left out), and the options the run loads its config with.
import { UsageError } from '../../shared/errors.js';
import { STDIN_NAME } from '../files/stdin-file.js';

// Options that choose, or write for, files on disk: with one text from standard input they would
// mean nothing, so they are refused rather than silently dropped.
const REFUSED = {
  watch: '--watch',
  changed: '--changed',
  since: '--since',
  shard: '--shard',
  suppressAll: '--suppress-all',
  suppressRule: '--suppress-rule',
  pruneSuppressions: '--prune-suppressions',
};

/**
 * @param {Record<string, any>} options parsed from the command line, with stdin or stdinFilename
 * @returns {Record<string, any>} the options to load the config with: the given path as the one
 *   pattern; no cache (it records files on disk, whose text is not this one); in-process (one file)
 */
export function stdinOptions(options) {
  const { stdin, stdinFilename } = options;
  if (!stdin) throw new UsageError('--stdin-filename names the file whose text --stdin reads: give --stdin too');
  if (stdinFilename === '') throw new UsageError('--stdin-filename needs a value');
  if (options.patterns.length)
    throw new UsageError(
      `--stdin checks the text of standard input, not files: drop ${options.patterns.map((p) => `"${p}"`).join(', ')} (name the file's path with --stdin-filename)`,
    );
  const refused = Object.keys(REFUSED).filter((name) => isGiven(options[name]));
  if (refused.length)
    throw new UsageError(`--stdin cannot be used with ${refused.map((name) => REFUSED[name]).join(', ')}`);
  return { ...options, patterns: [stdinFilename ?? STDIN_NAME], cache: false, workers: '0' };
}

const isGiven = (value) => value !== undefined && value !== false && !(Array.isArray(value) && !value.length);
