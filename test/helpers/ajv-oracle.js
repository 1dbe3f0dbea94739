// ajv called directly, as the property tests' oracle: an instance of the class of a dialect, with
// its meta-schema and ajv-formats, independent of filecheck's own validators/json-schema/ajv-instance.js. With
// JSON's equality (validators/json-schema/json-equal.cjs), which filecheck promises, in place of ajv's
// fast-deep-equal that threw on a "toString" key, with a required key "" tested as required inside
// `if` and `not` (validators/json-schema/missing-property.cjs), and with the results of `contains`
// and of tuples declared before code that may skip them (validators/json-schema/keyword-results.cjs),
// and an integer finite (validators/json-schema/finite-integer.cjs), and full mode's formats where
// filecheck has its own (validators/json-schema/string-formats.cjs): uri and uri-reference as RFC
// 3986 has them (iri.cjs), date-time and time as RFC 3339, hostname without a final dot.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
require('../../validators/json-schema/json-equal.cjs');
require('../../validators/json-schema/missing-property.cjs');
require('../../validators/json-schema/keyword-results.cjs');
require('../../validators/json-schema/finite-integer.cjs');

const AJV_CLASSES = {
  'draft-04': () => require('ajv-draft-04'),
  'draft-06': () => require('ajv').default,
  'draft-07': () => require('ajv').default,
  '2019-09': () => require('ajv/dist/2019').default,
  '2020-12': () => require('ajv/dist/2020').default,
};

/**
 * @param {keyof typeof AJV_CLASSES} dialect
 * @param {object} options ajv's options
 */
export function oracleAjv(dialect, options) {
  const ajv = new (AJV_CLASSES[dialect]())(options);
  if (dialect === 'draft-06') ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  require('ajv-formats')(ajv, { mode: 'full' });
  const { addedTo } = require('../../validators/json-schema/string-formats.cjs');
  for (const name of ['uri', 'uri-reference', 'date-time', 'time', 'hostname']) ajv.addFormat(name, addedTo.full[name]);
  return ajv;
}
