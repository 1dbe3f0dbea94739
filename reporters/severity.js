// A problem's severity, as every reporter reads it: "warning" is reported and leaves its file
// passing (a file may pass with warnings, and fail with warnings beside its errors); anything else,
// and none, is an error. The json report writes it on every problem; merge reads it back.

/** @param {import('../runner/check/check-file.js').Problem} problem @returns {'error' | 'warning'} */
export const severityOf = (problem) => (problem.severity === 'warning' ? 'warning' : 'error');

/** @param {import('../runner/check/check-file.js').Problem} problem */
export const isWarning = (problem) => severityOf(problem) === 'warning';

/** "warning: " before a warning's words in the reports read away from a terminal; an error's as they are. */
export const marked = (problem, words) => (isWarning(problem) ? `warning: ${words}` : words);

/**
 * The problems of the results a reporter saw, by severity: "Problems: 2 errors, 5 warnings".
 * @returns {{ add(problems: import('../runner/check/check-file.js').Problem[]): void, errors: number, warnings: number }}
 */
export function problemCounts() {
  const counts = {
    errors: 0,
    warnings: 0,
    add(problems) {
      for (const p of problems) counts[isWarning(p) ? 'warnings' : 'errors']++;
    },
  };
  return counts;
}
