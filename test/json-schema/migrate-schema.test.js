// validators/json-schema/migrate-schema.js, through the json-schema validator: drafts mixed across $refs,
// each file keeping its own draft's meaning; meta-schemas reached by $ref.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { compile, problem, D04, D07, D2020 } from '../helpers/compile-schema.js';

const require = createRequire(import.meta.url);

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
  assert.deepEqual(never.validate({}), [problem('', 'is not allowed here')]);
  const reached = await compile(t, {
    'schema.json': { properties: { x: { $ref: 'never.json' }, y: { $ref: 'always.json' } } },
    'never.json': false,
    'always.json': true,
  });
  assert.deepEqual(reached.validate({ y: 1 }), []);
  assert.deepEqual(reached.validate({ x: 1 }), [problem('/x', 'is not allowed here')]);
  // Read in the draft-07 root's dialect, then compiled in 2020-12 with the file the root also reaches.
  const mixed = await compile(t, {
    'schema.json': { $schema: D07, properties: { x: { $ref: 'never.json' }, t: { $ref: 'd2020.json' } } },
    'never.json': false,
    'd2020.json': { $schema: D2020, prefixItems: [{ type: 'string' }] },
  });
  assert.deepEqual(mixed.validate({ x: 1, t: [1] }), [
    problem('/x', 'is not allowed here'),
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
