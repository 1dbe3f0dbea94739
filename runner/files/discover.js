// Config.rules × patterns ──fast-glob──▶ the sorted list of files to check, each with its rules.
import path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { gitignoreFilter } from './gitignore.js';
import { relativePosix, hasGlobChars, lstatOrNull, isDirectlyIn } from '../../shared/paths.js';
import { linkPolicy } from './symlink-policy.js';
import { areSimple, walkAll, walkSimple } from './simple-walk.js';
import { DIRECTORY_GLOB, formatChooser, formatOfName } from '../../formats/index.js';
import { byId, rulesOf } from '../../shared/rules.js';
import { displayFrom } from '../../shared/messages.js';
import { globMatcher } from '../../shared/glob.js';
import { CONFIG_NAME, configTree } from './nested-configs.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const NEVER = ['**/node_modules/**'];

/**
 * @typedef {{ path: string, rel: string, rules: number[], special?: boolean, refused?: string,
 *   hash?: boolean, track?: boolean, guessedBy?: string } & Partial<import('../../formats/index.js').Format>} FileEntry
 *   path absolute; rel as reported (relative to the working directory, forward slashes);
 *   parser: how it is read, when not as JSON (formats/index.js); frontMatter: 'required' by a rule;
 *   special: not known to be a regular file (a symlink, a pipe…), so it is opened with care;
 *   refused: why it is not read at all (a symbolic link out of the project), which is its problem;
 *   hash: its result is to carry its content's hash (--cache, result-cache.js); track: its result is to name
 *   the schema files it chose (--watch, watch.js); guessedBy: the catalog entries (`catalog entry "JSONPatch"`)
 *   whose fileMatch alone found it, its name saying no data format: read as JSON, JSONC or YAML
 *   (formats/guessed.js, unless --parser says), skipped if none reads it (check-file.js)
 * @typedef {{ files: FileEntry[], skipped: { rel: string, reason: string }[],
 *   catalogs?: Map<string, import('../../validators/json-schema/catalog.js').Catalog> }} Discovery
 *   catalogs: the catalogs that chose the files (no patterns), by file, for the check to use as read
 * @param {import('../config/load-config.js').Config} config
 * @param {{ findConfigs?: boolean, given?: string }} [how] findConfigs: the walk reads all of the run's
 *   folder for the configs below it (a run without patterns); false: they are known (context-files.js);
 *   given: the one file of the run, absolute, named as a pattern names a file, whether or not it
 *   exists (`--stdin-filename`: its text is standard input)
 * @returns {Discovery}
 */
