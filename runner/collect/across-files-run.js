// The checks across files in a run (run.js): which files give facts besides the run's own
// (context-files.js), the run's results held until every file has given its facts, then each
// rule's checks over all of them (check-across-files.js) and the results with their problems.
import { createLedger } from './ledger.js';
import { contextFiles } from './context-files.js';
import { checkAcrossFiles } from './check-across-files.js';
import { withProblems } from '../shared/file-result.js';

/**
 * @typedef {{ checked: boolean, why?: string }} AcrossFilesSummary checked: the checks across files
 *   ran over every file of their rules; why: why they did not (--bail stopped the run, a shard's
 *   wait for `filecheck merge`)
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id, non-empty
 * @param {import('../config/load-config.js').Config} config
 * @param {{ files: import('../files/discover.js').FileEntry[], partial?: boolean, shard?: object,
 *   display(file: string): string }} run partial: --watch's re-run of some files
 */
export function acrossFilesRun(collectors, config, { files, partial = false, shard, display }) {
  const ledger = createLedger();
  // A shard reports its files' facts, and `filecheck merge` checks them all (merge-reports.js).
  const context = shard
    ? []
    : contextFiles(config, collectors, files, {
        wholeProject: !partial && !config.patterns.length && !config.changed,
      });
  const entries = new Map([...files, ...context].map((entry) => [entry.rel, entry]));
  const held = [];
  return {
    /** the files to read for their facts only, beside the run's */
    context,
    /**
     * A result of the run (kept until the end: its verdict may change) or of a context file (its facts only).
     * @param {import('../check/check-file.js').FileResult} result
     */
    take(result) {
      ledger.record(result, entries.get(result.path));
      if (!result.context) held.push(result);
    },
    /**
     * @param {{ stopped: boolean }} how stopped: --bail or an interruption ended the run early
     * @returns {{ results: import('../check/check-file.js').FileResult[], summary: AcrossFilesSummary }}
     *   the run's results, in the order taken, with the problems the checks across files found
     */
    finish({ stopped }) {
      if (shard)
        return {
          results: held,
          summary: { checked: false, why: 'a shard: they run when `filecheck merge` combines the shards' },
        };
      if (stopped)
        return { results: held, summary: { checked: false, why: 'the run stopped before every file gave its facts' } };
      const found = checkAcrossFiles(collectors, ledger, { rules: config.rules, cwd: config.cwd, display });
      return {
        results: held.map((result) => withProblems(result, found.get(result.path) ?? [])),
        summary: { checked: true },
      };
    },
    /** every file's facts, for a shard's report */
    facts: () => ledger.all(),
  };
}
