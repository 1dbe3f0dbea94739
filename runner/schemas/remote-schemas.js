// Schemas a config names by URL (--catalog, --schema, --ref, a rule's schema and refs), read from
// the project's store through filecheck.lock.json: a run never fetches. For `filecheck schemas
// pull`, the same names are where the pull is to put them, and the URLs it starts from.
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { lstatOrNull } from '../../shared/paths.js';
import { pulledStoreFile } from '../../validators/json-schema/schema-store.js';
import { LOCK_NAME, STORE_FOLDER, lockedStore, readLock } from './lock-file.js';

/**
 * @typedef {{ root: string, storeFolder: string, lock: import('./lock-file.js').Lock | null,
 *   store: Array<[string, string]>, wanted: Map<string, { url: string, what: string, file: string, catalog: boolean }>,
 *   isRemote(file: string): boolean, fileFor(url: string, what: string): string }} RemoteSchemas
 *   store: the lock's mappings (none when pulling); wanted: the URLs given (pulling), by lock key
 *   (catalog: given as --catalog or the config's "catalog", whose $refs are not followed);
 *   fileFor: the store's file for a URL, a UsageError when a run has none
 * @param {{ root: string, pulling?: boolean }} where root: the lock's folder (the config's, else cwd)
 * @returns {RemoteSchemas}
 */
export function remoteSchemas({ root, pulling = false }) {
  const storeFolder = path.join(root, STORE_FOLDER);
  const lock = readLock(root);
  const wanted = new Map();
  const files = new Set();
  return {
    root,
    storeFolder,
    lock,
    store: lock && !pulling ? lockedStore(lock, storeFolder) : [],
    wanted,
    isRemote: (file) => files.has(file),
    fileFor(url, what) {
      const found = pulledStoreFile(url, storeFolder);
      if (!found) throw new UsageError(`${what} "${url}": a URL with a query or without a path cannot be stored`);
      files.add(found.file);
      if (pulling) {
        const catalog = what === '--catalog' || what === 'catalog';
        if (!wanted.has(found.key)) wanted.set(found.key, { url, what, file: found.file, catalog });
        return found.file;
      }
      if (!lock?.schemas[found.key])
        throw new UsageError(
          `${what} "${url}" is a URL: filecheck fetches no schema during a run; run filecheck schemas pull to download it into ${STORE_FOLDER}/ and lock it in ${LOCK_NAME}`,
        );
      if (!lstatOrNull(found.file))
        throw new UsageError(
          `${what} "${url}" is locked, but ${path.relative(root, found.file)} is missing: run filecheck schemas pull`,
        );
      return found.file;
    },
  };
}
