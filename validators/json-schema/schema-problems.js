// What ajv reports of a document ──▶ filecheck's Problems: one per place and message, worded
// for the person who fixes the file (schema-messages.js), an anyOf/oneOf's best alternative first
// (schema-alternatives.js), with what was probably meant where the document is close to what the
// schema allows (did-you-mean.js).
import { allowedValues, describe, orList, quotedKey, typesOf } from './schema-messages.js';
import { bestMatches, STRUCTURAL } from './schema-alternatives.js';
import { withSuggestions } from './did-you-mean.js';
import { pointerToken, valueAt } from './schema-walk.js';
import { customMessagePlace, namingTheKey } from './custom-message-place.js';

/**
 * ajv errors ──▶ Problems, with messages that name what is wrong. The errors of the alternatives of
 * an anyOf/oneOf that are not its best match are marked notBestMatch (shown with --verbose).
 * @param {import('ajv').ErrorObject[]} errors
 * @param {unknown} [doc] the document they are about: with it, "did you mean" suggestions
 * @returns {import('../../runner/check/check-file.js').Problem[]}
 */
export function toProblems(errors, doc) {
  const wrongType = new Set();
  errors = withoutImpliedTypes(errors, wrongType);
  // Most failing documents have no anyOf/oneOf error: theirs are taken as they come.
  const chosen = errors.some((error) => STRUCTURAL.has(error.keyword))
    ? bestMatches(errors, describe, wrongType)
    : errors.map((error) => ({ error }));
  const sources = new Map(); // problem ─▶ the error it was worded from, and the values its line names
  const found = chosen.map(
    ({ error, message = describe(error), pointer = error.instancePath, notBestMatch, values, types }) => {
      // keyword: the ajv keyword that failed, which suppressions count by (json-schema/required).
      const problem = { validator: 'json-schema', keyword: error.keyword, message, pointer, kind: 'invalid' };
      sources.set(problem, { error, values, types });
      // ajv-errors' message, where the errors it replaced point at one place: placed there.
      const place = error.keyword === 'errorMessage' ? customMessagePlace(error) : undefined;
      if (place) {
        problem.pointer = place.pointer;
        if (place.atKey) problem.atKey = true;
        problem.message = namingTheKey(message, place);
      }
      // An extra property, or a property name that is not allowed: its key is what is wrong.
      const key = error.params.additionalProperty ?? error.params.unevaluatedProperty ?? error.propertyName;
      if (
        key !== undefined &&
        (error.keyword === 'additionalProperties' ||
          error.keyword === 'unevaluatedProperties' ||
          error.propertyName !== undefined)
      ) {
        problem.pointer += `/${pointerToken(key)}`;
        problem.atKey = true;
        if (error.propertyName !== undefined)
          problem.message = `property name ${quotedKey(error.propertyName)} ${message}`;
      }
      if (notBestMatch) problem.notBestMatch = true;
      return problem;
    },
  );
  mergeTypes(found, sources);
  // One problem per place and message; of a shown one and a hidden one alike, the shown one.
  const id = (problem) => `${problem.pointer}\0${problem.message}`;
  const shown = found.some((problem) => problem.notBestMatch)
    ? new Set(found.filter((problem) => !problem.notBestMatch).map(id))
    : null;
  const seen = new Set();
  const problems = found.filter((problem) => {
    const key = id(problem);
    if (seen.has(key) || (problem.notBestMatch && shown.has(key))) return false;
    seen.add(key);
    return true;
  });
  if (doc === undefined) return problems;
  markBooleansWanted(problems, sources, doc);
  return withSuggestions(problems, sources, doc);
}

// A string where the schema asks for a boolean (its type, a const or an enum, an anyOf's merged
// line): the format that read it may know why, and says so where it places the problem (YAML
// 1.1's `off`, formats/yaml.js). Marked `wantsBoolean`, which finish-problems.js takes off.
function markBooleansWanted(problems, sources, doc) {
  for (const problem of problems) {
    if (problem.notBestMatch || problem.atKey) continue;
    const {
      error,
      values = allowedValues(error),
      types = error.keyword === 'type' ? typesOf(error) : [],
    } = sources.get(problem);
    if (!types.includes('boolean') && !values?.some((value) => typeof value === 'boolean')) continue;
    if (typeof valueAt(doc, problem.pointer) === 'string') problem.wantsBoolean = true;
  }
}

