// The placeholders of a translated string, per syntax, in a canonical form two strings' can be
// compared by: named placeholders as a sorted set (a translation may reorder them, and may use one
// twice), then printf's unnamed conversions in their order (`%s … %d`: the order is what binds each
// to its argument). Each is written as the syntax writes it, so messages can quote them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const PLACEHOLDER_SYNTAXES = [
  'i18next',
  'icu',
  'flutter',
  'vue-i18n',
  'printf',
  'ruby',
  'symfony',
  'chrome',
  'slang',
  'slang-braces',
  'slang-double-braces',
  'off',
];

const EXTRACT = {
  i18next: i18nextPlaceholders,
  icu: icuPlaceholders,
  flutter: flutterPlaceholders,
  'vue-i18n': vueI18nPlaceholders,
  printf: printfPlaceholders,
  ruby: rubyPlaceholders,
  symfony: symfonyPlaceholders,
  chrome: chromePlaceholders,
  slang: (text) => slangPlaceholders(text, 'dart'),
  'slang-braces': (text) => slangPlaceholders(text, 'braces'),
  'slang-double-braces': (text) => slangPlaceholders(text, 'double_braces'),
  off: () => [],
};

/** Whether a syntax is one of slang's (its keys are read by slang's conventions: slang-keys.js). */
export const isSlang = (syntax) => syntax.startsWith('slang');

/**
 * @param {string} text
 * @param {string} syntax one of PLACEHOLDER_SYNTAXES
 * @param {Map<string, unknown>} [defined] chrome: the names the message's own `placeholders` define,
 *   lowercased, with each one's `content`
 * @returns {string[] | { forms: string[][] }} canonical: named placeholders sorted and once each, then
 *   unnamed ones in order; a vue-i18n message of plural forms (`a | b`): each form's
 * @throws {SyntaxError} a message that does not parse (`icu`, `flutter`, `vue-i18n`), or names a
 *   placeholder it does not define (`chrome`), its `reason` without the place
 */
export function placeholdersOf(text, syntax, defined) {
  return EXTRACT[syntax](text, defined);
}

/** @returns {boolean} whether two canonical lists are the same placeholders */
export const samePlaceholders = (a, b) => a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * Whether two canonical lists of a syntax are the same placeholders. Chrome's `$NAME$` stands for its
 * `content`, under whatever name each locale gives it: two messages are the same when they stand for
 * the same contents, and a name both use stands for the same content in both (`$COUNT$` for `$2`
 * where the source's is `$1` swaps the arguments).
 */
export function samePlaceholdersIn(syntax, a, b) {
  if (syntax !== 'chrome') return samePlaceholders(a, b);
  if (!samePlaceholders(named(a.map(chromeContent)), named(b.map(chromeContent)))) return false;
  const contents = new Map(b.map((item) => [chromeName(item), chromeContent(item)]));
  return a.every((item) => !contents.has(chromeName(item)) || contents.get(chromeName(item)) === chromeContent(item));
}

/** @returns {string} a canonical list as a message quotes it */
export const quotePlaceholders = (list) => (list.length ? list.join(' ') : 'none');

const named = (names) => [...new Set(names)].sort();

// {{name}}, {{- name}} (unescaped); {{name, format}} with its formatters' names (`bytes` where the
// source has `rate` runs the wrong one), not their options (`bytes(bits: true)`: a locale's choice);
// $t(key) nesting as `$t(key)` (a translation that nests another key, or mangles it into text,
// shows another text), and the {{…}} among its options as any other. A placeholder is what
// i18next's own regex finds (its default prefix and suffix: `{{(.+?)}}`, leftmost, on one line),
// its name trimmed: `{{{name}}` is `{name`, which no caller passes, so i18next leaves it raw.
function i18nextPlaceholders(text) {
  const names = [];
  for (const [, key] of text.matchAll(/\$t\(([^,)]*)[^)]*\)/g)) names.push(`$t(${key.trim()})`);
  for (const [, inside] of text.matchAll(/\{\{(.+?)\}\}/g)) {
    const [name, ...formats] = inside.replace(/^-/, '').split(',');
    const formatters = formats
      .join(',')
      .replace(/\([^)]*\)/g, '')
      .split(',')
      .map((format) => format.trim())
      .filter(Boolean);
    names.push(`{{${[name.trim(), ...formatters].join(', ')}}}`);
  }
  return named(names);
}

