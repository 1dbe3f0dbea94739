// filecheck.lock.json: the schemas `filecheck schemas pull` downloaded, each URL with its file in
// the project's store, its SHA-256, size, final URL and when it was fetched. A run reads the store
// through it (load-config.js) and fetches nothing; pull.js writes it, last (and only pull.js
// loads the writing of files).
import path from 'node:path';
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { relativePosix } from '../../shared/paths.js';
import { pulledMapping, pulledStoreFile } from '../../validators/json-schema/schema-store.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

export const LOCK_NAME = 'filecheck.lock.json';
export const STORE_FOLDER = '.filecheck/schemas';
/** SchemaStore's catalog, named by `--catalog schemastore`. */
export const SCHEMASTORE_CATALOG = 'https://www.schemastore.org/api/json/catalog.json';

/**
 * @typedef {{ file: string, sha256: string, size: number, resolved: string, fetchedAt: string }} LockEntry
 *   file: its path in the project (forward slashes), relative to the lock's folder
 * @typedef {{ path: string, root: string, schemas: Record<string, LockEntry> }} Lock
 */

/** @returns {Lock | null} the project's lock (root: the config's folder, else cwd); a broken one is a UsageError */
export function readLock(root) {
  const file = path.join(root, LOCK_NAME);
  const text = readOrExplain(file, file, { optional: true });
  if (text === null) return null;
  let data;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON (${error.message}); run filecheck schemas pull --update`);
  }
  const schemas = data?.schemas;
  const bad =
    data?.lockfileVersion !== 1
      ? `lockfileVersion ${JSON.stringify(data?.lockfileVersion)} is not 1`
      : typeof schemas !== 'object' || schemas === null || Array.isArray(schemas)
        ? 'it has no "schemas" object'
        : Object.entries(schemas).find(([, entry]) => !isEntry(entry))?.[0];
  if (bad) throw new UsageError(`${file}: ${bad.includes(' ') ? bad : `the entry of ${bad} is incomplete`}`);
  return { path: file, root, schemas };
}

const isEntry = (entry) =>
  typeof entry?.file === 'string' &&
  !path.isAbsolute(entry.file) &&
  !entry.file.split('/').includes('..') &&
  /^[0-9a-f]{64}$/.test(entry.sha256) &&
  Number.isInteger(entry.size);

/**
 * The store a run reads through the lock: one --schema-store mapping per host of the lock's files,
 * and one of every other URL, to where a pull would put it (nothing is there).
 * Every locked file that is there is checked against its hash, once a run, before any check: a
 * file changed since the pull is a UsageError naming it. A locked file that is missing is no
 * error here: the files it validates are only parsed, with the hint to pull.
 * @param {Lock} lock
 * @param {string} storeFolder absolute
 * @returns {Array<[string, string, 'pulled']>} pulled: a schema missing there is to be pulled (schema-store.js isPulled)
 */
export function lockedStore(lock, storeFolder) {
  const hosts = new Set();
  for (const [url, entry] of Object.entries(lock.schemas)) {
    const file = path.join(lock.root, entry.file);
    // A run finds a URL's file by the store's layout, so a lock naming another file is refused.
    const expected = pulledStoreFile(url, storeFolder);
    if (expected?.key !== url || expected.file !== file)
      throw new UsageError(
        `${lock.path}: the entry of ${url} is not where the store keeps it${expected ? ` (${relativePosix(lock.root, expected.file)})` : ''}: run filecheck schemas pull --update`,
      );
    hosts.add(new URL(url).host);
    let bytes;
    try {
      bytes = fs.readFileSync(file);
    } catch {
      continue;
    }
    if (require('../../shared/sha256.js').sha256(bytes, 'hex') !== entry.sha256)
      throw new UsageError(
        `${entry.file} differs from ${LOCK_NAME} (the sha256 of ${url}): restore it, or run filecheck schemas pull --update`,
      );
  }
  // Last, every other URL: a schema on a host the lock has none of is one a pull would bring too.
  return [
    ...[...hosts].map((host) => [...pulledMapping(host, storeFolder), 'pulled']),
    ['https://', storeFolder, 'pulled'],
  ];
}
