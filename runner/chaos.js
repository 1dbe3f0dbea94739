// The chaos monkey: fails a file on purpose so the failure paths are exercised for real.
// Whether a file is hit is a pure function of (seed, path), so the same seed fails the same files
// in any order and on any number of workers.
import { UsageError } from './errors.js';
import { relativePosix } from './paths.js';
import { unitHash } from './unit-hash.js';

export class ChaosError extends Error {
  name = 'ChaosError';
}

/**
 * @param {string | number | undefined} probability from --chaos-monkey or CHAOS_MONKEY
 * @param {string | number | undefined} seed from --chaos-seed or CHAOS_SEED; random when absent
 * @param {string} [root] the folder paths are taken relative to when hashed
 * @returns {{ probability: number, seed: string, root: string } | null}
 */
export function parseChaos(probability, seed, root = process.cwd()) {
  if (probability === undefined || probability === '') return null;
  const p = Number(probability);
  if (!(p >= 0 && p <= 1)) throw new UsageError(`chaos monkey probability must be a number from 0 to 1, not "${probability}"`);
  if (p === 0) return null;
  return { probability: p, seed: seed === undefined || seed === '' ? String(Math.floor(Math.random() * 2 ** 32)) : String(seed), root };
}

/** @returns {boolean} whether the chaos monkey fails the file at this path */
export function chaosHits(chaos, path) {
  return chaos !== null && unitHash(`${chaos.seed}\0${path}`) < chaos.probability;
}

/**
 * The chaos monkey as one more validator, run after the real ones: its fault takes the same path
 * as a throwing validator's.
 * @param {{ probability: number, seed: string, root?: string }} chaos without root, the reported path is hashed
 */
export function createChaosValidator(chaos) {
  return {
    name: 'chaos-monkey',
    validate(doc, ctx) {
      if (chaosHits(chaos, chaos.root ? relativePosix(chaos.root, ctx.absolutePath) : ctx.path)) throw new ChaosError(`chaos monkey: injected failure (probability ${chaos.probability}, seed ${chaos.seed})`);
    },
  };
}
