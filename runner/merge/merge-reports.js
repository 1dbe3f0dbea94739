// Combines the reports of several runs (typically the shards of one run) into one list of results
// and one summary. A file is counted once, even if two reports have it; a shard without a report is
// found, since every shard names its place in the split (summary.shard).
import { UsageError } from '../../shared/errors.js';
import { onlyParsedHint } from '../../shared/only-parsed-hint.js';

const COUNTS = ['total', 'passed', 'failed', 'skipped', 'unchecked'];
const STATUS_COUNT = { pass: 'passed', fail: 'failed', skip: 'skipped' };
// How many of a report's files only parsed its store prefixes are about; a report from before
// summary.onlyParsedHinted had its hint about all of them.
const hintedIn = ({ onlyParsed = 0, onlyParsedHinted, storePrefixes }) =>
  onlyParsedHinted ?? (storePrefixes?.length ? onlyParsed : 0);
const byPath = (a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0); // as discovery sorts

/**
 * @param {import('./read-report.js').Report[]} reports in the order given
 * @param {{ config?: string }} [project] config: the project's config file, as shown, whose
 *   "schemaStore" the hint for the files only parsed names
 * @returns {{ results: import('../check/check-file.js').FileResult[], summary: import('../execute/run.js').Summary, warnings: string[], missingShards: string[] }}
 *   results in path order; missingShards: "3/4" for each shard of the split that has no report
 * @throws {UsageError} when the reports are shards of different splits (1/3 and 1/4)
 */
export function mergeReports(reports, { config } = {}) {
  const warnings = [];
  const kept = [];
  const shards = new Map(); // "i/n" ─▶ report
  for (const report of reports) {
    const { shard } = report.summary;
    const key = shard && `${shard.index}/${shard.count}`;
    if (shard && shards.has(key)) {
      // The same shard twice (a job re-run, an artifact downloaded twice): counting both would count its files twice.
      warnings.push(
        `shard ${key} is in both ${shards.get(key).name} and ${report.name}: counted once, from ${shards.get(key).name}`,
      );
      continue;
    }
    if (shard) shards.set(key, report);
    kept.push(report);
  }

  const missingShards = [];
  const splits = new Set([...shards.values()].map((report) => report.summary.shard.count));
  if (splits.size > 1) {
    const [a, b] = [...splits].map((count) => [...shards.entries()].find(([, r]) => r.summary.shard.count === count));
    throw new UsageError(
      `cannot merge shards of different splits: ${a[1].name} is shard ${a[0]}, ${b[1].name} is shard ${b[0]}`,
    );
  }
  if (splits.size === 1) {
    const [count] = splits;
    for (let index = 1; index <= count; index++)
      if (!shards.has(`${index}/${count}`)) missingShards.push(`${index}/${count}`);
    const totals = new Set([...shards.values()].map((report) => report.summary.shard.total));
    if (totals.size > 1)
      warnings.push(
        `the shards were split from different sets of files (${[...totals].join(', ')} files): a file may be missing or checked twice (another commit, config or --since?)`,
      );
  }

  const counts = Object.fromEntries(
    [...COUNTS, 'onlyParsed', 'warnings'].map((name) => [
      name,
      kept.reduce((sum, report) => sum + (report.summary[name] ?? 0), 0),
    ]),
  );
  const results = [];
  const first = new Map(); // path ─▶ { at: index in results, report }
  const overlaps = [];
  for (const report of kept) {
    for (const result of report.files) {
      const seen = first.get(result.path);
      if (!seen) {
        first.set(result.path, { at: results.push(result) - 1, report });
        continue;
      }
      overlaps.push(`${result.path} (${seen.report.name}, ${report.name})`);
      // Counted once; when the two runs disagree, the failure is the one kept.
      let dropped = result;
      if (result.status === 'fail' && results[seen.at].status === 'pass')
        [dropped] = results.splice(seen.at, 1, result);
      counts.total--;
      counts[STATUS_COUNT[dropped.status]]--;
      if (dropped.onlyParsed) counts.onlyParsed--;
    }
  }
  if (overlaps.length) {
    const shown = overlaps.slice(0, 3).join(', ') + (overlaps.length > 3 ? ` and ${overlaps.length - 3} more` : '');
    warnings.push(
      `${overlaps.length} file${overlaps.length === 1 ? ' is' : 's are'} in more than one report, counted once (a failure wins): ${shown}`,
    );
  }

  const unusableSchemas = [...new Set(kept.flatMap((report) => report.summary.unusableSchemas ?? []))].sort();
  // Each shard's prefixes are those of its own files: the merged run's hint is made of them all, as one run's is.
  const prefixes = [...new Set(kept.flatMap((report) => report.summary.storePrefixes ?? []))].sort();
  // A file in two reports was counted once above, but not here (a report does not say which files
  // the hint is about): onlyParsedHint never says more than all of them.
  const hinted = Math.min(
    counts.onlyParsed,
    kept.reduce((sum, report) => sum + hintedIn(report.summary), 0),
  );
  const summary = {
    ...counts,
    ...(counts.onlyParsed &&
      prefixes.length && {
        onlyParsedHint: onlyParsedHint(prefixes, { hinted, onlyParsed: counts.onlyParsed, config }),
        storePrefixes: prefixes,
        onlyParsedHinted: hinted,
      }),
    ...(unusableSchemas.length && { unusableSchemas }), // a shard's configuration error is the merged run's
    bailed: kept.some((report) => report.summary.bailed),
    interrupted: kept.some((report) => report.summary.interrupted),
    // Shards run side by side: the merged run took as long as its slowest part.
    durationMs: Math.max(0, ...kept.map((report) => report.summary.durationMs).filter(Number.isFinite)),
    plan: { mode: 'merge', workers: 0, reason: `${kept.length} report${kept.length === 1 ? '' : 's'} combined` },
  };
  return { results: results.sort(byPath), summary, warnings, missingShards };
}
