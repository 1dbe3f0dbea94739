// Bulk suppressions in a run (run.js calls this, on the main thread, between the results and the
// reporters): each file's result as it is reported, with its suppressed problems set apart
// (apply-suppressions.js); --suppress-all and --suppress-rule record the counts found, and
// --prune-suppressions lowers what is no longer found; at the end, the entries a run found stale
// and the file written back. Whichever executor checked a file, or the cache, it is decided here.
import path from 'node:path';
import { applySuppressions, countById, staleEntries } from './apply-suppressions.js';
import { readSuppressions, writeSuppressions } from './suppressions-file.js';
import { isError, withSuppressed } from '../../shared/file-result.js';
import { relativePosix } from '../../shared/paths.js';
import { UsageError } from '../../shared/errors.js';

/**
 * @typedef {{ file: string, root: string, suppress: 'all' | string[] | null, prune: boolean }} SuppressionSettings
 *   file: absolute; root: the folder the file names files relative to (the config file's, else the
 *   working directory), wherever the file is; suppress: --suppress-all, or the ids of --suppress-rule; prune: --prune-suppressions
 * @typedef {{ file: string, id: string, count: number, found: number }} StaleEntry an entry of
 *   `count` problems where `found` are found now (the file as the suppressions file names it)
 * @typedef {{ file: string, suppressed: number, files?: number, stale: StaleEntry[], written?: boolean,
 *   pruned?: number, unmatched?: string[] }} SuppressionsSummary file: as messages name it;
 *   suppressed: problems, in `files` files (not told by `filecheck merge`); written: the file was written (--suppress-all,
 *   --suppress-rule, --prune-suppressions); pruned: entries lowered or removed; unmatched: the ids
 *   of --suppress-rule that no problem of the run had
 * @param {SuppressionSettings} settings
 * @param {{ cwd: string, display(file: string): string }} context
 * @throws {UsageError} a suppressions file that cannot be read or is malformed
 */
export function openSuppressions(settings, { cwd, display }) {
  const shown = display(settings.file);
  const read = readSuppressions(settings.file, shown);
  const suppressions = read ?? new Map();
  const { root } = settings;
  // Files are named relative to the project's root, results relative to the working directory.
  const keyOf = root === cwd ? (rel) => rel : (rel) => relativePosix(root, path.resolve(cwd, rel));
  const reportedOf = root === cwd ? (key) => key : (key) => relativePosix(cwd, path.resolve(root, key));
  const keys = new Map([...suppressions.keys()].map((key) => [reportedOf(key), key])); // a result's path ─▶ its entry
  const adds = settings.suppress === 'all' ? () => true : (id) => settings.suppress?.includes(id) ?? false;
  const adding = settings.suppress !== null;
  const matched = new Set(); // --suppress-rule ids that some problem had
  const seen = new Map(); // key ─▶ the file's suppressible problems by id, for the files reported
  let changed = false;
  let suppressedProblems = 0;
  let suppressedFiles = 0;

  // The result as reported; --suppress-all and --suppress-rule first record what it has.
  const decide = (result) => {
    let key = keys.get(result.path);
    if (adding && result.status === 'fail') {
      for (const [id, count] of countById(result.problems)) {
        if (!adds(id)) continue;
        matched.add(id);
        if (key === undefined) keys.set(result.path, (key = keyOf(result.path)));
        if (!suppressions.has(key)) suppressions.set(key, new Map());
        if (suppressions.get(key).get(id) === count) continue;
        suppressions.get(key).set(id, count);
        changed = true;
      }
    }
    return key === undefined ? null : { key, ...applySuppressions(result.problems, suppressions.get(key)) };
  };

  return {
    /**
     * @param {import('../check/check-file.js').FileResult} result a file's final result
     * @returns {import('../check/check-file.js').FileResult} with the problems within its counts in `suppressed`
     */
    apply(result) {
      const decided = decide(result);
      if (!decided) return result;
      seen.set(decided.key, decided.found);
      if (!decided.suppressed.length) return result;
      suppressedProblems += decided.suppressed.length;
      suppressedFiles++;
      // `filecheck merge` applies them again, to what the checks across files added: a shard's stay.
      return withSuppressed(result, decided.kept, [...(result.suppressed ?? []), ...decided.suppressed]);
    },
    /** Whether a result fails once suppressed, before its checks across files (--bail counts it). */
    fails(result) {
      if (result.status !== 'fail') return false;
      const decided = decide(result);
      return decided ? decided.kept.some(isError) : true;
    },
    /**
     * @param {{ wholeProject: boolean, interrupted: boolean, judges?: (validator: string) => boolean }} run
     *   wholeProject: the run met every file of the project (no patterns, --changed, --shard, --bail
     *   stop): an entry of a file it did not meet is stale too (deleted, no longer matched);
     *   interrupted: nothing is written; judges: see staleEntries
     * @returns {SuppressionsSummary}
     */
    finish({ wholeProject, interrupted, judges }) {
      const stale = [];
      for (const [key, counts] of suppressions) {
        const found = seen.get(key) ?? (wholeProject ? new Map() : null);
        if (found) for (const entry of staleEntries(counts, found, judges)) stale.push({ file: key, ...entry });
      }
      if (settings.prune) {
        for (const { file, id, found } of stale) {
          const counts = suppressions.get(file);
          if (found) counts.set(id, found);
          else counts.delete(id);
          if (!counts.size) suppressions.delete(file);
        }
        changed ||= stale.length > 0;
      }
      const writing = adding || settings.prune;
      const written = writing && !interrupted && (changed || !read);
      if (written) {
        try {
          writeSuppressions(settings.file, suppressions);
        } catch (error) {
          throw new UsageError(`cannot write the suppressions file ${shown}: ${error.code ?? error.message}`);
        }
      }
      const unmatched = adding && settings.suppress !== 'all' ? settings.suppress.filter((id) => !matched.has(id)) : [];
      return {
        file: shown,
        suppressed: suppressedProblems,
        files: suppressedFiles,
        stale: settings.prune ? [] : stale,
        ...(writing && { written }),
        ...(settings.prune && { pruned: stale.length }),
        ...(unmatched.length && { unmatched }),
      };
    },
  };
}
