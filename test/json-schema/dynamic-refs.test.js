// validators/json-schema/dynamic-refs.js, through the json-schema validator: a $dynamicRef lands on the
// $dynamicAnchor the spec says, where ajv alone would fall back to the root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem, extraKey, D2020 } from '../helpers/compile-schema.js';

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
