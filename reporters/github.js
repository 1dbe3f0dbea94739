// GitHub Actions: an `::error` workflow command per problem (`::warning` for a warning), which
// GitHub shows as an annotation on the pull request's diff, and a Markdown job summary appended to
// $GITHUB_STEP_SUMMARY. A problem that points at other places too (a slug that two files hold) is
// one annotation on its own file naming the others: each of those files has its own.
import { colorsFor } from './colors.js';
import { printableText } from './printable.js';
import { located, problemInWords, sourceOf } from './problem-words.js';
import { alsoAt } from './related.js';
import { codeScanningFiles } from './code-scanning.js';
import { LISTED_ELSEWHERE, boundProblems, moreProblems } from './problem-bound.js';
import { isWarning, marked, problemCounts } from './severity.js';
import { acrossFilesLine, onlyParsedLine, problemsInWords, summaryLines } from './summary-line.js';
import { tooManyWarnings } from '../shared/exit-codes.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

// Enough failing files, and problems of each, for a readable summary; the rest are counted. GitHub
// caps a step's summary at 1 MiB: 50 rows of 10 problems of at most 300 characters stay far below.
const SUMMARY_ROWS = 50;
const PROBLEMS_PER_ROW = 10;
const PROBLEM_CHARS = 300;
// GitHub shows 10 annotations of each kind a step and 50 a job: a file's first 10 are annotated (its
// errors first), then one annotation says how many more it has, not 128,956 `::warning` lines.
const ANNOTATIONS_PER_FILE = 10;

