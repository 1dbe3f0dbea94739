// `filecheck merge`: a shard's report carries the facts of its files (FileResult.facts), and the
// checks across files wait for all the shards. Here they run over the facts of every report, as
// over one run's, and the merged results and counts take their problems.
import path from 'node:path';
import { createLedger, factFromReport } from './ledger.js';
import { checkAcrossFiles } from './check-across-files.js';
import { withProblems } from '../../shared/file-result.js';
import { formatChooser, loadParsers } from '../../formats/index.js';
import { rulesOf } from '../../shared/rules.js';
import { checkFile } from '../check/check-file.js';
import { contextFiles } from './context-files.js';

const STATUS_COUNT = { pass: 'passed', fail: 'failed', skip: 'skipped' };

/**
 * @param {import('../check/check-file.js').FileResult[]} results the merged reports', in path order
 * @param {import('../execute/run.js').Summary} summary the merged summary
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {import('../config/load-config.js').Config} config the project's, which the shards ran with
 * @param {(file: string) => string} display
 * @returns {{ results: import('../check/check-file.js').FileResult[], summary: import('../execute/run.js').Summary }}
 */
export function checkMergedFacts(results, summary, collectors, config, display) {
  const ledger = createLedger();
  const formatOf = formatChooser(rulesOf(config));
  for (const result of results) {
    if (!result.facts) continue;
    const rules = [...new Set(result.facts.map((fact) => fact.rule))].sort((a, b) => a - b);
    const entry = { path: path.resolve(config.cwd, result.path), rel: result.path, rules };
    ledger.record(
      { ...result, facts: result.facts.map(factFromReport) },
      {
        ...entry,
        ...formatOf(result.path, rules, rules.join()),
      },
    );
  }
  // The files a check needs beyond its rule's globs (sameKeysAs's source outside `files`): no shard
  // reports them, so they are read for their facts here, as a run of the whole project reads them.
  const reported = results.map((result) => ({ path: path.resolve(config.cwd, result.path) }));
  for (const entry of contextFiles(config, collectors, reported, { wholeProject: true })) {
    loadParsers([entry]);
    const own = entry.rules.flatMap((id) => collectors.get(id) ?? []);
    ledger.record(checkFile(entry, own), entry);
  }
  const found = checkAcrossFiles(collectors, ledger, { rules: config.rules, cwd: config.cwd, display });
  const counts = { ...summary };
  const checked = results.map(({ facts, ...result }) => {
    const now = withProblems(result, found.get(result.path) ?? []);
    if (now.status !== result.status) {
      counts[STATUS_COUNT[result.status]]--;
      counts[STATUS_COUNT[now.status]]++;
    }
    counts.warnings = (counts.warnings ?? 0) + warningsOf(now) - warningsOf(result);
    return now;
  });
  return { results: checked, summary: { ...counts, acrossFiles: { checked: true } } };
}

const warningsOf = (result) => result.problems.filter((problem) => problem.severity === 'warning').length;
