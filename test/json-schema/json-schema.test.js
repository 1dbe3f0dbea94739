// validators/json-schema/json-schema.js: dialects, offline $refs, strictness, formats, plugins and the shape of problems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { createJsonSchemaValidator, createSchemaLoader } from '../../validators/json-schema/json-schema.js';
import { UsageError } from '../../shared/errors.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-json-schema-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Writes `files` (name ─▶ JSON value) into a temp dir and compiles `schema` from there.
 * @returns {Promise<{ validate(doc: unknown): object[], warnings: string[], dir: string }>}
 */
async function compile(t, files, { schema = 'schema.json', refs = [], ajv = {}, base = REPO, dir = tempDir(t) } = {}) {
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), JSON.stringify(value, null, 2));
  }
  const warnings = [];
  const validator = await createJsonSchemaValidator(
    { schema: path.join(dir, schema), refs: refs.map((ref) => path.join(dir, ref)), ajv, base },
    { warn: (message) => warnings.push(message), display: (file) => path.relative(dir, file) },
  );
  assert.equal(validator.name, 'json-schema');
  // Every problem names the schema that found it, by its display path, and a failing one its ajv
  // keyword (a test of its own below); the tests below compare the rest.
  const validate = (doc) =>
    validator.validate(doc).map(({ schema: named, keyword, ...rest }) => {
      assert.equal(named, schema);
      if (rest.kind === 'invalid') assert.equal(typeof keyword, 'string');
      return rest;
    });
  return { validate, warnings, dir };
}

/** The problem json-schema reports. */
const problem = (pointer, message) => ({ validator: 'json-schema', message, pointer, kind: 'invalid' });
/** One about a property that should not be there: placed on its key. */
const extraKey = (pointer, message) => ({ ...problem(pointer, message), atKey: true });

// ── dialects ────────────────────────────────────────────────────────────────────────────────────

test('draft-04: `id` and a boolean exclusiveMinimum', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'https://example.com/d4.json',
      type: 'object',
      properties: { n: { $ref: '#/definitions/positive' } },
      definitions: { positive: { type: 'number', minimum: 0, exclusiveMinimum: true } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ n: 0.5 }), []);
  assert.deepEqual(validate({ n: 0 }), [problem('/n', 'must be > 0')]);
});

test('draft-06: a numeric exclusiveMinimum and const', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-06/schema#',
      properties: { n: { exclusiveMinimum: 0 }, c: { const: 'x' } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ n: 1, c: 'x' }), []);
  assert.deepEqual(validate({ n: 0, c: 'y' }), [problem('/n', 'must be > 0'), problem('/c', 'must be equal to "x"')]);
});

test('draft-07: if / then', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-07/schema#',
      if: { properties: { kind: { const: 'page' } } },
      then: { required: ['title'] },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ kind: 'page', title: 't' }), []);
  assert.deepEqual(validate({ kind: 'note' }), []);
  // What `then` asks says it all: ajv's "must match "then" schema" after it is left out.
  assert.deepEqual(validate({ kind: 'page' }), [problem('', 'must have required property "title"')]);
});

test('2019-09: $defs and unevaluatedProperties', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $defs: { count: { type: 'integer' } },
      type: 'object',
      allOf: [{ properties: { a: { $ref: '#/$defs/count' } } }],
      unevaluatedProperties: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), []);
  assert.deepEqual(validate({ a: 1.5, b: 2 }), [
    problem('/a', 'must be integer'),
    extraKey('/b', 'must NOT have unevaluated property "b"'),
  ]);
});

test('2020-12: prefixItems', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a', 1]), []);
  assert.deepEqual(validate([1, 'a']), [problem('/0', 'must be string'), problem('/1', 'must be number')]);
  assert.deepEqual(validate(['a', 1, 2]), [problem('', 'must NOT have more than 2 items')]);
});

test('no $schema: draft-07 (array-form items is a tuple; prefixItems is unknown)', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { type: 'array', items: [{ type: 'string' }], prefixItems: [{ type: 'number' }] },
  });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keyword "prefixItems" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate(['a', 1]), []);
  assert.deepEqual(validate([1]), [problem('/0', 'must be string')]);
});

test('"http://json-schema.org/schema#" (the latest dialect) is validated as 2020-12', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { $schema: 'http://json-schema.org/schema#', prefixItems: [{ type: 'string' }] },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a']), []);
  assert.deepEqual(validate([1]), [problem('/0', 'must be string')]);
});

// Found by test/reliability/fuzz-agreement.test.js: the dialect was recognised, then ajv rejected
// the schema ("no schema with key or ref") because it knows each meta-schema under one spelling.
test('a known dialect is accepted in every spelling: http or https, with or without "#"', async (t) => {
  const dialects = [
    ['json-schema.org/draft-04/schema', { minimum: 0, exclusiveMinimum: true }, 0, ['must be > 0']],
    ['json-schema.org/draft-06/schema', { exclusiveMinimum: 0 }, 0, ['must be > 0']],
    ['json-schema.org/draft-07/schema', { if: { minimum: 0 }, then: { multipleOf: 2 } }, 1, ['must be multiple of 2']],
    ['json-schema.org/draft/2019-09/schema', { maximum: 0 }, 1, ['must be <= 0']],
    ['json-schema.org/draft/2020-12/schema', { maximum: 0 }, 1, ['must be <= 0']],
  ];
  for (const [uri, keywords, bad, messages] of dialects) {
    for (const spelling of [`http://${uri}`, `https://${uri}`, `http://${uri}#`, `https://${uri}#`]) {
      const { validate, warnings } = await compile(t, {
        'schema.json': { $schema: spelling, type: 'number', ...keywords },
      });
      assert.deepEqual(warnings, [], spelling);
      assert.deepEqual(
        validate(bad),
        messages.map((message) => problem('', message)),
        spelling,
      );
    }
  }
  // A schema read for a $ref, and a preloaded one, too.
  const https07 = 'https://json-schema.org/draft-07/schema#';
  const { validate } = await compile(
    t,
    {
      'schema.json': {
        $schema: https07,
        properties: { a: { $ref: './common.json' }, b: { $ref: 'https://example.com/pre.json' } },
      },
      'common.json': { $schema: https07, type: 'string' },
      'pre.json': { $schema: https07, $id: 'https://example.com/pre.json', type: 'integer' },
    },
    { refs: ['pre.json'] },
  );
  assert.deepEqual(validate({ a: 1, b: 'x' }), [problem('/a', 'must be string'), problem('/b', 'must be integer')]);
});

test('an unknown $schema warns and is validated as draft-07', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://example.com/my-dialect',
      type: 'object',
      required: ['a'],
      if: { required: ['x'] },
      then: { required: ['y'] },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown $schema "https://example.com/my-dialect", validating it as draft-07',
  ]);
  assert.deepEqual(validate({ a: 1 }), []);
  assert.deepEqual(validate({}), [problem('', 'must have required property "a"')]);
  assert.deepEqual(validate({ a: 1, x: 1 }), [problem('', 'must have required property "y"')]);
});

