// shared/paths.js: relativePosix's fast path must answer exactly as path.relative does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { relativePosix } from '../../shared/paths.js';

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
