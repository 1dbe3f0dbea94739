// The checks across files in a run (run.js): which files give facts besides the run's own
// (context-files.js), the run's results held until every file has given its facts, then each
// rule's checks over all of them (check-across-files.js) and the results with their problems.
import { createLedger } from './ledger.js';
import { contextFiles } from './context-files.js';
import { checkAcrossFiles } from './check-across-files.js';

export { checkNames } from './check-across-files.js';
import { fileResult, isError, withProblems } from '../../shared/file-result.js';
import { acrossFilesSession } from './across-files-session.js';

/**
 * @typedef {{ checked: boolean, why?: string, elsewhere?: { files: number, shown: string[] } }} AcrossFilesSummary
 *   checked: the checks across files ran over every file of their rules; why: why they did not
 *   (--bail stopped the run, a shard's wait for `filecheck merge`); elsewhere: the files not in the
 *   run (a hook's named files, --changed) that fail them now, which the run does not report: how
 *   many, and the first few
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id, non-empty
 * @param {import('../config/load-config.js').Config} config
 * @param {{ files: import('../files/discover.js').FileEntry[], partial?: boolean, shard?: object,
 *   display(file: string): string, session?: object, gone?: string[], codeFrame?: boolean }} run partial: --watch's re-run of
 *   some files; session: --watch's, where the facts and verdicts are kept between runs
 *   (across-files-session.js); gone: the files deleted since the last run of the session; codeFrame:
 *   the problems found get their lines (check/capture-frames.js)
 */
export function acrossFilesRun(
  collectors,
  config,
  { files, partial = false, shard, display, session, gone, codeFrame = false },
) {
  const kept = session && !shard ? acrossFilesSession(session, { partial, gone }) : null;
  const ledger = kept?.ledger ?? createLedger();
  // A shard reports its files' facts, and `filecheck merge` checks them all (merge-reports.js).
  const context = shard
    ? []
    : kept?.complete
      ? kept.changedOnDisk(files)
      : contextFiles(config, collectors, files, {
          wholeProject: !partial && !config.patterns.length && !config.changed,
        });
  kept?.willRead(context);
  const entries = new Map([...files, ...context].map((entry) => [entry.rel, entry]));
  // The run's results, held to the end: a plain pass (its path, status, no problem, its duration:
  // most files) as its path alone, its duration in `durations` (numbers, which V8 keeps unboxed),
  // so that a run of 129,000 pages does not keep as many objects alive; each with its place in the
  // run's order (`places`), as they may come in any order (work-queue.js).
  const held = [];
  const durations = [];
  const places = [];
  let taken = 0; // every file queued gives a result, unless --bail or Ctrl-C stopped the run first
  return {
    /** the files to read for their facts only, beside the run's */
    context,
    /**
     * A result of the run (kept until the end: its verdict may change) or of a context file (its facts only).
     * @param {import('../check/check-file.js').FileResult} result
     * @param {number} [place] its place in the run's order (the queue's index of its file); by default
     *   after every result taken before it
     */
    take(result, place = taken) {
      taken++;
      ledger.record(result, entries.get(result.path));
      kept?.took(result, entries.get(result.path));
      if (result.context) return;
      held.push(isPlainPass(result) ? result.path : withoutFacts(result)); // the ledger has them
      durations.push(result.durationMs);
      places.push(place);
    },
    /**
     * @param {{ stopped: boolean }} how stopped: --bail or an interruption ended the run early
     * @returns {{ results: Iterable<import('../check/check-file.js').FileResult>, again: number, summary: AcrossFilesSummary }}
     *   the run's results, in the order taken, with the problems the checks across files found, made
     *   one at a time as they are delivered (12,899 at once made V8 double its young generation);
     *   again: how many of them (last) are of files the run did not check (--watch)
     */
    finish({ stopped }) {
      // Stopped after its last file (a --bail on it), the run has every file's facts all the same.
      const complete = !stopped || taken === entries.size;
      const resultAt = (i) => (typeof held[i] === 'string' ? fileResult(held[i], [], durations[i]) : held[i]);
      const order = inPlaceOrder(places);
      function* results(change = (result) => result) {
        for (const i of order) yield change(resultAt(i));
      }
      if (shard)
        return {
          // A shard's report carries its files' facts, for `filecheck merge`.
          results: results((result) => withFacts(result, ledger.factsOf(result.path))),
          again: 0,
          summary: { checked: false, why: "this is a shard: `filecheck merge` runs them over every shard's report" },
        };
      if (!complete) {
        kept?.finish([...results()], null);
        return {
          results: results(),
          again: 0,
          summary: { checked: false, why: 'the run stopped (--bail, or interrupted) before every file gave its facts' },
        };
      }
      const reported = new Set(held.map((own) => (typeof own === 'string' ? own : own.path)));
      const found = checkAcrossFiles(collectors, ledger, {
        rules: config.rules,
        cwd: config.cwd,
        display,
        reported,
        codeFrame,
      });
      // --watch: the files not in the run whose problems across files changed are reported again.
      const again = kept?.finish([...results()], found) ?? [];
      const checked = results((result) => withProblems(result, found.get(result.path) ?? []));
      return {
        results: again.length ? [...checked, ...again] : checked,
        again: again.length,
        summary: { checked: true, ...elsewhere(found, reported, again) },
      };
    },
  };
}

// The files outside the run that the checks across files fail (a hook named the file whose change
// broke them): the run's verdict is its files', but it says so.
function elsewhere(found, reported, again) {
  const shownAgain = new Set(again.map((result) => result.path));
  const failing = [...found]
    .filter(([file, problems]) => !reported.has(file) && !shownAgain.has(file) && problems.some(isError))
    .map(([file]) => file)
    .sort();
  return failing.length ? { elsewhere: { files: failing.length, shown: failing.slice(0, 3) } } : {};
}

// The indexes of `places` in the order of their values (distinct whole numbers): by a table as long
// as the largest, not by sorting; in the order taken when they came in order.
function inPlaceOrder(places) {
  if (places.every((place, i) => i === 0 || place > places[i - 1])) return [...places.keys()];
  const at = new Int32Array(places.reduce((max, place) => Math.max(max, place), 0) + 1).fill(-1);
  places.forEach((place, i) => {
    at[place] = i;
  });
  return at.filter((i) => i >= 0);
}

// Its path, status, no problem, its duration, and its facts if any: told without copying it.
const isPlainPass = (result) =>
  result.status === 'pass' && !result.problems.length && Object.keys(result).length === ('facts' in result ? 5 : 4);
function withoutFacts(result) {
  if (!('facts' in result)) return result;
  const { facts, ...own } = result;
  return own;
}
const withFacts = (result, facts) => (facts ? { ...result, facts } : result);
