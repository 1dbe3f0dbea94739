// A fixed limit on how deeply a document may nest. JSON.parse copes with any depth, but ajv, the
// positions pass and custom validators recurse once per level, and the stack they run out of is
// about 1 MB on the main thread and 4 MB in a worker: without a limit that both share, a file
// nested 5,000 levels deep could pass in a worker and fail in-process. 1,000 levels (Jackson's
// default) is far beyond real data and far below where a recursive schema runs out of stack.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const MAX_DEPTH = 1000;

/**
 * For JSON's text, parsed or not (a parsed value is measured more cheaply by walking it: json.js).
 * @param {string} text the file's text
 * @returns {import('../runner/check/check-file.js').Problem | null} a `parse` problem at the first value nested
 *   deeper than MAX_DEPTH, or null
 */
export function nestingProblem(text) {
  if (!mayNestTooDeeply(text)) return null;
  const offset = offsetAtDepth(text, MAX_DEPTH + 1);
  if (offset === -1) return null;
  return tooDeepProblem(require('./json-positions.js').lineAndColumn(text, offset));
}

/**
 * Cheap, for bracketed formats (JSON and its kin): each level takes two characters and opens with a bracket.
 * @param {string} text
 * @returns {boolean} false when the text cannot nest deeper than MAX_DEPTH
 */
export const mayNestTooDeeply = (text) => text.length > 2 * MAX_DEPTH && hasMoreBrackets(text, MAX_DEPTH);

/**
 * @param {{ line?: number, column?: number }} [at] where the first value past the limit is
 * @param {number} [limit] a format's own, when it is lower (YAML's)
 * @returns {import('../runner/check/check-file.js').Problem}
 */
export const tooDeepProblem = (at = {}, limit = MAX_DEPTH) => ({
  validator: 'parse',
  message: `the document is nested too deeply (more than ${limit} levels)`,
  ...at,
  kind: 'parse',
});

/**
 * For the formats other than JSON, whose text is no sure guide (a YAML alias nests a whole value
 * where it is used): the parsed value itself, walked, which costs little beside parsing them.
 * @param {unknown} value a parsed document
 * @returns {string | null} the JSON pointer of the first value nested deeper than MAX_DEPTH, or null
 */
export function pointerTooDeep(value) {
  if (value === null || typeof value !== 'object' || !deeperThan(value, MAX_DEPTH)) return null;
  // Rare, so paid for only here: the walk again, in document order, remembering how each value
  // was reached (value i: parents[i], keys[i], depths[i]).
  const values = [value];
  const parents = [-1];
  const keys = [''];
  const depths = [1];
  const stack = [0];
  while (stack.length) {
    const i = stack.pop();
    if (depths[i] > MAX_DEPTH) return pointerTo(i, parents, keys);
    const current = values[i];
    const children = Array.isArray(current)
      ? current.map((child, index) => [String(index), child])
      : Object.entries(current);
    for (let c = children.length - 1; c >= 0; c--) {
      const [key, child] = children[c];
      if (child === null || typeof child !== 'object') continue;
      stack.push(values.length);
      values.push(child);
      parents.push(i);
      keys.push(key);
      depths.push(depths[i] + 1);
    }
  }
  return null;
}

function pointerTo(i, parents, keys) {
  const path = [];
  for (let at = i; at > 0; at = parents[at]) path.push(`/${keys[at].replace(/~/g, '~0').replace(/\//g, '~1')}`);
  return path.reverse().join('');
}

// Counted by indexOf, which scans natively: a few microseconds where walking the document costs a
// tenth of parsing it. Brackets inside strings are counted too, which only makes this more cautious.
function hasMoreBrackets(text, limit) {
  let count = 0;
  for (const bracket of ['[', '{']) {
    for (let i = text.indexOf(bracket); i !== -1; i = text.indexOf(bracket, i + 1)) if (++count > limit) return true;
  }
  return false;
}

// Depth-first without recursion, so that the check itself cannot run out of stack.
function deeperThan(doc, limit) {
  const values = [doc];
  const depths = [1];
  const visit = (value, depth) => {
    if (value !== null && typeof value === 'object') {
      values.push(value);
      depths.push(depth);
    }
  };
  while (values.length) {
    const value = values.pop();
    const depth = depths.pop();
    if (depth > limit) return true;
    if (Array.isArray(value)) for (let i = 0; i < value.length; i++) visit(value[i], depth + 1);
    else for (const key in value) visit(value[key], depth + 1);
  }
  return false;
}

const TOKEN = /["[\]{}]/g;
const STRING_REST = /(?:[^"\\]|\\[\s\S])*"/y;

// The offset of the bracket that opens level `depth`, or -1. Works on text that does not parse too.
function offsetAtDepth(text, depth) {
  let level = 0;
  TOKEN.lastIndex = 0;
  for (let match; (match = TOKEN.exec(text)); ) {
    const c = match[0];
    if (c === '"') {
      STRING_REST.lastIndex = match.index + 1;
      if (!STRING_REST.test(text)) return -1; // an unterminated string runs to the end
      TOKEN.lastIndex = STRING_REST.lastIndex;
    } else if (c === '[' || c === '{') {
      if (++level === depth) return match.index;
    } else {
      level--;
    }
  }
  return -1;
}
