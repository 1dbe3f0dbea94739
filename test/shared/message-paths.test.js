// shared/message-paths.js: the paths a message names, kept apart from its words.
import assert from 'node:assert/strict';
import test from 'node:test';
import { messageWithPaths, pathIn, prefixed, spansOf, worded } from '../../shared/message-paths.js';

const fromRoot = (reported) => `pkg/${reported}`;

test('worded: the message and the span of each path it names; a worded value keeps its paths', () => {
  assert.deepEqual(worded`name "a" is also at ${pathIn('b.json')}`, {
    message: 'name "a" is also at b.json',
    paths: [[20, 26]],
  });
  assert.deepEqual(worded`no paths: ${1} ${'x'}`, { message: 'no paths: 1 x' });
  const inner = worded`${pathIn('a.json')} (document 2)`;
  const outer = worded`in ${pathIn('x/y.json')} and ${inner}, not ${pathIn('a.json')}`;
  assert.equal(outer.message, 'in x/y.json and a.json (document 2), not a.json');
  assert.equal(messageWithPaths(outer, fromRoot), 'in pkg/x/y.json and pkg/a.json (document 2), not pkg/a.json');
});

test('prefixed: words before the message move its spans along', () => {
  const problem = worded`not in ${pathIn('en.json')}`;
  const moved = prefixed('document 2: ', problem);
  assert.deepEqual(moved, { message: 'document 2: not in en.json', paths: [[19, 26]] });
  assert.equal(messageWithPaths(moved, fromRoot), 'document 2: not in pkg/en.json');
  assert.deepEqual(prefixed('document 2: ', { message: 'plain' }), { message: 'document 2: plain' });
});

test('messageWithPaths: a quoted value that reads as a path is not rewritten, only the spans are', () => {
  const problem = worded`/see "a.json" names no file or folder (no ${pathIn('a.json')})`;
  assert.equal(messageWithPaths(problem, fromRoot), '/see "a.json" names no file or folder (no pkg/a.json)');
  assert.equal(messageWithPaths({ message: 'no paths' }, fromRoot), 'no paths');
});

test('spansOf: only spans in order, apart and inside the message', () => {
  const rows = [
    [[[0, 2]], true],
    [
      [
        [0, 2],
        [2, 4],
      ],
      true,
    ],
    [
      [
        [2, 4],
        [0, 2],
      ],
      false,
    ],
    [
      [
        [0, 3],
        [2, 4],
      ],
      false,
    ],
    [[[0, 6]], false],
    [[[1, 1]], false],
    [[[0.5, 2]], false],
    [[[0, 2, 3]], false],
    [[], false],
    ['0,2', false],
    [undefined, false],
  ];
  for (const [paths, ok] of rows) assert.equal(spansOf('abcde', paths), ok, JSON.stringify(paths));
});
