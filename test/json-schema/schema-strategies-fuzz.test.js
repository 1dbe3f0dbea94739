// Property: compiling a schema eagerly (it and everything its $refs reach, up front), lazily (each
// $ref'd subschema on first use) or apart (lazily, no $ref'd subschema inlined) gives every document
// the same report: verdict and problems (message, pointer, line, column, kind), and the same
// refusal of a schema ajv rejects.
// Random schemas of every dialect (test/reliability/json-fuzz.js), with recursive definitions, $refs
// to definitions kept in a second file (found beside the schema, or preloaded), a recursion that goes
// through both files, $refs from the root schema by JSON pointer deep into the second file's large
// properties and definitions (keys with $, ~, / and a space, which apart compiles apart), a
// recursive definition of the root schema that $refs into the second file (CycloneDX's components
// and their signatures), and unevaluatedProperties where the dialect has it; random documents shaped by
// each schema, then mutated, so that some pass and most fail at every depth. Each strategy runs in
// a child process of its own (FILECHECK_SCHEMA_COMPILE=eager / lazy / apart), every case in-process through
// the programmatic API, one run per schema.
// Seeds: a fixed list; FUZZ_SEED=<n> runs that seed alone. A failure names its seed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTree, cliEnv } from '../helpers/cli.js';
import { createRandom, fuzzSeed } from '../helpers/random.js';
import { DIALECTS, randomSchema, randomDocument, writeJson, moveDefinitions } from '../reliability/json-fuzz.js';
import { isDeepStrictEqual } from 'node:util';

const HELPER = fileURLToPath(new URL('../helpers/schema-suite.js', import.meta.url));
const SEEDS = process.env.FUZZ_SEED ? [fuzzSeed()] : [1, 2, 3, 20260, 4242];
const SCHEMAS = 20; // per seed, four of each dialect
const DOCUMENTS = 12; // per schema
const STRATEGIES = ['eager', 'lazy', 'apart']; // each compared with the first

const put = (object, key, value) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * Adds a recursive definition ("tree": a node whose children are trees) to the schema and a property
 * that uses it, then mutates nothing else: recursion only through the data, so it ends.
 */
function addRecursion(rng, schema, dialect) {
  const { defs, level } = DIALECTS[dialect];
  const tree = {
    type: 'object',
    properties: {
      value: { type: rng.pick(['integer', 'string']) },
      children: { type: 'array', items: { $ref: `#/${defs}/tree` } },
    },
  };
  if (rng.chance(0.5)) tree.required = ['value'];
  if (level >= 8 && rng.chance(0.5)) tree.unevaluatedProperties = false;
  else if (rng.chance(0.4)) tree.additionalProperties = false;
  schema[defs] = { ...(schema[defs] ?? {}), tree };
  if (schema.properties === undefined || typeof schema.properties !== 'object') schema.properties = {};
  put(schema.properties, 'tree', { $ref: `#/${defs}/tree` });
  return schema;
}

