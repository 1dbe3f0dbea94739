// An anyOf or oneOf of many alternatives. ajv's code for one nests a block in the one before for each
// alternative (anyOf's `if (!valid) {`, oneOf's `else {`, closed only after the last), and V8 runs
// out of stack compiling code that deep: at some 1,550 alternatives on the main thread with Node 20,
// 1,350 with Node 24, about 1,000 when the schema is compiled as a document deep in recursion first
// reaches it, and at far more in a worker of the pool, whose stack is larger. A verdict then
// depended on the executor. Past WIDE alternatives, the same code is generated with each alternative
// in a block of its own, one after the other, run while the keyword's result is open, and WIDE of
// them in a function of their own (inGroups): the same alternatives are evaluated in the same order,
// with the same errors and results, and the code is as deep, and a function's frame as large, for
// 100,000 alternatives as for 100. Loading this module gives every validator ajv builds here that
// code. CommonJS, as the ajv code it wraps.
'use strict';

const anyOf = require('ajv/dist/vocabularies/applicator/anyOf').default;
const oneOf = require('ajv/dist/vocabularies/applicator/oneOf').default;
const { _, nil, not, Name } = require('ajv/dist/compile/codegen');
const { alwaysValidSchema, evaluatedPropsToName } = require('ajv/dist/compile/util');

// Far below the narrowest that runs out of stack; below it, ajv's own code, as ajv writes it.
const WIDE = 100;

const wide = ({ schema }) => Array.isArray(schema) && schema.length > WIDE;

// ajv's validateUnion (vocabularies/code.js): after an alternative that may stop the anyOf (one
// whose evaluated properties need not be merged: mergeValidEvaluated), the next ones run only while
// none matched. `open` stands for the blocks ajv would have opened.
const anyOfCode = anyOf.code;
anyOf.code = function code(cxt) {
  if (!wide(cxt)) return anyOfCode.call(this, cxt);
  const { gen, schema, keyword, it } = cxt;
  if (schema.some((sch) => alwaysValidSchema(it, sch)) && !it.opts.unevaluated) return;
  const valid = gen.let('valid', false);
  const schValid = gen.name('_valid');
  const open = gen.let('open', true);
  inGroups(cxt, (i) =>
    gen.if(open, () => {
      const schCxt = cxt.subschema({ keyword, schemaProp: i, compositeRule: true }, schValid);
      gen.assign(valid, _`${valid} || ${schValid}`);
      if (!cxt.mergeValidEvaluated(schCxt, schValid)) gen.assign(open, not(valid));
    }),
  );
  cxt.result(
    valid,
    () => cxt.reset(),
    () => cxt.error(true),
  );
};

// ajv's oneOf (vocabularies/applicator/oneOf.js): once a second alternative matched, the rest do not run.
const oneOfCode = oneOf.code;
oneOf.code = function code(cxt) {
  const { gen, schema, parentSchema, it } = cxt;
  if (!wide(cxt) || (it.opts.discriminator && parentSchema.discriminator)) return oneOfCode.call(this, cxt);
  const valid = gen.let('valid', false);
  const passing = gen.let('passing', null);
  const schValid = gen.name('_valid');
  const open = gen.let('open', true);
  cxt.setParams({ passing });
  inGroups(cxt, (i) =>
    gen.if(open, () => {
      const sch = schema[i];
      let schCxt;
      if (alwaysValidSchema(it, sch)) gen.var(schValid, true);
      else schCxt = cxt.subschema({ keyword: 'oneOf', schemaProp: i, compositeRule: true }, schValid);
      if (i > 0)
        gen
          .if(_`${schValid} && ${valid}`)
          .assign(valid, false)
          .assign(passing, _`[${passing}, ${i}]`)
          .assign(open, false)
          .else();
      gen.if(schValid, () => {
        gen.assign(valid, true);
        gen.assign(passing, i);
        if (schCxt) cxt.mergeEvaluated(schCxt, Name);
      });
      if (i > 0) gen.endIf();
    }),
  );
  cxt.result(
    valid,
    () => cxt.reset(),
    () => cxt.error(true),
  );
};

// The alternatives' code, WIDE alternatives to a function, each called where its code would be: V8
// gives a function's frame a slot for each variable its code declares (ajv's `var valid…` of each
// subschema), and a frame of some 10,000 alternatives outgrows the main thread's stack as code that
// deep did. The functions share the validator's variables, `this` and, for an $async schema, its
// awaiting; none of ajv's code returns from inside an alternative (its errors are collected there).
// The properties and items the alternatives evaluate (unevaluated*) are merged into names declared
// before the functions, which the keywords after them read.
function inGroups(cxt, each) {
  const { gen, schema, it } = cxt;
  if (it.opts.unevaluated) {
    if (it.props !== true && !(it.props instanceof Name)) it.props = evaluatedPropsToName(gen, it.props);
    if (it.items !== true && !(it.items instanceof Name)) it.items = gen.var('items', it.items);
  }
  const { $async } = it.schemaEnv;
  gen.block(() => {
    for (let start = 0; start < schema.length; start += WIDE) {
      const group = gen.name('alternatives');
      gen.func(group, nil, $async, () => {
        for (let i = start; i < Math.min(schema.length, start + WIDE); i++) each(i);
      });
      gen.code($async ? _`await ${group}.call(this)` : _`${group}.call(this)`);
    }
  });
}
