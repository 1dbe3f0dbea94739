// An ora spinner on a TTY's stderr: files checked / total, failures and warnings so far. Never in CI or piped.
import { problemCounts } from './severity.js';

const REFRESH_MS = 80;

/** @param {{ stream: NodeJS.WriteStream, ora: Function }} options */
export function createProgress({ stream, ora }) {
  let spinner;
  let total = 0;
  let done = 0;
  let checked = 0; // files checked whose verdict waits for the checks across files (onFileChecked)
  let failed = 0;
  let shownAt = 0;
  const counts = problemCounts();
  const text = () =>
    `Checking files: ${Math.max(done, checked)}/${total}${failed ? `, ${failed} failed` : ''}${counts.warnings ? `, ${counts.warnings} warning${counts.warnings === 1 ? '' : 's'}` : ''}`;
  const refresh = () => {
    const now = performance.now();
    if (now - shownAt > REFRESH_MS) {
      spinner.text = text();
      shownAt = now;
    }
  };
  return {
    onRunStart({ files }) {
      total = files;
      spinner = ora({ stream, text: text(), discardStdin: false }).start();
    },
    // With checks across files, verdicts come after the last file: the spinner moves meanwhile.
    onFileChecked() {
      checked++;
      refresh();
    },
    onFileResult(result) {
      done++;
      if (result.problems.length) {
        counts.add(result.problems);
        spinner.clear(); // the next reporter prints a FAIL (WARN) block; the spinner redraws below it
      }
      if (result.status === 'fail') failed++;
      refresh();
    },
    onRunComplete() {
      spinner.stop();
    },
  };
}
