// optimize-later.js: V8 11 optimizes later while a pool fills the cores with JSON files, and gets its
// own budget back when the last such pool closes; later V8s, and a budget given to node by hand, are
// left alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { optimizeLater, optimizesLater, LATER } from '../../runner/execute/optimize-later.js';

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
