// The machine reporter: one JSON document, streamed so that memory stays flat with many failures.
// Shape (stable): { "files": [{ path, status, problems, onlyParsed?, skipReason?, cached? }], "summary":
// { total, passed, failed, skipped, onlyParsed, onlyParsedHint?, storePrefixes?, warnings, maxWarnings?, unchecked,
// bailed, interrupted, durationMs, plan, cache? } }. Failing files, files that passed with
// warnings and files only parsed, all with --verbose (status pass, fail or skip); a warning has `severity: "warning"`
// (a problem without a severity is an error, as in filecheck's API), and `related` (the other places it points at) when it has some;
// `onlyParsed` says why a passing file was only parsed, `skipReason` why a file was skipped;
// `facts` (a shard's files, what their collectors found) are for `filecheck merge`, which runs the
// checks across files over all the shards; `acrossFiles` in the summary says whether they ran;
// `cached: true` marks a file reported from the cache (a pass or a failure), `cache` ({ hits,
// failedHits, passed, failed, misses, schemas }) is there with --cache; `maxWarnings` with --max-warnings;
// `suppressions` ({ file, suppressed, files, stale, … }) with a suppressions file, and with
// --verbose a file's `suppressed` problems (each `suppressed: true`) beside its `problems`.
import { streamedArray } from './json-array.js';

const definedOnly = (fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

// A code frame (check/capture-frames.js) is for the human report beside this one: not part of the shape.
const withoutFrames = (problems) =>
  problems.some((p) => p.frame) ? problems.map(({ frame, ...problem }) => problem) : problems;

/**
 * A file's entry in the report, or undefined for a file it leaves out: failing files and files that
 * passed with warnings (or facts, or only parsed), every file with verbose. run() returns the same entries (runner/api/).
 * @param {import('../runner/check/check-file.js').FileResult} result
 * @param {{ verbose: boolean }} options
 */
export function reportedFile(
  { path, status, problems, cached, onlyParsed, skipReason, facts, suppressed },
  { verbose },
) {
  // A file that passed with warnings is listed: `filecheck merge` and a reader must see them; so
  // is a shard's file with facts, which `filecheck merge` checks across files, and a file only
  // parsed, which passed unvalidated (the merged gitlab report has an issue for it).
  if (!verbose && status !== 'fail' && !problems.length && !facts && !onlyParsed) return undefined;
  if (!verbose) suppressed = undefined; // the problems a suppressions file suppressed: --verbose lists them
  return {
    path,
    status,
    problems: withoutFrames(problems),
    ...definedOnly({ onlyParsed, skipReason, cached, facts, suppressed: suppressed && withoutFrames(suppressed) }),
  };
}

/** @param {{ write(text: string): void, end(): void | Promise<void>, verbose: boolean }} options */
export function createJsonReporter({ write, end, verbose }) {
  const files = streamedArray(write, '{"files":[');
  return {
    onFileResult(result) {
      const entry = reportedFile(result, { verbose });
      if (entry) files.add(JSON.stringify(entry));
    },
    async onRunComplete(summary) {
      const counted = { ...summary, warnings: summary.warnings ?? 0 };
      write(`${files.end()},\n"summary":${JSON.stringify(counted)}}\n`);
      await end();
    },
  };
}
