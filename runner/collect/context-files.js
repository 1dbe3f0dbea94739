// The checks across files must see every file of their rule, whichever files a run reports: a hook's
// named files, --changed, --since. The files of those rules that the run does not report are read
// for their facts only (entry.context: check-file.js runs their collectors, not their validators),
// or taken from the cache; so are the files a collector needs that its rule's globs leave out
// (sameKeysAs's source). A run of the whole project has every rule's files already.
import { discover } from '../files/discover.js';

/**
 * @param {import('../config/load-config.js').Config} config
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {import('../files/discover.js').FileEntry[]} files the run's
 * @param {{ wholeProject: boolean }} run wholeProject: the run's files are all the rules' files
 * @returns {import('../files/discover.js').FileEntry[]} the others, marked `context`, in path order
 */
export function contextFiles(config, collectors, files, { wholeProject }) {
  const extra = (rule) => (collectors.get(rule.id) ?? []).flatMap((collector) => collector.contextFiles ?? []);
  const rules = config.rules
    .filter((rule) => collectors.has(rule.id))
    .map((rule) => ({ ...rule, files: wholeProject ? extra(rule) : [...rule.files, ...extra(rule)] }))
    .filter((rule) => rule.files.length);
  if (!rules.length) return [];
  const found = discover(
    { ...config, patterns: [], catalogFiles: undefined, cliRule: null, rules },
    { findConfigs: false }, // the run's discovery read them
  ).files;
  const inRun = new Set(files.map((entry) => entry.path));
  const context = found.filter((entry) => !inRun.has(entry.path));
  for (const entry of context) entry.context = true; // discover made them for this call alone
  return context;
}
