// The files a schema's compilation may read, found by reading (validators/json-schema/schema-closure.js):
// what --cache keys a rule's files on. One too few would keep a stale verdict; these cases are the
// ways compile-offline.js finds a file.
import test from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { makeTree } from '../helpers/cli.js';
import { schemaClosure } from '../../validators/json-schema/schema-closure.js';

const json = (value) => JSON.stringify(value);
const names = (dir, files) => files.map((file) => path.relative(dir, file).split(path.sep).join('/'));

test('a relative $ref, one by URL beside a schema of that origin, their own $refs, a nested $id scope, a missing file', (t) => {
  const dir = makeTree(t, {
    'schemas/root.json': json({
      $id: 'https://example.com/schemas/root.json',
      properties: {
        a: { $ref: 'parts/a.json#/definitions/x' },
        b: { $ref: 'https://example.com/lib/b.json' },
        c: { $id: 'https://example.com/schemas/nested/inner.json', properties: { d: { $ref: 'd.json' } } },
        gone: { $ref: 'missing.json' },
        meta: { $ref: 'http://json-schema.org/draft-07/schema#' },
        self: { $ref: '#/properties/a' },
      },
    }),
    'schemas/parts/a.json': json({ definitions: { x: { $ref: '../../lib/b.json' } } }),
    'lib/b.json': json({ $ref: 'https://example.com/lib/c.json' }),
    'lib/c.json': json({ type: 'string' }),
    'schemas/nested/d.json': json({ type: 'integer' }),
    'unrelated.json': json({ type: 'null' }),
  });
  const files = names(dir, schemaClosure({ schema: path.join(dir, 'schemas/root.json'), refs: [] }));
  assert.equal(files[0], 'schemas/root.json');
  for (const file of ['schemas/parts/a.json', 'lib/b.json', 'lib/c.json', 'schemas/nested/d.json'])
    assert.ok(files.includes(file), `${file} in ${files.join(', ')}`);
  assert.ok(files.includes('schemas/missing.json'), 'a missing file keeps its path: writing it changes the key');
  assert.ok(!files.includes('unrelated.json'));
});

test('preloaded refs and what their $refs name; a schema store folder', (t) => {
  const dir = makeTree(t, {
    'root.json': json({
      properties: { x: { $ref: 'https://ids.example.org/x.json' }, y: { $ref: 'https://store.example.org/y.json' } },
    }),
    'refs/x.json': json({ $id: 'https://ids.example.org/x.json', $ref: 'x-part.json' }),
    'refs/x-part.json': json({ type: 'string' }),
    'store/y.json': json({ type: 'integer' }),
  });
  const files = names(
    dir,
    schemaClosure({
      schema: path.join(dir, 'root.json'),
      refs: [path.join(dir, 'refs/x.json')],
      schemaStore: [['https://store.example.org/', path.join(dir, 'store')]],
    }),
  );
  assert.deepEqual(files.slice(0, 2), ['root.json', 'refs/x.json']);
  assert.ok(files.includes('refs/x-part.json'), files.join(', '));
  assert.ok(files.includes('store/y.json'), files.join(', '));
});
