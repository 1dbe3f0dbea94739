#!/usr/bin/env node
// A repository checked against many real schemas (issue 14, "Many schemas, cold"): N SchemaStore
// schemas taken from a local clone, a few valid and a few invalid instances of each, and a
// .filecheckrc.json with one rule per schema (files, schema, the refs its $refs reach, and an ajv
// plugin, ajv-errors, on every rule). Deterministic for a given clone.
//
// Schemas are tried in the order of the SHA-256 of their file names (a fixed shuffle that mixes
// drafts and sizes as SchemaStore has them) and kept when the plain loop (baseline-many-schemas.js)
// compiles them and an instance of each verdict could be made. Valid instances: the schema's own
// `examples`/`default`, then documents a small generator builds from `const`/`enum`/`examples`/
// `default` values, required properties and types; each is kept only if plain ajv accepts it.
// Invalid ones: mutations of a valid one (a property's value of another type, a required key
// removed, an unexpected key, a document of another type), each kept only if plain ajv rejects it.
// A clone that has SchemaStore's own test corpus (src/test/<name>/ and src/negative_test/<name>/, a
// checkout of the repository, not ../shared's copy of its schemas) gives its JSON test files instead,
// as they are (each schema with at least one, all of them): the documents real users write, which
// reach deeper into large schemas than generated ones (issue 24).
// What was skipped, and why, is in <out>/skipped.json; the chosen schemas in <out>/manifest.json.
//
// usage: node bench/make-many-schemas.js <schemastore-clone> <out-dir> [--schemas N] [--valid V] [--invalid I]
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compileSchema, refClosure, draftOf } from './many-schemas-lib.js';

export const schemasDirOf = (clone) => path.join(clone, 'src', 'schemas', 'json');

export function makeManySchemas({ clone, out, schemas = 320, valid = 3, invalid = 2, log = () => {} }) {
  const dir = schemasDirOf(clone);
  if (!fs.existsSync(dir)) throw new Error(`${dir} not found: not a SchemaStore clone`);
  const corpus = hasTestCorpus(clone);
  const cacheRead = new Map();
  const read = (f) => {
    if (!cacheRead.has(f)) cacheRead.set(f, JSON.parse(fs.readFileSync(f, 'utf8')));
    return cacheRead.get(f);
  };
  const names = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => [createHash('sha256').update(n).digest('hex'), n])
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([, n]) => n);

  fs.rmSync(out, { recursive: true, force: true });
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  };
  const kept = [];
  const skipped = [];
  const copied = new Set();
  for (const name of names) {
    if (kept.length >= schemas) break;
    const skip = (why) => {
      skipped.push({ schema: name, why });
      log(`skip ${name}: ${why}`);
    };
    let schema;
    try {
      schema = read(path.join(dir, name));
    } catch (e) {
      skip(`not JSON: ${e.message}`);
      continue;
    }
    if (draftOf(schema) === '03') {
      skip('draft-03: plain ajv has no draft-03');
      continue;
    }
    let refs;
    try {
      refs = refClosure(dir, name, (f) => read(f));
    } catch (e) {
      skip(e.message);
      continue;
    }
    let validate;
    try {
      validate = compileSchema(
        path.join(dir, name),
        refs.map((r) => path.join(dir, r)),
        read,
      );
    } catch (e) {
      skip(`plain ajv does not compile it: ${e.message.split('\n')[0].slice(0, 200)}`);
      continue;
    }
    const slug = name.replace(/\.json$/, '');
    // [name in instances/<slug>/, its content]: the clone's test files as they are, or made here.
    let instances;
    if (corpus) {
      instances = testFiles(clone, slug).map(({ file, as }) => [as, fs.readFileSync(file)]);
      if (!instances.length) {
        skip('no JSON file in its test corpus');
        continue;
      }
    } else {
      const goods = validInstances(schema, validate, valid);
      if (!goods.length) {
        skip('no valid instance found');
        continue;
      }
      const bads = invalidInstances(schema, validate, goods, invalid);
      if (!bads.length) {
        skip('no invalid instance found (the schema accepts any mutation tried)');
        continue;
      }
      const text = (d) => `${JSON.stringify(d, null, 2)}\n`;
      instances = [
        ...goods.map((d, i) => [`valid-${i + 1}.json`, text(d)]),
        ...bads.map((d, i) => [`invalid-${i + 1}.json`, text(d)]),
      ];
    }
    for (const n of [name, ...refs]) {
      if (copied.has(n)) continue;
      copied.add(n);
      write(`schemas/${n}`, fs.readFileSync(path.join(dir, n), 'utf8'));
    }
    for (const [as, content] of instances) write(`instances/${slug}/${as}`, content);
    const bad = instances.filter(([as]) => as.startsWith('invalid-')).length;
    kept.push({
      name,
      slug,
      draft: draftOf(schema),
      refs,
      bytes: fs.statSync(path.join(dir, name)).size,
      valid: instances.length - bad,
      invalid: bad,
    });
  }
  const rules = kept.map((k) => ({
    name: k.slug,
    files: [`instances/${k.slug}/*.json`],
    schema: `schemas/${k.name}`,
    ...(k.refs.length ? { refs: k.refs.map((r) => `schemas/${r}`) } : {}),
    ajv: { plugins: ['ajv-errors'] },
  }));
  write('.filecheckrc.json', `${JSON.stringify({ rules }, null, 2)}\n`);
  write('manifest.json', `${JSON.stringify(kept, null, 1)}\n`);
  write('skipped.json', `${JSON.stringify(skipped, null, 1)}\n`);
  // The plugin is resolved from the config's folder, and must be filecheck's copy of ajv's: a link
  // to this checkout's ajv-errors (whose real path resolves this checkout's ajv).
  const require = createRequire(import.meta.url);
  const pluginDir = path.dirname(require.resolve('ajv-errors/package.json'));
  fs.mkdirSync(path.join(out, 'node_modules'), { recursive: true });
  fs.symlinkSync(pluginDir, path.join(out, 'node_modules', 'ajv-errors'), 'dir');
  const files = kept.reduce((n, k) => n + k.valid + k.invalid, 0);
  const failing = kept.reduce((n, k) => n + k.invalid, 0);
  const drafts = {};
  for (const k of kept) drafts[k.draft] = (drafts[k.draft] ?? 0) + 1;
  return {
    schemas: kept.length,
    tried: kept.length + skipped.length,
    skipped: skipped.length,
    files,
    failing,
    drafts,
    refFiles: copied.size - kept.length,
  };
}

