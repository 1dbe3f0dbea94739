// JSON pointers (RFC 6901) as the across-files checks use them: a pattern may hold `*` as a whole
// token for any key of an object or any index of an array. A key that is literally "*" cannot be
// named by a pattern (RFC 6901 has no escape for it); everything else is a plain RFC 6901 pointer.
// A trailing `~` (JSONPath-Plus' way to ask for property names) matches the keys rather than the
// values: "/*~" is each key of the root object, "/authors/*~" each key of the object at /authors.
// It cannot be misread: in a JSON pointer `~` is always followed by 0 or 1.

/**
 * @typedef {{ text: string, tokens: (string | typeof ANY)[], literal: boolean, keys: boolean }} PointerPattern
 *   literal: no `*`; keys: it ends in `~`, and matches the keys of objects' members, never array indexes
 */
const ANY = Symbol('any key or index');

/**
 * @param {string} text e.g. "/items/*\/id", "/a~1b" (a key "a/b")
 * @returns {PointerPattern}
 * @throws {TypeError} when the text is not a JSON pointer
 */
export function compilePointer(text) {
  if (typeof text !== 'string' || (text !== '' && text[0] !== '/'))
    throw new TypeError(`${JSON.stringify(text)} is not a JSON pointer (it starts with "/", e.g. "/slug")`);
  const keys = text.endsWith('~') && !text.endsWith('/~');
  const pointer = keys ? text.slice(0, -1) : text;
  if (/~(?![01])/.test(pointer))
    throw new TypeError(
      `${JSON.stringify(text)} is not a JSON pointer ("~" is written "~0" and "/" in a key "~1"; a trailing "~" after a key or "*" matches keys, as in "/*~")`,
    );
  const tokens =
    pointer === ''
      ? []
      : pointer
          .slice(1)
          .split('/')
          .map((token) => (token === '*' ? ANY : unescapeToken(token)));
  return { text, tokens, literal: !tokens.includes(ANY), keys };
}

/**
 * Every place of the document the pattern matches, in document order.
 * @param {PointerPattern} pattern
 * @returns {[string, unknown][]} [pointer, value]
 */
export function matchPointer(pattern, doc) {
  if (pattern.keys) return keysOf(pattern, doc);
  if (pattern.literal) {
    // A literal pointer (most: "/slug", "/id") is one lookup, and its text is every match's pointer.
    const found = lookup(doc, pattern.tokens);
    return found === NOT_FOUND ? [] : [[pattern.text, found]];
  }
  const matches = [];
  walk(doc, pattern.tokens, 0, '', matches);
  return matches;
}

// A pattern's keys: [the member's pointer, its key] for each match whose parent is an object.
function keysOf(pattern, doc) {
  const matches = [];
  walk(doc, pattern.tokens.slice(0, -1), 0, '', matches);
  const last = pattern.tokens.at(-1);
  const named = [];
  for (const [pointer, parent] of matches) {
    if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
    if (last !== ANY) {
      if (Object.hasOwn(parent, last)) named.push([`${pointer}/${escapeToken(last)}`, last]);
      continue;
    }
    for (const key of Object.keys(parent)) named.push([`${pointer}/${escapeToken(key)}`, key]);
  }
  return named;
}

const NOT_FOUND = Symbol('not found');
function lookup(value, tokens) {
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (value === null || typeof value !== 'object') return NOT_FOUND;
    if (Array.isArray(value) ? !isIndex(token, value) : !Object.hasOwn(value, token)) return NOT_FOUND;
    value = value[token];
  }
  return value;
}

function walk(value, tokens, index, pointer, matches) {
  if (index === tokens.length) {
    matches.push([pointer, value]);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const token = tokens[index];
  if (token === ANY) {
    for (const [key, child] of children(value))
      walk(child, tokens, index + 1, `${pointer}/${escapeToken(key)}`, matches);
  } else if (Array.isArray(value) ? isIndex(token, value) : Object.hasOwn(value, token)) {
    walk(value[token], tokens, index + 1, `${pointer}/${escapeToken(token)}`, matches);
  }
}

/** @returns {Iterable<[string, unknown]>} an object's entries or an array's [index, item] */
export function children(value) {
  return Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value);
}

export const escapeToken = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeToken = (token) => token.replace(/~1/g, '/').replace(/~0/g, '~');
const isIndex = (token, array) => /^(0|[1-9]\d*)$/.test(token) && Number(token) < array.length;

/** @returns {string[]} the pointer's tokens, unescaped */
export const tokensOf = (pointer) => (pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeToken));
