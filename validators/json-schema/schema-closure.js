// The files a schema's compilation may read, found by reading them, not by compiling: the schema,
// its preloaded refs, and every file of the schema store or beside a schema of the same origin that
// a $ref or a custom meta-schema's $schema of theirs may name (each candidate compile-offline.js would try, existing or not), and
// theirs in turn. The result cache keys a file's verdict on their contents (rule-fingerprint.js):
// more files than a compilation reads only makes the cache miss more; one fewer could keep a stale
// verdict, so a $ref is resolved every way it may be (against the base its $id scope gives, and
// against its file's), and the candidates are looked for again until no new file is found.
import path from 'node:path';
import { embeddedIds, metaSchemaResource, peekResource } from './schema-resources.js';
import { candidateFiles } from './schema-files.js';
import { storeFilesFor } from './schema-store.js';
import { isSchema, walkSchema } from './schema-walk.js';
import { urlKey } from './url-key.js';

/**
 * @param {{ schema: string, refs: string[], schemaStore?: import('./schema-store.js').SchemaStore }} rule
 * @param {Map<string, import('./schema-resources.js').SchemaResource>} [known] files already read, by
 *   absolute path (a compilation's), not read again
 * @returns {string[]} absolute paths, the schema first, then its refs, then in the order found
 */
export function schemaClosure(rule, known) {
  return [...schemaClosureResources(rule, known).keys()];
}

/**
 * schemaClosure's files, each with its resource as read (null: it cannot be read).
 * @returns {Map<string, import('./schema-resources.js').SchemaResource | null>}
 */
export function schemaClosureResources({ schema, refs = [], schemaStore }, known = new Map()) {
  const files = new Map(); // path ─▶ its resource, or null when it cannot be read (not there yet)
  const bases = []; // { id, file } of each schema read
  const urls = new Set(); // every $ref's URL, without its fragment
  const read = (file) => {
    const at = path.resolve(file);
    if (files.has(at)) return false;
    let resource = null;
    try {
      resource = known.get(at) ?? peekResource(at);
    } catch {
      // unreadable or missing: its path is kept, so that writing it later changes the digests
    }
    files.set(at, resource);
    if (!resource) return true;
    bases.push({ id: resource.id, file: at });
    for (const url of refUrls(resource)) urls.add(url);
    // A $schema filecheck does not know: a custom meta-schema, which the store may hold.
    const meta = resource.unknown ?? resource.customMeta;
    if (meta) urls.add(urlKey(meta.replace(/#.*$/, '')));
    return true;
  };
  read(schema);
  for (const ref of refs) read(ref);
  for (let grew = true; grew; ) {
    grew = false;
    for (const url of [...urls]) {
      if (metaSchemaResource(url)) continue;
      for (const stored of storeFilesFor(schemaStore, url)) grew = read(stored) || grew;
      for (const file of candidateFiles(url, bases)) grew = read(file) || grew;
    }
  }
  return files;
}

/**
 * The URLs a schema downloaded from `url` names by $ref, as a run resolves them from the store
 * (`filecheck schemas pull` follows them): against its own id resolved against that URL, else the
 * URL; the meta-schemas ajv ships are left out.
 * @param {unknown} raw the schema as parsed
 * @param {string} url
 * @returns {string[]} absolute URLs, without fragment
 */
export function fetchedSchemaRefs(raw, url) {
  if (!isSchema(raw)) return [];
  const own = raw.$id ?? raw.id;
  let id = url;
  try {
    if (typeof own === 'string') id = new URL(own, url).href;
  } catch {
    // an id that is no URL: the URL it came from is its base
  }
  const refs = refUrls({ raw, id: urlKey(id), ids: embeddedIds(raw, id) });
  return [...refs].filter((ref) => /^https?:/.test(ref) && !metaSchemaResource(ref));
}

// The URLs (without fragment) a resource's $refs name outside itself: each $ref resolved against the
// base of its $id scope, and, in case a keyword ajv does not know holds it, against the file's id.
// A fragment alone names a place in its own resource; the scopes are walked only where an embedded
// $id makes one.
function refUrls(resource) {
  const found = new Set();
  const add = (ref, base) => {
    if (ref.startsWith('#')) return;
    try {
      const url = urlKey(new URL(ref, base).href.replace(/#.*$/, ''));
      if (!resource.ids.has(url)) found.add(url);
    } catch {
      // not a URL: compiling says so
    }
  };
  if (!isSchema(resource.raw)) return found;
  if (resource.ids.size > 1)
    walkSchema(
      resource.raw,
      (node, pointer, base) => {
        const own = node.$id ?? node.id;
        let scope = base;
        if (pointer !== '' && typeof own === 'string') {
          try {
            scope = new URL(own, base).href;
          } catch {
            // an id that is no URL changes nothing here
          }
        }
        if (typeof node.$ref === 'string') add(node.$ref, scope);
        return scope;
      },
      resource.id,
    );
  const stack = [resource.raw];
  while (stack.length) {
    for (const [key, value] of Object.entries(stack.pop())) {
      if (key === '$ref' && typeof value === 'string') add(value, resource.id);
      else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return found;
}
