// The placeholders of a translated string, per syntax, in a canonical form two strings' can be
// compared by: named placeholders as a sorted set (a translation may reorder them, and may use one
// twice), then printf's unnamed conversions in their order (`%s … %d`: the order is what binds each
// to its argument). Each is written as the syntax writes it, so messages can quote them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const PLACEHOLDER_SYNTAXES = ['i18next', 'icu', 'printf', 'ruby', 'off'];

const EXTRACT = {
  i18next: i18nextPlaceholders,
  icu: icuPlaceholders,
  printf: printfPlaceholders,
  ruby: rubyPlaceholders,
  off: () => [],
};

/**
 * @param {string} text
 * @param {string} syntax one of PLACEHOLDER_SYNTAXES
 * @returns {string[]} canonical: named placeholders sorted and once each, then unnamed ones in order
 * @throws {SyntaxError} an `icu` message that does not parse
 */
export function placeholdersOf(text, syntax) {
  return EXTRACT[syntax](text);
}

/** @returns {boolean} whether two canonical lists are the same placeholders */
export const samePlaceholders = (a, b) => a.length === b.length && a.every((item, i) => item === b[i]);

/** @returns {string} a canonical list as a message quotes it */
export const quotePlaceholders = (list) => (list.length ? list.join(' ') : 'none');

const named = (names) => [...new Set(names)].sort();

// {{name}}, {{- name}} (unescaped); {{name, format}} with its formatters' names (`bytes` where the
// source has `rate` runs the wrong one), not their options (`bytes(bits: true)`: a locale's choice);
// $t(key) nesting as `$t(key)` (a translation that nests another key, or mangles it into text,
// shows another text), and the {{…}} among its options as any other.
function i18nextPlaceholders(text) {
  const names = [];
  for (const [, key] of text.matchAll(/\$t\(([^,)]*)[^)]*\)/g)) names.push(`$t(${key.trim()})`);
  for (const [, name, formats] of text.matchAll(/\{\{-?\s*([^{},]+?)\s*(?:,([^{}]*))?\}\}/g)) {
    const formatters = formats
      ?.replace(/\([^)]*\)/g, '')
      .split(',')
      .map((format) => format.trim())
      .filter(Boolean);
    names.push(`{{${[name, ...(formatters ?? [])].join(', ')}}}`);
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

// Every argument name of the message, those inside plural and select branches too; `#` stands for
// the plural's own argument; and FormatJS's rich-text tags (`<link>…</link>`), which the caller
// passes as values too: a translation that drops one loses its link. A tag is one when it is closed
// (`</b>`): a lone `<br>` is text, and so is `<br/>` (FormatJS reads a self-closing tag as text).
// Quoted text (`'{name}'`, `'<head>'`) is text, as FormatJS quotes (icu-quotes.js). The parser is
// loaded only when a rule uses icu.
function icuPlaceholders(text) {
  const { parse } = require('@messageformat/parser');
  const read = require('./icu-quotes.js').maskQuoted(text);
  let tokens;
  try {
    tokens = parse(read);
  } catch (error) {
    throw new SyntaxError(`not an ICU message: ${error.message.split('\n')[0].replace(/:$/, '')}`);
  }
  const names = [];
  const visit = (list) => {
    for (const token of list) {
      if (token.arg !== undefined) names.push(`{${token.arg}}`);
      for (const branch of token.cases ?? []) visit(branch.tokens);
    }
  };
  visit(tokens);
  for (const [, tag] of read.matchAll(/<\/([A-Za-z][\w.-]*)\s*>/g)) names.push(`<${tag}>`);
  return named(names);
}
