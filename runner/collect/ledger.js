// The run's ledger of facts: what each collector found in each file (FileResult.facts), kept on the
// main thread until every file of the run has given its own, for the checks across files. Facts are
// small (a slug, a key's placeholders), never documents, so the ledger grows with them alone.

/**
 * @typedef {import('../check/check-file.js').Fact} Fact
 * @typedef {import('../../validators/across-files/index.js').Entry} Entry
 */
export function createLedger() {
  const byPath = new Map(); // path as reported ─▶ its facts
  const entries = new Map(); // path ─▶ the FileEntry it was read as (to place problems in it again)
  return {
    /**
     * A file's facts, replacing those it gave before (--watch); a file that gave none (it did not
     * parse) takes no part in the checks.
     * @param {import('../check/check-file.js').FileResult} result
     * @param {import('../files/discover.js').FileEntry} [entry]
     */
    record(result, entry) {
      if (result.facts?.length) byPath.set(result.path, result.facts);
      else byPath.delete(result.path);
      if (entry) entries.set(result.path, entry);
    },
    /** @param {string} path a file no longer there (--watch) */
    forget(path) {
      byPath.delete(path);
      entries.delete(path);
    },
    /**
     * @param {number} rule
     * @param {string} key
     * @returns {Entry[]} the facts of one collector, by path, then document
     */
    entriesOf(rule, key) {
      const found = [];
      for (const [path, facts] of byPath)
        for (const fact of facts)
          if (fact.rule === rule && fact.key === key)
            found.push({ path, facts: fact.facts, ...(fact.document && { document: fact.document }) });
      return found.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : (a.document ?? 0) - (b.document ?? 0)));
    },
    /** @returns {import('../files/discover.js').FileEntry | undefined} */
    entryOf: (path) => entries.get(path),
    /** @returns {Fact[] | undefined} a file's facts (for a shard's report) */
    factsOf: (path) => byPath.get(path),
  };
}
