// TOML, with smol-toml. Its values are made like JSON's: tables are plain objects (smol-toml's have
// no prototype, and a validator calling `doc.hasOwnProperty` would throw), and dates and times are
// RFC 3339 strings (as YAML's are), so that a schema's `format: date-time` applies to them. An
// integer beyond 2^53 is an error of smol-toml's ("cannot be represented losslessly"). smol-toml
// keeps no positions: a failing file's keys are found by a light scan of its text (toml-keys.js).
import { createRequire } from 'node:module';
import { lineLocator } from './positions.js';
import { tomlKeyOffsets } from './toml-keys.js';
import { MAX_DEPTH, tooDeepProblem } from './nesting.js';

const require = createRequire(import.meta.url);
const toml = require('smol-toml');
// smol-toml's depth is of arrays and inline tables below the document, which is a level of ours.
const OPTIONS = { maxDepth: MAX_DEPTH - 1, integersAsBigInt: false, unsafeKeyBehaviour: 'keep' };

/** @type {import('./formats.js').Parser['parse']} */
export function parse(text) {
  let value;
  try {
    value = toml.parse(text, OPTIONS);
  } catch (error) {
    if (error instanceof RangeError) throw error; // the stack: too deep (check-file.js)
    return [{ problems: [syntaxProblem(error)] }];
  }
  asJsonData(value);
  return [{ value, locate: (problems) => locate(text, problems) }];
}

// smol-toml says where, on its first line, and quotes the text after it.
function syntaxProblem(error) {
  const message = String(error.message).split('\n')[0].replace(/^Invalid TOML document: /, '');
  const at = Number.isInteger(error.line) ? { line: error.line, column: error.column } : {};
  if (/excessively nested/.test(message)) return tooDeepProblem(at);
  return { validator: 'parse', message: `invalid TOML: ${message}`, ...at, kind: 'parse' };
}

// In place, without recursion (the nesting limit is checked after this).
function asJsonData(root) {
  const stack = [root];
  while (stack.length) {
    const value = stack.pop();
    if (!Array.isArray(value)) Object.setPrototypeOf(value, Object.prototype);
    for (const key of Object.keys(value)) {
      const child = value[key];
      if (child instanceof Date) value[key] = child.toISOString();
      else if (child !== null && typeof child === 'object') stack.push(child);
    }
  }
}

function locate(text, problems) {
  const offsets = tomlKeyOffsets(text);
  const place = lineLocator(text);
  for (const problem of problems) {
    if (typeof problem.pointer !== 'string' || problem.line !== undefined) continue;
    let pointer = problem.pointer;
    while (!offsets.has(pointer)) pointer = pointer.slice(0, pointer.lastIndexOf('/')); // '' is always there
    Object.assign(problem, place(offsets.get(pointer)));
  }
}
