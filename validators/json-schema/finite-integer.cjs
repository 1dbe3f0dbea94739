// An integer is finite. With strictNumbers off (ajv-instance.js: YAML's .inf and JSON5's Infinity
// are numbers), ajv's test of "integer" is `!(x % 1) && !isNaN(x)`, which Infinity passes
// (Infinity % 1 is NaN, and !NaN is true): `a: .inf` passed `"type": "integer"`, where
// check-jsonschema fails it, as ajv did under strictNumbers. Loading this module gives every
// validator ajv builds here the test `!(x % 1) && isFinite(x)` (NaN is not finite either), for
// `type` and for the keywords that apply to integers alike. CommonJS, as the ajv code it wraps.
'use strict';

const code = require('ajv/dist/compile/codegen/code');

// ajv's dataType.js writes its test with the tagged template `_` of codegen, which it reads from
// this module at each call: that one template is written otherwise, every other passes through.
const template = code._;
code._ = function _(strings, ...args) {
  if (strings.length === 3 && strings[1] === ' % 1) && !isNaN(' && strings[0] === '!(' && strings[2] === ')')
    return template`!(${args[0]} % 1) && isFinite(${args[1]})`;
  return template(strings, ...args);
};
