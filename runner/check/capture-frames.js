// A failing file's code frames: the lines around each of its first problems, captured while its
// text is at hand (the check, or the placing of the problems of checks across files), so that the
// human reporter can show them without the file's text (reporters keep no text: memory stays flat).
// Only a file with problems pays; what is kept is bounded whatever the input: a few problems, a
// few lines each, each cut to a window around the column.
import { FRAMES_PER_FILE, windowLines } from '../../shared/code-frame-bounds.js';

const ABOVE = 2; // lines shown before the problem's line
const BELOW = 1; // and after it
// The most UTF-16 code units kept of a line: a minified line is cut to a window around the column.
const WIDTH = 160;

/**
 * @typedef {{ line: number, lines: string[], column?: number }} CodeFrame line: the number of its
 *   first line; lines: the file's lines around the problem's (Problem.line), cut to a window with
 *   `…` where a long line was cut; column: the problem's column in its line as cut
 * Sets `frame` on the first FRAMES_PER_FILE problems that have a line (in the order given: the order
 * they are reported in; its errors before its warnings), one a place, but those about the document's
 * root (see atRoot). None for a line the text
 * does not have, nor in a text that holds a NUL (a binary file that happens to be valid UTF-8).
 * @param {import('./check-file.js').Problem[]} problems
 * @param {string} text the file's text, as it was parsed (without a byte order mark)
 * @returns {import('./check-file.js').Problem[]} the same problems
 */
export function addCodeFrames(problems, text) {
  const framed = [];
  const places = new Set(); // line:column of those framed
  // The errors first, which fail the file (the human report lists them first too), then the warnings.
  for (const warnings of [false, true])
    for (const problem of problems) {
      if (framed.length === FRAMES_PER_FILE) break;
      if (problem.line === undefined || problem.frame || atRoot(problem)) continue;
      if ((problem.severity === 'warning') !== warnings) continue;
      // One frame a place: 200 keys missing from one object are not 5 frames of the same lines.
      const place = `${problem.line}:${problem.column}`;
      if (places.has(place)) continue;
      places.add(place);
      framed.push(problem);
    }
  if (!framed.length) return problems;
  const wanted = new Set();
  for (const { line } of framed) for (let n = Math.max(1, line - ABOVE); n <= line + BELOW; n++) wanted.add(n);
  const { lines, end } = linesOf(text, wanted);
  for (const problem of framed) {
    if (!lines.has(problem.line)) continue;
    const first = Math.max(1, problem.line - ABOVE);
    const around = [];
    // The empty line after the text's last line break only when it is the problem's (an unexpected end).
    const last = Math.min(problem.line + BELOW, end === problem.line ? end : end - 1);
    for (let n = first; n <= last && lines.has(n); n++) around.push(lines.get(n));
    const cut = windowLines(around, problem.line - first, problem.column, WIDTH);
    if (cut.lines.some((line) => line.includes('\u0000'))) continue;
    problem.frame = {
      line: first,
      lines: cut.lines.map(ownString),
      ...(cut.column !== undefined && { column: cut.column }),
    };
  }
  return problems;
}

// A problem about the document as a whole (a required key of its top object, a locale's key that
// no object of the file holds the place of) is placed where the document starts: its frame would be
// the file's first `{` or line, which says nothing its line:col does not (joinmastodon: 1,652 lines
// of frames for 265 missing keys). A parse error has no pointer: it is framed.
const atRoot = (problem) => problem.pointer === '';

// The wanted lines of the text, by number, found in one pass that stops after the last of them;
// end: the number of the empty line after a line break that ends the text, if one was reached.
// Lines end at LF, CRLF or a lone CR, as every parser's positions count them (docs/formats.md).
// Line ends are found with indexOf, each kind's next one kept until passed: a regular expression
// scanned a minified 55 KB line ten times slower on Node 20 (kumadocs: 0.5 s for 4,057 files).
function linesOf(text, wanted) {
  const last = Math.max(...wanted);
  const found = new Map();
  let start = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  for (let line = 1; line <= last; line++) {
    if (lf !== -1 && lf < start) lf = text.indexOf('\n', start);
    if (cr !== -1 && cr < start) cr = text.indexOf('\r', start);
    const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(lf, cr);
    if (wanted.has(line)) found.set(line, text.slice(start, end === -1 ? text.length : end));
    if (end === -1) return { lines: found, end: start === text.length && line > 1 ? line : Infinity };
    start = end + (end === cr && text.charCodeAt(end + 1) === 10 ? 2 : 1);
  }
  return { lines: found, end: Infinity };
}

// V8 keeps a slice of a string (13 characters or more) as a view of the whole: a frame's line would
// keep the file's text alive as long as its problem (the cache holds failures until the run's end).
// A fresh concatenation, flattened by the slice, is a string of its own.
const ownString = (line) => ` ${line}`.slice(1);
