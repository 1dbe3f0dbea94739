import { UsageError } from '../shared/errors.js';

/**
 * The exit-code contract, documented in the README and `--help`. A run stopped from outside exits
 * 128 + the signal's number, as a shell reports a process killed by it: SIGINT (2), SIGPIPE (13:
 * the reader of the output went away), SIGTERM (15).
 */
export const EXIT = Object.freeze({ passed: 0, failed: 1, usage: 2, interrupted: 130, outputClosed: 141, terminated: 143 });

/**
 * @param {{ failed: number, interrupted: boolean }} summary
 * @returns {number}
 */
export function exitCodeFor(summary) {
  if (summary.interrupted) return EXIT.interrupted;
  return summary.failed > 0 ? EXIT.failed : EXIT.passed;
}

/**
 * The end of a command that threw: a UsageError is one line and exit 2, and no half-made report is
 * left behind; anything else is filecheck's own bug and is thrown on, for bin to report.
 * @param {unknown} error
 * @param {{ stderr: { write(text: string): unknown }, reporters?: { discard(): void } }} context
 * @returns {number}
 */
export function usageExit(error, { stderr, reporters }) {
  reporters?.discard(); // no half-written report is left, whatever stopped the run
  if (!(error instanceof UsageError)) throw error;
  stderr.write(`filecheck: ${error.message}\n`);
  return EXIT.usage;
}
