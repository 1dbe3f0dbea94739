// The order of entries and problems, whatever order the entries came in: by path, then by the
// document's number in a YAML stream, then by pointer (array indexes in numeric order).
import { compareMessages } from '../../shared/file-result.js';

/** @returns {Entry[]} a sorted copy @template {{ path: string, document?: number }} Entry */
export const sortEntries = (entries) => [...entries].sort(comparePlaces);

/** @returns {Problem[]} a sorted copy @template {{ path: string, document?: number, pointer?: string, message: string }} Problem */
export const sortProblems = (problems) =>
  [...problems].sort((a, b) => comparePlaces(a, b) || compareMessages(a.message, b.message));

function comparePlaces(a, b) {
  return (
    compareText(a.path, b.path) ||
    (a.document ?? 0) - (b.document ?? 0) ||
    comparePointers(a.pointer ?? '', b.pointer ?? '')
  );
}

/** Token by token; two indexes by number, so /items/2 comes before /items/10. */
export function comparePointers(a, b) {
  if (a === b) return 0;
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    if (left[i] === right[i]) continue;
    const numeric = /^\d+$/.test(left[i]) && /^\d+$/.test(right[i]);
    return numeric
      ? Number(left[i]) - Number(right[i]) || compareText(left[i], right[i])
      : compareText(left[i], right[i]);
  }
  return left.length - right.length;
}

const compareText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** A setting's severity ("error", "warn", "off") as a problem carries it; null: no problem at all. */
export const severityOf = (setting) => ({ error: 'error', warn: 'warning', off: null })[setting];

/**
 * The severity of an entry of `unique` or `references` that runs ("error", the default, or "warn"),
 * as its problems carry it; "off" entries are left out before (runner/config/severities.js).
 * @returns {'error' | 'warning'}
 */
export function settingSeverity(check, setting = 'error') {
  if (setting !== 'error' && setting !== 'warn')
    throw new TypeError(`${check}: "severity" is "error" or "warn", not ${JSON.stringify(setting)}`);
  return severityOf(setting);
}

/**
 * The place of an entry's document, for a problem or a related place; `atKey`: at the key the pointer
 * names, not at its value (a match of a pattern that ends in `~`).
 */
export const placeOf = (entry, pointer, atKey = false) => ({
  path: entry.path,
  pointer,
  ...(entry.document === undefined ? {} : { document: entry.document }),
  ...(atKey ? { atKey } : {}),
});
