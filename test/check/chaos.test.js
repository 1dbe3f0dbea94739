// runner/check/chaos.js: which files the chaos monkey fails is a pure function of (seed, path).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  parseChaos,
  chaosHits,
  createChaosMonkey,
  slowDelayMs,
  ChaosError,
  CHAOS_KINDS,
} from '../../runner/check/chaos.js';
import { UsageError } from '../../shared/errors.js';

const PATHS = Array.from({ length: 10_000 }, (_, i) => `content/section-${i % 37}/page-${i}/index.json`);
const hitsOf = (chaos, paths = PATHS) => paths.filter((p) => chaosHits(chaos, p));

test('chaosHits is a pure function of (seed, path), whatever the order of the calls', () => {
  const chaos = { probability: 0.5, seed: '42' };
  const forward = PATHS.map((p) => chaosHits(chaos, p));
  const backward = [...PATHS]
    .reverse()
    .map((p) => chaosHits(chaos, p))
    .reverse();
  assert.deepEqual(backward, forward);
  // A copy of the config (another worker) agrees.
  assert.deepEqual(
    PATHS.map((p) => chaosHits({ probability: 0.5, seed: '42' }, p)),
    forward,
  );
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
  const many = Array.from({ length: 200 }, (_, i) => [
    chaosHits({ probability: 0.5, seed: `s${i}` }, 'x'),
    chaosHits({ probability: 0.5, seed: 's' }, `${i}x`),
  ]);
  assert.ok(
    many.some(([x, y]) => x !== y),
    'seed "s1" + path "x" must not be seed "s" + path "1x"',
  );
});

test('the monkey of kind throw throws a ChaosError naming the kind, the probability and the seed', () => {
  const monkey = createChaosMonkey(
    { probability: 1, seed: '7', kind: 'throw' },
    { fileTimeout: 1000, inWorker: false },
  );
  assert.equal(monkey.validator.name, 'chaos-monkey');
  assert.equal(monkey.note, 'chaos monkey: injected throw (probability 1, seed 7)');
  assert.throws(
    () => monkey.validator.validate({}, { path: 'a.json', absolutePath: '/a.json' }),
    (error) => {
      assert.ok(error instanceof ChaosError);
      assert.equal(error.name, 'ChaosError');
      assert.equal(error.message, 'chaos monkey: injected throw (probability 1, seed 7)');
      return true;
    },
  );
  assert.equal(createChaosMonkey(null, { fileTimeout: 1000, inWorker: false }), null);
});

test('the monkey of kind io fails a read with EIO, as the file system would', () => {
  const monkey = createChaosMonkey({ probability: 1, seed: '7', kind: 'io' }, { fileTimeout: 1000, inWorker: false });
  assert.throws(
    () => monkey.failRead(),
    (error) => {
      assert.equal(error.code, 'EIO');
      assert.equal(error.syscall, 'read');
      assert.match(error.message, /^EIO: i\/o error, read \(chaos monkey: injected io \(probability 1, seed 7\)\)$/);
      return true;
    },
  );
});

test('which files are hit depends on the seed, the probability and the path, never on the kind or the executor', () => {
  const entries = PATHS.slice(0, 2000).map((rel) => ({ rel, path: `/project/${rel}` }));
  const expected = entries
    .filter((entry) => chaosHits({ probability: 0.2, seed: '9' }, entry.rel))
    .map((entry) => entry.rel);
  for (const kind of CHAOS_KINDS) {
    for (const inWorker of [false, true]) {
      // Hashed relative to the root: the same files whatever folder the project lives in.
      const monkey = createChaosMonkey(
        { probability: 0.2, seed: '9', kind, root: '/project' },
        { fileTimeout: 1000, inWorker },
      );
      assert.deepEqual(
        entries.filter((entry) => monkey.hits(entry)).map((entry) => entry.rel),
        expected,
        `${kind}, inWorker ${inWorker}`,
      );
    }
  }
});

test('a slow fault adds 1 to 50 ms, the same for a path and seed every time, spread over the range', () => {
  const chaos = { probability: 1, seed: 'slow', kind: 'slow' };
  const delays = PATHS.map((p) => slowDelayMs(chaos, p));
  assert.deepEqual(
    PATHS.map((p) => slowDelayMs({ ...chaos }, p)),
    delays,
  );
  assert.ok(delays.every((ms) => Number.isInteger(ms) && ms >= 1 && ms <= 50));
  assert.equal(Math.min(...delays), 1);
  assert.equal(Math.max(...delays), 50);
  assert.notDeepEqual(
    PATHS.map((p) => slowDelayMs({ ...chaos, seed: 'other' }, p)),
    delays,
  );
});

test('parseChaos: off when absent, empty or 0', () => {
  assert.equal(parseChaos(undefined, undefined), null);
  assert.equal(parseChaos('', '5'), null);
  assert.equal(parseChaos('0', '5'), null);
  assert.equal(parseChaos(0, undefined), null);
});

test('parseChaos: a probability and a seed, kept as a string', () => {
  assert.deepEqual(parseChaos('0.25', 'abc', '/p'), { probability: 0.25, seed: 'abc', root: '/p', kind: 'throw' });
  assert.deepEqual(parseChaos('1', 12, '/p'), { probability: 1, seed: '12', root: '/p', kind: 'throw' });
  assert.deepEqual(parseChaos(0.5, '0', '/p', ''), { probability: 0.5, seed: '0', root: '/p', kind: 'throw' });
});

test('parseChaos: a kind, one of throw, io, slow, hang, crash', () => {
  assert.deepEqual(CHAOS_KINDS, ['throw', 'io', 'slow', 'hang', 'crash']);
  for (const kind of CHAOS_KINDS) assert.equal(parseChaos('0.5', '1', '/p', kind).kind, kind);
  assert.equal(parseChaos(undefined, '1', '/p', 'hang'), null, 'a kind alone does not switch the monkey on');
  for (const kind of ['Hang', 'exit', ' io']) {
    assert.throws(() => parseChaos('0.5', '1', '/p', kind), {
      name: 'UsageError',
      message: `chaos monkey kind must be one of throw, io, slow, hang, crash, not "${kind}"`,
    });
    assert.throws(
      () => parseChaos(undefined, '1', '/p', kind),
      UsageError,
      'a bad kind is an error even with the monkey off',
    );
  }
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
      assert.throws(
        () => parseChaos(value, '1'),
        (error) => {
          assert.ok(error instanceof UsageError);
          assert.equal(error.message, `chaos monkey probability must be a number from 0 to 1, not "${value}"`);
          return true;
        },
      );
    });
  }
});
