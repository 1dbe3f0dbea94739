// The files of a run, handed out in path order to whoever checks them (the in-process loop, the
// pool, or both at once), and their results handed back in path order, whatever order they
// finish in: every reporter's output is the same for any number of workers. A run whose results
// are all held to its end (checks across files) takes them as they come, each with its place, and
// orders them itself: with `auto`, the main thread's results waited for a worker's batch, ~900
// at a time on a site of 12,899 pages, and what survived made V8 double its young generation.

/**
 * @param {import('../files/discover.js').FileEntry[]} files
 * @param {(result: import('../check/check-file.js').FileResult, index: number) => boolean} onResult
 *   receives each result and its file's index in `files`, in path order unless `ordered` is false;
 *   returning false stops the run (bail)
 * @param {{ ordered?: boolean }} [how] ordered: false, each result as soon as it is put
 */
export function createWorkQueue(files, onResult, { ordered = true } = {}) {
  let next = 0;
  let delivered = 0;
  let stopped = false;
  const waiting = new Map(); // index ─▶ result that finished before an earlier one
  const stopListeners = [];

  const queue = {
    files,
    get stopped() {
      return stopped;
    },
    /** How many files are not handed out yet. */
    get remaining() {
      return files.length - next;
    },
    /** How many files were checked and reported (in order, unless not `ordered`). */
    get delivered() {
      return delivered;
    },
    /**
     * @param {number} count
     * @param {{ whole?: boolean }} [options] whole: do not end inside a set of files that share
     *   their rules (discover.js gives them one array), so that a schema's files are checked by
     *   the thread that compiled it: the batch ends at the last such boundary before `count`
     *   files (a set larger than `count` is split)
     * @returns {{ start: number, entries: import('../files/discover.js').FileEntry[] } | null} up to `count` files
     */
    take(count, { whole = false } = {}) {
      if (stopped || next >= files.length) return null;
      const start = next;
      next = Math.min(files.length, next + count);
      if (whole) next = wholeSetsEnd(files, start, next);
      return { start, entries: files.slice(start, next) };
    },
    /** The result of the file at `index`; reported as soon as every earlier file is. */
    put(index, result) {
      if (stopped) return;
      if (!ordered) {
        delivered++;
        if (!onResult(result, index)) queue.stop();
        return;
      }
      if (index === delivered && !waiting.size) {
        // The next one, with none waiting (the in-process loop's every result): no map.
        delivered++;
        if (!onResult(result, index)) queue.stop();
        return;
      }
      waiting.set(index, result);
      while (!stopped && waiting.has(delivered)) {
        const ready = waiting.get(delivered);
        waiting.delete(delivered);
        if (!onResult(ready, delivered++)) queue.stop();
      }
    },
    stop() {
      if (stopped) return;
      stopped = true;
      waiting.clear();
      for (const listener of stopListeners) listener();
    },
    onStop(listener) {
      stopListeners.push(listener);
    },
  };
  return queue;
}

// Where a batch from `start` that would end at `end` ends instead so as not to split a set of
// files that share their rules.
function wholeSetsEnd(files, start, end) {
  const splits = (at) => at < files.length && files[at].rules === files[at - 1].rules;
  if (!splits(end)) return end;
  for (let at = end - 1; at > start; at--) if (!splits(at)) return at;
  return end; // a set larger than the batch: its compilation is shared by many files anyway
}
