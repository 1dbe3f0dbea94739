// runner/execute/run.js holds serial scavenges (serial-scavenges.js) for a run of many files: set
// before its first file is checked, given back once it ends; a short run leaves V8 as it is. Seen
// through node:v8's setFlagsFromString, which hold-v8-flag.js asks when it sets a flag. Its own
// file: the flag is the process's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { run } from '../../runner/index.js';
import { SETTLE_FROM_FILES } from '../../runner/execute/settle-heap.js';
import { makeTree } from '../helpers/cli.js';

const v8 = createRequire(import.meta.url)('node:v8');

// The scavenge flags V8 is given, in order, while the test runs.
function scavengeFlags(t) {
  const original = v8.setFlagsFromString;
  const set = [];
  v8.setFlagsFromString = (flags) => {
    if (flags.includes('scavenge')) set.push(flags);
    original(flags);
  };
  t.after(() => {
    v8.setFlagsFromString = original;
  });
  return set;
}

const jsonFiles = (count) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`f${i}.json`, '{}']));

test('a run of many files scavenges serially while its files are checked, and gives that back when it ends', async (t) => {
  const dir = makeTree(t, jsonFiles(SETTLE_FROM_FILES));
  const set = scavengeFlags(t);
  const whileChecked = new Set();
  const summary = await run({
    cwd: dir,
    patterns: ['*.json'],
    workers: 0,
    reporters: [{ onFileResult: () => whileChecked.add(set.at(-1)) }],
  });
  assert.equal(summary.passed, SETTLE_FROM_FILES);
  assert.deepEqual(set, ['--no-parallel-scavenge', '--parallel-scavenge']);
  assert.deepEqual([...whileChecked], ['--no-parallel-scavenge']);
});

test('a run of fewer files leaves V8 as it is', async (t) => {
  const dir = makeTree(t, jsonFiles(SETTLE_FROM_FILES - 1));
  const set = scavengeFlags(t);
  const summary = await run({ cwd: dir, patterns: ['*.json'], workers: 0 });
  assert.equal(summary.passed, SETTLE_FROM_FILES - 1);
  assert.deepEqual(set, []);
});
