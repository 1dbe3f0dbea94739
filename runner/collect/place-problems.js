// The problems the checks across files found are pointers into files read long before: a file that
// has some is read and parsed again, here, to place them at line:col (and the places they point
// at, in other files), and, with code frames, to capture the lines around them while its text is at
// hand. Only files with problems pay for it; a passing file never.
import { readEntry } from '../../formats/read-text.js';
import { loadParsers, parserNamed } from '../../formats/index.js';
import { addCodeFrames } from '../check/capture-frames.js';
import { byTextOrder, compareMessages } from '../../shared/file-result.js';

/**
 * Fills in `line` and `column` of each problem and of each of its related places, where their
 * pointers are found (with `atKey`, at the key the pointer names rather than its value), and sorts each file's problems in the order of its text. Each file is read
 * once for all the places in it: a source that 57 translations point at (sameKeysAs) is not read 57 times.
 * @param {Map<string, import('../check/check-file.js').Problem[]>} byPath the problems, by file as reported
 * @param {ReturnType<import('./ledger.js').createLedger>} ledger
 * @param {{ codeFrame?: boolean }} [options] codeFrame: the first problems of each file get their
 *   lines (check/capture-frames.js); the related places, in other files, do not
 */
export function placeProblems(byPath, ledger, { codeFrame = false } = {}) {
  const places = new Map(); // file ─▶ every place in it: its problems, and others' related places
  const add = (file, at) => {
    if (!places.has(file)) places.set(file, []);
    places.get(file).push(at);
  };
  for (const [file, problems] of byPath)
    for (const problem of problems) {
      add(file, problem);
      for (const at of problem.related ?? []) add(at.path, at);
    }
  for (const [file, found] of places) {
    const text = place(file, found, ledger);
    for (const at of found) if (at.atKey !== undefined) delete at.atKey; // placed: no report carries it
    const own = byPath.get(file);
    if (!own) continue;
    own.sort(byPlace);
    if (codeFrame && text !== undefined) addCodeFrames(own, text);
  }
}

// Returns the file's text, when it was read.
function place(file, places, ledger) {
  const pointed = places.filter((at) => typeof at.pointer === 'string' && at.line === undefined);
  const entry = ledger.entryOf(file);
  if (!pointed.length || !entry) return undefined;
  const { documents, text } = documentsOf(entry);
  if (!documents) return text;
  // Each document placed once for all its places: a pass over its text finds every pointer.
  const byDocument = new Map();
  for (const at of pointed) {
    const number = at.document ?? 1;
    if (!byDocument.has(number)) byDocument.set(number, []);
    byDocument.get(number).push(at);
  }
  for (const [number, places] of byDocument) {
    const document = documents[number - 1];
    if (!document?.locate) continue;
    const probes = places.map((at) => ({ pointer: at.pointer, atKey: at.atKey }));
    document.locate(probes);
    probes.forEach((probe, i) => {
      if (probe.line !== undefined) Object.assign(places[i], { line: probe.line, column: probe.column });
    });
  }
  return text;
}

// The file as it was checked (its parser, its front matter); unreadable now, it is left unplaced.
// Its parser may not be loaded on this thread: every file came from a worker or from the cache.
function documentsOf(entry) {
  const read = readEntry(entry);
  if (read.error) return { documents: null };
  loadParsers([entry]);
  try {
    return { documents: parserNamed(entry.parser ?? 'json').parse(read.text, entry), text: read.text };
  } catch {
    return { documents: null, text: read.text };
  }
}

// In the order of the text, as a file's own problems are (check/finish-problems.js), those at one
// place by their words (their numbers by number): the order the file's problems then keep, its own and these merged
// (shared/file-result.js' withProblems), whatever order the checks found them in.
const byPlace = (a, b) => byTextOrder(a, b) || compareMessages(a.message, b.message);
