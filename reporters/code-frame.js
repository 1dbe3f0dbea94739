// A problem's code frame as the human reporter prints it, as Babel's code-frame and ESLint's
// codeframe do: the file's lines around the problem (captured by the check: check/capture-frames.js)
// behind a gutter of line numbers, `>` on the problem's line, `^` under its column.
//
//     2 |   "name": "x",
//   > 3 |   "level": "hihg",
//       |            ^
//     4 | }
import { windowLines } from '../shared/code-frame-bounds.js';
import { printableLine } from './printable.js';
import { widthOf } from './wrap.js';

const INDENT = '    ';

/**
 * @param {import('../runner/check/check-file.js').Problem & { frame: import('../runner/check/capture-frames.js').CodeFrame }} problem
 * @param {{ c: ReturnType<import('./colors.js').colorsFor>, columns?: number, warning: boolean }} options
 *   columns: the terminal's width, which a long line is cut to; warning: the marks are yellow, not red
 * @returns {string[]} the frame's lines
 */
export function codeFrameLines({ line, frame }, { c, columns, warning }) {
  const at = line - frame.line;
  const last = frame.line + frame.lines.length - 1;
  const digits = String(last).length;
  const gutter = INDENT.length + 2 + digits + 3; // "    > 12 | "
  let { lines, column } = frame;
  // A terminal narrower than the captured window: cut again, around the same column.
  if (columns > gutter + 20) ({ lines, column } = windowLines(lines, at, column, columns - gutter - 2));
  const mark = (text) => c.bold(warning ? c.yellow(text) : c.red(text));
  const shown = lines.map((text, i) => {
    const number = String(frame.line + i).padStart(digits);
    const marker = i === at ? mark('>') : ' ';
    return `${INDENT}${marker} ${c.dim(`${number} |`)}${text ? ` ${printableLine(text)}` : ''}`;
  });
  if (column !== undefined) {
    const caret = `${INDENT}  ${c.dim(`${' '.repeat(digits)} |`)} ${padBefore(lines[at], column)}${mark('^')}`;
    shown.splice(at + 1, 0, caret);
  }
  return shown;
}

// What goes before the caret: as many blanks as the text before the column takes on a terminal, a
// tab for a tab (it lines up at whatever width the terminal gives tabs), two for a wide character.
function padBefore(text, column) {
  const before = text.slice(0, column - 1);
  if (PRINTABLE_ASCII.test(before)) return ' '.repeat(before.length); // most lines: one cell a character
  let pad = '';
  for (const char of printableLine(before)) pad += char === '\t' ? '\t' : ' '.repeat(widthOf(char));
  return pad;
}

const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
