// Results ajv's code names but assigns only on some paths, then reads: declared first, with their
// value for the path that skips them. Two keywords had it, and each gave a wrong verdict:
// - `contains` with one match needed (no minContains, maxContains) assigns its result only in its
//   loop over the items: where `contains` runs inside a loop of its own (under `items`,
//   `additionalProperties`…), an empty array found the previous array's result and passed when
//   that array had a match. `[[1], []]` passed `{items: {contains: {type: "integer"}}}`, and whether
//   it did depended on whether ajv inlined the $ref holding the `contains` (FUZZ_SEED=728843098).
// - A tuple (`prefixItems`, `items` as an array) assigns each item's result only when the array
//   has that item, and where ajv stops at the first error (inside `if` and `not`) the keywords after
//   it run only when that result is true: an array shorter than the tuple skipped them. `[]` passed
//   `{prefixItems: [{type: "null"}], contains: {}}` there (FUZZ_SEED=2844012822).
// Loading this module gives every validator ajv builds here those results declared. CommonJS, as
// the ajv code it wraps.
'use strict';

const items = require('ajv/dist/vocabularies/applicator/items');
const contains = require('ajv/dist/vocabularies/applicator/contains').default;

/** Runs ajv's code for a keyword with the first result it names declared at once, with `initial`. */
function withResultDeclared({ gen }, initial, generate) {
  gen.name = function name(prefix) {
    const result = Object.getPrototypeOf(gen).name.call(gen, prefix);
    if (prefix !== 'valid') return result;
    delete gen.name;
    gen.var(result, initial); // `var`, as ajv's own assignments that follow are
    return result;
  };
  try {
    return generate();
  } finally {
    delete gen.name;
  }
}

const containsCode = contains.code;
contains.code = function code(cxt) {
  const { parentSchema, it } = cxt;
  const min = it.opts.next && parentSchema.minContains !== undefined ? parentSchema.minContains : 1;
  const max = it.opts.next ? parentSchema.maxContains : undefined;
  // ajv's other cases declare their result before their loop (`let`), with its first value.
  if (min !== 1 || max !== undefined) return containsCode.call(this, cxt);
  return withResultDeclared(cxt, false, () => containsCode.call(this, cxt));
};

// prefixItems calls the module's export; items, for an array, its own function of that name.
const validateTuple = items.validateTuple;
items.validateTuple = (cxt, ...rest) => withResultDeclared(cxt, true, () => validateTuple(cxt, ...rest));
const itemsCode = items.default.code;
items.default.code = function code(cxt) {
  if (Array.isArray(cxt.schema)) return items.validateTuple(cxt, 'additionalItems', cxt.schema);
  return itemsCode.call(this, cxt);
};
