// A local schema catalog in SchemaStore's format (`{ "schemas": [{ "name", "url", "fileMatch",
// "versions" }] }`), read offline: each entry's `url` is mapped to a file on disk, and its
// `fileMatch` globs say which files it applies to, as VS Code reads them.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { describeSyntaxError } from '../../formats/json-positions.js';
import { relativePosix } from '../../shared/paths.js';
import { keysWrittenTwice } from '../../formats/json.js';
import { anySchemeUrlKey } from './url-key.js';
import { splitFragment } from './schema-fragment.js';
import { simpleGlobRegex } from './simple-glob.js';
import { globMatcher } from '../../shared/glob.js';
import { pulledStoreFile, storeUrlKey } from './schema-store.js';

/**
 * @typedef {{ name: string, url: string, local: string | null, namesake: string | null, catalog: string, index: number }} CatalogEntry
 *   local: where its schema is expected on disk (null: its url cannot name a local file, a `urn:`);
 *   namesake: a remote url's file name, whose file beside the catalog may hold it too (localCopies);
 *   index: its place in the catalog
 * @typedef {{ file: string, match(file: string, base: string): CatalogEntry[], byUrl(url: string): CatalogEntry | undefined,
 *   fileMatchOf(entry: CatalogEntry, file: string, base: string): string | null, urlsNamed(name: string): Set<string>,
 *   twice: string[], dotFolders: string[] }} Catalog
 *   match: the entries whose fileMatch matches a file (absolute), in the catalog's order, its path
 *   taken relative to `base`; fileMatchOf: the glob of an entry's fileMatch that matches the file, as
 *   written (asked of a file that fails against the entry's schema: chosen-schemas.js); urlsNamed: the
 *   remote urls of its entries and their versions whose file name is that (storeUrlKey: each URL once,
 *   however spelt); byUrl: the entry (or version of an entry)
 *   whose url names the same file, fragments left out (`ansible.json#/$defs/tasks`: schema-fragment.js); twice: a note
 *   for each key written twice in one of its objects (read as JSON.parse reads it: the last value);
 *   dotFolders: the names of folders starting with a dot that an include glob names literally
 *   (`.github` of `.github/workflows/*.yml`), which discovery by catalog enters (discover.js)
 * @param {string} file absolute path of the catalog
 * @param {(file: string) => string} [display] names it in messages, as schemas are named
 * @returns {Catalog} a catalog that cannot be used is a UsageError
 */
