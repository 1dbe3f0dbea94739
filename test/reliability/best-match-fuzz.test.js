// Property: for random schemas of every dialect and random documents, the best match of each
// anyOf/oneOf (validators/json-schema/schema-alternatives.js) never leaves a failing document without a problem
// shown by default, loses no place ajv names when every alternative is kept (--verbose), and is
// the same for the same errors. Repeat a failure with FUZZ_SEED=<seed>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRandom, fuzzSeed } from '../helpers/random.js';
import { DIALECTS, randomSchema, randomDocument } from './json-fuzz.js';
import { toProblems } from '../../validators/json-schema/schema-problems.js';
import { oracleAjv } from '../helpers/ajv-oracle.js';

const SEED = fuzzSeed();
const SCHEMAS = 100;
const DOCUMENTS = 40;

function compile(dialect, schema) {
  const ajv = oracleAjv(dialect, { allErrors: true, ownProperties: true, strict: false, logger: false });
  const { $schema, ...rest } = schema; // every spelling of a dialect is the class's own
  try {
    return ajv.compile(rest);
  } catch {
    return null; // a schema ajv rejects: fuzz-agreement.test.js covers those
  }
}

const escapeKey = (key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
// Where filecheck reports an ajv error: the errors that only sum up others are left out.
function placeOf(error) {
  if (error.keyword === 'if' || error.keyword === 'propertyNames') return null;
  const key = error.params.additionalProperty ?? error.params.unevaluatedProperty ?? error.propertyName;
  return key === undefined ? error.instancePath : `${error.instancePath}/${escapeKey(key)}`;
}

test(`the best match shows a problem for every failing document and hides none with --verbose (FUZZ_SEED=${SEED})`, () => {
  const rng = createRandom(SEED);
  const dialects = Object.keys(DIALECTS);
  let failing = 0;
  let withAlternatives = 0;
  let hidden = 0;
  for (let s = 0; s < SCHEMAS; s++) {
    const dialect = dialects[s % dialects.length];
    const schema = randomSchema(rng, dialect);
    const validate = compile(dialect, schema);
    if (!validate) continue;
    for (let d = 0; d < DOCUMENTS; d++) {
      const doc = randomDocument(rng, schema);
      let valid;
      try {
        valid = validate(doc);
      } catch {
        continue;
      }
      if (valid) continue;
      failing++;
      const errors = validate.errors;
      const problems = toProblems(errors);
      const where = `FUZZ_SEED=${SEED} schema ${JSON.stringify(schema)} document ${JSON.stringify(doc)}`;
      assert.ok(
        problems.some((p) => !p.notBestMatch),
        `a problem is shown: ${where}`,
      );
      const places = new Set(problems.map((p) => p.pointer));
      for (const error of errors) {
        const place = placeOf(error);
        if (place !== null)
          assert.ok(places.has(place), `${place} (${error.keyword}) is reported with --verbose: ${where}`);
      }
      assert.deepEqual(toProblems(structuredClone(errors)), problems, `the same errors, the same problems: ${where}`);
      if (errors.some((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf')) withAlternatives++;
      hidden += problems.filter((p) => p.notBestMatch).length;
    }
  }
  assert.ok(
    failing > 1000 && withAlternatives > 200 && hidden > 200,
    `enough cases: ${failing} failing, ${withAlternatives} with alternatives, ${hidden} hidden`,
  );
});
