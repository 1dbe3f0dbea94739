// validators/json-schema/meta-schemas/: the meta-schemas' validators, precompiled by
// scripts/build-meta-validators.js, and used by an ajv of plain settings in place of compiling them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { metaValidatorSources } from '../../scripts/build-meta-validators.js';
import { createAjv, META_SCHEMAS, PRECOMPILED_META_DIALECTS } from '../../validators/json-schema/ajv-instance.js';

const envOf = (ajv, dialect) => ajv.schemas[META_SCHEMAS[dialect].replace(/#$/, '')];

test('the committed meta-schema validators are what scripts/build-meta-validators.js generates (run npm run build:meta-validators)', () => {
  const sources = metaValidatorSources();
  assert.deepEqual(
    [...sources.keys()].sort(),
    fs.readdirSync(new URL('../../validators/json-schema/meta-schemas/', import.meta.url)).sort(),
  );
  for (const [name, text] of sources) {
    assert.equal(
      fs.readFileSync(new URL(`../../validators/json-schema/meta-schemas/${name}`, import.meta.url), 'utf8'),
      text,
      `validators/json-schema/meta-schemas/${name} is stale`,
    );
  }
});

// ajv compiles a meta-schema's validator into its entry for it when it needs one: with the
// precompiled one, it never does.
const compiledItsOwn = (ajv, dialect) => {
  ajv.validateSchema({ $schema: META_SCHEMAS[dialect], type: 'object' });
  ajv.validateSchema({ type: 'object' }); // no $schema: the dialect's own
  return envOf(ajv, dialect).validate !== undefined;
};

test('an ajv of plain settings checks schemas with the precompiled validator; verbose, $data or kept code (--cache) compile their own', () => {
  for (const dialect of PRECOMPILED_META_DIALECTS) {
    assert.equal(compiledItsOwn(createAjv(dialect, {}, [], []), dialect), false, dialect);
    assert.equal(
      compiledItsOwn(createAjv(dialect, { formats: 'fast', strict: true, code: { optimize: false } }, [], []), dialect),
      false,
      dialect,
    );
    // A plugin's keyword with a meta-schema of its own (ajv-errors' errorMessage): that one is
    // compiled, and checked against the dialect's meta-schema, precompiled.
    const plugin = {
      apply: (ajv) => ajv.addKeyword({ keyword: 'x-note', metaSchema: { type: 'string' } }),
      options: undefined,
    };
    assert.equal(
      compiledItsOwn(createAjv(dialect, { plugins: ['x-note'] }, [plugin], []), dialect),
      false,
      `${dialect} with a plugin`,
    );
    for (const [settings, options] of [
      [{ verbose: true }, {}],
      [{ $data: true }, {}],
      [{ allErrors: false }, {}],
      [{}, { source: true }],
    ]) {
      assert.equal(
        compiledItsOwn(createAjv(dialect, settings, [], [], options), dialect),
        true,
        `${dialect} ${JSON.stringify([settings, options])}`,
      );
    }
  }
});

// Schemas each dialect's meta-schema refuses (and two it accepts), checked by the precompiled
// validator and by the one ajv compiles: the same verdicts and the same errors.
const SCHEMAS = [
  { type: 'object', properties: { a: { type: 'string', minLength: 1 } }, required: ['a'] },
  { type: 'strin' },
  { type: 5 },
  { type: ['string', 'string'] },
  { properties: { a: { minLength: -1 } } },
  { required: 'a' },
  { items: [{ type: 1 }] },
  { $id: 5, id: 5 },
  { enum: [] },
  { pattern: 5 },
  { anyOf: [] },
  { allOf: [{ not: { type: 'nope' } }] },
  { dependencies: { a: 5 } },
  { definitions: { x: { type: 'nope' } }, $defs: { y: { maximum: 'big' } } },
  { additionalProperties: 'no', patternProperties: { '^a': 3 } },
  { format: 1, title: 2, description: [] },
  { exclusiveMinimum: true, minimum: 1, exclusiveMaximum: 'no' },
  { prefixItems: 'x', contains: 5, unevaluatedProperties: 1, dependentRequired: { a: [1] } },
  { $ref: 3, $anchor: '1x', $dynamicRef: 1, $recursiveRef: 2 },
  { if: 1, then: { type: 'string' }, else: 'x', const: null, multipleOf: 0 },
  { properties: { nested: { items: { properties: { deep: { enum: 'x', uniqueItems: 'yes' } } } } } },
];

test("the precompiled validators give the verdicts and errors ajv's own compilation gives, in every dialect", () => {
  for (const dialect of PRECOMPILED_META_DIALECTS) {
    const precompiled = createAjv(dialect, {}, [], []);
    const compiled = createAjv(dialect, {}, [], [], { source: true });
    let refused = 0;
    for (const schema of SCHEMAS) {
      const withMeta = { $schema: META_SCHEMAS[dialect], ...schema };
      const verdict = precompiled.validateSchema(withMeta);
      assert.equal(verdict, compiled.validateSchema(withMeta), `${dialect} ${JSON.stringify(schema)}`);
      assert.deepEqual(precompiled.errors, compiled.errors, `${dialect} ${JSON.stringify(schema)}`);
      if (!verdict) refused++;
    }
    assert.ok(refused >= SCHEMAS.length - 4, `${dialect}: the meta-schema refuses most of them (${refused})`);
    assert.equal(envOf(precompiled, dialect).validate, undefined, `${dialect}: the precompiled validator checked them`);
  }
});
