// "Did you mean": a failing document's problems that name what the schema allows, when the
// document is close to it (shared/closest.js says how close), say what was probably meant:
// - a property the schema does not allow (additionalProperties, unevaluatedProperties): a property
//   it declares at that place and the object lacks (`must NOT have additional property "strictt";
//   did you mean "strict"?`); when that one is also reported missing, the two are one problem;
// - a property name a propertyNames' enum or const refuses: one of its names the object lacks;
// - a value an enum refuses (an anyOf's values too): one of them, when there are several.
// Worded on the failing path only: the declared properties come from ajv's verbose errors
// (parentSchema), which json-schema.js asks for when a document has an extra property.
import { closest } from '../../shared/closest.js';
import { isSchema, valueAt } from './schema-walk.js';
import { allowedValues } from './schema-messages.js';

const ON_KEY = new Set(['additionalProperties', 'unevaluatedProperties']);

/**
 * @param {object[]} problems toProblems' problems, one per place and message
 * @param {Map<object, { error: import('ajv').ErrorObject, values?: unknown[] }>} sources each
 *   problem's error (every problem toProblems made, those left out as duplicates too); values: the
 *   values an anyOf/oneOf's merged line names
 * @param {unknown} doc the document
 * @returns {object[]} the problems, a suggestion in the messages that have one, without the
 *   `required` problems a suggested property stands for
 */
export function withSuggestions(problems, sources, doc) {
  const places = new Map(); // an object's path ─▶ what was said of its keys (placeOf)
  let byPath; // an object's path ─▶ its problems and their errors, when an extra key first asks
  const folded = new Set();
  for (const problem of problems) {
    // The alternatives of an anyOf/oneOf that were not meant (shown with --verbose) are left as ajv words them.
    if (problem.notBestMatch) continue;
    const { error, values } = sources.get(problem);
    const onKey = ON_KEY.has(error.keyword);
    const suggestion = onKey
      ? propertySuggestion(error, placeOf(places, error.instancePath, (byPath ??= groupByPath(sources))), doc)
      : error.propertyName !== undefined
        ? nameSuggestion(error, doc)
        : valueSuggestion(problem, error, values, doc);
    if (suggestion === undefined) continue;
    problem.message += `; did you mean ${JSON.stringify(suggestion)}?`;
    const missing = onKey && places.get(error.instancePath).missing.get(suggestion);
    if (missing) {
      folded.add(missing);
      problem.message += ' (it is required)';
    }
  }
  return folded.size ? problems.filter((problem) => !folded.has(problem)) : problems;
}

// What the shown errors say of the keys of the object at `path`, gathered once for all its extra
// keys: the names declared where a key was refused (each schema at that place that refused one:
// allOf's parts alike) and those reported missing (an anyOf's alternatives that were not meant are
// no candidates); and its `must have required property` problems, by name.
function placeOf(places, path, byPath) {
  let place = places.get(path);
  if (place) return place;
  place = { names: new Set(), missing: new Map() };
  const taken = new Set(); // the schemas' lists of names added (extra keys share one)
  for (const [problem, error] of byPath.get(path)) {
    if (problem.notBestMatch) continue;
    if (error.keyword === 'required') {
      const name = error.params.missingProperty;
      place.names.add(name);
      if (!place.missing.has(name)) place.missing.set(name, problem); // the first, as toProblems keeps the first of two alike
    } else if (ON_KEY.has(error.keyword)) {
      const names = declaredNames(error.parentSchema, error.keyword === 'unevaluatedProperties');
      if (taken.has(names)) continue;
      taken.add(names);
      for (const name of names) place.names.add(name);
    }
  }
  places.set(path, place);
  return place;
}

function groupByPath(sources) {
  const byPath = new Map();
  for (const [problem, { error }] of sources) {
    const list = byPath.get(error.instancePath);
    if (list) list.push([problem, error]);
    else byPath.set(error.instancePath, [[problem, error]]);
  }
  return byPath;
}

// An extra key: of the names its place declares or requires, the one meant, if the object lacks it.
function propertySuggestion(error, place, doc) {
  const key = error.params.additionalProperty ?? error.params.unevaluatedProperty;
  const object = valueAt(doc, error.instancePath);
  if (typeof key !== 'string' || !isSchema(object)) return undefined;
  return closest(key, absentFrom(object, place.names));
}

// The names a schema object's `properties` declares; for unevaluatedProperties, also those of the
// subschemas written in it that it sees through (allOf, anyOf, oneOf, if, then, else,
// dependentSchemas), not those behind a $ref. Read once per schema: every failing file that has an
// extra key there asks again.
const DECLARED = [new WeakMap(), new WeakMap()]; // [for additionalProperties, for unevaluatedProperties]
const NONE = [];

function declaredNames(schema, deep) {
  if (!isSchema(schema)) return NONE; // ajv's plain errors, when the verbose copy could not be used
  const cache = DECLARED[Number(deep)];
  let names = cache.get(schema);
  if (!names) {
    const found = new Set();
    addDeclared(schema, found, deep, 0);
    names = [...found];
    cache.set(schema, names);
  }
  return names;
}

function addDeclared(schema, names, deep, depth) {
  if (!isSchema(schema) || depth > 8) return;
  if (isSchema(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  if (!deep) return;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[keyword])) for (const part of schema[keyword]) addDeclared(part, names, deep, depth + 1);
  for (const keyword of ['if', 'then', 'else']) addDeclared(schema[keyword], names, deep, depth + 1);
  if (isSchema(schema.dependentSchemas))
    for (const part of Object.values(schema.dependentSchemas)) addDeclared(part, names, deep, depth + 1);
}

// A property name that propertyNames' enum or const refuses: one of the names it allows that the object lacks.
function nameSuggestion(error, doc) {
  const object = valueAt(doc, error.instancePath);
  if (!isSchema(object)) return undefined;
  const allowed = allowedValues(error);
  return allowed && closest(error.propertyName, absentFrom(object, allowed));
}

function valueSuggestion(problem, error, values, doc) {
  const allowed = values ?? allowedValues(error);
  // One value allowed: the message names it already (`must be equal to "3.0.0"`).
  if (!allowed || allowed.length < 2) return undefined;
  const value = valueAt(doc, problem.pointer);
  return typeof value === 'string'
    ? closest(
        value,
        allowed.filter((item) => typeof item === 'string'),
      )
    : undefined;
}

const absentFrom = (object, names) =>
  [...names].filter((name) => typeof name === 'string' && !Object.hasOwn(object, name));