test("a $schema naming a custom meta-schema among the refs is read in that meta-schema's own dialect, in the root and in the files its $refs reach", async (t) => {
  const meta = (id, $schema) => ({
    $schema,
    $id: id,
    $vocabulary: { 'https://json-schema.org/draft/2020-12/vocab/core': true },
    allOf: [{ $ref: $schema }],
  });
  const { validate, warnings } = await compile(
    t,
    {
      'meta.json': meta('https://example.com/meta-2020', 'https://json-schema.org/draft/2020-12/schema'),
      // A meta-schema of a meta-schema: the dialect is that of the first one filecheck knows.
      'meta-of-meta.json': meta('https://example.com/meta-of-meta', 'https://example.com/meta-2020'),
      'schema.json': {
        $schema: 'https://example.com/meta-2020',
        prefixItems: [{ type: 'string' }],
        items: { $ref: 'item.json' },
      },
      'item.json': { $schema: 'https://example.com/meta-of-meta', type: 'object', dependentRequired: { a: ['b'] } },
    },
    { refs: ['meta.json', 'meta-of-meta.json'] },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a', { a: 1, b: 2 }]), []);
  assert.deepEqual(validate([1, { a: 1 }]), [
    problem('/0', 'must be string'),
    problem('/1', 'must have property b when property a is present'),
  ]);
});

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
        `schema schema.json: $ref "https://elsewhere.example/x.json#/definitions/y" cannot be resolved offline; preload the schema it names with --ref or the rule's "refs", or map its URL to a local folder with --schema-store (config "schemaStore")`,
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

const D04 = 'http://json-schema.org/draft-04/schema#';
const D07 = 'http://json-schema.org/draft-07/schema#';
const D2020 = 'https://json-schema.org/draft/2020-12/schema';

// ── $dynamicRef ─────────────────────────────────────────────────────────────────────────────────

test("$dynamicRef to a $dynamicAnchor in $defs, the only one (OpenAPI 3.1's schema): it lands there, not on the root ajv falls back to", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D2020,
      $id: 'https://example.com/oas/schema',
      type: 'object',
      properties: {
        components: {
          type: 'object',
          properties: { schemas: { type: 'object', additionalProperties: { $dynamicRef: '#meta' } } },
          unevaluatedProperties: false,
        },
      },
      unevaluatedProperties: false,
      $defs: { schema: { $dynamicAnchor: 'meta', type: ['object', 'boolean'] } },
    },
  });
  assert.deepEqual(validate({ components: { schemas: { Pet: { type: 'object', required: ['id'] }, Any: true } } }), []);
  assert.deepEqual(validate({ components: { schemas: { Pet: 5 } } }), [
    problem('/components/schemas/Pet', 'must be object or boolean'),
  ]);
});

test("$dynamicRef: a schema that $refs another overrides its $dynamicAnchor (OpenAPI 3.1's schema-base); the other alone keeps its own", async (t) => {
  const files = {
    'base.json': {
      $schema: D2020,
      $id: 'https://example.com/oas/base',
      type: 'object',
      properties: { schemas: { type: 'object', additionalProperties: { $dynamicRef: '#meta' } } },
      $defs: { schema: { $dynamicAnchor: 'meta', type: ['object', 'boolean'] } },
    },
    'strict.json': {
      $schema: D2020,
      $id: 'https://example.com/oas/strict',
      $ref: 'https://example.com/oas/base',
      $defs: { schema: { $dynamicAnchor: 'meta', type: 'object', required: ['type'] } },
    },
  };
  const strict = await compile(t, files, { schema: 'strict.json', refs: ['base.json'] });
  assert.deepEqual(strict.validate({ schemas: { Pet: { type: 'object' } } }), []);
  assert.deepEqual(strict.validate({ schemas: { Pet: {}, Flag: true } }), [
    problem('/schemas/Pet', 'must have required property "type"'),
    problem('/schemas/Flag', 'must be object'),
  ]);
  const base = await compile(t, files, { schema: 'base.json' });
  assert.deepEqual(base.validate({ schemas: { Pet: {}, Flag: true } }), []);
});

test('$dynamicRef: an anchor at the roots of two schemas (tree, strict-tree) stays dynamic, whichever a $ref reaches first', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D2020,
      properties: { plain: { $ref: 'tree.json' }, strict: { $ref: 'strict-tree.json' } },
    },
    'tree.json': {
      $schema: D2020,
      $id: 'https://example.com/tree.json',
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { children: { type: 'array', items: { $dynamicRef: '#node' } } },
    },
    'strict-tree.json': {
      $schema: D2020,
      $id: 'https://example.com/strict-tree.json',
      $dynamicAnchor: 'node',
      $ref: 'tree.json',
      unevaluatedProperties: false,
    },
  });
  assert.deepEqual(validate({ plain: { children: [{ extra: 1 }] } }), []);
  assert.deepEqual(validate({ strict: { children: [{ extra: 1 }] } }), [
    extraKey('/strict/children/0/extra', 'must NOT have unevaluated property "extra"'),
  ]);
});

// ── drafts mixed across $refs ───────────────────────────────────────────────────────────────────

test("a draft-07 schema $refs a draft-04 file and a 2020-12 one: each keeps its own draft's meaning", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: D07,
      properties: {
        n: { $ref: 'd4.json' },
        t: { $ref: 'd2020.json' },
        old: { items: [{ type: 'string' }], additionalItems: false },
      },
    },
    'd4.json': { $schema: D04, type: 'number', maximum: 5, exclusiveMaximum: true },
    'd2020.json': { $schema: D2020, type: 'array', prefixItems: [{ type: 'string' }] },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ n: 4.5, t: ['a', 1], old: ['a'] }), []);
  assert.deepEqual(validate({ n: 5, t: [1], old: ['a', 'b'] }), [
    problem('/n', 'must be < 5'),
    problem('/t/0', 'must be string'),
    problem('/old', 'must NOT have more than 1 items'),
  ]);
});

test('a 2020-12 schema $refs a draft-07 file and a draft-04 one (ids, tuples, dependencies)', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { $schema: D2020, properties: { a: { $ref: 'd7.json' }, b: { $ref: 'd4.json#/definitions/low' } } },
    'd7.json': { $schema: D07, type: 'array', items: [{ type: 'string' }], additionalItems: { type: 'number' } },
    'd4.json': {
      $schema: D04,
      id: 'https://example.com/d4.json',
      definitions: { low: { type: 'integer', minimum: 0, exclusiveMinimum: true, dependencies: {} } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: ['x', 1, 2], b: 1 }), []);
  assert.deepEqual(validate({ a: [1, 'x'], b: 0 }), [
    problem('/a/0', 'must be string'),
    problem('/a/1', 'must be number'),
    problem('/b', 'must be > 0'),
  ]);
});

test("a keyword newer than its file's draft is ignored there, with the unknown-keyword warning, also when a newer file joins the compilation", async (t) => {
  const files = {
    'schema.json': {
      $schema: D07,
      properties: { old: { $ref: 'd7.json' }, four: { $ref: 'd4.json' }, new: { $ref: 'd2020.json' } },
    },
    'd7.json': {
      $schema: D07,
      properties: { list: { prefixItems: [{ type: 'string' }] } },
      dependentRequired: { a: ['b'] },
    },
    'd4.json': { $schema: D04, properties: { a: {} }, unevaluatedProperties: false },
    'd2020.json': { $schema: D2020, prefixItems: [{ type: 'string' }] },
  };
  const { validate, warnings } = await compile(t, files);
  assert.deepEqual(validate({ old: { list: [1], a: 1 }, four: { a: 1, b: 2 }, new: [1] }), [
    problem('/new/0', 'must be string'),
  ]);
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keywords "dependentRequired", "prefixItems", "unevaluatedProperties" are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  // Strict, an unknown keyword is an error, in a file compiled in its own dialect or rewritten.
  await assert.rejects(
    compile(t, { ...files, 'schema.json': { $schema: D2020, $ref: 'd7.json' } }, { ajv: { strictSchema: true } }),
    {
      name: 'UsageError',
      message:
        'schema schema.json: d7.json (reached by $ref) is invalid: strict mode: unknown keyword: "dependentRequired"',
    },
  );
});

test("a draft-04 file is a valid schema or not by draft-04's meta-schema, named in the error", async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { $schema: D07, properties: { n: { $ref: 'd4.json' } } },
      'd4.json': { $schema: D04, maximum: 5, exclusiveMaximum: 5 },
    }),
    {
      name: 'UsageError',
      message: 'schema schema.json: d4.json:4:23 (reached by $ref) is invalid: /exclusiveMaximum must be boolean',
    },
  );
});

test('a schema ajv runs out of stack on (an $id and a relative $ref it loops between) is a UsageError saying so, not "invalid"', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': {
        $schema: D2020,
        $id: 'http://example.com/a.json',
        properties: { foo: { $id: 'b.json', $defs: { inner: { type: 'string' } }, $ref: '#/$defs/inner' } },
        $ref: 'b.json',
      },
    }),
    {
      name: 'UsageError',
      message: 'schema schema.json cannot be compiled: ajv runs out of stack on it (Maximum call stack size exceeded)',
    },
  );
});

