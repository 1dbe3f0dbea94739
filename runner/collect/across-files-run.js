// The checks across files in a run (run.js): which files give facts besides the run's own
// (context-files.js), the run's results held until every file has given its facts, then each
// rule's checks over all of them (check-across-files.js) and the results with their problems.
import { createRequire } from 'node:module';
import { createLedger } from './ledger.js';
import { contextFiles, rulesInPlay, touchedRules } from './context-files.js';
import { checkAcrossFiles } from './check-across-files.js';

export { checkNames } from './check-across-files.js';
import { fileResult, isError, withProblems } from '../../shared/file-result.js';

const require = createRequire(import.meta.url);
// --watch's session of the checks across files, loaded by a watch only.
const acrossFilesSession = (...args) => require('./across-files-session.js').acrossFilesSession(...args);

/**
 * @typedef {{ checked: boolean, why?: string, elsewhere?: { files: number, shown: string[] },
 *   matchedNothing?: string[] }} AcrossFilesSummary
 *   checked: the checks across files ran over every file of their rules; why: why they did not
 *   (--bail stopped the run, a shard's wait for `filecheck merge`); elsewhere: the files not in the
 *   run (a hook's named files, --changed) that fail them now, which the run does not report: how
 *   many, and the first few; matchedNothing: in a run of every file, the warnings of the pointers of
 *   `unique` and `references` that matched no string or number in any file of their rules
 * @param {Map<number, import('../../validators/across-files/index.js').Collector[]>} collectors by rule id, non-empty
 * @param {import('../config/load-config.js').Config} config
 * @param {{ files: import('../files/discover.js').FileEntry[], skipped?: { rel: string }[], partial?: boolean, shard?: object,
 *   display(file: string): string, session?: object, gone?: string[], codeFrame?: boolean }} run skipped: the
 *   files discovery named and skipped (a sameKeysAs source outside its rule); partial: --watch's re-run of
 *   some files; session: --watch's, where the facts and verdicts are kept between runs
 *   (across-files-session.js); gone: the files deleted since the last run of the session; codeFrame:
 *   the problems found get their lines (check/capture-frames.js)
 */
export function acrossFilesRun(
  collectors,
  config,
  { files, skipped, partial = false, shard, display, session, gone, codeFrame = false },
) {
  const kept = session && !shard ? acrossFilesSession(session, { partial, gone }) : null;
  const ledger = kept?.ledger ?? createLedger();
  const wholeProject = !partial && !config.patterns.length && !config.changed;
  // A run of some files (named, --changed, --stdin) reads and checks the rules it concerns alone;
  // --watch's session keeps every rule's facts, for the changes to come.
  const inPlay =
    shard || kept || wholeProject
      ? null
      : rulesInPlay(collectors, touchedRules(config, collectors, { files, skipped }));
  const checking = inPlay ? new Map([...collectors].filter(([id]) => inPlay.has(id))) : collectors;
  // A shard reports its files' facts, and `filecheck merge` checks them all (merge-reports.js).
  const context = shard
    ? []
    : kept?.complete
      ? kept.changedOnDisk(files)
      : contextFiles(config, collectors, files, { wholeProject, inPlay });
  kept?.willRead(context);
  // The run's files and the files read for their facts, in path order: the queue's.
  const queued = context.length ? [...files, ...context].sort(byRel) : files;
  if (!kept) ledger.expect(queued); // a session's ledger has its files by path
  // The run's results, held to the end at their place in the run's order (they may come in any
  // order: work-queue.js): a plain pass (its path, status, no problem, its duration: most files) as
  // its path alone and its duration in `durations`, so that a run of 129,000 pages does not keep as
  // many objects alive. Both are made to size at once: grown as results come, each array left its
  // smaller copies as garbage for the run (in V8's large-object space, ~1 MB each at 129,000).
  const held = new Array(queued.length);
  const durations = new Float64Array(queued.length);
  let taken = 0; // every file queued gives a result, unless --bail or Ctrl-C stopped the run first
  return {
    /** the files to check: the run's and those read for their facts only, in path order */
    queued,
    /**
     * A result of the run (kept until the end: its verdict may change) or of a context file (its facts only).
     * @param {import('../check/check-file.js').FileResult} result
     * @param {number} place the index of its file in `queued`: results may come in any order
     */
    take(result, place) {
      taken++;
      const entry = queued[place];
      ledger.record(result, entry, kept ? undefined : place);
      kept?.took(result, entry);
      if (result.context) return;
      // A plain pass is kept as its path as the file list has it (a worker's result brings a copy).
      held[place] = isPlainPass(result) ? entry.rel : withoutFacts(result); // the ledger has the facts
      durations[place] = result.durationMs;
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
      const complete = !stopped || taken === queued.length;
      const resultAt = (i) => (typeof held[i] === 'string' ? fileResult(held[i], [], durations[i]) : held[i]);
      function* results(change = (result) => result) {
        for (let i = 0; i < held.length; i++) if (held[i] !== undefined) yield change(resultAt(i));
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
      // The files the run reports, when the ledger has others (a hook's named files, --watch's session).
      let reported;
      if (context.length || kept) {
        reported = new Set();
        for (const own of held) if (own !== undefined) reported.add(typeof own === 'string' ? own : own.path);
      }
      // A pointer that matched nothing is said by a run of every file alone: in one of some files
      // (named, --changed) or a --watch's re-run, the absence proves nothing.
      const silent = wholeProject && !kept ? [] : null;
      const found = checkAcrossFiles(checking, ledger, {
        rules: config.rules,
        cwd: config.cwd,
        display,
        reported,
        codeFrame,
        ...(silent && { matchedNothing: (note) => silent.push(note) }),
      });
      // --watch: the files not in the run whose problems across files changed are reported again.
      const again = kept?.finish([...results()], found) ?? [];
      const checked = results((result) => withProblems(result, found.get(result.path) ?? []));
      return {
        results: again.length ? [...checked, ...again] : checked,
        again: again.length,
        summary: { checked: true, ...elsewhere(found, reported, again), ...matchedNothing(silent, queued, held) },
      };
    },
  };
}

// The files outside the run that the checks across files fail (a hook named the file whose change
// broke them): the run's verdict is its files', but it says so.
function elsewhere(found, reported, again) {
  if (!reported) return {}; // the run reports every file of the ledger
  const shownAgain = new Set(again.map((result) => result.path));
  const failing = [...found]
    .filter(([file, problems]) => !reported.has(file) && !shownAgain.has(file) && problems.some(isError))
    .map(([file]) => file)
    .sort();
  return failing.length ? { elsewhere: { files: failing.length, shown: failing.slice(0, 3) } } : {};
}

// The pointers that matched nothing in the rules they looked in, when those rules have files and
// all of them could be read (one that could not may hold the values).
function matchedNothing(notes, queued, held) {
  if (!notes?.length) return {};
  const withFiles = new Set();
  const unread = new Set();
  queued.forEach((entry, place) => {
    const result = held[place];
    const unreadable =
      typeof result === 'object' &&
      result.problems.some((problem) => problem.kind === 'parse' || problem.kind === 'io');
    for (const id of entry.rules ?? []) {
      withFiles.add(id);
      if (unreadable) unread.add(id);
    }
  });
  const said = notes
    .filter(({ rules }) => rules.some((id) => withFiles.has(id)) && !rules.some((id) => unread.has(id)))
    .map(({ message }) => message);
  return said.length ? { matchedNothing: [...new Set(said)] } : {};
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

const byRel = (a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
