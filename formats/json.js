// JSON.parse, and what it lets through that a file must not have: nesting deeper than the limit
// (depth-limit.js) and keys written twice (duplicate-keys.js). For JSON files, and for JSONC once its
// comments are blanked. Both are found from one walk of the value.
import { createRequire } from 'node:module';
import { MAX_DEPTH, mayNestTooDeeply, nestingProblem, tooDeepProblem } from './depth-limit.js';
import { duplicateKeyProblems } from './duplicate-keys.js';

const require = createRequire(import.meta.url);
// Positions are needed by a failing file only: a run of passing JSON files never loads them.
const positions = () => require('./json-positions.js');

/**
 * @param {string} text
 * @param {string} [format] named in syntax errors
 * @param {boolean} [allowDuplicateKeys] read a key written twice as JSON.parse does (a rule's allowDuplicateKeys)
 * @returns {{ value: unknown, problems?: undefined } | { value?: undefined, problems: import('../runner/check/check-file.js').Problem[] }}
 */
export function parseJson(text, format = 'JSON', allowDuplicateKeys = false) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Placing a syntax error recurses once per level too (jsonc-parser): too deep is said first.
    return { problems: [nestingProblem(text) ?? positions().jsonSyntaxProblem(text, error, format)] };
  }
  // With no keys to count, the value is walked only when the text has brackets enough to be too deep.
  if (allowDuplicateKeys && !mayNestTooDeeply(text)) return { value };
  const shape = shapeOf(value);
  // Too deep is said first: a duplicate key is placed by a visitor that recurses once per level.
  if (shape.depth > MAX_DEPTH) return { problems: [nestingProblem(text) ?? tooDeepProblem()] };
  const duplicates = allowDuplicateKeys ? [] : duplicateKeyProblems(text, shape);
  return duplicates.length ? { problems: duplicates } : { value };
}

/**
 * JSON as a format like the others (formats/index.js): one document, or its `parse` problems. Its
 * nesting was measured as its keys were counted: check-file walks it no more (depthChecked).
 * @type {import('./index.js').Parser['parse']}
 */
export function parse(text, entry) {
  const { value, problems } = parseJson(text, 'JSON', entry?.allowDuplicateKeys);
  // A file read as JSON only because nothing said otherwise (Formats' jsonByDefault) may be another
  // format's: asked of a failing file only, which loads the hint and those parsers.
  if (problems && entry?.jsonByDefault)
    return [{ problems: require('./other-format-hint.js').withOtherFormatHint(text, problems) }];
  if (problems) return [{ problems }];
  return [{ value, depthChecked: true, locate: (found) => positions().locateProblems(text, found) }];
}

/**
 * For JSON read on its own terms (a schema file, a catalog): where keys are written twice, if
 * anywhere. Such a file is used as JSON.parse reads it, which its messages say.
 * @param {string} text
 * @param {unknown} value JSON.parse's value of it
 * @returns {import('../runner/check/check-file.js').Problem[]} as parseJson's; none for a value too deep to search
 */
export function keysWrittenTwice(text, value) {
  const shape = shapeOf(value);
  return shape.depth > MAX_DEPTH ? [] : duplicateKeyProblems(text, shape, LAST_VALUE_USED);
}

const LAST_VALUE_USED = 'the last value is used, as JSON.parse reads it';

// How deeply the value nests, how many keys it has, and how many of its strings (keys too) start with
// a colon after any spaces (a time separator ":"), for duplicate-keys.js. Without recursion, since
// JSON.parse copes with any depth.
function shapeOf(value) {
  let keys = 0;
  let colonFirst = startsWithColon(value) ? 1 : 0;
  let depth = 0;
  const stack = [value, 1]; // each object or array, then its depth
  while (stack.length) {
    const level = stack.pop();
    const current = stack.pop();
    if (level > depth) depth = level;
    if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) {
        const item = current[i];
        if (isContainer(item)) stack.push(item, level + 1);
        else if (startsWithColon(item)) colonFirst++;
      }
    } else if (isContainer(current)) {
      for (const key in current) {
        keys++;
        if (startsWithColon(key)) colonFirst++;
        const item = current[key];
        if (isContainer(item)) stack.push(item, level + 1);
        else if (startsWithColon(item)) colonFirst++;
      }
    }
  }
  return { keys, colonFirst, depth };
}

const isContainer = (value) => value !== null && typeof value === 'object';
const startsWithColon = (value) =>
  typeof value === 'string' && (value.charCodeAt(0) === 0x3a || (value.charCodeAt(0) === 0x20 && /^ +:/.test(value)));
