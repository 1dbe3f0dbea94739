// `unique`: a value at the given pointers may appear once in all the rule's files, and once in a
// file. Only scalars take part: a string, a number or a boolean. An object, an array or null at
// such a pointer is ignored (it names nothing, and `null` usually means "none"). Values compare by
// type and value: 1 and "1" differ. { pointer, ignoreCase: true } compares strings case-insensitively.
import { compilePointer, matchPointer, nameOf } from './pointers.js';
import { placeOf, settingSeverity, sortEntries, sortProblems } from './places.js';

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
    // Facts: for each pointer of the setting, the [pointer, value] of each scalar it matches.
    collect(doc) {
      const facts = specs.map(({ pattern }) => matchPointer(pattern, doc).filter(([, value]) => isScalar(value)));
      return facts.some((found) => found.length) ? facts : undefined;
    },
    checkAll(entries) {
      const problems = [];
      specs.forEach((spec, index) => {
        for (const places of duplicates(sortEntries(entries), index, spec)) problems.push(...problemsOf(places, spec));
      });
      return sortProblems(problems);
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

const isScalar = (value) => typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

// The places of each value found more than once, in entry order.
// One Map per type, keyed by the value itself (`1` and `"1"` differ): a value's places are made an
// array only when it is met a second time, most values being met once (128,990 slugs: 222 → 60 ms).
function duplicates(entries, index, { ignoreCase }) {
  const byType = new Map();
  const repeated = [];
  for (const entry of entries) {
    for (const [pointer, value] of entry.facts?.[index] ?? []) {
      if (!byType.has(typeof value)) byType.set(typeof value, new Map());
      const byValue = byType.get(typeof value);
      const key = ignoreCase && typeof value === 'string' ? value.toLowerCase() : value;
      const place = { entry, pointer, value };
      const seen = byValue.get(key);
      if (seen === undefined) byValue.set(key, place);
      else if (Array.isArray(seen)) seen.push(place);
      else {
        const places = [seen, place];
        byValue.set(key, places);
        repeated.push(places);
      }
    }
  }
  return repeated;
}

function problemsOf(places, { pattern, severity }) {
  const name = nameOf(pattern);
  return places.map((place) => {
    const others = places.filter((other) => other !== place);
    const more = others.length > 1 ? ` (and ${others.length - 1} more)` : '';
    return {
      ...placeOf(place.entry, place.pointer),
      message: `${name} ${JSON.stringify(place.value)} is also at ${whereIs(others[0], place)}${more}`,
      severity,
      related: others.map((other) => ({
        ...placeOf(other.entry, other.pointer),
        message: `${name} ${JSON.stringify(other.value)}`,
      })),
    };
  });
}

// Another file by its path; a place in the same file by its pointer.
function whereIs(other, place) {
  if (other.entry.path !== place.entry.path)
    return other.entry.document === undefined
      ? other.entry.path
      : `${other.entry.path} (document ${other.entry.document})`;
  if (other.entry.document !== place.entry.document)
    return `${other.pointer} in document ${other.entry.document} of this file`;
  return `${other.pointer} in this file`;
}
