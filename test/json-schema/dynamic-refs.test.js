// validators/json-schema/dynamic-refs.js, through the json-schema validator: a $dynamicRef lands on the
// $dynamicAnchor the spec says, where ajv alone would fall back to the root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem, extraKey, D2020 } from '../helpers/compile-schema.js';
import { makeTree, runCli } from '../helpers/cli.js';
import { scopeChains } from '../../validators/json-schema/dynamic-refs.js';

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

// OpenAPI 3.1 as SchemaStore's openapi-3.X.json reaches it: a root without the anchor $refs
// schema-base, whose `$defs/schema` declares `meta` and $refs the dialect, which declares it too, as
// does the meta-schema it $refs; the $dynamicRefs (in schema, in meta) land on schema-base's, the
// outermost along every chain of resources from the root.
const OAS = 'https://example.com/oas';
const oasFiles = {
  'wrapper.json': { $schema: D2020, $ref: `${OAS}/base` },
  'base.json': {
    $schema: D2020,
    $id: `${OAS}/base`,
    $ref: `${OAS}/schema`,
    $defs: {
      schema: { $dynamicAnchor: 'meta', $ref: `${OAS}/dialect`, properties: { $schema: { const: `${OAS}/dialect` } } },
    },
  },
  'schema.json': {
    $schema: D2020,
    $id: `${OAS}/schema`,
    type: 'object',
    properties: { schemas: { type: 'object', additionalProperties: { $dynamicRef: '#meta' } } },
    unevaluatedProperties: false,
    $defs: { schema: { $dynamicAnchor: 'meta', type: ['object', 'boolean'] } },
  },
  'dialect.json': { $schema: D2020, $id: `${OAS}/dialect`, $dynamicAnchor: 'meta', allOf: [{ $ref: 'meta' }] },
  'meta.json': {
    $schema: D2020,
    $id: `${OAS}/meta`,
    $dynamicAnchor: 'meta',
    type: ['object', 'boolean'],
    properties: {
      type: { enum: ['object', 'integer', 'string'] },
      discriminator: { type: 'object', required: ['propertyName'] },
      properties: { type: 'object', additionalProperties: { $dynamicRef: '#meta' } },
    },
  },
};
const oasRefs = ['base.json', 'schema.json', 'dialect.json', 'meta.json'];
const validOas = { schemas: { Pet: { type: 'object', properties: { id: { type: 'integer' } } }, Any: true } };
const invalidOas = {
  schemas: {
    Pet: { type: 'object', discriminator: {}, properties: { id: { type: 'date', $schema: 'other' } } },
  },
};

test("$dynamicRef: a root without the anchor, $refs to schema-base, dialect and meta that all declare it (SchemaStore's OpenAPI route): schema-base's, the outermost on every chain", async (t) => {
  const { validate } = await compile(t, oasFiles, { schema: 'wrapper.json', refs: oasRefs });
  assert.deepEqual(validate(validOas), []);
  assert.deepEqual(validate(invalidOas), [
    problem('/schemas/Pet/discriminator', 'must have required property "propertyName"'),
    problem('/schemas/Pet/properties/id/type', 'must be one of "object", "integer", "string"'),
    problem('/schemas/Pet/properties/id/$schema', `must be equal to "${OAS}/dialect"`),
  ]);
});

