// The machine reporter: one JSON document, streamed so that memory stays flat with many failures.
// Shape (stable): { "files": [{ path, status, problems }], "summary": { total, passed, failed,
// skipped, unchecked, bailed, interrupted, durationMs, plan } }. Failing files only, all with --verbose.

/** @param {{ write(text: string): void, end(): void | Promise<void>, verbose: boolean }} options */
export function createJsonReporter({ write, end, verbose }) {
  let first = true;
  return {
    onRunStart() {
      write('{"files":[');
    },
    onFileResult({ path, status, problems }) {
      if (status === 'pass' && !verbose) return;
      write(`${first ? '\n' : ',\n'}${JSON.stringify({ path, status, problems })}`);
      first = false;
    },
    async onRunComplete(summary) {
      write(`${first ? '' : '\n'}],\n"summary":${JSON.stringify(summary)}}\n`);
      await end();
    },
  };
}
