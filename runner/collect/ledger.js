// The run's ledger of facts: what each collector found in each file (FileResult.facts), kept on the
// main thread until every file of the run has given its own, for the checks across files. Facts are
// small (a slug, a key's placeholders), never documents, so the ledger grows with them alone. They
// come as JSON text (check-file.js' Fact), and are kept as such outside V8's heap (text-store.js),
// one text a file and collector: objects or strings that live to the end of the run made V8 double
// its young generation on Node 24 (RSS 1.2-1.3x a run without the checks). A --watch session's
// ledger keeps the texts of the files it checks again too (the store is never emptied): some hundred
// bytes a file checked.
import { createTextStore } from './text-store.js';

/**
 * @typedef {import('../check/check-file.js').Fact} Fact
 * @typedef {import('../../validators/across-files/index.js').Entry} Entry
 * @typedef {{ rule: number, key: string, facts: unknown, document?: number }} ReportedFact a fact as a
 *   shard's report gives it, for people and `filecheck merge` to read: its facts as data
 */

/** @param {ReportedFact} reported @returns {Fact} as a ledger takes it (`filecheck merge`) */
export const factFromReport = ({ facts, ...fact }) => ({ ...fact, json: JSON.stringify(facts) });

// A document's facts as the ledger keeps them, [facts, document?], in JSON, by concatenation: no object is made.
const ofDocument = ({ json, document }) => (document ? `[${json},${document}]` : `[${json}]`);

