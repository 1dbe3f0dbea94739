// Equality of JSON values, for ajv's const, enum and uniqueItems. ajv compares with fast-deep-equal,
// which reads `constructor`, `valueOf` and `toString` off the values it compares: a document's own
// keys of those names made equal objects unequal, or threw ("a.toString is not a function"), and
// whether that throw was reached depended on the shape of the generated code
// (epoberezkin/fast-deep-equal#141). Loading this module gives every validator ajv builds here,
// stored code (--cache) and the precompiled meta-schema validators this equality: they all take
// ajv's `equal` from the module replaced below. CommonJS, as the code that requires it is.
'use strict';

const own = Object.prototype.hasOwnProperty;

/** @returns {boolean} whether two values as the parsers give them (plain objects, arrays, scalars) are one value */
function jsonEqual(a, b) {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b); // NaN (YAML's .nan)
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!jsonEqual(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys) if (!own.call(b, key) || !jsonEqual(a[key], b[key])) return false;
  return true;
}
jsonEqual.code = 'require("ajv/dist/runtime/equal").default'; // what ajv's standalone code writes

require('ajv/dist/runtime/equal').default = jsonEqual;

module.exports = { jsonEqual };
