// settle-heap.js, as the in-process loop asks it: one full collection before a long loop over files,
// and none before `auto`'s first sample, whose workers boot while the next loop collects (run.js).
// Its own file: a process collects once, and the test sees the collections of its process alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { executeInline } from '../../runner/execute/inline.js';
import { createWorkQueue } from '../../runner/execute/work-queue.js';
import { SETTLE_FROM_FILES } from '../../runner/execute/settle-heap.js';

// The full collections asked for by code (settle-heap.js' gc()), as V8 reports them to the observer.
function forcedFullCollections(t) {
  const seen = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (
        entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
        entry.detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED
      )
        seen.push(entry);
  });
  observer.observe({ entryTypes: ['gc'] });
  t.after(() => observer.disconnect());
  // The observer hears of a collection after it: on a later turn of the event loop.
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    return seen.length;
  };
}

test("auto's first sample leaves the heap as it is; the loop after it collects once", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-settle-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'a.json'), '{}');
  const rules = [0];
  const files = Array.from({ length: SETTLE_FROM_FILES + 100 }, (_, i) => ({
    path: path.join(dir, 'a.json'),
    rel: `f${i}.json`,
    rules,
  }));
  const compiler = { prepare: async () => {}, validatorsFor: () => [], compileMs: () => 0 };
  const queue = createWorkQueue(files, () => true);
  const collections = forcedFullCollections(t);

  const sample = await executeInline(queue, {
    compiler,
    settings: {},
    budget: { ms: Infinity, files: 100 },
    settle: false,
  });
  assert.equal(sample.files, 100);
  assert.equal(await collections(), 0, 'none before the first sample');

  await executeInline(queue, { compiler, settings: {}, from: sample });
  assert.equal(queue.delivered, files.length);
  assert.equal(await collections(), 1, `one before the ${SETTLE_FROM_FILES} files left`);
});
