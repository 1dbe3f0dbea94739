// validators/json-schema/compile-offline.js, through the json-schema validator: offline $refs, by file
// and by $id, preloaded or read from beside the schema, and which file a $ref names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { compile, problem, tempDir, D07, D2020 } from '../helpers/compile-schema.js';

const require = createRequire(import.meta.url);

// ── $ref ────────────────────────────────────────────────────────────────────────────────────────

test('$ref by $id resolves to a preloaded ref', async (t) => {
  const { validate, warnings } = await compile(
    t,
    {
      'schema.json': { properties: { a: { $ref: 'https://example.com/defs.json#/definitions/count' } } },
      'defs.json': { $id: 'https://example.com/defs.json', definitions: { count: { type: 'integer', minimum: 0 } } },
    },
    { refs: ['defs.json'] },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 3 }), []);
  assert.deepEqual(validate({ a: -1 }), [problem('/a', 'must be >= 0')]);
});

test('the schema itself listed among the refs is not loaded twice', async (t) => {
  const { validate } = await compile(
    t,
    { 'schema.json': { $id: 'https://example.com/self.json', type: 'string' } },
    { refs: ['schema.json'] },
  );
  assert.deepEqual(validate(1), [problem('', 'must be string')]);
});

test('a relative file $ref is read from beside the schema, without preloading', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { properties: { locale: { $ref: './common.json#/definitions/x' } } },
    'common.json': { definitions: { x: { enum: ['en-US', 'fr'] } } },
  });
  assert.deepEqual(validate({ locale: 'fr' }), []);
  assert.deepEqual(validate({ locale: 'de' }), [problem('/locale', 'must be one of "en-US", "fr"')]);
});

test('a relative $ref under an https $id maps to the file at the same relative path', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schemas/root.json': {
        $id: 'https://example.com/schemas/root.json',
        properties: { a: { $ref: 'parts/leaf.json' } },
      },
      'schemas/parts/leaf.json': { type: 'string' },
    },
    { schema: 'schemas/root.json' },
  );
  assert.deepEqual(validate({ a: 's' }), []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('a remote $ref that is not preloaded is a UsageError naming the $ref', async (t) => {
  await assert.rejects(
    compile(t, { 'schema.json': { properties: { a: { $ref: 'https://elsewhere.example/x.json#/definitions/y' } } } }),
    (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(
        error.message,
        `schema schema.json: $ref "https://elsewhere.example/x.json#/definitions/y" cannot be resolved offline; pull it once (filecheck schemas pull, with the same options), preload the schema it names with --ref or the rule's "refs", or map its URL to a local folder with --schema-store (config "schemaStore")`,
      );
      return true;
    },
  );
});

test('a relative $ref to a file that does not exist is a UsageError naming the $ref', async (t) => {
  const dir = tempDir(t);
  await assert.rejects(compile(t, { 'schema.json': { properties: { a: { $ref: 'missing.json' } } } }, { dir }), {
    name: 'UsageError',
    message: 'schema schema.json: $ref "missing.json": no such file (missing.json)', // a local file's $ref is shown as a path
  });
});

test('schemas that $ref each other compile (a loop, by $id)', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { $id: 'https://example.com/a.json', type: 'object', properties: { b: { $ref: 'b.json' } } },
    'b.json': { $id: 'https://example.com/b.json', type: 'object', properties: { a: { $ref: 'a.json' } } },
  });
  assert.deepEqual(validate({ b: { a: { b: {} } } }), []);
  assert.deepEqual(validate({ b: { a: { b: 1 } } }), [problem('/b/a/b', 'must be object')]);
});

test('schemas that $ref each other compile (a loop, by file)', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { type: 'object', properties: { b: { $ref: 'b.json' } } },
    'b.json': { type: 'object', properties: { a: { $ref: 'schema.json' } } },
  });
  assert.deepEqual(validate({ b: { a: { b: {} } } }), []);
  assert.deepEqual(validate({ b: { a: 'x' } }), [problem('/b/a', 'must be object')]);
});

test('schemas that $ref each other compile (a loop through a preloaded ref)', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schema.json': { type: 'object', properties: { b: { $ref: 'b.json' } } },
      'b.json': { type: 'object', properties: { a: { $ref: 'schema.json' } } },
    },
    { refs: ['b.json'] },
  );
  assert.deepEqual(validate({ b: { a: { b: 1 } } }), [problem('/b/a/b', 'must be object')]);
});

