// validators/json-schema/migrate-draft-03.js, through the json-schema validator: draft-03 schemas, alone
// and mixed with newer drafts, keep their meaning.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem, D07, D2020 } from '../helpers/compile-schema.js';

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
      problem('', 'must have property "name" when property "step" is present'),
      problem('/id', 'must be integer, or match pattern "^x"'),
      problem('/notText', 'must not match the schema at #/properties/notText/not'),
      problem('/step', 'must be multiple of 5'),
    ],
  );
  assert.deepEqual(validate({ name: 'n', age: 1, notText: 'text' }), [
    problem('/notText', 'must not match the schema at #/properties/notText/not'),
  ]);
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
    problem('/h', 'must match format "hostname" (such as example.com)'),
    problem('/ip', 'must match format "ipv4" (such as 192.168.0.1)'),
    problem('/t', 'must match format "iso-time" (hh:mm:ss, such as 10:00:00)'),
    problem('/c', 'must match format "css21-color" (a CSS 2.1 color name, #rgb or #rrggbb)'),
    problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)'),
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
      // a string where a boolean is wanted: marked for YAML's locator (formats/yaml.js: YAML 1.1's `yes`)
      [{ ...problem('/s/properties/a/required', 'must be boolean'), wantsBoolean: true }],
      ref,
    );
  }
});
