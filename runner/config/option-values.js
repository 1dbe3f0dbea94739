// The values of the options that take one, from the command line (strings) or the config file:
// each checked, with a message that says what it takes.
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

const CACHE_STRATEGIES = ['metadata', 'content'];

export function parseBail(value) {
  // The command line gives strings: `--bail false` must switch off a config's `"bail": true`.
  if (value === undefined || value === false || value === 'false') return 0;
  if (value === true || value === '' || value === 'true') return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new UsageError(`--bail takes a whole number of failures, not "${value}"`);
  return n;
}

export function parseWorkers(value) {
  if (value === 'auto') return 'auto';
  const n = Number(value);
  if (value === '' || !Number.isInteger(n) || n < 0)
    throw new UsageError(`--workers takes auto, 0 or a number of workers, not "${value}"`);
  return n;
}

export function parseFileTimeout(value) {
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--file-timeout takes a whole number of milliseconds, at least 1, not "${value}"`);
  }
  return n;
}

// --cache-location is relative to the working directory, "cacheLocation" to the config file; the
// default lives in the project's node_modules/.cache, as Babel's and ESLint's caches do.
export function parseCache(options, file, { cwd, base, root }) {
  // Checked with the cache off too, as --chaos-kind is: a typo is said at once, not on the day it is turned on.
  const strategy = options.cacheStrategy ?? file.cacheStrategy ?? 'metadata';
  if (!CACHE_STRATEGIES.includes(strategy))
    throw new UsageError(`--cache-strategy takes ${CACHE_STRATEGIES.join(' or ')}, not "${strategy}"`);
  if (!(options.cache ?? file.cache)) return null;
  const dir = options.cacheLocation
    ? path.resolve(cwd, options.cacheLocation)
    : file.cacheLocation
      ? path.resolve(base, file.cacheLocation)
      : path.join(root, 'node_modules', '.cache', 'filecheck');
  return { dir, strategy };
}

// Where compiled schemas are kept between runs without --cache (compiled-schema-cache.js): the
// user's cache folder, as Deno keeps its compiled code and check-jsonschema its schemas there
// ($XDG_CACHE_HOME or ~/.cache, ~/Library/Caches on macOS, %LOCALAPPDATA% on Windows), or
// FILECHECK_COMPILE_CACHE's folder; none with FILECHECK_DISABLE_COMPILE_CACHE (as Node's
// NODE_COMPILE_CACHE and NODE_DISABLE_COMPILE_CACHE name its own), with --no-cache, or without a
// home folder. With --cache, the cache's folder keeps them (parseCache).
export function parseCompileCache(options, env, cwd) {
  if (options.cache === false || env.FILECHECK_DISABLE_COMPILE_CACHE) return null;
  if (env.FILECHECK_COMPILE_CACHE) return path.resolve(cwd, env.FILECHECK_COMPILE_CACHE);
  const folder = userCacheFolder(env);
  return folder && path.join(folder, 'filecheck', 'schemas');
}

function userCacheFolder(env) {
  if (process.platform === 'win32') return env.LOCALAPPDATA || null;
  if (env.XDG_CACHE_HOME && path.isAbsolute(env.XDG_CACHE_HOME) && process.platform !== 'darwin')
    return env.XDG_CACHE_HOME;
  let home = env.HOME;
  try {
    home ||= require('node:os').homedir();
  } catch {
    return null; // no home folder (a user without one): nothing kept
  }
  if (!home || home === path.parse(home).root) return null;
  return process.platform === 'darwin' ? path.join(home, 'Library', 'Caches') : path.join(home, '.cache');
}

// --since <ref> implies --changed, as Jest's --changedSince implies --onlyChanged.
export function parseChanged(changed, since) {
  if (since === undefined) return changed ? { since: null } : null;
  since = String(since);
  // A ref is passed to git as an argument: one that looks like an option would be read as one.
  if (since.startsWith('-'))
    throw new UsageError(`--since takes a git revision (a branch, tag or commit), not "${since}"`);
  return { since };
}

export function parseShard(value) {
  if (value === undefined) return null;
  const match = /^(\d+)\/(\d+)$/.exec(String(value).trim());
  const [index, count] = match ? [Number(match[1]), Number(match[2])] : [];
  if (!match || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new UsageError(`--shard takes i/n, two whole numbers with 1 <= i <= n (e.g. 1/3), not "${value}"`);
  }
  return { index, count };
}

// --max-warnings N, as ESLint's: more than N warnings in all fail the run (exit-codes.js); -1, as
// ESLint's default, is no limit. Returns undefined for no limit.
export function parseMaxWarnings(value) {
  if (value === undefined || String(value) === '-1') return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(String(value)) || !Number.isSafeInteger(n))
    throw new UsageError(`--max-warnings takes a whole number of warnings (or -1: no limit), not "${value}"`);
  return n;
}

/** The suppressions file's name, at the project's root (runner/suppress/). */
export const SUPPRESSIONS_NAME = 'filecheck-suppressions.json';

// Bulk suppressions (runner/suppress/): the file, at the project's root (the config file's folder,
// else the working directory) unless --suppressions-location names another, which names files
// relative to that root wherever it is; what the run records in it. null when there is no such
// file and nothing is to be written: nothing is suppressed.
// The flags that write it go one at a time, as ESLint's: --suppress-all and --suppress-rule say
// different things, and pruning while recording would leave it unclear which ids are pruned.
export function parseSuppressions(options, { cwd, base }) {
  const { suppressAll, suppressRule, pruneSuppressions, suppressionsLocation } = options;
  const writing = [
    suppressAll && '--suppress-all',
    suppressRule?.length && '--suppress-rule',
    pruneSuppressions && '--prune-suppressions',
  ].filter(Boolean);
  if (writing.length > 1)
    throw new UsageError(`${writing.join(' and ')} cannot be used together: run them one at a time`);
  if (writing.length && options.shard !== undefined)
    throw new UsageError(
      `${writing[0]} cannot be used with --shard: a shard finds only its own files' problems, and none of the checks across files`,
    );
  if (suppressRule?.includes(''))
    throw new UsageError('--suppress-rule needs a value: an id such as json-schema/required');
  const file = suppressionsLocation ? path.resolve(cwd, suppressionsLocation) : path.join(base, SUPPRESSIONS_NAME);
  if (!writing.length && !fs.existsSync(file)) return null;
  return {
    file,
    root: base,
    suppress: suppressAll ? 'all' : suppressRule?.length ? suppressRule : null,
    prune: !!pruneSuppressions,
  };
}
