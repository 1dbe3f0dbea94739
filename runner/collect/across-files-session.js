// --watch: what the checks across files keep between the runs of a session (run.js's `session`).
// Every file's facts stay in one ledger, so that a re-run reads only the files it checks, and the
// checks across files run over the facts of all, each as the file is now: the watch sends a changed
// file to a run and names a deleted one (`gone`). The files read for their facts only are read
// again when they changed on disk, since the watch may not watch them (a sameKeysAs source outside
// its rule's globs). Each file's result as last checked is kept too: a file the re-run did not
// check whose problems across files changed (its duplicate fixed in another file, a key gone from
// the source) is reported again, with its new verdict.
import { createLedger } from './ledger.js';
import { withProblems } from '../../shared/file-result.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @typedef {import('../check/check-file.js').FileResult} FileResult
 * @param {{ compiler: object | null, acrossFiles?: object }} session run.js's: the memory is kept there
 * @param {{ partial: boolean, gone?: string[] }} run partial: a re-run of some files (a whole run
 *   starts afresh); gone: the files deleted, or no longer checked, since the last run (rel)
 */
export function acrossFilesSession(session, { partial, gone = [] }) {
  let memory = session.acrossFiles;
  if (!partial || !memory) memory = session.acrossFiles = fresh(session.compiler);
  else if (memory.compiler !== session.compiler)
    // The rules were compiled again: their collectors may differ, so every file's facts are read again.
    Object.assign(memory, { compiler: session.compiler, ledger: createLedger(), readOnly: new Map(), complete: false });
  for (const rel of gone) forget(memory, rel);
  const { ledger, checked, shown, readOnly } = memory;
  const reading = new Map(); // rel ─▶ the stat of a file read for its facts, taken before this run reads it

  return {
    ledger,
    /** whether the ledger has the facts of every file (else the run reads all the others for theirs) */
    complete: memory.complete,
    /**
     * @param {import('../files/discover.js').FileEntry[]} files the run's
     * @returns {import('../files/discover.js').FileEntry[]} the files read for their facts only that changed on disk
     */
    changedOnDisk(files) {
      const inRun = new Set(files.map((entry) => entry.rel));
      const changed = [];
      for (const [rel, { entry, stat }] of readOnly) {
        if (inRun.has(rel)) continue;
        const now = statOf(entry.path);
        if (now === null) forget(memory, rel);
        else if (now !== stat) changed.push(entry);
      }
      return changed;
    },
    /** @param {import('../files/discover.js').FileEntry[]} context the files the run reads for their facts */
    willRead(context) {
      for (const entry of context) if (!checked.has(entry.rel)) reading.set(entry.rel, statOf(entry.path));
    },
    /** @param {FileResult} result as the run took it, facts and all */
    took(result, entry) {
      if (result.context) {
        if (reading.has(result.path)) readOnly.set(result.path, { entry, stat: reading.get(result.path) });
        return;
      }
      readOnly.delete(result.path);
      const { facts, ...own } = result;
      // Only a file with facts can have problems across files in a later run.
      if (facts?.length) checked.set(result.path, own);
      else checked.delete(result.path);
    },
    /**
     * @param {FileResult[]} delivered the run's results, as reported
     * @param {Map<string, import('../check/check-file.js').Problem[]> | null} found the problems the
     *   checks across files found, by path; null when they did not run (the run stopped)
     * @returns {FileResult[]} the files the run did not check whose problems across files changed, in path order
     */
    finish(delivered, found) {
      const inRun = new Set(delivered.map((result) => result.path));
      const again = [];
      if (found) {
        memory.complete = true;
        for (const [path, own] of checked) {
          // Not read again after the rules were compiled again: gone while a run ended in an error.
          if (!ledger.entryOf(path)) {
            forget(memory, path);
            continue;
          }
          const problems = found.get(path) ?? [];
          if (!inRun.has(path) && JSON.stringify(problems) !== (shown.get(path) ?? '[]'))
            again.push(withProblems(own, problems));
        }
      }
      for (const result of [...delivered, ...again]) {
        const problems = found?.get(result.path) ?? [];
        if (problems.length) shown.set(result.path, JSON.stringify(problems));
        else shown.delete(result.path);
      }
      return again.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
    },
  };
}

/**
 * checked: rel ─▶ the file's result as last checked, without the problems across files (files with
 * facts); shown: rel ─▶ the problems across files it was last reported with (JSON); readOnly: rel ─▶
 * a file read for its facts only, and its stat then; complete: the ledger has every file's facts
 */
const fresh = (compiler) => ({
  compiler,
  ledger: createLedger(),
  checked: new Map(),
  shown: new Map(),
  readOnly: new Map(),
  complete: false,
});

function forget(memory, rel) {
  memory.ledger.forget(rel);
  memory.checked.delete(rel);
  memory.shown.delete(rel);
  memory.readOnly.delete(rel);
}

// Whether a file changed since: its modification time and size (null: it is gone).
function statOf(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  return stat ? `${stat.mtimeMs} ${stat.size}` : null;
}