// --- SchemaStore's own test corpus ---------------------------------------------------------------

const hasTestCorpus = (clone) => fs.existsSync(path.join(clone, 'src', 'test'));

// The JSON test files of a schema, in name order: src/test's as `valid-<name>`, src/negative_test's as
// `invalid-<name>` (SchemaStore expects the first to pass and the second to fail; the runs here only
// have to agree on each).
function testFiles(clone, slug) {
  const found = [];
  for (const [folder, as] of [
    ['test', 'valid'],
    ['negative_test', 'invalid'],
  ]) {
    const at = path.join(clone, 'src', folder, slug);
    if (!fs.existsSync(at)) continue;
    for (const name of fs.readdirSync(at).sort())
      if (name.endsWith('.json')) found.push({ file: path.join(at, name), as: `${as}-${name}` });
  }
  return found;
}

// --- valid instances ----------------------------------------------------------------------------

export function validInstances(root, validate, want) {
  const candidates = [];
  if (root && typeof root === 'object') {
    if (Array.isArray(root.examples)) candidates.push(...root.examples);
    if (root.default !== undefined) candidates.push(root.default);
  }
  for (let v = 0; v < 12; v++) {
    const d = generate(root, root, v, 0);
    if (d !== undefined) candidates.push(d);
  }
  const seen = new Set();
  const out = [];
  for (const c of candidates) {
    const key = JSON.stringify(c);
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    if (validate(c)) out.push(c);
    if (out.length >= want) break;
  }
  return out;
}

const FORMATS = {
  'date-time': '2024-05-01T10:00:00Z',
  date: '2024-05-01',
  time: '10:00:00Z',
  email: 'dev@example.com',
  'idn-email': 'dev@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'https://example.com/a',
  'uri-reference': 'docs/a.json',
  iri: 'https://example.com/a',
  'iri-reference': 'docs/a.json',
  'uri-template': 'https://example.com/{id}',
  uuid: '123e4567-e89b-12d3-a456-426614174000',
  regex: '^a+$',
  'json-pointer': '/a/0',
  'relative-json-pointer': '0/a',
  duration: 'P1D',
};
const STRINGS = [
  'example',
  'a',
  'abc',
  'x1',
  'latest',
  '1.0.0',
  '^1.0.0',
  'v1',
  'main',
  'A',
  'a-b',
  'a_b',
  'src/index.js',
  '*.json',
  'https://example.com',
  'example.com',
  '1',
  '10',
  'true',
  'default',
  'none',
  'auto',
  'info',
  'ubuntu-latest',
  '#fff',
  '${VAR}',
  '{}',
  '',
];

