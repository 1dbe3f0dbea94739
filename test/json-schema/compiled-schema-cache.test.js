// validators/json-schema/compiled-schema-cache.js through validators/json-schema/json-schema.js: a schema's stored standalone code
// validates exactly as the schema compiled by ajv does, in every dialect and with every ajv setting
// filecheck offers, and warns the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createJsonSchemaValidator } from '../../validators/json-schema/json-schema.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

const draft = (n) => `http://json-schema.org/draft-0${n}/schema#`;

// [what, files (the schema is schema.json), documents, rule options]
const CASES = [
  [
    'draft-04',
    { 'schema.json': { $schema: draft(4), properties: { n: { minimum: 0, exclusiveMinimum: true } } } },
    [{ n: 1 }, { n: 0 }],
  ],
  [
    'draft-06',
    { 'schema.json': { $schema: draft(6), properties: { c: { const: 'x' }, n: { exclusiveMaximum: 3 } } } },
    [{ c: 'x' }, { c: 'y', n: 3 }],
  ],
  [
    'draft-07, full formats',
    {
      'schema.json': {
        $schema: draft(7),
        if: { properties: { kind: { const: 'page' } } },
        then: { required: ['title'] },
        properties: { at: { format: 'date-time' }, uri: { format: 'uri' } },
      },
    },
    [
      { kind: 'page', title: 't', at: '2024-01-31T10:00:00Z' },
      { kind: 'page', at: '2024-02-30T10:00:00Z', uri: 'no uri' },
      { kind: 'page', title: 't', at: '2024-01-31 10:00:00Z' },
    ],
  ],
  [
    '2019-09: $recursiveRef, unevaluatedProperties',
    {
      'schema.json': {
        $schema: 'https://json-schema.org/draft/2019-09/schema',
        $recursiveAnchor: true,
        type: 'object',
        properties: { name: { type: 'string' }, children: { type: 'array', items: { $recursiveRef: '#' } } },
        unevaluatedProperties: false,
      },
    },
    [
      { name: 'a', children: [{ name: 'b' }] },
      { name: 'a', children: [{ name: 2, extra: 1 }], more: true },
    ],
  ],
  [
    '2020-12: $dynamicRef, prefixItems',
    {
      'schema.json': {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        $dynamicAnchor: 'node',
        type: 'object',
        properties: {
          pair: { prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
          kids: { type: 'array', items: { $dynamicRef: '#node' } },
        },
      },
    },
    [
      { pair: ['a', 1], kids: [{ pair: ['b', 2] }] },
      { pair: ['a', 'b', 3], kids: [{ pair: [1] }] },
    ],
  ],
  [
    'fast formats',
    { 'schema.json': { properties: { mail: { format: 'email' }, day: { format: 'date' } } } },
    [
      { mail: 'a@b.example', day: '2024-01-31' },
      { mail: 'nope', day: '2024-13-01' },
    ],
    { formats: 'fast' },
  ],
  [
    'internationalised formats (iri, idn-email…), full and fast',
    {
      'schema.json': {
        properties: {
          home: { format: 'iri' },
          mail: { format: 'idn-email' },
          host: { format: 'idn-hostname' },
          link: { format: 'iri-reference' },
        },
      },
    },
    [
      { home: 'https://bücher.example/ä', mail: 'jürgen@bücher.example', host: 'bücher.example', link: '../ü' },
      { home: 'nope', mail: 'a b@x.example', host: '-x.example', link: 'a b' },
    ],
  ],
  [
    'internationalised formats, fast',
    { 'schema.json': { properties: { home: { format: 'iri' } } } },
    [{ home: 'https://ü.example' }, { home: 'nope' }],
    { formats: 'fast' },
  ],
  [
    'formats off',
    { 'schema.json': { properties: { mail: { format: 'email' } } } },
    [{ mail: 'nope' }],
    { formats: false },
  ],
  [
    'unknown keyword and format (warned)',
    { 'schema.json': { uiWidget: 'X', properties: { s: { type: 'string', format: 'slug' } } } },
    [{ s: 'a' }, { s: 1 }],
  ],
  [
    'declared keyword',
    { 'schema.json': { uiWidget: 'X', required: ['a'] } },
    [{ a: 1 }, {}],
    { keywords: ['uiWidget'] },
  ],
  [
    'a local $ref and a preloaded ref',
    {
      'schema.json': { properties: { tag: { $ref: './defs/tag.json' }, id: { $ref: 'https://example.com/id.json' } } },
      'defs/tag.json': { type: 'string', pattern: '^[a-z]+$' },
      'id.json': { $id: 'https://example.com/id.json', type: 'integer', minimum: 1 },
    },
    [
      { tag: 'abc', id: 3 },
      { tag: 'A!', id: 0 },
    ],
    {},
    ['id.json'],
  ],
  [
    '$data',
    { 'schema.json': { properties: { a: { type: 'integer' }, b: { const: { $data: '1/a' } } } } },
    [
      { a: 1, b: 1 },
      { a: 1, b: 2 },
    ],
    { $data: true },
  ],
  [
    'allErrors off',
    { 'schema.json': { required: ['a', 'b'], properties: { c: { type: 'string' } } } },
    [{ c: 1 }],
    { allErrors: false },
  ],
];

function tempDir(t) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-schema-cache-')));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// Each folder given stands for a run of its own (another process, another SchemaCache); smallOnly:
// the folder kept without --cache.
async function validator(rule, schemaCache, { smallOnly = false } = {}) {
  const warnings = [];
  const built = await createJsonSchemaValidator(rule, {
    warn: (message) => warnings.push(message),
    display: (file) => path.basename(file),
    schemaCache: schemaCache && { dir: schemaCache, run: schemaCache, ...(smallOnly && { smallOnly }) },
  });
  return { validate: built.validate, warnings };
}

test('stored code validates and warns as the compiled schema does', async (t) => {
  for (const [what, files, docs, ajv = {}, refs = []] of CASES) {
    await t.test(what, async (t) => {
      const dir = tempDir(t);
      for (const [name, value] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
        fs.writeFileSync(path.join(dir, name), JSON.stringify(value));
      }
      const rule = {
        schema: path.join(dir, 'schema.json'),
        refs: refs.map((ref) => path.join(dir, ref)),
        ajv,
        base: REPO,
      };
      const cacheDir = path.join(dir, 'cache');
      const compiled = await validator(rule);
      const cold = await validator(rule, cacheDir);
      assert.deepEqual(
        fs.readdirSync(cacheDir).filter((name) => name.startsWith('code-')),
        [],
        'the first compilation stores no code',
      );
      // Another process (another SchemaCache over the same folder) compiles it again: whole, its code stored.
      fs.symlinkSync(cacheDir, path.join(dir, 'second-run'), 'junction');
      const storing = await validator(rule, path.join(dir, 'second-run'));
      const stored = fs.readdirSync(cacheDir).filter((name) => name.startsWith('schema-'));
      assert.equal(stored.length, 1, 'one stored schema');
      assert.match(
        fs.readFileSync(
          path.join(cacheDir, JSON.parse(fs.readFileSync(path.join(cacheDir, stored[0]), 'utf8')).code),
          'utf8',
        ),
        /module\.exports/,
      );
      // Another process: another SchemaCache over the same folder, which reads what the first stored.
      const elsewhere = path.join(dir, 'same-cache');
      fs.symlinkSync(cacheDir, elsewhere, 'junction');
      const warm = await validator(rule, elsewhere);
      for (const doc of docs) {
        const expected = compiled.validate(doc);
        assert.deepEqual(cold.validate(doc), expected, JSON.stringify(doc));
        assert.deepEqual(storing.validate(doc), expected, JSON.stringify(doc));
        assert.deepEqual(warm.validate(doc), expected, JSON.stringify(doc));
      }
      assert.ok(docs.some((doc) => compiled.validate(doc).length) || what === 'formats off', 'some document fails');
      assert.deepEqual(cold.warnings, compiled.warnings);
      assert.deepEqual(storing.warnings, compiled.warnings);
      assert.deepEqual(warm.warnings, compiled.warnings);
    });
  }
});

test('a later process runs the stored code, compiling nothing; stored code that does not load is compiled and stored again', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify({ required: ['a'] }));
  const rule = { schema: path.join(dir, 'schema.json'), refs: [], ajv: {}, base: REPO };
  const cacheDir = path.join(dir, 'cache');
  await validator(rule, cacheDir);
  fs.symlinkSync(cacheDir, path.join(dir, 'first-again'), 'junction');
  await validator(rule, path.join(dir, 'first-again')); // compiled a second time: stored
  const [name] = fs.readdirSync(cacheDir).filter((file) => file.startsWith('schema-'));
  const entry = JSON.parse(fs.readFileSync(path.join(cacheDir, name), 'utf8'));
  const codeFile = path.join(cacheDir, entry.code);
  const code = fs.readFileSync(codeFile, 'utf8');

  // Code that passes everything stands out: a validator that uses it did not compile the schema.
  fs.writeFileSync(codeFile, 'module.exports = function validate() { return true; };');
  fs.symlinkSync(cacheDir, path.join(dir, 'second'), 'junction');
  assert.deepEqual((await validator(rule, path.join(dir, 'second'))).validate({}), []);

  fs.writeFileSync(codeFile, 'module.exports = 42;');
  fs.symlinkSync(cacheDir, path.join(dir, 'third'), 'junction');
  const third = await validator(rule, path.join(dir, 'third'));
  assert.equal(third.validate({}).length, 1, 'compiled again');
  assert.deepEqual(
    JSON.parse(fs.readFileSync(path.join(cacheDir, name), 'utf8')),
    { ...entry, run: path.join(dir, 'third') },
    'and stored again, by that run',
  );
  assert.equal(fs.readFileSync(codeFile, 'utf8'), code);
});

