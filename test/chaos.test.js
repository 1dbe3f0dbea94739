// runner/chaos.js: which files the chaos monkey fails is a pure function of (seed, path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseChaos, chaosHits, createChaosValidator, ChaosError } from '../runner/chaos.js';
import { UsageError } from '../runner/errors.js';

const PATHS = Array.from({ length: 10_000 }, (_, i) => `content/section-${i % 37}/page-${i}/index.json`);
const hitsOf = (chaos, paths = PATHS) => paths.filter((p) => chaosHits(chaos, p));

test('chaosHits is a pure function of (seed, path), whatever the order of the calls', () => {
  const chaos = { probability: 0.5, seed: '42' };
  const forward = PATHS.map((p) => chaosHits(chaos, p));
  const backward = [...PATHS].reverse().map((p) => chaosHits(chaos, p)).reverse();
  assert.deepEqual(backward, forward);
  // A copy of the config (another worker) agrees.
  assert.deepEqual(PATHS.map((p) => chaosHits({ probability: 0.5, seed: '42' }, p)), forward);
  assert.ok(forward.includes(true) && forward.includes(false));
});

test('no chaos (null) and probability 0 hit nothing; probability 1 hits every path', () => {
  assert.deepEqual(hitsOf(null), []);
  assert.deepEqual(hitsOf({ probability: 0, seed: 'x' }), []);
  assert.deepEqual(hitsOf({ probability: 1, seed: 'x' }), PATHS);
  assert.equal(chaosHits({ probability: 1, seed: '' }, ''), true);
});

test('the hit rate for p = 0.3 over 10,000 paths is close to 0.3, for several seeds', () => {
  for (const seed of ['1', '2', 'abc', '4294967295']) {
    const rate = hitsOf({ probability: 0.3, seed }).length / PATHS.length;
    assert.ok(rate >= 0.27 && rate <= 0.33, `seed ${seed}: hit rate ${rate}`);
  }
});

test('a higher probability hits a superset of the paths', () => {
  const low = new Set(hitsOf({ probability: 0.1, seed: 's' }));
  const high = new Set(hitsOf({ probability: 0.6, seed: 's' }));
  assert.ok(low.size < high.size);
  for (const p of low) assert.ok(high.has(p), p);
});

test('different seeds hit different paths; the seed and the path are not merely concatenated', () => {
  const a = hitsOf({ probability: 0.3, seed: '1' });
  const b = hitsOf({ probability: 0.3, seed: '2' });
  assert.notDeepEqual(a, b);
  const overlap = a.filter((p) => b.includes(p)).length / a.length;
  assert.ok(overlap > 0.2 && overlap < 0.4, `overlap ${overlap}: independent draws overlap about 0.3`);
  const many = Array.from({ length: 200 }, (_, i) => [chaosHits({ probability: 0.5, seed: `s${i}` }, 'x'), chaosHits({ probability: 0.5, seed: 's' }, `${i}x`)]);
  assert.ok(many.some(([x, y]) => x !== y), 'seed "s1" + path "x" must not be seed "s" + path "1x"');
});

test('the chaos validator throws a ChaosError naming the probability and seed when it hits, else nothing', () => {
  const chaosValidator = (chaos, path) => createChaosValidator(chaos).validate({}, { path });
  assert.equal(createChaosValidator({ probability: 1, seed: '7' }).name, 'chaos-monkey');
  assert.throws(() => chaosValidator({ probability: 1, seed: '7' }, 'a.json'), (error) => {
    assert.ok(error instanceof ChaosError);
    assert.equal(error.name, 'ChaosError');
    assert.equal(error.message, 'chaos monkey: injected failure (probability 1, seed 7)');
    return true;
  });
  assert.equal(chaosValidator({ probability: 0, seed: '7' }, 'a.json'), undefined);
});

test('parseChaos: off when absent, empty or 0', () => {
  assert.equal(parseChaos(undefined, undefined), null);
  assert.equal(parseChaos('', '5'), null);
  assert.equal(parseChaos('0', '5'), null);
  assert.equal(parseChaos(0, undefined), null);
});

test('parseChaos: a probability and a seed, kept as a string', () => {
  assert.deepEqual(parseChaos('0.25', 'abc', '/p'), { probability: 0.25, seed: 'abc', root: '/p' });
  assert.deepEqual(parseChaos('1', 12, '/p'), { probability: 1, seed: '12', root: '/p' });
  assert.deepEqual(parseChaos(0.5, '0', '/p'), { probability: 0.5, seed: '0', root: '/p' });
});

test('parseChaos: without a seed, a random whole-number seed is chosen', () => {
  for (const seed of [undefined, '']) {
    const chaos = parseChaos('0.5', seed);
    assert.equal(chaos.probability, 0.5);
    assert.match(chaos.seed, /^\d+$/);
    assert.ok(Number(chaos.seed) < 2 ** 32);
  }
});

test('parseChaos rejects what is not a probability', async (t) => {
  for (const value of ['abc', '-1', '2', '1.0001', 'NaN', '0.5x']) {
    await t.test(value, () => {
      assert.throws(() => parseChaos(value, '1'), (error) => {
        assert.ok(error instanceof UsageError);
        assert.equal(error.message, `chaos monkey probability must be a number from 0 to 1, not "${value}"`);
        return true;
      });
    });
  }
});
