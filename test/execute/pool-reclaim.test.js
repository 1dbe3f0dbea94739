// pool.js's reclaim: the main thread, out of files beside a pool, takes back the batches given to the
// pool that no worker has started (newest first), and checks them itself; the worker checks the rest,
// and every file is reported once, in order.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../runner/config/load-config.js';
import { discover } from '../../runner/files/discover.js';
import { rulesOf } from '../../shared/rules.js';
import { checkSettings } from '../../runner/check/check-file.js';
import { startPool, executePool } from '../../runner/execute/pool.js';
import { createWorkQueue } from '../../runner/execute/work-queue.js';

// Six files (f4.json without "id" when `oneFails`), one worker, up and idle: it takes the first batch given.
async function idleWorkerAndSixFiles(t, { oneFails = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-reclaim-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (let i = 0; i < 6; i++) fs.writeFileSync(path.join(dir, `f${i}.json`), oneFails && i === 4 ? '{}' : '{"id": 1}');
  const config = loadConfig({ patterns: ['*.json'], require: ['id'] }, { cwd: dir, env: {} });
  const { files } = discover(config);
  const settings = checkSettings(config);
  const pool = startPool({ workers: 1, rules: rulesOf(config), settings, cwd: dir });
  t.after(() => pool.close());
  await pool.piscina.run({ entries: [], slot: 0 });
  return { files, settings, pool };
}

test('batches no worker has started come back to the main thread, newest first; the worker checks the rest', async (t) => {
  const { files, settings, pool } = await idleWorkerAndSixFiles(t, { oneFails: true });

  const delivered = [];
  const queue = createWorkQueue(files, (result, index) => delivered.push([index, result.path, result.status]));
  // Six files, one worker: batches of one file, three in flight: the worker has the first, piscina queues two.
  const done = executePool(queue, pool, settings, { warn: () => {}, msPerFile: 1 });
  const newest = pool.reclaim();
  const next = pool.reclaim();
  assert.deepEqual(
    [newest?.start, next?.start, newest?.entries.length, next?.entries.length],
    [2, 1, 1, 1],
    'the batches of f2 and f1',
  );
  assert.equal(pool.reclaim(), null, "the worker's own batch stays its own");
  // The main thread checks what it took back (here: says so), while the pool goes on with the rest.
  for (const { start, entries } of [newest, next])
    queue.put(start, { path: entries[0].rel, status: 'pass (main thread)', problems: [] });
  await done;

  assert.deepEqual(
    delivered.map(([index, file, status]) => `${index} ${file} ${status}`),
    [
      '0 f0.json pass',
      '1 f1.json pass (main thread)',
      '2 f2.json pass (main thread)',
      '3 f3.json pass',
      '4 f4.json fail',
      '5 f5.json pass',
    ],
  );
});

test('a batch re-run after a worker died never comes back to the main thread', async (t) => {
  const { files, settings, pool } = await idleWorkerAndSixFiles(t);

  const delivered = [];
  const queue = createWorkQueue(files, (result, index) => delivered.push(`${index} ${result.status}`));
  const done = executePool(queue, pool, settings, { warn: () => {}, msPerFile: 1 });
  // The newest batch in flight, as if it were a re-run of a batch whose worker died (pool-recovery.js).
  const newest = [...pool.running].at(-1);
  newest.batch.attempt = 1;
  assert.equal(pool.reclaim(), null, 'what killed a worker stays on the pool');
  await done;
  assert.deepEqual(
    delivered,
    ['0 pass', '1 pass', '2 pass', '3 pass', '4 pass', '5 pass'],
    'the pool checked every file',
  );
});
