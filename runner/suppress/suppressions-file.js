// filecheck-suppressions.json: the problems suppressed, per file (its path relative to the project's
// root, forward slashes) and per id, a count, as ESLint's eslint-suppressions.json has them:
//
//   {
//     "content/a.json": {
//       "json-schema/required": { "count": 2 },
//       "unique": { "count": 1 }
//     }
//   }
//
// Written sorted, one id to a line, so that a change to the counts is a small diff.
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { writeFileAtomic } from '../../shared/atomic-write.js';

/**
 * @typedef {Map<string, Map<string, number>>} Suppressions file ─▶ id ─▶ count (a whole number from 1)
 * @param {string} file an absolute path
 * @param {string} shown the file as messages name it
 * @returns {Suppressions | null} null when there is no such file
 * @throws {UsageError} when it cannot be read or is not a suppressions file: one line that names it
 */
export function readSuppressions(file, shown) {
  const text = readOrExplain(file, `the suppressions file ${shown}`, { optional: true });
  if (text === null) return null;
  let data;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`suppressions file ${shown} is not valid JSON: ${error.message}`);
  }
  const bad = (where, why) => new UsageError(`suppressions file ${shown}: ${where}${why}`);
  if (!isObject(data)) throw bad('', 'expected an object of files, e.g. {"a.json": {"require": {"count": 1}}}');
  const suppressions = new Map();
  for (const [path, ids] of Object.entries(data)) {
    if (!isObject(ids))
      throw bad(`${JSON.stringify(path)}: `, 'expected an object of ids, e.g. {"require": {"count": 1}}');
    const counts = new Map();
    for (const [id, entry] of Object.entries(ids)) {
      const count = isObject(entry) && Object.keys(entry).length === 1 ? entry.count : undefined;
      if (!Number.isSafeInteger(count) || count < 1)
        throw bad(
          `${JSON.stringify(path)} › ${JSON.stringify(id)}: `,
          `expected {"count": n}, n a whole number from 1, not ${JSON.stringify(entry)}`,
        );
      counts.set(id, count);
    }
    if (counts.size) suppressions.set(path, counts);
  }
  return suppressions;
}

/**
 * @param {Suppressions} suppressions
 * @returns {string} the file's text: keys sorted, one id to a line
 */
export function suppressionsText(suppressions) {
  const files = [...suppressions.keys()].filter((file) => suppressions.get(file).size).sort();
  if (!files.length) return '{}\n';
  const blocks = files.map((file) => {
    const counts = suppressions.get(file);
    const lines = [...counts.keys()].sort().map((id) => `    ${JSON.stringify(id)}: { "count": ${counts.get(id)} }`);
    return `  ${JSON.stringify(file)}: {\n${lines.join(',\n')}\n  }`;
  });
  return `{\n${blocks.join(',\n')}\n}\n`;
}

/** @param {string} file @param {Suppressions} suppressions */
export const writeSuppressions = (file, suppressions) => writeFileAtomic(file, suppressionsText(suppressions));

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
