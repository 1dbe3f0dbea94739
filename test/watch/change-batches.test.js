// The batching of --watch's file events, on mocked timers: what makes one batch, and when it is handed over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createBatcher, QUIET_MS, MAX_WAIT_MS } from '../../runner/watch/change-batches.js';

const settle = () => new Promise((resolve) => setImmediate(resolve)); // setImmediate is not mocked

/** A batcher whose handler records its batches and, with `hold`, waits until released. */
function recorder(t, { hold = false } = {}) {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const batches = [];
  let release = () => {};
  const batcher = createBatcher(
    (batch) => {
      batches.push(Object.fromEntries(batch));
      return hold ? new Promise((resolve) => (release = resolve)) : Promise.resolve();
    },
    { merge: (before, value) => before || value, onError: assert.fail },
  );
  return { batcher, batches, release: () => release() };
}

test('changes that come within the quiet time make one batch, a path added twice once', async (t) => {
  const { batcher, batches } = recorder(t);
  batcher.add('a.json', false);
  t.mock.timers.tick(QUIET_MS - 1);
  batcher.add('b.json', true);
  batcher.add('a.json', true);
  t.mock.timers.tick(QUIET_MS - 1);
  assert.deepEqual(batches, [], 'each change restarts the quiet time');
  t.mock.timers.tick(1);
  await settle();
  assert.deepEqual(batches, [{ 'a.json': true, 'b.json': true }]);
});

test('a steady stream of changes is handed over MAX_WAIT_MS after its first change', async (t) => {
  const { batcher, batches } = recorder(t);
  for (let elapsed = 0; elapsed < MAX_WAIT_MS; elapsed += QUIET_MS / 2) {
    batcher.add(`f${elapsed}.json`, false);
    t.mock.timers.tick(QUIET_MS / 2);
  }
  await settle();
  assert.equal(batches.length, 1);
  assert.equal(Object.keys(batches[0]).length, (2 * MAX_WAIT_MS) / QUIET_MS);
});

test('changes made while a batch is handled make the next batch, after their own quiet time', async (t) => {
  const { batcher, batches, release } = recorder(t, { hold: true });
  batcher.add('a.json', false);
  t.mock.timers.tick(QUIET_MS);
  await settle();
  assert.equal(batches.length, 1);
  batcher.add('b.json', false);
  t.mock.timers.tick(10 * QUIET_MS);
  await settle();
  assert.equal(batches.length, 1, 'not while the first is handled');
  release();
  await settle();
  t.mock.timers.tick(QUIET_MS);
  await settle();
  assert.deepEqual(batches[1], { 'b.json': false });
});

test('hold: changes that come during the first run wait for it', async (t) => {
  const { batcher, batches } = recorder(t);
  let finish;
  const work = batcher.hold(new Promise((resolve) => (finish = resolve)));
  batcher.add('a.json', true);
  t.mock.timers.tick(10 * QUIET_MS);
  await settle();
  assert.deepEqual(batches, []);
  finish('done');
  assert.equal(await work, 'done');
  await settle();
  t.mock.timers.tick(QUIET_MS);
  await settle();
  assert.deepEqual(batches, [{ 'a.json': true }]);
});

test('a handler that throws is reported and the batcher goes on; close stops it', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'Date'] });
  const errors = [];
  const handled = [];
  const batcher = createBatcher(
    async (batch) => {
      handled.push(...batch.keys());
      if (batch.has('bad')) throw new Error('boom');
    },
    { onError: (error) => errors.push(error.message) },
  );
  batcher.add('bad', true);
  t.mock.timers.tick(QUIET_MS);
  await settle();
  batcher.add('good', true);
  t.mock.timers.tick(QUIET_MS);
  await settle();
  assert.deepEqual(errors, ['boom']);
  assert.deepEqual(handled, ['bad', 'good']);
  await batcher.close();
  batcher.add('late', true);
  t.mock.timers.tick(QUIET_MS);
  await settle();
  assert.deepEqual(handled, ['bad', 'good']);
});