function deref(root, schema, _depth) {
  let s = schema;
  for (let i = 0; i < 10 && s && typeof s === 'object' && typeof s.$ref === 'string'; i++) {
    if (!s.$ref.startsWith('#')) return undefined; // another schema's: not followed
    const target = pointer(root, s.$ref.slice(1));
    if (target === undefined) return undefined;
    const { $ref, ...rest } = s;
    s = typeof target === 'object' && target ? { ...target, ...rest } : target;
  }
  return s;
}

function pointer(root, p) {
  if (p === '' || p === '/') return root;
  if (!p.startsWith('/')) return findAnchor(root, p);
  let node = root;
  for (const raw of p.slice(1).split('/')) {
    const k = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(k in node)) return undefined;
    node = node[k];
  }
  return node;
}

function findAnchor(node, name, depth = 0) {
  if (!node || typeof node !== 'object' || depth > 12) return undefined;
  if (node.$anchor === name || node.$id === `#${name}` || node.id === `#${name}`) return node;
  for (const v of Object.values(node)) {
    const f = findAnchor(v, name, depth + 1);
    if (f !== undefined) return f;
  }
  return undefined;
}

function merge(a, b) {
  const m = { ...a, ...b };
  if (a.properties || b.properties) m.properties = { ...a.properties, ...b.properties };
  if (a.required || b.required) m.required = [...new Set([...(a.required ?? []), ...(b.required ?? [])])];
  return m;
}