export function discover(config, { findConfigs = true, given } = {}) {
  const root = config.configPath ? path.dirname(config.configPath) : config.cwd;
  const links = linkPolicy(root);
  const found = []; // { rel, path, special, named, refused }, in walk order, duplicates included
  // The folders the walk read, each with whether a config is there: the configs below the run's
  // are found by the walk discovery makes anyway (nested-configs.js).
  const listed = new Map();
  const gitignores = new Map(); // the folders a simple walk read, each with whether a .gitignore is there
  const isGitignored = gitignoreFilter(root, gitignores);
  let catalogs;
  let byCatalog; // the files (rel) catalog discovery found ─▶ for one whose name says no format, the entries that matched it
  let guessedNamed; // the files (rel) named with --catalog, whose name says no format, that an entry matches
  if (given) {
    add(found, config.cwd, given, false, true, undefined);
    if (config.catalogFiles) ({ catalogs, byCatalog } = catalogMatch(config, [], loadCatalogs(config), found));
  } else if (config.patterns.length) {
    expandPatterns(config, found, links, { listed, gitignores });
    // The catalog, the config's or the command line's (load-config.js): a named file no rule matches
    // is checked by its fileMatch.
    if (config.catalogFiles) ({ catalogs, byCatalog } = catalogMatch(config, [], loadCatalogs(config), found));
    else guessedNamed = namedForCatalog(config, found);
  } else {
    // The rules' files, and those of the catalogs' fileMatch (catalog discovery): a file a rule
    // matches is the rule's, one no rule matches the catalog's (the command line's rule, load-config.js).
    // The walk from the run's folder reads all of it, for the configs below.
    const bases = globsByBase(config.rules);
    const everywhere = findConfigs && !!config.configPath && !config.catalogFiles;
    if (everywhere && !bases.some(([base]) => base === root)) bases.push([root, []]);
    for (const [base, globs] of bases)
      glob(globs, base, config.cwd, found, links, {
        configs: {
          listed,
          gitignores,
          everywhere: everywhere && base === root,
          leftOut: (folder) => isGitignored(folder, true),
        },
      });
    if (config.catalogFiles) ({ catalogs, byCatalog } = catalogWalk(config, found, links, findConfigs && listed));
  }

  const ignoredByRun = globalIgnore(config.ignore);
  const leftOut = (file) => ignoredByRun(file) || isGitignored(file);
  const tree = configTree(config, { listed, leftOut });
  if (!config.patterns.length && !given) {
    // Every config the walk met, and the files of their rules.
    for (const [folder, holds] of listed) if (holds) tree.nearest(folder);
    for (const { record } of tree.added) {
      const rules = record.rules.map((id) => config.rules.find((rule) => rule.id === id));
      for (const [base, globs] of globsByBase(rules)) glob(globs, base, config.cwd, found, links);
    }
  }
  // Each found file's config, read now if it is new (a pattern's, a named file's): the rules are then all known.
  let lastFolder = null;
  for (const { path: file } of found)
    if (!isDirectlyIn(file, lastFolder)) tree.nearest((lastFolder = path.dirname(file)));
  // The "ignore" of every config read here applies below its folder as the run's does, whatever found the files.
  for (const { record, ignore } of tree.added)
    if (ignore.length) config.ignore.push({ base: record.folder, globs: ignore });

  const matchers = new Map(); // a config ─▶ the matcher of the rules its files get
  const rulesById = byId(config.rules); // config.rules may be some of the run's (context-files.js)
  const matcherOf = (record) => {
    if (!matchers.has(record)) {
      const rules = tree.ruleIds(record).flatMap((id) => rulesById.get(id) ?? []);
      matchers.set(record, rulesMatcher(rules));
    }
    return matchers.get(record);
  };
  const ignored = globalIgnore(config.ignore);
  const ruleSets = new Map(); // one shared array per distinct set of rules
  const formatOf = formatChooser(rulesOf(config));

  const files = [];
  const skipped = [];
  let matcherFolder = null;
  let matchRules = null;
  // Sorted by name, and a file named on the command line first among its duplicates: it is kept.
  found.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : b.named - a.named));
  for (let i = 0; i < found.length; i++) {
    const { rel, path: file, special, named, refused } = found[i];
    if (i > 0 && rel === found[i - 1].rel) continue;
    // Ignored files are left out silently, unless they were named one by one.
    if ((named && isInNodeModules(file)) || reachesIntoNodeModules(rel) || ignored(file) || isGitignored(file)) {
      if (named) skipped.push({ rel, reason: 'ignored' });
      continue;
    }
    // Files come sorted: most are in the folder of the file before, whose matcher is theirs.
    if (!isDirectlyIn(file, matcherFolder)) {
      matcherFolder = path.dirname(file);
      matchRules = matcherOf(tree.nearest(matcherFolder));
    }
    const rules = matchRules(file);
    const catalogOnly = !rules.length && byCatalog?.has(rel);
    const guessedWhenNamed = !rules.length && !!guessedNamed?.has(rel);
    // The given path, as a run of the project finds its file: by some rule's globs or some catalog entry.
    if (given && byCatalog && !rules.length && !catalogOnly) {
      skipped.push({ rel, reason: 'matches no rule and no catalog entry' });
      continue;
    }
    if (config.cliRule && (catalogOnly || !config.cliRule.unruledOnly)) rules.push(config.cliRule.id);
    if (!rules.length) {
      // Without patterns every file was found by some rule's globs: it matches none only because
      // that rule's own ignore left it out, and ignored files are left out silently.
      if (config.patterns.length) skipped.push({ rel, reason: whyNoRule(matchRules.ignoredBy(file)) });
      continue;
    }
    const key = rules.join();
    if (!ruleSets.has(key)) ruleSets.set(key, rules);
    const entry = { path: file, rel, rules: ruleSets.get(key) };
    const guessedBy = catalogOnly && byCatalog.get(rel);
    const format = formatOf(rel, rules, key, !!guessedBy || guessedWhenNamed);
    if (format) Object.assign(entry, format);
    if (special) entry.special = true;
    if (refused) entry.refused = refused;
    if (guessedBy) entry.guessedBy = guessedBy;
    files.push(entry);
  }
  return { files, skipped, ...(catalogs && { catalogs }) };
}

