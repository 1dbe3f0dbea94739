// The pool's decisions (runner/execute/pool-recovery.js), as tables: batch sizes, the watchdog,
// and what becomes of a batch whose worker died or whose file got stuck.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { afterTimeout, afterWorkerDied, batchSize, watchdogVerdict } from '../../runner/execute/pool-recovery.js';
import { SETTLING, REPLIED } from '../../runner/execute/progress-slots.js';

const entries = (...names) => names.map((rel) => ({ rel, path: `/p/${rel}`, rules: [0] }));
const places = (retries) =>
  retries.map(({ start, entries: files, attempt }) => [start, files.map((entry) => entry.rel), attempt]);

test('batchSize: about 100 ms of files at their measured cost, 16 before any is measured, smaller near the end, 1 to 1000', () => {
  const rows = [
    // cost, remaining, workers ─▶ size
    [{ ms: 0, files: 0 }, 10_000, 2, 16],
    [{ ms: 10, files: 10 }, 10_000, 2, 100], // 1 ms a file
    [{ ms: 1, files: 10 }, 100_000, 2, 1000], // 0.1 ms a file: 1000, the most
    [{ ms: 5000, files: 10 }, 10_000, 2, 1], // 500 ms a file: one at a time
    [{ ms: 10, files: 10 }, 120, 2, 10], // near the end: a quarter of a share
    [{ ms: 10, files: 10 }, 1, 2, 1],
  ];
  for (const [cost, remaining, workers, size] of rows)
    assert.equal(batchSize(cost, remaining, workers), size, JSON.stringify({ cost, remaining, workers }));
});

test('watchdogVerdict: a new file moves the task on; a stop aborts after the grace; a file or a settling batch past the timeout is stuck, once', () => {
  const run = { stoppedAt: null, fileTimeout: 1000, graceMs: 500 };
  const rows = [
    // task, seen now, now, run ─▶ verdict
    [{ seen: 1, since: 0, stuck: null, entries: 3 }, 2, 5000, run, 'moved'],
    [{ seen: 2, since: 0, stuck: null, entries: 3 }, REPLIED, 5000, run, 'moved'],
    [{ seen: 2, since: 0, stuck: null, entries: 3 }, 2, 900, run, null],
    [{ seen: 2, since: 0, stuck: null, entries: 3 }, 2, 1001, run, { position: 1, ms: 1001 }],
    [{ seen: SETTLING, since: 0, stuck: null, entries: 3 }, SETTLING, 1500, run, { position: 3, ms: 1500 }],
    [{ seen: 2, since: 0, stuck: { position: 1 }, entries: 3 }, 2, 9000, run, null], // already stopped
    [{ seen: 0, since: 0, stuck: null, entries: 3 }, 0, 9000, run, null], // not started: the worker is loading
    [{ seen: REPLIED, since: 0, stuck: null, entries: 3 }, REPLIED, 9000, run, null],
    [{ seen: 2, since: 0, stuck: null, entries: 3 }, 2, 700, { ...run, stoppedAt: 100 }, 'abort'],
    [{ seen: 2, since: 0, stuck: null, entries: 3 }, 2, 400, { ...run, stoppedAt: 100 }, null],
  ];
  for (const [task, seen, now, context, verdict] of rows)
    assert.deepEqual(watchdogVerdict(task, seen, now, context), verdict, JSON.stringify({ task, seen, now }));
});

test('afterWorkerDied: a batch is run again file by file; a file whose worker dies twice alone fails with kind error', () => {
  const three = { start: 10, entries: entries('a', 'b', 'c') };
  assert.deepEqual(afterWorkerDied(three, new Error('boom')).put, []);
  assert.deepEqual(places(afterWorkerDied(three, new Error('boom')).retries), [
    [10, ['a'], 1],
    [11, ['b'], 1],
    [12, ['c'], 1],
  ]);
  const once = afterWorkerDied({ start: 4, entries: entries('a') }, new Error('boom'));
  assert.deepEqual([once.put, places(once.retries)], [[], [[4, ['a'], 1]]]);
  // Already run alone once: a batch of several that died again is split again.
  assert.deepEqual(places(afterWorkerDied({ start: 0, entries: entries('a', 'b'), attempt: 1 }, 'x').retries), [
    [0, ['a'], 2],
    [1, ['b'], 2],
  ]);
  const twice = afterWorkerDied({ start: 4, entries: entries('a'), attempt: 1 }, new Error('boom'));
  assert.deepEqual(twice, {
    put: [
      [
        4,
        {
          path: 'a',
          status: 'fail',
          problems: [
            { validator: 'worker', message: 'the worker died twice while checking this file (boom)', kind: 'error' },
          ],
          durationMs: 0,
        },
      ],
    ],
    retries: [],
  });
});

test('afterTimeout: the stuck file fails, those before and after it run again; stuck past its files, the batch runs file by file', () => {
  const run = { fileTimeout: 1000, chaos: null };
  const batch = { start: 20, entries: entries('a', 'b', 'c', 'd'), attempt: 0 };
  const rows = [
    // position ─▶ the failed place, the retries
    [0, 20, [[21, ['b', 'c', 'd'], 0]]],
    [
      2,
      22,
      [
        [20, ['a', 'b'], 0],
        [23, ['d'], 0],
      ],
    ],
    [3, 23, [[20, ['a', 'b', 'c'], 0]]],
  ];
  for (const [position, failed, retries] of rows) {
    const { put, retries: again } = afterTimeout(batch, { position, ms: 1200 }, run);
    assert.deepEqual(
      put.map(([place, result]) => [place, result.path, result.problems[0].kind]),
      [[failed, batch.entries[failed - 20].rel, 'timeout']],
      `position ${position}`,
    );
    assert.deepEqual(places(again), retries, `position ${position}`);
  }
  const settling = afterTimeout(batch, { position: 4, ms: 1200 }, run);
  assert.deepEqual(
    [settling.put, places(settling.retries)],
    [
      [],
      [
        [20, ['a'], 0],
        [21, ['b'], 0],
        [22, ['c'], 0],
        [23, ['d'], 0],
      ],
    ],
  );
  // Alone and settling: this file is the one that hangs, in a timer its validator left behind.
  const [[place, alone]] = afterTimeout({ start: 5, entries: entries('z') }, { position: 1, ms: 1500 }, run).put;
  assert.equal(place, 5);
  assert.match(
    alone.problems[0].message,
    /^the check took longer than the file timeout of 1000 ms \(after its validators returned: in a timer or callback one of them left behind\)$/,
  );
});
