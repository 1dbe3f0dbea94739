// What --watch decides besides what a batch makes stale (plan-recheck.js), as pure functions
// (watch.js applies them): which changes make everything start over, the files watched and those
// gone, the rules in use, the files whose results must name the schemas they chose, what the
// status line says, what is said once, and the exit code on q.
import path from 'node:path';
import { CONFIG_NAME } from '../config/load-config.js';
import { EXIT } from '../../shared/exit-codes.js';
import { isDocument } from '../../reporters/specs.js';

const EXCLUDE = path.join('.git', 'info', 'exclude');

/**
 * @param {string[]} changed the absolute paths of a batch
 * @returns {string[]} those that make everything start over: every config read, and one new below
 *   the run's (the rules of its folder change), a .gitignore, .git/info/exclude
 */
export const restartersIn = (changed) =>
  changed.filter((file) => [CONFIG_NAME, '.gitignore'].includes(path.basename(file)) || file.endsWith(EXCLUDE));

/**
 * The files watched, as discovery found them, and those no longer watched.
 * @template {{ rel: string, path: string }} E
 * @param {E[]} found
 * @param {Map<string, E>} before rel ─▶ entry: the files watched until now
 * @returns {{ files: Map<string, E>, relOf: Map<string, string>, folders: Set<string>, gone: E[] }}
 *   relOf: each file's absolute path ─▶ its rel; folders: those that hold them, and theirs (one moved
 *   away takes its files along); gone: the files watched before and not found now
 */
export function watchedTree(found, before) {
  const files = new Map(found.map((entry) => [entry.rel, entry]));
  const relOf = new Map(found.map((entry) => [path.resolve(entry.path), entry.rel]));
  const folders = new Set();
  for (const file of relOf.keys()) {
    for (
      let folder = path.dirname(file);
      !folders.has(folder) && path.dirname(folder) !== folder;
      folder = path.dirname(folder)
    )
      folders.add(folder);
  }
  const gone = [...before.values()].filter((entry) => !files.has(entry.rel));
  return { files, relOf, folders, gone };
}

/**
 * @template {{ id: number }} R
 * @param {Map<string, { rules: number[] }>} files the files watched
 * @param {R[]} rules
 * @returns {R[]} the rules of some file watched
 */
export function rulesInUse(files, rules) {
  const used = new Set([...new Set([...files.values()].map((entry) => entry.rules))].flat()); // rule sets are shared arrays (discover.js)
  return rules.filter((rule) => used.has(rule.id));
}

/**
 * The folders the rules' refs globs search, watched so that a file that comes to match one is seen.
 * @param {Array<{ folder: string, deep: boolean }>} globs refGlobs' (rule-dependencies.js)
 * @returns {[string[], string[]]} the folders watched for any name in them, and those watched with
 *   every folder below them (a `**` glob's): file-watcher.js' watchFolders
 */
export const refFolders = (globs) => [
  globs.filter((glob) => !glob.deep).map((glob) => glob.folder),
  globs.filter((glob) => glob.deep).map((glob) => glob.folder),
];

/**
 * The files of rules that choose a schema per file ($schema, a catalog) are checked with `track`
 * set: their results name the schema files they chose, which are watched (the cache checks them).
 * @template {{ rules: number[] }} E
 * @param {E[]} entries
 * @param {Array<{ id: number, selection?: object | null }>} rules
 * @returns {E[]}
 */
export function tracked(entries, rules) {
  const choosing = new Set(rules.filter((rule) => rule.selection).map((rule) => rule.id));
  if (!choosing.size) return entries;
  return entries.map((entry) => (entry.rules.some((id) => choosing.has(id)) ? { ...entry, track: true } : entry));
}

/**
 * What the status line says after a run (reporters/watch.js).
 * @param {{ files: Map<string, unknown>, due: Map<string, unknown>, known(rel: string): boolean,
 *   summary?: { bailed: boolean, failed: number } | null, errored: boolean, interactive: boolean }} state
 *   due: the files a run did not reach; known: whether a file has a verdict; summary: the run's
 *   (none: a run not to count as stopped by --bail); errored: the last run ended in a usage error;
 *   interactive: the keys are read (q, Enter)
 */
export const watchStatus = ({ files, due, known, summary, errored, interactive }) => ({
  files: files.size,
  unchecked: [...files.keys()].filter((rel) => due.has(rel) || !known(rel)).length,
  bailedAfter: summary?.bailed ? summary.failed : 0,
  errored,
  hint: interactive ? 'Press q to quit, Enter to check every file again.' : 'Press Ctrl-C to quit.',
});

/**
 * Why rules' schemas could not be used is said once, until a run can use them.
 * @param {Set<string>} before the last run's
 * @param {string[]} now this run's
 * @returns {string[]} those to say
 */
export const newlyUnusable = (before, now) => [...new Set(now)].filter((message) => !before.has(message));

/**
 * @param {Array<{ name: string }>} reporters the config's
 * @returns {string | null} the note that the config's report files are not written
 */
export function unwrittenReports(reporters) {
  const unwritten = reporters.filter(isDocument).map((r) => r.name);
  if (!unwritten.length) return null;
  return `--watch prints its report to the terminal: the config's ${unwritten.join(' and ')} report${unwritten.length === 1 ? ' is' : 's are'} not written`;
}

/**
 * The exit code on q: a usage error when the last run ended in one or some rules' schemas cannot be
 * used, else whether a checked file fails.
 * @param {{ errored: boolean, unusable: number, failed: boolean }} state
 */
export const exitOnQuit = ({ errored, unusable, failed }) =>
  errored || unusable ? EXIT.usage : failed ? EXIT.failed : EXIT.passed;
