// An anyOf or oneOf whose alternatives each allow listed values alone ({ "const": v } or
// { "enum": [...] }, annotations beside) is the enum of those values. ajv's code for an anyOf or a
// oneOf has a block for each alternative (wide-alternatives.cjs: mkdocs-material's schema has a
// oneOf of its 1,581 Google fonts), where an enum's code is a loop over its values, and an enum's
// failure names them. So such a keyword is rewritten as the enum before ajv
// compiles the schema, its meaning kept: a oneOf only when no value is allowed by two of its
// alternatives (that value fails it, matched twice); not one whose alternatives a $ref of the file
// points into (they must stay where they are found), nor a const that is a $data reference. Its
// failure is then the enum's (`must be one of …`, with its "did you mean"), of keyword `enum`.
import { createRequire } from 'node:module';
import { isAnnotation } from './schema-warnings.js';
import { isSchema, pointersInto, walkSchema } from './schema-walk.js';

const require = createRequire(import.meta.url);
const { jsonEqual } = require('./json-equal.cjs');

// The metadata keywords of every draft, which ajv knows and which never change what is valid.
const METADATA = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

/**
 * @param {Record<string, any> | boolean} schema a resource as ajv is to be given it, left as it is
 * @param {import('ajv').default} ajv the one that compiles it: its keywords, strictness, $data
 * @returns {Record<string, any> | null} a copy where such an anyOf or oneOf is an enum, or null
 *   when the schema has none
 */
export function withEnumAlternatives(schema, ajv) {
  if (!isSchema(schema)) return null;
  const { keywords } = ajv.RULES;
  const { strictSchema, $data } = ajv.opts;
  // An annotation ajv does not know fails the schema under strict: true: left where ajv sees it.
  const beside = (key) => METADATA.has(key) || (strictSchema !== true && !keywords[key] && isAnnotation(key));
  const allowedBy = (alternative) => {
    if (!isSchema(alternative)) return null;
    let allowed = null;
    for (const [key, value] of Object.entries(alternative)) {
      if (key === 'const' || key === 'enum') {
        if (allowed) return null; // both: the values of the two alike
        if (key === 'const') allowed = $data && isSchema(value) && Object.hasOwn(value, '$data') ? null : [value];
        else allowed = Array.isArray(value) && value.length ? value : null;
        if (!allowed) return null;
      } else if (!beside(key)) {
        return null;
      }
    }
    return allowed;
  };
  let pointed; // the pointers the file's $refs name, read when a first candidate is met
  const enumOf = (node, keyword, pointer, roots) => {
    const alternatives = node[keyword];
    if (!Array.isArray(alternatives) || alternatives.length < 2 || node.enum !== undefined) return null;
    const values = valuesOf(alternatives.map(allowedBy), keyword === 'oneOf');
    if (!values) return null;
    // A $ref names a place from the root of its resource: the file's, or a subschema's with an $id.
    pointed ??= pointersInto(schema);
    if (roots.some((root) => pointed.has(`${pointer.slice(root.length)}/${keyword}`))) return null;
    return values;
  };
  const rewrite = (target, change) => {
    let found = false;
    walkSchema(
      target,
      (node, pointer, roots) => {
        const own = node.$id ?? node.id;
        const inside = pointer !== '' && typeof own === 'string' && !own.startsWith('#') ? [...roots, pointer] : roots;
        for (const keyword of ['anyOf', 'oneOf']) {
          const values = enumOf(node, keyword, pointer, inside);
          if (!values) continue;
          found = true;
          if (!change) return inside;
          node.enum = values;
          delete node[keyword];
        }
        return inside;
      },
      [''],
    );
    return found;
  };
  if (!rewrite(schema, false)) return null;
  const copy = structuredClone(schema);
  rewrite(copy, true);
  return copy;
}

// The values the alternatives allow, each once, or null when one allows anything else (or, for a
// oneOf, when two allow one value: it is not an enum's meaning). JSON equality, as ajv's enum and
// const compare (json-equal.cjs); values are grouped by their text first, so that thousands of
// them are not each compared with all the others.
function valuesOf(allowed, oneOf) {
  if (allowed.includes(null)) return null;
  const seen = new Map(); // a value's text, keys sorted ─▶ [the value, the alternative that allows it]
  const values = [];
  for (const [from, list] of allowed.entries()) {
    for (const value of list) {
      let text;
      try {
        text = JSON.stringify(value, sortedKeys);
      } catch {
        return null; // not a JSON value
      }
      const same = seen.get(text)?.find(([other]) => jsonEqual(other, value));
      if (same) {
        if (oneOf && same[1] !== from) return null;
        continue;
      }
      seen.set(text, [...(seen.get(text) ?? []), [value, from]]);
      values.push(value);
    }
  }
  return values;
}

const sortedKeys = (_key, value) =>
  isSchema(value)
    ? Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((key) => [key, value[key]]),
      )
    : value;
