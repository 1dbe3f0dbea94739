// `unique`: a value at the given pointers may appear once in all the rule's files, and once in a
// file. Only strings and numbers take part. An object, an array, null or a boolean at such a
// pointer is ignored: it names nothing (`null` usually means "none", and a boolean is a flag, as
// Eleventy's `permalink: false` for a page not written, which two files can only share). Values compare by
// type and value: 1 and "1" differ. { pointer, ignoreCase: true } compares strings case-insensitively.
import { compilePointer, matchPointer } from './pointers.js';
import { placeOf, settingSeverity, sortEntries, sortProblems } from './places.js';
import { pathIn, worded } from '../../shared/message-paths.js';

/**
 * @param {{ id: number }} rule
 * @param {unknown} setting the rule's `unique`, as written
 * @returns {import('./index.js').Collector}
 */
export function uniqueCollector(rule, setting) {
  const specs = parseUnique(setting);
  return {
    rule: rule.id,
    key: 'unique',
    name: 'unique',
    // Facts: for each pointer of the setting, the [pointer, value] of each string or number it matches. Asked
    // of every file, mostly before V8 has optimised it: plain loops, no callback or destructuring.
    collect(doc) {
      const facts = [];
      let any = false;
      for (let i = 0; i < specs.length; i++) {
        const matches = matchPointer(specs[i].pattern, doc);
        const named = [];
        for (let m = 0; m < matches.length; m++) if (takesPart(matches[m][1])) named.push(matches[m]);
        facts.push(named);
        any ||= named.length > 0;
      }
      return any ? facts : undefined;
    },
    // Its entries come one at a time, in path order (ledger.entriesIn), and are read once: every
    // value's first place is kept as a few numbers and strings, a place made only for a value met again.
    readsEntriesOnce: true,
    checkAll(entries, ctx) {
      const found = specs.map((spec) => repeatsOf(spec));
      const matched = specs.map(() => false);
      for (const entry of entries)
        for (let index = 0; index < specs.length; index++) {
          found[index].add(entry, entry.facts?.[index]);
          matched[index] ||= entry.facts?.[index]?.length > 0;
        }
      // A pointer that found nothing in any file checks nothing: a typo, mostly (`/slg`).
      specs.forEach((spec, index) => {
        if (!matched[index]) ctx.matchedNothing?.([rule.id], `unique ${spec.pattern.text}`);
      });
      return sortProblems(
        specs.flatMap((spec, index) => found[index].repeated().flatMap((places) => problemsOf(places, spec))),
      );
    },
  };
}

/** @returns {{ pattern: import('./pointers.js').PointerPattern, ignoreCase: boolean, severity: 'error' | 'warning' }[]} */
function parseUnique(setting) {
  if (!Array.isArray(setting)) throw new TypeError('unique: expected an array of JSON pointers, e.g. ["/slug"]');
  return setting.map((item) => {
    const {
      pointer,
      ignoreCase = false,
      severity,
      ...rest
    } = typeof item === 'string' ? { pointer: item } : (item ?? {});
    const unknown = Object.keys(rest);
    if (unknown.length)
      throw new TypeError(`unique: unknown key "${unknown[0]}" (expected pointer, ignoreCase, severity)`);
    if (typeof ignoreCase !== 'boolean') throw new TypeError('unique: "ignoreCase" is true or false');
    return { pattern: compileSetting(pointer), ignoreCase, severity: settingSeverity('unique', severity) };
  });
}

function compileSetting(pointer) {
  try {
    return compilePointer(pointer);
  } catch (error) {
    throw new TypeError(`unique: ${error.message}`);
  }
}

const takesPart = (value) => typeof value === 'string' || typeof value === 'number';

// The places of each value found more than once, each value's in path order whatever the order of
// the entries. One Map per type, keyed by the value itself (`1` and `"1"` differ). A value met once
// (most) is kept as the number of its first place, whose path (the ledger's string), pointer
// (one string for all that are written alike) and document wait in arrays; its places are made
// objects only when it is met again (128,990 slugs: 222 → 60 ms, and ~40 MB less at the peak).
function repeatsOf({ ignoreCase }) {
  const byType = new Map();
  const repeated = [];
  const firsts = { paths: [], pointers: [], documents: [], values: [] };
  const pointers = new Map(); // one string per pointer written alike
  const firstPlace = (at) => ({
    path: firsts.paths[at],
    document: firsts.documents[at],
    pointer: firsts.pointers[at],
    value: firsts.values[at],
  });
  return {
    add(entry, found = []) {
      for (let i = 0; i < found.length; i++) {
        const written = found[i][0];
        const value = found[i][1];
        if (!pointers.has(written)) pointers.set(written, written);
        const pointer = pointers.get(written);
        if (!byType.has(typeof value)) byType.set(typeof value, new Map());
        const byValue = byType.get(typeof value);
        const key = ignoreCase && typeof value === 'string' ? value.toLowerCase() : value;
        const seen = byValue.get(key);
        if (seen === undefined) {
          byValue.set(key, firsts.paths.push(entry.path) - 1);
          firsts.documents.push(entry.document);
          firsts.pointers.push(pointer);
          firsts.values.push(value);
          continue;
        }
        const place = { path: entry.path, document: entry.document, pointer, value };
        if (Array.isArray(seen)) seen.push(place);
        else {
          const places = [firstPlace(seen), place];
          byValue.set(key, places);
          repeated.push(places);
        }
      }
    },
    repeated: () => repeated.map((places) => sortEntries(places)),
  };
}

// The message names the value alone: its pointer, which the report prints before it, says what it is
// (a noun made from the pointer, as "alias" from /aliases/*, is wrong as often as English is irregular).
function problemsOf(places, { pattern, severity }) {
  return places.map((place) => {
    const others = places.filter((other) => other !== place);
    const more = others.length > 1 ? ` (and ${others.length - 1} more)` : '';
    return {
      ...placeOf(place, place.pointer, pattern.keys),
      ...worded`${JSON.stringify(place.value)} is also at ${whereIs(others[0], place)}${more}`,
      severity,
      related: others.map((other) => ({
        ...placeOf(other, other.pointer, pattern.keys),
        message: `${other.pointer}: ${JSON.stringify(other.value)}`, // as the problem's own line begins
      })),
    };
  });
}

// Another file by its path; a place in the same file by its pointer.
function whereIs(other, place) {
  if (other.path !== place.path)
    return other.document === undefined
      ? worded`${pathIn(other.path)}`
      : worded`${pathIn(other.path)} (document ${other.document})`;
  if (other.document !== place.document) return `${other.pointer} in document ${other.document} of this file`;
  return `${other.pointer} in this file`;
}
