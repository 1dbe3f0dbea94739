// The machine reporter: one JSON document, streamed so that memory stays flat with many failures.
// Shape (stable): { "files": [{ path, status, problems, onlyParsed?, skipReason?, cached? }], "summary":
// { total, passed, failed, skipped, onlyParsed, onlyParsedHint?, unchecked, bailed, interrupted,
// durationMs, plan, cache? } }. Failing files only, all with --verbose (status pass, fail or skip);
// `onlyParsed` says why a passing file was only parsed, `skipReason` why a file was skipped;
// `cached: true` marks a file reported from the cache (a pass or a failure), `cache` ({ hits,
// failedHits, misses, schemas }) is there with --cache.

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
      if (status !== 'fail' && !verbose) return;
      open();
      write(JSON.stringify({ path, status, problems, ...definedOnly({ onlyParsed, skipReason, cached }) }));
    },
    async onRunComplete(summary) {
      write(`${opened ? '\n' : '{"files":['}],\n"summary":${JSON.stringify(summary)}}\n`);
      await end();
    },
  };
}
