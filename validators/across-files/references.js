// `references`: every value at `from` equals a value at `to` in the files of rule `in` (this rule
// when left out), or, with `file: true`, is a path to an existing file or folder. Only strings and
// numbers are references; any other value at `from` is ignored. Values compare by type and value,
// as `unique`'s do: an id 5 is not the id "5".
import path from 'node:path';
import { closest } from '../../shared/closest.js';
import { compilePointer, matchPointer, nameOf } from './pointers.js';
import { placeOf, settingSeverity, sortEntries, sortProblems } from './places.js';
import { pathIn, worded } from '../../shared/message-paths.js';

/**
 * @typedef {{ from: import('./pointers.js').PointerPattern, to?: import('./pointers.js').PointerPattern,
 *   in?: string, file: boolean, severity: 'error' | 'warning' }} Reference
 */

/** @returns {Reference[]} the rule's `references`, as written, checked */
export function parseReferences(setting) {
  if (!Array.isArray(setting))
    throw new TypeError('references: expected an array, e.g. [{ "from": "/authors/*", "to": "/id", "in": "people" }]');
  return setting.map((item) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item))
      throw new TypeError('references: each entry is an object with "from" and "to" (or "file": true)');
    const { from, to, in: inRule, file = false, severity, ...rest } = item;
    const unknown = Object.keys(rest);
    if (unknown.length)
      throw new TypeError(`references: unknown key "${unknown[0]}" (expected from, to, in, file, severity)`);
    if (typeof file !== 'boolean') throw new TypeError('references: "file" is true or false');
    if (file === (to !== undefined))
      throw new TypeError(`references: ${JSON.stringify(from)} needs either "to" (a pointer) or "file": true`);
    if (file && inRule !== undefined) throw new TypeError('references: "in" goes with "to", not with "file"');
    if (inRule !== undefined && (typeof inRule !== 'string' || inRule === ''))
      throw new TypeError('references: "in" is the name of a rule');
    return {
      from: compileSetting(from),
      ...(to === undefined ? {} : { to: compileSetting(to) }),
      ...(inRule === undefined ? {} : { in: inRule }),
      file,
      severity: settingSeverity('references', severity),
    };
  });
}

function compileSetting(pointer) {
  try {
    return compilePointer(pointer);
  } catch (error) {
    throw new TypeError(`references: ${error.message}`);
  }
}

const isReference = (value) => typeof value === 'string' || typeof value === 'number';
const typedKey = (value) => `${typeof value}:${value}`;

/** The values at `to` in a rule's files, which a `references` collector reads with entriesOf. */
export const valuesKey = (to) => `values:${to.text}`;

/**
 * @param {number} ruleId the rule whose files hold the values
 * @param {import('./pointers.js').PointerPattern} to
 * @returns {import('./index.js').Collector} facts: the file's values at `to`, once each
 */
export function valuesCollector(ruleId, to) {
  return {
    rule: ruleId,
    key: valuesKey(to),
    name: 'references',
    collect(doc) {
      const values = new Map();
      for (const [, value] of matchPointer(to, doc)) if (isReference(value)) values.set(typedKey(value), value);
      return values.size ? [...values.values()] : undefined;
    },
  };
}

/**
 * @param {{ id: number, name: string }} rule
 * @param {Reference[]} references
 * @param {{ id: number, name: string }[][]} targets for each reference with `to`, the rules that hold
 *   its values (those named `in`, else this rule)
 * @returns {import('./index.js').Collector}
 */
export function referencesCollector(rule, references, targets) {
  return {
    rule: rule.id,
    key: 'references',
    name: 'references',
    // A change to a file of these rules can change this rule's verdict (runner/collect/context-files.js).
    reads: [...new Set(targets.flat().map(({ id }) => id))],
    // Facts: for each reference, the [pointer, value] of each string or number at `from`.
    collect(doc) {
      const facts = references.map(({ from }) => matchPointer(from, doc).filter(([, value]) => isReference(value)));
      return facts.some((found) => found.length) ? facts : undefined;
    },
    checkAll(entries, ctx) {
      const sorted = sortEntries(entries);
      const problems = [];
      references.forEach((reference, index) => {
        const check = reference.file ? fileCheck(reference, ctx) : valueCheck(reference, targets[index], ctx);
        for (const entry of sorted) {
          for (const [pointer, value] of entry.facts?.[index] ?? []) {
            const message = check(value, entry);
            if (message)
              problems.push({ ...placeOf(entry, pointer), ...worded`${message}`, severity: reference.severity });
          }
        }
      });
      return sortProblems(problems);
    },
  };
}

// @returns a function: a value ─▶ the message of its problem (words, or worded: with the paths it names), or undefined
function valueCheck({ from, to }, rules, ctx) {
  const known = new Map();
  for (const target of rules)
    for (const entry of ctx.entriesOf(target.id, valuesKey(to)))
      for (const value of entry.facts ?? []) known.set(typedKey(value), value);
  let strings; // for "did you mean", built at the first unknown string
  const article = /^\/[aeiou]/i.test(to.text) ? 'an' : 'a';
  const name = nameOf(from);
  return (value) => {
    if (known.has(typedKey(value))) return undefined;
    const message = `${name} ${JSON.stringify(value)} is not ${article} ${to.text} of any file of rule "${rules[0].name}"`;
    if (typeof value !== 'string') return message;
    strings ??= [...known.values()].filter((known) => typeof known === 'string');
    const suggestion = closest(value, strings);
    return suggestion === undefined ? message : `${message}; did you mean ${JSON.stringify(suggestion)}?`;
  };
}

// A path relative to the file's folder; one starting with "/" is relative to the rule's base (as a
// site's root-relative links are). A URL ("https:", "mailto:", "//host") is not a file and passes; a
// "#fragment" or "?query" is left off before the file is looked for.
function fileCheck({ from }, ctx) {
  const name = nameOf(from);
  const exists = new Map();
  return (value, entry) => {
    if (typeof value !== 'string' || /^([a-z][a-z\d+.-]+:|\/\/)/i.test(value)) return undefined;
    const relative = value.replace(/[?#].*$/s, '');
    if (relative === '') return value === '' ? `${name} "" names no file` : undefined;
    const absolute = relative.startsWith('/')
      ? path.join(ctx.rule.base, relative)
      : path.resolve(path.dirname(ctx.absolute(entry.path)), relative);
    if (!exists.has(absolute)) exists.set(absolute, ctx.exists(absolute));
    return exists.get(absolute)
      ? undefined
      : worded`${name} ${JSON.stringify(value)} names no file or folder (no ${pathIn(ctx.display(absolute))})`;
  };
}
