// What the many-schema generator and the plain loop share: how a SchemaStore schema and the
// schemas its $refs reach are loaded into one plain ajv, so that the schemas the generator keeps are
// exactly those the plain loop compiles, and its instances valid or invalid as the loop sees them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// The URL a SchemaStore schema is published at, which its relative $refs resolve against when it
// has no $id of its own.
export const STORE = 'https://json.schemastore.org/';
const STORE_HOSTS = new Set(['json.schemastore.org', 'www.schemastore.org']);

export function draftOf(schema) {
  const s = typeof schema?.$schema === 'string' ? schema.$schema : '';
  if (s.includes('draft-03')) return '03';
  if (s.includes('draft-04')) return '04';
  if (s.includes('draft-06')) return '06';
  if (s.includes('2019-09')) return '2019-09';
  if (s.includes('2020-12')) return '2020-12';
  return '07'; // draft-07, absent, or unknown: ajv's default class
}

export const idOf = (schema, file) => {
  const id = typeof schema?.$id === 'string' ? schema.$id : typeof schema?.id === 'string' ? schema.id : '';
  return id && /^https?:/.test(id) ? id.replace(/#$/, '') : STORE + path.basename(file);
};

// One ajv, as a careful script would build it for one schema: the class of the schema's draft,
// ajv-formats, the same plugin filecheck's rules get (ajv-errors), lenient about unknown keywords
// and formats as filecheck is (it warns; a plain script says `strict: false`).
export function newAjv(draft, { optimize = true, plugin = true } = {}) {
  const opts = { allErrors: true, strict: false, logger: false, code: { optimize } };
  const ajv = new (ajvClassOf(draft))(opts);
  if (draft === '06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  require('ajv-formats').default(ajv);
  if (plugin) require('ajv-errors').default(ajv);
  return ajv;
}

// Each draft's ajv class, loaded when first used: a script that checks one file loads one.
function ajvClassOf(draft) {
  if (draft === '04') return require('ajv-draft-04').default;
  if (draft === '2019-09') return require('ajv/dist/2019').default;
  if (draft === '2020-12') return require('ajv/dist/2020').default;
  return require('ajv').default;
}

// Compiles `file` with `refFiles` (the schemas its $refs reach) preloaded under their URLs.
// Throws what ajv throws.
export function compileSchema(file, refFiles = [], read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'))) {
  const schema = read(file);
  const ajv = newAjv(draftOf(schema));
  for (const r of refFiles) {
    const s = read(r);
    ajv.addSchema(s, idOf(s, r));
  }
  const key = idOf(schema, file);
  if (!ajv.getSchema(key)) ajv.addSchema(schema, key);
  return ajv.getSchema(key);
}

// The other SchemaStore schemas `file`'s $refs reach, transitively, as file names in `dir`.
// Throws when a $ref names a schema that is not in `dir` (nothing is fetched); given `onMissing`,
// calls it with that message instead and goes on without the $ref.
export function refClosure(dir, name, read = (f) => JSON.parse(fs.readFileSync(f, 'utf8')), onMissing = null) {
  const missing = (message) => {
    if (!onMissing) throw new Error(message);
    onMissing(message);
  };
  const seen = new Set([name]);
  const queue = [name];
  while (queue.length) {
    const n = queue.shift();
    const schema = read(path.join(dir, n));
    const base = idOf(schema, n);
    for (const ref of refsIn(schema)) {
      if (ref.startsWith('#')) continue;
      let url;
      try {
        url = new URL(ref, base);
      } catch {
        missing(`$ref "${ref}" is not a URL`);
        continue;
      }
      url.hash = '';
      if (url.hostname === 'json-schema.org') continue; // a meta-schema: ajv has it
      const target = path.basename(url.pathname);
      if (!STORE_HOSTS.has(url.hostname) || !fs.existsSync(path.join(dir, target))) {
        missing(`$ref "${ref}" is not in the clone`);
        continue;
      }
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  seen.delete(name);
  return [...seen].sort();
}

function refsIn(node, acc = []) {
  if (Array.isArray(node)) for (const x of node) refsIn(x, acc);
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'enum' || k === 'const' || k === 'examples' || k === 'default') continue; // data, not schema
      if ((k === '$ref' || k === '$dynamicRef' || k === '$recursiveRef') && typeof v === 'string') acc.push(v);
      else refsIn(v, acc);
    }
  }
  return acc;
}
