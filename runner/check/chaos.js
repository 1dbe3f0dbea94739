// The chaos monkey: injects a fault into some files on purpose, so the failure paths are exercised
// for real. Whether a file is hit is a pure function of (seed, probability, path): the same seed
// hits the same files in any order, on any number of workers, whatever the kind of fault.
import { UsageError } from '../../shared/errors.js';
import { relativePosix } from '../../shared/paths.js';
import { unitHash } from '../../shared/unit-hash.js';
import { CheckDied } from './contain-exit.js';

/**
 * What a hit file suffers:
 * - throw: a validator throws (kind `chaos`);
 * - io: reading the file fails with EIO (kind `io`, the path of a real read error);
 * - slow: the check takes 1 to 50 ms longer; the file keeps its real verdict;
 * - hang: a validator never returns (kind `timeout`, when the file timeout stops it);
 * - crash: the worker dies, or in-process the check dies (kind `error`).
 */
export const CHAOS_KINDS = ['throw', 'io', 'slow', 'hang', 'crash'];

export class ChaosError extends Error {
  name = 'ChaosError';
}

/**
 * @typedef {{ probability: number, seed: string, root?: string, kind: string }} Chaos
 * @param {string | number | undefined} probability from --chaos-monkey or CHAOS_MONKEY
 * @param {string | number | undefined} seed from --chaos-seed or CHAOS_SEED; random when absent
 * @param {string} [root] the folder paths are taken relative to when hashed
 * @param {string} [kind] from --chaos-kind or CHAOS_KIND; default `throw`
 * @returns {Chaos | null}
 */
export function parseChaos(probability, seed, root = process.cwd(), kind = undefined) {
  if (kind !== undefined && kind !== '' && !CHAOS_KINDS.includes(kind)) {
    throw new UsageError(`chaos monkey kind must be one of ${CHAOS_KINDS.join(', ')}, not "${kind}"`);
  }
  if (probability === undefined || probability === '') return null;
  const p = Number(probability);
  if (!(p >= 0 && p <= 1))
    throw new UsageError(`chaos monkey probability must be a number from 0 to 1, not "${probability}"`);
  if (p === 0) return null;
  return {
    probability: p,
    seed: seed === undefined || seed === '' ? String(Math.floor(Math.random() * 2 ** 32)) : String(seed),
    root,
    kind: kind || 'throw',
  };
}

/** @returns {boolean} whether the chaos monkey hits the file at this path */
export function chaosHits(chaos, path) {
  return chaos !== null && unitHash(`${chaos.seed}\0${path}`) < chaos.probability;
}

/** @returns {number} how much longer a `slow` fault makes the check of this path: 1 to 50 ms */
export function slowDelayMs(chaos, path) {
  return 1 + Math.floor(unitHash(`${chaos.seed}\0slow\0${path}`) * 50);
}

/** The path the monkey hashes: relative to the project's root, so a seed repeats from any folder. */
export const chaosPath = (chaos, entry) => (chaos.root ? relativePosix(chaos.root, entry.path) : entry.rel);

/** @returns {string} what every injected fault's message says */
export const chaosNote = (chaos) =>
  `chaos monkey: injected ${chaos.kind} (probability ${chaos.probability}, seed ${chaos.seed})`;

/**
 * The monkey of one process (the main thread, or one worker).
 * @param {Chaos | null} chaos
 * @param {{ fileTimeout: number, inWorker: boolean }} options inWorker: a pool worker, which may
 *   really die or hang (the pool stops it); in-process, a crash and a hang are contained
 * @returns {{ kind: string, note: string, hits(entry: object): boolean, failRead(): never,
 *   validator: { name: string, validate(doc: unknown, ctx: object): void } } | null}
 */
export function createChaosMonkey(chaos, { fileTimeout, inWorker }) {
  if (!chaos) return null;
  const note = chaosNote(chaos);
  const strike = {
    throw() {
      throw new ChaosError(note);
    },
    slow(ctx) {
      sleep(slowDelayMs(chaos, chaosPath(chaos, { path: ctx.absolutePath, rel: ctx.path })));
    },
    // A worker blocks for good: only the pool's file timeout, which terminates the worker, ends it.
    // The main thread cannot be interrupted: it blocks past the file timeout, then goes on, and the
    // check is reported as timed out, as a hang stopped in a worker would be.
    hang() {
      sleep(inWorker ? Infinity : fileTimeout + 1);
    },
    // A worker dies from an uncaught error at its next turn (worker-batch.js awaits one before replying),
    // as a validator's stray timer would kill it. In-process the check dies as a contained
    // process.exit makes it die.
    crash() {
      if (!inWorker) throw new CheckDied(note);
      setTimeout(() => {
        throw new ChaosError(note);
      });
    },
  };
  return {
    kind: chaos.kind,
    note,
    hits: (entry) => chaosHits(chaos, chaosPath(chaos, entry)),
    // Thrown where the read would throw: the same handling as a real EIO.
    failRead() {
      throw Object.assign(new Error(`EIO: i/o error, read (${note})`), { code: 'EIO', errno: -5, syscall: 'read' });
    },
    validator: { name: 'chaos-monkey', validate: (_doc, ctx) => strike[chaos.kind](ctx) },
  };
}

const cell = new Int32Array(new SharedArrayBuffer(4));

// Atomics.wait sleeps without spinning, on the main thread too (Node allows it); looped, since it
// may wake early. Infinity never returns.
function sleep(ms) {
  const end = performance.now() + ms;
  for (let left = ms; left > 0; left = end - performance.now()) Atomics.wait(cell, 0, 0, left);
}
