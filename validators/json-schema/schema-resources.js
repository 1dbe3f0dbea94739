// The schemas a compilation may draw on, each read once: files (the root, files its $refs name,
// preloaded refs) and the meta-schemas ajv ships, with the dialect and the ids of each.
import path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { dialectOf, META_SCHEMAS, withKnownMetaSchema } from './ajv-instance.js';
import { readSchema, readSchemaFile, idOf } from './schema-files.js';
import { urlKey } from './url-key.js';
import { isSchema, walkSchema } from './schema-walk.js';
import { storeFilesFor } from './schema-store.js';

const require = createRequire(import.meta.url);
const { isDeepStrictEqual } = require('node:util');
const fs = require('node:fs');

/**
 * @typedef {{ key: string, file: string | null, raw: Record<string, any>, dialect: string | null,
 *   unknown: string | null, customMeta?: string, id: string, ids: Set<string> }} SchemaResource
 *   key: the file's absolute path, or `meta:` and a meta-schema's id; raw: as read, `$schema` spelt
 *   as ajv knows it; dialect: its `$schema`'s (draft-07 for an unknown one), null without one (it
 *   is then read in the root schema's); unknown: a `$schema` filecheck does not know; customMeta:
 *   such a `$schema`, a custom meta-schema's, once read in its dialect (inMetaDialect); id: its
 *   absolute id (idOf); ids: its own and those of the resources embedded in it, as urlKey keys;
 *   twice: a note for each key its file has twice in one object (schema-files.js)
 */

/** @returns {SchemaResource} the schema file, read; one that cannot be read is a UsageError */
export function readResource(file, display) {
  const absolute = path.resolve(file);
  const { schema, twice } = readSchemaFile(absolute, display);
  return { ...resourceOf(schema, absolute, absolute), twice };
}

/** @returns {SchemaResource} readResource's, without looking for keys written twice (for its ids and $refs alone) */
export function peekResource(file) {
  const absolute = path.resolve(file);
  return resourceOf(readSchema(absolute), absolute, absolute);
}

function resourceOf(raw, file, key) {
  const stated = typeof raw.$schema === 'string' && raw.$schema !== '';
  const known = stated ? dialectOf(raw) : null;
  const unknown = stated && !known ? raw.$schema : null;
  const id = file ? idOf(raw, file) : urlKey(raw.$id ?? raw.id);
  return {
    key,
    file,
    raw: unknown ? { ...raw, $schema: undefined } : withKnownMetaSchema(raw),
    dialect: unknown ? 'draft-07' : known,
    unknown,
    id,
    ids: embeddedIds(raw, id),
  };
}

// The ids ajv will register for the schema: its own, and those of subschemas (a bundle's), each
// resolved against the one around it. An id that is only a fragment is an anchor, not a resource.
export function embeddedIds(raw, id) {
  const ids = new Set([urlKey(id)]);
  walkSchema(
    raw,
    (node, pointer, base) => {
      const own = node.$id ?? node.id;
      if (pointer === '' || typeof own !== 'string') return base;
      try {
        const resolved = new URL(own, base).href;
        if (!urlKey(resolved).includes('#')) ids.add(urlKey(resolved));
        return resolved;
      } catch {
        return base;
      }
    },
    id,
  );
  return ids;
}

// The meta-schemas ajv (and ajv-draft-04) ship, by URL without scheme or empty fragment: each
// spelling a $ref may use (http or https, with or without "#") names the same one.
const META_FILES = [
  [/^json-schema\.org\/draft-03\/schema$/, () => './refs/json-schema-draft-03.json'], // filecheck's copy: ajv has none
  [/^json-schema\.org\/draft-04\/schema$/, () => 'ajv-draft-04/dist/refs/json-schema-draft-04.json'],
  [/^json-schema\.org\/(draft-0[67])\/schema$/, (m) => `ajv/dist/refs/json-schema-${m[1]}.json`],
  [
    /^json-schema\.org\/draft\/(2019-09|2020-12)\/(schema|meta\/[a-z-]+)$/,
    (m) => `ajv/dist/refs/json-schema-${m[1]}/${m[2]}.json`,
  ],
  [/^json-schema\.org\/schema$/, () => 'ajv/dist/refs/json-schema-2020-12/schema.json'],
];
const metaResources = new Map();