test('a file its $refs reach that is not a valid schema is a UsageError naming that file', async (t) => {
  await assert.rejects(
    compile(t, { 'schema.json': { properties: { a: { $ref: 'b.json' } } }, 'b.json': { type: 'nope' } }),
    (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(
        error.message,
        'schema schema.json: b.json:2:11 (reached by $ref) is invalid: /type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or be array',
      );
      return true;
    },
  );
});

test("a file without $schema that a $ref reaches is read in the root schema's dialect", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { $schema: D04, properties: { n: { $ref: 'plain.json' }, t: { $ref: 'd7.json' } } },
    'plain.json': { maximum: 5, exclusiveMaximum: true },
    'd7.json': { $schema: D07, const: 1 },
  });
  assert.deepEqual(validate({ n: 4, t: 1 }), []);
  assert.deepEqual(validate({ n: 5, t: 2 }), [problem('/n', 'must be < 5'), problem('/t', 'must be equal to 1')]);
});

test('a schema file holding true or false is a boolean schema (draft-06 on), at the root or reached by $ref', async (t) => {
  const always = await compile(t, { 'schema.json': true });
  assert.deepEqual(always.validate({ any: [1] }), []);
  const never = await compile(t, { 'schema.json': false });
  assert.deepEqual(never.validate({}), [problem('', 'boolean schema is false')]);
  const reached = await compile(t, {
    'schema.json': { properties: { x: { $ref: 'never.json' }, y: { $ref: 'always.json' } } },
    'never.json': false,
    'always.json': true,
  });
  assert.deepEqual(reached.validate({ y: 1 }), []);
  assert.deepEqual(reached.validate({ x: 1 }), [problem('/x', 'boolean schema is false')]);
  // Read in the draft-07 root's dialect, then compiled in 2020-12 with the file the root also reaches.
  const mixed = await compile(t, {
    'schema.json': { $schema: D07, properties: { x: { $ref: 'never.json' }, t: { $ref: 'd2020.json' } } },
    'never.json': false,
    'd2020.json': { $schema: D2020, prefixItems: [{ type: 'string' }] },
  });
  assert.deepEqual(mixed.validate({ x: 1, t: [1] }), [
    problem('/x', 'boolean schema is false'),
    problem('/t/0', 'must be string'),
  ]);
});

test("a $ref to a meta-schema resolves in every spelling, and to another draft's", async (t) => {
  const bad = { type: 'nope' };
  // The meta-schema's `type` is an anyOf of a type name and an array of them: one line says both.
  const types = '"array", "boolean", "integer", "null", "number", "object", "string"';
  const messages = [
    { ...problem('/s/type', `must be one of ${types}`), notBestMatch: true },
    { ...problem('/s/type', 'must be array'), notBestMatch: true },
    problem('/s/type', `must be one of ${types}, or be array`),
  ];
  for (const ref of [
    D07,
    'http://json-schema.org/draft-07/schema',
    'https://json-schema.org/draft-07/schema',
    'https://json-schema.org/draft-07/schema#',
    D04,
    'https://json-schema.org/draft-04/schema',
    D2020,
    'http://json-schema.org/draft/2020-12/schema#',
  ]) {
    for (const $schema of [D04, D07, D2020]) {
      const { validate } = await compile(t, { 'schema.json': { $schema, properties: { s: { $ref: ref } } } });
      assert.deepEqual(validate({ s: { type: 'string' } }), [], `${ref} from ${$schema}`);
      assert.deepEqual(validate({ s: bad }), messages, `${ref} from ${$schema}`);
    }
  }
  // The draft-04 meta-schema keeps draft-04's meaning: a boolean exclusiveMaximum is valid, a number is not.
  const { validate } = await compile(t, {
    'schema.json': { $schema: D2020, $ref: 'https://json-schema.org/draft-04/schema' },
  });
  assert.deepEqual(validate({ maximum: 1, exclusiveMaximum: true }), []);
  assert.equal(validate({ maximum: 1, exclusiveMaximum: 1 })[0].message, 'must be boolean');
});

test('a local copy of a meta-schema ajv has built in is a schema like any other', async (t) => {
  for (const [file, bad, message] of [
    [
      'ajv/dist/refs/json-schema-draft-07.json',
      { type: 'nope' },
      'must be one of "array", "boolean", "integer", "null", "number", "object", "string", or be array',
    ],
    ['ajv-draft-04/dist/refs/json-schema-draft-04.json', { maximum: 1, exclusiveMaximum: 1 }, 'must be boolean'],
  ]) {
    const { validate } = await compile(t, { 'meta.json': require(file) }, { schema: 'meta.json' });
    assert.deepEqual(validate({ type: 'string' }), [], file);
    assert.ok(
      validate(bad).some((p) => p.message === message),
      file,
    );
  }
});

// ── draft-03 ────────────────────────────────────────────────────────────────────────────────────

const D03 = 'http://json-schema.org/draft-03/schema#';

test('draft-03: required: true, type unions holding schemas, "any", disallow, extends, divisibleBy, a string dependency', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: D03,
      properties: {
        name: { type: 'string', required: true },
        id: { type: ['integer', { type: 'string', pattern: '^x' }] },
        free: { type: 'any' },
        notText: { disallow: ['string', { type: 'object', required: true, properties: { a: { required: true } } }] },
        step: { divisibleBy: 5 },
      },
      // In patternProperties a `required` means nothing.
      patternProperties: { '^p': { required: true } },
      extends: { properties: { age: { type: 'integer', required: true } } },
      dependencies: { step: 'name' },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ name: 'n', age: 1, id: 'x1', free: [null], notText: { b: 1 }, step: 10 }), []);
  assert.deepEqual(validate({ name: 'n', age: 1, id: 2, notText: 3 }), []);
  assert.deepEqual(
    validate({ id: 'y', notText: { a: 1 }, step: 7 }).filter((p) => !p.notBestMatch),
    [
      problem('', 'must have required property "age"'),
      problem('', 'must have required property "name"'),
      problem('', 'must have property name when property step is present'),
      problem('/id', 'must be integer, or match pattern "^x"'),
      problem('/notText', 'must NOT be valid'),
      problem('/step', 'must be multiple of 5'),
    ],
  );
  assert.deepEqual(validate({ name: 'n', age: 1, notText: 'text' }), [problem('/notText', 'must NOT be valid')]);
});

test('draft-03: formats take their draft-04 names (host-name, ip-address, time, color); utc-millisec is not checked', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: D03,
      properties: {
        h: { format: 'host-name' },
        ip: { format: 'ip-address' },
        t: { format: 'time' },
        c: { format: 'color' },
        ms: { format: 'utc-millisec' },
        d: { format: 'date' },
        x: { format: 'x-mine' },
      },
    },
  });
  assert.deepEqual(warnings, ['schema schema.json: unknown format "x-mine" is not checked (at #/properties/x)']);
  assert.deepEqual(
    validate({ h: 'a.example', ip: '10.0.0.1', t: '08:30:06', c: '#C89', ms: 'whenever', d: '2024-02-29' }),
    [],
  );
  assert.deepEqual(validate({ c: 'fuchsia' }), []);
  assert.deepEqual(validate({ h: 'a_b', ip: '::1', t: '8:30 AM', c: 'puce', d: '2023-02-29' }), [
    problem('/h', 'must match format "hostname"'),
    problem('/ip', 'must match format "ipv4"'),
    problem('/t', 'must match format "iso-time"'),
    problem('/c', 'must match format "css21-color"'),
    problem('/d', 'must match format "date"'),
  ]);
});