export function loadCatalog(file, display = (name) => name) {
  const shown = display(file);
  let text = readOrExplain(file, `catalog ${shown}`);
  let data;
  try {
    text = text.replace(/^\uFEFF/, '');
    data = JSON.parse(text);
  } catch (error) {
    const { message, line, column } = describeSyntaxError(text, error);
    throw new UsageError(`catalog ${shown}:${line}:${column} is not valid JSON: ${message}`);
  }
  if (!isObject(data) || !Array.isArray(data.schemas))
    throw new UsageError(`catalog ${shown} is not a schema catalog: it has no "schemas" list`);
  const dir = path.dirname(file);
  const { schemas } = data;
  // SchemaStore's 1,400 entries are indexed on every run, by code not compiled yet: the pass below
  // only sorts each entry's globs by how a path is looked up. An entry's CatalogEntry, and a glob's
  // regex, are made when a path gets that far (a run uses a few entries).
  const byName = new Map(); // a plain file name ─▶ the entries (indexes) it alone selects
  const byTail = new Map(); // the literal end of an include glob ─▶ the entries it is in, globbed
  const anyTail = []; // the entries with an include glob that has no literal end (`config/*`)
  for (let index = 0; index < schemas.length; index++) {
    const entry = schemas[index];
    if (!isObject(entry) || typeof entry.url !== 'string' || !entry.url.trim())
      throw new UsageError(`catalog ${shown}: schemas[${index}] has no "url"`);
    const fileMatch = entry.fileMatch ?? [];
    if (!Array.isArray(fileMatch))
      throw new UsageError(`catalog ${shown}: schemas[${index}]: "fileMatch" must be a list of globs`);
    let allNames = true;
    for (const glob of fileMatch) {
      if (typeof glob !== 'string')
        throw new UsageError(`catalog ${shown}: schemas[${index}]: "fileMatch" must be a list of globs`);
      if (allNames && !isName(glob)) allNames = false;
    }
    if (allNames) {
      for (const name of fileMatch) addTo(byName, name, index);
      continue;
    }
    let inAnyTail = false;
    for (const glob of fileMatch) {
      if (glob.charCodeAt(0) === 33) continue; // an exclusion only undoes a match
      const tail = literalEnd(glob);
      if (tail) addTo(byTail, tail, index);
      else if (!inAnyTail) {
        anyTail.push(index);
        inAnyTail = true;
      }
    }
  }
  const found = []; // index ─▶ its CatalogEntry, when made
  const entryAt = (index) =>
    (found[index] ??= new Entry(
      typeof schemas[index].name === 'string' && schemas[index].name ? schemas[index].name : schemas[index].url,
      schemas[index].url,
      file,
      index,
      dir,
    ));
  const globs = []; // index ─▶ its compiled globs, when first matched
  const compile = compileGlob();
  const globsAt = (index) => (globs[index] ??= (schemas[index].fileMatch ?? []).map(compile).filter(Boolean));
  let urls; // a URL (anySchemeUrlKey, no fragment) ─▶ the first entry (or version of an entry) with that url, made when first asked
  const urlsOf = () => {
    if (urls) return urls;
    urls = new Map();
    schemas.forEach((entry, index) => {
      const versions = isObject(entry.versions)
        ? Object.values(entry.versions).filter((url) => typeof url === 'string')
        : [];
      for (const url of [entry.url, ...versions]) {
        const key = anySchemeUrlKey(splitFragment(url).base);
        if (!key || urls.has(key)) continue;
        const own = entryAt(index);
        urls.set(key, url === entry.url ? own : new Entry(own.name, url, file, index, dir));
      }
    });
    return urls;
  };
  let named; // a remote url's file name ─▶ the urls of that name, as written, indexed when first asked
  const urlsNamed = (name) => {
    if (!named) {
      named = new Map();
      for (const entry of schemas) {
        const versions = isObject(entry.versions) ? Object.values(entry.versions) : [];
        for (const url of [entry.url, ...versions]) {
          const found = typeof url === 'string' && remoteName(url);
          if (found) addTo(named, found, url);
        }
      }
    }
    return new Set((named.get(name) ?? []).map(storeUrlKey).filter(Boolean));
  };
  // The globbed entries that may match a file: those with an include glob whose literal end the
  // path ends with, found by lookups (one per length of such ends), or with one without a literal end.
  const lengths = [...new Set([...byTail.keys()].map((tail) => tail.length))];
  const candidates = (rel) => {
    const indexes = new Set(anyTail);
    for (const length of lengths) for (const index of byTail.get(rel.slice(-length)) ?? []) indexes.add(index);
    return indexes;
  };
  return {
    file,
    twice: keysWrittenTwice(text, data).map(
      ({ message, line, column }) => `catalog ${shown}:${line}:${column}: ${message}`,
    ),
    // Asked by discovery alone (discover.js), so worked out then.
    get dotFolders() {
      const folders = new Set();
      for (const { fileMatch } of schemas) {
        for (const glob of Array.isArray(fileMatch) ? fileMatch : []) {
          if (glob.charCodeAt(0) === 33 || !(glob.charCodeAt(0) === 46 || glob.includes('/.'))) continue; // no folder starts with a dot
          for (const folder of glob.split('/').slice(0, -1))
            if (/^\.[^/\\*?[\]{}()!+@|]+$/.test(folder) && folder !== '..') folders.add(folder);
        }
      }
      return [...folders];
    },
    match(target, base) {
      const rel = relativeTo(base, target);
      const name = rel.slice(rel.lastIndexOf('/') + 1);
      const matched = [...(byName.get(name) ?? [])];
      for (const index of candidates(rel)) if (matchedBy(globsAt(index), rel)) matched.push(index);
      return matched.sort((a, b) => a - b).map(entryAt);
    },
    fileMatchOf({ index }, target, base) {
      const rel = relativeTo(base, target);
      const name = rel.slice(rel.lastIndexOf('/') + 1);
      if (byName.get(name)?.includes(index)) return name;
      return matchedBy(globsAt(index), rel)?.written ?? null;
    },
    byUrl: (url) => urlsOf().get(anySchemeUrlKey(splitFragment(url).base)),
    urlsNamed,
  };
}

