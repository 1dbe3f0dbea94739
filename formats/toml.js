// TOML, with smol-toml. Its values are made like JSON's: tables are plain objects (smol-toml's have
// no prototype, and a validator calling `doc.hasOwnProperty` would throw), dates and times are the
// strings written (as YAML's are), so that a schema's `format` and `pattern` see what the file says,
// and integers are numbers: smol-toml gives a BigInt past 2^53, which becomes the nearest number, as
// JSON.parse and YAML read such integers (docs/formats.md, "Large integers"). smol-toml keeps no positions: a failing
// file's keys are found by a light scan of its text (toml-positions.js).
import { createRequire } from 'node:module';
import { lineLocator } from './json-positions.js';
import { tomlKeyOffsets } from './toml-positions.js';
import { MAX_DEPTH, tooDeepProblem } from './depth-limit.js';
import { duplicateKeyMessage } from './duplicate-keys.js';

const require = createRequire(import.meta.url);
const toml = require('smol-toml');
// smol-toml's depth is of arrays and inline tables below the document, which is a level of ours.
const OPTIONS = { maxDepth: MAX_DEPTH - 1, integersAsBigInt: 'asNeeded', unsafeKeyBehaviour: 'keep' };

/** @type {import('./index.js').Parser['parse']} */
export const parse = (text) => parseToml(text);

/**
 * @param {string} text
 * @param {string} [format] as messages name it (front matter, markdown.js)
 * @param {number} [root] where a problem of the whole document is placed (front matter: its opening line)
 * @returns {import('./index.js').ParsedDocument[]}
 */
export function parseToml(text, format = 'TOML', root = 0) {
  let value;
  try {
    value = toml.parse(text, OPTIONS);
  } catch (error) {
    if (error instanceof RangeError) throw error; // the stack: too deep (check-file.js)
    return [{ problems: [syntaxProblem(error, text, format)] }];
  }
  const dates = asJsonData(value);
  const impossible = dates.length ? asWritten(text, dates, format) : null;
  if (impossible) return [{ problems: [impossible] }];
  return [{ value, locate: (problems) => locate(text, problems, root) }];
}

// smol-toml says where, on its first line, and quotes the text after it.
function syntaxProblem(error, text, format) {
  const message = String(error.message)
    .split('\n')[0]
    .replace(/^Invalid TOML document: /, '');
  const at = Number.isInteger(error.line) ? { line: error.line, column: error.column } : {};
  if (/excessively nested/.test(message)) return tooDeepProblem(at);
  return {
    validator: 'parse',
    message: `invalid ${format}: ${redefined(message, text, at) ?? message}`,
    ...at,
    kind: 'parse',
  };
}

// "trying to redefine an already defined table or value" names neither: the key or table header
// written where smol-toml stopped does, and a scan of the keys finds where it was first.
function redefined(message, text, { line, column }) {
  if (!/redefine an already defined/.test(message) || line === undefined) return null;
  const rest = text.split(/\r\n?|\n/, line)[line - 1]?.slice(column - 1) ?? '';
  const written = /^(\[*[ \t]*)([^\s=\]#][^=\]#]*?)[ \t]*[=\]]/.exec(rest);
  if (!written) return null;
  const [, before, key] = written;
  const again = new Map();
  tomlKeyOffsets(text, new Map(), again);
  const first = again.get(offsetOf(text, line, column) + before.length);
  return first === undefined
    ? `duplicate key ${key}: ${DEFINED_ONCE}`
    : duplicateKeyMessage(key, lineLocator(text)(first), DEFINED_ONCE);
}

const DEFINED_ONCE = 'TOML defines a key or table once';

const offsetOf = (text, line, column) => {
  const breaks = /\r\n?|\n/g;
  let start = 0;
  for (let n = 1; n < line && breaks.exec(text); n++) start = breaks.lastIndex;
  return start + column - 1;
};

// In place, without recursion (the nesting limit is checked after this). Returns where the dates are,
// which asWritten makes strings.
function asJsonData(root) {
  const dates = [];
  const stack = [[root, '']];
  while (stack.length) {
    const [value, pointer] = stack.pop();
    if (!Array.isArray(value)) Object.setPrototypeOf(value, Object.prototype);
    for (const key of Object.keys(value)) {
      const child = value[key];
      const at = `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (child instanceof Date) {
        dates.push({ parent: value, key, pointer: at });
      } else if (typeof child === 'bigint') {
        value[key] = Number(child);
      } else if (child !== null && typeof child === 'object') {
        stack.push([child, at]);
      }
    }
  }
  return dates;
}

// smol-toml gives a date or time as a Date, whose ISO string adds what the file does not say
// (`07:32:00` would be `07:32:00.000`): each becomes the text written at its value (the scan of the
// keys finds it), its case and fraction as they are; a date and time TOML lets a space join are
// joined by RFC 3339's "T", which the format date-time wants. And smol-toml reads `2024-02-30`
// as the day it would be (March 1): a date that does not exist fails, as TOML (RFC 3339) and
// Python's tomllib say, where it is written. Returns that problem, or null.
const WRITTEN =
  /(\d{4})-(\d{2})-(\d{2})(?:[Tt ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:[Zz]|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?/y;
function asWritten(text, dates, format) {
  const offsets = tomlKeyOffsets(text);
  for (const { parent, key, pointer } of dates) {
    WRITTEN.lastIndex = offsets.get(pointer) ?? 0;
    const written = offsets.has(pointer) ? WRITTEN.exec(text) : null;
    // Where the scan stopped short of it (toml-positions.js reads most of TOML, not all): smol-toml's string.
    parent[key] = !written
      ? parent[key].toISOString()
      : written[0][10] === ' '
        ? `${written[0].slice(0, 10)}T${written[0].slice(11)}`
        : written[0];
    if (!written?.[1]) continue;
    const [year, month, day] = written.slice(1, 4).map(Number);
    if (day <= new Date(Date.UTC(year, month, 0)).getUTCDate()) continue;
    return {
      validator: 'parse',
      message: `invalid ${format}: the date ${written[0].slice(0, 10)} does not exist`,
      ...lineLocator(text)(written.index),
      kind: 'parse',
    };
  }
  return null;
}

// A pointer lands on its value (with `atKey`, its key), or on the nearest ancestor the scan found.
function locate(text, problems, root) {
  const keys = new Map();
  const offsets = tomlKeyOffsets(text, keys).set('', root);
  const place = lineLocator(text);
  for (const problem of problems) {
    if (typeof problem.pointer !== 'string' || problem.line !== undefined) continue;
    let pointer = problem.pointer;
    if (problem.atKey && keys.has(pointer)) {
      Object.assign(problem, place(keys.get(pointer)));
      continue;
    }
    while (!offsets.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/')); // '' is always there
    Object.assign(problem, place(offsets.get(pointer)));
  }
}
