// Paths as filecheck shows and matches them: relative, with forward slashes on every platform.
import path from 'node:path';

/** @returns {string} `to` relative to `from`, with forward slashes */
export function relativePosix(from, to) {
  const relative = path.relative(from, to);
  return path.sep === '/' ? relative : relative.split(path.sep).join('/');
}

/** Whether a command-line argument or a `refs` entry is a glob rather than a plain path. */
export const hasGlobChars = (pattern) => /[*?[\]{}()!]/.test(pattern);
