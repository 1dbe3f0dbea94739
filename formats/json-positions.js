// Turns JSON pointers into line:column with jsonc-parser's event-based visitor. Loaded and run
// only for failing files: passing files pay for JSON.parse alone.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const DONE = Symbol('the first syntax error is found');

const toPointer = (path) => path.map((key) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const parentOf = (pointer) => pointer.slice(0, pointer.lastIndexOf('/'));

/**
 * Fills in `line` and `column` of each problem that has a pointer and no position yet: of the
 * value, or with `atKey` of its key (an extra property is its key's fault).
 * A pointer that goes past the document (a missing key) lands on the deepest node that exists. Of a key written twice (which only --allow-duplicate-keys lets
 * through: duplicate-keys.js), the last is placed: it is the one JSON.parse kept and the validators
 * saw. So the whole text is read, but only the containers on the way to a wanted pointer are entered.
 * @param {string} text
 * @param {Array<{ pointer?: string, atKey?: boolean, line?: number, column?: number }>} problems
 */
export function locateProblems(text, problems) {
  const pending = problems.filter((p) => typeof p.pointer === 'string' && p.line === undefined);
  if (!pending.length) return;
  const pointers = new Set(pending.map((p) => p.pointer));
  // Every pointer and its ancestors. Pointers share ancestors (a deep document's errors lie along
  // one path): each stops at the first already there, so this stays linear, not depth × problems.
  const wanted = new Set();
  for (const pointer of pointers) {
    for (let p = pointer; !wanted.has(p); p = parentOf(p)) {
      wanted.add(p);
      if (!p) break;
    }
  }
  const found = new Map();
  const keys = new Set(pending.filter((p) => p.atKey).map((p) => p.pointer));
  const keysFound = new Map();

  // Returns whether the node is on the way to a wanted pointer. A key met again forgets what was
  // found inside its earlier value.
  const reach = (pointer, line, column) => {
    if (!wanted.has(pointer)) return false;
    if (found.has(pointer)) for (const p of found.keys()) if (p.startsWith(`${pointer}/`)) found.delete(p);
    found.set(pointer, { line: line + 1, column: column + 1 });
    return true;
  };
  const begin = (_offset, _length, line, column, path) => reach(toPointer(path()), line, column); // false: skip its contents
  let whole = true;
  try {
    require('jsonc-parser').visit(text, {
      onObjectBegin: begin,
      onArrayBegin: begin,
      // jsonc-parser ends a skip in these callbacks: without them, skipping one container skips the rest.
      onObjectEnd: () => {},
      onArrayEnd: () => {},
      onLiteralValue: (_value, _offset, _length, line, column, path) => reach(toPointer(path()), line, column),
      onObjectProperty: keys.size
        ? (name, _offset, _length, line, column, path) => {
            const pointer = toPointer([...path(), name]);
            if (keys.has(pointer)) keysFound.set(pointer, { line: line + 1, column: column + 1 });
          }
        : undefined,
    });
  } catch {
    // Too deep for the parser's recursion: a pointer met before it gave up keeps where it was met;
    // the others keep no position, since what exists further on is unknown.
    whole = false;
  }
  const met = new Set(found.keys());
  // Where each pointer, or its deepest ancestor that exists, begins; remembered for every pointer
  // on the way up, again so that a deep document's errors cost one walk up, not one each.
  const placeOf = (pointer) => {
    const below = [];
    let p = pointer;
    for (; !found.has(p) && p; p = parentOf(p)) below.push(p);
    const at = found.get(p);
    for (const q of below) found.set(q, at);
    return at;
  };
  for (const problem of pending) {
    const own =
      (problem.atKey && keysFound.get(problem.pointer)) ||
      (met.has(problem.pointer) ? found.get(problem.pointer) : undefined);
    const at = own ?? (whole ? placeOf(problem.pointer) : undefined);
    if (!at) continue;
    problem.line = at.line;
    problem.column = at.column;
  }
}

/**
 * @param {string} text what JSON.parse was given
 * @param {Error} error what it threw
 * @param {string} [format] what the file was read as: JSONC is JSON.parse'd once its comments are blanked
 * @returns {import('../runner/check/check-file.js').Problem} a `parse` problem at the fault
 */
export function jsonSyntaxProblem(text, error, format = 'JSON') {
  const empty = emptyFileProblem(text, format);
  if (empty) return empty;
  const { message, line, column } = describeSyntaxError(text, error);
  const nul = text.indexOf('\0');
  const detail =
    nul !== -1
      ? `${message} (the file contains a NUL byte: binary?)`
      : format === 'JSON' && startsAComment(text, line, column)
        ? `${message}${require('./read-as-hint.js').readAsHint('JSON has no comments', 'jsonc')}`
        : message;
  return { validator: 'parse', message: `invalid ${format}: ${detail}`, line, column, kind: 'parse' };
}

/**
 * @param {string} text
 * @param {string} format
 * @returns {import('../runner/check/check-file.js').Problem | null} for a text with nothing but blanks
 */
export function emptyFileProblem(text, format) {
  if (/\S/.test(text)) return null;
  return {
    validator: 'parse',
    message: `invalid ${format}: the file is empty${text ? ' (blank lines or spaces only)' : ''}`,
    line: 1,
    column: 1,
    kind: 'parse',
  };
}

// A .json file with comments, of a name not read as JSONC already (names.js): its message says how
// to read it so.
function startsAComment(text, line, column) {
  const lineText = text.split(/\r\n?|\n/, line)[line - 1] ?? '';
  return /^\/[/*]/.test(lineText.slice(column - 1));
}

const CONTROL_ESCAPES = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * Describes why JSON.parse failed, with the position of the fault: V8's words and, when it gives
 * one, V8's offset; jsonc-parser's position only for the faults V8 gives no offset for (an
 * unexpected token); an early end of input is at the end.
 * @returns {{ message: string, line: number, column: number }}
 */
export function describeSyntaxError(text, error) {
  const words = error.message
    .replace(/ at position \d+.*$/s, '')
    .replace(/ in JSON$/, '')
    .replace(/^Unexpected end of JSON input$/, 'Unexpected end of input')
    .replace(/[\n\r\t]/g, (c) => CONTROL_ESCAPES[c]); // V8 quotes a short text whole, line breaks too: one line
  const offset = / in JSON at position (\d+)/.exec(error.message)?.[1]; // not a "position 5" quoted from the text
  if (offset !== undefined) return { message: words, ...lineAndColumn(text, Number(offset)) };
  if (!/^Unexpected end of JSON input/.test(error.message)) {
    const at = firstSyntaxError(text);
    if (at) return { message: words, ...at };
  }
  return { message: words, ...lineAndColumn(text, text.length) };
}

function firstSyntaxError(text) {
  let at = null;
  try {
    require('jsonc-parser').visit(
      text,
      {
        onError(_code, _offset, _length, line, column) {
          at = { line: line + 1, column: column + 1 };
          throw DONE;
        },
      },
      { disallowComments: true, allowTrailingComma: false },
    );
  } catch {
    // DONE, or too deep for the parser: `at` says which
  }
  return at;
}

// Line breaks as jsonc-parser (and so locateProblems) and editors count them: CRLF, LF, and a lone CR.
/**
 * @param {string} text
 * @param {number} offset
 * @returns {{ line: number, column: number }} 1-based
 */
export function lineAndColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  const breaks = /\r\n?|\n/g;
  for (let match = breaks.exec(text); match && match.index < offset; match = breaks.exec(text)) {
    line++;
    lineStart = match.index + match[0].length;
  }
  return { line, column: offset - lineStart + 1 };
}

/**
 * For placing many offsets in one text: its line starts are found once, each offset by a binary
 * search. Line breaks are counted as lineAndColumn counts them.
 * @param {string} text
 * @returns {(offset: number) => { line: number, column: number }} 1-based
 */
export function lineLocator(text) {
  const starts = [0];
  const breaks = /\r\n?|\n/g;
  for (let match = breaks.exec(text); match; match = breaks.exec(text)) starts.push(match.index + match[0].length);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle] <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - starts[low] + 1 };
  };
}
