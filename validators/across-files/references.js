// `references`: every value at `from` equals a value at `to` in the files of rule `in` (this rule
// when left out), or, with `file`, is a path to an existing file or folder. Only strings and
// numbers are references; any other value at `from` is ignored. Values compare by type and value,
// as `unique`'s do: an id 5 is not the id "5". A pointer ending in `~` matches keys (pointers.js):
// `"to": "/*~"` names the keys of a keyed data file (Docusaurus' blog/authors.yml).
import path from 'node:path';
import { closest } from '../../shared/closest.js';
import { compilePointer, matchPointer } from './pointers.js';
import { placeOf, settingSeverity, sortEntries, sortProblems } from './places.js';
import { pathIn, worded } from '../../shared/message-paths.js';

/**
 * @typedef {{ from: import('./pointers.js').PointerPattern, to?: import('./pointers.js').PointerPattern,
 *   in?: string, file: false | { roots?: string[] }, severity: 'error' | 'warning' }} Reference
 *   file: a path to a file or folder; roots: the folders, relative to the rule's base, that a path
 *   starting with "/" is looked for in (left out: the base itself)
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
    const isFile = file !== false;
    if (isFile === (to !== undefined))
      throw new TypeError(`references: ${JSON.stringify(from)} needs either "to" (a pointer) or "file": true`);
    if (isFile && inRule !== undefined) throw new TypeError('references: "in" goes with "to", not with "file"');
    if (inRule !== undefined && (typeof inRule !== 'string' || inRule === ''))
      throw new TypeError('references: "in" is the name of a rule');
    return {
      from: compileSetting(from),
      ...(to === undefined ? {} : { to: compileSetting(to) }),
      ...(inRule === undefined ? {} : { in: inRule }),
      file: isFile && parseFile(file),
      severity: settingSeverity('references', severity),
    };
  });
}

// `"file": true`, or `"file": { "root": "static" }` (or a list of folders) for a site that serves
// "/" from a folder of its own: Docusaurus, Hugo and Zola from static/, Next.js and Astro from public/.
function parseFile(file) {
  if (file === true) return {};
  const usage = '"file" is true, or { "root": "static" } (a folder, or a list of folders, relative to the config file)';
  if (file === null || typeof file !== 'object' || Array.isArray(file)) throw new TypeError(`references: ${usage}`);
  const { root, ...rest } = file;
  const unknown = Object.keys(rest);
  if (unknown.length) throw new TypeError(`references: "file": unknown key "${unknown[0]}" (expected root)`);
  const roots = typeof root === 'string' ? [root] : root;
  if (!Array.isArray(roots) || !roots.length || !roots.every((folder) => typeof folder === 'string' && folder.trim()))
    throw new TypeError(`references: ${usage}`);
  return { roots };
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
 * @returns {import('./index.js').Collector} facts: the file's values at `to`, once each; of a file
 *   with none but objects or arrays there, `{ found: "objects" | "arrays" }` (what a failure says); of
 *   a file (or a document) that could not be read or parsed, `{ unreadable: true }`: it may hold any value
 */
export function valuesCollector(ruleId, to) {
  return {
    rule: ruleId,
    key: valuesKey(to),
    name: 'references',
    unreadable: () => ({ unreadable: true }),
    collect(doc) {
      const values = new Map();
      let found;
      for (const [, value] of matchPointer(to, doc)) {
        if (isReference(value)) values.set(typedKey(value), value);
        else if (value !== null && typeof value === 'object' && found !== 'objects')
          found = Array.isArray(value) ? 'arrays' : 'objects';
      }
      if (values.size) return [...values.values()];
      return found && { found };
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
        const check = reference.file
          ? eachValue(fileCheck(reference, ctx))
          : valueCheck(reference, targets[index], ctx);
        if (!sorted.some((entry) => entry.facts?.[index]?.length))
          ctx.matchedNothing?.([rule.id], `references' from ${reference.from.text}`);
        for (const entry of sorted)
          for (const [pointer, message] of check(entry.facts?.[index] ?? [], entry))
            problems.push({
              ...placeOf(entry, pointer, reference.from.keys),
              ...worded`${message}`,
              severity: reference.severity,
            });
      });
      return sortProblems(problems);
    },
  };
}

// A check of each value apart, as a check of a file's values: [pointer, message] of each that fails.
const eachValue = (check) => (found, entry) =>
  found.flatMap(([pointer, value]) => {
    const message = check(value, entry);
    return message ? [[pointer, message]] : [];
  });

