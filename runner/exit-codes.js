/** The exit-code contract, documented in the README and `--help`. */
export const EXIT = Object.freeze({ passed: 0, failed: 1, usage: 2, interrupted: 130 });

/**
 * @param {{ failed: number, interrupted: boolean }} summary
 * @returns {number}
 */
export function exitCodeFor(summary) {
  if (summary.interrupted) return EXIT.interrupted;
  return summary.failed > 0 ? EXIT.failed : EXIT.passed;
}
