// `filecheck schemas pull`: the schemas this project's files need, downloaded into the store and
// locked. What a run would choose: the config's schema URLs and catalogs, each file's catalog
// entries (fileMatch) and `$schema` (where its rule reads it), and every $ref of theirs, on any
// host. A schema locked and in the store with its hash is not downloaded again. The schemas are
// written once every download has ended, each whole (atomic-write.js), the lock last: a pull
// interrupted while it downloads (Ctrl-C, a lost connection) leaves the old store and lock as they
// were. Catalogs are written as they arrive, as discovery reads them from the store.
import path from 'node:path';
import { createRequire } from 'node:module';
import { discover } from '../files/discover.js';
import { loadParsers, parserNamed } from '../../formats/index.js';
import { writeFileAtomic } from '../../shared/atomic-write.js';
import { relativePosix } from '../../shared/paths.js';
import { rulesOf } from '../../shared/rules.js';
import { sha256 } from '../../shared/sha256.js';
import { UsageError } from '../../shared/errors.js';
import { existingStoreFile, pulledStoreFile } from '../../validators/json-schema/schema-store.js';
import { documentSchemaRef } from '../../validators/json-schema/document-schema-ref.js';
import { fetchedSchemaRefs } from '../../validators/json-schema/schema-closure.js';
import { metaSchemaResource } from '../../validators/json-schema/schema-resources.js';
import { LOCK_NAME } from './lock-file.js';
import { FetchError } from './http-client.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const isHttp = (url) => typeof url === 'string' && /^https?:\/\//i.test(url);

/**
 * @typedef {{ fetched: number, bytes: number, already: number, removed?: number, failures: string[], faults: string[],
 *   storeFolder: string }} PullOutcome
 *   failures: a schema that could not be downloaded, one line each (exit 1); faults: --frozen's
 *   disagreements of the lock, the store and the files (exit 2); removed: the store's files the new
 *   lock does not name, deleted; storeFolder: as shown, from cwd
 * @param {import('../config/load-config.js').Config & { remote: import('./remote-schemas.js').RemoteSchemas }} config
 *   loaded with `pulling`
 * @param {{ client: { getSchema(url: string): Promise<{ finalUrl: string, bytes: Buffer }> }, frozen?: boolean,
 *   update?: boolean, progress?(done: number, total: number): void, signal?: AbortSignal }} how
 *   signal: aborted (Ctrl-C), the pull writes nothing more and says `interrupted`
 * @returns {Promise<PullOutcome>}
 */
export async function pullSchemas(config, { client, frozen = false, update = false, progress = () => {}, signal }) {
  const { root, storeFolder, lock, wanted } = config.remote;
  const old = lock?.schemas ?? {};
  const locked = {}; // the new lock's entries
  const outcome = { fetched: 0, bytes: 0, already: 0, failures: [], faults: [] };
  const tasks = [];
  const started = new Set();
  const writes = []; // [file, bytes] of the schemas downloaded, written at the end
  let done = 0;

  // One URL: from the store when its lock entry holds, else downloaded (not with --frozen).
  async function get(url, { key, file }, now) {
    const rel = relativePosix(root, file);
    const entry = old[key];
    const bytes = entry?.file === rel && !update ? readOrNull(file) : null;
    if (bytes && sha256(bytes, 'hex') === entry.sha256) {
      locked[key] = entry;
      outcome.already++;
      return bytes;
    }
    if (frozen) {
      outcome.faults.push(
        entry
          ? disagreement(rel, key, bytes ?? readOrNull(file))
          : `${url} is not in ${LOCK_NAME}: run filecheck schemas pull, and commit the lock`,
      );
      return null;
    }
    let got;
    try {
      got = await client.getSchema(url);
    } catch (error) {
      if (signal?.aborted) return null; // the client dropped it: the pull writes nothing
      if (!(error instanceof FetchError)) throw error;
      outcome.failures.push(`cannot pull ${error.message}`);
      if (entry) locked[key] = entry; // the lock keeps what the store still has
      return null;
    }
    if (now) write(file, got.bytes, root);
    else writes.push([file, got.bytes]);
    locked[key] = {
      file: rel,
      sha256: sha256(got.bytes, 'hex'),
      size: got.bytes.length,
      resolved: got.finalUrl,
      fetchedAt: new Date().toISOString(),
    };
    outcome.fetched++;
    outcome.bytes += got.bytes.length;
    return got.bytes;
  }

  // Starts a URL once (by its lock key), and the $refs of a schema in turn; `tasks` grows as they
  // are found, so that a cycle of $refs waits for nothing.
  const obtain = (url, walk = true) => {
    if (!isHttp(url) || metaSchemaResource(url)) return;
    const found = pulledStoreFile(url, storeFolder);
    if (!found) {
      outcome.failures.push(`cannot pull ${url}: a URL with a query or without a path cannot be stored`);
      return;
    }
    if (started.has(found.key)) return;
    started.add(found.key);
    const task = get(url, found, !walk).then((bytes) => {
      progress(++done, started.size);
      if (!bytes || !walk) return;
      let raw;
      try {
        raw = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        return; // a run says so, naming the file
      }
      for (const ref of fetchedSchemaRefs(raw, url)) obtain(ref);
    });
    // The first error is thrown once every task has settled: none is left to reject unheard.
    tasks.push(
      task.catch((error) => {
        stopped ??= error;
      }),
    );
  };
  let stopped;
  const settle = async () => {
    for (let i = 0; i < tasks.length; i++) await tasks[i];
    if (stopped) throw stopped;
  };

  // The config's own URLs first: its catalogs must be in the store before discovery reads them.
  for (const { url, catalog } of wanted.values()) obtain(url, !catalog);
  await settle();
  const catalogsMissing = [...wanted.values()].some(({ catalog, file }) => catalog && !readOrNull(file));
  if (!catalogsMissing) {
    for (const url of neededUrls(config)) obtain(url);
    await settle();
  }
  // --frozen: the lock's other entries must be in the store as locked too.
  if (frozen)
    for (const [key, entry] of Object.entries(old))
      if (!started.has(key)) {
        const bytes = readOrNull(path.join(root, entry.file));
        if (!bytes || sha256(bytes, 'hex') !== entry.sha256) outcome.faults.push(disagreement(entry.file, key, bytes));
      }
  if (signal?.aborted)
    return { ...outcome, interrupted: true, storeFolder: relativePosix(config.cwd, storeFolder) || '.' };
  if (!frozen) {
    for (const [file, bytes] of writes) write(file, bytes, root);
    writeLock(root, locked);
    outcome.removed = pruneStore(
      storeFolder,
      new Set(Object.values(locked).map((entry) => path.join(root, entry.file))),
    );
  }
  return { ...outcome, storeFolder: relativePosix(config.cwd, storeFolder) || '.' };
}