// One walk per folder rules are relative to (usually one, the config's): a repository with hundreds
// of rules is walked once, not once per rule.
function globsByBase(rules) {
  const byBase = new Map();
  for (const rule of rules) {
    if (!byBase.has(rule.base)) byBase.set(rule.base, new Set());
    for (const files of rule.files) byBase.get(rule.base).add(files);
  }
  return [...byBase].map(([base, globs]) => [base, [...globs]]);
}

// Command-line patterns: a path that exists is taken literally (even `item [1].json`); a directory
// stands for the data files below it (formats/index.js); anything else is a glob. A pattern that matches nothing is an error.
function expandPatterns(config, found, links, walked) {
  const unmatched = [];
  for (const pattern of config.patterns) {
    const literal = path.resolve(config.cwd, pattern);
    const stats = lstatOrNull(literal);
    const before = found.length;
    // A folder is one whatever its name: `Taskfile.yml/`, `v1.2/`.
    if (stats && isFolder(literal, stats, links))
      glob([DIRECTORY_GLOB], literal, config.cwd, found, links, { configs: walked });
    else if (stats) add(found, config.cwd, literal, !stats.isFile(), true, links.refusal(literal));
    else if (hasGlobChars(pattern)) glob([pattern], config.cwd, config.cwd, found, links, { configs: walked });
    if (found.length === before && !stats) unmatched.push(pattern);
  }
  if (unmatched.length && !config.passWithNoFiles) {
    throw new UsageError(
      `no files match ${unmatched.map((p) => `"${p}"`).join(', ')} (use --pass-with-no-files to allow this)${backslashHint(unmatched)}${commandHint(config.patterns, unmatched)}`,
    );
  }
}

// `filecheck schema pull` reads as two patterns: when neither matches anything, the command was meant.
function commandHint([first, second], unmatched) {
  const typo = first === 'schema' && second === 'pull' && unmatched.includes(first) && unmatched.includes(second);
  return typo ? '; did you mean: filecheck schemas pull?' : '';
}

// A glob's `\` escapes the character after it, on Windows too (fast-glob's, as git's): a pattern typed
// with Windows' separators (`content\**\*.json`) matches nothing, and the run says how to write it.
function backslashHint(patterns) {
  const typed = patterns.filter((pattern) => pattern.includes('\\'));
  if (!typed.length) return '';
  const fixed = typed.map((pattern) => `"${pattern.replaceAll('\\', '/')}"`).join(', ');
  return `; patterns use "/" between folders, also on Windows, where "\\" escapes the next character: write ${fixed}`;
}

