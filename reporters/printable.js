// Text that comes from the files checked (their names; messages that quote their content) printed
// for a human, safely: a line break would start what looks like another result, a carriage return
// or an escape sequence could overwrite or recolour what was printed, bidirectional controls could
// reorder it. Such characters are shown as escapes, so every problem stays on its own line.

const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
const HAS_UNSAFE = new RegExp(UNSAFE.source);
const NAMED = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const escapeChar = (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** A message: unsafe characters escaped where they are (`\n`, `\u001b`). */
export const printableText = (text) => String(text).replace(UNSAFE, escapeChar);

/**
 * A file's path: as it is, or, if it holds unsafe characters or starts with a double quote, in
 * double quotes with `"` and `\` escaped too, as git quotes such names: `"a\nb.json"`.
 */
export function printablePath(path) {
  if (!HAS_UNSAFE.test(path) && !path.startsWith('"')) return path;
  return `"${path.replace(/["\\]/g, '\\$&').replace(UNSAFE, escapeChar)}"`;
}

// A line of a file as a code frame shows it: as a message is, but a tab is kept (the caret's line
// copies the tabs before the column, so that it lines up however wide the terminal draws them).
const UNSAFE_BUT_TAB = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** A file's line in a code frame: unsafe characters escaped, tabs kept. */
export const printableLine = (text) => text.replace(UNSAFE_BUT_TAB, escapeChar);
