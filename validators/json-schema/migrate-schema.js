// A schema of an older draft, rewritten for the newer dialect it is compiled with, keeping its
// meaning (docs/json-schema.md, "Drafts mix"). Draft-04 is migrated by json-schema-migrate (ajv's author's:
// `id`, boolean exclusiveMaximum/exclusiveMinimum, and for 2019-09 on `dependencies` and array
// `items`); it is only for draft-04, as it drops a numeric exclusiveMaximum. Drafts 06 to 2019-09
// differ from 2020-12, for ajv, only in array-form `items`, rewritten here. Draft-03 is rewritten as
// draft-04 first (migrate-draft-03.js, loaded only then: require(esm), as Node ≥ 20.19 allows).
import { createRequire } from 'node:module';
import { META_SCHEMAS } from './ajv-instance.js';
import { walkSchema } from './schema-walk.js';

const require = createRequire(import.meta.url);
const MIGRATIONS = { 'draft-06': 'draft7', 'draft-07': 'draft7', '2019-09': 'draft2019', '2020-12': 'draft2020' };

/** The dialects, oldest first. */
export const DIALECT_ORDER = ['draft-03', 'draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'];

/** Whether dialect `a` is newer than `b`. */
export const isNewer = (a, b) => DIALECT_ORDER.indexOf(a) > DIALECT_ORDER.indexOf(b);

// The keywords ajv knows from a dialect on, that change what validates (ajv-draft-04 and ajv's
// draft-06/07 class know the same ones). In a file of an older draft they are unknown keywords,
// which ajv ignores when it compiles the file in its own dialect: rewritten for a newer one, they
// are dropped, or the file would mean more once a newer file joins its compilation.
const ADDED = {
  '2019-09': [
    'dependentRequired',
    'dependentSchemas',
    'unevaluatedItems',
    'unevaluatedProperties',
    'minContains',
    'maxContains',
    '$recursiveRef',
    '$recursiveAnchor',
    '$dynamicRef',
    '$dynamicAnchor',
  ],
  '2020-12': ['prefixItems'],
};

/** The dialect an ajv compiles a schema of this one in: ajv has no draft-03, whose schemas are migrated. */
export const compiledAs = (dialect) => (dialect === 'draft-03' ? 'draft-04' : dialect);

/**
 * @param {Record<string, any> | boolean} schema left as it is (a boolean one means the same in every dialect)
 * @param {string} from its dialect
 * @param {string} to a newer one
 * @returns {{ schema: Record<string, any> | boolean, ignored: string[] }} schema: a copy, its `$schema`
 *   the newer dialect's; ignored: the keywords of later drafts that it had, dropped
 */
export function migrateSchema(schema, from, to) {
  if (typeof schema === 'boolean') return { schema, ignored: [] };
  let copy = structuredClone(schema);
  const ignored = new Set();
  if (from === 'draft-03') {
    const migrated = require('./migrate-draft-03.js').draft03ToDraft04(copy);
    copy = migrated.schema;
    for (const keyword of migrated.ignored) ignored.add(keyword);
  }
  const older = compiledAs(from);
  const newer = DIALECT_ORDER.filter((dialect) => isNewer(dialect, older)).flatMap((dialect) => ADDED[dialect] ?? []);
  walkSchema(copy, (node) => {
    for (const keyword of newer) {
      if (!Object.hasOwn(node, keyword)) continue;
      ignored.add(keyword);
      delete node[keyword];
    }
  });
  if (older === 'draft-04' && to !== 'draft-04') require('json-schema-migrate')[MIGRATIONS[to]](copy);
  else if (older !== 'draft-04' && to === '2020-12') walkSchema(copy, prefixItems);
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
