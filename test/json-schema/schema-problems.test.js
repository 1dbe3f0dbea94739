// validators/json-schema/schema-problems.js, through the json-schema validator: what ajv reports of a
// document as filecheck's problems, their pointers and messages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem, extraKey } from '../helpers/compile-schema.js';

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
        wait: { type: 'string', format: 'duration' },
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
    ['format', { id: 1, email: 'nope' }, [problem('/email', 'must match format "email" (such as name@example.com)')]],
    [
      "a format says the form it expects: mergify's batch_max_wait_time",
      { id: 1, wait: '5min' },
      [problem('/wait', 'must match format "duration" (ISO 8601, such as PT5M)')],
    ],
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

test("two type errors at one place are one line, the types both allow: a draft-07 $ref beside a type (pnpm's catalog)", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { catalog: { type: 'object' }, count: { type: 'number' } },
      properties: {
        catalog: { $ref: '#/definitions/catalog', type: ['object', 'null'] },
        count: { $ref: '#/definitions/count', type: 'integer' },
        never: { allOf: [{ type: 'string' }, { type: 'number' }] },
      },
    },
  });
  assert.deepEqual(validate({ catalog: [1], count: 'x', never: true }), [
    problem('/catalog', 'must be object'),
    problem('/count', 'must be integer'),
    // No value is both: each says what its schema asks.
    problem('/never', 'must be string'),
    problem('/never', 'must be number'),
  ]);
});

test('not, a false schema and contains say what to do: what the not matches, the property not allowed, how many items must match where', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        media: { not: { required: ['example', 'examples'] } },
        name: { not: { enum: ['x'] } },
        code: { not: { type: 'string', minLength: 3 } },
        xml: { properties: { attribute: false } },
        tags: { contains: { type: 'string' }, minContains: 0, maxContains: 1 },
        ids: { contains: { type: 'integer' } },
        paths: { propertyNames: { not: { const: 'POST' } } },
      },
    },
  });
  assert.deepEqual(
    validate({
      media: { example: 1, examples: [] },
      name: 'x',
      code: 'abcd',
      xml: { attribute: true },
      tags: ['a', 'b'],
      ids: [],
      paths: { POST: {} },
    }),
    [
      problem('/media', 'must not have both "example" and "examples"'),
      problem('/name', 'must not be "x"'),
      problem('/code', 'must not match the schema at #/properties/code/not'),
      problem('/xml/attribute', 'property "attribute" is not allowed here'),
      problem('/tags', 'must contain at most 1 item matching the schema at #/properties/tags/contains'),
      problem('/ids', 'must contain an item matching the schema at #/properties/ids/contains'),
      extraKey('/paths/POST', 'property name "POST" must not be "POST"'),
    ],
  );
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
        problem('', 'must have property "x" when property "hasOwnProperty" is present'),
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

test('a property named in a message is quoted as a JSON string: a quote in it is escaped, a dependency names both', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      required: ['foo"bar'],
      properties: { 'no"pe': false, 'x"y': { required: ['a\\b'], unevaluatedProperties: false } },
      propertyNames: { maxLength: 4 },
      dependentRequired: { 'foo"bar': ["foo'bar"], 'q"': ['r"'] },
      additionalProperties: { type: 'integer' },
    },
  });
  assert.deepEqual(validate({ 'no"pe': 1, 'q"': 1, 'x"y': { 'c"d': 1 } }), [
    problem('', 'must have required property "foo\\"bar"'),
    extraKey('/no"pe', 'property name "no\\"pe" must NOT have more than 4 characters'),
    problem('/no"pe', 'property "no\\"pe" is not allowed here'),
    problem('/x"y', 'must have required property "a\\\\b"'),
    extraKey('/x"y/c"d', 'must NOT have unevaluated property "c\\"d"'),
    problem('', 'must have property "r\\"" when property "q\\"" is present'),
  ]);
  const draft07 = await compile(t, {
    'schema.json': {
      dependencies: { 'foo"bar': ["foo'bar", 'baz'] },
      properties: { a: { additionalProperties: false } },
    },
  });
  assert.deepEqual(draft07.validate({ 'foo"bar': 1, a: { 'b"c': 1 } }), [
    problem('', 'must have property "foo\'bar" when property "foo\\"bar" is present'),
    problem('', 'must have property "baz" when property "foo\\"bar" is present'),
    extraKey('/a/b"c', 'must NOT have additional property "b\\"c"'),
  ]);
});