test("$dynamicRef: from the command line, alike compiled whole, lazily or apart, in-process and on a pool (SchemaStore's OpenAPI route)", async (t) => {
  const files = Object.fromEntries(Object.entries(oasFiles).map(([name, value]) => [name, JSON.stringify(value)]));
  const dir = makeTree(t, {
    ...files,
    'valid.json': JSON.stringify(validOas),
    'invalid.json': JSON.stringify(invalidOas),
  });
  const refs = oasRefs.flatMap((ref) => ['--ref', ref]);
  for (const compiled of ['eager', 'lazy', 'apart']) {
    for (const workers of ['0', '2']) {
      const run = await runCli(['-s', 'wrapper.json', ...refs, 'valid.json', 'invalid.json', '--workers', workers], {
        cwd: dir,
        env: { FILECHECK_SCHEMA_COMPILE: compiled },
      });
      assert.equal(run.code, 1, run.stderr);
      const said = `${compiled}, --workers ${workers}`;
      assert.deepEqual(
        run.stdout.split('\n').filter((line) => /^ (PASS|FAIL) /.test(line)),
        [' FAIL  invalid.json  (json-schema: wrapper.json)'],
        said,
      );
      assert.deepEqual(
        run.stdout
          .split('\n')
          .filter((line) => /^ {2}invalid\.json:/.test(line))
          .map((line) => line.replace(/^ +\S+ +/, '')),
        [
          '/schemas/Pet/discriminator: must have required property "propertyName"',
          '/schemas/Pet/properties/id/type: must be one of "object", "integer", "string"',
          `/schemas/Pet/properties/id/$schema: must be equal to "${OAS}/dialect"`,
        ],
        said,
      );
    }
  }
});

test("$dynamicRef: a root that $refs two schema-bases, each by its own chain (openapi-3.X.json's 3.1 and 3.2): each branch's $dynamicRef lands on its own", async (t) => {
  const branch = (version, required) => ({
    [`base${version}.json`]: {
      $schema: D2020,
      $id: `${OAS}/${version}/base`,
      $ref: `${OAS}/${version}/schema`,
      $defs: { schema: { $dynamicAnchor: 'meta', type: 'object', required: [required] } },
    },
    [`schema${version}.json`]: {
      $schema: D2020,
      $id: `${OAS}/${version}/schema`,
      properties: { version: true, schemas: { type: 'object', additionalProperties: { $dynamicRef: '#meta' } } },
      unevaluatedProperties: false,
      $defs: { schema: { $dynamicAnchor: 'meta', type: ['object', 'boolean'] } },
    },
  });
  const when = (version) => ({
    if: { properties: { version: { const: version } }, required: ['version'] },
    then: { $ref: `${OAS}/${version}/base` },
  });
  const { validate } = await compile(
    t,
    { 'schema.json': { $schema: D2020, allOf: [when(1), when(2)] }, ...branch(1, 'type'), ...branch(2, 'title') },
    { refs: ['base1.json', 'schema1.json', 'base2.json', 'schema2.json'] },
  );
  assert.deepEqual(validate({ version: 1, schemas: { Pet: { type: 'object' } } }), []);
  assert.deepEqual(validate({ version: 2, schemas: { Pet: { title: 'Pet' } } }), []);
  assert.deepEqual(validate({ version: 1, schemas: { Pet: { title: 'Pet' } } }), [
    problem('/schemas/Pet', 'must have required property "type"'),
  ]);
  assert.deepEqual(validate({ version: 2, schemas: { Pet: { type: 'object' } } }), [
    problem('/schemas/Pet', 'must have required property "title"'),
  ]);
});

test('scopeChains: a $dynamicRef whose chains from the root meet different resources declaring the anchor first is left to ajv', () => {
  const base = (name) => ({ $id: `${OAS}/${name}`, $ref: 'schema', $defs: { schema: { $dynamicAnchor: 'meta' } } });
  const files = {
    [`${OAS}/a`]: base('a'),
    [`${OAS}/b`]: base('b'),
    [`${OAS}/schema`]: { $id: `${OAS}/schema`, $defs: { schema: { $dynamicAnchor: 'meta' } } },
  };
  const schemaAt = (url) => (files[url] ? { raw: files[url], id: url } : null);
  const root = (...refs) => ({
    raw: { anyOf: refs.map((name) => ({ $ref: `${OAS}/${name}` })) },
    id: 'file:///root.json',
  });
  assert.equal(scopeChains(root('a'), schemaAt)('meta', `${OAS}/schema`, `${OAS}/schema`), `${OAS}/a#meta`);
  assert.equal(scopeChains(root('a', 'b'), schemaAt)('meta', `${OAS}/schema`, `${OAS}/schema`), null);
  // Reached by no chain: nothing is known of it.
  assert.equal(scopeChains(root(), schemaAt)('meta', `${OAS}/schema`, `${OAS}/schema`), null);
});