// ── which file a $ref names ─────────────────────────────────────────────────────────────────────

test('preloaded refs are added only when a $ref asks for them: an unused one of another draft is no matter', async (t) => {
  const { validate, warnings } = await compile(
    t,
    {
      'schema.json': {
        $schema: D07,
        $id: 'https://acme.io/app.json',
        properties: { a: { $ref: 'defs/common.json#/definitions/name' } },
      },
      'defs/common.json': {
        $schema: D07,
        $id: 'https://acme.io/defs/common.json#',
        definitions: { name: { type: 'string', minLength: 3 } },
      },
      'defs/anchors.json': {
        $schema: D2020,
        $id: 'https://acme.io/defs/anchors.json',
        $defs: { tag: { $anchor: 'tag', type: 'string' } },
      },
    },
    { refs: ['defs/common.json', 'defs/anchors.json'] },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 'ab' }), [problem('/a', 'must NOT have fewer than 3 characters')]);
});

test('a preloaded ref that cannot be read is a UsageError, used or not', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"$id": ');
  await assert.rejects(compile(t, { 'schema.json': { type: 'string' } }, { dir, refs: ['broken.json'] }), (error) => {
    assert.ok(error instanceof UsageError);
    assert.match(error.message, /^schema broken\.json:1:9 is not valid JSON: /);
    return true;
  });
});

test("a bundle that embeds its own copy of a meta-schema ajv has built in (AsyncAPI's embeds draft-07's): the copy is what that $id names", async (t) => {
  const { $schema, $id, ...draft07 } = require('ajv/dist/refs/json-schema-draft-07.json');
  // Written as json-schema.org has it: writeOnly, which ajv's copy lacks, and no "#" in the $id.
  const copy = {
    ...draft07,
    $id: 'http://json-schema.org/draft-07/schema',
    properties: { ...draft07.properties, writeOnly: { type: 'boolean', default: false } },
  };
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'http://asyncapi.com/definitions/3.0.0/bundle.json',
      properties: {
        payload: { $ref: 'http://json-schema.org/draft-07/schema#' },
        headers: { $ref: 'http://json-schema.org/draft-07/schema' },
      },
      definitions: { 'http://json-schema.org/draft-07/schema': copy },
    },
  });
  assert.deepEqual(validate({ payload: { type: 'object', writeOnly: true }, headers: { type: 'object' } }), []);
  assert.deepEqual(
    validate({ headers: { writeOnly: 'yes' } }).map((p) => p.pointer),
    ['/headers/writeOnly'],
  );
});

test('an $id embedded in a preloaded ref (a bundle) resolves', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schema.json': { properties: { a: { $ref: 'https://acme.io/inner.json' } } },
      'bundle.json': {
        $id: 'https://acme.io/bundle.json',
        definitions: { inner: { $id: 'inner.json', type: 'integer' } },
      },
    },
    { refs: ['bundle.json'] },
  );
  assert.deepEqual(validate({ a: 'x' }), [problem('/a', 'must be integer')]);
});

test('one schema reached by its file and by its $id is one schema', async (t) => {
  const files = {
    'schema.json': {
      properties: { x: { $ref: './c.json' }, y: { $ref: 'https://acme.io/c.json' }, z: { $ref: 'c.json#' } },
    },
    'c.json': { $id: 'https://acme.io/c.json', type: 'string' },
  };
  for (const refs of [['c.json'], ['c.json', 'schema.json']]) {
    const { validate } = await compile(t, files, { refs });
    assert.deepEqual(validate({ x: 1, y: 2, z: 3 }), [
      problem('/x', 'must be string'),
      problem('/y', 'must be string'),
      problem('/z', 'must be string'),
    ]);
  }
  const { validate } = await compile(t, {
    ...files,
    'schema.json': { properties: { x: { $ref: './c.json' }, y: { $ref: 'https://acme.io/c.json' } } },
  });
  assert.deepEqual(
    validate({ x: 's', y: 1 }),
    [problem('/y', 'must be string')],
    'without --ref: the file first, then its $id',
  );
});