/**
 * The files that may hold a catalog entry's schema, in the order they are tried. A remote url's is
 * `<host>/<path>` beside the catalog, as `filecheck schemas pull` lays out its store (schema-store.js);
 * then the file of its name beside the catalog, a mirror of SchemaStore downloaded into one folder
 * (its own urls, `https://json.schemastore.org/<name>.json`, differ by name), but only when no other
 * url of the catalogs in that folder has that name: SchemaStore's catalog has some 80 urls that end in
 * `schema.json` (Biome's, Turborepo's, Knip's…), and one file cannot be all of their schemas.
 * @param {CatalogEntry} entry
 * @param {Catalog[]} catalogs the catalogs read with the entry's (a rule's)
 * @returns {{ files: string[], ambiguous?: number, namesake?: string }} ambiguous: how many urls have
 *   the name of the file `namesake`, which is not one of the files
 */
export function localCopies(entry, catalogs) {
  const files = entry.local ? [entry.local] : [];
  if (!entry.namesake) return { files };
  const dir = path.dirname(entry.catalog);
  const namesake = path.join(dir, entry.namesake);
  const urls = new Set();
  for (const catalog of catalogs)
    if (path.dirname(catalog.file) === dir) for (const url of catalog.urlsNamed(entry.namesake)) urls.add(url);
  return urls.size > 1 ? { files, ambiguous: urls.size, namesake } : { files: [...files, namesake] };
}

// A file's path as fileMatch globs are matched against it: relative to the base, else absolute.
function relativeTo(base, target) {
  const relative = relativePosix(base, target);
  return relative.startsWith('../') ? target.split(path.sep).join('/') : relative;
}

// A catalog entry; where its schema is on disk is worked out when a file chooses it: a run uses a
// few of SchemaStore's 1,400 entries.
class Entry {
  #dir;
  #local;
  constructor(name, url, catalog, index, dir) {
    this.name = name;
    this.url = url;
    this.catalog = catalog;
    this.index = index;
    this.#dir = dir;
  }

  get local() {
    if (this.#local === undefined) this.#local = localCopy(this.url, this.#dir);
    return this.#local;
  }

  get namesake() {
    return remoteName(this.url);
  }
}

// A glob that is a plain file name (most of SchemaStore's), looked up by name, not matched.
const isName = (glob) => glob !== '' && !/[/\\*?[\]{}()!+@]/.test(glob);

// The literal end of an include glob, which a path it matches ends with ('' for none, as when it
// is escaped). It holds no slash, so a leading `/` (dropped when the glob is read) is not in it.
const literalEnd = (glob) => (glob.includes('\\') ? '' : TAIL.exec(glob)[0]);
const TAIL = /[^*?\]})/]*$/;

