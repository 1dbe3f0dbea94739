// A local schema store: URL prefixes mapped to folders (--schema-store, config "schemaStore"), so
// that a catalog entry's url, a document's `$schema` URL and a schema's `$ref` to another host all
// name a file on disk, as a SchemaStore clone holds them. Nothing is read here, nor listed: a
// schema of the store is read only when a run reaches it.
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

// Hosts that serve the same files: SchemaStore's schemas are at https://json.schemastore.org/x.json
// and at https://www.schemastore.org/x.json, and its catalog and schemas use both spellings. A
// prefix on either host maps the other one too.
const MIRRORS = new Map([['www.schemastore.org', 'json.schemastore.org']]);
// SchemaStore's own sources on GitHub, which 16 of its catalog's entries name (pyproject.toml's,
// uv.toml's, hatch.toml's…) and some schemas $ref: the same files as its hosts serve. A URL under
// them that no prefix maps is looked up as the json.schemastore.org URL of the same file, so that a
// clone mapped once covers them (without it, each pyproject.toml was only parsed).
const SOURCE_PREFIXES = [
  'https://raw.githubusercontent.com/SchemaStore/schemastore/master/src/schemas/json/',
  'https://raw.githubusercontent.com/SchemaStore/schemastore/refs/heads/master/src/schemas/json/',
];

/**
 * @typedef {Array<[prefix: string, folder: string]>} SchemaStore the mappings, normalised (https,
 *   the canonical host of a mirror, a trailing `/`), the longest prefix first; plain data, so that
 *   it goes to the workers with the rules
 */

/**
 * @param {{ given?: string[], config?: Record<string, string> }} sources given: the command line's
 *   `<url-prefix>=<folder>` (folders relative to `cwd`); config: the config's (relative to `base`).
 *   A prefix given on both is the command line's.
 * @param {{ cwd: string, base: string }} bases
 * @returns {SchemaStore} a mapping that cannot be used is a UsageError
 */
export function parseSchemaStore({ given = [], config = {} }, { cwd, base }) {
  const mappings = new Map();
  const add = (prefix, folder, dir, what) => {
    const key = storeKey(prefix, true);
    if (!key)
      throw new UsageError(
        `${what}: "${prefix}" is not an http or https URL prefix (such as https://json.schemastore.org/)`,
      );
    if (typeof folder !== 'string' || !folder.trim()) throw new UsageError(`${what}: "${prefix}" needs a folder`);
    const absolute = path.resolve(dir, folder);
    let stats = null;
    try {
      stats = fs.statSync(absolute);
    } catch {
      // said below
    }
    if (!stats?.isDirectory())
      throw new UsageError(`${what}: ${absolute} is ${stats ? 'not a folder' : 'no such folder'}`);
    mappings.set(key, absolute);
  };
  for (const [prefix, folder] of Object.entries(config)) add(prefix, folder, base, 'schemaStore');
  for (const mapping of [given].flat()) {
    const at = mapping.indexOf('=');
    if (at < 1)
      throw new UsageError(
        `--schema-store takes <url-prefix>=<folder> (e.g. https://json.schemastore.org/=vendor/schemastore/src/schemas/json), not "${mapping}"`,
      );
    add(mapping.slice(0, at), mapping.slice(at + 1), cwd, '--schema-store');
  }
  return [...mappings].sort(([a], [b]) => b.length - a.length);
}

/**
 * @param {SchemaStore | undefined} store
 * @param {string} url an absolute URL (a fragment is left out)
 * @returns {string | null} the file the store has for it, whether or not it exists; null: no
 *   prefix maps it
 */
export function storeFileFor(store, url) {
  if (!store?.length) return null;
  const key = storeKey(url, false);
  if (!key) return null;
  const source = SOURCE_PREFIXES.find((prefix) => key.startsWith(prefix));
  const keys = source ? [key, `https://${SCHEMASTORE}/${key.slice(source.length)}`] : [key];
  for (const candidate of keys) {
    const file = fileUnder(store, candidate);
    if (file !== undefined) return file;
  }
  return null;
}

// The file of the longest prefix that maps `key`; null for a key that names no file under it;
// undefined when no prefix maps it.
function fileUnder(store, key) {
  for (const [prefix, folder] of store) {
    if (!key.startsWith(prefix)) continue;
    let parts;
    try {
      parts = key.slice(prefix.length).split('/').map(decodeURIComponent);
    } catch {
      return null; // a malformed %-escape names no file
    }
    if (
      !parts.length ||
      parts.some((part) => !part || part === '.' || part === '..' || part.includes('/') || part.includes('\\'))
    )
      return null;
    return path.join(folder, ...parts);
  }
  return undefined;
}

/** @returns {boolean} whether the mapping of the URL is one of filecheck.lock.json's (its third item, lockedStore) */
export function isPulled(store, url) {
  const key = store?.length ? storeKey(url, false) : null;
  return !!key && store.find(([prefix]) => key.startsWith(prefix))?.[2] === 'pulled';
}

/**
 * The files the store may hold a URL's schema in, in the order they are tried: the one storeFileFor
 * names, and for a SchemaStore URL without an extension the same name with `.json`. SchemaStore
 * serves each schema at both (`https://json.schemastore.org/tsconfig` is tsconfig.json), its own
 * schemas' $refs and many documents' `$schema` use the short one, and a clone holds only the other.
 * @param {SchemaStore | undefined} store
 * @param {string} url
 * @returns {string[]} none when no prefix maps the URL
 */
export function storeFilesFor(store, url) {
  const file = storeFileFor(store, url);
  if (!file) return [];
  const { hostname, pathname } = new URL(url);
  const name = pathname.slice(pathname.lastIndexOf('/') + 1);
  const short = (MIRRORS.get(hostname) ?? hostname) === SCHEMASTORE && name && !name.includes('.');
  return short ? [file, `${file}.json`] : [file];
}

const SCHEMASTORE = 'json.schemastore.org';

/** @returns {string | null} the first of the store's files for the URL that exists */
export function existingStoreFile(store, url) {
  return storeFilesFor(store, url).find(isFile) ?? null;
}

function isFile(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Where a pulled store (`filecheck schemas pull`) keeps a URL's schema: under `<host>/<path>`, the
 * mirror's canonical host, so that one mapping per host (pulledMapping) names every file of it.
 * @param {string} url
 * @param {string} folder the store's folder
 * @returns {{ key: string, mapping: [string, string], file: string } | null} key: the URL as the
 *   lock names it (https, canonical host, no fragment); null: a URL no file can hold (a query, no path)
 */
export function pulledStoreFile(url, folder) {
  const key = storeKey(url, false);
  if (!key) return null;
  const mapping = pulledMapping(new URL(key).host, folder);
  const file = storeFileFor([mapping], key);
  return file && { key, mapping, file };
}

/** @returns {[string, string]} the store's mapping of one host (`:` of a port spelt `_`, a file name anywhere) */
export const pulledMapping = (host, folder) => [`https://${host}/`, path.join(folder, host.replace(':', '_'))];

/** @returns {string | null} a URL as the store looks it up (https, the canonical host, no fragment); null: one no file can hold (a query) */
export const storeUrlKey = (url) => storeKey(url, false);

// https, the mirror's canonical host, no query or fragment; a prefix ends with `/`.
function storeKey(url, prefix) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  if (parsed.search || (prefix && parsed.hash)) return null;
  parsed.protocol = 'https:';
  parsed.hash = '';
  parsed.hostname = MIRRORS.get(parsed.hostname) ?? parsed.hostname;
  const href = parsed.href;
  return prefix && !href.endsWith('/') ? `${href}/` : href;
}
