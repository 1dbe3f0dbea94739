// Paths as filecheck shows and matches them: relative, with forward slashes on every platform;
// and where a path really is.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/** Whether `file` is directly in `folder` (path.dirname's answer, without making a string): asked per file found. */
export const isDirectlyIn = (file, folder) =>
  folder !== null &&
  file.length > folder.length &&
  file.startsWith(folder) &&
  file.lastIndexOf(path.sep) === folder.length;

/** @returns {string} `to` relative to `from`, with forward slashes */
export function relativePosix(from, to) {
  // Asked for every file, often more than once: a file plainly below `from` is answered without
  // path.relative, which normalises both paths and costs ~2 µs a call.
  if (to.length > from.length + 1 && to.startsWith(from) && to[from.length] === path.sep) {
    const below = to.slice(from.length + 1);
    if (isPlain(below)) return path.sep === '/' ? below : below.split(path.sep).join('/');
  }
  const relative = path.relative(from, to);
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

// No `.`/`..` segment, empty segment or trailing separator that path.relative would normalise away.
const isPlain = (relative) =>
  relative[0] !== '.' &&
  relative[0] !== path.sep &&
  !relative.includes(`${path.sep}.`) &&
  !relative.includes(path.sep + path.sep) &&
  !relative.endsWith(path.sep);

/** Whether a command-line argument or a `refs` entry is a glob rather than a plain path. */
export const hasGlobChars = (pattern) => /[*?[\]{}()!]/.test(pattern);

/** Whether `file` is `folder` or below it (paths compared as given: pass real paths for real answers). */
export const isInside = (folder, file) => {
  const relative = path.relative(folder, file);
  return relative === '' || (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
};

/** @returns {string | null} the file's real path, null when it does not exist */
export function realpathOrNull(file) {
  try {
    return fs.realpathSync(file);
  } catch {
    return null;
  }
}

/** @returns {import('node:fs').Stats | null} the path's own stats (a link's, not its target's), null when it cannot be read */
export function lstatOrNull(file) {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}