// A schema `{ required: ['a'] }` and a cache folder; run() is a process of its own over that folder
// (its validator's problems on `{}`).
function runsOverOneFolder(t, options) {
  const dir = tempDir(t);
  const schema = path.join(dir, 'schema.json');
  fs.writeFileSync(schema, JSON.stringify({ required: ['a'] }));
  const rule = { schema, refs: [], ajv: {}, base: REPO };
  const cacheDir = path.join(dir, 'cache');
  fs.mkdirSync(cacheDir);
  let runs = 0;
  const run = async () => {
    const at = path.join(dir, `run-${runs++}`);
    fs.symlinkSync(cacheDir, at, 'junction');
    return (await validator(rule, at, options)).validate({});
  };
  return { schema, cacheDir, run };
}

test("an entry is current while its files' sizes and times are, else their bytes (new times then recorded); other bytes or another identity under its name are compiled again", async (t) => {
  const { schema, cacheDir, run } = runsOverOneFolder(t);
  await run();
  await run(); // compiled a second time: stored
  const [name] = fs.readdirSync(cacheDir).filter((file) => file.startsWith('schema-'));
  const entryFile = path.join(cacheDir, name);
  const entry = () => JSON.parse(fs.readFileSync(entryFile, 'utf8'));
  const stored = entry();
  // Code that passes everything stands out: a validator that uses it did not compile the schema.
  fs.writeFileSync(path.join(cacheDir, stored.code), 'module.exports = function validate() { return true; };');
  assert.deepEqual(await run(), [], 'unchanged: the stored code runs');

  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(schema, later, later);
  assert.deepEqual(await run(), [], 'new times, the same bytes: the stored code runs');
  const { size, mtimeMs, ctimeMs } = fs.statSync(schema);
  assert.deepEqual(entry().stats, [[size, mtimeMs, ctimeMs]], 'and the new times are recorded');
  assert.deepEqual({ ...entry(), stats: stored.stats }, stored, 'nothing else changed');

  fs.writeFileSync(entryFile, JSON.stringify({ ...entry(), identity: 'another schema of the same name' }));
  assert.equal((await run()).length, 1, 'another identity: compiled again');
  fs.writeFileSync(path.join(cacheDir, stored.code), 'module.exports = function validate() { return true; };');
  fs.writeFileSync(entryFile, JSON.stringify({ ...entry(), identity: stored.identity, code: stored.code }));
  assert.deepEqual(await run(), [], 'its own identity again: the stored code runs');
  fs.writeFileSync(schema, JSON.stringify({ required: ['b'] }));
  assert.equal((await run()).length, 1, 'other bytes: compiled again');
});