// A value `schema` likely accepts; `v` varies the choices (alternatives, enum members, how many
// optional properties); undefined when none could be made.
function generate(root, schema, v, depth) {
  if (depth > 10) return undefined;
  if (schema === true || schema === undefined) return 'example';
  if (schema === false || schema === null || typeof schema !== 'object') return undefined;
  let s = deref(root, schema, depth);
  if (s === undefined || s === false) return undefined;
  if (s === true) return 'example';
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[v % s.enum.length];
  if (depth > 0 && v % 3 === 0) {
    if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
    if (s.default !== undefined) return s.default;
  }
  if (Array.isArray(s.allOf)) {
    const { allOf, ...rest } = s;
    s = allOf.reduce((acc, sub) => {
      const d = deref(root, sub, depth);
      return d && typeof d === 'object' ? merge(acc, d) : acc;
    }, rest);
  }
  for (const key of ['oneOf', 'anyOf']) {
    if (Array.isArray(s[key]) && s[key].length) {
      const { [key]: alts, ...rest } = s;
      const alt = deref(root, alts[(v + depth) % alts.length], depth);
      if (alt === undefined || alt === false) return undefined;
      return generate(root, alt === true ? rest : merge(rest, alt), v, depth + 1);
    }
  }
  let type = s.type;
  if (Array.isArray(type))
    type = type.filter((t) => t !== 'null')[v % Math.max(1, type.filter((t) => t !== 'null').length)] ?? 'null';
  if (!type) {
    if (s.properties || s.required || s.additionalProperties !== undefined || s.patternProperties) type = 'object';
    else if (s.items || s.prefixItems) type = 'array';
    else if (s.pattern || s.format || s.minLength !== undefined) type = 'string';
    else if (s.minimum !== undefined || s.maximum !== undefined) type = 'number';
    else return depth === 0 ? {} : 'example';
  }
  switch (type) {
    case 'object':
      return object(root, s, v, depth);
    case 'array': {
      const tuple = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : null;
      const n = Math.max(s.minItems ?? 0, v % 4 >= 2 ? 1 : 0, tuple && s.minItems ? s.minItems : 0);
      const out = [];
      for (let i = 0; i < n; i++) {
        const sub = tuple
          ? (tuple[i] ?? (Array.isArray(s.items) ? s.additionalItems : s.items) ?? true)
          : (s.items ?? true);
        const x = generate(root, sub, v + i, depth + 1);
        if (x === undefined) return undefined;
        out.push(x);
      }
      return out;
    }
    case 'string':
      return string(s, v);
    case 'integer':
    case 'number': {
      let x = typeof s.minimum === 'number' ? s.minimum : 0;
      if (typeof s.exclusiveMinimum === 'number') x = Math.max(x, s.exclusiveMinimum + 1);
      else if (s.exclusiveMinimum === true) x += 1;
      if (typeof s.maximum === 'number' && x > s.maximum) x = s.maximum;
      if (typeof s.multipleOf === 'number' && s.multipleOf > 0) x = Math.ceil(x / s.multipleOf) * s.multipleOf;
      return type === 'integer' ? Math.ceil(x) : x;
    }
    case 'boolean':
      return v % 2 === 0;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function object(root, s, v, depth) {
  const props = s.properties && typeof s.properties === 'object' ? s.properties : {};
  const subOf = (k) => {
    if (k in props) return props[k];
    for (const [re, sub] of Object.entries(s.patternProperties ?? {})) {
      try {
        if (new RegExp(re, 'u').test(k)) return sub;
      } catch {}
    }
    return typeof s.additionalProperties === 'object' ? s.additionalProperties : true;
  };
  const out = {};
  for (const k of Array.isArray(s.required) ? s.required : []) {
    const x = generate(root, subOf(k), v, depth + 1);
    if (x === undefined) return undefined;
    out[k] = x;
  }
  // Optional properties: none for v = 0, then more with v (the deeper, the fewer).
  const optional = Object.keys(props).filter((k) => !(k in out));
  const take = Math.max(
    typeof s.minProperties === 'number' ? s.minProperties - Object.keys(out).length : 0,
    (Math.floor(v / 2) * 3) >> Math.min(depth, 3),
  );
  for (const k of optional
    .slice((v * 7) % Math.max(1, optional.length))
    .concat(optional)
    .slice(0, Math.max(0, take))) {
    if (k in out) continue;
    const x = generate(root, props[k], v, depth + 1);
    if (x !== undefined) out[k] = x;
  }
  return out;
}

function string(s, v) {
  if (typeof s.format === 'string' && FORMATS[s.format]) return FORMATS[s.format];
  const fits = (x) =>
    (s.minLength === undefined || x.length >= s.minLength) && (s.maxLength === undefined || x.length <= s.maxLength);
  if (typeof s.pattern === 'string') {
    let re;
    try {
      re = new RegExp(s.pattern, 'u');
    } catch {
      try {
        re = new RegExp(s.pattern);
      } catch {
        return 'example';
      }
    }
    const hits = STRINGS.filter((x) => re.test(x) && fits(x));
    if (hits.length) return hits[v % hits.length];
  }
  let x = STRINGS[v % 4];
  if (s.minLength !== undefined && x.length < s.minLength) x = x.padEnd(s.minLength, 'a');
  if (s.maxLength !== undefined && x.length > s.maxLength) x = x.slice(0, s.maxLength);
  return x;
}

// --- invalid instances --------------------------------------------------------------------------

export function invalidInstances(root, validate, goods, want) {
  const clone = (x) => JSON.parse(JSON.stringify(x));
  const good = goods[goods.length - 1]; // the richest of the valid ones
  // Mutations by kind; the first of each kind that plain ajv rejects is taken, kinds in turn.
  const kinds = [[], [], [], []];
  if (good && typeof good === 'object' && !Array.isArray(good)) {
    for (const k of Object.keys(good)) {
      for (const wrong of [12345, 'wrong', true, [], {}]) kinds[0].push(() => ({ ...clone(good), [k]: wrong }));
    }
    for (const k of Array.isArray(root?.required) ? root.required : []) {
      if (k in good)
        kinds[1].push(() => {
          const d = clone(good);
          delete d[k];
          return d;
        });
    }
    kinds[2].push(() => ({ ...clone(good), __unexpected_key__: 1 }));
  }
  for (const d of ['not a document', 42, [], null, {}]) kinds[3].push(() => d);
  const out = [];
  for (const kind of kinds) {
    const bad = kind.map((make) => make()).find((d) => !validate(d));
    if (bad !== undefined) out.push(bad);
    if (out.length >= want) break;
  }
  return out;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      schemas: { type: 'string', default: 'all' },
      valid: { type: 'string', default: '3' },
      invalid: { type: 'string', default: '2' },
      verbose: { type: 'boolean' },
    },
  });
  if (positionals.length !== 2) {
    console.error(
      'usage: node bench/make-many-schemas.js <schemastore-clone> <out-dir> [--schemas N|all] [--valid V] [--invalid I] [--verbose]',
    );
    process.exit(2);
  }
  const [clone, out] = positionals;
  const r = makeManySchemas({
    clone,
    out,
    schemas: values.schemas === 'all' ? Number.POSITIVE_INFINITY : Number(values.schemas),
    valid: Number(values.valid),
    invalid: Number(values.invalid),
    log: values.verbose ? (l) => console.error(l) : () => {},
  });
  console.log(JSON.stringify(r));
}
