// Which source file a translation is compared with. The source is a file ("locales/en.json": every
// file of the rule is compared with it) or a pattern for the folder-per-locale layout
// ("locales/en/*.json", "locales/en/**/*.json"): its literal folder (locales/en) is the source
// locale's folder, that folder's parent (locales) the locales' root, and a file locales/<X>/<rest>
// pairs with locales/en/<rest> (when that path matches the pattern). Paths are relative to the
// rule's base, with forward slashes. A translation's pairing names its locale too, as its place
// does: its folder (locales/<X>), else its file's name (de.json, devise.ru.yml, main-da.json beside
// main.json).
import path from 'node:path';
import { globMatcher } from '../../shared/glob.js';

/**
 * @typedef {{ text: string, isPattern: boolean,
 *   sourceOf(relative: string): { source: string, locales: string[] } | { self: true } | { unmatched: string } | { none: string } }} SourceSpec
 *   sourceOf: a file's source, and the names its place may give its locale, the likeliest first (a
 *   folder's or file's name: whether one is a locale, Intl decides); self: the file is a source
 *   file; unmatched: the source the file would have, which the pattern does not match; none: the
 *   problem of a file without one
 */

/** @returns {SourceSpec} */
export function sourceSpec(text) {
  if (typeof text !== 'string' || !/\S/.test(text))
    throw new TypeError(
      'sameKeysAs: "source" is a path or a pattern relative to the config file, e.g. "locales/en.json"',
    );
  const source = path.posix.normalize(text).replace(/^\.\//, '');
  if (source.startsWith('../') || source.startsWith('/'))
    throw new TypeError(`sameKeysAs: source "${text}" must be inside the config file's folder`);
  const segments = source.split('/');
  const firstGlob = segments.findIndex((segment) => /[*?[\]{}()!]/.test(segment));
  if (firstGlob === -1)
    return {
      text: source,
      isPattern: false,
      sourceOf: (file) => (file === source ? { self: true } : { source, locales: namedLocales(file, source) }),
    };
  if (firstGlob === 0)
    throw new TypeError(
      `sameKeysAs: source pattern "${text}" must start with the source locale's folder, e.g. "locales/en/*.json"`,
    );
  return folderPerLocale(source, segments.slice(0, firstGlob).join('/'));
}

function folderPerLocale(pattern, localeFolder) {
  const matches = globMatcher(pattern, { dot: true });
  const root = path.posix.dirname(localeFolder);
  const prefix = root === '.' ? '' : `${root}/`;
  return {
    text: pattern,
    isPattern: true,
    sourceOf(file) {
      if (file.startsWith(`${localeFolder}/`)) return { self: true };
      const rest = file.startsWith(prefix) ? file.slice(prefix.length).split('/').slice(1).join('/') : '';
      if (rest === '')
        return { none: `no source file for this file: it is not in a locale's folder beside ${localeFolder}` };
      const source = `${localeFolder}/${rest}`;
      const locale = file.slice(prefix.length).split('/')[0];
      return matches(source) ? { source, locales: [locale] } : { unmatched: source };
    },
  };
}

// The names a file's name may give its locale: the whole ("de", "en-GB"), what follows the source's
// name ("main-da" beside "main"), its last dotted part ("devise.ru").
function namedLocales(file, source) {
  const stem = (name) => path.posix.basename(name).replace(/\.[^.]*$/, '');
  const [name, sourceName] = [stem(file), stem(source)];
  const afterSource = /^[-_.]./.test(name.slice(sourceName.length)) && name.startsWith(sourceName);
  return [name, ...(afterSource ? [name.slice(sourceName.length + 1)] : []), name.split('.').pop()];
}
