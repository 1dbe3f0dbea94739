// Every subschema of a schema, in the places any draft from 04 to 2020-12 puts one. Written here
// rather than taken from json-schema-traverse (ajv's): its keyword tables stop at draft-07
// (no prefixItems, dependentSchemas, unevaluated*), and they are module state ajv shares.

const ONE = ['additionalItems', 'items', 'contains', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema'];
const LIST = ['items', 'allOf', 'anyOf', 'oneOf', 'prefixItems'];
const MAP = ['$defs', 'definitions', 'properties', 'patternProperties', 'dependencies', 'dependentSchemas'];

const isSchema = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const escape = (key) => key.replaceAll('~', '~0').replaceAll('/', '~1');

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
    for (const keyword of ONE) {
      if (isSchema(node[keyword])) walk(node[keyword], `${pointer}/${keyword}`, passed, { keyword });
    }
    for (const keyword of LIST) {
      if (!Array.isArray(node[keyword])) continue;
      node[keyword].forEach((child, i) => isSchema(child) && walk(child, `${pointer}/${keyword}/${i}`, passed, { keyword, key: String(i) }));
    }
    for (const keyword of MAP) {
      if (!isSchema(node[keyword])) continue;
      for (const [key, child] of Object.entries(node[keyword])) {
        if (isSchema(child)) walk(child, `${pointer}/${keyword}/${escape(key)}`, passed, { keyword, key });
      }
    }
  })(schema, '', inherited, {});
}
