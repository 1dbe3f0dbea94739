// A file's block in the human report (default.js), loaded by the first file with a problem to show.
import { createRequire } from 'node:module';
import { printablePath } from './printable.js';
import { located, positionOf, sourceOf } from './problem-words.js';
import { LISTED_ELSEWHERE, boundProblems, moreProblems } from './problem-bound.js';
import { andMore, relatedOf, relatedPlace } from './related.js';
import { isWarning } from './severity.js';
import { wrapLine } from './wrap.js';
import { FRAMES_PER_FILE } from '../shared/code-frame-bounds.js';

const require = createRequire(import.meta.url);
// Loaded by the first problem shown with its code frame.
const codeFrameLines = (problem, options) => require('./code-frame.js').codeFrameLines(problem, options);

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
// problems after them, which have a line, are shown without one. A file's first PROBLEMS_PER_FILE
// problems are listed (its errors first: problem-bound.js), then a line counts the rest; `every`
// (--verbose) lists every one.
export function problemBlock(result, given, { label, details, c, columns: columnsNow, every = false }) {
  const columns = columnsNow();
  const { listed: problems, left } = every ? { listed: given } : boundProblems(given, PROBLEMS_PER_FILE);
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
  if (left)
    lines.push(wrapLine(`  ${c.dim(`… and ${moreProblems(left)} in this file: ${LISTED_ELSEWHERE}`)}`, columns, 4));
  const header = wrapLine(`${label} ${path}${shared ? `  ${c.dim(`(${shared})`)}` : ''}${details}`, columns, 7);
  return `${header}\n${lines.join('\n')}\n`;
}

// How many problems of a file are listed without --verbose: enough to see what is wrong and where.
const PROBLEMS_PER_FILE = 20;

// "(12 more problems without a code frame)", before the first of them.
function withoutFrame(rest, c) {
  const count = rest.filter((p) => p.line !== undefined).length;
  return [`  ${c.dim(`(${count} more problem${count === 1 ? '' : 's'} without a code frame)`)}`];
}
