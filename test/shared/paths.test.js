// shared/paths.js: relativePosix's fast path must answer exactly as path.relative does, and
// isDirectlyIn as path.dirname does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { isDirectlyIn, relativePosix } from '../../shared/paths.js';

test('relativePosix equals path.relative for plain, dotted, doubled and climbing paths', () => {
  const segments = ['a', 'b', '.', '..', '', '.x', 'x.', 'a b', 'é'];
  let seed = 7;
  const random = (n) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n; // seeded: a failure repeats
  const somePath = () => Array.from({ length: 1 + random(4) }, () => segments[random(segments.length)]).join('/');
  for (let i = 0; i < 5000; i++) {
    const from = `/${somePath()}`;
    const to = random(5) ? `${from}/${somePath()}` : `/${somePath()}`;
    assert.equal(
      relativePosix(from, to),
      path.relative(from, to),
      `relativePosix(${JSON.stringify(from)}, ${JSON.stringify(to)})`,
    );
  }
});

// Files as discovery finds them (no trailing separator), folders as path.dirname gives them (the
// root aside, which is never asked: it only saves a dirname where it answers).
test('isDirectlyIn answers as comparing path.dirname does, for folders that prefix others', () => {
  const files = ['/a/b/c.json', '/a/bc/d.json', '/a/b/c/d.json', '/a/b', '/ab/c.json', '/c.json'];
  const folders = [null, '/a', '/a/b', '/a/bc', '/a/b/c', '/ab'];
  for (const file of files)
    for (const folder of folders)
      assert.equal(
        isDirectlyIn(file, folder),
        folder !== null && path.dirname(file) === folder && file !== folder,
        `${file} in ${folder}`,
      );
});