test('two preloaded refs with one $id: a UsageError naming both when that $id is needed; identical copies are one', async (t) => {
  const dir = tempDir(t);
  const files = {
    'schema.json': { $id: 'https://acme.io/root.json', properties: { a: { $ref: 'https://acme.io/a.json' } } },
    'v1/a.json': { $id: 'https://acme.io/a.json', type: 'integer' },
    'v2/a.json': { $id: 'https://acme.io/a.json', type: 'string' },
    'copy/a.json': { $id: 'https://acme.io/a.json', type: 'integer' },
    'v2/unused.json': { $id: 'https://acme.io/unused.json', type: 'string' },
    'v3/unused.json': { $id: 'https://acme.io/unused.json', type: 'integer' },
    'v2/root.json': { $id: 'https://acme.io/root.json', type: 'string' },
  };
  await assert.rejects(compile(t, files, { dir, refs: ['v1/a.json', 'v2/a.json'] }), {
    name: 'UsageError',
    message:
      'schema schema.json: $id "https://acme.io/a.json" is given by both v1/a.json and v2/a.json; keep one of them in the refs',
  });
  const { validate } = await compile(t, files, {
    dir,
    refs: ['v1/a.json', 'copy/a.json', 'v2/unused.json', 'v3/unused.json'],
  });
  assert.deepEqual(validate({ a: 'x' }), [problem('/a', 'must be integer')]);
  await assert.rejects(compile(t, files, { dir, refs: ['v1/a.json', 'v2/root.json'] }), {
    name: 'UsageError',
    message:
      'schema schema.json: $id "https://acme.io/root.json" is given by both schema.json and v2/root.json; keep one of them in the refs',
  });
});

test('two files that $refs reach with one $id are a UsageError naming both', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { properties: { a: { $ref: 'v1/a.json' }, b: { $ref: 'v2/a.json' } } },
      'v1/a.json': { $id: 'https://acme.io/a.json', type: 'integer' },
      'v2/a.json': { $id: 'https://acme.io/a.json', type: 'string' },
    }),
    {
      name: 'UsageError',
      message: 'schema schema.json: $id "https://acme.io/a.json" is given by both v1/a.json and v2/a.json',
    },
  );
});

test('a $ref under an https $id reaches files anywhere on its origin: "../", and under a $ref\'d file\'s own $id', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schemas/a/root.json': {
        $id: 'https://example.com/schemas/a/root.json',
        properties: { up: { $ref: '../lib/x.json' }, top: { $ref: '/top.json' }, other: { $ref: '../lib/named.json' } },
      },
      'schemas/lib/x.json': { type: 'string' },
      'top.json': { type: 'integer' },
      'schemas/lib/named.json': {
        $id: 'https://example.com/elsewhere/named.json',
        properties: { n: { $ref: 'sibling.json' } },
      },
      'schemas/lib/sibling.json': { type: 'boolean' },
    },
    { schema: 'schemas/a/root.json' },
  );
  assert.deepEqual(validate({ up: 1, top: 'x', other: { n: 1 } }), [
    problem('/up', 'must be string'),
    problem('/top', 'must be integer'),
    problem('/other/n', 'must be boolean'),
  ]);
});

test("a relative $id is resolved against the schema file's URL", async (t) => {
  const files = {
    'compose_spec.json': { $id: 'compose_spec.json', properties: { b: { $ref: 'b.json' } } },
    'nested.json': { $id: 'v1/nested.json', properties: { b: { $ref: 'b.json' } } },
    'b.json': { type: 'string' },
    'v1/b.json': { type: 'number' },
  };
  const relative = await compile(t, files, { schema: 'compose_spec.json' });
  assert.deepEqual(relative.validate({ b: 1 }), [problem('/b', 'must be string')]);
  const nested = await compile(t, files, { schema: 'nested.json' });
  assert.deepEqual(nested.validate({ b: 's' }), [problem('/b', 'must be number')]);
});

test('a $ref to an $anchor in another file resolves, with no warning', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { $schema: D2020, properties: { tag: { $ref: 'anchors.json#tag' } } },
    'anchors.json': { $schema: D2020, $defs: { tag: { $anchor: 'tag', type: 'string' } } },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ tag: 1 }), [problem('/tag', 'must be string')]);
});

test('a $ref to a part its file lacks names the file', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { properties: { a: { $ref: 'b.json#/definitions/nope' } } },
      'b.json': { definitions: {} },
    }),
    (error) =>
      error instanceof UsageError &&
      /^schema schema\.json: \$ref "b\.json#\/definitions\/nope" cannot be resolved: b\.json has no such part$/.test(
        error.message,
      ),
  );
});
