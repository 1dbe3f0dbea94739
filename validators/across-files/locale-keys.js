// The facts sameKeysAs keeps of a locale document: each leaf key (as a JSON pointer) with a mark,
// which keys are forms of a plural, and the locale's root key, never the texts themselves.
import { createRequire } from 'node:module';
import { children, escapeToken } from './pointers.js';
import { isSlang, placeholdersOf, slangParameter } from './placeholders.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {1 | 0 | string[] | { forms: string[][] } | { error: string, reason?: string }} Mark 1: there,
 *   no placeholders; 0: empty ("" or null: untranslated); string[]: its placeholders (placeholders.js);
 *   forms: each plural form's (vue-i18n's `a | b`); error: it does not parse, and why (its reason,
 *   without the place)
 * @typedef {{ keys: Record<string, Mark>, plurals?: Record<string, [string, string]>, empty?: string[], root?: string,
 *   slang?: SlangFacts }} LocaleFacts
 *   plurals: key ─▶ [its plural's id, its form]; empty: the pointers of empty objects and arrays, which
 *   hold no key but are where the keys the source has there are missing from; root: the key a Rails-style file wraps everything in
 *   ("en:", "de:"), left out of the keys' pointers so that en's keys and de's compare: a document's
 *   only key when it holds an object (whether it is a locale, the comparison decides: isLocaleRoot);
 *   slang: what a slang file's key modifiers say (slang-keys.js)
 * @typedef {Omit<import('./slang-keys.js').SlangKeys, 'params'> & { counts?: Record<string, string> }} SlangFacts
 *   counts: each plural's count parameter as its syntax writes it (`$n`, `{m}`), by the plural's id
 */

const FORMS = new Set(['zero', 'one', 'two', 'few', 'many', 'other']);
// i18next's key_one, key_other, key_ordinal_few…; the ordinal forms are a plural of their own.
const SUFFIXED = /^(.+?)_(ordinal_)?(zero|one|two|few|many|other)$/;
const LOCALE = /^[a-z]{2,3}(?:[-_][A-Za-z\d]{2,8})*$/;

/**
 * Whether a source's root key is a locale code ("en", "en-GB", "pt_BR"), so that its translations'
 * roots are theirs too, however they are spelt: Rails takes any symbol for a locale ("x-pirate",
 * "hye-classical"), which no pattern of codes knows.
 */
export const isLocaleRoot = (root) => root !== undefined && LOCALE.test(root);

/**
 * @param {unknown} doc
 * @param {string} syntax the placeholder syntax (placeholders.js)
 * @param {string} [path] the file's: an ARB file's metadata is not among its keys
 * @returns {LocaleFacts}
 */
export function localeFacts(doc, syntax, path = '') {
  if (isArb(path)) doc = withoutArbMetadata(doc);
  syntax = syntaxOf(syntax, path);
  // A messages.json's top-level keys are its messages' names, never a locale's root key; loaded only
  // when a rule uses chrome.
  let defined;
  if (syntax === 'chrome') ({ doc, defined } = require('./chrome-messages.js').chromeMessages(doc));
  // slang's keys without their modifiers and comments; loaded only when a rule uses slang. A slang
  // file has no root key: its only key is a translation's.
  let slang;
  if (isSlang(syntax)) ({ doc, slang } = require('./slang-keys.js').slangKeys(doc));
  const root = defined || slang ? undefined : rootKeyOf(doc);
  const facts = { keys: {} };
  const plurals = {};
  const empty = [];
  for (const [pointer, value, plural] of keysOf(root === undefined ? doc : doc[root])) {
    if (value === EMPTY) empty.push(pointer);
    else facts.keys[pointer] = markOf(value, syntax, defined?.get(pointer));
    if (plural) plurals[pointer] = plural;
  }
  if (Object.keys(plurals).length) facts.plurals = plurals;
  if (empty.length) facts.empty = empty;
  if (root !== undefined) facts.root = root;
  if (slang) {
    const { params = {}, ...modifiers } = slang;
    // a plural's count is `n` unless its key says `param=…`
    const counts = Object.fromEntries(
      [...new Set(Object.values(plurals).map(([id]) => id))].map((id) => [
        id,
        slangParameter(syntax, params[id.slice(0, -1)] ?? 'n'),
      ]),
    );
    facts.slang = { ...modifiers, ...(Object.keys(counts).length && { counts }) };
  }
  return facts;
}

const isArb = (path) => /\.arb$/i.test(path);

/**
 * The placeholder syntax a file's messages are read in: the rule's, but `icu` in a Flutter ARB file
 * is gen-l10n's ICU (only gen-l10n reads ARB's messages: an apostrophe and `<b>` are text there).
 * @param {string} syntax the rule's (placeholders.js)
 * @param {string} path the file's
 */
export const syntaxOf = (syntax, path) => (syntax === 'icu' && isArb(path) ? 'flutter' : syntax);

// Flutter's ARB: the template's `@key` blocks describe its messages, and `@@locale` (`@@…`) is
// about the file; translations need not carry them (gen-l10n reads the metadata from the template
// alone), so keys that start with @ are not compared (flutter/gallery: 100,064 false missing keys
// in its 118 translations).
function withoutArbMetadata(doc) {
  if (!isObject(doc)) return doc;
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('@')));
}

