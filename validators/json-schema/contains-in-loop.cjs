// `contains` on an empty array, for ajv's code. With one match needed (no minContains, maxContains),
// ajv declares the result of its loop over the items with `var` inside that loop, never before it:
// where `contains` runs inside a loop of its own (under `items`, `additionalProperties`…), an empty
// array found the previous array's result there and passed when that array had a match. `[[1], []]`
// passed `{items: {contains: {type: "integer"}}}`, and whether it did depended on whether ajv inlined
// the $ref holding the `contains` (FUZZ_SEED=728843098 found this: the problems changed with the
// compile strategy). Loading this module gives every validator ajv builds here a result that starts
// false. CommonJS, as the ajv code it wraps.
'use strict';

const contains = require('ajv/dist/vocabularies/applicator/contains').default;

const ajvCode = contains.code;

contains.code = function code(cxt) {
  const { gen, parentSchema, it } = cxt;
  const min = it.opts.next && parentSchema.minContains !== undefined ? parentSchema.minContains : 1;
  const max = it.opts.next ? parentSchema.maxContains : undefined;
  // ajv's other cases declare the result before their loop (`let`), with its first value.
  if (min !== 1 || max !== undefined) return ajvCode.call(this, cxt);
  // The first name ajv asks for with this prefix is the loop's result: declared, false, at once.
  gen.name = function name(prefix) {
    const result = Object.getPrototypeOf(gen).name.call(gen, prefix);
    if (prefix !== 'valid') return result;
    delete gen.name;
    gen.var(result, false);
    return result;
  };
  try {
    return ajvCode.call(this, cxt);
  } finally {
    delete gen.name;
  }
};