test('the folder kept without --cache never reads its files: one whose times changed is compiled again', async (t) => {
  const { schema, cacheDir, run } = runsOverOneFolder(t, { smallOnly: true });
  await run();
  await run();
  const [name] = fs.readdirSync(cacheDir).filter((file) => file.startsWith('schema-'));
  const stored = JSON.parse(fs.readFileSync(path.join(cacheDir, name), 'utf8'));
  assert.deepEqual(stored.deps, [[schema, '']], 'not digested');
  fs.writeFileSync(path.join(cacheDir, stored.code), 'module.exports = function validate() { return true; };');
  assert.deepEqual(await run(), [], 'unchanged: the stored code runs');
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(schema, later, later);
  assert.equal((await run()).length, 1, 'new times: compiled again');
});

test("a rule with ajv plugins: stored code gets a plugin package's helpers from the rule's base, and validates as the compiled schema does", async (t) => {
  const dir = tempDir(t);
  // A plugin package of the project's (not one of filecheck's dependencies), whose `code` keyword
  // refers to a helper of its own by a require path, as ajv-keywords' `transform` does.
  const files = {
    'node_modules/words-plugin/package.json': JSON.stringify({
      name: 'words-plugin',
      version: '1.0.0',
      main: 'index.js',
    }),
    'node_modules/words-plugin/helpers.js': 'exports.isWord = (s) => /^[a-z]+$/.test(s);\n',
    'node_modules/words-plugin/index.js': `const { _ } = require('ajv');
const { isWord } = require('./helpers.js');
module.exports = (ajv) => ajv.addKeyword({ keyword: 'word', type: 'string', code(cxt) {
  module.exports.compiled += 1;
  const fn = cxt.gen.scopeValue('func', { ref: isWord, code: _\`require("words-plugin/helpers.js").isWord\` });
  cxt.fail(_\`!\${fn}(\${cxt.data})\`);
} });
module.exports.compiled = 0;
`,
    'schema.json': JSON.stringify({
      properties: { w: { word: true }, n: { type: 'integer' } },
      errorMessage: { properties: { n: 'n: a whole number' } },
    }),
  };
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  for (const name of ['ajv', 'ajv-errors'])
    fs.symlinkSync(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name), 'junction');
  const rule = {
    schema: path.join(dir, 'schema.json'),
    refs: [],
    ajv: { plugins: ['words-plugin', 'ajv-errors'] },
    base: dir,
  };
  const cacheDir = path.join(dir, 'cache');
  const compiled = await validator(rule);
  await validator(rule, cacheDir);
  fs.symlinkSync(cacheDir, path.join(dir, 'second-run'), 'junction');
  const cold = await validator(rule, path.join(dir, 'second-run')); // compiled a second time: stored
  const [name] = fs.readdirSync(cacheDir).filter((file) => file.startsWith('schema-'));
  assert.match(
    fs.readFileSync(path.join(cacheDir, JSON.parse(fs.readFileSync(path.join(cacheDir, name), 'utf8')).code), 'utf8'),
    /require\("words-plugin\/helpers\.js"\)\.isWord/,
  );
  const plugin = createRequire(path.join(dir, 'noop.js'))('words-plugin');
  assert.equal(plugin.compiled, 3, 'compiled without the cache, and twice with it');
  fs.symlinkSync(cacheDir, path.join(dir, 'same-cache'), 'junction');
  const warm = await validator(rule, path.join(dir, 'same-cache'));
  assert.equal(plugin.compiled, 3, 'the stored code is loaded, nothing compiled');
  const docs = [
    { w: 'abc', n: 1 },
    { w: 'Abc', n: 1.5 },
  ];
  assert.equal(compiled.validate(docs[1]).length, 2);
  for (const doc of docs) {
    assert.deepEqual(cold.validate(doc), compiled.validate(doc), JSON.stringify(doc));
    assert.deepEqual(warm.validate(doc), compiled.validate(doc), JSON.stringify(doc));
  }
});