// Without patterns, a catalog's: every file of the project that some entry's fileMatch matches, as
// v8r finds them, beside the rules' files. The tree is walked once, and each file looked up in the catalogs'
// index (catalog.js): SchemaStore's 2,700 globs cost no more than one. Folders whose name starts
// with a dot are walked only when some fileMatch names one of that name (`.github/workflows/*.yml`,
// `.vscode/settings.json`): a dot file is matched anywhere, a cache or a virtualenv is not walked.
// The files directly in any other dot folder are matched too: SchemaStore names `devcontainer.json`,
// which lives in `.devcontainer/` (simple-walk.js, walkAll).
// listed: the configs it meets are recorded there (it reads the whole project: the walk above does not).
function catalogWalk(config, found, links, listed) {
  const { base } = config.catalogFiles;
  const loaded = loadCatalogs(config);
  const dotFolders = new Set(loaded.flatMap((catalog) => catalog.dotFolders));
  const configs = listed && { listed, configName: CONFIG_NAME, everywhere: true };
  const candidates = [];
  addEntries(walkAll(base, links.fs, dotFolders, configs), base, config.cwd, candidates, links, configs, true);
  return catalogMatch(config, found, loaded, candidates);
}

function loadCatalogs(config, files = config.catalogFiles.catalogs) {
  const display = displayFrom(config.cwd);
  const { loadCatalog } = require('../../validators/json-schema/catalog.js'); // only for a run that needs it
  return files.map((file) => loadCatalog(file, display));
}

// Files named with --catalog (the command line's rule chooses their schemas from it, load-config.js)
// are read as discovery reads the same files: one whose name says no data format (`.prettierrc`), and
// that some entry's fileMatch matches, as the first of JSON, JSONC and YAML that reads it
// (formats/guessed.js). Named, it is not skipped when none does: it fails (check-file.js skips only
// discovery's, guessedBy). The catalogs are read only when such a name is there.
function namedForCatalog(config, found) {
  const selection = config.cliRule?.selection;
  if (!selection?.catalogs.length) return undefined;
  const nameless = found.filter(({ rel }) => formatOfName(rel) === null);
  if (!nameless.length) return undefined;
  const loaded = loadCatalogs(config, selection.catalogs);
  const matched = ({ path: file }) => loaded.some((catalog) => catalog.match(file, selection.project).length);
  return new Set(nameless.filter(matched).map(({ rel }) => rel));
}

// The candidates that some catalog entry's fileMatch names, added to `found`; byCatalog: those
// files (rel) ─▶ for one whose name says no format, the entries that matched it.
function catalogMatch(config, found, loaded, candidates) {
  const { base, catalogs } = config.catalogFiles;
  const byCatalog = new Map();
  for (const entry of candidates) {
    const entries = loaded.flatMap((catalog) => catalog.match(entry.path, base));
    if (!entries.length) continue;
    found.push(entry);
    // A fileMatch may name files of no data format (SchemaStore's JSONPatch names `*.patch`, which
    // git diffs are): such a file that is not what the entry expects is skipped (check-file.js).
    const guessed = formatOfName(entry.rel) === null && [...new Set(entries.map(({ name }) => `"${name}"`))];
    byCatalog.set(entry.rel, guessed && `catalog entr${guessed.length === 1 ? 'y' : 'ies'} ${guessed.join(', ')}`);
  }
  return { catalogs: new Map(catalogs.map((file, index) => [file, loaded[index]])), byCatalog };
}

// configs: the folders the walk reads, with whether each holds a config (simple-walk.js); everywhere:
// all of base is read, to find every config below it. A leading `./` names what the pattern without it names.
function glob(patterns, base, cwd, found, links, { configs = null } = {}) {
  const walked = patterns.map(stripDotSlash);
  const simple = areSimple(walked);
  const entries = simple
    ? walkSimple(walked, base, links.fs, require('picomatch'), configs && { ...configs, configName: CONFIG_NAME })
    : fastGlob(configs?.everywhere ? [...patterns, `**/${CONFIG_NAME}`] : patterns, base, links);
  addEntries(entries, base, cwd, found, links, configs, simple);
}

