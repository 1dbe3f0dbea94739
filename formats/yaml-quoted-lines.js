// A quoted string whose next lines are not indented past its key:
//
//   message: 'first line
//   second line'
//
// YAML 1.2 wants those lines indented more than the key, and yaml cuts the string at the first one
// that is not ("Missing closing 'quote"). PyYAML, ruamel (check-jsonschema), js-yaml and go-yaml (so
// kubectl, Helm, Ansible) read the string whole, and real files are written so. The lines of such a
// string are indented here as far as its opening quote, which changes nothing in its value (a quoted
// string's line breaks fold, and the spaces that start a line are dropped), and the text is read
// again; positions in it are mapped back to the file's. Files yaml reads whole never come here.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { Parser } = require('yaml');

const QUOTED = new Set(['single-quoted-scalar', 'double-quoted-scalar']);
// Each pass mends the strings cut in a text; a string after a cut one may only show as cut once the
// text before it is read right. A bound keeps a hostile file from being read again and again.
const MAX_PASSES = 8;

/**
 * @param {string} source YAML text
 * @param {object[]} tokens its syntax tree (yaml's Parser)
 * @returns {{ text: string, tokens: object[], original: (offset: number) => number } | null} the text
 *   with the lines of cut strings indented, its syntax tree, and where an offset in it is in
 *   `source`; null when no string is cut (or none could be mended: yaml's error stands)
 */
export function mendQuotedLines(source, tokens) {
  let text = source;
  let mapped = null;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const insertions = [];
    let reach = -1; // a string cut inside one mended already is only a piece of it
    for (const token of cutStrings(tokens).sort((a, b) => a.offset - b.offset)) {
      if (token.offset < reach) continue;
      const end = closingQuote(text, token.offset);
      if (end !== -1) insertions.push(...indentations(text, token.offset, end));
      reach = end;
    }
    if (!insertions.length) break;
    const map = offsetMap(insertions);
    const previous = mapped;
    mapped = previous ? (offset) => previous(map(offset)) : map;
    text = insert(text, insertions);
    tokens = Array.from(new Parser().parse(text));
  }
  return mapped && { text, tokens, original: mapped };
}

/** @returns {boolean} the token (of yaml's syntax tree) is a quoted string that the lexer cut short */
export const isCutString = (token) => QUOTED.has(token?.type) && !isClosed(token);

// The quoted strings of the syntax tree that the lexer cut short, without recursion.
function cutStrings(tokens) {
  const cut = [];
  const stack = [...tokens];
  while (stack.length) {
    const token = stack.pop();
    if (!token) continue;
    if (isCutString(token)) {
      cut.push(token);
      continue;
    }
    if (token.type === 'document') stack.push(token.value);
    for (const item of token.items ?? []) stack.push(item.key, item.value);
  }
  return cut;
}

// Closed: it ends with its quote, which is not escaped (`''` in single quotes, a backslash in double).
function isClosed({ source }) {
  const quote = source[0];
  if (source.length < 2 || source.at(-1) !== quote) return false;
  let run = 0; // quotes (or backslashes before the last) that end the string, the opening one aside
  if (quote === "'") {
    while (source.length - 1 - run > 0 && source[source.length - 1 - run] === "'") run++;
    return run % 2 === 1;
  }
  while (source[source.length - 2 - run] === '\\') run++;
  return run % 2 === 0;
}

// Where the string's closing quote is in the text, as yaml's lexer looks for it, or -1.
function closingQuote(text, start) {
  const quote = text[start];
  let end = text.indexOf(quote, start + 1);
  if (quote === "'") {
    while (end !== -1 && text[end + 1] === "'") end = text.indexOf("'", end + 2);
    return end;
  }
  while (end !== -1) {
    let backslashes = 0;
    while (text[end - 1 - backslashes] === '\\') backslashes++;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
  return -1;
}

// The spaces that indent the string's lines as far as its opening quote: [offset, count] pairs in
// order, none if a document marker (`---`, `...`) ends it, as it does for PyYAML.
function indentations(text, start, end) {
  const column = start - (text.lastIndexOf('\n', start - 1) + 1);
  const found = [];
  for (let nl = text.indexOf('\n', start); nl !== -1 && nl < end; nl = text.indexOf('\n', nl + 1)) {
    let at = nl + 1;
    while (text[at] === ' ') at++;
    const indent = at - nl - 1;
    if (text[at] === '\n' || text[at] === '\r' || indent >= column) continue; // an empty line, or far enough
    if (indent === 0 && /^(?:---|\.\.\.)(?:[ \t\r\n]|$)/.test(text.slice(at, at + 4))) return [];
    found.push([nl + 1, column - indent]);
  }
  return found;
}

function insert(text, insertions) {
  const parts = [];
  let last = 0;
  for (const [at, count] of insertions) {
    parts.push(text.slice(last, at), ' '.repeat(count));
    last = at;
  }
  parts.push(text.slice(last));
  return parts.join('');
}

// From an offset in the text with these insertions to the offset in the text without them; an
// offset inside inserted spaces is where they were inserted.
function offsetMap(insertions) {
  const at = []; // where each insertion starts in the new text
  const before = []; // the spaces inserted before it
  let added = 0;
  for (const [offset, count] of insertions) {
    at.push(offset + added);
    before.push(added);
    added += count;
  }
  return (offset) => {
    let low = 0;
    let high = at.length - 1;
    let index = -1; // the last insertion that starts at or before the offset
    while (low <= high) {
      const mid = (low + high) >> 1;
      if (at[mid] <= offset) {
        index = mid;
        low = mid + 1;
      } else {
        high = mid - 1;
      }
    }
    if (index === -1) return offset;
    const inside = offset - at[index] < insertions[index][1];
    return inside ? insertions[index][0] : offset - before[index] - insertions[index][1];
  };
}
