// A glob matched as picomatch matches it, except that a name may hold any character. picomatch
// writes `**`, a `*`'s "not empty" and extglobs with the regex `.`, which matches no line
// terminator (LF, CR, U+2028, U+2029): without the dotAll flag `x/**` skipped `x/a<LF>b.json` and
// everything below a folder whose name holds one, silently. Every glob filecheck matches a path
// against (patterns, rules' files and ignore, --ignore, fileMatch, refs) is compiled here.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let picomatch; // loaded by the first glob that needs it (~5 ms)

const withFlags = (options) => ({ ...options, flags: options.nocase ? 'si' : 's' });

/**
 * @param {string | string[]} globs
 * @param {import('picomatch').PicomatchOptions} [options] picomatch's
 * @returns {(path: string) => boolean} whether a path (forward slashes) matches any of them
 */
export function globMatcher(globs, options = {}) {
  picomatch ??= require('picomatch');
  return picomatch(globs, withFlags(options));
}

/**
 * @param {string} glob
 * @param {import('picomatch').PicomatchOptions} [options] picomatch's
 * @returns {RegExp} the glob's regex, as picomatch.makeRe makes it
 */
export function globRegex(glob, options = {}) {
  picomatch ??= require('picomatch');
  return picomatch.makeRe(glob, withFlags(options));
}
