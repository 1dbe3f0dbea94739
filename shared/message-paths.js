// The paths a problem's message names (the other file that holds a duplicate, a translation's source)
// are kept apart from its words: `paths`, the [start, end) span of each in `message`. The message
// names them as reported, relative to the working directory, as the human, json and junit reports
// do; a report that names files from another base (the repository's root, for a CI system) names
// them from there too, so that its messages, and the fingerprints made of them, do not depend on
// the folder filecheck ran from (reporters/code-scanning.js).

const PATH = Symbol('a path in a message');

/** A path a message names, as reported (relative to the working directory), for `worded`. */
export const pathIn = (reported) => ({ [PATH]: reported });

/**
 * worded`missing key ${key} (${pathIn(source)} has it)`: the message, and the spans of the paths it
 * names. A value may be another worded message: its paths are kept.
 * @returns {{ message: string, paths?: [number, number][] }}
 */
export function worded(strings, ...values) {
  let message = strings[0];
  const paths = [];
  values.forEach((value, i) => {
    if (value?.[PATH] !== undefined) {
      paths.push([message.length, message.length + value[PATH].length]);
      message += value[PATH];
    } else if (typeof value?.message === 'string') {
      for (const [start, end] of value.paths ?? []) paths.push([message.length + start, message.length + end]);
      message += value.message;
    } else message += String(value);
    message += strings[i + 1];
  });
  return paths.length ? { message, paths } : { message };
}

/**
 * A problem's message and paths with words before it ("document 2: "), its spans moved along.
 * @param {{ message: string, paths?: [number, number][] }} problem
 */
export const prefixed = (prefix, { message, paths }) => worded`${prefix}${{ message, paths }}`;

/**
 * Whether `paths` are spans of `message` as `worded` makes them: in order, apart, inside it (a
 * custom check's problem may carry any value).
 */
export function spansOf(message, paths) {
  if (!Array.isArray(paths) || !paths.length) return false;
  let end = 0;
  for (const span of paths) {
    if (!Array.isArray(span) || span.length !== 2 || !span.every(Number.isSafeInteger)) return false;
    if (span[0] < end || span[1] <= span[0] || span[1] > message.length) return false;
    end = span[1];
  }
  return true;
}

/**
 * The message with each path it names rewritten (a path as reported ─▶ as the report names files).
 * @param {{ message: string, paths?: [number, number][] }} problem
 * @param {(reported: string) => string} rewrite
 */
export function messageWithPaths({ message, paths }, rewrite) {
  if (!paths) return message;
  let text = '';
  let at = 0;
  for (const [start, end] of paths) {
    text += message.slice(at, start) + rewrite(message.slice(start, end));
    at = end;
  }
  return text + message.slice(at);
}
