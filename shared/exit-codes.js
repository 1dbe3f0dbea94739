/**
 * The exit-code contract, documented in the README ("Exit codes") and `--help`. A run stopped from outside exits
 * 128 + the signal's number, as a shell reports a process killed by it: SIGINT (2), SIGPIPE (13:
 * the reader of the output went away), SIGTERM (15).
 */
export const EXIT = Object.freeze({
  passed: 0,
  failed: 1,
  usage: 2,
  interrupted: 130,
  outputClosed: 141,
  terminated: 143,
});

/**
 * @param {{ failed: number, interrupted: boolean, unusableSchemas?: string[], warnings?: number, maxWarnings?: number }} summary
 *   unusableSchemas: a rule's schema that could not be used is a configuration error, found once
 *   its files were checked; warnings, maxWarnings: see tooManyWarnings
 * @returns {number}
 */
export function exitCodeFor(summary) {
  if (summary.interrupted) return EXIT.interrupted;
  if (summary.unusableSchemas?.length) return EXIT.usage;
  return summary.failed > 0 || tooManyWarnings(summary) ? EXIT.failed : EXIT.passed;
}

/**
 * --max-warnings N, as ESLint means it: a run with more than N warnings in all fails, though every
 * file passed. Without it, warnings never change the exit code.
 * @param {{ warnings?: number, maxWarnings?: number }} summary
 */
export const tooManyWarnings = ({ warnings = 0, maxWarnings }) => maxWarnings !== undefined && warnings > maxWarnings;
