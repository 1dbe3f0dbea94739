// JSONC, JSON with comments and trailing commas (tsconfig.json, VS Code settings): its comments and
// trailing commas are blanked with spaces by jsonc-parser's scanner, and what is left is JSON, read
// by JSON.parse: the same values as JSON (`__proto__`), at JSON's speed, and since every offset is
// kept, JSON's syntax errors, nesting limit, duplicate keys and positions apply unchanged.
import { createRequire } from 'node:module';
import { lineAndColumn, locateProblems } from './json-positions.js';
import { parseJson } from './json.js';

const require = createRequire(import.meta.url);
const { createScanner } = require('jsonc-parser');

// jsonc-parser's SyntaxKind and ScanError values.
const CLOSE_BRACE = 2;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;
const ENDS_A_VALUE = new Set([CLOSE_BRACE, CLOSE_BRACKET, 7, 8, 9, 10, 11]); // and null, true, false, a string, a number
const UNCLOSED_COMMENT = 1;

/** @type {import('./index.js').Parser['parse']} */
export function parse(text, entry) {
  const json = asJson(text);
  if (typeof json !== 'string') return [{ problems: [json] }];
  const { value, problems } = parseJson(json, 'JSONC', entry?.allowDuplicateKeys);
  if (problems) return [{ problems: entry?.parser === 'jsonc' ? withJson5Hint(text, entry, problems) : problems }];
  return [{ value, depthChecked: true, locate: (problems) => locateProblems(text, problems) }];
}

// A file read as JSONC that JSON5 reads (unquoted keys, single quotes…): say how to read it so, as
// JSON's message says how to read comments (json-positions.js). Asked only of a failing file read as
// JSONC itself, not as a step of a parser of several (guessed.js), which go on to the next; JSON5's
// parser is loaded only then.
function withJson5Hint(text, entry, problems) {
  const [first, ...rest] = problems;
  if (require('./json5.js').parse(text, entry)[0].problems) return problems;
  return [
    { ...first, message: `${first.message}${require('./read-as-hint.js').readAsHint('it is valid JSON5', 'json5')}` },
    ...rest,
  ];
}

/**
 * @param {string} text JSONC
 * @returns {string | import('../runner/check/check-file.js').Problem} the JSON left once comments and trailing
 *   commas are spaces (line breaks kept), or the problem of a comment left open
 */
export function asJson(text) {
  // Most files of a JSONC rule are plain JSON: nothing to scan for.
  if (!text.includes('/') && !/,\s*[}\]]/.test(text)) return text;
  const scanner = createScanner(text, false);
  const blanks = []; // [start, end) ranges
  let comma = -1; // a comma after a value, followed by nothing but blanks yet: trailing if a bracket closes next
  let previous = EOF; // the last token that is not blank
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    if (kind === LINE_COMMENT || kind === BLOCK_COMMENT) {
      if (scanner.getTokenError() === UNCLOSED_COMMENT) {
        return {
          validator: 'parse',
          message: 'invalid JSONC: a /* comment is not closed',
          ...lineAndColumn(text, offset),
          kind: 'parse',
        };
      }
      blanks.push([offset, offset + scanner.getTokenLength()]);
      continue;
    }
    if (kind === LINE_BREAK || kind === TRIVIA) continue;
    if (comma !== -1 && (kind === CLOSE_BRACE || kind === CLOSE_BRACKET)) blanks.push([comma, comma + 1]);
    // `[1,,]` and `[,]` stay as they are, for JSON.parse to say what is wrong there.
    comma = kind === COMMA && ENDS_A_VALUE.has(previous) ? offset : -1;
    previous = kind;
  }
  if (!blanks.length) return text;
  blanks.sort((a, b) => a[0] - b[0]); // a trailing comma is found after the comments that follow it
  const parts = [];
  let last = 0;
  for (const [start, end] of blanks) {
    parts.push(text.slice(last, start), text.slice(start, end).replace(/[^\r\n]/g, ' '));
    last = end;
  }
  parts.push(text.slice(last));
  return parts.join('');
}