// A walk's entries (`{ path, dirent }`, paths relative to base), as found files; plain: they hold
// no `.`, `..` or empty segment (the walks of simple-walk.js).
function addEntries(entries, base, cwd, found, links, configs, plain) {
  const prefix = base === cwd ? '' : relativePosix(cwd, base);
  // Joining the prefix is exact only below cwd: from a subfolder, the config's files are `a.json`
  // (not `../sub/a.json`) and `../top.json`, as when named on the command line.
  const below = !prefix.startsWith('..');
  for (const { path: listed, dirent } of entries) {
    // Globs, rules' files and catalogs' fileMatch name files: a folder named like one (go-task's
    // `testdata/file_names/Taskfile.yml/`) is none. Other things that are not files (a pipe, a
    // socket, a link that leads nowhere) are kept: they fail, unread (check-file.js).
    if (dirent.isDirectory()) continue;
    // `./content/*.json` finds `./content/a.json`: the same file as `content/*.json` finds, so the same name.
    const entry = !plain && listed.includes('./') ? path.posix.normalize(listed) : listed;
    // The entries of a `../` pattern climb out of the base: normalised, so that a file is reported,
    // and checked once, under the one name it has when named on the command line.
    // An absolute pattern's entries are absolute already.
    const climbs = !plain && (entry.startsWith('../') || path.isAbsolute(entry));
    const file = climbs ? path.resolve(base, entry) : `${base}${path.sep}${entry}`;
    if (configs?.everywhere && path.basename(file) === CONFIG_NAME) {
      configs.listed.set(path.dirname(file), true); // a config found for the search, not a file to check
      continue;
    }
    const rel = climbs || !below ? relativePosix(cwd, file) : joinBelow(prefix, entry, plain);
    const refused = dirent.isSymbolicLink() ? links.refused.get(path.resolve(file)) : undefined;
    found.push({ rel, path: file, special: !dirent.isFile(), named: false, refused });
  }
}

// An entry's name below the working directory. A simple walk's entries are plain (no `.`, `..` or
// empty segment): joined as they are, not normalised by path.posix.join (~1 µs a file).
const joinBelow = (prefix, entry, plain) => {
  if (!prefix) return entry;
  return plain ? `${prefix}/${entry}` : path.posix.join(prefix, entry);
};

// Any pattern, with fast-glob (simple-walk.js finds the simple ones' entries the same way, faster,
// and with any character in a name).
function fastGlob(patterns, base, links) {
  return require('fast-glob').sync(patterns, {
    cwd: base,
    objectMode: true,
    fs: links.fs,
    // Pipes, sockets and broken links named like data files are returned too, so that they are
    // reported as failing instead of silently passed over (folders are left out by glob() above).
    onlyFiles: false,
    ignore: NEVER,
    dot: false,
    suppressErrors: true,
    unique: false,
  });
}

function add(found, cwd, file, special, named, refused) {
  // A named file behind a linked folder is a regular file, yet refused: special keeps it from being
  // taken for the file it is not (the cache's check by size and times).
  found.push({ rel: relativePosix(cwd, file), path: file, special: special || !!refused, named, refused });
}

// A file the rules' globs match is left out only by their own ignore: that is said, as it is no typo.
const whyNoRule = (ignoringRules) =>
  ignoringRules.length ? `ignored by ${ignoringRules.map((name) => `rule "${name}"`).join(', ')}` : 'matches no rule';