test('draft-03: a $ref replaces its schema, {"$ref": "#"} recurses, and a pointer into extends or a type union follows the rewrite', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D03,
      type: ['object', { type: 'string', maxLength: 2 }],
      extends: [{ properties: { n: { type: 'number', maximum: 3 } } }],
      properties: {
        // `maximum` beside a $ref is ignored; `required` is the parent's, and holds.
        a: { $ref: '#/extends/0/properties/n', maximum: 0, required: true },
        s: { $ref: '#/type/1' },
        child: { $ref: '#' },
      },
    },
  });
  assert.deepEqual(validate({ a: 2, s: 'ab', child: { a: 1, child: 'xy' } }), []);
  assert.deepEqual(
    validate({ a: 4, s: 'abc', child: { child: 'xyz' } }).filter((p) => !p.notBestMatch),
    [
      problem('/a', 'must be <= 3'),
      problem('/s', 'must NOT have more than 2 characters'),
      problem('/child', 'must have required property "a"'),
      problem('/child/child', 'must be object, or NOT have more than 2 characters'),
    ],
  );
});

test('draft-03: a keyword it did not have (anyOf, multipleOf) is unknown: warned about and ignored', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { $schema: D03, properties: { n: { anyOf: [{ type: 'string' }], multipleOf: 2 } } },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown keywords "anyOf", "multipleOf" are ignored (list them in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)',
  ]);
  assert.deepEqual(validate({ n: 3 }), []);
  await assert.rejects(compile(t, { 'schema.json': { $schema: D03, anyOf: [{}] } }, { ajv: { strict: true } }), {
    name: 'UsageError',
    message: 'schema schema.json is invalid: strict mode: unknown keyword: "anyOf"',
  });
});

test("a draft-07 schema $refs a draft-03 file and a preloaded draft-03 ref by its id: each keeps its own draft's meaning", async (t) => {
  const { validate, warnings } = await compile(
    t,
    {
      'schema.json': {
        $schema: D07,
        properties: {
          old: { $ref: 'd3.json' },
          shared: { $ref: 'https://example.com/d3.json#/definitions/count' },
          seven: { const: 7 },
        },
      },
      'd3.json': {
        $schema: D03,
        type: 'object',
        properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: true, required: true } },
      },
      'refs/d3.json': {
        $schema: D03,
        id: 'https://example.com/d3.json',
        definitions: { count: { type: 'integer', divisibleBy: 2 } },
      },
    },
    { refs: ['refs/d3.json'] },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ old: { n: 1 }, shared: 4, seven: 7 }), []);
  assert.deepEqual(validate({ old: { n: 0 }, shared: 3, seven: 8 }), [
    problem('/old/n', 'must be > 0'),
    problem('/shared', 'must be multiple of 2'),
    problem('/seven', 'must be equal to 7'),
  ]);
  assert.deepEqual(validate({ old: {} }), [problem('/old', 'must have required property "n"')]);
});

test('a draft-03 schema $refs a 2020-12 file: compiled in 2020-12, the draft-03 one keeps its meaning', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D03,
      properties: {
        t: { $ref: 'd2020.json', required: true },
        old: { items: [{ type: 'string' }], additionalItems: false },
      },
    },
    'd2020.json': { $schema: D2020, prefixItems: [{ type: 'integer' }], items: false },
  });
  assert.deepEqual(validate({ t: [1], old: ['a'] }), []);
  assert.deepEqual(validate({ t: ['a', 2], old: ['a', 'b'] }), [
    problem('/t/0', 'must be integer'),
    problem('/t', 'must NOT have more than 1 items'),
    problem('/old', 'must NOT have more than 1 items'),
  ]);
  assert.deepEqual(validate({}), [problem('', 'must have required property "t"')]);
});

test('a draft-03 file is a valid schema or not by the draft-03 meta-schema, named in the error', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { $schema: D07, properties: { a: { $ref: 'd3.json' } } },
      'd3.json': { $schema: D03, properties: { a: { required: ['a'] } } },
    }),
    {
      name: 'UsageError',
      message: 'schema schema.json: d3.json:5:19 (reached by $ref) is invalid: /properties/a/required must be boolean',
    },
  );
  await assert.rejects(compile(t, { 'schema.json': { $schema: D03, divisibleBy: 0 } }), {
    name: 'UsageError',
    message: 'schema schema.json:3:18 is invalid: /divisibleBy must be > 0',
  });
});

test('the draft-03 meta-schema, in any spelling, is a schema a $ref reaches: it checks draft-03 schemas', async (t) => {
  for (const ref of [D03, 'https://json-schema.org/draft-03/schema', 'http://json-schema.org/draft-03/schema']) {
    const { validate } = await compile(t, { 'schema.json': { $schema: D07, properties: { s: { $ref: ref } } } });
    assert.deepEqual(
      validate({ s: { properties: { a: { type: ['string', { required: true }], required: true } }, extends: {} } }),
      [],
      ref,
    );
    assert.deepEqual(
      validate({ s: { properties: { a: { required: 'yes' } } } }),
      [problem('/s/properties/a/required', 'must be boolean')],
      ref,
    );
  }
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

// ── dialects filecheck does not know ────────────────────────────────────────────────────────────

test("OpenAPI 3.1's dialect is 2020-12", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://spec.openapis.org/oas/3.1/dialect/base',
      properties: { t: { prefixItems: [{ type: 'string' }] } },
      unevaluatedProperties: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1, t: [1] }), [
    problem('/t/0', 'must be string'),
    extraKey('/a', 'must NOT have unevaluated property "a"'),
  ]);
});

test('a schema of an unknown $schema that fails says it was read as draft-07', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { $schema: 'http://json-schema.org/draft-02/schema#', properties: { a: { required: true } } },
    }),
    {
      name: 'UsageError',
      message:
        'schema schema.json:5:19 is invalid: /properties/a/required must be array (unknown $schema "http://json-schema.org/draft-02/schema#", validating it as draft-07)',
    },
  );
});

// ── regular expressions ─────────────────────────────────────────────────────────────────────────

// From SchemaStore's azure-pipelines.json: `\:` is no escape in a Unicode regular expression.
const NOT_UNICODE = '^[^\\/~\\^\\: \\[\\]\\\\]+(\\/[^\\/~\\^\\: \\[\\]\\\\]+)*$';

test('a pattern that is not a valid Unicode regular expression: compiled without the u flag, with one warning naming where; the others keep it', async (t) => {
  const files = {
    'schema.json': {
      properties: { branch: { $ref: 'defs.json#/definitions/branch' }, e: { type: 'string', pattern: '^\\p{Lu}' } },
    },
    'defs.json': { definitions: { branch: { type: 'string', pattern: NOT_UNICODE } } },
  };
  const { validate, warnings } = await compile(t, files);
  assert.deepEqual(warnings, [
    'schema schema.json: the pattern at defs.json#/definitions/branch/pattern is not a valid Unicode regular expression (Invalid escape): such patterns are compiled without the u flag',
  ]);
  assert.deepEqual(validate({ branch: 'refs/heads/main', e: 'Émile' }), []);
  assert.deepEqual(validate({ branch: 'a:b', e: 'émile' }), [
    problem('/branch', `must match pattern "${NOT_UNICODE}"`),
    problem('/e', 'must match pattern "^\\p{Lu}"'),
  ]);
  await assert.rejects(compile(t, files, { ajv: { unicodeRegExp: true } }), {
    name: 'UsageError',
    message:
      'schema schema.json: defs.json:5:18 (reached by $ref) is invalid: /definitions/branch/pattern is not a valid Unicode regular expression (Invalid escape)',
  });
});

test('a pattern that is no regular expression at all is a UsageError naming where', async (t) => {
  await assert.rejects(compile(t, { 'schema.json': { patternProperties: { '^x-(': {} } } }), {
    name: 'UsageError',
    message:
      'schema schema.json:3:5 is invalid: /patternProperties/^x-( is not a valid regular expression (Unterminated group)',
  });
});

// ── non-standard keywords and strictness ───────────────────────────────────────────────────────

const UI_WIDGET = {
  type: 'object',
  properties: { a: { type: 'string', uiWidget: 'Foo' }, b: { type: 'object', uiWidget: 'Bar' } },
};

test('$anchor (2019-09, 2020-12) is a keyword of the dialect, not an unknown one, and a $ref finds it', async (t) => {
  for (const dialect of [
    'https://json-schema.org/draft/2019-09/schema',
    'https://json-schema.org/draft/2020-12/schema',
  ]) {
    const { validate, warnings } = await compile(t, {
      'schema.json': {
        $schema: dialect,
        $defs: { n: { $anchor: 'count', type: 'integer' } },
        properties: { a: { $ref: '#count' } },
      },
    });
    assert.deepEqual(warnings, [], dialect);
    assert.deepEqual(validate({ a: 1 }), []);
    assert.deepEqual(validate({ a: 'x' }), [problem('/a', 'must be integer')]);
  }
});

