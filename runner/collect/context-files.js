// The checks across files must see every file of their rule, whichever files a run reports: a hook's
// named files, --changed, --since. The files of those rules that the run does not report are read
// for their facts only (entry.context: check-file.js runs their collectors, not their validators),
// or taken from the cache; so are the files a collector needs that its rule's globs leave out
// (sameKeysAs's source). A run of the whole project has every rule's files already.
import path from 'node:path';
import { createRequire } from 'node:module';
import { discover } from '../files/discover.js';
import { UsageError } from '../../shared/errors.js';
import { hasGlobChars, relativePosix } from '../../shared/paths.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../config/load-config.js').Config} config
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {import('../files/discover.js').FileEntry[]} files the run's
 * @param {{ wholeProject: boolean }} run wholeProject: the run's files are all the rules' files
 * @returns {import('../files/discover.js').FileEntry[]} the others, marked `context`, in path order
 */
export function contextFiles(config, collectors, files, { wholeProject }) {
  assertNamedFilesExist(config, collectors);
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

// A single file a check names (sameKeysAs's source) that is not there is the config's fault, as a
// rule's missing schema is: the run exits 2 saying so, where each of the rule's files failed.
function assertNamedFilesExist(config, collectors) {
  const fs = require('node:fs');
  for (const rule of config.rules) {
    for (const collector of collectors.get(rule.id) ?? []) {
      for (const file of collector.contextFiles ?? []) {
        const at = path.join(rule.base, file);
        if (hasGlobChars(file) || fs.existsSync(at)) continue;
        const shown = relativePosix(config.cwd, at) || at;
        throw new UsageError(`rule "${rule.name}": ${collector.name}'s source ${shown}: no such file`);
      }
    }
  }
}
