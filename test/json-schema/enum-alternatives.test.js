// validators/json-schema/enum-alternatives.js: an anyOf or oneOf of values alone ({ "const": v },
// { "enum": [...] }, annotations beside) compiled as the enum it is, through the json-schema
// validator; its meaning kept where it is not one (values allowed twice in a oneOf, a $ref into
// an alternative, a keyword beside that is no annotation).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem, D04, D07, D2020 } from '../helpers/compile-schema.js';

// The problems a report shows: not an anyOf's alternatives that were not meant (--verbose's).
const shown = (problems) => problems.filter((p) => !p.notBestMatch);
const consts = (count, extra = () => ({})) =>
  Array.from({ length: count }, (_, i) => ({ const: `v${i}`, ...extra(i) }));

test('a oneOf or anyOf of 1,581 and 5,000 consts (mkdocs-material fonts) validates as an enum: no stack overflow', async (t) => {
  for (const count of [1581, 5000]) {
    for (const keyword of ['oneOf', 'anyOf']) {
      const { validate, warnings } = await compile(t, {
        'schema.json': {
          $schema: D07,
          type: 'string',
          [keyword]: consts(count, (i) => ({ title: `V ${i}`, markdownDescription: `the ${i}th`, $comment: 'font' })),
        },
      });
      assert.deepEqual(warnings, []);
      assert.deepEqual(validate('v1'), [], `${count} ${keyword}`);
      assert.deepEqual(validate(`v${count - 1}`), [], `${count} ${keyword}`);
      const [refused, ...others] = validate('nope');
      assert.deepEqual(others, [], `${count} ${keyword}`);
      assert.equal(refused.kind, 'invalid');
      assert.equal(refused.pointer, '');
      // Bounded, whatever the count: its first values, then how many more.
      assert.match(refused.message, /^must be one of "v0", "v1", .* … and \d+ more$/);
      assert.ok(refused.message.length < 300, refused.message);
      // A near miss is suggested, as for any enum (did-you-mean.js).
      assert.match(validate('V12')[0].message, /; did you mean "v12"\?$/);
    }
  }
});

test('alternatives of single-value enums, objects and numbers are an enum too, each value by JSON equality', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D2020,
      properties: {
        a: { oneOf: [{ enum: ['x'], title: 'X' }, { enum: ['y', 'z'] }, { const: { k: [1, 2] } }] },
        b: { anyOf: [{ const: 1 }, { const: 2 }, { enum: [2, 3] }] },
      },
    },
  });
  assert.deepEqual(validate({ a: 'z', b: 3 }), []);
  assert.deepEqual(validate({ a: { k: [1, 2] }, b: 1.0 }), []);
  assert.deepEqual(validate({ a: 'w', b: 4 }), [
    problem('/a', 'must be one of "x", "y", "z", {"k":[1,2]}'),
    problem('/b', 'must be one of 1, 2, 3'),
  ]);
});

test('a oneOf whose alternatives allow one value twice keeps its meaning: that value fails, as it matches two', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      $schema: D07,
      oneOf: [...consts(3), { const: { a: 1, b: 2 } }, { enum: ['w', { b: 2, a: 1 }] }],
    },
  });
  assert.deepEqual(validate('v2'), []);
  assert.deepEqual(validate('w'), []);
  assert.deepEqual(shown(validate({ b: 2, a: 1 })), [
    problem(
      '',
      'matches 2 alternatives of oneOf ({"const":{"a":1,"b":2}} and {"enum":["w",{"b":2,"a":1}]}), where exactly one may match',
    ),
  ]);
});

test('alternatives left as they are: a keyword beside that is no annotation, a $ref into one, const in draft-04 by $data', async (t) => {
  // A type beside a const is a second condition: an anyOf of such alternatives is no enum.
  const typed = await compile(t, {
    'schema.json': { $schema: D07, anyOf: [{ const: 1, type: 'string' }, { const: 'a' }] },
  });
  assert.deepEqual(
    shown(typed.validate(1)).map((p) => p.message),
    ['must be string, or be equal to "a"'],
  );
  // A $ref of the file into an alternative finds it where it is written.
  const reffed = await compile(t, {
    'schema.json': {
      $schema: D07,
      properties: { a: { $ref: '#/properties/b/oneOf/1' }, b: { oneOf: [{ const: 'x' }, { const: 'y' }] } },
    },
  });
  assert.deepEqual(reffed.validate({ a: 'y', b: 'x' }), []);
  assert.deepEqual(
    reffed.validate({ a: 'x' }).map((p) => [p.pointer, p.message]),
    [['/a', 'must be equal to "y"']],
  );
  // Draft-04's const is ajv-draft-04's: the same enum.
  const d4 = await compile(t, { 'schema.json': { $schema: D04, oneOf: consts(1700) } });
  assert.deepEqual(d4.validate('v3'), []);
  // With $data on, a const may be a reference to the document: never a value.
  const data = await compile(
    t,
    { 'schema.json': { $schema: D07, properties: { a: { anyOf: [{ const: { $data: '1/b' } }, { const: 0 }] } } } },
    { ajv: { $data: true } },
  );
  assert.deepEqual(data.validate({ a: 5, b: 5 }), []);
  assert.equal(data.validate({ a: 5, b: 6 }).length > 0, true);
});