test('errorMessage without the ajv-errors plugin: the warning names the plugin', async (t) => {
  const { warnings } = await compile(t, { 'schema.json': { type: 'string', errorMessage: 'a name, please' } });
  assert.deepEqual(warnings, [
    "schema schema.json: unknown keyword \"errorMessage\" is ignored: it is the ajv-errors plugin's (add it to the rule's or the config's ajv.plugins to show its messages)",
  ]);
});

test('a non-standard keyword warns once by default (naming it), and is ignored', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keyword "uiWidget" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate({ a: 'x', b: {} }), []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('several unknown keywords are one warning naming them all, in the order met', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      type: 'object',
      cli: 'nx',
      properties: { a: { type: 'string', alias: 'x', hidden: true }, b: { uiWidget: 'B', alias: 'y' } },
    },
  });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keywords "cli", "alias", "hidden", "uiWidget" are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('hundreds of unknown keywords are one short warning: the first ten named, and how many more', async (t) => {
  const properties = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: 'string', [`k${i}`]: true }]),
  );
  const { warnings } = await compile(t, { 'schema.json': { type: 'object', properties } });
  const ten = Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ');
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keywords ${ten} and 290 more are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
});

test("editor annotations (VS Code's markdownDescription, deprecationMessage…) and x- extension keywords are no warning: they never change what is valid", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      allowComments: true,
      allowTrailingCommas: true,
      properties: {
        a: {
          type: 'string',
          markdownDescription: '**a**',
          deprecationMessage: 'use b',
          'x-prompt': 'A?',
          'x-user-analytics': 'ep.ng_style',
        },
        b: {
          enum: ['x', 'y'],
          enumDescriptions: ['X', 'Y'],
          markdownEnumDescriptions: ['*X*', '*Y*'],
          enumSortTexts: ['1', '2'],
          enumDetails: ['x', 'y'],
        },
        c: {
          pattern: '^c',
          patternErrorMessage: 'starts with c',
          doNotSuggest: true,
          suggestSortText: '0',
          completionDetail: 'c',
          defaultSnippets: [{ body: 'c' }],
        },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1, b: 'z', c: 'd' }), [
    problem('/a', 'must be string'),
    problem('/b', 'must be one of "x", "y"'),
    problem('/c', 'must match pattern "^c"'),
  ]);
});

test("OpenAPI's annotations of a schema object (example, discriminator, xml, externalDocs), as AsyncAPI's definitions carry them, are no warning", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      properties: {
        pet: {
          type: 'object',
          discriminator: { propertyName: 'kind' },
          oneOf: [{ properties: { kind: { const: 'cat' } } }, { properties: { kind: { const: 'dog' } } }],
          example: { kind: 'cat' },
          xml: { name: 'pet' },
          externalDocs: { url: 'https://example.com/pets' },
        },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ pet: { kind: 'cat' } }), []);
});

test("code generators' annotations (json-schema-to-typescript's tsType, jsonschema2pojo's javaType…) and later drafts' annotations in a draft-04 schema are no warning", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      defaultProperties: [],
      properties: {
        bin: { type: 'string', tsType: 'string | Record<string, string>', examples: ['./cli.js'] },
        kind: { enum: ['a', 'b'], tsEnumNames: ['A', 'B'], deprecated: true, $comment: 'old' },
        when: { type: 'string', javaType: 'java.time.Instant', customDateTimePattern: 'yyyy', readOnly: true },
        logo: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64', writeOnly: true },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ bin: 1, kind: 'c' }), [
    problem('/bin', 'must be string'),
    problem('/kind', 'must be one of "a", "b"'),
  ]);
});

