// What code compiled apart leaves until a document needs it (validators/json-schema/defer-properties.js), and
// when a failing document's problems need the code with $refs inlined (wordedFromSchemaPaths).
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { DEFERRED, allQuiet, deferProperties, quietIn } from '../../validators/json-schema/defer-properties.js';
import { wordedFromSchemaPaths } from '../../validators/json-schema/schema-problems.js';

const Ajv = createRequire(import.meta.url)('ajv').default;
const quiet = quietIn(new Ajv({ strictSchema: 'log', logger: false }));

const big = (extra = {}) => ({
  type: 'object',
  properties: { a: { type: 'string' }, b: { type: 'integer' } },
  ...extra,
});

test('a large property subschema is put behind a $ref; small ones, $refs and other keywords stay', () => {
  const schema = {
    properties: { large: big(), small: { type: 'string', description: 'x' }, ref: { $ref: '#/definitions/d' } },
    definitions: { d: big() },
    items: big(),
  };
  const deferred = deferProperties(schema, quiet);
  assert.deepEqual(deferred.properties, {
    large: { $ref: `#/${DEFERRED}/0` },
    small: schema.properties.small,
    ref: schema.properties.ref,
  });
  assert.deepEqual(deferred[DEFERRED], [schema.properties.large]);
  assert.equal(deferred.definitions, schema.definitions);
  assert.equal(deferred.items, schema.items);
  assert.deepEqual(schema.properties.large, big(), 'the schema given is not changed');
});

test('nested properties are deferred where they are, each under the root of the resource', () => {
  const schema = { properties: { outer: { type: 'object', properties: { inner: big() }, required: ['inner'] } } };
  const deferred = deferProperties(schema, quiet);
  assert.deepEqual(deferred.properties.outer, { $ref: `#/${DEFERRED}/1` });
  assert.deepEqual(deferred[DEFERRED][1], {
    type: 'object',
    properties: { inner: { $ref: `#/${DEFERRED}/0` } },
    required: ['inner'],
  });
  assert.deepEqual(deferred[DEFERRED][0], big());
});

test('not deferred: a part a $ref points into, a part with its own $id, a part that would warn or be refused, one whose $ref leads to such a part', () => {
  const cases = {
    pointedInto: { properties: { p: big() }, definitions: { d: { $ref: '#/properties/p/properties/a' } } },
    ownId: { properties: { p: big({ $id: 'https://example.com/p.json' }) } },
    nestedId: { properties: { p: big({ items: { $id: 'https://example.com/q.json' } }) } },
    unknownKeyword: { properties: { p: big({ uiWidget: 'P' }) } },
    unknownFormat: { properties: { p: big({ format: 'no-such-format' }) } },
    badPattern: { properties: { p: big({ pattern: '\\p{Nope}' }) } },
    badPatternKey: { properties: { p: big({ patternProperties: { '^(': {} } }) } },
    refToNoisy: {
      properties: { p: big({ items: { $ref: '#/definitions/n' } }) },
      definitions: { n: { format: 'no-such-format' } },
    },
    refToOtherFile: { properties: { p: big({ items: { $ref: 'other.json' } }) } },
  };
  for (const [name, schema] of Object.entries(cases)) assert.equal(deferProperties(schema, quiet), schema, name);
  // Annotations (markdownDescription, x-…) are quiet: filecheck does not pass their warnings on.
  const annotated = { properties: { p: big({ markdownDescription: 'P', 'x-intellij-html-description': 'P' }) } };
  assert.notEqual(deferProperties(annotated, quiet), annotated);
  // A $ref to a part with $refs of its own: ajv compiles that part apart in any case.
  const refToRefs = {
    properties: { p: big({ items: { $ref: '#/definitions/r' } }) },
    definitions: { r: { items: { $ref: '#/definitions/n' } }, n: { format: 'no-such-format' } },
  };
  assert.notEqual(deferProperties(refToRefs, quiet), refToRefs);
});

test('allQuiet: down the whole subschema', () => {
  assert.equal(allQuiet(big(), quiet), true);
  assert.equal(allQuiet(big({ properties: { a: { allOf: [{ format: 'no-such-format' }] } } }), quiet), false);
  assert.equal(allQuiet(true, quiet), true);
});

test('wordedFromSchemaPaths: an anyOf, oneOf, if or propertyNames error, or a type error then an enum or const error at one place', () => {
  const error = (keyword, instancePath = '/a') => ({ keyword, instancePath, schemaPath: `#/${keyword}`, params: {} });
  const rows = [
    [[error('required'), error('type')], false],
    [[error('type'), error('enum', '/b')], false],
    [[error('enum'), error('type')], false],
    [[error('type'), error('enum')], true],
    [[error('required'), error('type'), error('const')], true],
    [[error('required'), error('oneOf')], true],
    [[error('anyOf')], true],
    [[error('if')], true],
    [[error('propertyNames')], true],
    [[], false],
  ];
  for (const [errors, want] of rows)
    assert.equal(wordedFromSchemaPaths(errors), want, errors.map((e) => e.keyword).join(' '));
});
