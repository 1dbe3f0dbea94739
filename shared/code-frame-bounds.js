// The bounds of code frames, which the check that captures them (check/capture-frames.js) and the human
// reporter that shows them share: how many a file gets, and a frame's lines cut to a window around
// the problem's column, so that a long or minified line shows the part that matters. The check cuts
// what it captures (a 5 MB line never crosses a thread or enters the cache), the reporter cuts again
// to a narrower terminal. Every line of a frame is cut at the same place, so that the lines stay
// aligned above and below the caret.

/** How many problems of a file get a frame; the human reporter says how many more have none. */
export const FRAMES_PER_FILE = 5;

const ELLIPSIS = '…';

/**
 * @param {string[]} lines the frame's lines, without their line ends
 * @param {number} at which of them holds the problem
 * @param {number | undefined} column the problem's 1-based column in UTF-16 code units, if it has one
 * @param {number} width the most UTF-16 code units of a line kept, besides an ellipsis at each cut end
 * @returns {{ lines: string[], column: number | undefined }} column: the problem's column in the
 *   lines returned (moved by what was cut before it, and by the ellipsis that stands for it)
 */
export function windowLines(lines, at, column, width) {
  if (lines.every((line) => line.length <= width)) return { lines, column };
  const own = lines[at];
  const index = Math.min((column ?? 1) - 1, own.length);
  // A third of the window before the column, or more when the problem's line ends sooner.
  let start = Math.max(0, Math.min(index - Math.floor(width / 3), own.length - width));
  if (isLowSurrogate(own, start)) start++; // never half of an emoji
  const end = start + width;
  const cut = lines.map((line) => cutLine(line, start, end));
  return { lines: cut, column: column === undefined ? undefined : column - start + (start > 0 ? 1 : 0) };
}

function cutLine(line, start, end) {
  if (start === 0 && line.length <= end) return line;
  let from = start;
  let to = Math.min(end, line.length);
  if (isLowSurrogate(line, from)) from++;
  if (to < line.length && isLowSurrogate(line, to)) to--;
  const before = start > 0 && line.length > 0 ? ELLIPSIS : '';
  return `${before}${line.slice(from, to)}${to < line.length ? ELLIPSIS : ''}`;
}

const isLowSurrogate = (text, i) => {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff;
};
