// A required key named "" (the empty string), for ajv's `required`, `dependencies` and
// `dependentRequired`. Where ajv stops at the first error (inside `if` and `not`), it tests the keys as `!has(a) && (missing = "a") || ...`: the assignment is
// the test's value, and "" is falsy, so a missing "" key counted as present. `if: {required: [""]}`
// took a document without that key for one that has it, and whether it did depended on whether ajv
// inlined the `if`'s $ref (FUZZ_SEED=163135083 found this: the verdict changed with the compile
// strategy). Loading this module gives every validator ajv builds here the test whose value is
// true, whatever the key. CommonJS, as the ajv code it replaces.
'use strict';

const code = require('ajv/dist/vocabularies/code');
const { _, and, or } = require('ajv/dist/compile/codegen');

// ajv's own, but for `, true`: `missing` still names the first key missing, for the error.
code.checkMissingProp = function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
  return or(
    ...properties.map((prop) =>
      and(code.noPropertyInData(gen, data, prop, opts.ownProperties), _`(${missing} = ${prop}, true)`),
    ),
  );
};
