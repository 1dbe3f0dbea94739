// JUnit XML for CI test views (GitHub test-report actions, Jenkins, GitLab): a <testsuites> holding
// one <testsuite>, with a <testcase> per checked file (classname and name: its reported path) and
// per skipped file (holding <skipped/>). A file only parsed passed, but was not validated: a test
// view counts it as skipped (<skipped message="only parsed: …"/>), not as a test that passed.
// Warnings fail no test: a file that passed with warnings lists them in its testcase's
// <system-out> (which Jenkins, GitLab and the GitHub test-report actions show with the test); a
// failing file's failure text lists its warnings beside its errors, each marked "warning:".
//
// Both start tags carry counts known only at the end, and a run can have 50,000 files. So they are
// written with blank room for their attributes (XML allows whitespace before `>`), the testcases
// stream after them, and the counts are written into that room when the run completes: one pass,
// one file, flat memory. The file sink renames the report into place only after that.
import { xmlAttribute, xmlText } from './xml.js';
import { problemInWords } from './problem-words.js';
import { couldNotCheck } from './problem-kinds.js';
import { alsoAt } from './related.js';
import { isWarning, marked } from './severity.js';
import { reportNotes } from './summary-line.js';

const seconds = (ms) => (ms / 1000).toFixed(3);

// A problem on one line of a failure or of <system-out>: "warning: 3:15 /slug: … (also at b.json:2:9)".
const words = (p) => marked(p, problemInWords(p) + alsoAt(p));
const warningsOut = (warnings) => `<system-out>${xmlText(warnings.map(words).join('\n'))}</system-out>`;

const attributes = ({ tests, failures, errors, skipped }, ms) =>
  ` tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(ms)}"`;
const MAX = Number.MAX_SAFE_INTEGER;
// The room reserved in each start tag: enough for the widest counts a run could have.
const ROOM = attributes({ tests: MAX, failures: MAX, errors: MAX, skipped: MAX }, MAX).length;

/**
 * @param {{ write(text: string): void, writeAt(position: number, text: string): void, end(): void }} sink a file sink
 */
export function createJunitReporter({ write, writeAt, end }) {
  let bytes = 0;
  const put = (text) => {
    write(text);
    bytes += Buffer.byteLength(text);
  };
  const reserve = () => {
    const at = bytes;
    put(' '.repeat(ROOM));
    return at;
  };
  // body: the testcase's elements, none for a test that passed
  const testcase = (path, ms, ...body) => {
    const name = xmlAttribute(path);
    // A result replayed by `filecheck merge` has no time of its own: the attribute is optional.
    const time = Number.isFinite(ms) ? ` time="${seconds(ms)}"` : '';
    const elements = body.filter(Boolean);
    put(
      `    <testcase classname="${name}" name="${name}"${time}${elements.length ? `>\n      ${elements.join('\n      ')}\n    </testcase>\n` : '/>\n'}`,
    );
  };
  const counts = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const skip = (path, ms, why, out) => {
    counts.skipped++;
    testcase(path, ms, `<skipped message="${xmlAttribute(why)}"/>`, out);
  };
  // What the testcases listed: a run's every file, a merged run's only those its reports list.
  let passes = 0;
  let skips = 0; // summary.skipped's: passed over by discovery, or by the check
  let onlyParsed = 0;
  const rooms = [];

  return {
    onRunStart({ skipped }) {
      put('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="filecheck"');
      rooms.push(reserve());
      put(`>\n  <testsuite name="filecheck" timestamp="${new Date().toISOString()}"`);
      rooms.push(reserve());
      put('>\n');
      for (const { rel, reason } of skipped) {
        counts.tests++;
        skips++;
        skip(rel, 0, reason);
      }
    },
    onFileResult({ path, status, problems, durationMs, onlyParsed: why, skipReason }) {
      counts.tests++;
      if (status === 'skip') {
        skips++;
        return skip(path, durationMs, skipReason);
      }
      if (status === 'pass') {
        passes++;
        // A pass's problems are warnings.
        const out = problems.length ? warningsOut(problems) : '';
        if (!why) return testcase(path, durationMs, out);
        onlyParsed++;
        return skip(path, durationMs, `only parsed: ${why}`, out);
      }
      // A check that could not run or finish is a JUnit error; a file that breaks a rule or does not parse, a failure.
      const errors = problems.filter((p) => !isWarning(p));
      const element = errors.some(couldNotCheck) ? 'error' : 'failure';
      counts[element === 'error' ? 'errors' : 'failures']++;
      // The message names the first error; the text lists every problem, warnings marked.
      const first = errors[0] ?? problems[0];
      const message = problemInWords(first) + (problems.length > 1 ? ` (and ${problems.length - 1} more)` : '');
      const text = problems.map(words).join('\n');
      testcase(
        path,
        durationMs,
        `<${element} message="${xmlAttribute(message)}" type="${xmlAttribute(first.validator)}">${xmlText(text)}</${element}>`,
      );
    },
    async onRunComplete(summary) {
      // What the counts do not say: files --bail or Ctrl-C left unchecked, checks across files that
      // did not run, files only parsed and why, more warnings than --max-warnings (which fail the
      // run, though no test failed).
      const notes = reportNotes(summary);
      if (notes.length) put(`    <system-out>${xmlText(notes.join('\n'))}</system-out>\n`);
      put('  </testsuite>\n</testsuites>\n');
      // `filecheck merge` replays the passes and skips a shard's json report lists, which is none
      // without --verbose: they still count, or a CI test view would show every test failing.
      const unlisted = (have, listed) => Math.max(0, (have ?? 0) - listed);
      counts.tests += unlisted(summary.passed, passes) + unlisted(summary.skipped, skips);
      counts.skipped += unlisted(summary.onlyParsed, onlyParsed) + unlisted(summary.skipped, skips);
      const filled = attributes(counts, summary.durationMs).padEnd(ROOM);
      for (const at of rooms) writeAt(at, filled);
      await end();
    },
  };
}
