// A slang locale file's keys as slang reads them (its README's Comments, Modifiers, Lists, Maps and
// Analyze Translations; node_utils.dart and analyze.dart), for sameKeysAs with a `slang` syntax:
// - a key that starts with `@` is a comment (`"@welcome": "…"`, `"@@locale"`), never a translation;
// - `name(modifier, param=value)` is the key `name` (a translation may write it with other modifiers
//   or none); `ignoreMissing` on the source's key lets a translation lack it and all below it,
//   `ignoreUnused` on a translation's key lets the source lack it, `OUTDATED` flags a translation's
//   key as to be translated again (slang analyze lists it as missing), `param=m` names a plural's
//   count (`n` by default), and `context=…` makes its keys enum values, of which `male,female` is two;
// - a list, and an object of the `map` modifier, hold the locale's own entries: slang analyze does
//   not look inside them, and a locale's list may be longer or shorter than the source's.
import { escapeToken } from './pointers.js';

const MODIFIED = /^([\w-]+)\((.+)\)$/;

/**
 * @typedef {{ renamed?: Record<string, string>, ignoreMissing?: string[], ignoreUnused?: string[],
 *   outdated?: string[], own?: string[], params?: Record<string, string> }} SlangKeys
 *   each by its key's pointer without modifiers: renamed, the key as written where it differs; own,
 *   the lists and maps; params, a node's `param=`
 */

/**
 * @param {unknown} doc a slang JSON or YAML locale file
 * @returns {{ doc: unknown, slang: SlangKeys }} the document with its keys as slang names them, and
 *   what their modifiers say
 */
export function slangKeys(doc) {
  const slang = {};
  const add = (field, pointer) => {
    slang[field] ??= [];
    slang[field].push(pointer);
  };
  const walk = (value, pointer, enumValues) => {
    if (Array.isArray(value)) {
      if (pointer) add('own', pointer);
      return value.map((child, i) => walk(child, `${pointer}/${i}`, false));
    }
    if (value === null || typeof value !== 'object') return value;
    // Built from entries, as a parser builds an object: a key named __proto__ stays a key.
    const out = [];
    for (const [key, child] of Object.entries(value)) {
      if (key.startsWith('@')) continue;
      const { name, modifiers } = parseKey(key);
      // context=GenderContext: "male,female" is the text of both
      for (const each of enumValues ? name.split(',').map((part) => part.trim()) : [name]) {
        const childPointer = `${pointer}/${escapeToken(each)}`;
        if (each !== key) (slang.renamed ??= {})[childPointer] = key;
        if (modifiers.has('ignoreMissing')) add('ignoreMissing', childPointer);
        if (modifiers.has('ignoreUnused')) add('ignoreUnused', childPointer);
        if (modifiers.has('OUTDATED')) add('outdated', childPointer);
        if (modifiers.has('map')) add('own', childPointer);
        if (modifiers.has('param')) (slang.params ??= {})[childPointer] = modifiers.get('param');
        out.push([each, walk(child, childPointer, modifiers.has('context'))]);
      }
    }
    return Object.fromEntries(out);
  };
  return { doc: walk(doc, '', false), slang };
}

// `greet(context=GenderContext, param=gender, rich)`: name greet, modifiers context, param and rich.
function parseKey(key) {
  const match = MODIFIED.exec(key);
  if (!match) return { name: key, modifiers: new Map() };
  const modifiers = new Map(
    match[2].split(',').map((modifier) => {
      const [flag, value] = modifier.split('=').map((part) => part.trim());
      return [flag, value ?? flag];
    }),
  );
  return { name: match[1], modifiers };
}
