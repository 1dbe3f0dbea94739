// A file's result, built here and only here: by the check (check-file.js), the pool's compact form
// and its recovery, a timeout, the cache's hits, the checks across files (runner/collect/) and the
// suppressions (runner/suppress/). Its
// status follows from its problems: a file fails when one of them is an error; warnings alone
// (severity 'warning', a translation's missing key) are reported and leave it passing.

/** @param {import('../runner/check/check-file.js').Problem} problem */
export const isError = (problem) => problem.severity !== 'warning';

/**
 * @param {string} path as reported
 * @param {import('../runner/check/check-file.js').Problem[]} problems
 * @param {number} durationMs
 * @param {object} [more] the result's other fields (hash, schemas, facts, cached…)
 * @returns {import('../runner/check/check-file.js').FileResult}
 */
export const fileResult = (path, problems, durationMs, more = undefined) => ({
  path,
  status: problems.some(isError) ? 'fail' : 'pass',
  problems,
  durationMs,
  ...more,
});

/**
 * Not that kind of file (a catalog's fileMatch took it for one): reported as skipped, never failed.
 * @param {string} path
 * @param {string} skipReason
 * @param {number} durationMs
 */
export const skippedResult = (path, skipReason, durationMs) => ({
  path,
  status: 'skip',
  skipReason,
  problems: [],
  durationMs,
});

/**
 * The order of a file's problems in every report (docs/reporters.md), that of its text: by document,
 * line and column; a problem without a position (one about the whole file or document) after those
 * placed in its document, one without a document after every document. A stable sort keeps ties in
 * the order they were found in.
 * @param {import('../runner/check/check-file.js').Problem} a
 * @param {import('../runner/check/check-file.js').Problem} b
 */
export const byTextOrder = (a, b) =>
  order(a.document, b.document) || order(a.line, b.line) || (a.column ?? 0) - (b.column ?? 0);
/**
 * Two problems' messages, as the problems at one place are ordered: runs of digits by number, so
 * that "missing key /list/2" comes before "missing key /list/10".
 */
export function compareMessages(a, b) {
  const left = a.split(/(\d+)/);
  const right = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] === right[i]) continue;
    const byNumber = i % 2 === 1 ? Number(left[i]) - Number(right[i]) : 0; // split puts the digits at odd places
    return byNumber || (left[i] < right[i] ? -1 : 1);
  }
  return left.length - right.length;
}

// Numbers, then undefined; equal when both are undefined.
const order = (x, y) => (x === y ? 0 : x === undefined ? 1 : y === undefined ? -1 : x - y);

/**
 * A result with more problems (those the checks across files found): its status follows again, and
 * its problems are in the order of its text again, its own and those, whichever executor, the cache
 * or `filecheck merge` gave it. A
 * check that found problems in the file looked at it: it is no longer only parsed (a module's
 * checkAll may name a file of another rule, which nothing else validated).
 * @param {import('../runner/check/check-file.js').FileResult} result
 * @param {import('../runner/check/check-file.js').Problem[]} problems
 */
export function withProblems(result, problems) {
  if (!problems.length || result.status === 'skip') return result;
  const { onlyParsed, storePrefixes, ...extras } = extrasOf(result);
  return fileResult(result.path, [...result.problems, ...problems].sort(byTextOrder), result.durationMs, extras);
}

/**
 * A result some of whose problems are suppressed (runner/suppress/): its status follows from those
 * still reported; the suppressed are kept apart, for --verbose and the json report.
 * @param {import('../runner/check/check-file.js').FileResult} result
 * @param {import('../runner/check/check-file.js').Problem[]} kept
 * @param {import('../runner/check/check-file.js').Problem[]} suppressed
 */
export const withSuppressed = (result, kept, suppressed) =>
  fileResult(result.path, kept, result.durationMs, { ...extrasOf(result), suppressed });

// What a result carries besides its path, status, problems and duration.
function extrasOf({ path, status, problems, durationMs, ...extras }) {
  return extras;
}
