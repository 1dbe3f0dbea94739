// --shard i/n: each file in exactly one shard, the same split from any folder, new files moving alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { shardOf } from '../../runner/files/shard.js';
import { runCli, makeTree, writeTree, gitInit, hasGit, parseJsonReport, oneLine } from '../helpers/cli.js';

const GOOD = '{"a": 1}\n';
const PATHS = Array.from({ length: 6000 }, (_, i) => `content/section-${i % 37}/page-${i}/index.json`);
const files = (count, from = 0) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`data/d${(from + i) % 4}/f${from + i}.json`, GOOD]));
const listed = (stdout) => stdout.split('\n').filter(Boolean);

test('shardOf puts every path in exactly one shard, from 1 to n', () => {
  for (const count of [1, 2, 3, 7, 64]) {
    const shards = PATHS.map((p) => shardOf(p, count));
    assert.ok(
      shards.every((s) => Number.isInteger(s) && s >= 1 && s <= count),
      `n = ${count}`,
    );
    assert.equal(new Set(shards).size, count, `n = ${count}: every shard gets files`);
  }
  assert.ok(PATHS.every((p) => shardOf(p, 1) === 1));
});

test('shardOf balances statistically: each of 3 shards holds about a third of 6000 paths', () => {
  const sizes = [0, 0, 0];
  for (const p of PATHS) sizes[shardOf(p, 3) - 1]++;
  // The standard deviation is sqrt(6000 * 1/3 * 2/3) = 37: 150 is four of them.
  for (const size of sizes) assert.ok(Math.abs(size - 2000) < 150, `sizes ${sizes}`);
});

test('shardOf depends on the path alone: adding paths moves none of the others', () => {
  const before = new Map(PATHS.slice(0, 3000).map((p) => [p, shardOf(p, 4)]));
  const after = new Map([...PATHS].reverse().map((p) => [p, shardOf(p, 4)]));
  for (const [p, shard] of before) assert.equal(after.get(p), shard, p);
});

test('--shard i/n over the CLI: the shards are disjoint and together are the whole run', async (t) => {
  const dir = makeTree(t, files(60));
  const all = listed((await runCli(['data', '--list-files'], { cwd: dir })).stdout);
  assert.equal(all.length, 60);
  const shards = [];
  for (const i of [1, 2, 3]) {
    const { code, stdout, stderr } = await runCli(['data', '--list-files', '--shard', `${i}/3`], { cwd: dir });
    assert.equal(code, 0, stderr);
    shards.push(listed(stdout));
  }
  assert.deepEqual(shards.flat().sort(), [...all].sort());
  assert.equal(new Set(shards.flat()).size, 60, 'no file in two shards');
  for (const shard of shards)
    assert.ok(shard.length > 5 && shard.length < 35, `shard sizes ${shards.map((s) => s.length)}`);
});

test('adding files moves only the new files between shards', async (t) => {
  const dir = makeTree(t, files(40));
  const shardsOf = async () => {
    const owner = new Map();
    for (const i of [1, 2, 3])
      for (const file of listed((await runCli(['data', '--list-files', '--shard', `${i}/3`], { cwd: dir })).stdout))
        owner.set(file, i);
    return owner;
  };
  const before = await shardsOf();
  writeTree(dir, files(25, 40));
  const after = await shardsOf();
  assert.equal(after.size, 65);
  for (const [file, shard] of before) assert.equal(after.get(file), shard, file);
});

test("the split is the same from any folder of the project: paths are hashed relative to the config's folder", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/**/*.json'] }] }),
    ...files(30),
  });
  const absolute = (cwd, stdout) =>
    listed(stdout)
      .map((rel) => path.join(cwd, rel))
      .sort();
  for (const i of [1, 2]) {
    const fromTop = await runCli(['--list-files', '--shard', `${i}/2`], { cwd: dir });
    const sub = path.join(dir, 'data', 'd1');
    const fromSub = await runCli(['--list-files', '--shard', `${i}/2`], { cwd: sub });
    assert.deepEqual(absolute(sub, fromSub.stdout), absolute(dir, fromTop.stdout));
  }
});

