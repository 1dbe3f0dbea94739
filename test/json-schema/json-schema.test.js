// validators/json-schema/json-schema.js: the schema loader (schemas chosen while files are checked). The
// validator's other parts are tested beside it, one file a module (test/README.md).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createSchemaLoader } from '../../validators/json-schema/json-schema.js';
import { UsageError } from '../../shared/errors.js';
import { REPO } from '../helpers/cli.js';
import { compile, D07, D2020, problem, tempDir } from '../helpers/compile-schema.js';

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
      [['/properties/a/pattern', 'must match format "regex" (a regular expression)']],
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

test('a loop of $refs across files, through anyOf and an $anchor, is told as one without end too', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { $schema: D2020, properties: { a: { $ref: 'b.json#start' } } },
    'b.json': {
      $schema: D2020,
      $defs: {
        s: { $anchor: 'start', anyOf: [{ type: 'string' }, { $ref: '#/$defs/t' }] },
        t: { not: { $ref: 'b.json#start' } },
      },
    },
  });
  assert.match(
    validate({ a: 1 })[0].message,
    /^schema schema\.json: the schema applies itself to the same value without end: /,
  );
});

test('a $dynamicRef that ajv follows without end (a known ajv limitation) is told as that, where it is, not as a schema too deep', async (t) => {
  // The suite's dynamicRef.json, group 20: a $dynamicRef in a resource the dynamic scope does not
  // reach as ajv expects; ajv's code calls itself until the stack runs out on any value.
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D2020,
      $id: 'https://example.com/base',
      $ref: 'first#/$defs/stuff',
      $defs: {
        first: { $id: 'first', $defs: { stuff: { $ref: 'second#/$defs/stuff' }, length: { maxLength: 1 } } },
        second: {
          $id: 'second',
          $defs: { stuff: { $ref: 'third#/$defs/stuff' }, length: { $dynamicAnchor: 'length', maxLength: 2 } },
        },
        third: {
          $id: 'third',
          $defs: { stuff: { $dynamicRef: '#length' }, length: { $dynamicAnchor: 'length', maxLength: 3 } },
        },
      },
    },
  });
  assert.deepEqual(validate('hi'), [
    {
      validator: 'json-schema',
      message:
        'schema schema.json: ajv\'s handling of its $dynamicRef "#length" at #/$defs/third/$defs/stuff recursed without end (a known limitation of ajv), so this file cannot be validated against it',
      kind: 'error',
    },
  ]);
});

test('a schema whose code is too deep for ajv to generate cannot be used: one line, no $ref loop blamed', async (t) => {
  // 495 anyOf, each inside the one before: no wide one, but code nested far too deep.
  let schema = { type: 'string' };
  for (let depth = 0; depth < 495; depth++) schema = { anyOf: [schema, { required: ['z'] }] };
  await assert.rejects(
    compile(t, { 'schema.json': { $schema: D07, ...schema } }),
    (error) =>
      error instanceof UsageError &&
      error.message ===
        'schema schema.json cannot be compiled: ajv runs out of stack on it (Maximum call stack size exceeded)',
  );
});
