// `filecheck merge` and suppressions: each shard suppressed the problems it found and said which of
// its files' entries are stale; the checks across files run at the merge (runner/collect/across-merged.js),
// so their problems are suppressed here, and their entries judged stale here, for the files the
// reports list. A shard suppressed all of an id's problems in a file or none, so applying the file
// again to what the reports list decides as the shards did.
import { openSuppressions } from './suppress-run.js';

const STATUS_COUNT = { pass: 'passed', fail: 'failed', skip: 'skipped' };

/**
 * @param {import('../check/check-file.js').FileResult[]} results the merged results
 * @param {import('../execute/run.js').Summary} summary the merged summary
 * @param {(import('./suppress-run.js').SuppressionsSummary | undefined)[]} shards each report's summary.suppressions
 * @param {import('./suppress-run.js').SuppressionSettings} settings
 * @param {{ cwd: string, display(file: string): string, acrossFiles: Set<string> }} context
 *   acrossFiles: the validators of the checks across files that ran at the merge (none when they did not)
 * @returns {{ results: import('../check/check-file.js').FileResult[], summary: import('../execute/run.js').Summary }}
 */
export function suppressMerged(results, summary, shards, settings, { cwd, display, acrossFiles }) {
  const suppress = openSuppressions(settings, { cwd, display });
  const counts = { ...summary };
  const suppressed = results.map((result) => {
    const now = suppress.apply(result);
    if (now.status !== result.status) {
      counts[STATUS_COUNT[result.status]]--;
      counts[STATUS_COUNT[now.status]]++;
    }
    return now;
  });
  const here = suppress.finish({ wholeProject: false, interrupted: false, judges: (v) => acrossFiles.has(v) });
  const stale = new Map();
  for (const entry of [...shards.flatMap((shard) => shard?.stale ?? []), ...here.stale])
    stale.set(`${entry.file}\0${entry.id}`, entry);
  const sum = (name) => shards.reduce((total, shard) => total + (shard?.[name] ?? 0), here[name]);
  counts.suppressions = {
    file: here.file,
    suppressed: sum('suppressed'), // in how many files is not told: a file's may be a shard's and the merge's
    stale: [...stale.values()].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.id < b.id ? -1 : 1)),
  };
  return { results: suppressed, summary: counts };
}
