// "Did you mean": a failing document's problems that name what the schema allows, when the
// document is close to it (runner/shared/closest.js says how close), say what was probably meant:
// - a property the schema does not allow (additionalProperties, unevaluatedProperties): a property
//   it declares at that place and the object lacks (`must NOT have additional property "strictt";
//   did you mean "strict"?`); when that one is also reported missing, the two are one problem;
// - a property name a propertyNames' enum or const refuses: one of its names the object lacks;
// - a value an enum or const refuses (an anyOf's values too): one of them.
// Worded on the failing path only: the declared properties come from ajv's verbose errors
// (parentSchema), which json-schema.js asks for when a document has an extra property.
import { closest } from '../../runner/shared/closest.js';
import { isSchema } from './schema-walk.js';

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
  const folded = new Set();
  for (const problem of problems) {
    const { error, values } = sources.get(problem);
    const suggestion = ON_KEY.has(error.keyword)
      ? propertySuggestion(problem, error, sources, doc)
      : error.propertyName !== undefined
        ? nameSuggestion(error, doc)
        : valueSuggestion(problem, error, values, doc);
    if (suggestion === undefined) continue;
    problem.message += `; did you mean ${JSON.stringify(suggestion)}?`;
    if (!ON_KEY.has(error.keyword) || problem.notBestMatch) continue;
    const missing = problems.find((other) =>
      isMissing(other, sources.get(other).error, error.instancePath, suggestion),
    );
    if (missing) {
      folded.add(missing);
      problem.message += ' (it is required)';
    }
  }
  return folded.size ? problems.filter((problem) => !folded.has(problem)) : problems;
}

// A shown `must have required property "<name>"` of the object at `path`.
const isMissing = (problem, error, path, name) =>
  !problem.notBestMatch &&
  error.keyword === 'required' &&
  error.instancePath === path &&
  error.params.missingProperty === name;

// An extra key: the properties declared where ajv refused it (each schema at that place that
// refused a key: allOf's parts alike), and those reported missing there, that the object lacks. A
// shown problem's candidates come from shown errors: an anyOf's other alternatives were not meant.
function propertySuggestion(problem, error, sources, doc) {
  const key = error.params.additionalProperty ?? error.params.unevaluatedProperty;
  const object = valueAt(doc, error.instancePath);
  if (typeof key !== 'string' || !isSchema(object)) return undefined;
  const names = new Set();
  for (const [other, { error: at }] of sources) {
    if (at.instancePath !== error.instancePath || (other.notBestMatch && !problem.notBestMatch)) continue;
    if (at.keyword === 'required') names.add(at.params.missingProperty);
    else if (at.keyword === 'additionalProperties') declared(at.parentSchema, names, false);
    else if (at.keyword === 'unevaluatedProperties') declared(at.parentSchema, names, true);
  }
  return closest(key, absentFrom(object, names));
}

// The names a schema object's `properties` declares; for unevaluatedProperties, also those of the
// subschemas written in it that it sees through (allOf, anyOf, oneOf, if, then, else,
// dependentSchemas), not those behind a $ref.
function declared(schema, names, deep, depth = 0) {
  if (!isSchema(schema) || depth > 8) return;
  if (isSchema(schema.properties)) for (const name of Object.keys(schema.properties)) names.add(name);
  if (!deep) return;
  for (const keyword of ['allOf', 'anyOf', 'oneOf'])
    if (Array.isArray(schema[keyword])) for (const part of schema[keyword]) declared(part, names, deep, depth + 1);
  for (const keyword of ['if', 'then', 'else']) declared(schema[keyword], names, deep, depth + 1);
  if (isSchema(schema.dependentSchemas))
    for (const part of Object.values(schema.dependentSchemas)) declared(part, names, deep, depth + 1);
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
  if (!allowed) return undefined;
  const value = valueAt(doc, problem.pointer);
  return typeof value === 'string'
    ? closest(
        value,
        allowed.filter((item) => typeof item === 'string'),
      )
    : undefined;
}

const allowedValues = ({ keyword, params }) =>
  keyword === 'enum' ? params.allowedValues : keyword === 'const' ? [params.allowedValue] : undefined;

const absentFrom = (object, names) =>
  [...names].filter((name) => typeof name === 'string' && !Object.hasOwn(object, name));

// The value at a JSON pointer (ajv's instancePath), or undefined.
function valueAt(doc, pointer) {
  if (pointer === '') return doc;
  let node = doc;
  for (const token of pointer.slice(1).split('/')) {
    if (typeof node !== 'object' || node === null) return undefined;
    const key = token.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!Object.hasOwn(node, key)) return undefined;
    node = node[key];
  }
  return node;
}
