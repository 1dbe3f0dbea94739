// The problems the checks across files found are pointers into files read long before: a file that
// has some is read and parsed again, here, to place them at line:col (and the places they point
// at, in other files). Only files with problems pay for it; a passing file never.
import { readText } from '../formats/read-text.js';
import { parserNamed } from '../formats/index.js';

/**
 * Fills in `line` and `column` of each problem and of each of its related places, where their
 * pointers are found.
 * @param {string} file as reported
 * @param {import('../check/check-file.js').Problem[]} problems
 * @param {ReturnType<import('./ledger.js').createLedger>} ledger
 */
export function placeProblems(file, problems, ledger) {
  place(file, problems, ledger);
  const related = new Map(); // file ─▶ its places
  for (const problem of problems)
    for (const at of problem.related ?? []) {
      if (!related.has(at.path)) related.set(at.path, []);
      related.get(at.path).push(at);
    }
  for (const [other, places] of related) place(other, places, ledger);
}

function place(file, places, ledger) {
  const pointed = places.filter((at) => typeof at.pointer === 'string' && at.line === undefined);
  const entry = ledger.entryOf(file);
  if (!pointed.length || !entry) return;
  const documents = documentsOf(entry);
  if (!documents) return;
  for (const at of pointed) {
    const document = documents[(at.document ?? 1) - 1];
    if (!document?.locate) continue;
    const probe = { pointer: at.pointer };
    document.locate([probe]);
    if (probe.line !== undefined) Object.assign(at, { line: probe.line, column: probe.column });
  }
}

// The file as it was checked (its parser, its front matter); unreadable now, it is left unplaced.
function documentsOf(entry) {
  const read = readText(entry.path, entry.special);
  if (read.error) return null;
  try {
    return parserNamed(entry.parser ?? 'json').parse(read.text, entry);
  } catch {
    return null;
  }
}
