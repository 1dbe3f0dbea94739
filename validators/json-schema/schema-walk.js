// Every subschema of a schema, in the places any draft from 04 to 2020-12 puts one. Written here
// rather than taken from json-schema-traverse (ajv's): its keyword tables stop at draft-07
// (no prefixItems, dependentSchemas, unevaluated*), and they are module state ajv shares.

/** The keywords whose value is a subschema, a list of them, a map of them (any draft). */
export const ONE = [
  'additionalItems',
  'items',
  'contains',
  'additionalProperties',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
export const LIST = ['items', 'allOf', 'anyOf', 'oneOf', 'prefixItems'];
export const MAP = ['$defs', 'definitions', 'properties', 'patternProperties', 'dependencies', 'dependentSchemas'];

export const isSchema = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
// A key as a JSON pointer writes it. Most keys need no escaping: a test is cheaper than two replaceAlls.
export const pointerToken = (key) => {
  const token = String(key);
  return token.includes('~') || token.includes('/') ? token.replaceAll('~', '~0').replaceAll('/', '~1') : token;
};

// The value at a JSON pointer (ajv's instancePath) in a document, or undefined.
export function valueAt(doc, pointer) {
  if (pointer === '') return doc;
  let node = doc;
  for (const token of pointer.slice(1).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    const key = token.includes('~') ? token.replaceAll('~1', '/').replaceAll('~0', '~') : token;
    if (!Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}

// Each keyword's place in the order above (ONE, then LIST, then MAP), as bits of a mask: a node is
// asked for the few keys it has, not for all 23 keywords, and its subschemas are still visited in
// that order. `items` is in ONE and LIST: one of the two finds a schema there.
const PLACES = [
  ...ONE.map((keyword) => [keyword, 'one']),
  ...LIST.map((keyword) => [keyword, 'list']),
  ...MAP.map((keyword) => [keyword, 'map']),
];
const BITS = new Map();
PLACES.forEach(([keyword], i) => BITS.set(keyword, (BITS.get(keyword) ?? 0) | (1 << i)));

/**
 * Calls `visit` on the schema and on each subschema (boolean schemas and non-schema values are
 * skipped), parents first.
 * @template T
 * @param {Record<string, any>} schema
 * @param {(schema: Record<string, any>, pointer: string, inherited: T, place: { keyword?: string, key?: string }) => T} visit
 *   pointer: RFC 6901, from the root; returns what its subschemas inherit (a base URI, say)
 * @param {T} [inherited]
 */
export function walkSchema(schema, visit, inherited) {
  (function walk(node, pointer, from, place) {
    const passed = visit(node, pointer, from, place);
    let present = 0;
    for (const key of Object.keys(node)) present |= BITS.get(key) ?? 0;
    for (let i = 0; present; i++, present >>>= 1) {
      if (!(present & 1)) continue;
      const [keyword, kind] = PLACES[i];
      const value = node[keyword];
      if (kind === 'one') {
        if (isSchema(value)) walk(value, `${pointer}/${keyword}`, passed, { keyword });
      } else if (kind === 'list') {
        if (!Array.isArray(value)) continue;
        value.forEach(
          (child, j) =>
            isSchema(child) && walk(child, `${pointer}/${keyword}/${j}`, passed, { keyword, key: String(j) }),
        );
      } else if (isSchema(value)) {
        for (const [key, child] of Object.entries(value)) {
          if (isSchema(child)) walk(child, `${pointer}/${keyword}/${pointerToken(key)}`, passed, { keyword, key });
        }
      }
    }
  })(schema, '', inherited, {});
}

// The subschema a $ref's JSON pointer fragment names in a schema (none: the whole), or undefined.
export function pointerInto(schema, ref) {
  const hash = ref.indexOf('#');
  let fragment;
  try {
    fragment = hash === -1 ? '' : decodeURIComponent(ref.slice(hash + 1));
  } catch {
    return undefined; // a malformed %-escape: ajv says so when the file is added
  }
  if (fragment === '' || fragment === '/') return schema;
  if (!fragment.startsWith('/')) return undefined; // an anchor
  let node = schema;
  for (const part of fragment.slice(1).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part.replaceAll('~1', '/').replaceAll('~0', '~')];
  }
  return typeof node === 'object' && node !== null ? node : undefined;
}

/** Every $ref written in a subschema, keywords' values too. @returns {string[]} */
export function refsIn(schema) {
  const found = [];
  const stack = [schema];
  while (stack.length) {
    for (const [key, value] of Object.entries(stack.pop())) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else if (typeof value === 'object' && value !== null) stack.push(value);
    }
  }
  return found;
}

/**
 * Every JSON pointer the fragment of a $ref of the resource names (any $ref's: one naming this file
 * by its URL looks like one into another), found anywhere, keywords' values too, and each of its
 * ancestors: one lookup tells whether a $ref points at or into a subschema, not a search of every
 * $ref (a generated bundle may have thousands of each).
 * @param {string[]} [fragments] fragments that name a part of the resource from outside it (a schema
 *   named with one: a catalog entry's `ansible.json#/$defs/tasks`), as written
 * @returns {Set<string>}
 */
export function pointersInto(schema, fragments = []) {
  const pointed = new Set();
  const written = refsIn(schema).flatMap((ref) => (ref.includes('#') ? [ref.slice(ref.indexOf('#') + 1)] : []));
  for (let pointer of [...written, ...fragments]) {
    try {
      pointer = decodeURIComponent(pointer);
    } catch {
      // a malformed %-escape: the fragment as written
    }
    for (let at = pointer; !pointed.has(at); at = at.slice(0, at.lastIndexOf('/'))) {
      pointed.add(at);
      if (at.lastIndexOf('/') <= 0) break;
    }
  }
  return pointed;
}
