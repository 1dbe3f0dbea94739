// JSON pointers (RFC 6901) as the across-files checks use them: a pattern may hold `*` as a whole
// token for any key of an object or any index of an array, and `**` as a whole token for any number
// of levels, none among them (glob's `**`, JSONPath's `..`): "/**/id" is every `id` at any depth,
// the root's too. A key that is literally "*" or "**" cannot be named by a pattern (RFC 6901 has no
// escape for it); everything else is a plain RFC 6901 pointer.
// A trailing `~` (JSONPath-Plus' way to ask for property names) matches the keys rather than the
// values: of each member of an object that the pointer before it matches ("/*~" is each key of the
// root object, "/authors/*~" each key of the object at /authors, "/**/support/*~" each key of every
// `support` object at any depth); the root and an array's items have no key, and are left out.
// It cannot be misread: in a JSON pointer `~` is always followed by 0 or 1.

/**
 * @typedef {{ text: string, tokens: (string | typeof ANY | typeof ANY_DEPTH)[], literal: boolean, keys: boolean,
 *   deep: boolean }} PointerPattern
 *   literal: no `*` or `**`; keys: it ends in `~`, and matches the keys of objects' members, never
 *   array indexes; deep: it holds `**`
 */
const ANY = Symbol('any key or index');
const ANY_DEPTH = Symbol('any number of levels');

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
          .map((token) => (token === '*' ? ANY : token === '**' ? ANY_DEPTH : unescapeToken(token)));
  const deep = tokens.includes(ANY_DEPTH);
  return { text, tokens, literal: !deep && !tokens.includes(ANY), keys, deep };
}

/**
 * Every place of the document the pattern matches, in document order.
 * @param {PointerPattern} pattern
 * @returns {[string, unknown][]} [pointer, value]
 */
export function matchPointer(pattern, doc) {
  if (pattern.literal && !pattern.keys) {
    // A literal pointer (most: "/slug", "/id") is one lookup, and its text is every match's pointer.
    const found = lookup(doc, pattern.tokens);
    return found === NOT_FOUND ? [] : [[pattern.text, found]];
  }
  const matches = [];
  walk(doc, pattern, 0, '', undefined, matches, pattern.deep ? new Set() : null);
  return matches;
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

// `key`: the key of the member `value` is, undefined for the root and an array's item. A match is
// [pointer, value], or with `~` [pointer, key]. `seen`: with `**`, the places a `**` was met at,
// by token: a place that the levels before it reach in two ways (/**/a/**/b on /a/a/b) is walked
// from, and matched, once.
function walk(value, pattern, index, pointer, key, matches, seen) {
  const { tokens } = pattern;
  if (index === tokens.length) {
    if (!pattern.keys) matches.push([pointer, value]);
    else if (key !== undefined) matches.push([pointer, key]);
    return;
  }
  const token = tokens[index];
  if (token === ANY_DEPTH) {
    const place = `${index} ${pointer}`;
    if (seen.has(place)) return;
    seen.add(place);
    walk(value, pattern, index + 1, pointer, key, matches, seen); // no level
    if (value === null || typeof value !== 'object') return;
    const isArray = Array.isArray(value);
    for (const [child, item] of children(value))
      walk(item, pattern, index, `${pointer}/${escapeToken(child)}`, isArray ? undefined : child, matches, seen);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const isArray = Array.isArray(value);
  if (token === ANY) {
    for (const [child, item] of children(value))
      walk(item, pattern, index + 1, `${pointer}/${escapeToken(child)}`, isArray ? undefined : child, matches, seen);
  } else if (isArray ? isIndex(token, value) : Object.hasOwn(value, token)) {
    const at = `${pointer}/${escapeToken(token)}`;
    walk(value[token], pattern, index + 1, at, isArray ? undefined : token, matches, seen);
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
