// A small seeded random generator for property tests: the same seed gives the same cases on every
// machine, so a failure is repeated with FUZZ_SEED=<seed>.
import { randomInt } from 'node:crypto';

// The seed `npm test` runs with: the same cases on every run, so that a run's outcome depends only
// on the code (a property test that failed on one CI run in a hundred blocked the work of the
// others). New cases are found with `npm run fuzz` (FUZZ_SEED=random), and a seed that found a bug
// becomes a focused test beside the code it fixed.
const DEFAULT_SEED = 20261129;

/**
 * The seed of a property test: FUZZ_SEED when set, a fresh random one when it is "random" (printed
 * in the test's name and in every failure), else DEFAULT_SEED.
 * @returns {number} an unsigned 32-bit integer
 */
export function fuzzSeed() {
  const given = process.env.FUZZ_SEED;
  if (given === undefined || given === '') return DEFAULT_SEED;
  if (given === 'random') return randomInt(2 ** 32);
  if (!/^\d+$/.test(given) || Number(given) >= 2 ** 32)
    throw new Error(`FUZZ_SEED must be a whole number below 2^32 or "random", not "${given}"`);
  return Number(given);
}

/**
 * mulberry32: tiny, fast and well spread; plenty for choosing test cases.
 * @param {number} seed
 */
export function createRandom(seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** A whole number in [min, max]. */
    int,
    /** True with probability p. */
    chance: (p) => next() < p,
    /** One element of a non-empty array. */
    pick: (items) => items[Math.floor(next() * items.length)],
    /** Each element kept with probability p, in order. */
    subset: (items, p) => items.filter(() => next() < p),
    /** A new array in random order. */
    shuffle(items) {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}