// Keys a JSON pointer spells as written ($), escapes (~ and /) or percent-encodes in a $ref.
const ODD_KEYS = ['$edgeHub', 'a~b', 'x/y', 'sp ace', 'plain'];
const encodeToken = (key) => {
  const token = key.replace(/~/g, '~0').replace(/\//g, '~1');
  return /^[\w$~.-]*$/.test(token) ? token : encodeURIComponent(token);
};

/** An object schema `depth` levels deep, its properties named with ODD_KEYS: large enough to be compiled apart. */
function nestedSchema(rng, depth) {
  if (depth === 0) return { type: rng.pick(['integer', 'string', 'boolean']) };
  const keys = rng.shuffle(ODD_KEYS).slice(0, 3);
  const properties = {};
  for (const key of keys) put(properties, key, nestedSchema(rng, rng.chance(0.7) ? depth - 1 : 0));
  return {
    type: 'object',
    properties,
    required: rng.subset(keys, 0.5),
    ...(rng.chance(0.3) && { additionalProperties: false }),
  };
}

/**
 * common.json gets large property subschemas (and a definition holding some), and the root schema
 * $refs places deep inside them by JSON pointer, through properties that apart compiles apart
 * when common.json is added (SchemaStore's azure-iot-edge-deployment-template-1.0.json does so).
 * @returns {[string, object][]} the root's new properties, each with the subschema its $ref reaches
 */
function pointIntoCommon(rng, schema, common, defs) {
  const properties = {};
  for (const key of ODD_KEYS) put(properties, key, nestedSchema(rng, 3));
  common.properties = properties;
  put((common[defs] ??= {}), 'holder/~', { type: 'object', properties: { inner: nestedSchema(rng, 3) } });
  const places = [];
  const collect = (node, pointer) => {
    if (pointer.split('/').length > 3) places.push([pointer, node]);
    for (const [key, child] of Object.entries(node.properties ?? {}))
      collect(child, `${pointer}/properties/${encodeToken(key)}`);
  };
  collect(common, '');
  collect(common[defs]['holder/~'], `/${defs}/${encodeToken('holder/~')}`);
  if (schema.properties === undefined || typeof schema.properties !== 'object') schema.properties = {};
  return rng
    .shuffle(places)
    .slice(0, 4)
    .map(([pointer, target], i) => {
      put(schema.properties, `via${i}`, { $ref: `common.json#${pointer}` });
      return [`via${i}`, target];
    });
}

/**
 * CycloneDX's shape: a recursive definition kept in the root schema ("component", whose
 * components are components) that $refs a definition of common.json (its signature, in
 * jsf-0.82.schema.json), reached first: compiled whole, the recursion is half compiled when
 * common.json is found missing.
 */
function addComponents(schema, common, defs) {
  const signature = encodeToken(Object.keys(common[defs])[0]);
  const components = { type: 'array', items: { $ref: `#/${defs}/component` } };
  put((schema[defs] ??= {}), 'component', {
    type: 'object',
    properties: { components, signature: { $ref: `common.json#/${defs}/${signature}` } },
  });
  const properties =
    typeof schema.properties === 'object' && !Array.isArray(schema.properties) ? schema.properties : {};
  schema.properties = put({}, 'components', components);
  for (const key of Object.keys(properties)) put(schema.properties, key, properties[key]);
}

/** Components nested in an object document: valid, but in every third one from the first. */
function withComponents(raw, i) {
  try {
    const doc = JSON.parse(raw.replace(/^\uFEFF/, ''));
    if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return raw;
    put(
      doc,
      'components',
      i % 3 === 0 ? [{ components: [{ components: 5 }] }] : [{ components: [{ components: [] }] }],
    );
    return JSON.stringify(doc, null, 2);
  } catch {
    return raw; // keys written twice stay as written
  }
}

/** A value for a nestedSchema: mostly valid, sometimes wrong somewhere deep. */
function valueFor(rng, target) {
  if (target.type !== 'object') {
    if (rng.chance(0.15)) return null;
    return { integer: rng.int(0, 9), string: 's', boolean: true }[target.type];
  }
  const value = {};
  for (const [key, child] of Object.entries(target.properties))
    if (target.required.includes(key) ? rng.chance(0.95) : rng.chance(0.6)) put(value, key, valueFor(rng, child));
  if (rng.chance(0.05)) value.extra = 1;
  return value;
}

/** A document for the tree definition: valid, or with a wrong value somewhere deep. */
function randomTree(rng, depth = 0) {
  const node = { value: rng.chance(0.9) ? rng.int(0, 9) : 'x' };
  if (rng.chance(0.05)) node.extra = true;
  if (depth < 3 && rng.chance(0.7))
    node.children = Array.from({ length: rng.int(0, 2) }, () => randomTree(rng, depth + 1));
  return node;
}

function makeCase(rng, index, dir) {
  const dialect = Object.keys(DIALECTS)[index % 5];
  const { defs } = DIALECTS[dialect];
  const name = `case-${String(index).padStart(2, '0')}`;
  let schema = JSON.parse(JSON.stringify(randomSchema(rng, dialect)));
  if (rng.chance(0.6) && schema.type === 'object') schema = addRecursion(rng, schema, dialect);
  fs.mkdirSync(path.join(dir, name, 'docs'), { recursive: true });
  let refs = [];
  let split = null;
  let pointers = null;
  let components = false;
  if (rng.chance(0.5)) split = moveDefinitions(schema, dialect, 'common.json');
  if (split) {
    schema = split.root;
    // A recursion through both files: common.json's "back" comes back to the root schema, one level down the data.
    if (rng.chance(0.5)) {
      delete schema.$id;
      delete schema.id;
      put(split.common[defs], 'back', { type: 'object', properties: { again: { $ref: 'schema.json' } } });
      if (schema.properties === undefined || typeof schema.properties !== 'object') schema.properties = {};
      put(schema.properties, 'loop', { $ref: `common.json#/${defs}/back` });
    }
    if (rng.chance(0.6)) pointers = pointIntoCommon(rng, schema, split.common, defs);
    // Not drawn from rng: the cases the seeds made before are made still.
    components = index % 2 === 0;
    if (components) addComponents(schema, split.common, defs);
    fs.writeFileSync(path.join(dir, name, 'common.json'), JSON.stringify(split.common, null, 2));
    if (rng.chance(0.5)) refs = [`${name}/common.json`];
  }
  fs.writeFileSync(path.join(dir, name, 'schema.json'), JSON.stringify(schema, null, 2));
  for (let i = 0; i < DOCUMENTS; i++) {
    let raw = writeJson(rng, randomDocument(rng, schema));
    // Reach the recursive definitions: a tree, or a loop through common.json, put into object documents.
    if (schema.properties?.tree || schema.properties?.loop || pointers) {
      try {
        const doc = JSON.parse(raw.replace(/^\uFEFF/, ''));
        if (doc && typeof doc === 'object' && !Array.isArray(doc) && rng.chance(0.7)) {
          if (schema.properties.tree) doc.tree = randomTree(rng);
          if (schema.properties.loop && rng.chance(0.7))
            doc.loop = { again: rng.chance(0.5) ? { loop: { again: {} } } : 3 };
          for (const [key, target] of pointers ?? []) if (rng.chance(0.8)) put(doc, key, valueFor(rng, target));
          raw = JSON.stringify(doc, null, rng.pick([0, 2]));
        }
      } catch {
        // a document the generator wrote with keys twice (JSON.parse keeps the last) stays as written
      }
    }
    if (components) raw = withComponents(raw, i);
    fs.writeFileSync(path.join(dir, name, 'docs', `${String(i).padStart(2, '0')}.json`), raw);
  }
  const text = JSON.stringify(schema) + JSON.stringify(split?.common ?? {});
  return {
    name,
    dialect,
    split: !!split,
    recursive: !!schema.properties?.tree,
    loop: !!schema.properties?.loop,
    pointers: pointers?.length ?? 0,
    components,
    unevaluated: text.includes('"unevaluatedProperties"'),
    rule: { name, files: [`${name}/docs/*.json`], schema: `${name}/schema.json`, refs },
  };
}

/** Checks the seeds' folders under `root` in a child process whose FILECHECK_SCHEMA_COMPILE is `strategy`. */
function checkWith(root, strategy, dirs) {
  const out = path.join(root, `results-${strategy}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HELPER, 'check', root, out, ...dirs], {
      env: cliEnv({ FILECHECK_SCHEMA_COMPILE: strategy }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(
          new Error(`FILECHECK_SCHEMA_COMPILE=${strategy}: the fuzz run exited ${code}\n${stderr.slice(-4000)}`),
        );
      resolve(JSON.parse(fs.readFileSync(out, 'utf8')));
    });
  });
}

test(`eager, lazy and apart schema compiling give every random document the same report (seeds ${SEEDS.join(', ')}; FUZZ_SEED=<n> runs another)`, async (t) => {
  const root = makeTree(t);
  const cases = new Map(); // seed ─▶ cases
  for (const seed of SEEDS) {
    const rng = createRandom(seed);
    const dir = path.join(root, `seed-${seed}`);
    fs.mkdirSync(dir);
    const made = Array.from({ length: SCHEMAS }, (_, i) => makeCase(rng, i, dir));
    fs.writeFileSync(path.join(dir, '.filecheckrc.json'), JSON.stringify({ rules: made.map((c) => c.rule) }));
    cases.set(seed, made);
  }
  const dirs = SEEDS.map((seed) => `seed-${seed}`);
  const [eager, ...others] = await Promise.all(STRATEGIES.map((strategy) => checkWith(root, strategy, dirs)));

  const report = [];
  const stats = {
    documents: 0,
    passing: 0,
    failing: 0,
    rejectedSchemas: 0,
    splitSchemas: 0,
    recursive: 0,
    loopThroughTwoFiles: 0,
    pointersIntoCommon: 0,
    recursionBesideCommon: 0,
    unevaluatedProperties: 0,
  };
  for (const seed of SEEDS) {
    const dir = `seed-${seed}`;
    const a = eager[dir];
    const [filesA, rejectedA] = [new Map(a.files), new Map(a.rejected)];
    stats.rejectedSchemas += rejectedA.size;
    for (const c of cases.get(seed)) {
      if (c.split) stats.splitSchemas++;
      if (c.recursive) stats.recursive++;
      if (c.loop) stats.loopThroughTwoFiles++;
      stats.pointersIntoCommon += c.pointers;
      if (c.components) stats.recursionBesideCommon++;
      if (c.unevaluated) stats.unevaluatedProperties++;
      for (let i = 0; i < DOCUMENTS; i++) {
        const x = filesA.get(`${c.name}/docs/${String(i).padStart(2, '0')}.json`);
        if (!x) continue;
        stats.documents++;
        stats[x.status === 'pass' ? 'passing' : 'failing']++;
      }
    }
    others.forEach((results, k) => {
      const [other, b] = [STRATEGIES[k + 1], results[dir]];
      const [filesB, rejectedB] = [new Map(b.files), new Map(b.rejected)];
      for (const c of cases.get(seed)) {
        const found = [];
        if (rejectedA.get(c.name) !== rejectedB.get(c.name))
          found.push(
            `schema: eager ${rejectedA.get(c.name) ?? 'accepted'}; ${other} ${rejectedB.get(c.name) ?? 'accepted'}`,
          );
        for (let i = 0; i < DOCUMENTS; i++) {
          const file = `${c.name}/docs/${String(i).padStart(2, '0')}.json`;
          const [x, y] = [filesA.get(file), filesB.get(file)];
          if (!isDeepStrictEqual(x, y))
            found.push(`${file}:\n    eager: ${JSON.stringify(x)}\n    ${other}: ${JSON.stringify(y)}`);
        }
        if (found.length) {
          const docs = path.join(root, dir, c.name);
          report.push(
            `FUZZ_SEED=${seed} ${c.name} (${c.dialect}${c.split ? ', definitions in common.json' : ''}), eager against ${other}: ${found.length} difference(s):\n  ${found.slice(0, 4).join('\n  ')}\n  schema: ${fs.readFileSync(path.join(docs, 'schema.json'), 'utf8').replace(/\s+/g, ' ')}`,
          );
        }
      }
      const [warnA, warnB] = [[...new Set(a.warnings)].sort(), [...new Set(b.warnings)].sort()];
      if (!isDeepStrictEqual(warnA, warnB))
        t.diagnostic(
          `FUZZ_SEED=${seed}: eager and ${other} warn differently (not a failure): eager ${JSON.stringify(warnA.filter((w) => !warnB.includes(w)))}, ${other} ${JSON.stringify(warnB.filter((w) => !warnA.includes(w)))}`,
        );
    });
  }
  t.diagnostic(`seeds ${SEEDS.join(', ')}: ${JSON.stringify(stats)}`);
  assert.equal(report.length, 0, report.slice(0, 4).join('\n\n'));
  // The cases must exercise what the property is about: the five seeds' cases together do; one
  // seed's (FUZZ_SEED, npm run fuzz) need not spread so, and are checked for agreement only.
  if (process.env.FUZZ_SEED) return;
  assert.ok(
    stats.passing > stats.documents * 0.05 && stats.failing > stats.documents * 0.3,
    `too few passing or failing documents: ${JSON.stringify(stats)}`,
  );
  for (const kind of [
    'splitSchemas',
    'recursive',
    'loopThroughTwoFiles',
    'pointersIntoCommon',
    'unevaluatedProperties',
  ])
    assert.ok(stats[kind] > 0, `no schema with ${kind}: ${JSON.stringify(stats)}`);
  assert.ok(stats.rejectedSchemas < SEEDS.length * SCHEMAS * 0.2, `too many schemas refused: ${JSON.stringify(stats)}`);
});
