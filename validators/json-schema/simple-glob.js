// The regex of a simple glob: folder and file names with `*` wildcards and `**` folders
// (`.github/workflows/*.yml`, `**/config/*.json`), which is 1,230 of the 1,245 globs of
// SchemaStore's catalog that are more than a file name. Made here as picomatch makes it with
// `{ dot: true }` (test/json-schema/simple-glob.test.js holds the two to the same answers), because loading
// picomatch and compiling one glob costs 5 ms of a config file's 250 ms cold run on Node 20. Any
// other glob (`?`, classes, braces, extglobs, escapes, `./`) is picomatch's.

// Names of letters, digits, `_ . - @` and spaces, `*` anywhere in them, and `**` as a whole
// folder name anywhere but at the end.
const SIMPLE = /^(?:(?:\*\*|[\w.\-@ *]*[\w.\-@ ][\w.\-@ *]*|\*)\/)*(?:[\w.\-@ *]*[\w.\-@ ][\w.\-@ *]*|\*)$/;

/**
 * @param {string} glob
 * @returns {RegExp | null} matching a whole relative path (forward slashes), or null: not simple
 */
export function simpleGlobRegex(glob) {
  if (!SIMPLE.test(glob) || /(?:^|\/)\.{1,2}(?:\/|$)/.test(glob)) return null;
  const segments = glob.split('/');
  let source = '';
  for (const [index, segment] of segments.entries()) {
    const last = index === segments.length - 1;
    // No folder, or any number of them (empty names too), but not `.` or `..`.
    if (segment === '**') source += '(?:(?!\\.\\.?/)[^/]*/)*';
    else {
      // A wildcard's name is never `.` or `..`, and a file's name (a lone `*` last) never empty.
      if (segment.includes('*')) source += last ? '(?!\\.\\.?$)' : '(?!\\.\\.?/)';
      if (segment === '*' && last) source += '[^/]+';
      else source += segment.replace(/[.\-@ ]/g, '\\$&').replace(/\*+/g, '[^/]*');
      if (!last) source += '/';
    }
  }
  return new RegExp(`^${source}$`);
}
