import { UsageError } from '../../shared/errors.js';
import { EXIT } from '../../shared/exit-codes.js';

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

/**
 * A rule's schema that could not be used is said last, after every report, as a usage error is.
 * @param {import('../execute/run.js').Summary} summary
 * @param {{ write(text: string): unknown }} stderr
 */
export function sayUnusableSchemas({ unusableSchemas = [] }, stderr) {
  for (const message of unusableSchemas) stderr.write(`filecheck: ${message}\n`);
}
