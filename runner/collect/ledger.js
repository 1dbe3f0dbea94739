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

export function createLedger() {
  const texts = createTextStore();
  const documentsOf = (id) => JSON.parse(texts.get(id));
  const byCollector = new Map(); // "rule key" ─▶ path as reported ─▶ the number in `texts` of [[facts, document?], …]
  const entries = new Map(); // path ─▶ the FileEntry it was read as (to place problems in it again), or null
  const collectorOf = (rule, key) => `${rule} ${key}`;
  const forgetFacts = (path) => {
    for (const byPath of byCollector.values()) byPath.delete(path);
  };
  // The collector of the last file recorded, and its map: most files of a run give facts to one
  // collector, whose id is then neither made nor looked up again (a run of 12,899 pages records them
  // in 40 → 36 ms, cold).
  let last = { rule: -1, key: '', byPath: null };
  const pathsOf = (rule, key) => {
    if (rule !== last.rule || key !== last.key) {
      const id = collectorOf(rule, key);
      if (!byCollector.has(id)) byCollector.set(id, new Map());
      last = { rule, key, byPath: byCollector.get(id) };
    }
    return last.byPath;
  };
  return {
    /**
     * A file's facts, replacing those it gave before (--watch); a file that gave none (it did not
     * parse) takes no part in the checks.
     * @param {import('../check/check-file.js').FileResult} result
     * @param {import('../files/discover.js').FileEntry} [entry]
     */
    record(result, entry) {
      const { path } = result;
      // A file recorded before (--watch) has its facts forgotten first; a run's file is recorded once.
      const known = entries.size;
      entries.set(path, entry ?? entries.get(path) ?? null);
      if (entries.size === known) forgetFacts(path);
      const found = result.facts ?? [];
      // Each document's facts as [facts, document?], in JSON, by concatenation: no object is made.
      const ofDocument = ({ json, document }) => (document ? `[${json},${document}]` : `[${json}]`);
      if (found.length === 1) {
        // Most files: one collector's facts of one document, kept without grouping them first.
        const [fact] = found;
        pathsOf(fact.rule, fact.key).set(path, texts.add(`[${ofDocument(fact)}]`));
      } else {
        const byKey = new Map();
        for (const fact of found) {
          const byPath = pathsOf(fact.rule, fact.key);
          if (!byKey.has(byPath)) byKey.set(byPath, []);
          byKey.get(byPath).push(ofDocument(fact));
        }
        for (const [byPath, documents] of byKey) byPath.set(path, texts.add(`[${documents.join(',')}]`));
      }
    },
    /** @param {string} path a file no longer there (--watch) */
    forget(path) {
      forgetFacts(path);
      entries.delete(path);
    },
    /**
     * @param {number} rule
     * @param {string} key
     * @returns {Entry[]} the facts of one collector, by path, then document
     */
    entriesOf(rule, key) {
      const found = [];
      for (const [path, kept] of byCollector.get(collectorOf(rule, key)) ?? [])
        for (const [facts, document] of documentsOf(kept))
          found.push(document ? { path, facts, document } : { path, facts });
      return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.document ?? 0) - (b.document ?? 0)));
    },
    /** @returns {import('../files/discover.js').FileEntry | undefined} */
    entryOf: (path) => entries.get(path) ?? undefined,
    /** @returns {ReportedFact[] | undefined} a file's facts as data, for a shard's report */
    factsOf(path) {
      const facts = [];
      for (const [id, byPath] of byCollector) {
        if (!byPath.has(path)) continue;
        const [rule, key] = [Number(id.slice(0, id.indexOf(' '))), id.slice(id.indexOf(' ') + 1)];
        for (const [found, document] of documentsOf(byPath.get(path)))
          facts.push({ rule, key, facts: found, ...(document && { document }) });
      }
      return facts.length ? facts : undefined;
    },
  };
}
