// Bursts of file events ──▶ one batch. An editor writes a file several times in a row, and a git
// checkout or a code generator touches thousands of files: the batch is handed over once no event
// has come for QUIET_MS (or MAX_WAIT_MS after its first event, so that a steady stream of writes
// still gets checked), and never while the previous batch is being handled: what comes meanwhile
// makes the next batch.

export const QUIET_MS = 100;
export const MAX_WAIT_MS = 1000;

/**
 * @template T
 * @param {(batch: Map<unknown, T>) => Promise<void>} handle
 * @param {{ onError(error: unknown): void, quietMs?: number, maxWaitMs?: number, merge?(before: T, value: T): T }} options
 *   onError: handle threw; merge: the value of a key added twice to one batch (default: the later)
 */
export function createBatcher(
  handle,
  { onError, quietMs = QUIET_MS, maxWaitMs = MAX_WAIT_MS, merge = (_before, value) => value },
) {
  let pending = new Map();
  let firstAt = 0; // when the first event of the pending batch came
  let timer = null;
  let running = null; // the batch being handled
  let closed = false;

  function schedule() {
    if (closed || running || !pending.size) return;
    clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - Date.now())));
  }

  function flush() {
    timer = null;
    const batch = pending;
    pending = new Map();
    busyWith((async () => handle(batch))().catch(onError));
  }

  function busyWith(work) {
    running = work
      .then(
        () => {},
        () => {},
      )
      .finally(() => {
        running = null;
        if (pending.size) firstAt = Date.now(); // the next batch waits its own quiet time
        schedule();
      });
  }

  return {
    /** @param {unknown} key @param {T} value */
    add(key, value) {
      if (closed) return;
      if (!pending.size) firstAt = Date.now();
      pending.set(key, pending.has(key) ? merge(pending.get(key), value) : value);
      schedule();
    },
    /**
     * Work that batches must wait for (the first run): events that come meanwhile make a batch after it.
     * @template R
     * @param {Promise<R>} work
     * @returns {Promise<R>} work
     */
    hold(work) {
      busyWith(work);
      return work;
    },
    /** No more batches; @returns {Promise<void>} once the batch being handled, if any, is done */
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
