// runner/plan.js: how a run is executed, as a pure function of measurable inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plan, WORKER_START_MS } from '../runner/plan.js';

const sample = (files, checkMs, compileMs = 0) => ({ files, checkMs, compileMs });

test('plan: the decision for each kind of run', async (t) => {
  // [why, input, expected mode, expected workers, a word the reason must contain]
  const cases = [
    ['--workers 0 is in-process', { files: 50_000, requested: 0, cores: 8 }, 'inline', 0, '--workers 0'],
    ['--workers N is a pool of N', { files: 50_000, requested: 3, cores: 2 }, 'pool', 3, 'pool of 3'],
    ['--workers N never exceeds the files', { files: 2, requested: 8, cores: 8 }, 'pool', 2, 'pool of 2'],
    ['--workers N with nothing to check (every file cached) starts no worker', { files: 0, requested: 2, cores: 8 }, 'inline', 0, 'no file'],
    ['auto on one core is in-process', { files: 50_000, requested: 'auto', cores: 1 }, 'inline', 0, '1 core'],
    ['auto on a few files starts nothing', { files: 10, requested: 'auto', cores: 2 }, 'inline', 0, '10 files'],
    ['auto on many files measures first', { files: 4057, requested: 'auto', cores: 2 }, 'sample', 0, 'measuring'],
    ['cheap files, few left: in-process', { files: 600, requested: 'auto', cores: 2, sample: sample(500, 5) }, 'inline', 0, 'would not pay'],
    ['kumadocs-like: pool of cores - 1 beside the main thread', { files: 4057, requested: 'auto', cores: 2, sample: sample(90, 15) }, 'pool', 1, 'main thread and 1 worker'],
    ['tiny files, many of them: pool', { files: 50_000, requested: 'auto', cores: 2, sample: sample(500, 6) }, 'pool', 1, '49500 files left'],
    ['8 cores: 7 workers', { files: 50_000, requested: 'auto', cores: 8, sample: sample(500, 6) }, 'pool', 7, '7 workers'],
    ['all files measured already: in-process', { files: 400, requested: 'auto', cores: 2, sample: sample(400, 15) }, 'inline', 0, '0 files left'],
    // A check that may never return can be stopped only in a worker: auto runs every file there.
    ['auto, custom validators under a file timeout: a pool of cores', { files: 10, requested: 'auto', cores: 2, hang: 'custom validators' }, 'pool', 2, 'custom validators under a file timeout: a pool of 2'],
    ['auto, the chaos monkey\'s hangs: a pool, even on one core', { files: 5000, requested: 'auto', cores: 1, hang: 'the chaos monkey\'s hangs' }, 'pool', 1, 'can be stopped'],
    ['auto, a hang risk: no more workers than files', { files: 3, requested: 'auto', cores: 8, hang: 'custom validators' }, 'pool', 3, 'a pool of 3'],
    ['auto, a hang risk, no files: nothing to start', { files: 0, requested: 'auto', cores: 8, hang: 'custom validators' }, 'inline', 0, 'no file'],
    ['auto, a hang risk, a sample already taken: still the pool', { files: 600, requested: 'auto', cores: 2, hang: 'custom validators', sample: sample(500, 5) }, 'pool', 2, 'can be stopped'],
    ['--workers 0 with a hang risk stays in-process (a true hang cannot be stopped there)', { files: 50, requested: 0, cores: 8, hang: 'custom validators' }, 'inline', 0, '--workers 0'],
    ['--workers N with a hang risk is still a pool of N', { files: 50, requested: 3, cores: 8, hang: 'custom validators' }, 'pool', 3, 'pool of 3'],
    [
      'a costly compile counts against the pool',
      { files: 2000, requested: 'auto', cores: 2, sample: sample(100, 15, 2000) },
      'inline',
      0,
      'would not pay',
    ],
  ];
  for (const [why, input, mode, workers, word] of cases) {
    await t.test(why, () => {
      const chosen = plan(input);
      assert.equal(chosen.mode, mode, chosen.reason);
      assert.equal(chosen.workers, workers);
      assert.ok(chosen.reason.includes(word), `${JSON.stringify(chosen.reason)} should mention ${JSON.stringify(word)}`);
      assert.deepEqual(Object.keys(chosen).sort(), ['mode', 'reason', 'workers']);
    });
  }
});

test('plan: the pool is chosen only when the projected saving beats the start-up cost', () => {
  // 1 worker beside the main thread halves the remaining work: the saving is half the projection.
  const at = (projectedMs) => plan({ files: 1000, requested: 'auto', cores: 2, sample: sample(100, (projectedMs * 100) / 900) }).mode;
  assert.equal(at(2 * (WORKER_START_MS + 2 * WORKER_START_MS) - 1), 'inline');
  assert.equal(at(2 * (WORKER_START_MS + 2 * WORKER_START_MS) + 1), 'pool');
});

test('plan is pure: the same input gives an equal, fresh plan', () => {
  const input = { files: 4057, requested: 'auto', cores: 2, sample: sample(90, 15) };
  const first = plan(input);
  const second = plan(input);
  assert.deepEqual(first, second);
  assert.notEqual(first, second);
});
