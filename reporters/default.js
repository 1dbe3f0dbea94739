// The human reporter, Jest-like: a FAIL block per failing file, a WARN block per file that passed
// with warnings (as ESLint prints its ⚠), then the summary.
import { createRequire } from 'node:module';
import { summaryLines } from './summary-line.js';
import { printablePath, printableText } from './printable.js';
import { isWarning, problemCounts } from './severity.js';
import { wrapLine } from './wrap.js';

const require = createRequire(import.meta.url);
// Loaded by the first file with a problem to show: a run where every file passes never does.
const problemBlock = (...args) => require('./problem-block.js').problemBlock(...args);

/**
 * @param {{ write(text: string): void, end(): void, colors: ReturnType<import('./colors.js').colorsFor>, quiet: boolean, verbose: boolean,
 *   columns?: () => number | undefined }} options
 *   columns: the terminal's width when the report goes to one, which lines are broken between words to fit
 */
export function createDefaultReporter({ write: emit, end, colors: c, quiet, verbose, columns = () => undefined }) {
  let blankLast = false; // what was written ends with a blank line (a code frame's): the summary needs none
  const write = (text) => {
    emit(text);
    blankLast = text.endsWith('\n\n');
  };
  // One line of the report, broken to the terminal's width, continued `indent` spaces in.
  const line = (text, indent = 2) => `${wrapLine(text, columns(), indent)}\n`;
  const counts = problemCounts(); // for the summary's problems line
  let catalogChose = 0; // failing files a catalog's fileMatch chose a schema for that failed them: the summary says how to leave such files out
  let notValidated = 0; // failing files with no problem but a rule's schema or plugin that cannot be used: counted, not listed
  // -q prints failures only: warnings are counted in the summary, not listed (as ESLint's --quiet).
  const shown = (problems) => (quiet ? problems.filter((p) => !isWarning(p)) : problems);
  return {
    onRunStart({ files, skipped }) {
      if (verbose) {
        for (const file of skipped) write(line(c.dim(`SKIP ${printablePath(file.rel)} (${file.reason})`), 5));
      }
      if (!files && !quiet)
        write(
          line(
            `No files to check${verbose && skipped.length ? `: ${skipped.length} skipped (ignored or matching no rule)` : ''}.`,
          ),
        );
    },
    onFileResult(result) {
      if (result.status === 'skip') {
        // Not the kind of file a catalog took it for (check-file.js): said as discovery's skips are.
        if (verbose) write(line(c.dim(`SKIP ${printablePath(result.path)} (${printableText(result.skipReason)})`), 5));
        return;
      }
      // --verbose lists the problems a suppressions file suppressed (runner/suppress/), after the others.
      const suppressed = (verbose && result.suppressed) || [];
      // Most files pass without a problem: nothing is counted, filtered or built for them.
      if (result.status === 'pass' && !result.problems.length && !suppressed.length) {
        if (verbose) write(line(`${c.green('PASS')} ${printablePath(result.path)}${passDetails(result, c)}`, 5));
        return;
      }
      counts.add(result.problems);
      // A rule's schema or ajv plugin that cannot be used is said once, as the run's last line
      // (run.js), not on every file of the rule: the file is listed for its other problems only.
      const faults = result.configFaults;
      const own = faults ? result.problems.filter((p) => !faults.has(p)) : result.problems;
      const problems = [...shown(own), ...suppressed];
      if (result.status === 'pass') {
        // A file that passed with warnings says so, --verbose or not; its problems are warnings.
        if (problems.length) {
          const label = problems.length > suppressed.length ? c.inverseYellow(c.bold(' WARN ')) : c.green('PASS');
          write(
            problemBlock(result, problems, {
              label,
              details: verbose ? passDetails(result, c) : '',
              c,
              columns,
              every: verbose,
            }),
          );
          return;
        }
        if (!verbose) return;
        write(line(`${c.green('PASS')} ${printablePath(result.path)}${passDetails(result, c)}`, 5));
        return;
      }
      if (!own.length) {
        notValidated++;
        return;
      }
      // A problem with a value a YAML tag was read from (`!ENV [A, b]`, yamlTag) is about the tag,
      // not a sign that the file is of another kind.
      if (result.problems.some((p) => p.fileMatch && !isWarning(p) && !p.yamlTag)) catalogChose++;
      write(
        problemBlock(result, problems, {
          label: c.inverseRed(c.bold(' FAIL ')),
          details: '',
          c,
          columns,
          every: verbose,
        }),
      );
    },
    onRunComplete(summary) {
      // The plan is final only at the end: `auto` decides after measuring the first files.
      const { plan } = summary;
      const workers = plan.workers ? ` (${plan.workers} worker${plan.workers === 1 ? '' : 's'})` : '';
      const lines = [];
      if (verbose) lines.push(line(c.dim(`Plan: ${plan.mode}${workers}: ${plan.reason}`), 6));
      if (verbose && summary.cache) lines.push(line(c.dim(cacheLine(summary.cache)), 7));
      // "Files: " and "Time:  " are 7 columns: a line of counts goes on under its first count.
      const counted = { ...(verbose ? summary : withoutSkipped(summary)), errors: counts.errors, catalogChose };
      for (const text of summaryLines(counted, c)) lines.push(line(text, 7));
      if (notValidated) lines.push(line(c.yellow(notValidatedLine(notValidated))));
      write(`${blankLast ? '' : '\n'}${lines.join('')}`);
      end();
    },
  };
}

// A passing file's time, and why it was only parsed: " (3 ms) only parsed: …". A result replayed by
// `filecheck merge` has no time: JSON reports do not keep it.
function passDetails(result, c) {
  const time = result.cached
    ? ` ${c.dim('(cached)')}`
    : result.durationMs === undefined
      ? ''
      : ` ${c.dim(`(${Math.round(result.durationMs)} ms)`)}`;
  const parsed = result.onlyParsed ? ` ${c.yellow(`only parsed: ${printableText(result.onlyParsed)}`)}` : '';
  return time + parsed;
}

// The files a configuration error failed, which the error below the report (runner/cli/) is about.
const notValidatedLine = (files) =>
  `${files === 1 ? '1 file' : `${files} files`} not validated: a rule's schema or ajv plugin cannot be used (the error below).`;

// Files named on the command line that match no rule or are ignored are passed over silently, as
// ESLint does: a pre-commit hook or lint-staged hands over every staged file, most of them none of
// filecheck's business. --verbose lists and counts them; the json summary always counts them.
const withoutSkipped = (summary) => ({ ...summary, total: summary.total - summary.skipped, skipped: 0 });

function cacheLine({ hits, failedHits = 0, misses, schemas }) {
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Cache: ${plural(hits, 'file')} unchanged since checked (${hits - failedHits} passed, ${failedHits} failed), ${plural(misses, 'file')} to check; schemas: ${schemas.cached} from the cache, ${schemas.compiled} compiled`;
}
