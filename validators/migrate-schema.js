// A schema of an older draft, rewritten for the newer dialect it is compiled with, keeping its
// meaning (README: "How drafts mix"). Draft-04 is migrated by json-schema-migrate (ajv's author's:
// `id`, boolean exclusiveMaximum/exclusiveMinimum, and for 2019-09 on `dependencies` and array
// `items`); it is only for draft-04, as it drops a numeric exclusiveMaximum. Drafts 06 to 2019-09
// differ from 2020-12, for ajv, only in array-form `items`, rewritten here.
import { createRequire } from 'node:module';
import { META_SCHEMAS } from './ajv-instance.js';
import { walkSchema } from './schema-walk.js';

const require = createRequire(import.meta.url);
const MIGRATIONS = { 'draft-06': 'draft7', 'draft-07': 'draft7', '2019-09': 'draft2019', '2020-12': 'draft2020' };

/** The dialects, oldest first. */
export const DIALECT_ORDER = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'];

/** Whether dialect `a` is newer than `b`. */
export const isNewer = (a, b) => DIALECT_ORDER.indexOf(a) > DIALECT_ORDER.indexOf(b);

// The keywords ajv knows from a dialect on, that change what validates (ajv-draft-04 and ajv's
// draft-06/07 class know the same ones). In a file of an older draft they are unknown keywords,
// which ajv ignores when it compiles the file in its own dialect: rewritten for a newer one, they
// are dropped, or the file would mean more once a newer file joins its compilation.
const ADDED = {
  '2019-09': ['dependentRequired', 'dependentSchemas', 'unevaluatedItems', 'unevaluatedProperties', 'minContains', 'maxContains',
    '$recursiveRef', '$recursiveAnchor', '$dynamicRef', '$dynamicAnchor'],
  '2020-12': ['prefixItems'],
};

/**
 * @param {Record<string, any> | boolean} schema left as it is (a boolean one means the same in every dialect)
 * @param {string} from its dialect
 * @param {string} to a newer one
 * @returns {{ schema: Record<string, any> | boolean, ignored: string[] }} schema: a copy, its `$schema`
 *   the newer dialect's; ignored: the keywords newer than `from` that it had, dropped
 */
export function migrateSchema(schema, from, to) {
  if (typeof schema === 'boolean') return { schema, ignored: [] };
  const copy = structuredClone(schema);
  const newer = DIALECT_ORDER.filter((dialect) => isNewer(dialect, from)).flatMap((dialect) => ADDED[dialect] ?? []);
  const ignored = new Set();
  walkSchema(copy, (node) => {
    for (const keyword of newer) {
      if (!Object.hasOwn(node, keyword)) continue;
      ignored.add(keyword);
      delete node[keyword];
    }
  });
  if (from === 'draft-04') require('json-schema-migrate')[MIGRATIONS[to]](copy);
  else if (to === '2020-12') walkSchema(copy, prefixItems);
  copy.$schema = META_SCHEMAS[to];
  return { schema: copy, ignored: [...ignored] };
}

// `items: [a, b], additionalItems: c` is `prefixItems: [a, b], items: c` in 2020-12; without an
// array `items`, additionalItems meant nothing, and now would be an unknown keyword.
function prefixItems(node) {
  if (Array.isArray(node.items)) {
    node.prefixItems = node.items;
    delete node.items;
    if (node.additionalItems !== undefined) node.items = node.additionalItems;
  }
  delete node.additionalItems;
}
