// A file's problems as the reports read by people list them: up to a bound, then one line counting
// the rest, as tsc and Biome cap theirs; the machine reports (json, junit, sarif, gitlab) keep every
// one. A translation that lacks 1,500 keys of its source would otherwise be 1,500 lines of the same
// words (openstreetmap-website's locales: 261,654 lines), which nobody reads; the summary counts all.
import { isWarning } from './severity.js';

/**
 * The problems to list, at most `bound`: when some must be left out, the file's errors come before
 * its warnings (what fails the file is always shown); each keeps its place in the order given.
 * @template {import('../runner/check/check-file.js').Problem} Problem
 * @param {Problem[]} problems
 * @param {number} bound
 * @returns {{ listed: Problem[], left?: { errors: number, warnings: number } }} left: what is not listed
 */
export function boundProblems(problems, bound) {
  if (problems.length <= bound) return { listed: problems };
  const errors = problems.reduce((n, p) => n + (isWarning(p) ? 0 : 1), 0);
  let errorsLeft = Math.min(errors, bound); // how many more of each kind are listed
  let warningsLeft = bound - errorsLeft;
  const listed = problems.filter((p) => (isWarning(p) ? warningsLeft-- > 0 : errorsLeft-- > 0));
  const listedErrors = Math.min(errors, bound);
  return {
    listed,
    left: { errors: errors - listedErrors, warnings: problems.length - errors - (bound - listedErrors) },
  };
}

/** Where the problems a report for people leaves out are all listed. */
export const LISTED_ELSEWHERE = '--verbose lists them all, as does -r json';

/** "183 more warnings", "2 more errors", "185 more problems (2 errors, 183 warnings)". */
export function moreProblems({ errors, warnings }) {
  const count = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (!errors) return count(warnings, 'more warning');
  if (!warnings) return count(errors, 'more error');
  return `${count(errors + warnings, 'more problem')} (${count(errors, 'error')}, ${count(warnings, 'warning')})`;
}
