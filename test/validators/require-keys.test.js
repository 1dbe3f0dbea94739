// validators/require-keys.js: the key-path syntax and what a missing or mistyped key reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseKeySpec, createRequireKeys } from '../../validators/require-keys.js';

test('parseKeySpec reads the key path and the optional type', async (t) => {
  const cases = [
    ['a', ['a'], undefined],
    ['documentData.title', ['documentData', 'title'], undefined],
    ['documentData.title:string', ['documentData', 'title'], 'string'],
    ['n:number', ['n'], 'number'],
    ['n:integer', ['n'], 'integer'],
    ['b:boolean', ['b'], 'boolean'],
    ['o:object', ['o'], 'object'],
    ['items:array', ['items'], 'array'],
    ['z:null', ['z'], 'null'],
    ['items.0.id:string', ['items', '0', 'id'], 'string'],
    // An escaped dot is part of the key.
    ['a\\.b', ['a.b'], undefined],
    ['a\\.b.c:integer', ['a.b', 'c'], 'integer'],
    ['x.a\\.b\\.c', ['x', 'a.b.c'], undefined],
    // An escaped colon is part of the key (front matter's `og:title`).
    ['urn\\:isbn', ['urn:isbn'], undefined],
    ['a\\:b:string', ['a:b'], 'string'],
    ['meta.og\\:title:string', ['meta', 'og:title'], 'string'],
  ];
  for (const [spec, path, type] of cases) {
    await t.test(spec, () => {
      assert.deepEqual(parseKeySpec(spec), { spec, path, type });
    });
  }
});

test('parseKeySpec rejects specs with an empty key', async (t) => {
  for (const spec of ['', '.', 'a..b', '.a', 'a.', 'a.:string', '..:number', ':string', ':', ':foo']) {
    await t.test(JSON.stringify(spec), () => {
      assert.throws(() => parseKeySpec(spec), {
        name: 'TypeError',
        message: `"${spec}" is not a key path (expected e.g. documentData.title or documentData.title:string)`,
      });
    });
  }
});

test('parseKeySpec rejects a type it does not know, rather than take it for part of the key', async (t) => {
  for (const [spec, type] of [
    ['a:int', 'int'],
    ['title:strin', 'strin'],
    ['a:String', 'String'],
    ['urn:isbn', 'isbn'],
    ['a:', ''],
    ['a:b\\:c', 'b\\:c'],
  ]) {
    await t.test(spec, () => {
      assert.throws(() => parseKeySpec(spec), {
        name: 'TypeError',
        message: `"${spec}": unknown type "${type}" (expected string, number, integer, boolean, object, array, null; a colon in a key is written \\:)`,
      });
    });
  }
});

test('createRequireKeys throws on an invalid spec, before any document is seen', () => {
  assert.throws(() => createRequireKeys(['ok', 'a..b']), { name: 'TypeError', message: /^"a\.\.b" is not a key path/ });
});

test('createRequireKeys is named "require" and passes a document that has every key', () => {
  const validator = createRequireKeys(['a.b:string', 'items.0.id:integer', 'z:null', 'a\\.b:boolean']);
  assert.equal(validator.name, 'require');
  assert.deepEqual(validator.validate({ a: { b: 'x' }, items: [{ id: 3 }], z: null, 'a.b': false }), []);
});

const DOC = {
  documentData: { title: 'T', tags: ['x'], meta: { n: 1.5, count: 2, flag: true, none: null } },
  items: [{ id: 'one' }, { id: 2 }],
  'a.b': { c: 'dotted' },
  'sl/ash~tilde': 1,
  empty: {},
};

