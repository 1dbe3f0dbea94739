// serial-scavenges.js: a run of many files scavenges on one thread, and gives V8 its parallel
// scavenges back when it ends; a short run, and a choice given to node by hand, are left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { scavengeSerially } from '../../runner/execute/serial-scavenges.js';
import { SETTLE_FROM_FILES } from '../../runner/execute/settle-heap.js';

const MODULE = new URL('../../runner/execute/serial-scavenges.js', import.meta.url).href;
const flagsSet = () => {
  const set = [];
  return { set, setFlags: (flags) => set.push(flags) };
};

test('a run of many files scavenges on one thread until it ends, once however often it ends', () => {
  const { set, setFlags } = flagsSet();
  const release = scavengeSerially(SETTLE_FROM_FILES, { execArgv: [], setFlags });
  assert.deepEqual(set, ['--no-parallel-scavenge']);
  release();
  release();
  assert.deepEqual(set, ['--no-parallel-scavenge', '--parallel-scavenge']);
});

test('runs at once (the API) share it until the last ends', () => {
  const { set, setFlags } = flagsSet();
  const first = scavengeSerially(5000, { execArgv: [], setFlags });
  const second = scavengeSerially(5000, { execArgv: [], setFlags });
  first();
  assert.deepEqual(set, ['--no-parallel-scavenge'], 'the second run still checks files');
  second();
  assert.deepEqual(set, ['--no-parallel-scavenge', '--parallel-scavenge']);
});

test('a short run, and a choice given to node, are left as they are', () => {
  const { set, setFlags } = flagsSet();
  scavengeSerially(SETTLE_FROM_FILES - 1, { execArgv: [], setFlags })();
  for (const given of ['--parallel-scavenge', '--no-parallel-scavenge', '--parallel_scavenge'])
    scavengeSerially(5000, { execArgv: ['--max-old-space-size=100', given], setFlags })();
  assert.deepEqual(set, []);
  scavengeSerially(5000, { execArgv: ['--parallel-scavenge-tasks-unknown'], setFlags })();
  assert.equal(set.length, 2, 'another flag that starts the same is not the choice');
});

test('on this Node.js, the flag is one its V8 knows: setting and giving it back prints nothing', () => {
  // V8 says "Error: unrecognized flag" on stderr, and goes on, for a flag it does not have.
  const script = `import { scavengeSerially } from ${JSON.stringify(MODULE)}; scavengeSerially(1e6)();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.stderr, '');
  assert.equal(child.status, 0);
});
