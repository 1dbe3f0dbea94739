// An ora spinner on a TTY's stderr: files checked / total, failures and warnings so far. Never in CI or piped.
import { problemCounts } from './severity.js';

const REFRESH_MS = 80;

/** @param {{ stream: NodeJS.WriteStream, ora: Function }} options */
export function createProgress({ stream, ora }) {
  let spinner;
  let total = 0;
  let done = 0;
  let failed = 0;
  let shownAt = 0;
  const counts = problemCounts();
  const text = () =>
    `Checking files: ${done}/${total}${failed ? `, ${failed} failed` : ''}${counts.warnings ? `, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}` : ''}`;
  return {
    onRunStart({ files }) {
      total = files;
      spinner = ora({ stream, text: text(), discardStdin: false }).start();
    },
    onFileResult(result) {
      done++;
      if (result.problems.length) {
        counts.add(result.problems);
        spinner.clear(); // the next reporter prints a FAIL (WARN) block; the spinner redraws below it
      }
      if (result.status === 'fail') failed++;
      const now = performance.now();
      if (now - shownAt > REFRESH_MS) {
        spinner.text = text();
        shownAt = now;
      }
    },
    onRunComplete() {
      spinner.stop();
    },
  };
}
