// runner/plan.js: how a run is executed, as a pure function of its size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { plan } from '../runner/plan.js';

test('plan: every run is in-process for now, whatever the number of files', async (t) => {
  const cases = [
    [0, '0 files: in-process, no worker start-up cost'],
    [1, '1 file: in-process, no worker start-up cost'],
    [2, '2 files: in-process, no worker start-up cost'],
    [50, '50 files: in-process, no worker start-up cost'],
    [10_000, '10000 files: in-process, no worker start-up cost'],
    [1_000_000, '1000000 files: in-process, no worker start-up cost'],
  ];
  for (const [files, reason] of cases) {
    await t.test(`${files} files`, () => {
      assert.deepEqual(plan({ files }), { mode: 'inline', workers: 0, reason });
    });
  }
});

test('plan is pure: the same input gives an equal, fresh plan', () => {
  const first = plan({ files: 3 });
  const second = plan({ files: 3 });
  assert.deepEqual(first, second);
  assert.notEqual(first, second);
});
