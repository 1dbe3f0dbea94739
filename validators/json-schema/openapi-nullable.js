// OpenAPI 3.0's `nullable: true` is no JSON Schema keyword: by the spec it is ignored, as
// check-jsonschema ignores it. ajv gives it OpenAPI's meaning (null allowed beside `type`) and
// refuses a schema where it stands without `type` ("nullable" cannot be used without "type"), as
// OpenAPI 3.0's idiom `{ "nullable": true, "allOf": [{ "$ref": … }] }` has it. So it is taken out
// of the schema ajv compiles, and warned about like any other unknown keyword.
import { walkSchema } from './schema-walk.js';

/**
 * @param {Record<string, any>} schema left as it is
 * @returns {Record<string, any> | null} a copy without `nullable`, or null when it has none
 */
export function withoutNullable(schema) {
  // Looked for by a walk, cheaper than a search of the schema's JSON text: few schemas have it.
  let found = false;
  walkSchema(schema, (node) => {
    found ||= Object.hasOwn(node, 'nullable');
  });
  if (!found) return null;
  const copy = structuredClone(schema);
  walkSchema(copy, (node) => {
    delete node.nullable;
  });
  return copy;
}