// Workflow-command escaping, as the runner decodes it: the message (data) escapes %, CR and LF;
// a property value also `:` and `,`, which would otherwise end it.
const data = (text) => String(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const property = (text) => data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');

// Text in Markdown as written: GFM's backslash escapes for what could start markup (`<folder>` would
// be a tag GitHub strips) or end a table cell.
const markdownText = (text) => text.replace(/[\\`*_[\]<>|~&]/g, '\\$&');

// Text in a Markdown table cell: escaped, line breaks as <br> (a raw newline would end the row).
const cell = (text) => {
  const short = text.length > PROBLEM_CHARS ? `${text.slice(0, PROBLEM_CHARS - 1)}…` : text;
  return markdownText(short).replace(/\r\n|\r|\n/g, '<br>');
};

/**
 * @param {{ write(text: string): void, cwd: string, workspace: string, summaryFile?: string, warn(message: string): void }} options
 *   write: where workflow commands go (the runner reads them on stdout and on stderr);
 *   cwd: what reported paths are relative to; workspace: the repository root annotations are placed in
 */
export function createGithubReporter({ write, cwd, workspace, summaryFile, warn }) {
  const rows = [];
  const warned = { files: 0, listed: 0 }; // files that passed with warnings, and those of them in rows
  const counts = problemCounts();
  const onlyParsed = []; // the first few files only parsed, to name in the run's warning
  let annotated = null; // of the file at hand: the problems annotated, when not all of them are
  let more = null; // the annotation that counts the others
  // GitHub places an annotation on the diff only by a path relative to the repository's root.
  const files = codeScanningFiles(
    { cwd, root: workspace },
    {
      onlyParsed(file) {
        if (onlyParsed.length < NAMED_ONLY_PARSED) onlyParsed.push(file);
      },
      onFile(file, { status, problems }) {
        counts.add(problems);
        const { listed, left } = boundProblems(problems, ANNOTATIONS_PER_FILE);
        annotated = left ? new Set(listed) : null;
        more = left && {
          command: left.errors ? 'error' : 'warning',
          file,
          message: `… and ${moreProblems(left)} in this file, not annotated: ${LISTED_ELSEWHERE}`,
        };
        const passed = status !== 'fail';
        if (passed) warned.files++;
        if (rows.length < SUMMARY_ROWS) {
          if (passed) warned.listed++;
          // Errors first: what failed the file is listed, however many warnings come before it in its text.
          const shown = [...problems.filter((p) => !isWarning(p)), ...problems.filter(isWarning)]
            .slice(0, PROBLEMS_PER_ROW)
            .map((p) => marked(p, problemInWords(p) + alsoAt(p, pathOf)));
          const kinds = problemCounts();
          kinds.add(problems);
          rows.push({ file, count: problems.length, kinds: problemsInWords(kinds, PLAIN), shown });
        }
      },
      onProblem(p, file) {
        if (annotated && !annotated.has(p)) return;
        const at = p.line === undefined ? '' : `,line=${p.line}${p.column === undefined ? '' : `,col=${p.column}`}`;
        const command = isWarning(p) ? 'warning' : 'error';
        const title = property(`filecheck (${sourceOf(p)})`);
        write(`::${command} file=${property(file)}${at},title=${title}::${data(located(p) + alsoAt(p, pathOf))}\n`);
      },
    },
  );

  const { pathOf } = files;
  const faultsSaid = new Set(); // a rule's schema or ajv plugin that cannot be used: one annotation each

  return {
    onFileResult(result) {
      const faults = result.configFaults;
      if (faults) {
        // The configuration's fault, not the file's (run.js): annotated once, on no file.
        for (const { message } of faults) {
          if (faultsSaid.has(message)) continue;
          faultsSaid.add(message);
          write(`::error title=${property('filecheck: configuration')}::${data(message)}\n`);
        }
        result = { ...result, problems: result.problems.filter((p) => !faults.has(p)) };
      }
      files.onFileResult(result);
      if (!more) return;
      write(`::${more.command} file=${property(more.file)},title=filecheck::${data(more.message)}\n`);
      more = null;
    },
    onRunComplete(summary) {
      if (summary.onlyParsed)
        write(
          `::warning title=${property('filecheck: files only parsed')}::${data(onlyParsedWarning(summary, onlyParsed))}\n`,
        );
      if (!summaryFile) return;
      try {
        fs.appendFileSync(summaryFile, jobSummary({ ...summary, errors: counts.errors }, rows, warned));
      } catch (error) {
        warn(`cannot append the job summary to ${summaryFile}: ${error.message}`);
      }
    },
  };
}

// Files only parsed get one warning for the run, naming a few of them, not one per file: GitHub shows
// 10 warnings a step, and a catalog's run may have hundreds such files (the summary has the count).
const NAMED_ONLY_PARSED = 3;
function onlyParsedWarning(summary, named) {
  const more = summary.onlyParsed - named.length;
  const files = named.map(printableText).join(', ') + (more > 0 ? ` and ${more} more` : '');
  return `${onlyParsedLine(summary)} They passed without being validated: ${files}.`;
}

const PLAIN = colorsFor({}, {}, false);

function jobSummary(summary, rows, warned) {
  const passed = !summary.failed && !summary.interrupted && !tooManyWarnings(summary);
  const mark = passed ? (summary.warnings ? '⚠️' : '✅') : '❌';
  // The checks across files that did not run, which the terminal hears on stderr (runner/cli/main.js).
  const said = [...summaryLines(summary, PLAIN), acrossFilesLine(summary) ?? []].flat().map(markdownText);
  const lines = [`### ${mark} filecheck`, '', said.join('  \n'), ''];
  if (rows.length) {
    lines.push('| File | Problems | What is wrong |', '| --- | ---: | --- |');
    for (const { file, count, kinds, shown } of rows) {
      const more = count - shown.length;
      const words = shown.map(cell).join('<br>') + (more ? `<br>…and ${more} more` : '');
      lines.push(`| ${cell(file)} | ${kinds} | ${words} |`);
    }
    // The files left out: the failing ones the summary counts, those with warnings this reporter saw.
    const failing = summary.failed - (rows.length - warned.listed);
    const warning = warned.files - warned.listed;
    if (failing > 0) lines.push('', `…and ${failing} more failing file${failing === 1 ? '' : 's'}.`);
    if (warning > 0) lines.push('', `…and ${warning} more file${warning === 1 ? '' : 's'} with warnings.`);
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
