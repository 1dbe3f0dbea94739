// The entries of most patterns found without fast-glob: `content/**/*.json`, `x/**`, `*.yaml`,
// `.github/workflows/*.yml`, a folder named on the command line (`**/*.{json,yaml,…}`), a rule's
// `locales/*.json`, and the whole project for catalog discovery. fast-glob costs 12-20 ms to load
// (73 modules) and walks a tree 1.3-1.6× slower than a readdirSync recursion (kumadocs' 4,057 files:
// 17-21 ms against 11-14); on a run of that size, that was a tenth of filecheck's own cost over the
// bare loop (bench/RESULTS.md, "Issue 25, fourth pass"). And fast-glob matches with picomatch's
// regexes without the dotAll flag: its `**` never matches a name holding a line terminator (LF,
// CR, U+2028, U+2029), so such files, and all below such folders, went unchecked without a word;
// here they are matched as shared/glob.js matches any glob. fast-glob stays the reference for other
// names: a pattern outside the simple grammar below goes to it, and
// test/reliability/simple-walk.test.js checks that both give the same entries on random trees and patterns.
//
// Simple: relative, no `.`/`..` segment, no escape, no negation, no `?` in a folder's segment, no
// `/` inside braces and no dot name inside braces or an extglob. A dot name is walked only where a
// segment spells its dot (`.github`, `.*.json`): with fast-glob's `dot: false`, nothing else can
// match a dot file or anything in a dot folder, so those are not even entered. Matching is
// picomatch's, with fast-glob's options.
import path from 'node:path';
import { createRequire } from 'node:module';
import { globRegex } from '../../shared/glob.js';

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
      !/\?[^/]*\//.test(pattern) &&
      !/(^|\/)\.\.?(\/|$)/.test(pattern) &&
      !/[{,(|]\./.test(pattern) &&
      !/\{[^}]*\//.test(pattern),
  );
}

/**
 * What fast-glob's `sync(patterns, { cwd: base, objectMode: true, onlyFiles: false, dot: false,
 * ignore: ['**\/node_modules/**'], unique: false, suppressErrors: true, fs })` gives, for simple
 * patterns, but for folders: `{ path, dirent }`, path relative to base with `/`. Symbolic links are
 * followed where `fs.statSync` (the project's link policy) says what they lead to, as fast-glob follows them.
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
  const dots = dotNames(patterns);
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
  const matches = (!configs?.everywhere && nameMatcherOf(patterns, start, depth)) || matcherOf(patterns);
  const entries = [];
  if (configs?.everywhere) {
    // The whole of base, from its top: a folder the patterns' walk would not enter is entered unless left out.
    const entered = (rel) => rel === start || start.startsWith(`${rel}/`) || within(rel, start, depth);
    const leftOut = configs.leftOut ?? (() => false);
    const enter = (file, rel) => entered(rel) || (!/(^|\/)\./.test(rel) && !leftOut(file));
    visitor({ matches, dots, enter, linkFs, configs, entries })(base, '');
    return entries;
  }
  const enter = (_file, _rel, level) => level < depth;
  const walk = visitor({ matches, dots, enter, linkFs, configs, entries });
  walk(start ? path.join(base, start) : base, start, 1); // level: the segments below start of the folder's entries
  return entries;
}

/**
 * Every entry of base but its folders, dot names too, as catalog discovery reads a project
 * (discover.js): not node_modules or .git, nor what is in the subfolders of a dot folder that is
 * not one of dotFolders (a cache, a virtualenv); the files directly in it are (SchemaStore names
 * `devcontainer.json`, which lives in `.devcontainer/`).
 * @param {string} base an absolute folder
 * @param {{ statSync: (file: string) => fs.Stats }} linkFs
 * @param {Set<string>} dotFolders the names of the dot folders walked whole
 * @param {{ listed: Map<string, boolean>, configName: string } | null} [configs] as walkSimple's
 */
export function walkAll(base, linkFs, dotFolders, configs = null) {
  const entries = [];
  // Whether folder rel is in a dot folder not named (`.cache/sub`).
  const inUnnamedDotFolder = (rel) => {
    const cut = rel.lastIndexOf('/');
    if (cut === -1) return false;
    const parent = rel.slice(rel.lastIndexOf('/', cut - 1) + 1, cut);
    return parent.charCodeAt(0) === 0x2e && !dotFolders.has(parent);
  };
  const notGit = (name) => name !== '.git';
  visitor({
    matches: () => true,
    dots: { file: notGit, folder: notGit },
    enter: (_file, rel) => !inUnnamedDotFolder(rel),
    linkFs,
    configs,
    entries,
  })(base, '');
  return entries;
}

