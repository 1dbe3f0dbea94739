// The reduce step: once every file of the run has given its facts (ledger.js), each collector's
// checkAll runs over those of all its rule's files, on the main thread, and its problems go to the
// files they name, placed at line:col (place-problems.js). A checkAll that throws is a broken
// validator: the first file of its rule fails with that, the other checks still run.
import fs from 'node:fs';
import path from 'node:path';
import { relativePosix } from '../shared/paths.js';
import { placeProblems } from './place-problems.js';

/**
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id
 * @param {ReturnType<import('./ledger.js').createLedger>} ledger
 * @param {{ rules: import('../config/load-config.js').Rule[], cwd: string, display(file: string): string }} context
 * @returns {Map<string, import('../check/check-file.js').Problem[]>} each file's problems, by path as reported
 */
export function checkAcrossFiles(collectors, ledger, { rules, cwd, display }) {
  const byPath = new Map();
  const add = (file, problem) => {
    if (!byPath.has(file)) byPath.set(file, []);
    byPath.get(file).push(problem);
  };
  for (const rule of rules) {
    for (const collector of collectors.get(rule.id) ?? []) {
      if (!collector.checkAll) continue;
      const entries = ledger.entriesOf(rule.id, collector.key);
      const ctx = {
        rule: { id: rule.id, name: rule.name, base: rule.base },
        options: collector.options,
        entriesOf: (ruleId, key) => ledger.entriesOf(ruleId, key),
        relativeToBase: (file) => relativePosix(rule.base, path.resolve(cwd, file)),
        absolute: (file) => path.resolve(cwd, file),
        exists: (file) => fs.existsSync(file),
        display,
      };
      let found;
      try {
        found = collector.checkAll(entries, ctx) ?? [];
        if (!Array.isArray(found)) throw new TypeError('checkAll must return an array of problems');
      } catch (error) {
        if (entries.length)
          add(entries[0].path, {
            validator: collector.name,
            message: `checkAll threw: ${error?.message ?? error}; the checks across the files of rule "${rule.name}" by ${collector.name} did not run`,
            kind: 'error',
          });
        continue;
      }
      for (const problem of found) {
        const known = problem && typeof problem.path === 'string' && ledger.entryOf(problem.path);
        if (known) add(problem.path, asProblem(problem, collector.name));
      }
    }
  }
  for (const [file, problems] of byPath) placeProblems(file, problems, ledger);
  for (const problems of byPath.values()) problems.sort(byPlace);
  return byPath;
}

// A problem of checkAll as every reporter receives one: a collector's problems fail their file
// (`invalid`), unless they are warnings.
function asProblem({ message, pointer, document, severity, related }, validator) {
  return {
    validator,
    message: document ? `document ${document}: ${String(message)}` : String(message),
    kind: 'invalid',
    ...(typeof pointer === 'string' && { pointer }),
    ...(Number.isInteger(document) && { document }),
    ...(severity === 'warning' && { severity }),
    ...(Array.isArray(related) &&
      related.length && {
        related: related
          .filter((place) => typeof place?.path === 'string')
          .map(({ path: file, pointer: at, document: number, message: note }) => ({
            path: file,
            ...(typeof at === 'string' && { pointer: at }),
            ...(Number.isInteger(number) && { document: number }),
            ...(typeof note === 'string' && { message: note }),
          })),
      }),
  };
}

// In the order of the text, as a file's own problems are (finish-problems.js).
const byPlace = (a, b) =>
  (a.line ?? 0) - (b.line ?? 0) ||
  (a.column ?? 0) - (b.column ?? 0) ||
  (a.message < b.message ? -1 : a.message > b.message ? 1 : 0);