// VS Code's reading of fileMatch: a leading `/` is dropped and every glob matches the end of the
// path (`**/` before it), so a plain name matches that name in any folder; a `!` glob excludes.
function compileGlob() {
  // picomatch is loaded when a path first gets as far as the regex of a glob that is not simple.
  const globRegex = (glob) => {
    const simple = simpleGlobRegex(glob);
    if (simple) return (rel) => simple.test(rel);
    return globMatcher(glob, { dot: true });
  };
  return (glob) => {
    const include = glob.charCodeAt(0) !== 33; // !
    let pattern = include ? glob : glob.slice(1);
    if (pattern.charCodeAt(0) === 47) pattern = pattern.replace(/^\/+/, '');
    if (!pattern) return null;
    if (include && isName(pattern)) return { include, name: pattern, written: glob };
    // Cheap tests before the regex, which is compiled only when a path passes them: the literal
    // end of the glob, which the path must end with, and the literal text between its wildcards,
    // which the path must hold (`.github/workflows/*.yml`: a hundred of SchemaStore's globs end in
    // `.yml`, two hold `.github/workflows`).
    const escaped = pattern.includes('\\');
    const tail = literalEnd(pattern);
    let literals;
    let regex;
    const test = (rel) =>
      (literals ??= escaped ? [] : literalRuns(pattern)).every((literal) => rel.includes(literal)) &&
      (regex ??= globRegex(`**/${pattern}`))(rel);
    return { include, tail, test, written: glob };
  };
}

// The runs of literal text of a glob outside its groups ({a,b} [ab] (a|b)) and wildcards, each
// without the slashes at its ends (`**/` may match no folder at all): text every match contains.
function literalRuns(pattern) {
  const runs = [];
  let run = '';
  let depth = 0;
  const end = () => {
    const trimmed = run.replace(/^\/+|\/+$/g, '');
    if (trimmed) runs.push(trimmed);
    run = '';
  };
  for (const char of pattern) {
    if (char === '{' || char === '[' || char === '(') depth++;
    if (depth === 0 && !'*?!+@'.includes(char)) {
      run += char;
      continue;
    }
    end();
    if ((char === '}' || char === ']' || char === ')') && depth > 0) depth--;
  }
  end();
  return runs;
}

// The last glob that matches decides, as in VS Code: `["*.json", "!package.json"]`. An exclusion
// can only undo a match, so it is not even tried before one. Returns the include glob that matched
// (null: none, or an exclusion undid it).
function matchedBy(globs, rel) {
  let matched = null;
  for (const glob of globs) {
    if (glob.include === !!matched) continue;
    const hit =
      glob.name !== undefined
        ? rel === glob.name || rel.endsWith(`/${glob.name}`)
        : rel.endsWith(glob.tail) && glob.test(rel);
    if (hit) matched = glob.include ? glob : null;
  }
  return matched;
}

// Where an entry's schema is on disk: a relative url is a path from the catalog's folder, a file:
// url that file, and a remote one (SchemaStore's `https://json.schemastore.org/package.json`)
// `<host>/<path>` beside the catalog (`json.schemastore.org/package.json`).
function localCopy(url, dir) {
  try {
    if (/^[a-zA-Z]:[\\/]/.test(url)) return url; // a Windows path, not a URL with scheme "c:"
    const parsed = new URL(url, pathToFileURL(`${dir}${path.sep}`));
    if (parsed.protocol === 'file:') return fileURLToPath(new URL(parsed.pathname, parsed));
    return pulledStoreFile(parsed.href, dir)?.file ?? null;
  } catch {
    return null;
  }
}

// The file name of an http(s) url (`https://turbo.build/schema.json`: `schema.json`), null for none.
function remoteName(url) {
  if (!/^https?:\/\//i.test(url)) return null;
  const { pathname } = URL.parse(url) ?? {};
  let name;
  try {
    name = decodeURIComponent(pathname?.slice(pathname.lastIndexOf('/') + 1) ?? '');
  } catch {
    return null; // a malformed %-escape names no file
  }
  return name && !name.includes('/') && !name.includes('\\') && name !== '.' && name !== '..' ? name : null;
}

// An entry is listed once under a key, however many of its globs give that key.
function addTo(map, key, entry) {
  const list = map.get(key) ?? map.set(key, []).get(key);
  if (list.at(-1) !== entry) list.push(entry);
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