// file ─▶ the ids of the rules whose globs match it, each file made relative to each rules' base
// once; .ignoredBy(file): the names of the rules whose globs match it but whose ignore leaves it out.
// A rule is tried only on files under the literal folder its globs start with (`instances/a/*.json`:
// instances/a): a repository with a rule per schema (857 rules, 4,131 files) tried every rule on
// every file, most of a warm --cache run.
function rulesMatcher(rules) {
  const bases = [...new Set(rules.map((rule) => rule.base))];
  const tests = rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    at: bases.indexOf(rule.base),
    include: globMatcher(rule.files.map(stripDotSlash)),
    exclude: rule.ignore.length ? globMatcher(rule.ignore.map(stripDotSlash)) : () => false,
  }));
  // [base index][folder] ─▶ the indexes of the tests whose globs start there ('' for any file)
  const byFolder = bases.map(() => new Map());
  tests.forEach((test, index) => {
    const folders = new Set(rules[index].files.map((glob) => literalFolder(stripDotSlash(glob))));
    for (const folder of folders) {
      const at = byFolder[test.at];
      if (!at.has(folder)) at.set(folder, []);
      at.get(folder).push(index);
    }
  });
  const relsOf = (file) => bases.map((base) => relativePosix(base, file));
  const candidates = (rels) => {
    const found = new Set();
    // The file's own name too: `content/**` matches a file named content.
    byFolder.forEach((folders, at) => {
      for (let folder = rels[at]; ; ) {
        for (const index of folders.get(folder) ?? []) found.add(index);
        if (folder === '') break;
        const cut = folder.lastIndexOf('/');
        folder = cut === -1 ? '' : folder.slice(0, cut);
      }
    });
    return [...found].sort((a, b) => a - b); // the rules' order
  };
  const matcher = (file) => {
    const ids = [];
    if (!tests.length) return ids;
    // One rule (most configs, and the command line's): its globs alone decide; no folder index.
    if (tests.length === 1) {
      const [{ id, include, exclude }] = tests;
      const rel = relativePosix(bases[0], file);
      if (include(rel) && !exclude(rel)) ids.push(id);
      return ids;
    }
    const rels = relsOf(file);
    for (const index of candidates(rels)) {
      const { id, at, include, exclude } = tests[index];
      if (include(rels[at]) && !exclude(rels[at])) ids.push(id);
    }
    return ids;
  };
  matcher.ignoredBy = (file) => {
    const rels = relsOf(file);
    return tests.filter(({ at, include, exclude }) => include(rels[at]) && exclude(rels[at])).map(({ name }) => name);
  };
  return matcher;
}

// The folder a glob's matches are all under, as written (`content/*.json`: content; `../x/**`: ../x;
// `sub/a.json`: sub); '' for any: a negation, or a glob that starts with a pattern.
function literalFolder(glob) {
  if (glob.startsWith('!')) return '';
  const { base, isGlob } = require('picomatch').scan(glob);
  const folder = isGlob ? base : path.posix.dirname(base);
  return folder === '.' ? '' : folder.replace(/\/+$/, '');
}

function globalIgnore(ignores) {
  // A config or a command line that ignores nothing (most) costs its files nothing.
  const tests = ignores
    .filter(({ globs }) => globs.length)
    .map(({ base, globs }) => {
      // A folder left out whole (the cache's, the pulled schemas': load-config.js) is asked of every
      // file by its start: the others' paths relative to it all climb out (~3 µs each in path.relative).
      if (globs.length === 1 && globs[0] === '**') {
        const inside = base.endsWith(path.sep) ? base : `${base}${path.sep}`;
        return (file) => file.startsWith(inside);
      }
      const match = globMatcher(globs.map(stripDotSlash), { dot: true });
      return (file) => match(relativePosix(base, file));
    });
  return tests.length ? (file) => tests.some((test) => test(file)) : () => false;
}

const stripDotSlash = (glob) => glob.replace(/^\.\//, '');
const isInNodeModules = (file) => file.split(path.sep).includes('node_modules');
// fast-glob's NEVER is matched below the glob's base only: a directory argument inside node_modules
// (`node_modules/dep`) or a pattern starting with `../` gets past it; the reported path does not.
const reachesIntoNodeModules = (rel) => rel.includes('node_modules') && /(^|\/)node_modules(\/|$)/.test(rel);

// A folder named on the command line, or a link to one that the project's link policy follows.
function isFolder(file, stats, links) {
  if (stats.isDirectory()) return true;
  if (!stats.isSymbolicLink() || links.refusal(file)) return false;
  try {
    return fs.statSync(file).isDirectory();
  } catch {
    return false; // a broken link: the file that fails to be read
  }
}
