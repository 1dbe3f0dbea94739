// execute/work-queue.js: files handed out in path order, results handed back in path order (or, for
// a run that orders them itself, as they come, each with its file's index).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWorkQueue } from '../../runner/execute/work-queue.js';

const files = ['a', 'b', 'c', 'd'].map((rel) => ({ rel, path: `/x/${rel}`, rules: [0] }));

function deliveredFor(ordered) {
  const got = [];
  const queue = createWorkQueue(files, (result, index) => got.push([result.path, index]) > 0, { ordered });
  const taken = [queue.take(1), queue.take(2), queue.take(1)];
  assert.deepEqual(
    taken.map(({ start, entries }) => [start, entries.length]),
    [
      [0, 1],
      [1, 2],
      [3, 1],
    ],
  );
  for (const index of [2, 3, 0, 1]) queue.put(index, { path: files[index].rel });
  return { got, delivered: queue.delivered };
}

test('results are handed back in path order, each with its index, whatever order they are put in', () => {
  assert.deepEqual(deliveredFor(true), {
    got: [
      ['a', 0],
      ['b', 1],
      ['c', 2],
      ['d', 3],
    ],
    delivered: 4,
  });
});

test('not ordered: each result is handed back as it is put, with its index', () => {
  assert.deepEqual(deliveredFor(false), {
    got: [
      ['c', 2],
      ['d', 3],
      ['a', 0],
      ['b', 1],
    ],
    delivered: 4,
  });
});

test('a result the receiver refuses (--bail) stops the queue: nothing more is handed out or back', () => {
  const got = [];
  const queue = createWorkQueue(files, (result) => got.push(result.path) < 1);
  queue.take(4);
  queue.put(1, { path: 'b' });
  queue.put(0, { path: 'a' });
  queue.put(2, { path: 'c' });
  assert.deepEqual(got, ['a']);
  assert.equal(queue.stopped, true);
  assert.equal(queue.take(1), null);
});