test("a keyword of the ajv-keywords plugin (typeof, instanceof…) is named as the plugin's, apart from the other unknown keywords", async (t) => {
  const { warnings } = await compile(t, {
    'schema.json': {
      properties: {
        plugin: { instanceof: 'Function', uiWidget: 'Plugin' },
        rule: { oneOf: [{ typeof: 'function' }, { type: 'array' }] },
      },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown keywords "instanceof", "typeof" are ignored: they are the ajv-keywords plugin\'s (add it to the rule\'s or the config\'s ajv.plugins)',
    `schema schema.json: unknown keyword "uiWidget" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
});

test("OpenAPI 3.0's nullable is a keyword JSON Schema does not know: ignored with a warning that says how JSON Schema allows null, never a schema refused", async (t) => {
  const files = {
    'schema.json': {
      properties: {
        a: { type: 'string', nullable: true },
        b: { nullable: true, allOf: [{ $ref: '#/definitions/s' }] },
        c: { type: 'null', nullable: false },
      },
      definitions: { s: { type: 'string' } },
    },
  };
  const { validate, warnings } = await compile(t, files);
  assert.deepEqual(warnings, [
    'schema schema.json: unknown keyword "nullable" is ignored: it is OpenAPI 3.0\'s (JSON Schema allows null with "type": ["string", "null"])',
  ]);
  assert.deepEqual(validate({ a: 'x', b: 'y', c: null }), []);
  assert.deepEqual(validate({ a: null, b: null }), [problem('/a', 'must be string'), problem('/b', 'must be string')]);
  assert.deepEqual((await compile(t, files, { ajv: { strict: false } })).warnings, []);
  await assert.rejects(compile(t, files, { ajv: { strict: true } }), {
    name: 'UsageError',
    message: /^schema schema\.json is invalid: .*unknown keyword: "nullable"/,
  });
});

test('ajv.keywords declares a non-standard keyword: no warning', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET }, { ajv: { keywords: ['uiWidget'] } });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('strict: false silences the warning', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET }, { ajv: { strict: false } });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('strict: true makes a non-standard keyword a UsageError', async (t) => {
  await assert.rejects(compile(t, { 'schema.json': UI_WIDGET }, { ajv: { strict: true } }), {
    name: 'UsageError',
    message: 'schema schema.json is invalid: strict mode: unknown keyword: "uiWidget"',
  });
});

test("a property that patternProperties also matches is no warning: the schema is valid, ajv only questions its style (OpenAPI 3.1's components)", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { schemas: { type: 'object' }, responses: { type: 'object' } },
      patternProperties: { '^(schemas|responses)$': { maxProperties: 1 } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ schemas: { a: 1 } }), []);
  assert.deepEqual(validate({ schemas: { a: 1, b: 2 }, responses: [] }), [
    problem('/responses', 'must be object'),
    problem('/schemas', 'must NOT have more than 1 properties'),
  ]);
});

// ── formats ─────────────────────────────────────────────────────────────────────────────────────

test('an unknown format warns once per format and is not checked', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      type: 'object',
      properties: { a: { type: 'string', format: 'kumascript' }, b: { type: 'string', format: 'kumascript' } },
    },
  });
  assert.deepEqual(warnings, ['schema schema.json: unknown format "kumascript" is not checked (at #/properties/a)']);
  assert.deepEqual(validate({ a: 'anything', b: 'at all' }), []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('several unknown formats are one warning, each format where it is first met', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $defs: { width: { type: 'integer', format: 'uint8' } },
      properties: { w: { $ref: '#/$defs/width' }, size: { format: 'uint64' }, h: { format: 'uint8' } },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown formats "uint8" (at #/$defs/width), "uint64" (at #/properties/size) are not checked',
  ]);
  assert.deepEqual(validate({ w: 300, size: -1 }), []);
});

test('an unknown format: strict false is silent, strict true is a UsageError', async (t) => {
  const files = { 'schema.json': { type: 'object', properties: { a: { type: 'string', format: 'kumascript' } } } };
  const quiet = await compile(t, files, { ajv: { strict: false } });
  assert.deepEqual(quiet.warnings, []);
  assert.deepEqual(quiet.validate({ a: 'x' }), []);
  await assert.rejects(compile(t, files, { ajv: { strictSchema: true } }), {
    name: 'UsageError',
    message: 'schema schema.json is invalid: unknown format "kumascript" ignored in schema at path "#/properties/a"',
  });
});

test('formats: full (the default), fast and false', async (t) => {
  const files = { 'schema.json': { type: 'object', properties: { d: { type: 'string', format: 'date' } } } };
  const cases = [
    // [ajv settings, problems for an impossible date, problems for a non-date]
    [{}, [problem('/d', 'must match format "date"')], [problem('/d', 'must match format "date"')]],
    [{ formats: 'full' }, [problem('/d', 'must match format "date"')], [problem('/d', 'must match format "date"')]],
    [{ formats: 'fast' }, [], [problem('/d', 'must match format "date"')]],
    [{ formats: false }, [], []],
  ];
  for (const [ajv, impossible, nonsense] of cases) {
    await t.test(JSON.stringify(ajv), async (t) => {
      const { validate, warnings } = await compile(t, files, { ajv });
      assert.deepEqual(warnings, []);
      assert.deepEqual(validate({ d: '2021-02-28' }), []);
      assert.deepEqual(validate({ d: '2021-02-30' }), impossible);
      assert.deepEqual(validate({ d: 'yesterday' }), nonsense);
    });
  }
});

test('the standard formats ajv-formats lacks are checked: iri, iri-reference, idn-email, idn-hostname', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        home: { format: 'iri' },
        link: { format: 'iri-reference' },
        mail: { format: 'idn-email' },
        host: { format: 'idn-hostname' },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(
    validate({
      home: 'https://bücher.example/straße?q=ö',
      link: '../ü/x',
      mail: 'jürgen@bücher.example',
      host: '例え.テスト',
    }),
    [],
  );
  assert.deepEqual(validate({ home: 'bücher', link: 'a b', mail: 'jürgen@', host: 'a..b' }), [
    problem('/home', 'must match format "iri"'),
    problem('/link', 'must match format "iri-reference"'),
    problem('/mail', 'must match format "idn-email"'),
    problem('/host', 'must match format "idn-hostname"'),
  ]);
  assert.deepEqual(validate({ host: 'bü cher.example', mail: 'a@b@c.example' }), [
    problem('/mail', 'must match format "idn-email"'),
    problem('/host', 'must match format "idn-hostname"'),
  ]);
});

test("idn-hostname (and idn-email's domain) follow IDNA2008: contextual rules, disallowed characters, hyphens, Punycode", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { properties: { hosts: { items: { format: 'idn-hostname' } }, mail: { format: 'idn-email' } } },
  });
  const valid = ['실례.테스트', 'xn--ihqwcrb4cv8a8dqg056pqjye', 'l·l', 'α͵β', 'א׳ב', '・ぁ', 'क्‍ष', 'host-name'];
  assert.deepEqual(validate({ hosts: valid, mail: 'user@실례.테스트' }), []);
  // From RFC 5891 (hyphens, leading marks) and RFC 5892's CONTEXTO and DISALLOWED exceptions.
  const invalid = [
    '실〮례.테스트',
    'XN--aa---o47jg78q',
    'ـߺ',
    '〱〲〳〴〵〮〯〻',
    'a·l',
    'l·',
    'α͵S',
    'A׳ב',
    '״ב',
    'def・abc',
    'ःhello',
    'xn--X',
    '-hello',
  ];
  assert.deepEqual(validate({ hosts: invalid, mail: 'user@a·l' }), [
    ...invalid.map((_, i) => problem(`/hosts/${i}`, 'must match format "idn-hostname"')),
    problem('/mail', 'must match format "idn-email"'),
  ]);
});

test('formats: false ignores unknown formats without a warning', async (t) => {
  const { validate, warnings } = await compile(
    t,
    { 'schema.json': { format: 'kumascript' } },
    { ajv: { formats: false } },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate('x'), []);
});

// ── invalid schemas ─────────────────────────────────────────────────────────────────────────────

test('an invalid schema is a UsageError naming the file', async (t) => {
  await assert.rejects(compile(t, { 'bad.schema.json': { type: 'strnig' } }, { schema: 'bad.schema.json' }), {
    name: 'UsageError',
    message: `schema bad.schema.json:2:11 is invalid: /type must be one of ${TYPES}`,
  });
});

const TYPES = '"array", "boolean", "integer", "null", "number", "object", "string", or be array';

test("an invalid schema says where in its file, the keyword's path and what it allows, in every draft", async (t) => {
  for (const dialect of [
    D04,
    'http://json-schema.org/draft-06/schema#',
    D07,
    'https://json-schema.org/draft/2019-09/schema',
    D2020,
  ]) {
    // "type" of "a" is on line 5, its value at column 15.
    await assert.rejects(
      compile(t, { 'schema.json': { $schema: dialect, properties: { a: { type: 'strin' } } } }),
      {
        name: 'UsageError',
        message: `schema schema.json:5:15 is invalid: /properties/a/type must be one of ${TYPES}`,
      },
      dialect,
    );
  }
});

test("an invalid schema with several faults names the first three in the file's order, and counts the rest; a YAML schema is placed too", async (t) => {
  const dir = tempDir(t);
  const faults = {
    $schema: D04,
    properties: Object.fromEntries(['e', 'd', 'c', 'b', 'a'].map((key) => [key, { minLength: -1 }])),
  };
  fs.writeFileSync(path.join(dir, 'many.json'), JSON.stringify(faults, null, 2));
  fs.writeFileSync(path.join(dir, 's.yaml'), 'properties:\n  a:\n    type: strin\n');
  const rule = (schema) => ({ schema: path.join(dir, schema), refs: [], ajv: {}, base: REPO });
  const context = { warn() {}, display: (file) => path.relative(dir, file) };
  await assert.rejects(createJsonSchemaValidator(rule('many.json'), context), {
    name: 'UsageError',
    message:
      'schema many.json:5:20 is invalid: /properties/e/minLength must be >= 0; /properties/d/minLength must be >= 0; /properties/c/minLength must be >= 0; and 2 more',
  });
  await assert.rejects(createJsonSchemaValidator(rule('s.yaml'), context), {
    name: 'UsageError',
    message: `schema s.yaml:3:11 is invalid: /properties/a/type must be one of ${TYPES}`,
  });
});

test('a schema file that is not JSON, not an object or a boolean, a folder or missing is a UsageError naming the file as the run shows it, and where JSON breaks', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{\n  "type": ');
  fs.writeFileSync(path.join(dir, 'list.json'), '[{ "type": "object" }]');
  fs.mkdirSync(path.join(dir, 'folder.json'));
  const rule = (schema) => ({ schema: path.join(dir, schema), refs: [], ajv: {}, base: REPO });
  const context = { warn() {}, display: (file) => path.relative(dir, file) };
  await assert.rejects(createJsonSchemaValidator(rule('broken.json'), context), {
    name: 'UsageError',
    message: 'schema broken.json:2:11 is not valid JSON: Unexpected end of input',
  });
  await assert.rejects(createJsonSchemaValidator(rule('list.json'), context), {
    name: 'UsageError',
    message: 'schema list.json is not a schema: a schema file holds a JSON object or a boolean',
  });
  await assert.rejects(createJsonSchemaValidator(rule('folder.json'), context), {
    name: 'UsageError',
    message: 'cannot read schema folder.json: a folder, not a file',
  });
  await assert.rejects(createJsonSchemaValidator(rule('absent.json'), context), {
    name: 'UsageError',
    message: 'cannot read schema absent.json: no such file',
  });
});

// ── problems ────────────────────────────────────────────────────────────────────────────────────

test('problems: pointer and message per keyword', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      type: 'object',
      required: ['id'],
      properties: {
        id: { type: 'integer' },
        kind: { enum: ['page', 'note', null] },
        many: { enum: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
        long: { enum: Array.from({ length: 40 }, (_, i) => `value-number-${i + 1}`) },
        version: { const: 2 },
        email: { type: 'string', format: 'email' },
        nested: { type: 'object', additionalProperties: false, properties: { ok: {} } },
        list: { type: 'array', items: { type: 'object', required: ['name'] } },
      },
    },
  });
  const cases = [
    ['required', {}, [problem('', 'must have required property "id"')]],
    ['type', { id: 'x' }, [problem('/id', 'must be integer')]],
    ['enum', { id: 1, kind: 'post' }, [problem('/kind', 'must be one of "page", "note", null')]],
    [
      'an enum is listed whole while it is short',
      { id: 1, many: 0 },
      [problem('/many', 'must be one of 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12')],
    ],
    [
      'a long enum is cut near 200 characters, with a count of the rest',
      { id: 1, long: 'x' },
      [
        problem(
          '/long',
          `must be one of ${Array.from({ length: 11 }, (_, i) => `"value-number-${i + 1}"`).join(', ')} … and 29 more`,
        ),
      ],
    ],
    ['const', { id: 1, version: 1 }, [problem('/version', 'must be equal to 2')]],
    ['format', { id: 1, email: 'nope' }, [problem('/email', 'must match format "email"')]],
    [
      'additionalProperties points to the extra property',
      { id: 1, nested: { ok: 1, extra: 2 } },
      [extraKey('/nested/extra', 'must NOT have additional property "extra"')],
    ],
    [
      'an extra property with / and ~ is escaped',
      { id: 1, nested: { 'a/b~c': 1 } },
      [extraKey('/nested/a~1b~0c', 'must NOT have additional property "a/b~c"')],
    ],
    [
      'inside an array',
      { id: 1, list: [{ name: 'a' }, {}] },
      [problem('/list/1', 'must have required property "name"')],
    ],
    [
      'all errors, not just the first',
      { kind: 'post', version: 3 },
      [
        problem('', 'must have required property "id"'),
        problem('/kind', 'must be one of "page", "note", null'),
        problem('/version', 'must be equal to 2'),
      ],
    ],
  ];
  for (const [why, doc, expected] of cases) {
    await t.test(why, () => {
      assert.deepEqual(validate(doc), expected);
    });
  }
});

test('a value of the wrong type for a type-and-enum (or const) is one problem, the values it may take: the enum says the type', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      type: 'object',
      properties: {
        access: { type: 'string', enum: ['public', 'restricted'] },
        version: { type: 'string', const: '0.2' },
        level: { $ref: '#/definitions/level' },
        nullable: { type: ['integer', 'null'], enum: [1, 2, null] },
        mixed: { type: 'string', enum: ['a', 1] },
      },
      definitions: { level: { type: 'integer', enum: [0, 1, 2] } },
    },
  });
  assert.deepEqual(validate({ access: 12, version: 2, level: 'error', nullable: 'x' }), [
    problem('/access', 'must be one of "public", "restricted"'),
    problem('/version', 'must be equal to "0.2"'),
    problem('/level', 'must be one of 0, 1, 2'),
    problem('/nullable', 'must be one of 1, 2, null'),
  ]);
  // An enum value the type refuses: the value must be both, so both are said.
  assert.deepEqual(validate({ mixed: true }), [
    problem('/mixed', 'must be string'),
    problem('/mixed', 'must be one of "a", 1'),
  ]);
  assert.deepEqual(validate({ access: 'private' }), [problem('/access', 'must be one of "public", "restricted"')]);
});

test("a type error and an enum error from two alternatives reached by $ref are both kept: ajv's paths of the two look like one schema's", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      properties: { v: { anyOf: [{ $ref: '#/definitions/word' }, { $ref: '#/definitions/level' }] } },
      definitions: {
        // Each refers to itself, so ajv compiles each apart: their errors' paths are "#/type", "#/enum".
        word: { type: 'string', properties: { x: { $ref: '#/definitions/word' } } },
        level: { enum: ['low', 'high'], properties: { x: { $ref: '#/definitions/level' } } },
      },
    },
  });
  const messages = validate({ v: 5 }).map((p) => p.message);
  assert.ok(
    messages.includes('must be string') && messages.includes('must be one of "low", "high"'),
    messages.join('; '),
  );
});

test('duplicate errors (same pointer, same message) are reported once', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      allOf: [
        { required: ['a'] },
        { required: ['a'] },
        { properties: { b: { type: 'string' } } },
        { properties: { b: { type: 'string' } } },
      ],
    },
  });
  assert.deepEqual(validate({ b: 1 }), [
    problem('', 'must have required property "a"'),
    problem('/b', 'must be string'),
  ]);
});

test('a validator is reusable: errors of one document do not leak into the next', async (t) => {
  const { validate } = await compile(t, { 'schema.json': { type: 'object', required: ['a'] } });
  assert.deepEqual(validate({}), [problem('', 'must have required property "a"')]);
  assert.deepEqual(validate({ a: 1 }), []);
  assert.deepEqual(validate([]), [problem('', 'must be object')]);
});

// Found by test/reliability/fuzz-agreement.test.js: ajv's default looks keys up through the
// prototype chain, so every JSON object "had" constructor, toString and __proto__.
test('keys named like Object.prototype members are present only when the document has them', async (t) => {
  for (const strict of [undefined, false]) {
    const { validate } = await compile(
      t,
      {
        'schema.json': {
          required: ['constructor', 'toString', '__proto__'],
          properties: { valueOf: { type: 'string' } },
          dependencies: { hasOwnProperty: ['x'] },
        },
      },
      { ajv: strict === undefined ? {} : { strict } },
    );
    assert.deepEqual(
      validate(JSON.parse('{}')),
      [
        problem('', 'must have required property "constructor"'),
        problem('', 'must have required property "toString"'),
        problem('', 'must have required property "__proto__"'),
      ],
      `strict: ${strict}`,
    );
    assert.deepEqual(
      validate(
        JSON.parse('{"constructor": 1, "toString": 2, "__proto__": 3, "valueOf": "v", "hasOwnProperty": 4, "x": 5}'),
      ),
      [],
    );
    assert.deepEqual(
      validate(JSON.parse('{"constructor": 1, "toString": 2, "__proto__": 3, "valueOf": 6, "hasOwnProperty": 4}')),
      [
        problem('', 'must have property x when property hasOwnProperty is present'),
        problem('/valueOf', 'must be string'),
      ],
    );
  }
});

// ajv compares values with fast-deep-equal, which reads `constructor`, `valueOf` and `toString`
// off them: objects whose "constructor" keys hold equal objects compared unequal (a wrong pass of
// uniqueItems, a wrong failure of const and enum), and a "toString" or "valueOf" key that is not a
// function threw (epoberezkin/fast-deep-equal#141). filecheck gives ajv JSON's equality
// (validators/json-schema/json-equal.cjs).
test('equality of objects with "constructor" or "toString" keys', async (t) => {
  const { validate } = await compile(t, { 'schema.json': { uniqueItems: true } });
  assert.deepEqual(validate(JSON.parse('[{"constructor": {}}, {"constructor": {}}]')), [
    problem('', 'must NOT have duplicate items (items ## 0 and 1 are identical)'),
  ]);
  assert.deepEqual(validate(JSON.parse('[{"toString": 1}, {"toString": 2}]')), []);
  const constant = await compile(t, { 'schema.json': { const: { toString: 1, valueOf: [1], constructor: { a: 1 } } } });
  assert.deepEqual(constant.validate(JSON.parse('{"valueOf": [1], "constructor": {"a": 1}, "toString": 1}')), []);
  assert.deepEqual(constant.validate(JSON.parse('{"valueOf": [2], "constructor": {"a": 1}, "toString": 1}')), [
    problem('', 'must be equal to {"toString":1,"valueOf":[1],"constructor":{"a":1}}'),
  ]);
});

// ── plugins ─────────────────────────────────────────────────────────────────────────────────────

test('ajv.plugins: ajv-errors gives errorMessage its message', async (t) => {
  const { validate, warnings } = await compile(
    t,
    {
      'schema.json': {
        type: 'object',
        properties: { title: { type: 'string', minLength: 1, errorMessage: 'title must be non-empty text' } },
      },
    },
    { ajv: { plugins: ['ajv-errors'] } },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ title: 'ok' }), []);
  assert.deepEqual(validate({ title: '' }), [problem('/title', 'title must be non-empty text')]);
  assert.deepEqual(validate({ title: 3 }), [problem('/title', 'title must be non-empty text')]);
});

test('ajv.plugins: a plugin given as [name, options]', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schema.json': {
        type: 'object',
        properties: { n: { type: 'number', errorMessage: { type: 'n must be a number' } } },
      },
    },
    { ajv: { plugins: [['ajv-errors', { singleError: true }]] } },
  );
  assert.deepEqual(validate({ n: 'x' }), [problem('/n', 'n must be a number')]);
});

test('ajv.plugins: a plugin that is not installed is a UsageError', async (t) => {
  await assert.rejects(
    compile(t, { 'schema.json': { type: 'object' } }, { ajv: { plugins: ['filecheck-no-such-plugin'] } }),
    {
      name: 'UsageError',
      message: `ajv plugin "filecheck-no-such-plugin" cannot be loaded from ${REPO}: not installed`,
    },
  );
});

test("ajv.plugins are resolved from the rule's base, not from filecheck", async (t) => {
  const dir = tempDir(t); // no node_modules here or above
  await assert.rejects(
    compile(t, { 'schema.json': { type: 'object' } }, { ajv: { plugins: ['ajv-errors'] }, base: dir, dir }),
    {
      name: 'UsageError',
      message: `ajv plugin "ajv-errors" cannot be loaded from ${dir}: not installed`,
    },
  );
});

test('ajv.plugins: a plugin that loads its own copy of ajv is refused, naming both copies', async (t) => {
  // The plugin builds code with its ajv's classes, which filecheck's copy takes for plain values:
  // here `${cxt.data}` becomes {"str":"data"}, and every number would fail "even".
  const ours = path.dirname(createRequire(import.meta.url).resolve('ajv/package.json'));
  const project = (ajv) => {
    const dir = tempDir(t);
    const modules = path.join(dir, 'node_modules');
    fs.mkdirSync(path.join(modules, 'even-keyword'), { recursive: true });
    ajv(path.join(modules, 'ajv'));
    fs.writeFileSync(
      path.join(modules, 'even-keyword', 'index.js'),
      [
        "const { _ } = require('ajv');",
        "module.exports = (ajv) => ajv.addKeyword({ keyword: 'even', type: 'number', code(cxt) { cxt.fail(_`${cxt.data} % 2 !== 0`); } });",
      ].join('\n'),
    );
    return { ajv: { plugins: ['even-keyword'] }, base: dir, dir };
  };
  const copied = project((folder) => {
    fs.cpSync(ours, folder, { recursive: true });
    for (const dependency of Object.keys(
      JSON.parse(fs.readFileSync(path.join(ours, 'package.json'), 'utf8')).dependencies,
    )) {
      fs.symlinkSync(path.join(ours, '..', dependency), path.join(folder, '..', dependency));
    }
  });
  const { version } = JSON.parse(fs.readFileSync(path.join(ours, 'package.json'), 'utf8'));
  const schema = { 'schema.json': { properties: { n: { even: true } } } };
  await assert.rejects(compile(t, schema, copied), {
    name: 'UsageError',
    message:
      `ajv plugin "even-keyword" uses its own copy of ajv (${version} at ${path.join(copied.dir, 'node_modules', 'ajv')}), not filecheck's (${version} at ${ours}): ` +
      'the code it builds would not work; make them one (npm dedupe, or the same ajv version)',
  });
  // Sharing filecheck's copy (linked, as npm workspaces and pnpm do), the same plugin works.
  const { validate } = await compile(
    t,
    schema,
    project((folder) => fs.symlinkSync(ours, folder)),
  );
  assert.deepEqual(validate({ n: 2 }), []);
  assert.deepEqual(
    validate({ n: 3 }).map((p) => p.pointer),
    ['/n'],
  );
});

test('ajv.plugins: a plugin whose own dependency is missing says which, not "not installed"', async (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'node_modules', 'needs-more'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'node_modules', 'needs-more', 'index.js'),
    "require('filecheck-no-such-dependency');\nmodule.exports = () => {};\n",
  );
  await assert.rejects(compile(t, { 'schema.json': {} }, { ajv: { plugins: ['needs-more'] }, base: dir, dir }), {
    name: 'UsageError',
    message: `ajv plugin "needs-more" cannot be loaded from ${dir}: Cannot find module 'filecheck-no-such-dependency'`,
  });
});