test('createRequireKeys: each spec against one document', async (t) => {
  // [spec, expected problem or null]
  const cases = [
    ['documentData.title', null],
    ['documentData.title:string', null],
    // missing key: the pointer is the deepest parent that exists
    ['nope', { message: 'missing required key "nope"', pointer: '' }],
    ['documentData.nope', { message: 'missing required key "documentData.nope"', pointer: '/documentData' }],
    [
      'documentData.meta.x.y',
      { message: 'missing required key "documentData.meta.x.y"', pointer: '/documentData/meta' },
    ],
    ['empty.x', { message: 'missing required key "empty.x"', pointer: '/empty' }],
    // a parent that is not an object: the key is missing below it
    [
      'documentData.title.length',
      {
        message: 'missing required key "documentData.title.length": "documentData.title" is a string, not an object',
        pointer: '/documentData/title',
      },
    ],
    [
      'documentData.meta.none.x',
      {
        message: 'missing required key "documentData.meta.none.x": "documentData.meta.none" is null, not an object',
        pointer: '/documentData/meta/none',
      },
    ],
    // arrays: indexes
    ['items.0.id:string', null],
    ['items.1.id:string', { message: '"items.1.id" must be a string, found number', pointer: '/items/1/id' }],
    ['items.2.id', { message: 'missing required key "items.2.id"', pointer: '/items' }],
    ['items.0.name', { message: 'missing required key "items.0.name"', pointer: '/items/0' }],
    // an array's `length` is no JSON key, nor is a non-canonical index
    [
      'items.length',
      { message: 'missing required key "items.length": "items" is an array, not an object', pointer: '/items' },
    ],
    ['items.01', { message: 'missing required key "items.01"', pointer: '/items' }],
    ['items.-1', { message: 'missing required key "items.-1": "items" is an array, not an object', pointer: '/items' }],
    // types
    [
      'documentData.title:number',
      { message: '"documentData.title" must be a number, found string', pointer: '/documentData/title' },
    ],
    ['documentData.meta.n:number', null],
    [
      'documentData.meta.n:integer',
      { message: '"documentData.meta.n" must be an integer, found number', pointer: '/documentData/meta/n' },
    ],
    ['documentData.meta.count:integer', null],
    ['documentData.meta.flag:boolean', null],
    [
      'documentData.meta.count:boolean',
      { message: '"documentData.meta.count" must be a boolean, found number', pointer: '/documentData/meta/count' },
    ],
    ['documentData.meta.none:null', null],
    [
      'documentData.meta.none:object',
      { message: '"documentData.meta.none" must be an object, found null', pointer: '/documentData/meta/none' },
    ],
    [
      'documentData.title:null',
      { message: '"documentData.title" must be null, found string', pointer: '/documentData/title' },
    ],
    ['documentData.tags:array', null],
    [
      'documentData.tags:object',
      { message: '"documentData.tags" must be an object, found array', pointer: '/documentData/tags' },
    ],
    [
      'documentData.meta:array',
      { message: '"documentData.meta" must be an array, found object', pointer: '/documentData/meta' },
    ],
    ['documentData:object', null],
    // escaped dots and pointer escaping
    ['a\\.b.c:string', null],
    ['a\\.b.d', { message: 'missing required key "a\\.b.d"', pointer: '/a.b' }],
    ['a\\.c', { message: 'missing required key "a\\.c"', pointer: '' }],
    ['sl/ash~tilde:string', { message: '"sl/ash~tilde" must be a string, found number', pointer: '/sl~1ash~0tilde' }],
  ];
  for (const [spec, expected] of cases) {
    await t.test(spec, () => {
      assert.deepEqual(createRequireKeys([spec]).validate(DOC), expected ? [expected] : []);
    });
  }
});

test('createRequireKeys: documents that are not objects', async (t) => {
  const cases = [
    [null, 'null'],
    [[], 'an array'],
    ['text', 'a string'],
    [42, 'a number'],
  ];
  for (const [doc, label] of cases) {
    await t.test(label, () => {
      assert.deepEqual(createRequireKeys(['a.b', 'c:string']).validate(doc), [
        { message: `missing required key "a.b": the document is ${label}, not an object`, pointer: '' },
        { message: `missing required key "c": the document is ${label}, not an object`, pointer: '' },
      ]);
    });
  }
  await t.test('a root array reached by index', () => {
    assert.deepEqual(createRequireKeys(['0.id:string', '1']).validate([{ id: 7 }]), [
      { message: '"0.id" must be a string, found number', pointer: '/0/id' },
      { message: 'missing required key "1"', pointer: '' },
    ]);
  });
});

test('createRequireKeys reports every failing spec, in the order given', () => {
  const validator = createRequireKeys(['x', 'documentData.title:string', 'y:number', 'items.0.id:boolean']);
  assert.deepEqual(validator.validate(DOC), [
    { message: 'missing required key "x"', pointer: '' },
    { message: 'missing required key "y"', pointer: '' },
    { message: '"items.0.id" must be a boolean, found string', pointer: '/items/0/id' },
  ]);
});

test('a key inherited from Object.prototype is not present', () => {
  assert.deepEqual(createRequireKeys(['toString', 'a.constructor']).validate({ a: {} }), [
    { message: 'missing required key "toString"', pointer: '' },
    { message: 'missing required key "a.constructor"', pointer: '/a' },
  ]);
});

test('a key missing because its name has a dot says how to write it, once the document has it', () => {
  const doc = { 'a.b': { c: 1 }, x: { 'y.z': 2 }, 'p.q.r': 3 };
  const messages = createRequireKeys(['a.b', 'a.b.c', 'x.y.z', 'p.q.r', 'q.r', 'a\\.b.d'])
    .validate(doc)
    .map((p) => p.message);
  assert.deepEqual(messages, [
    'missing required key "a.b" (a key "a.b" is there: a dot inside a key is written \\., as in a\\.b)',
    'missing required key "a.b.c" (a key "a.b" is there: a dot inside a key is written \\., as in a\\.b.c)',
    'missing required key "x.y.z" (a key "y.z" is there: a dot inside a key is written \\., as in x.y\\.z)',
    'missing required key "p.q.r" (a key "p.q.r" is there: a dot inside a key is written \\., as in p\\.q\\.r)',
    'missing required key "q.r"',
    'missing required key "a\\.b.d"',
  ]);
});
