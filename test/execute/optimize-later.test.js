// optimize-later.js: V8 11 optimizes later while a pool fills the cores with JSON files, and gets its
// own budget back when the last such pool closes; later V8s, and a budget given to node by hand, are
// left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { optimizeLater, optimizesLater, LATER } from '../../runner/execute/optimize-later.js';
import { startPool } from '../../runner/execute/pool.js';
import { loadConfig } from '../../runner/config/load-config.js';
import { rulesOf } from '../../shared/rules.js';
import { checkSettings } from '../../runner/check/check-file.js';

const MODULE = new URL('../../runner/execute/optimize-later.js', import.meta.url).href;

const V8_11 = '11.3.244.8-node.33';
const V8_13 = '13.6.233.17-node.33';
const DEFAULT = '--interrupt-budget=67584';
const flagsSet = () => {
  const set = [];
  return { set, setFlags: (flags) => set.push(flags) };
};

test('a pool optimizes later when its threads fill the cores and its files are all JSON', () => {
  const json = [{ rel: 'a.json' }, { rel: 'b.json', jsonByDefault: true }];
  assert.equal(optimizesLater({ threads: 2, cores: 2, files: json }), true);
  assert.equal(optimizesLater({ threads: 4, cores: 2, files: json }), true);
  assert.equal(optimizesLater({ threads: 1, cores: 2, files: json }), false, 'a core left for the compiler');
  for (const parser of ['yaml', 'markdown', 'jsonc', 'json5', 'toml', 'json|jsonc|yaml'])
    assert.equal(optimizesLater({ threads: 2, cores: 2, files: [...json, { rel: 'x', parser }] }), false, parser);
});

test('V8 11: the budget is raised while a pool that fills the cores is open', () => {
  const { set, setFlags } = flagsSet();
  const restore = optimizeLater({ v8Version: V8_11, execArgv: [], setFlags });
  assert.deepEqual(set, [`--interrupt-budget=${LATER * 67584}`]);
  restore();
  assert.deepEqual(set.slice(1), [DEFAULT]);
  restore(); // a pool closed twice gives it back once
  assert.equal(set.length, 2);
});

test('V8 11: pools open together share the raised budget until the last closes', () => {
  const { set, setFlags } = flagsSet();
  const first = optimizeLater({ v8Version: V8_11, execArgv: [], setFlags });
  const second = optimizeLater({ v8Version: V8_11, execArgv: [], setFlags });
  assert.equal(set.length, 1);
  first();
  assert.equal(set.length, 1, 'the second pool still fills the cores');
  second();
  assert.deepEqual(set.slice(1), [DEFAULT]);
});

test('V8 12 and later (Maglev), and a budget given to node, are left as they are', () => {
  const { set, setFlags } = flagsSet();
  optimizeLater({ v8Version: V8_13, execArgv: [], setFlags })();
  optimizeLater({ v8Version: '12.4.254.21-node.33', execArgv: [], setFlags })();
  optimizeLater({ v8Version: V8_11, execArgv: ['--interrupt-budget=1000'], setFlags })();
  assert.deepEqual(set, []);
});

test('on this Node.js, the flag is one its V8 knows: raising and giving back the budget prints nothing', () => {
  // V8 says "Error: unrecognized flag" on stderr, and goes on, for a flag it does not have.
  const script = `import { optimizeLater } from ${JSON.stringify(MODULE)}; optimizeLater()();`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  assert.equal(child.stderr, '');
  assert.equal(child.status, 0);
});

// V8 refuses its code caches while its flags differ from those they were made with: a worker booted
// under the raised budget compiled Node's internal modules anew (Node 20: 31 → 60 ms).
test('a pool raises the budget once its workers have loaded', { timeout: 60_000 }, async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-optimize-later-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const config = loadConfig({ patterns: ['*.json'], require: ['id'] }, { cwd: dir, env: {} });
  const options = { rules: rulesOf(config), settings: checkSettings(config), cwd: dir, lateOptimizing: true };
  let raised;
  const raising = new Promise((resolve) => (raised = resolve));
  const calls = { raised: 0, restored: 0 };
  const optimize = () => {
    calls.raised++;
    raised();
    return () => calls.restored++;
  };
  const pool = startPool({ ...options, workers: 2, optimize });
  assert.equal(calls.raised, 0, 'not while the workers boot');
  await raising;
  assert.equal(pool.piscina.threads.length, 2);
  await pool.piscina.run({ entries: [], slot: 0 }); // the pool works as ever
  await pool.close();
  assert.deepEqual(calls, { raised: 1, restored: 1 });
});
