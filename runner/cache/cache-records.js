// What the cache records and how it reads a record back, as pure functions (result-cache.js stats,
// reads and writes, and applies them): which results are recorded and the record of one, a rule
// set's fingerprint, a first run's records given theirs when the results are written, a hit
// reported as its check was, and whether a run's records replace all those stored.
import { sha256 } from '../../shared/sha256.js';
import { fileResult } from '../../shared/file-result.js';

// Which results are recorded: a pass read and checked to the end, and a failure only when it is a
// verdict the file's content and its checks decide, which a run with the same file and checks gives
// again: every problem is `invalid` (a rule or a validator says the content is wrong) or `parse`
// (the text is not valid in its format, a duplicate key, too deep). Never recorded, so checked
// again on every run: `io` (the file could not be read), `timeout` (depends on the machine's load),
// `chaos` (injected; chaos runs bypass the cache anyway), and `error`, every check that could not
// give a verdict: a validator that threw or returned a Promise, a check that died (process.exit, a
// worker that died twice), a schema the file names that could not be loaded or compiled. A check
// that timed out or died carries no hash (check-file.js), so it is never recorded either way. A
// failure of more than MAX_RECORDED_PROBLEMS problems is checked again rather than stored, to keep
// results.json small.
const RECORDED_KINDS = new Set(['invalid', 'parse']);
const MAX_RECORDED_PROBLEMS = 200;
export const recordable = (result) =>
  result.hash !== undefined &&
  result.problems.length <= MAX_RECORDED_PROBLEMS &&
  result.problems.every((p) => RECORDED_KINDS.has(p.kind));

/**
 * @typedef {import('./results-file.js').FileRecord} FileRecord
 * @typedef {{ key: string, size: number, mtimeMs: number, ctimeMs: number, fingerprint: string | number[] }} Queued
 *   a file queued to be checked: its key in the records, its size and times before the check, and its
 *   rules' fingerprint, or on a first run their rule set (fingerprinted when the results are written)
 * @param {import('../check/check-file.js').FileResult} result
 * @param {Queued} file
 * @param {boolean} codeFrame the run's checks capture code frames
 * @returns {FileRecord | null} null: not recordable (a record stored for the file is dropped)
 */
export function recordOf(result, { size, mtimeMs, ctimeMs, fingerprint }, codeFrame) {
  if (!recordable(result)) return null;
  const problems = result.problems.length ? result.problems : null;
  return [
    size,
    mtimeMs,
    ctimeMs,
    result.hash,
    typeof fingerprint === 'string'
      ? checksOf(fingerprint, result.schemas)
      : { set: fingerprint, schemas: result.schemas }, // settled by settledChecks
    problems,
    result.alternatives ?? null,
    result.facts ?? null,
    problems && codeFrame ? true : null,
  ];
}

/**
 * A record's checks once its rules are fingerprinted: a first run's rule set becomes its fingerprint.
 * @param {FileRecord[4] | { set: number[], schemas?: string[] }} checks
 * @param {(set: number[]) => string | null} fingerprintOf
 * @returns {string | null} null: the set cannot be fingerprinted, the record is dropped
 */
export function settledChecks(checks, fingerprintOf) {
  if (typeof checks === 'string') return checks;
  const fingerprint = fingerprintOf(checks.set);
  return fingerprint === null ? null : checksOf(fingerprint, checks.schemas);
}

// The rules' fingerprint, then the keys of the schemas the file chose itself (cache-hit.js reads them).
const checksOf = (fingerprint, schemas) => (schemas ? [fingerprint, ...schemas].join(' ') : fingerprint);

/**
 * @param {number[]} set a rule set (ids)
 * @param {(id: number) => string | null} fingerprintOf each rule's (rule-fingerprint.js)
 * @returns {string | null} null when a rule has none: the set's files are always checked
 */
export function setFingerprint(set, fingerprintOf) {
  const parts = set.map(fingerprintOf);
  return parts.includes(null) ? null : sha256(JSON.stringify(parts));
}

/**
 * A hit, reported as its check was: a failure with the problems recorded.
 * @param {import('../files/discover.js').FileEntry} entry
 * @param {FileRecord} record
 */
export function hitResult(entry, record) {
  const [, , , , , problems, , facts] = record;
  return fileResult(entry.rel, problems ?? [], 0, {
    cached: true,
    ...(facts && { facts }),
    ...(entry.context && { context: true }),
  });
}

/**
 * Whether a run meets every file there is (no patterns, --changed or --shard, and not one of
 * --watch's partial re-runs): its records replace those stored, and the others' (files deleted,
 * no longer matched) are dropped.
 * @param {{ patterns: string[], changed?: unknown, shard?: unknown }} config
 * @param {boolean} partial
 */
export const meetsEveryFile = (config, partial) =>
  !partial && !config.patterns.length && !config.changed && !config.shard;
