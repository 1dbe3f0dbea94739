// formats/toml-positions.js: where each key of a TOML text is, for placing problems in TOML files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { tomlKeyOffsets } from '../../formats/toml-positions.js';
import { lineAndColumn } from '../../formats/json-positions.js';
import { parse } from 'smol-toml';

const TEXT = [
  'title = "TOML # not a comment"', // 1
  'dotted.key.here = 1 # a comment', // 2
  '"quoted.key" = 2', // 3
  "'lit/eral' = { a = 1, b.c = [10, 20] }", // 4
  'text = """', // 5
  'a = "not a key"', // 6
  '[not.a.table]', // 7
  '"""', // 8
  'list = [', // 9
  '  1, # one', // 10
  '  [2, 3],', // 11
  ']', // 12
  '', // 13
  '[servers.alpha]', // 14
  'ip = "10.0.0.1"', // 15
  '', // 16
  '[[products]]', // 17
  'name = "Hammer"', // 18
  '[[products]]', // 19
  'name = "Nail"', // 20
  '[[products.sizes]]', // 21
  'mm = 2', // 22
  '[products.vendor]', // 23
  'name = "ACME"', // 24
  "literal = '''it's", // 25
  "'''", // 26
  'after = true', // 27
].join('\n');

test('tomlKeyOffsets: each pointer lands on its value, its table header or the key that implies it', async (t) => {
  assert.equal(parse(TEXT).products[1].vendor.after, true, 'the text is TOML, as smol-toml reads it');
  const offsets = tomlKeyOffsets(TEXT);
  const cases = [
    ['', 1, 1, 'the document'],
    ['/title', 1, 9, 'a value, after its ='],
    ['/dotted', 2, 1, 'a key a dotted key implies: the dotted key'],
    ['/dotted/key/here', 2, 19, "a dotted key's value"],
    ['/quoted.key', 3, 16, 'a quoted key, dot included'],
    ['/lit~1eral', 4, 14, 'a literal key, "/" escaped in the pointer'],
    ['/lit~1eral/a', 4, 20, 'a key of an inline table'],
    ['/lit~1eral/b/c/1', 4, 34, 'an element of an array in an inline table'],
    ['/text', 5, 8, 'a multi-line string, whose lines are not keys or tables'],
    ['/list/0', 10, 3, 'an element of a multi-line array'],
    ['/list/1/1', 11, 7, 'an element of a nested array'],
    ['/servers/alpha', 14, 1, 'a table: its header'],
    ['/servers', 14, 1, 'a table a header implies'],
    ['/servers/alpha/ip', 15, 6, 'a key of a table'],
    ['/products', 17, 1, 'an array of tables: its first header'],
    ['/products/0/name', 18, 8, 'a key of the first table of an array'],
    ['/products/1', 19, 1, 'the second table: its own header'],
    ['/products/1/name', 20, 8, 'a key of the second table'],
    ['/products/1/sizes/0/mm', 22, 6, 'an array of tables in the last table of another'],
    ['/products/1/vendor/name', 24, 8, 'a table in the last table of an array'],
    ['/products/1/vendor/literal', 25, 11, 'a multi-line literal string'],
    ['/products/1/vendor/after', 27, 9, 'the key after it: the string ended where it ends'],
  ];
  for (const [pointer, line, column, why] of cases) {
    await t.test(`${JSON.stringify(pointer)}: ${why}`, () => {
      assert.ok(offsets.has(pointer), `${pointer} is found`);
      assert.deepEqual(lineAndColumn(TEXT, offsets.get(pointer)), { line, column });
    });
  }
  assert.ok(!offsets.has('/a') && !offsets.has('/not'), 'nothing inside a string is taken for a key or a table');
});

test('tomlKeyOffsets: where each key is written, for a problem about the key itself', async (t) => {
  const keys = new Map();
  tomlKeyOffsets(TEXT, keys);
  const cases = [
    ['/title', 1, 1, 'a key of a key = value line'],
    ['/dotted/key/here', 2, 12, 'the last part of a dotted key'],
    ['/dotted', 2, 1, 'the first part of a dotted key'],
    ['/quoted.key', 3, 1, 'a quoted key: its opening quote'],
    ['/lit~1eral/b/c', 4, 25, 'a dotted key inside an inline table'],
    ['/servers/alpha', 14, 10, "a table's key: in its header"],
    ['/products', 17, 3, 'an array of tables: in its first header'],
    ['/products/1/name', 20, 1, 'a key of the second table of an array'],
  ];
  for (const [pointer, line, column, why] of cases) {
    await t.test(`${JSON.stringify(pointer)}: ${why}`, () => {
      assert.ok(keys.has(pointer), `${pointer} is found`);
      assert.deepEqual(lineAndColumn(TEXT, keys.get(pointer)), { line, column });
    });
  }
  assert.ok(!keys.has('/list/0'), 'an array element has no key');
});
