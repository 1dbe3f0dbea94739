// A file read as JSON only because neither its name nor a rule says what it is (a `Procfile`, a
// name without an extension, a `.conf`, a `.txt`), which JSON does not read: when TOML or YAML
// reads it as data, its message says how to read it so, as JSON's says how to read comments
// (json-positions.js) and JSONC's that it is JSON5 (jsonc.js). Loaded by such a failing file only,
// with the parsers it tries.
import { createRequire } from 'node:module';
import { readAsHint } from './read-as-hint.js';

const require = createRequire(import.meta.url);

// TOML first: it reads fewer texts than YAML (`[tool]` alone is a table to TOML, a list to YAML).
const OTHERS = [
  ['toml', 'TOML', () => require('./toml.js')],
  ['yaml', 'YAML', () => require('./yaml.js')],
];

/**
 * @param {string} text
 * @param {import('../runner/check/check-file.js').Problem[]} problems JSON's, the first a parse problem
 * @returns {import('../runner/check/check-file.js').Problem[]} the same, the first saying what reads the text, if one does
 */
export function withOtherFormatHint(text, problems) {
  const [first, ...rest] = problems;
  if (first.kind !== 'parse') return problems;
  for (const [name, format, parser] of OTHERS) {
    if (name === 'yaml' && looksLikeJson(text)) continue;
    if (!isData(readBy(parser(), text))) continue;
    return [{ ...first, message: `${first.message}${readAsHint(`it reads as ${format}`, name)}` }, ...rest];
  }
  return problems;
}

function readBy(parser, text) {
  try {
    return parser.parse(text, {});
  } catch (error) {
    if (error instanceof RangeError) return []; // too deep for TOML's parser (toml.js): no hint, not a verdict
    throw error;
  }
}

// Data: every document read, each a mapping or a sequence with something in it, not a plain scalar
// (YAML reads a line of words as a string; TOML reads a text of comments as an empty table).
const isData = (documents) =>
  documents.length > 0 &&
  documents.every(
    ({ problems, value }) => !problems && value !== null && typeof value === 'object' && Object.keys(value).length > 0,
  );

// A text that opens with { or [ after its comments is JSON gone wrong ({"a": 1,}), though YAML reads
// it, as a flow mapping or sequence: it gets no YAML hint.
const looksLikeJson = (text) => /^[{[]/.test(text.replace(/^(?:\s*(?:#[^\n]*)?\n)*\s*/, ''));