// A message names the value alone: its pointer, printed before it, says what it is.
// @returns a function: a file's [pointer, value] at `from` ─▶ [pointer, message] of its problems (a
//   message: words, or worded: with the paths it names)
function valueCheck({ to }, rules, ctx) {
  const known = new Map();
  const found = new Set(); // "objects", "arrays": what `to` found in files with no value there
  const unread = new Set(); // the files of the rules that could not be read or parsed
  for (const target of rules)
    for (const entry of ctx.entriesOf(target.id, valuesKey(to))) {
      if (Array.isArray(entry.facts)) for (const value of entry.facts) known.set(typedKey(value), value);
      else if (entry.facts?.unreadable) unread.add(entry.path);
      else if (entry.facts?.found) found.add(entry.facts.found);
    }
  const article = /^\/[aeiou]/i.test(to.text) ? 'an' : 'a';
  const rule = `rule "${rules[0].name}"`;
  if (unread.size) return mayBeUnread(known, [...unread].sort(), `${article} ${to.text} of any file of ${rule}`);
  if (!known.size)
    ctx.matchedNothing?.(
      rules.map(({ id }) => id),
      `references' to ${to.text}`,
    );
  let strings; // for "did you mean", built at the first unknown string
  const hint = known.size ? '' : onlyContainers(found, to, rule);
  return eachValue((value) => {
    if (known.has(typedKey(value))) return undefined;
    const message = `${JSON.stringify(value)} is not ${article} ${to.text} of any file of ${rule}${hint}`;
    if (typeof value !== 'string') return message;
    strings ??= [...known.values()].filter((known) => typeof known === 'string');
    const suggestion = closest(value, strings);
    return suggestion === undefined ? message : `${message}; did you mean ${JSON.stringify(suggestion)}?`;
  });
}

// A file of the target rules that could not be read (a trailing comma) may hold any value not found:
// a file's values not found are one problem, at the first, naming it (its own problem says why),
// rather than one problem each that hides the one cause (browser-compat-data: a comma in
// browsers/safari.json failed 2,900 files 18,475 times). No "did you mean": the value may be right.
function mayBeUnread(known, unread, what) {
  const shown = unread.slice(0, 2).map((file) => worded`${pathIn(file)}`);
  const more = unread.length - shown.length;
  const files =
    unread.length === 1
      ? shown[0]
      : more
        ? worded`${shown[0]}, ${shown[1]} and ${more} more file${more === 1 ? '' : 's'}`
        : worded`${shown[0]} and ${shown[1]}`;
  return (found) => {
    const missed = found.filter(([, value]) => !known.has(typedKey(value)));
    if (!missed.length) return [];
    const [pointer, value] = missed[0];
    const others = missed.length - 1;
    const nor = others ? `, nor are ${others} more value${others === 1 ? '' : 's'} of this file` : '';
    const message = worded`${JSON.stringify(value)} is not ${what} that could be read${nor} (${files} could not be read, and may hold ${others ? 'them' : 'it'})`;
    return [[pointer, message]];
  };
}

// When `to` found no value to match, only objects or arrays: what it found, and the pointer that
// reaches into them.
function onlyContainers(found, to, rule) {
  if (found.has('objects') && !to.keys)
    return ` (the values at ${to.text} of ${rule} are objects: to match their keys, write "${to.text}~")`;
  if (found.has('arrays'))
    return ` (the values at ${to.text} of ${rule} are arrays: to match their items, write "${to.text}/*")`;
  return '';
}

// A path relative to the file's folder; one starting with "/" is relative to the rule's base, or to
// `file.roots`, the folders a site serves "/" from (the first that has it). A URL ("https:",
// "mailto:", "//host") is not a file and passes; a "#fragment" or "?query" is left off before the
// file is looked for.
function fileCheck({ file }, ctx) {
  const roots = (file.roots ?? ['']).map((folder) => path.resolve(ctx.rule.base, folder));
  const exists = new Map();
  const existing = (absolute) => {
    if (!exists.has(absolute)) exists.set(absolute, ctx.exists(absolute));
    return exists.get(absolute);
  };
  return (value, entry) => {
    if (typeof value !== 'string' || /^([a-z][a-z\d+.-]+:|\/\/)/i.test(value)) return undefined;
    const relative = value.replace(/[?#].*$/s, '');
    if (relative === '') return value === '' ? '"" names no file' : undefined;
    const candidates = relative.startsWith('/')
      ? roots.map((root) => path.join(root, relative))
      : [path.resolve(path.dirname(ctx.absolute(entry.path)), relative)];
    if (candidates.some(existing)) return undefined;
    const looked = candidates
      .map((absolute) => worded`${pathIn(ctx.display(absolute))}`)
      .reduce((all, one) => worded`${all} or ${one}`);
    return worded`${JSON.stringify(value)} names no file or folder (no ${looked})`;
  };
}
