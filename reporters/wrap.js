// Lines for a terminal of a known width, broken between words: a terminal breaks a long line at its
// last column, in the middle of a word (`must have required prop` / `erty "title"`). A word longer
// than a whole line is still cut. Colour codes take no room; a CJK character or an emoji takes two
// columns, as terminals draw them.

const ANSI = /\u001b\[[0-9;]*m/;
const ANSI_ALL = new RegExp(ANSI.source, 'g');
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6\u{1f300}-\u{1faff}\u{20000}-\u{3fffd}]/u;

/** The columns `text` takes on a terminal. */
export function widthOf(text) {
  let width = 0;
  for (const char of text.replace(ANSI_ALL, '')) width += WIDE.test(char) ? 2 : 1;
  return width;
}

/**
 * @param {string} text one line (no line breaks)
 * @param {number | undefined} columns the terminal's width; none: the line as it is
 * @param {number} [indent] spaces before each continuation line (at most half the width)
 * @returns {string} the line, broken with "\n" where it would not fit
 */
export function wrapLine(text, columns, indent = 0) {
  if (!(columns > 0) || widthOf(text) <= columns) return text;
  const pad = ' '.repeat(Math.min(indent, Math.floor(columns / 2)));
  const lines = [];
  let line = '';
  let used = 0;
  let placed = false; // something is on the line besides its indent: what follows may go to a new one
  const breakLine = () => {
    lines.push(line);
    line = pad;
    used = pad.length;
    placed = false;
  };
  let gap = '';
  for (const token of text.split(/( +)/)) {
    if (token.startsWith(' ')) {
      gap = token;
      continue;
    }
    if (!token) continue;
    const word = token;
    const size = widthOf(word);
    // A word goes on to the next line if it fits there; one too long for any line is cut where it is.
    if (placed && used + gap.length + size > columns && pad.length + size <= columns) {
      breakLine();
    } else {
      line += gap;
      used += gap.length;
    }
    gap = '';
    if (used + size <= columns) {
      line += word;
      used += size;
    } else {
      // Longer than the room a whole line leaves: cut where each line ends.
      for (const { text: piece, width } of piecesOf(word)) {
        if (width && used + width > columns && placed) breakLine();
        line += piece;
        used += width;
        placed ||= width > 0;
      }
    }
    placed = true;
  }
  lines.push(line);
  return lines.join('\n');
}

// A word's characters, each with its width, and its colour codes, of no width.
function* piecesOf(word) {
  const code = new RegExp(ANSI.source, 'y');
  for (let i = 0; i < word.length; ) {
    code.lastIndex = i;
    const found = code.exec(word);
    const text = found ? found[0] : String.fromCodePoint(word.codePointAt(i));
    yield { text, width: found ? 0 : WIDE.test(text) ? 2 : 1 };
    i += text.length;
  }
}
