// A property named "__proto__", which every format reads as an own property of its object (as
// JSON.parse does), is left out of `properties` by ajv on purpose (its allSchemaProperties, lest its
// code set an object's prototype): it would be neither validated nor declared, an extra property to
// additionalProperties and unevaluatedProperties. So a schema that declares one is given beside it
// a patternProperties "^__proto__$" that $refs it: ajv tests a pattern against every own key, so
// the property is validated and declared, and its subschema stays where it is written (a $ref to
// #/properties/__proto__ finds it, a meta-schema fault in it is placed in the file, once).
import { isSchema, walkSchema } from './schema-walk.js';

const PATTERN = '^__proto__$';

const declaresProto = (node) => isSchema(node.properties) && Object.hasOwn(node.properties, '__proto__');

/**
 * @param {Record<string, any>} schema left as it is
 * @param {string} dialect the one it is compiled in: which keyword gives an embedded resource its id
 * @returns {Record<string, any> | null} a copy with the patterns, or null when no subschema declares
 *   such a property
 */
export function withProtoPatterns(schema, dialect) {
  let found = false;
  walkSchema(schema, (node) => {
    found ||= declaresProto(node);
  });
  if (!found) return null;
  const idKeyword = dialect === 'draft-04' ? 'id' : '$id';
  const copy = structuredClone(schema);
  // The $ref is a JSON pointer from the root of the resource (the file, or an embedded $id) around it.
  walkSchema(
    copy,
    (node, pointer, resourceAt) => {
      const id = node[idKeyword];
      const at = pointer !== '' && typeof id === 'string' && !id.startsWith('#') ? pointer : resourceAt;
      if (!declaresProto(node)) return at;
      const inResource = pointer.slice(at.length);
      const ref = `#${[...inResource.split('/').slice(1), 'properties', '__proto__'].map((token) => `/${encodeURIComponent(token)}`).join('')}`;
      const patterns = { ...node.patternProperties };
      const own = { $ref: ref };
      // A pattern of that name already there applies too.
      patterns[PATTERN] = Object.hasOwn(patterns, PATTERN) ? { allOf: [patterns[PATTERN], own] } : own;
      node.patternProperties = patterns;
      return at;
    },
    '',
  );
  return copy;
}
