// --watch's reporter: remembers every file's verdict and, after the first run (which the default
// reporter prints in full), prints only what changed: the FAIL block of a file that newly fails or
// whose problems changed (the WARN block of one that passes with other warnings), `PASS … (fixed)`
// for one that recovered, `GONE …` for a failing file that was deleted or is no longer checked;
// then one status line per run.
import { createDefaultReporter } from './default.js';
import { printablePath, printableText } from './printable.js';

const count = (n) => n.toLocaleString('en-US');
const plural = (n, word) => `${count(n)} ${word}${n === 1 ? '' : 's'}`;

/**
 * @param {{ write(text: string): void, colors: ReturnType<import('./colors.js').colorsFor>, quiet: boolean, verbose: boolean }} options
 */
export function createWatchReporter({ write, colors: c, quiet, verbose }) {
  // path ─▶ null (passed without a problem) | { fail, problems }: it failed, or passed with warnings, its problems as JSON
  const verdicts = new Map();
  let failed = 0;
  let printing = false;
  const blocks = createDefaultReporter({ write, end() {}, colors: c, quiet, verbose }); // FAIL blocks, as in a normal run

  return {
    /** From now on, changes are printed (the first run is printed by the default reporter). */
    startPrinting() {
      printing = true;
    },
    onFileResult(result) {
      const before = verdicts.get(result.path); // undefined: not checked yet
      // A skip is no failure, and has no problem.
      const now = result.problems.length
        ? { fail: result.status === 'fail', problems: JSON.stringify(result.problems) }
        : null;
      verdicts.set(result.path, now);
      failed += (now?.fail ? 1 : 0) - (before?.fail ? 1 : 0);
      if (!printing) return;
      if (now) {
        if (now.problems !== before?.problems || verbose) blocks.onFileResult(result);
      } else if (before) {
        write(
          result.status === 'skip'
            ? c.dim(`SKIP ${printablePath(result.path)} (${printableText(result.skipReason)})\n`)
            : `${c.green('PASS')} ${printablePath(result.path)} ${c.dim('(fixed)')}\n`,
        );
      } else if (verbose) {
        blocks.onFileResult(result);
      }
    },
    /**
     * A file no longer watched: deleted, or no longer matched by the patterns or rules (ignored).
     * @param {string} path as reported
     * @param {'deleted' | 'no longer checked'} why
     */
    forget(path, why) {
      const before = verdicts.get(path);
      if (!verdicts.delete(path)) return;
      if (before?.fail) failed--;
      if (printing && (before || verbose)) write(`${c.yellow('GONE')} ${printablePath(path)} ${c.dim(`(${why})`)}\n`);
    },
    /** @returns {boolean} whether the file has a verdict (it was checked) */
    knows(path) {
      return verdicts.has(path);
    },
    /** @returns {number} files that failed when last checked */
    get failed() {
      return failed;
    },
    /**
     * The line that ends each run: `Watching 4,057 files: 3 failed. Press q to quit.`
     * @param {{ files: number, unchecked: number, bailedAfter?: number, errored?: boolean, hint: string }} status
     *   files: how many are watched; unchecked: how many are to be checked still (never checked, or
     *   changed and not reached); bailedAfter: the failing files of a re-run that --bail stopped;
     *   errored: the last run ended in a usage error (said above), which q exits 2 for
     */
    status({ files, unchecked, bailedAfter, errored = false, hint }) {
      if (bailedAfter)
        write(
          c.yellow(
            `Stopped after ${plural(bailedAfter, 'failing file')} (--bail): the files not checked are checked with the next change.\n`,
          ),
        );
      const parts = [
        failed
          ? c.bold(c.red(`${count(failed)} failed`))
          : unchecked || errored
            ? 'none failed'
            : c.green('all passed'),
      ];
      if (unchecked) parts.push(c.yellow(`${count(unchecked)} not checked`));
      if (errored) parts.push(c.bold(c.red('stopped by the error above')));
      write(`${c.bold(`Watching ${plural(files, 'file')}:`)} ${parts.join(', ')}. ${c.dim(hint)}\n`);
    },
  };
}