test("without a config, paths are hashed relative to the git repository's root, whatever the working directory", {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = makeTree(t, files(30));
  gitInit(dir);
  const fromTop = await runCli(['data', '--list-files', '--shard', '1/2'], { cwd: dir });
  const fromData = await runCli(['.', '--list-files', '--shard', '1/2'], { cwd: path.join(dir, 'data') });
  assert.ok(listed(fromTop.stdout).length > 0);
  assert.deepEqual(
    listed(fromData.stdout).map((rel) => `data/${rel}`),
    listed(fromTop.stdout),
  );
});

test('summary.shard in the json report, and the counts with --verbose', async (t) => {
  const dir = makeTree(t, files(30));
  const { code, stdout, stderr } = await runCli(['data', '--shard', '2/3', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stderr);
  const { summary, files: results } = parseJsonReport(stdout);
  assert.deepEqual(summary.shard, { index: 2, count: 3, total: 30 });
  assert.equal(summary.total, results.length);
  assert.match(stderr, new RegExp(`^filecheck: shard 2/3: ${summary.total} of 30 files$`, 'm'));
  // Without --shard, no shard in the summary.
  assert.equal('shard' in parseJsonReport((await runCli(['data', '-r', 'json'], { cwd: dir })).stdout).summary, false);
});

test('an empty shard (more shards than files) passes with "No files to check"', async (t) => {
  const dir = makeTree(t, files(2));
  const sizes = [];
  for (let i = 1; i <= 8; i++) {
    const { code, stdout, stderr } = await runCli(['data', '--shard', `${i}/8`], { cwd: dir });
    assert.equal(code, 0, stderr);
    sizes.push(/No files to check/.test(stdout) ? 0 : Number(/(\d+) total/.exec(stdout)[1]));
  }
  assert.equal(
    sizes.reduce((a, b) => a + b),
    2,
  );
  assert.ok(sizes.includes(0));
});

test('a bad --shard exits 2 with one line naming the value', async (t) => {
  const dir = makeTree(t, files(3));
  for (const value of ['0/3', '4/3', '1/0', '3', 'a/b', '1/3/4', '1.5/3', '-1/3', '1/99999999999999999999']) {
    const { code, stdout, stderr } = await runCli(['data', `--shard=${value}`], { cwd: dir });
    assert.equal(code, 2, value);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), `--shard takes i/n, two whole numbers with 1 <= i <= n (e.g. 1/3), not "${value}"`);
  }
  const empty = await runCli(['data', '--shard='], { cwd: dir });
  assert.equal(oneLine(empty.stderr), '--shard needs a value');
});

test('--shard applies after --changed: the changed files are split', {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = makeTree(t, files(20));
  gitInit(dir); // nothing committed: every file is untracked, so changed
  const counts = [];
  for (const i of [1, 2]) {
    const { code, stdout, stderr } = await runCli(['data', '--changed', '--shard', `${i}/2`, '-r', 'json'], {
      cwd: dir,
    });
    assert.equal(code, 0, stderr);
    const { summary } = parseJsonReport(stdout);
    assert.equal(summary.shard.total, 20);
    counts.push(summary.total);
  }
  assert.equal(counts[0] + counts[1], 20);
});

test('the programmatic API takes shard (and changed, since) as the command line does', async (t) => {
  const { run } = await import('../../runner/index.js');
  const dir = makeTree(t, files(12));
  const summaries = [
    await run({ cwd: dir, patterns: ['data'], shard: '1/2' }),
    await run({ cwd: dir, patterns: ['data'], shard: '2/2' }),
  ];
  assert.deepEqual(
    summaries.map((s) => s.shard),
    [
      { index: 1, count: 2, total: 12 },
      { index: 2, count: 2, total: 12 },
    ],
  );
  assert.equal(summaries[0].total + summaries[1].total, 12);
  await assert.rejects(run({ cwd: dir, patterns: ['data'], shard: '3/2' }), { name: 'UsageError' });
});