// ── the loader: schemas chosen while files are checked ──────────────────────────────────────────

test('a schema loader compiles each schema once, synchronously, and keeps the failure of one that cannot be used', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ required: ['a'] }));
  fs.writeFileSync(path.join(dir, 'broken.json'), '{');
  const warnings = [];
  const loader = await createSchemaLoader(
    { ajv: {}, base: REPO },
    { warn: (message) => warnings.push(message), display: (file) => path.relative(dir, file) },
  );
  const a = loader.validator(path.join(dir, 'a.json'), []);
  assert.equal(loader.validator(path.join(dir, 'a.json'), []), a, 'compiled once');
  // A problem names its schema, as messages name the file: by its display path.
  assert.deepEqual(a.validate({}), [
    { ...problem('', 'must have required property "a"'), keyword: 'required', schema: 'a.json' },
  ]);
  const broken = () => loader.validator(path.join(dir, 'broken.json'), []);
  assert.throws(
    broken,
    (error) => error instanceof UsageError && /^schema broken\.json:1:2 is not valid JSON: /.test(error.message),
  );
  fs.writeFileSync(path.join(dir, 'broken.json'), '{}');
  assert.throws(broken, UsageError, 'the failure is kept: the file is not read again');
  assert.deepEqual(warnings, []);
});