// A value must have every type the schemas at its place ask for: a draft-07 `$ref` beside a `type`
// (pnpm's catalog: an object by its $ref, an object or null beside it) gives two type errors at
// one place, which would read as a contradiction (`must be object or null`, `must be object`). The
// shown ones become one line, the types both allow, where there are such types.
function mergeTypes(found, sources) {
  let first = null; // pointer ─▶ the first shown type problem there and the types it keeps
  for (const problem of found) {
    if (problem.keyword !== 'type' || problem.notBestMatch) continue;
    const types = typesOf(sources.get(problem).error);
    first ??= new Map();
    const kept = first.get(problem.pointer);
    if (!kept) {
      first.set(problem.pointer, { problem, types });
      continue;
    }
    const both = kept.types.flatMap((type) => types.flatMap((other) => common(type, other)));
    if (!both.length) continue; // no value could do: each line says what its schema asks
    kept.types = [...new Set(both)];
    kept.problem.message = `must be ${orList(kept.types)}`;
    problem.merged = true;
  }
  if (first) for (let i = found.length - 1; i >= 0; i--) if (found[i].merged) found.splice(i, 1);
}

// The type a value of both may have: an integer is a number.
const common = (a, b) =>
  a === b ? [a] : (a === 'integer' && b === 'number') || (a === 'number' && b === 'integer') ? ['integer'] : [];

// Errors whose words say where their schema is, or read its property from there (schema-messages.js).
const NAMES_ITS_SCHEMA = new Set(['not', 'contains', 'false schema']);

/**
 * Whether toProblems words these errors from their schemaPaths, which code compiled with $refs
 * apart gives otherwise than code with them inlined (json-schema.js): an anyOf/oneOf or a wrapper
 * (bestMatches), a `not`, a `contains` or a false schema, or a type error followed by an enum or const error at one place (withoutImpliedTypes).
 * @param {import('ajv').ErrorObject[]} errors
 */
export function wordedFromSchemaPaths(errors) {
  for (let i = 0; i < errors.length; i++) {
    const error = errors[i];
    if (STRUCTURAL.has(error.keyword) || NAMES_ITS_SCHEMA.has(error.keyword)) return true;
    const next = errors[i + 1];
    if (
      error.keyword === 'type' &&
      next &&
      (next.keyword === 'enum' || next.keyword === 'const') &&
      next.instancePath === error.instancePath
    )
      return true;
  }
  return false;
}

// ajv reports a value of the wrong type for `{ "type": "string", "enum": [...] }` twice: its type,
// then its enum. The enum (or const) names the values it may take, which says the type too, so the
// type error is left out: when the two follow each other at one place, from one schema (one
// parent in schemaPath), and every value the enum allows has the type. A schema reached by $ref is
// compiled apart and its paths start again at "#": two alternatives of an anyOf/oneOf could then
// look like one schema, so there only when no anyOf/oneOf fails at that place. The enum and const
// errors that stand for a left-out type error are added to `wrongType`.
function withoutImpliedTypes(errors, wrongType) {
  let implied = null;
  for (let i = 0; i + 1 < errors.length; i++) {
    const [type, values] = [errors[i], errors[i + 1]];
    if (
      type.keyword !== 'type' ||
      (values.keyword !== 'enum' && values.keyword !== 'const') ||
      type.instancePath !== values.instancePath
    )
      continue;
    const parent = type.schemaPath.slice(0, -'/type'.length);
    if (values.schemaPath !== `${parent}/${values.keyword}`) continue;
    if (
      parent === '#' &&
      errors.some(
        (error) => (error.keyword === 'anyOf' || error.keyword === 'oneOf') && error.instancePath === type.instancePath,
      )
    )
      continue;
    const allowed = values.keyword === 'const' ? [values.params.allowedValue] : values.params.allowedValues;
    if (!allowed.every((value) => typesOf(type).some((name) => hasType(value, name)))) continue;
    (implied ??= new Set()).add(type);
    wrongType.add(values);
  }
  return implied ? errors.filter((error) => !implied.has(error)) : errors;
}

function hasType(value, name) {
  if (name === 'integer') return Number.isInteger(value);
  if (name === 'null') return value === null;
  if (name === 'array') return Array.isArray(value);
  if (name === 'object') return value !== null && typeof value === 'object' && !Array.isArray(value);
  return typeof value === name;
}