/** @returns {SchemaResource | null} the meta-schema a URL names, as ajv ships it */
export function metaSchemaResource(url) {
  const bare = urlKey(url).replace(/^https?:\/\//, '');
  if (!metaResources.has(bare)) {
    let resource = null;
    for (const [pattern, fileOf] of META_FILES) {
      const match = pattern.exec(bare);
      if (!match) continue;
      try {
        const raw = require(fileOf(match));
        resource = resourceOf(raw, null, `meta:${urlKey(raw.$id ?? raw.id)}`);
      } catch {
        // not one ajv ships (a vocabulary of another name)
      }
    }
    metaResources.set(bare, resource);
  }
  return metaResources.get(bare);
}

// How far a chain of custom meta-schemas, each naming the next by its $schema, is followed.
const META_CHAIN = 8;

// A custom meta-schema from the store's file for its URL, as a $ref's would be read.
function readStoredMeta(schema, url, files, display) {
  const file = files.find((each) => fs.existsSync(each));
  const mapped = `schema ${display(schema.file)}: its $schema "${url}", mapped by the schema store`;
  if (!file)
    throw new UsageError(`${mapped} to ${display(files[0])}: no such file`, { files: [schema.file, files[0]] });
  let meta;
  try {
    meta = readResource(file, display);
  } catch (error) {
    throw new UsageError(`${mapped}: ${error.message}`, { files: [schema.file, file] });
  }
  if (!isSchema(meta.raw))
    throw new UsageError(`${mapped} to ${display(file)}: holds ${meta.raw}, not a meta-schema`, {
      files: [schema.file, file],
    });
  return meta;
}

/**
 * Preloaded refs (--ref, a rule's `refs`), read once and indexed by their ids; a compilation adds
 * one to ajv only when a $ref asks for it, so a ref of another draft, or one never used, costs
 * nothing but its reading. A refs file that cannot be read is a UsageError at once.
 * @param {string[]} refs
 * @param {(file: string) => string} display
 * @param {import('./schema-store.js').SchemaStore} [store] where a custom meta-schema no ref has
 *   is read from (--schema-store, a pulled lock's hosts)
 */
export function createRefIndex(refs, display, store) {
  const byFile = new Map();
  const byId = new Map();
  const inDialect = new Map(); // resource key ─▶ the resource read in its custom meta-schema's dialect
  // The meta-schema the store holds for a schema's unknown $schema, read once; none when no prefix maps it.
  const stored = new Map();
  const storedMeta = (schema) => {
    const url = schema.unknown.replace(/#.*$/, '');
    const files = storeFilesFor(store, url);
    if (!files.length) return undefined;
    if (!stored.has(url)) stored.set(url, readStoredMeta(schema, url, files, display));
    return stored.get(url);
  };
  for (const file of refs) {
    const resource = readResource(file, display);
    if (byFile.has(resource.key)) continue;
    byFile.set(resource.key, resource);
    for (const id of resource.ids) byId.set(id, [...(byId.get(id) ?? []), resource]);
  }
  return {
    /** @returns {SchemaResource | undefined} the refs file at this path, as read */
    byFile: (file) => byFile.get(path.resolve(file)),
    /**
     * @param {string} url
     * @param {SchemaResource} [besides] a schema that has this id already (the root): a refs file
     *   that differs from it is ambiguous too
     * @returns {SchemaResource | null} the refs file with this id; two that differ are a UsageError
     */
    withId(url, besides) {
      const found = (byId.get(urlKey(url)) ?? []).filter((resource) => resource.key !== besides?.key);
      const first = besides ?? found[0];
      const other = found.find((resource) => !isDeepStrictEqual(resource.raw, first.raw));
      if (other) {
        throw new UsageError(
          `$id "${urlKey(url)}" is given by both ${display(first.file)} and ${display(other.file)}; keep one of them in the refs`,
          {
            files: [first.file, other.file],
          },
        );
      }
      return besides ? null : (found[0] ?? null);
    },
    /**
     * A schema whose `$schema` is a custom meta-schema among the refs (by its $id) or in the schema
     * store (by the URL the store maps), as the suite's and vocabulary authors' are, is read in the
     * dialect of that meta-schema's own `$schema` (or of the first one up its chain that filecheck
     * knows, at most META_CHAIN away), and checked against that dialect's meta-schema; any other is
     * returned as it is (customMeta: the `$schema` it has). A meta-schema the store maps to no file, or to one that is no schema, is a
     * UsageError naming the schema, the URL and the file.
     * @param {SchemaResource} resource
     * @returns {SchemaResource}
     */
    inMetaDialect(resource) {
      if (!resource.unknown) return resource;
      if (!inDialect.has(resource.key)) {
        let meta = resource;
        const seen = new Set();
        while (meta?.unknown && !seen.has(meta.key) && seen.size < META_CHAIN) {
          seen.add(meta.key);
          meta = byId.get(urlKey(meta.unknown))?.[0] ?? storedMeta(meta);
        }
        const known = meta?.dialect && !meta.unknown;
        inDialect.set(
          resource.key,
          known
            ? {
                ...resource,
                dialect: meta.dialect,
                unknown: null,
                customMeta: resource.unknown,
                raw: { ...resource.raw, $schema: META_SCHEMAS[meta.dialect] },
              }
            : resource,
        );
      }
      return inDialect.get(resource.key);
    },
  };
}
