// validators/json-schema/wide-alternatives.cjs: an anyOf or oneOf of more than a hundred
// alternatives, compiled one alternative after another, a hundred to a function: it validates on
// the main thread at any width, as ajv's own code means.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, extraKey, problem, D07, D2020 } from '../helpers/compile-schema.js';

// The problems a report shows: not an anyOf's alternatives that were not meant (--verbose's).
const shown = (problems) => problems.filter((p) => !p.notBestMatch);
// Alternatives that no enum stands for (enum-alternatives.js): an object of a kind.
const kinds = (count) =>
  Array.from({ length: count }, (_, i) => ({ properties: { k: { const: i } }, required: ['k'] }));
// Alternative i holds when the document has the key `a${i}`: a document may match several.
const keys = (count) => Array.from({ length: count }, (_, i) => ({ required: [`a${i}`] }));

test('an anyOf of 2,000 and 3,000 alternatives validates on the main thread, at the root and deep in a document through a $ref', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { $schema: D07, properties: { x: { $ref: 'wide.json' }, self: { $ref: '#' } } },
    'wide.json': { $schema: D07, anyOf: kinds(2000) },
  });
  let deep = { x: { k: 1999 } };
  for (let depth = 0; depth < 900; depth++) deep = { self: deep };
  assert.deepEqual(validate(deep), []);
  assert.deepEqual(validate({ x: { k: 5 } }), []);
  const [refused, ...others] = shown(validate({ x: { k: 2000 } }));
  assert.deepEqual(others, []);
  assert.equal(refused.pointer, '/x/k');
  assert.match(
    refused.message,
    /^must be one of 0, 1, 2, .* … and \d+ more \(none of the 2000 alternatives of anyOf matches\)$/,
  );
  const root = await compile(t, { 'schema.json': { $schema: D07, anyOf: kinds(3000) } });
  assert.deepEqual(root.validate({ k: 2999 }), []);
});

test('12,000 alternatives validate too: their code is split in functions, whose frames the stack holds', async (t) => {
  const { validate } = await compile(t, { 'schema.json': { $schema: D07, anyOf: kinds(12000) } });
  assert.deepEqual(validate({ k: 11999 }), []);
  assert.equal(shown(validate({ k: -1 })).length, 1);
});

test('a wide oneOf fails a document two alternatives match, in one group of a hundred or in two, and one none matches', async (t) => {
  const { validate } = await compile(t, { 'schema.json': { $schema: D07, oneOf: keys(250) } });
  assert.deepEqual(validate({ a5: 1 }), []);
  assert.deepEqual(validate({ a249: 1 }), []);
  const twice = (a, b) =>
    problem(
      '',
      `matches at least 2 of the 250 alternatives of oneOf ({"required":["a${a}"]} and {"required":["a${b}"]}), where exactly one may match`,
    );
  assert.deepEqual(shown(validate({ a5: 1, a7: 1 })), [twice(5, 7)]);
  assert.deepEqual(shown(validate({ a5: 1, a150: 1 })), [twice(5, 150)]);
  assert.deepEqual(shown(validate({ a99: 1, a100: 1 })), [twice(99, 100)]);
  assert.deepEqual(shown(validate({ a5: 1, a7: 1, a150: 1 })), [twice(5, 7)]);
  assert.deepEqual(shown(validate({ a150: 1, a249: 1 })), [
    problem(
      '',
      'matches 2 alternatives of oneOf ({"required":["a150"]} and {"required":["a249"]}), where exactly one may match',
    ),
  ]);
  const [none, ...others] = shown(validate({}));
  assert.deepEqual(others, []);
  assert.match(none.message, /^must have one of the properties "a0", "a1", .*"a249"$/);
});

test('a wide anyOf passes a document any of its alternatives matches, in any group, and fails one none matches', async (t) => {
  const { validate } = await compile(t, { 'schema.json': { $schema: D07, anyOf: keys(250) } });
  for (const doc of [{ a0: 1 }, { a249: 1 }, { a5: 1, a150: 1 }]) assert.deepEqual(validate(doc), []);
  assert.equal(shown(validate({ b: 1 })).length, 1);
});

test('unevaluatedProperties sees the properties a wide anyOf or oneOf evaluated, whichever of its functions did', async (t) => {
  for (const keyword of ['anyOf', 'oneOf']) {
    const { validate } = await compile(t, {
      'schema.json': {
        $schema: D2020,
        [keyword]: Array.from({ length: 250 }, (_, i) => ({ properties: { [`a${i}`]: true }, required: [`a${i}`] })),
        unevaluatedProperties: false,
      },
    });
    assert.deepEqual(validate({ a5: 1 }), [], keyword);
    assert.deepEqual(validate({ a249: 1 }), [], keyword);
    assert.deepEqual(
      shown(validate({ a180: 1, b: 2 })),
      [extraKey('/b', 'must NOT have unevaluated property "b"')],
      keyword,
    );
  }
});
