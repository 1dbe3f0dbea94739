// The machine reporter: one JSON document, streamed so that memory stays flat with many failures.
// Shape (stable): { "files": [{ path, status, problems }], "summary": { total, passed, failed,
// skipped, unchecked, bailed, interrupted, durationMs, plan } }. Failing files only, all with --verbose.

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
    onFileResult({ path, status, problems }) {
      if (status === 'pass' && !verbose) return;
      open();
      write(JSON.stringify({ path, status, problems }));
    },
    async onRunComplete(summary) {
      write(`${opened ? '\n' : '{"files":['}],\n"summary":${JSON.stringify(summary)}}\n`);
      await end();
    },
  };
}
