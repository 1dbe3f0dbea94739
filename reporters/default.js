// The human reporter, Jest-like: a FAIL block per failing file, a WARN block per file that passed
// with warnings (as ESLint prints its ⚠), then the summary.
import { createRequire } from 'node:module';
import { summaryLines } from './summary-line.js';
import { printablePath, printableText } from './printable.js';
import { located, positionOf, sourceOf } from './problem-words.js';
import { andMore, relatedOf, relatedPlace } from './related.js';
import { isWarning, problemCounts } from './severity.js';
import { wrapLine } from './wrap.js';
import { FRAMES_PER_FILE } from '../shared/code-frame-bounds.js';

const require = createRequire(import.meta.url);
// Loaded by the first problem shown with its code frame.
const codeFrameLines = (problem, options) => require('./code-frame.js').codeFrameLines(problem, options);

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
      const problems = [...shown(result.problems), ...suppressed];
      if (result.status === 'pass') {
        // A file that passed with warnings says so, --verbose or not; its problems are warnings.
        if (problems.length) {
          const label = problems.length > suppressed.length ? c.inverseYellow(c.bold(' WARN ')) : c.green('PASS');
          write(problemBlock(result, problems, { label, details: verbose ? passDetails(result, c) : '', c, columns }));
          return;
        }
        if (!verbose) return;
        write(line(`${c.green('PASS')} ${printablePath(result.path)}${passDetails(result, c)}`, 5));
        return;
      }
      write(problemBlock(result, problems, { label: c.inverseRed(c.bold(' FAIL ')), details: '', c, columns }));
    },
    onRunComplete(summary) {
      // The plan is final only at the end: `auto` decides after measuring the first files.
      const { plan } = summary;
      const workers = plan.workers ? ` (${plan.workers} worker${plan.workers === 1 ? '' : 's'})` : '';
      const lines = [];
      if (verbose) lines.push(line(c.dim(`Plan: ${plan.mode}${workers}: ${plan.reason}`), 6));
      if (verbose && summary.cache) lines.push(line(c.dim(cacheLine(summary.cache)), 7));
      // "Files: " and "Time:  " are 7 columns: a line of counts goes on under its first count.
      const counted = { ...(verbose ? summary : withoutSkipped(summary)), errors: counts.errors };
      for (const text of summaryLines(counted, c)) lines.push(line(text, 7));
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

// A failing file (or one that passed with warnings): its FAIL (WARN) line, then a line per problem
// that starts with `path:line:col`, as TypeScript, ESLint's unix format and Biome print it, which
// editors' terminals open at the place when clicked, then `warning` for a warning, then the problem
// in words, then a line per place it names besides (Problem.related: `also at b.json:3:11`, five
// at most), then its code frame (code-frame.js) when the check captured one, and a blank line. Which
// validator (and schema) found the problems is said once, on the FAIL line, when they all share
// one, and on each problem's line when not:
//
//  FAIL  compose.yaml  (json-schema: Docker Compose)
//   compose.yaml:11:17  /services/proxy/depends_on: must be array or object
//        10 |     image: nginx
//      > 11 |     depends_on: db
//           |                 ^
//        12 |   web:
//
//   compose.yaml:20:5   warning  /services/web: must have required property "image"
//                       also at compose.override.yaml:4:5
//       ...
//
// Frames are shown for the first FRAMES_PER_FILE problems; a line then says how many of the
// problems after them, which have a line, are shown without one.
function problemBlock(result, problems, { label, details, c, columns: columnsNow }) {
  const columns = columnsNow();
  const path = printablePath(result.path);
  const sources = new Set(problems.map(sourceOf));
  const shared = sources.size === 1 ? [...sources][0] : null;
  const places = problems.map((p) => (p.line === undefined ? path : `${path}:${positionOf(p)}`));
  const width = Math.max(...places.map((place) => place.length));
  // A problem too long for the terminal goes on under its message, or 4 columns in when that would
  // leave the message too little room.
  const under = 2 + width + 2;
  const indent = columns && under > columns / 3 ? 4 : under;
  const pad = ' '.repeat(indent);
  let framesShown = 0;
  const lines = problems.flatMap((p, i) => {
    const source = shared ? '' : `  ${c.dim(`(${sourceOf(p)})`)}`;
    const severity = p.suppressed ? `${c.dim('suppressed')}  ` : isWarning(p) ? `${c.yellow('warning')}  ` : '';
    const { shown: related, more } = relatedOf(p);
    const framed = p.frame && framesShown < FRAMES_PER_FILE;
    // Where the frames stop while placed problems go on: how many are shown without one.
    const unframed = framesShown === FRAMES_PER_FILE && p.line !== undefined ? withoutFrame(problems.slice(i), c) : [];
    if (framed) framesShown++;
    else if (unframed.length) framesShown = Infinity; // said once
    return [
      ...unframed,
      wrapLine(`  ${c.dim(places[i].padEnd(width))}  ${severity}${located(p)}${source}`, columns, indent),
      ...related.map((place) => wrapLine(`${pad}${c.dim('also at')} ${relatedPlace(place)}`, columns, indent)),
      ...(more ? [`${pad}${c.dim(andMore(more))}`] : []),
      ...(framed ? [...codeFrameLines(p, { c, columns, warning: isWarning(p) }), ''] : []),
    ];
  });
  const header = wrapLine(`${label} ${path}${shared ? `  ${c.dim(`(${shared})`)}` : ''}${details}`, columns, 7);
  return `${header}\n${lines.join('\n')}\n`;
}

// "(12 more problems without a code frame)", before the first of them.
function withoutFrame(rest, c) {
  const count = rest.filter((p) => p.line !== undefined).length;
  return [`  ${c.dim(`(${count} more problem${count === 1 ? '' : 's'} without a code frame)`)}`];
}

// Files named on the command line that match no rule or are ignored are passed over silently, as
// ESLint does: a pre-commit hook or lint-staged hands over every staged file, most of them none of
// filecheck's business. --verbose lists and counts them; the json summary always counts them.
const withoutSkipped = (summary) => ({ ...summary, total: summary.total - summary.skipped, skipped: 0 });

function cacheLine({ hits, failedHits = 0, misses, schemas }) {
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Cache: ${plural(hits, 'file')} unchanged since checked (${hits - failedHits} passed, ${failedHits} failed), ${plural(misses, 'file')} to check; schemas: ${schemas.cached} from the cache, ${schemas.compiled} compiled`;
}