// %s %d %5.2f %-10s (unnamed), %1$s (positional), %(name)s (Python); flags, width, precision and
// length do not matter, the conversion does. No space flag: "100% sicher" is prose, not "% s".
const PRINTF =
  /%%|%(?:(\d+)\$|\(([^)]+)\))?[-+0#']*(?:\d+|\*)?(?:\.(?:\d+|\*)?)?(?:hh|h|ll|l|L|q|j|z|t)?([diouxXeEfFgGaAcsp@])/g;

function printfPlaceholders(text) {
  const names = [];
  const unnamed = [];
  for (const [whole, position, name, conversion] of text.matchAll(PRINTF)) {
    if (whole === '%%') continue;
    if (position) names.push(`%${position}$${conversion}`);
    else if (name) names.push(`%(${name})${conversion}`);
    else unnamed.push(`%${conversion}`);
  }
  return [...named(names), ...unnamed];
}

// Ruby's I18n: %{name}, and format-style %<name>s, which names the same argument; %% escapes.
function rubyPlaceholders(text) {
  const names = [];
  for (const [whole, braced, angled] of text.matchAll(/%%|%\{([^{}]+)\}|%<([^<>]+)>/g))
    if (whole !== '%%') names.push(`%{${braced ?? angled}}`);
  return named(names);
}

// Symfony's translator (a message not in ICU): `%name%` parameters, which it replaces as written, in
// any of a plural's forms (`{0} none|{1} one|]1,Inf[ %count% many`). Which forms a language has, and
// their intervals, are its own, so the message's placeholders are those of all its forms: a form may
// leave out %count% where another shows it. A name starts with a letter or `_` ("10%-20%" is prose),
// and `%%` is no placeholder.
const SYMFONY = /%%|%([\p{L}_][\p{L}\p{N}_.-]*)%/gu;

function symfonyPlaceholders(text) {
  const names = [];
  for (const [, name] of text.matchAll(SYMFONY)) if (name) names.push(`%${name}%`);
  return named(names);
}

// Chrome's and WebExtensions' i18n (messages.json), read as Chromium reads it: from each `$` to the
// next, a name of letters, digits, `_` and `@` is a placeholder (`$LINK_END$`, any case), which the
// message's own "placeholders" must define (Chromium refuses to load an extension otherwise: "Variable
// $X$ used but not defined"), else the search goes on from the second `$`; in the text left,
// getMessage's `$1`…`$9` are its substitutions and a run of `$$` is text. A `$NAME$` is written with
// what it stands for, its `content` (`$COUNT$=$1`): a locale names its placeholders as it likes.
const CHROME_NAME = /^[A-Za-z0-9_@]+$/;

function chromePlaceholders(text, defined) {
  const names = [];
  let rest = '';
  let kept = 0;
  for (let start = text.indexOf('$'); start !== -1; ) {
    const end = text.indexOf('$', start + 1);
    if (end === -1) break;
    const name = text.slice(start + 1, end);
    if (!CHROME_NAME.test(name)) {
      start = end;
      continue;
    }
    if (defined && !defined.has(name.toLowerCase())) {
      const before = text.slice(0, start).split('\n');
      throw notParsed(
        'a Chrome i18n message',
        `$${name}$ is not defined in its "placeholders" (Chrome does not load the extension)`,
        { line: before.length, column: before.at(-1).length + 1 },
      );
    }
    const content = defined?.get(name.toLowerCase())?.content;
    names.push(`$${name.toUpperCase()}$${typeof content === 'string' ? `=${content}` : ''}`);
    rest += text.slice(kept, start);
    kept = end + 1;
    start = text.indexOf('$', kept);
  }
  rest += text.slice(kept);
  for (const [, digit] of rest.matchAll(/\$(?:\$+|([1-9]))/g)) if (digit) names.push(`$${digit}`);
  return named(names);
}

// `$COUNT$=$1` is `$COUNT$` standing for `$1`; `$1` written in the message, and a `$NAME$` of no
// content, stand for themselves.
const chromeName = (item) => (item.includes('$=') ? item.slice(0, item.indexOf('$=') + 1) : item);
const chromeContent = (item) => (item.includes('$=') ? item.slice(item.indexOf('$=') + 2) : item);

// slang's string_interpolation (its own reading, string_interpolation_extensions.dart): `dart` (its
// default), `$name` (letters, digits, `_`) and `${name}`; `braces`, `{name}`; `double_braces`,
// `{{name}}`. A backslash before one makes it text. A parameter's name is what comes before its type
// (`{today: DateFormat.yMd}`) or a rich text's default (`${tapHere(here)}`). Each is written in the
// mode's own form (`$name`, `{name}`, `{{name}}`). A linked translation (`@:general.open`, `@:{path}`)
// is text: translators link or write out the same text as they like (localsend: 124 of its
// translations write out what English links, or link what it writes out), and `@:{path}` is no
// `{path}` placeholder.
const SLANG_FORMS = {
  dart: { open: '${', close: '}', write: (name) => `$${name}` },
  braces: { open: '{', close: '}', write: (name) => `{${name}}` },
  double_braces: { open: '{{', close: '}}', write: (name) => `{{${name}}}` },
};

function slangPlaceholders(text, mode) {
  const { open, close, write } = SLANG_FORMS[mode];
  const names = [];
  for (let at = text.indexOf(open); at !== -1; at = text.indexOf(open, at + open.length)) {
    if (text[at - 1] === '\\' || text.slice(at - 2, at) === '@:') continue;
    const end = text.indexOf(close, at + open.length);
    if (end === -1) break;
    names.push(write(slangParamName(text.slice(at + open.length, end))));
    at = end;
  }
  if (mode === 'dart') for (const [, name] of text.matchAll(/(?<!\\)\$(\w+)/g)) names.push(write(name));
  return named(names);
}

// `today: DateFormat.yMd` is `today`, `tapHere(here)` is `tapHere` (param_parser.dart's reading).
function slangParamName(raw) {
  const colon = raw.indexOf(':');
  const paren = raw.indexOf('(');
  const cut = [colon, paren].filter((i) => i !== -1);
  return (cut.length ? raw.slice(0, Math.min(...cut)) : raw).trim();
}

/** A slang parameter as the syntax writes it in a canonical list: `$n`, `{n}`, `{{n}}`. */
export const slangParameter = (syntax, name) =>
  SLANG_FORMS[{ slang: 'dart', 'slang-braces': 'braces', 'slang-double-braces': 'double_braces' }[syntax]].write(name);

// Every argument name of the message, those inside plural and select branches too (`#` stands for
// the plural's own argument), and FormatJS's rich-text tags (`<link>…</link>`), which the caller
// passes as values too: a translation that drops one loses its link. Read by FormatJS's own parser
// (react-intl's, with intl-messageformat's settings), so quoting (`'{name}'` is text), tags (`<br>`
// unclosed, `<a href>` are errors; `<br/>` is text) and the rules (`other` required, no selector
// twice) are what FormatJS makes of them. Loaded only when a rule uses icu.
function icuPlaceholders(text) {
  const { parse, TYPE } = require('@formatjs/icu-messageformat-parser');
  let elements;
  try {
    elements = parse(text);
  } catch (error) {
    if (!error.location) throw error;
    throw notParsed('an ICU message', error.message, error.location.start);
  }
  const names = [];
  const visit = (list) => {
    for (const element of list) {
      if (element.type === TYPE.tag) {
        names.push(`<${element.value}>`);
        visit(element.children);
      } else if (element.type !== TYPE.literal && element.type !== TYPE.pound) names.push(`{${element.value}}`);
      for (const option of Object.values(element.options ?? {})) visit(option.value);
    }
  };
  visit(elements);
  return named(names);
}

// Flutter's gen-l10n (flutter-messages.js): `{name}`, and the argument of a plural, select, date or
// time, those inside their branches too; an apostrophe, a tag and `#` are text. Loaded only when a
// rule reads a message so.
function flutterPlaceholders(text) {
  const { readFlutterMessage } = require('./flutter-messages.js');
  let names;
  try {
    names = readFlutterMessage(text);
  } catch (error) {
    if (error.reason === undefined) throw error;
    throw notParsed('a Flutter message', error.reason, placeAt(text, error.offset));
  }
  return named(names.map((name) => `{${name}}`));
}

// vue-i18n (vue-i18n-messages.js): `{name}`, `{0}`, and the keys of linked messages (`@:key`): a
// translation that links another message than its source's shows another text. `{'@'}` and an
// apostrophe are text. A message of plural forms (`|`) gives each form's, which compare form by form
// (same-keys.js). Loaded only when a rule uses vue-i18n.
function vueI18nPlaceholders(text) {
  const { readVueMessage } = require('./vue-i18n-messages.js');
  let forms;
  try {
    forms = readVueMessage(text);
  } catch (error) {
    if (error.reason === undefined) throw error;
    throw notParsed('a vue-i18n message', error.reason, placeAt(text, error.offset));
  }
  return forms.length === 1 ? named(forms[0]) : { forms: forms.map(named) };
}

// The line and column of an offset in a message.
function placeAt(text, offset) {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before.at(-1).length + 1 };
}

/**
 * A message its syntax's parser refuses. `reason` says why without the place, so that a translation
 * that fails as its source does can be told from one that fails on its own.
 */
function notParsed(what, reason, { line, column }) {
  const error = new SyntaxError(`not ${what}: ${reason} at line ${line} col ${column}`);
  error.reason = reason;
  return error;
}
