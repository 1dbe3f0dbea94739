// The reduce step: once every file of the run has given its facts (ledger.js), each collector's
// checkAll runs over those of all its rule's files, on the main thread, and its problems go to the
// files they name, placed at line:col (place-problems.js). A checkAll that throws is a broken
// validator: the first file of its rule fails with that, the other checks still run.
import path from 'node:path';
import { relativePosix } from '../../shared/paths.js';
import { prefixed, spansOf } from '../../shared/message-paths.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {ReturnType<import('./ledger.js').createLedger>} ledger
 * @param {{ rules: import('../config/load-config.js').Rule[], cwd: string, display(file: string): string,
 *   reported?: Set<string>, codeFrame?: boolean, matchedNothing?(note: MatchedNothing): void }} context
 *   reported: the files the run reports (all, when absent): a checkAll's own failure goes to the first
 *   of its rule's files that is reported; codeFrame: the problems get their lines (place-problems.js);
 *   matchedNothing: told of each pointer of a built-in that matched no string or number in any file
 *   of the rules it looked in (a run of every file warns of them: across-files-run.js)
 * @typedef {{ rules: number[], message: string }} MatchedNothing rules: the ids of the rules looked in
 * @returns {Map<string, import('../check/check-file.js').Problem[]>} each file's problems, by path as reported
 */
export function checkAcrossFiles(
  collectors,
  ledger,
  { rules, cwd, display, reported, codeFrame = false, matchedNothing },
) {
  const nameOf = new Map(rules.map((rule) => [rule.id, rule.name]));
  const byPath = new Map();
  const add = (file, problem) => {
    if (!byPath.has(file)) byPath.set(file, []);
    byPath.get(file).push(problem);
  };
  for (const rule of rules) {
    for (const collector of collectors.get(rule.id) ?? []) {
      if (!collector.checkAll) continue;
      // A built-in that reads its entries once gets them one at a time (ledger.entriesIn).
      const entries = collector.readsEntriesOnce
        ? ledger.entriesIn(rule.id, collector.key)
        : ledger.entriesOf(rule.id, collector.key);
      const ctx = {
        rule: { id: rule.id, name: rule.name, base: rule.base },
        options: collector.options,
        entriesOf: (ruleId, key) => ledger.entriesOf(ruleId, key),
        relativeToBase: (file) => relativePosix(rule.base, path.resolve(cwd, file)),
        absolute: (file) => path.resolve(cwd, file),
        exists: (file) => fs.existsSync(file),
        display,
        // The built-ins' (unique, references): `words` name the pointer, `searched` the rules looked in.
        ...(matchedNothing && {
          matchedNothing: (searched, words) =>
            matchedNothing({
              rules: searched,
              message: `rule "${rule.name}": ${words} matches no string or number in any file of rule "${nameOf.get(searched[0])}" (a typo?)`,
            }),
        }),
      };
      // A broken checkAll fails a file the run reports, never silently.
      const blame = (message) => {
        let file;
        for (const { path: first } of ledger.entriesIn(rule.id, collector.key)) {
          file ??= first;
          if (!reported || reported.has(first)) {
            file = first;
            break;
          }
        }
        if (file) add(file, { validator: collector.name, message, kind: 'error' });
      };
      let found;
      try {
        found = collector.checkAll(entries, ctx) ?? [];
        if (!Array.isArray(found)) throw new TypeError('checkAll must return an array of problems');
      } catch (error) {
        blame(
          `checkAll threw: ${error?.message ?? error}; the checks across the files of rule "${rule.name}" by ${collector.name} did not run`,
        );
        continue;
      }
      for (const problem of found) {
        const file = typeof problem?.path === 'string' ? path.posix.normalize(problem.path) : undefined;
        if (file && ledger.entryOf(file)) add(file, asProblem(problem, collector));
        else
          blame(
            `checkAll returned a problem for ${JSON.stringify(problem?.path)}, which is not a file of rule "${rule.name}" (paths are as checkAll's entries give them): ${problem?.message}`,
          );
      }
    }
  }
  // Placing reads the files that have problems again: a run where the checks find none loads none of it.
  if (byPath.size) require('./place-problems.js').placeProblems(byPath, ledger, { codeFrame });
  return byPath;
}

// A problem of checkAll as every reporter receives one: a collector's problems fail their file
// (`invalid`), unless they are warnings: checkAll says so, or its module is at "warn"
// (compile-rules.js). A checkAll that throws (blame) is an error whatever its severity. The paths its
// message names are kept apart (shared/message-paths.js), when they are spans of it.
function asProblem(
  { message, paths, pointer, atKey, document, severity, related },
  { name: validator, severity: setting },
) {
  const words = { message: String(message), ...(spansOf(String(message), paths) && { paths }) };
  return {
    validator,
    ...(document ? prefixed(`document ${document}: `, words) : words),
    kind: 'invalid',
    ...(typeof pointer === 'string' && { pointer }),
    ...(typeof pointer === 'string' && atKey === true && { atKey }), // until placed (place-problems.js)
    ...(Number.isInteger(document) && { document }),
    ...((severity === 'warning' || setting === 'warning') && { severity: 'warning' }),
    ...(Array.isArray(related) &&
      related.length && {
        related: related
          .filter((place) => typeof place?.path === 'string')
          .map(({ path: file, pointer: at, atKey: key, document: number, message: note }) => ({
            path: file,
            ...(typeof at === 'string' && { pointer: at }),
            ...(typeof at === 'string' && key === true && { atKey: key }), // until placed
            ...(Number.isInteger(number) && { document: number }),
            ...(typeof note === 'string' && { message: note }),
          })),
      }),
  };
}

/**
 * The validator names the problems of these checks carry (`unique`, a module's name): those a
 * shard cannot know, which `filecheck merge` finds (runner/suppress/ judges their entries there).
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @returns {Set<string>}
 */
export const checkNames = (collectors) =>
  new Set([...collectors.values()].flat().flatMap((collector) => (collector.checkAll ? [collector.name] : [])));
