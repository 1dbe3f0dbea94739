// The checks across files must see every file of their rule, whichever files a run reports: a hook's
// named files, --changed, --since. The files of those rules that the run does not report are read
// for their facts only (entry.context: check-file.js runs their collectors, not their validators),
// or taken from the cache; so are the files a collector needs that its rule's globs leave out
// (sameKeysAs's source). A run of the whole project has every rule's files already. A run of some
// files reads only the rules in play (rulesInPlay): a change outside a rule cannot change its verdict.
import path from 'node:path';
import { createRequire } from 'node:module';
import { discover } from '../files/discover.js';
import { UsageError } from '../../shared/errors.js';
import { hasGlobChars, relativePosix } from '../../shared/paths.js';
import { globMatcher } from '../../shared/glob.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../config/load-config.js').Config} config
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {import('../files/discover.js').FileEntry[]} files the run's
 * @param {{ wholeProject: boolean, inPlay?: Set<number> | null }} run wholeProject: the run's files are
 *   all the rules' files; inPlay: the rules whose files are read (rulesInPlay), when not all of them
 * @returns {import('../files/discover.js').FileEntry[]} the others, marked `context`, in path order
 */
export function contextFiles(config, collectors, files, { wholeProject, inPlay = null }) {
  assertNamedFilesExist(config, collectors);
  const rules = config.rules
    .filter((rule) => collectors.has(rule.id) && (!inPlay || inPlay.has(rule.id)))
    .map((rule) => ({
      ...rule,
      files: wholeProject ? extraFiles(collectors, rule) : [...rule.files, ...extraFiles(collectors, rule)],
    }))
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

/**
 * The rules whose checks a run of some files needs (named files, --changed, --stdin): those its files
 * are in (`touched`), those whose checks read the facts of one of them (a `references` whose `in`
 * names it: the change may break their files, which the run's warning names), and, over and over,
 * the rules whose facts these read, so that their checks see what they see in a run of every file.
 * A change to a file outside a rule cannot change that rule's verdict: its files are left unread.
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {Set<number>} touched the rules the run's files are in (touchedRules)
 * @returns {Set<number>}
 */
export function rulesInPlay(collectors, touched) {
  const readsOf = (id) => (collectors.get(id) ?? []).flatMap((collector) => collector.reads ?? []);
  const inPlay = new Set([...touched].filter((id) => collectors.has(id)));
  for (const id of collectors.keys()) if (readsOf(id).some((read) => touched.has(read))) inPlay.add(id);
  const pending = [...inPlay];
  while (pending.length) {
    for (const read of readsOf(pending.pop())) {
      if (inPlay.has(read)) continue;
      inPlay.add(read);
      pending.push(read);
    }
  }
  return inPlay;
}

/**
 * The rules the run's files are in: their own, and those of a check that reads a file its rule's
 * globs leave out (sameKeysAs's source), when the run names that file (`skipped`: named, matching
 * no rule) or cannot tell (--changed lists no file of no rule).
 * @param {import('../config/load-config.js').Config} config
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {{ files: import('../files/discover.js').FileEntry[], skipped?: { rel: string }[] }} run
 * @returns {Set<number>}
 */
export function touchedRules(config, collectors, { files, skipped = [] }) {
  const touched = new Set(files.flatMap((entry) => entry.rules));
  const paths = [...files.map((entry) => entry.path), ...skipped.map((entry) => path.resolve(config.cwd, entry.rel))];
  for (const rule of config.rules) {
    const globs = extraFiles(collectors, rule);
    if (!globs.length || touched.has(rule.id)) continue;
    const matches = globMatcher(globs, { dot: true });
    if (config.changed || paths.some((file) => matches(relativePosix(rule.base, file)))) touched.add(rule.id);
  }
  return touched;
}

// The files a rule's checks read that its globs may leave out (sameKeysAs's source).
const extraFiles = (collectors, rule) =>
  (collectors.get(rule.id) ?? []).flatMap((collector) => collector.contextFiles ?? []);

// A single file a check names (sameKeysAs's source) that is not there is the config's fault, as a
// rule's missing schema is: the run exits 2 saying so, where each of the rule's files failed. So is
// a pattern (a folder per locale) that matches no file: every translation would be "extra", and
// with `"extra": "off"` the whole check would pass unseen. Every rule's, whichever files the run
// names, so that the verdict does not depend on them.
function assertNamedFilesExist(config, collectors) {
  for (const rule of config.rules) {
    for (const collector of collectors.get(rule.id) ?? []) {
      for (const file of collector.contextFiles ?? []) {
        const glob = hasGlobChars(file);
        if (glob ? anyFileMatches(rule.base, file) : fs().existsSync(path.join(rule.base, file))) continue;
        const shown = glob ? file : relativePosix(config.cwd, path.join(rule.base, file)) || file;
        throw new UsageError(
          `rule "${rule.name}": ${collector.name}'s source ${shown}: ${glob ? 'no file matches it' : 'no such file'}`,
        );
      }
    }
  }
}

// Whether a file below `base` matches `pattern`: its folder before the first glob segment is
// walked (locales/en for locales/en/**/*.json), until the first match; a linked folder once.
function anyFileMatches(base, pattern) {
  const segments = pattern.split('/');
  const literal = segments.slice(0, segments.findIndex(hasGlobChars)).join('/');
  const matches = globMatcher(pattern, { dot: true });
  const walked = new Set();
  const walk = (relative) => {
    let entries;
    try {
      const real = fs().realpathSync(path.join(base, relative));
      if (walked.has(real)) return false;
      walked.add(real);
      entries = fs().readdirSync(real, { withFileTypes: true });
    } catch {
      return false; // no such folder, or not one
    }
    return entries.some((entry) => {
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      const stats = entry.isSymbolicLink() ? fs().statSync(path.join(base, child), { throwIfNoEntry: false }) : entry;
      if (stats?.isDirectory()) return walk(child);
      return Boolean(stats?.isFile()) && matches(child);
    });
  };
  return walk(literal);
}

const fs = () => require('node:fs');