export function createLedger() {
  const texts = createTextStore();
  const documentsOf = (id) => JSON.parse(texts.get(id));
  // Each file has a slot, and each collector an array of its files' texts by slot. The files of a
  // run (`run`: sorted by path) have their indexes there as slots, found without a map; any other
  // file (a --watch session's next runs, `filecheck merge`'s) gets one after them, by a map: a map
  // of 128,990 paths is ~4 MB of V8's large objects, and as much again while it grows.
  let run = [];
  const others = new Map(); // path ─▶ slot, for the files not in `run`
  const otherPaths = []; // slot - run.length ─▶ path (null: forgotten)
  const otherEntries = []; // slot - run.length ─▶ the FileEntry it was read as, or null
  const byCollector = new Map(); // "rule key" ─▶ slot ─▶ the number in `texts` of [[facts, document?], …], or -1
  const collectorOf = (rule, key) => `${rule} ${key}`;
  const pathAt = (slot) => (slot < run.length ? run[slot].rel : otherPaths[slot - run.length]);
  const slotIn = (path) => {
    let low = 0;
    let high = run.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const at = run[middle].rel;
      if (at === path) return middle;
      if (at < path) low = middle + 1;
      else high = middle - 1;
    }
    return others.get(path);
  };
  const slotOf = (path) => {
    let slot = slotIn(path);
    if (slot === undefined) {
      slot = run.length + otherPaths.push(path) - 1;
      otherEntries.push(null);
      others.set(path, slot);
    }
    return slot;
  };
  const idLists = []; // byCollector's values, walked for every file recorded without an iterator
  const forgetFacts = (slot) => {
    for (let i = 0; i < idLists.length; i++) if (slot < idLists[i].length) idLists[i][slot] = -1;
  };
  // The collector of the last file recorded, and its texts: most files of a run give facts to one
  // collector, whose id is then neither made nor looked up again (a run of 12,899 pages records them
  // in 40 → 36 ms, cold).
  let last = { rule: -1, key: '', ids: null };
  const idsOf = (rule, key) => {
    if (rule !== last.rule || key !== last.key) {
      const id = collectorOf(rule, key);
      if (!byCollector.has(id)) byCollector.set(id, idLists[idLists.push([]) - 1]);
      last = { rule, key, ids: byCollector.get(id) };
    }
    return last.ids;
  };
  const keep = (ids, slot, text) => {
    while (ids.length < slot) ids.push(-1); // packed: no holes
    ids[slot] = texts.add(text);
  };
  /**
   * The facts of one collector, by path, then document: each entry made as it is read, so that a
   * check that reads them once (`unique`) never holds them all (128,990 pages' entries and their
   * facts, made at once, were the 10x run's peak).
   * @param {number} rule
   * @param {string} key
   * @returns {Generator<Entry>}
   */
  function* entriesIn(rule, key) {
    const ids = byCollector.get(collectorOf(rule, key)) ?? [];
    const given = [];
    for (let slot = 0; slot < ids.length; slot++) if (ids[slot] !== -1) given.push(slot);
    // The run's files come by path already: only a ledger with others is sorted.
    if (others.size && given.some((slot, i) => i > 0 && pathAt(slot) < pathAt(given[i - 1])))
      given.sort((a, b) => (pathAt(a) < pathAt(b) ? -1 : 1));
    for (let i = 0; i < given.length; i++) {
      const path = pathAt(given[i]);
      const documents = documentsOf(ids[given[i]]);
      if (documents.length > 1) documents.sort(([, a = 0], [, b = 0]) => a - b);
      for (let d = 0; d < documents.length; d++) {
        const facts = documents[d][0];
        const document = documents[d][1];
        yield document ? { path, facts, document } : { path, facts };
      }
    }
  }
  return {
    /**
     * The files of a run, sorted by path, before anything is recorded: their slots are their indexes.
     * @param {import('../files/discover.js').FileEntry[]} files
     */
    expect(files) {
      if (run.length || others.size) throw new Error('a ledger expects its run before recording');
      run = files;
    },
    /**
     * A file's facts, replacing those it gave before (--watch); a file that gave none (it did not
     * parse) takes no part in the checks.
     * @param {import('../check/check-file.js').FileResult} result
     * @param {import('../files/discover.js').FileEntry} [entry] the entry it was read as (a file of
     *   the run has its own)
     * @param {number} [at] its index in the run's files, if it is one
     */
    record(result, entry = undefined, at = undefined) {
      const slot = at ?? slotOf(result.path);
      if (entry && slot >= run.length) otherEntries[slot - run.length] = entry;
      forgetFacts(slot);
      const found = result.facts ?? [];
      if (found.length === 1) {
        // Most files: one collector's facts of one document, kept without grouping them first.
        const [fact] = found;
        keep(idsOf(fact.rule, fact.key), slot, `[${ofDocument(fact)}]`);
      } else {
        const byKey = new Map();
        for (const fact of found) {
          const ids = idsOf(fact.rule, fact.key);
          if (!byKey.has(ids)) byKey.set(ids, []);
          byKey.get(ids).push(ofDocument(fact));
        }
        for (const [ids, documents] of byKey) keep(ids, slot, `[${documents.join(',')}]`);
      }
    },
    /** @param {string} path a file no longer there (--watch) */
    forget(path) {
      const slot = slotIn(path);
      if (slot === undefined) return;
      forgetFacts(slot);
      if (slot < run.length) return; // a --watch session's ledger has no run
      others.delete(path);
      otherPaths[slot - run.length] = null;
      otherEntries[slot - run.length] = null;
    },
    entriesIn,
    /** @returns {Entry[]} entriesIn's, all at once */
    entriesOf: (rule, key) => [...entriesIn(rule, key)],
    /** @returns {import('../files/discover.js').FileEntry | undefined} */
    entryOf(path) {
      const slot = slotIn(path);
      if (slot === undefined) return undefined;
      return (slot < run.length ? run[slot] : otherEntries[slot - run.length]) ?? undefined;
    },
    /** @returns {ReportedFact[] | undefined} a file's facts as data, for a shard's report */
    factsOf(path) {
      const slot = slotIn(path);
      const facts = [];
      for (const [id, ids] of byCollector) {
        if (!(ids[slot] >= 0)) continue;
        const [rule, key] = [Number(id.slice(0, id.indexOf(' '))), id.slice(id.indexOf(' ') + 1)];
        for (const [found, document] of documentsOf(ids[slot]))
          facts.push({ rule, key, facts: found, ...(document && { document }) });
      }
      return facts.length ? facts : undefined;
    },
  };
}
