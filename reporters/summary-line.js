// The run in words: "Files: 2 failed, 4055 passed, 4057 total", as Jest words it, why files were not
// checked, and how many of the passed were only parsed (no schema of theirs could be read, so no
// validator validated them: a gate must not let them pass for validated, in silence). With warnings,
// a line counts the problems ("Problems: 2 errors, 5 warnings"), and one says when they are more
// than --max-warnings allows, which fails the run (exit-codes.js).
import { tooManyWarnings } from '../shared/exit-codes.js';

/**
 * @param {import('../runner/execute/run.js').Summary & { errors?: number, catalogChose?: number }} summary errors: the error
 *   problems of the results the reporter saw (problemCounts in severity.js), for the problems' line;
 *   catalogChose: the failing files it saw that failed against a schema a catalog's fileMatch chose
 * @param {ReturnType<import('./colors.js').colorsFor>} c
 */
export function summaryLines(summary, c) {
  const parts = [];
  // --cache: how many of each were reported from the cache, by their verdict in this run (run.js).
  const { passed: passedHits = 0, failed: failedHits = 0 } = summary.cache ?? {};
  if (summary.failed)
    parts.push(c.bold(c.red(`${summary.failed} failed`)) + (failedHits ? ` (${failedHits} from the cache)` : ''));
  if (summary.unchecked) parts.push(c.yellow(`${summary.unchecked} not checked`));
  if (summary.skipped) parts.push(c.yellow(`${summary.skipped} skipped`));
  parts.push(c.bold(c.green(`${summary.passed} passed`)) + (passedHits ? ` (${passedHits} from the cache)` : ''));
  if (summary.onlyParsed) parts.push(c.yellow(`${summary.onlyParsed} of them only parsed`));
  parts.push(`${summary.total} total`);
  const lines = [
    `${c.bold('Files:')} ${parts.join(', ')}`,
    `${c.bold('Time:')}  ${(summary.durationMs / 1000).toFixed(2)} s`,
  ];
  if (summary.warnings) lines.splice(1, 0, problemsLine(summary, c));
  if (summary.suppressions?.suppressed) lines.splice(-1, 0, suppressedLine(summary.suppressions, c));
  if (summary.bailed)
    lines.push(c.yellow(`Stopped after ${summary.failed} failing file${summary.failed === 1 ? '' : 's'} (--bail).`));
  if (summary.interrupted) lines.push(c.yellow('Interrupted: the summary is partial.'));
  if (tooManyWarnings(summary)) lines.push(c.bold(c.red(maxWarningsLine(summary))));
  if (summary.onlyParsed) lines.push(c.yellow(onlyParsedLine(summary)));
  if (summary.catalogChose) lines.push(c.yellow(catalogChoseLine(summary.catalogChose)));
  return lines;
}

/**
 * "2 files failed against a schema a catalog's fileMatch chose (its glob is on their FAIL line): …",
 * said once a run: a catalog's glob may catch files of another kind (SchemaStore's `messages.json`,
 * a locale's `ku-TR.json`), and a newcomer is to know how to leave them out.
 */
export function catalogChoseLine(files) {
  const failed = files === 1 ? '1 file failed' : `${files} files failed`;
  return `${failed} against a schema a catalog's fileMatch chose (the glob is on the FAIL line): if such a file is not of that kind, leave it out with the config's "ignore" (or --ignore).`;
}

/**
 * "39 files only parsed, not validated: their schemas are not in the store: map their URLs to local
 * copies with --schema-store https://…=<folder>.", for a run with files only parsed (run.js); when
 * the hint is about some of them only, it says how many (shared/only-parsed-hint.js):
 * "…: 2 of them because …; the other 37 for other reasons (--verbose says why).".
 */
export function onlyParsedLine({ onlyParsed, onlyParsedHint }) {
  const files = `${onlyParsed} file${onlyParsed === 1 ? '' : 's'}`;
  return `${files} only parsed, not validated${onlyParsedHint ? `: ${onlyParsedHint}` : ' (--verbose says why)'}.`;
}

/**
 * What a machine report's counts do not say, a line each (junit's <system-out>, sarif's
 * notifications): the files left unchecked, or else checks across files that did not run, the files
 * only parsed, more warnings than --max-warnings.
 * @param {import('../runner/execute/run.js').Summary} summary
 * @returns {string[]}
 */
export const reportNotes = (summary) =>
  [
    summary.unchecked ? notCheckedLine(summary) : acrossFilesLine(summary),
    summary.onlyParsed && onlyParsedLine(summary),
    tooManyWarnings(summary) && maxWarningsLine(summary),
  ].filter(Boolean);

/**
 * "2 files not checked: stopped after 1 failing file (--bail).", for a run with unchecked files;
 * "…; the checks across files did not run." when they did not (not every file gave its facts).
 */
function notCheckedLine({ unchecked, failed, interrupted, acrossFiles }) {
  const why = interrupted ? 'interrupted' : `stopped after ${failed} failing file${failed === 1 ? '' : 's'} (--bail)`;
  const across = acrossFiles?.checked === false ? '; the checks across files did not run' : '';
  return `${unchecked} file${unchecked === 1 ? '' : 's'} not checked: ${why}${across}.`;
}

/**
 * "The checks across files did not run: this is a shard: …", for a run whose rules check across
 * files and that did not run those checks (json's summary.acrossFiles); undefined for any other.
 * @param {import('../runner/execute/run.js').Summary} summary
 */
export const acrossFilesLine = ({ acrossFiles }) =>
  acrossFiles?.checked === false ? `The checks across files did not run: ${acrossFiles.why}.` : undefined;

// "Problems: 2 errors, 5 warnings", in a run with warnings.
const problemsLine = (summary, c) => `${c.bold('Problems:')} ${problemsInWords(summary, c)}`;

/**
 * "2 errors, 5 warnings", "3 warnings": a kind there is none of is left out.
 * @param {{ errors?: number, warnings?: number }} counts
 * @param {ReturnType<import('./colors.js').colorsFor>} c
 */
export function problemsInWords({ errors, warnings }, c) {
  const parts = [];
  if (errors) parts.push(c.red(plural(errors, 'error')));
  if (warnings) parts.push(c.yellow(plural(warnings, 'warning')));
  return parts.join(', ');
}

/** "Failed: 6 warnings, more than --max-warnings 5.", for a run that --max-warnings failed (exit-codes.js). */
const maxWarningsLine = ({ warnings, maxWarnings }) =>
  `Failed: ${plural(warnings, 'warning')}, more than --max-warnings ${maxWarnings}.`;

// "Suppressed: 12 problems in 4 files (filecheck-suppressions.json)", with a suppressions file
// (runner/suppress/); `filecheck merge` does not count the files.
const suppressedLine = ({ suppressed, files, file }, c) =>
  `${c.bold('Suppressed:')} ${plural(suppressed, 'problem')}${files === undefined ? '' : ` in ${plural(files, 'file')}`} (${file})`;

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
