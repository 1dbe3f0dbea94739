// The decision of bulk suppressions, as ESLint (9.24) makes it, for one file: its problems of each
// id up to the suppressed count are suppressed; more than the count, and all of that id's are
// reported (which of them is new cannot be told). Only errors a check found in the content are
// counted (kind `invalid`): a warning fails nothing already, and a file that cannot be read or
// parsed, a validator that threw or a schema that cannot be used is never suppressed.

/**
 * What suppressions count a problem by: its validator, and the keyword that found it when it has
 * one (`json-schema/required`, `require`, `unique`, a custom validator's name).
 * @param {import('../check/check-file.js').Problem} problem
 */
export const problemId = (problem) => (problem.keyword ? `${problem.validator}/${problem.keyword}` : problem.validator);

/** @param {import('../check/check-file.js').Problem} problem */
export const isSuppressible = (problem) => problem.kind === 'invalid' && problem.severity !== 'warning';

/**
 * @param {import('../check/check-file.js').Problem[]} problems
 * @returns {Map<string, number>} the suppressible problems by id
 */
export function countById(problems) {
  const counts = new Map();
  for (const problem of problems)
    if (isSuppressible(problem)) counts.set(problemId(problem), (counts.get(problemId(problem)) ?? 0) + 1);
  return counts;
}

/**
 * @param {import('../check/check-file.js').Problem[]} problems one file's
 * @param {Map<string, number> | undefined} allowed its suppressed counts by id
 * @returns {{ kept: import('../check/check-file.js').Problem[], suppressed: import('../check/check-file.js').Problem[],
 *   found: Map<string, number> }} kept: the problems reported; suppressed: the others, marked
 *   `suppressed: true`; found: the suppressible problems by id, for stale entries (staleEntries)
 */
export function applySuppressions(problems, allowed) {
  const found = countById(problems);
  if (!allowed?.size) return { kept: problems, suppressed: [], found };
  const within = (problem) =>
    isSuppressible(problem) && found.get(problemId(problem)) <= (allowed.get(problemId(problem)) ?? 0);
  const kept = [];
  const suppressed = [];
  for (const problem of problems) {
    if (within(problem)) suppressed.push({ ...problem, suppressed: true });
    else kept.push(problem);
  }
  return { kept, suppressed, found };
}

/**
 * The entries of one file that suppress more than occurs now: fewer problems of the id, or none.
 * @param {Map<string, number>} allowed the file's suppressed counts by id
 * @param {Map<string, number>} found its suppressible problems now, by id
 * @param {(validator: string) => boolean} [judges] whether the run knows every problem of this
 *   validator (a shard does not know those of the checks across files, which `filecheck merge` runs)
 * @returns {{ id: string, count: number, found: number }[]} sorted by id
 */
export function staleEntries(allowed, found, judges = () => true) {
  const stale = [];
  for (const [id, count] of allowed) {
    const now = found.get(id) ?? 0;
    if (now < count && judges(id.split('/')[0])) stale.push({ id, count, found: now });
  }
  return stale.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