// picomatch's answer, asked of every entry (`matches(folder, name)`, the folder relative to base):
// its regular expressions tested directly. Its matcher function makes two objects and a match array
// per call, which cost a 4,000-file walk ~5 ms; with these options (no ignore, basename or
// callbacks) it answers as `rel === glob || regex.test(rel)`.
const GLOB_OPTIONS = { dot: false, posix: true, strictSlashes: false };
function matcherOf(patterns) {
  const regexes = patterns.map((pattern) => globRegex(pattern, GLOB_OPTIONS));
  return (folder, name) => {
    const rel = folder ? `${folder}/${name}` : name;
    return patterns.includes(rel) || regexes.some((regex) => regex.test(rel));
  };
}

// The same answer from an entry's name alone, where every pattern is, below the walk's start, one
// name (`content/*.json`, a walk one level deep) or any folders and one name (`content/**/*.json`):
// the folders are those the walk enters, and `**` crosses any of them but dot folders, which the
// walk enters only where a pattern spells one (then this does not apply). A test of the name
// against `*.json` is a third of one of the path against `content/**/*.json`, whose regex looks
// ahead at every character for a dot segment. null: the patterns are not of that shape.
function nameMatcherOf(patterns, start, depth) {
  if (patterns.some((pattern) => /(^|\/)\./.test(pattern.slice(0, pattern.lastIndexOf('/') + 1)))) return null;
  const names = [];
  for (const pattern of patterns) {
    const rest = start ? pattern.slice(start.length + 1) : pattern;
    const name = depth === 1 ? rest : rest.startsWith('**/') ? rest.slice(3) : '';
    if (name === '' || name.includes('/') || name.includes('**')) return null;
    names.push(name);
  }
  const regexes = names.map((name) => globRegex(name, GLOB_OPTIONS));
  const literal = depth === 1 ? names : []; // as a pattern equal to the path, one level below start
  return (_folder, name) => literal.includes(name) || regexes.some((regex) => regex.test(name));
}

// Which dot names of files and of folders the patterns may match (dot: false): those a segment
// spells, or any when a segment that starts with a dot is a glob (`.*.json`, `.*/x.json`).
function dotNames(patterns) {
  const segments = patterns.map((pattern) => pattern.split('/'));
  return {
    file: namedBy(segments.map((parts) => parts.at(-1))),
    folder: namedBy(segments.flatMap((parts) => parts.slice(0, -1))),
  };
}
function namedBy(segments) {
  const spelled = segments.filter((segment) => segment.startsWith('.'));
  if (spelled.some((segment) => /[*?[\]{}()!+@]/.test(segment))) return () => true;
  const names = new Set(spelled);
  return (name) => names.has(name);
}

// Whether a walk from `start` as deep as `depth` lists the entries of folder `rel` (both relative to base).
function within(rel, start, depth) {
  if (start && !rel.startsWith(`${start}/`)) return false;
  const below = rel.split('/').length - (start ? start.split('/').length : 0);
  return below < depth;
}

// The recursion of the walks: each folder's entries but its folders, those matches says kept, a
// subfolder entered when `enter(file, rel, level)` says so; a dot name only when `dots` says
// (`file(name)`, `folder(name)`).
function visitor({ matches, dots, enter, linkFs, configs, entries }) {
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
      const dot = name.charCodeAt(0) === 0x2e;
      if (dot) {
        if (configs && name === configs.configName) holdsConfig = true;
        else if (name === '.gitignore') holdsGitignore = true;
        if (!dots.file(name) && !dots.folder(name)) continue; // nothing matches it or what is below it
      }
      // Paths are made for what is kept or entered only: most entries are files that match or not.
      let file = null;
      if (dirent.isSymbolicLink()) dirent = followed(dirent, (file = `${folder}${path.sep}${name}`), linkFs);
      if (!dirent.isDirectory()) {
        if ((!dot || dots.file(name)) && matches(rel, name))
          entries.push({ path: rel ? `${rel}/${name}` : name, dirent });
      } else if (name !== 'node_modules' && (!dot || dots.folder(name))) {
        file ??= `${folder}${path.sep}${name}`;
        const relName = rel ? `${rel}/${name}` : name;
        if (enter(file, relName, level)) visit(file, relName, level + 1);
      }
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