// { "de": { … } }: one key, holding an object.
function rootKeyOf(doc) {
  if (!isObject(doc)) return undefined;
  const keys = Object.keys(doc);
  return keys.length === 1 && isObject(doc[keys[0]]) ? keys[0] : undefined;
}

const EMPTY = Symbol('an empty object or array');

// Each leaf as [pointer, value, plural?], and each empty object or array below the top as [pointer, EMPTY]. A plural is i18next's suffixed keys (key_one, key_few; in
// its JSON v3, key / key_plural and key_0, key_1…), or an object whose keys are all plural forms,
// "other" among them (Rails' and rails-i18n's nesting).
function* keysOf(value, pointer = '') {
  if (!isObject(value) && !Array.isArray(value)) {
    yield [pointer, value];
    return;
  }
  if (pointer && isEmpty(value)) {
    yield [pointer, EMPTY];
    return;
  }
  const nested = isObject(value) && Object.hasOwn(value, 'other') && Object.keys(value).every((key) => FORMS.has(key));
  const oldForms = isObject(value) ? v3Forms(value) : undefined;
  for (const [key, child] of children(value)) {
    const childPointer = `${pointer}/${escapeToken(key)}`;
    const suffixed = !Array.isArray(value) && SUFFIXED.exec(key);
    const old = oldForms?.get(key);
    if (nested && !isContainer(child)) yield [childPointer, child, [`${pointer}#`, key]];
    else if (suffixed && !isContainer(child))
      yield [childPointer, child, [`${pointer}/${escapeToken(suffixed[1])}#${suffixed[2] ?? ''}`, suffixed[3]]];
    else if (old && !isContainer(child)) yield [childPointer, child, [`${pointer}/${escapeToken(old[0])}#`, old[1]]];
    else yield* keysOf(child, childPointer);
  }
}

// i18next's JSON v3 plurals (compatibilityJSON "v3", still common): `key` and `key_plural` in a
// language of two forms, `key_0`, `key_1`… (as many as the language has, from 0) in the others. Read
// as plurals only with their sibling (`key` beside `key_plural`, `key_0` beside `key_N`), so that
// numbered keys of another meaning (`step_1`, `step_2`) stay plain keys. `key` is the "one" form,
// `key_plural` the "other"; a numbered form keeps its number.
// @returns {Map<string, [string, string]> | undefined} key ─▶ [the plural's key, its form]
function v3Forms(object) {
  let forms;
  for (const key of Object.keys(object)) {
    const old = /^(.+)_(plural|[0-5])$/.exec(key);
    if (!old) continue;
    const [, base, suffix] = old;
    const form = suffix === 'plural' ? 'other' : suffix;
    if (suffix === 'plural' ? !Object.hasOwn(object, base) : !Object.hasOwn(object, `${base}_0`)) continue;
    forms ??= new Map();
    forms.set(key, [base, form]);
    if (suffix === 'plural') forms.set(base, [base, 'one']);
  }
  return forms;
}

function markOf(value, syntax, defined) {
  if (value === '' || value === null) return 0;
  if (typeof value !== 'string' || syntax === 'off') return 1;
  try {
    const placeholders = placeholdersOf(value, syntax, defined);
    if (placeholders.forms) return placeholders; // vue-i18n's `a | b`: compared form by form
    return placeholders.length ? placeholders : 1;
  } catch (error) {
    return error.reason === undefined ? { error: error.message } : { error: error.message, reason: error.reason };
  }
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isEmpty = (value) => (Array.isArray(value) ? !value.length : !Object.keys(value).length);
const isContainer = (value) => value !== null && typeof value === 'object';
