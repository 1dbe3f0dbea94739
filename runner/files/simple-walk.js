// The common patterns' entries found without fast-glob: `content/**/*.json`, `*.yaml`, a folder
// named on the command line (`**/*.{json,yaml,…}`), a rule's `locales/*.json`. fast-glob costs 12-20
// ms to load (73 modules) and walks a tree 1.3-1.6× slower than a readdirSync recursion (kumadocs'
// 4,057 files: 17-21 ms against 11-14); on a run of that size, that was a tenth of filecheck's own
// cost over the bare loop (bench/RESULTS.md, "Issue 25, fourth pass"). fast-glob stays the reference:
// a pattern outside the simple grammar below goes to it, and test/reliability/simple-walk.test.js
// checks that both give the same entries on random trees and patterns.
//
// Simple: relative, no `.`/`..` segment, no escape, no negation, no segment that starts with a dot
// (with fast-glob's `dot: false`, no dot file or dot folder can then match: those are not even
// entered), no `/` inside braces, and a last segment that names files (`*.json`, not `**`). Matching
// is picomatch's, with fast-glob's options.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {string[]} patterns
 * @returns {boolean} whether walkSimple finds these patterns' entries as fast-glob does
 */
export function areSimple(patterns) {
  return patterns.every(
    (pattern) =>
      pattern !== '' &&
      !pattern.startsWith('/') &&
      !pattern.startsWith('!') &&
      !pattern.endsWith('/') &&
      !pattern.includes('\\') &&
      // fast-glob's partial matcher never enters a folder for a `?` segment (`?/*.json` finds nothing)
      !pattern.includes('?') &&
      !/(^|\/)\.\.?(\/|$)/.test(pattern) &&
      !/(^|[/{,])\./.test(pattern) &&
      !/\{[^}]*\//.test(pattern) &&
      // `x/**` matches the folder x too, which fast-glob, walking from x, does not list
      !/\*\*[^/]*$/.test(pattern),
  );
}

/**
 * What fast-glob's `sync(patterns, { cwd: base, objectMode: true, onlyFiles: false, dot: false,
 * ignore: ['**\/node_modules/**'], unique: false, suppressErrors: true, fs })` gives, for simple
 * patterns: `{ path, dirent }`, path relative to base with `/`. Symbolic links are followed where
 * `fs.statSync` (the project's link policy) says what they lead to, as fast-glob follows them.
 * @param {string[]} patterns simple (areSimple)
 * @param {string} base an absolute folder
 * @param {{ statSync: (file: string) => fs.Stats }} linkFs
 * @param {typeof import('picomatch')} picomatch
 * @param {{ listed: Map<string, boolean>, gitignores?: Map<string, boolean>, configName: string, everywhere?: boolean,
 *   leftOut?(folder: string): boolean } | null} [configs] the folders read, each with whether it holds a
 *   file named configName (nested-configs.js), and with whether it holds a .gitignore (gitignore.js); everywhere: every folder of base is read (dot folders,
 *   node_modules and, beyond the patterns' own folders, those leftOut says: gitignored), to find them all
 */
export function walkSimple(patterns, base, linkFs, picomatch, configs = null) {
  const matches = matcherOf(patterns, picomatch);
  // Where the walk starts, and how deep it goes: the literal folder all the patterns share, and
  // no deeper than their segments reach when none has a globstar (or a brace that may hide a `/`).
  const scans = patterns.map((pattern) => picomatch.scan(pattern));
  const folders = scans.map(({ base: folder, isGlob }) => (isGlob ? folder : path.posix.dirname(folder)));
  const start = patterns.length ? commonFolder(folders.map((folder) => (folder === '.' ? '' : folder))) : '';
  const depth = Math.max(
    ...patterns.map((pattern) => {
      const rest = start ? pattern.slice(start.length + 1) : pattern;
      return rest.includes('**') ? Number.POSITIVE_INFINITY : rest.split('/').length;
    }),
  );
  const entries = [];
  if (configs?.everywhere) {
    // The whole of base, from its top: a folder the patterns' walk would not enter is entered unless left out.
    const entered = (rel) => rel === start || start.startsWith(`${rel}/`) || within(rel, start, depth);
    const leftOut = configs.leftOut ?? (() => false);
    const walk = visitor(matches, linkFs, configs, entries, (file, rel) => entered(rel) || !leftOut(file));
    walk(base, '');
    return entries;
  }
  const walk = visitor(matches, linkFs, configs, entries, (_file, _rel, level) => level < depth);
  walk(start ? path.join(base, start) : base, start, 1); // level: the segments below start of the folder's entries
  return entries;
}

// picomatch's answer, asked of every entry: its regular expressions tested directly. Its matcher
// function makes two objects and a match array per call, which cost a 4,000-file walk ~5 ms; with
// these options (no ignore, basename or callbacks) it answers as `rel === glob || regex.test(rel)`.
function matcherOf(patterns, picomatch) {
  const regexes = patterns.map((pattern) =>
    picomatch.makeRe(pattern, { dot: false, posix: true, strictSlashes: false }),
  );
  return (rel) => rel !== '' && (patterns.includes(rel) || regexes.some((regex) => regex.test(rel)));
}

// Whether a walk from `start` as deep as `depth` lists the entries of folder `rel` (both relative to base).
function within(rel, start, depth) {
  if (start && !rel.startsWith(`${start}/`)) return false;
  const below = rel.split('/').length - (start ? start.split('/').length : 0);
  return below < depth;
}

// The recursion of walkSimple: each folder's entries, those the patterns match kept, a subfolder
// entered when `enter(file, rel, level)` says so.
function visitor(matches, linkFs, configs, entries, enter) {
  const visit = (folder, rel, level) => {
    let dirents;
    try {
      dirents = fs.readdirSync(folder, { withFileTypes: true });
    } catch {
      return; // unreadable, or gone: fast-glob's suppressErrors
    }
    let holdsConfig = false;
    let holdsGitignore = false;
    for (let dirent of dirents) {
      const { name } = dirent;
      if (name.charCodeAt(0) === 0x2e) {
        if (configs && name === configs.configName) holdsConfig = true;
        else if (name === '.gitignore') holdsGitignore = true;
        continue; // a dot name: no simple pattern matches it or below it
      }
      const file = `${folder}${path.sep}${name}`;
      if (dirent.isSymbolicLink()) dirent = followed(dirent, file, linkFs);
      const relName = rel ? `${rel}/${name}` : name;
      const isFolder = dirent.isDirectory();
      if (isFolder && name === 'node_modules') continue;
      if (matches(relName) || (isFolder && matches(`${relName}/`))) entries.push({ path: relName, dirent });
      if (isFolder && enter(file, relName, level)) visit(file, relName, level + 1);
    }
    configs?.listed.set(folder, holdsConfig);
    configs?.gitignores?.set(folder, holdsGitignore);
  };
  return visit;
}

// A link's dirent as fast-glob gives it: what it leads to, or the link itself when it leads nowhere
// (broken, a loop) or the link policy gives the link's own stats.
function followed(dirent, file, linkFs) {
  let stats;
  try {
    stats = linkFs.statSync(file);
  } catch {
    return dirent;
  }
  return {
    name: dirent.name,
    isFile: () => stats.isFile(),
    isDirectory: () => stats.isDirectory(),
    isSymbolicLink: () => stats.isSymbolicLink(),
  };
}

// The longest folder path all of these start with ('' for none).
function commonFolder(folders) {
  const [first, ...rest] = folders.map((folder) => (folder ? folder.split('/') : []));
  let length = first.length;
  for (const parts of rest) {
    let same = 0;
    while (same < Math.min(length, parts.length) && parts[same] === first[same]) same++;
    length = same;
  }
  return first.slice(0, length).join('/');
}