function write(file, bytes, root) {
  try {
    writeFileAtomic(file, bytes);
  } catch (error) {
    throw new UsageError(`cannot write ${relativePosix(root, file)}: ${error.code ?? error.message}`);
  }
}

// The schema URLs the project's files choose, as a run would: each file's catalog entries
// (fileMatch), and the `$schema` it names where its rule reads it. A local copy (--schema-store, a
// file beside the catalog) is not pulled.
function neededUrls(config) {
  // Discovery has read the catalogs that chose files (a run without patterns): not read again here.
  const { files, catalogs: read } = discover({ ...config, passWithNoFiles: true });
  const rules = new Map(rulesOf(config).map((rule) => [rule.id, rule]));
  const { loadCatalog } = require('../../validators/json-schema/catalog.js');
  const catalogs = new Map(read ?? []);
  const catalog = (file) => catalogs.get(file) ?? catalogs.set(file, loadCatalog(file)).get(file);
  const urls = new Set();
  const add = (url, store) => {
    if (isHttp(url) && !existingStoreFile(store, url)) urls.add(url);
  };
  for (const entry of files) {
    if (entry.refused) continue;
    const selections = entry.rules.map((id) => rules.get(id).selection).filter(Boolean);
    for (const { catalogs: named, project, store } of selections)
      for (const file of named) for (const found of catalog(file).match(entry.path, project)) add(found.url, store);
    for (const { catalogs: named, store } of selections.filter((selection) => selection.document)) {
      for (const ref of documentRefs(entry)) {
        const inCatalog = named.map((file) => catalog(file).byUrl(ref)).find(Boolean);
        add(inCatalog?.url ?? ref, store);
      }
    }
  }
  return urls;
}

// The `$schema` URLs of a file's documents; a file that cannot be read or parsed names none (its run says why).
function documentRefs(entry) {
  try {
    const text = fs.readFileSync(entry.path, 'utf8');
    loadParsers([entry]);
    return parserNamed(entry.parser ?? 'json')
      .parse(text, entry)
      .filter((document) => !document.problems)
      .map(({ value, parser = entry.parser, range, comments }) =>
        documentSchemaRef(value, { text, parser, range, comments }),
      )
      .map((found) => found?.ref)
      .filter(isHttp);
  } catch {
    return [];
  }
}

/** Written whole (atomic-write.js), keys sorted, one line per field: a pull's diff is its changes. */
function writeLock(root, schemas) {
  const sorted = Object.fromEntries(
    Object.keys(schemas)
      .sort()
      .map((url) => {
        const { file, sha256, size, resolved, fetchedAt } = schemas[url];
        return [url, { file, fetchedAt, resolved, sha256, size }];
      }),
  );
  writeFileAtomic(path.join(root, LOCK_NAME), `${JSON.stringify({ lockfileVersion: 1, schemas: sorted }, null, 2)}\n`);
}

// --frozen's word on a locked file the store does not hold as locked (bytes: what it holds, if anything).
const disagreement = (rel, key, bytes) =>
  bytes
    ? `${rel} differs from ${LOCK_NAME} (the sha256 of ${key})`
    : `${rel} is missing from the store (${key} is locked)`;

// After the lock is written: the store's files it no longer names (a schema the files stopped
// using, a temporary file of a pull that was stopped), and the folders left empty.
function pruneStore(folder, kept) {
  let removed = 0;
  const walk = (dir) => {
    let entries;
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const at = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(at);
        if (!fs.readdirSync(at).length) fs.rmdirSync(at);
      } else if (!kept.has(at)) {
        fs.rmSync(at, { force: true });
        removed++;
      }
    }
  };
  walk(folder);
  return removed;
}

function readOrNull(file) {
  try {
    return fs.readFileSync(file);
  } catch {
    return null;
  }
}

/** @returns {string} `340 KB` */
export const shownSize = (bytes) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
