// runner/execute/inline.js: what the in-process loop measures for `auto` (plan.js), with a compiler
// whose compiling is counted, not timed: a file whose check compiles a schema it chose is compiling.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { executeInline } from '../../runner/execute/inline.js';
import { createWorkQueue } from '../../runner/execute/work-queue.js';

// Files of one rule set whose validator "compiles" a schema for every file named new-*.json: the
// compiler's clock moves by 5 ms while that file is checked, as when a catalog's schema is compiled
// for the first file that chooses it.
function catalogLikeRun(t, names) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-inline-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const rules = [0];
  const files = names.map((name) => {
    fs.writeFileSync(path.join(dir, name), '{}');
    return { path: path.join(dir, name), rel: name, rules };
  });
  let compiledMs = 0;
  const validator = {
    name: 'json-schema',
    validate: (_doc, ctx) => {
      if (path.basename(ctx.path).startsWith('new-')) compiledMs += 5;
    },
  };
  const compiler = { prepare: async () => {}, validatorsFor: () => [validator], compileMs: () => compiledMs };
  return { queue: createWorkQueue(files, () => true), compiler };
}

test("a file whose check compiled a schema it chose is its rule set's cost, never a file's", async (t) => {
  const names = ['a.json', 'new-b.json', 'c.json', 'new-d.json', 'new-e.json', 'f.json', 'g.json'];
  const { queue, compiler } = catalogLikeRun(t, names);
  const sample = await executeInline(queue, { compiler, settings: {}, budget: { ms: Infinity, files: 100 } });
  assert.equal(sample.files, 7);
  assert.equal(sample.compiled, 3, 'the three files that compiled');
  // the first file opens the rule set; the four others that compiled nothing are the warm costs
  assert.equal(sample.costs.length, 3);
  assert.equal(sample.setCosts.length, 1);
  assert.ok(sample.compiledMs > 0, 'what their checks took');
  assert.ok(sample.compileMs >= sample.compiledMs, 'counted as compiling');
});

test('beside a pool, the main thread takes files 16 at a time, never splitting the files that share their rules', async (t) => {
  // Three rule sets of 10 files each (discover.js shares one rules array per set): the main thread
  // takes the first set whole (10 of its 16), then the second, then the third, checking all 30.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-inline-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const sets = [[0], [1], [2]];
  const files = sets.flatMap((rules, set) =>
    Array.from({ length: 10 }, (_, i) => {
      const name = `s${set}-${i}.json`;
      fs.writeFileSync(path.join(dir, name), '{}');
      return { path: path.join(dir, name), rel: name, rules };
    }),
  );
  const reported = [];
  const queue = createWorkQueue(files, (result) => reported.push(result.path));
  const takes = [];
  const take = queue.take.bind(queue);
  queue.take = (count, how) => {
    const taken = take(count, how);
    if (taken) takes.push([count, taken.start, taken.entries.length]);
    return taken;
  };
  const compiler = { prepare: async () => {}, validatorsFor: () => [], compileMs: () => 0 };
  await executeInline(queue, { compiler, settings: {}, wholeSets: true });
  assert.deepEqual(takes, [
    [16, 0, 10],
    [16, 10, 10],
    [16, 20, 10],
  ]);
  assert.deepEqual(
    reported,
    files.map((file) => file.rel),
  );
});
