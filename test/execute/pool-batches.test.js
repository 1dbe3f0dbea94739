// pool.js sizes batches by what a file has cost the workers: its check, and its share of what the
// worker spent compiling the batch's schemas (worker-batch.js's prepareMs). A run whose files each
// bring their own schema (the many-schema repository: 857 schemas) once sent batches of ~500 files
// that took a worker 1.4 s, while the main thread, out of files, waited.
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

test("a worker's reply says what preparing its batch took, and the batches after it are sized with it", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-batches-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'schema.json'), '{"type": "object", "required": ["id"]}');
  for (let i = 0; i < 60; i++) fs.writeFileSync(path.join(dir, `f${String(i).padStart(2, '0')}.json`), '{"id": 1}');
  const config = loadConfig({ patterns: ['f*.json'], schema: 'schema.json' }, { cwd: dir, env: {} });
  const { files } = discover(config);
  const settings = checkSettings(config);
  const pool = startPool({ workers: 1, rules: rulesOf(config), settings, cwd: dir });
  t.after(() => pool.close());

  const sizes = [];
  const replies = [];
  const run = pool.piscina.run.bind(pool.piscina);
  pool.piscina.run = async (task, options) => {
    sizes.push(task.entries.length);
    const reply = await run(task, options);
    replies.push(reply.prepareMs);
    // Each batch's schemas took a second to compile: its files cost 125-170 ms each. Whichever
    // replies are in when the fourth batch is sized (the second may be), a file costs over 100 ms.
    return { ...reply, prepareMs: 1000 };
  };
  const queue = createWorkQueue(files, () => true);
  await executePool(queue, pool, settings, { warn: () => {}, msPerFile: 10 });

  assert.equal(typeof replies[0], 'number');
  assert.ok(replies[0] > 0, 'the first batch compiled the schema');
  // 100 ms batches at 10 ms a file, a quarter of a share near the end: 8, 7 and 6 files in flight
  // before any reply; then over 100 ms a file: one at a time.
  assert.deepEqual(sizes.slice(0, 4), [8, 7, 6, 1]);
  assert.equal(
    sizes.reduce((sum, n) => sum + n, 0),
    60,
  );
});

test('beside a main thread that compiles schema after schema, batches last 400 ms, not 100: its replies wait for its compiling', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-batches-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'schema.json'), '{"type": "object"}');
  const config = loadConfig({ patterns: ['f*.json'], schema: 'schema.json' }, { cwd: dir, env: {} });
  const settings = checkSettings(config);
  // 200 files at 10 ms each: the first batch is 10 files (100 ms), or 25 of 40 (400 ms, capped at
  // a quarter of a share near the end: 200 / 8). Replies are made up: no file is checked.
  const entries = Array.from({ length: 200 }, (_, i) => ({
    path: path.join(dir, `f${i}.json`),
    rel: `f${i}.json`,
    rules: [0],
  }));
  const firstBatch = async ({ compiling, besideMain }) => {
    const pool = startPool({ workers: 1, rules: rulesOf(config), settings, cwd: dir, compiling });
    t.after(() => pool.close());
    const sizes = [];
    pool.piscina.run = async (task) => {
      sizes.push(task.entries.length);
      return { results: task.entries.map(() => 10), warnings: [] };
    };
    await executePool(
      createWorkQueue(entries, () => true),
      pool,
      settings,
      { warn: () => {}, msPerFile: 10, besideMain },
    );
    assert.equal(
      sizes.reduce((sum, n) => sum + n, 0),
      200,
    );
    return sizes[0];
  };
  assert.equal(await firstBatch({ compiling: true, besideMain: true }), 25);
  assert.equal(await firstBatch({ compiling: true, besideMain: false }), 10, 'the main thread only hands out batches');
  assert.equal(await firstBatch({ compiling: false, besideMain: true }), 10, 'no schema after schema to compile');
});
