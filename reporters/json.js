// The machine reporter: one JSON document, streamed so that memory stays flat with many failures.
// Shape (stable): { "files": [{ path, status, problems, onlyParsed?, skipReason?, cached? }], "summary":
// { total, passed, failed, skipped, onlyParsed, onlyParsedHint?, warnings, maxWarnings?, unchecked,
// bailed, interrupted, durationMs, plan, cache? } }. Failing files and files that passed with
// warnings, all with --verbose (status pass, fail or skip); every problem has its `severity`,
// "error" or "warning", and `related` (the other places it points at) when it has some;
// `onlyParsed` says why a passing file was only parsed, `skipReason` why a file was skipped;
// `cached: true` marks a file reported from the cache (a pass or a failure), `cache` ({ hits,
// failedHits, misses, schemas }) is there with --cache; `maxWarnings` with --max-warnings.
import { severityOf } from './severity.js';

const definedOnly = (fields) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** @param {{ write(text: string): void, end(): void | Promise<void>, verbose: boolean }} options */
export function createJsonReporter({ write, end, verbose }) {
  // Nothing is written before there is something to say: a configuration error found when a
  // schema is first compiled then leaves stdout empty, not holding half a document.
  let opened = false;
  const open = () => {
    write(opened ? ',\n' : '{"files":[\n');
    opened = true;
  };
  return {
    onFileResult({ path, status, problems, cached, onlyParsed, skipReason }) {
      // A file that passed with warnings is listed: `filecheck merge` and a reader must see them.
      if (!verbose && status !== 'fail' && !problems.length) return;
      open();
      const severe = problems.map((p) => ({ ...p, severity: severityOf(p) }));
      write(JSON.stringify({ path, status, problems: severe, ...definedOnly({ onlyParsed, skipReason, cached }) }));
    },
    async onRunComplete(summary) {
      const counted = { ...summary, warnings: summary.warnings ?? 0 };
      write(`${opened ? '\n' : '{"files":['}],\n"summary":${JSON.stringify(counted)}}\n`);
      await end();
    },
  };
}
