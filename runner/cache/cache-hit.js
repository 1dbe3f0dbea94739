// Whether a file's cached result stands without a check: the cache's hit test, as a pure function
// (result-cache.js reads the records and the files, and applies it).

/**
 * @typedef {[number, number, number, string, string, object[]?, boolean?, object[]?, true?]} ResultRecord
 *   size, mtimeMs, ctimeMs, the SHA-256 of the text, the checks (the rules' fingerprint, then the
 *   keys of the schemas the file chose, space-separated), and for a failure its problems, the
 *   --verbose they were reported with, when they depend on it, its facts, and whether its problems
 *   were found with code frames (results-file.js)
 * @param {ResultRecord | undefined} record
 * @param {{ stats: { size: number, mtimeMs: number, ctimeMs: number }, fingerprint: string, verbose: boolean,
 *   codeFrame?: boolean, strategy: 'metadata' | 'content', tracked: boolean, isCurrent(schemaKey: string): boolean,
 *   readHash(): string | null }} file fingerprint: of its rules now; tracked: --watch wants the
 *   schemas it chooses, which only a check says; codeFrame: the run's checks capture code frames; isCurrent: whether a chosen schema is unchanged
 *   in the compiled-schema cache; readHash: the SHA-256 of its text now (null: unreadable), asked
 *   only when the size and times do not decide
 * @returns {'miss' | 'hit' | 'hit-retimed'} hit-retimed: the content is the same but the times
 *   are not (a fresh checkout): the record takes the new times
 */
export function cacheHit(
  record,
  { stats, fingerprint, verbose, codeFrame = false, strategy, tracked, isCurrent, readHash },
) {
  if (!record || tracked || !sameChecks(record[4], fingerprint, isCurrent)) return 'miss';
  if (record[6] != null && record[6] !== verbose) return 'miss'; // a failure worded by --verbose
  // Problems recorded with code frames, or without, are reported so: a run that shows them checks again.
  if (record[5] != null && (record[8] === true) !== codeFrame) return 'miss';
  // Size first, then times (the metadata strategy) or the content: a file edited without its times
  // changing (a restored mtime) has a new ctime, and when only the times changed the content decides.
  if (record[0] !== stats.size) return 'miss';
  const sameTimes = record[1] === stats.mtimeMs && record[2] === stats.ctimeMs;
  if (strategy === 'metadata' && sameTimes) return 'hit';
  const hash = readHash();
  if (hash === null || hash !== record[3]) return 'miss';
  return sameTimes ? 'hit' : 'hit-retimed';
}

// The rules' fingerprint, then the keys of the schemas the file chose, each still current.
const sameChecks = (recorded, fingerprint, isCurrent) =>
  recorded === fingerprint ||
  (recorded.startsWith(`${fingerprint} `) &&
    recorded
      .slice(fingerprint.length + 1)
      .split(' ')
      .every(isCurrent));
