// What a batch of changes makes stale, as pure functions (watch.js applies them): the rules and
// files to compile and check again, whether discovery must run again, and in which order the
// files are checked.

/**
 * @param {string[]} changed the absolute paths of the batch
 * @param {{ deps: Map<string, number[]>, globs: Array<{ id: number, matches(file: string): boolean }>,
 *   schemasChosen: Map<string, string[]>, lastError: unknown }} state deps: file ─▶ the rules that
 *   depend on it (a schema, a ref, a validator module); globs: the rules' refs globs; schemasChosen:
 *   rel ─▶ the schema files a file chose itself ($schema, a catalog); lastError: the usage error the
 *   last run ended in
 * @returns {{ affected: Set<number>, choosers: Set<string>, recompile: boolean }} affected: the
 *   rules to compile again; choosers: the files whose chosen schema changed; recompile: whether
 *   compiled schemas are dropped (anything affected, or a last run that ended in an error)
 */
export function staleBy(changed, { deps, globs, schemasChosen, lastError }) {
  const affected = new Set(
    changed.flatMap((file) => [
      ...(deps.get(file) ?? []),
      ...globs.filter((glob) => glob.matches(file)).map((glob) => glob.id),
    ]),
  );
  const changedSet = new Set(changed);
  const choosers = new Set(
    [...schemasChosen].filter(([, schemas]) => schemas.some((file) => changedSet.has(file))).map(([rel]) => rel),
  );
  return { affected, choosers, recompile: affected.size > 0 || choosers.size > 0 || lastError !== null };
}

/**
 * Which watched files were edited, and whether discovery must run again: only when a name
 * appeared (a file or folder created, moved here) or went away (a watched file, or a folder holding
 * some, deleted or moved away). A name that came and went (an editor's temporary file) changes
 * nothing, and costs no discovery.
 * @param {string[]} changed
 * @param {{ relOf: Map<string, string>, folders: Set<string>, renamed(file: string): boolean, exists(file: string): boolean }} tree
 *   relOf: each watched file ─▶ its rel; folders: those that hold them; renamed: whether the
 *   batch saw the name appear or go away
 * @returns {{ edited: string[], rediscover: boolean }} edited: rels
 */
export function namesChanged(changed, { relOf, folders, renamed, exists }) {
  const edited = [];
  let rediscover = false;
  for (const file of changed) {
    const rel = relOf.get(file);
    const there = exists(file);
    if (rel !== undefined && there) edited.push(rel);
    else if (rel !== undefined || (renamed(file) && (there || folders.has(file)))) rediscover = true;
  }
  return { edited, rediscover };
}

/**
 * The files to check, each once, in order: those edited or new (by name), then those of the
 * affected rules and the choosers, then those a stopped run did not reach (by name). A dependent is
 * checked only when it was checked before or is due: a rule's files are not all checked again
 * because the run had not reached them.
 * @template {{ rel: string, rules: number[] }} E
 * @param {{ edited: E[], files: Map<string, E>, due: Map<string, E>, affected: Set<number>, choosers: Set<string>, known(rel: string): boolean }} plan
 * @returns {E[]}
 */
export function filesToRecheck({ edited, files, due, affected, choosers, known }) {
  const dependents = [...files.values()].filter(
    (entry) =>
      (choosers.has(entry.rel) || entry.rules.some((id) => affected.has(id))) &&
      (known(entry.rel) || due.has(entry.rel)),
  );
  const queued = new Map();
  for (const entry of [...[...edited].sort(byName), ...dependents, ...[...due.values()].sort(byName)]) {
    if (files.has(entry.rel) && !queued.has(entry.rel)) queued.set(entry.rel, entry);
  }
  return [...queued.values()];
}

const byName = (a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