test('a schema loader validates against the meta-schema of each dialect, built into ajv', async () => {
  const loader = await createSchemaLoader({ ajv: {}, base: REPO }, { warn: assert.fail, display: (file) => file });
  for (const dialect of ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12']) {
    const meta = loader.metaValidator(dialect);
    assert.equal(loader.metaValidator(dialect), meta);
    assert.deepEqual(meta.validate({ type: 'object', properties: { a: { type: 'string' } } }), [], dialect);
    assert.deepEqual(
      meta.validate({ minLength: -1 }).map((p) => [p.pointer, p.message, p.schema]),
      [['/minLength', 'must be >= 0', `${dialect} meta-schema`]],
      dialect,
    );
  }
});

test('a schema checked against its meta-schema has its formats checked: a pattern that is no regular expression fails, as check-jsonschema finds', async () => {
  const loader = await createSchemaLoader({ ajv: {}, base: REPO }, { warn: assert.fail, display: (file) => file });
  for (const dialect of ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12']) {
    const meta = loader.metaValidator(dialect);
    assert.deepEqual(meta.validate({ properties: { a: { pattern: '^[a-z]+$' } } }), [], dialect);
    assert.deepEqual(
      meta.validate({ properties: { a: { pattern: '(unclosed' } } }).map((p) => [p.pointer, p.message]),
      [['/properties/a/pattern', 'must match format "regex"']],
      dialect,
    );
  }
  const lenient = await createSchemaLoader(
    { ajv: { formats: false }, base: REPO },
    { warn: assert.fail, display: (file) => file },
  );
  assert.deepEqual(lenient.metaValidator('draft-07').validate({ pattern: '(unclosed' }), []);
});

test('a schema that applies itself to the same value without end (allOf or draft-03 extends to "#") is a one-line error, not a stack overflow', async (t) => {
  const endless =
    'the schema applies itself to the same value without end: a $ref (in allOf, extends…) leads back to where it started without going deeper into the data';
  for (const schema of [
    { $schema: 'http://json-schema.org/draft-07/schema#', allOf: [{ $ref: '#' }] },
    { $schema: 'http://json-schema.org/draft-03/schema#', type: 'object', extends: { $ref: '#' } },
  ]) {
    const { validate } = await compile(t, { 'schema.json': schema });
    assert.deepEqual(
      validate({ a: 1 }),
      [{ validator: 'json-schema', message: `schema schema.json: ${endless}`, kind: 'error' }],
      schema.$schema,
    );
  }
});
