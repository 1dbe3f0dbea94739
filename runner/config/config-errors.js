// The errors of .filecheckrc.json's schema (its precompiled validator's), said as one sentence
// that names the key and what is wrong with it.
import { parseKeySpec } from '../../validators/require-keys.js';

// The deepest error says the most, and a value of the right type that fails a bound (`"bail": -1`)
// says more than the branches whose type it is not; `if/then/else` wrappers say nothing of their own.
export function describeConfigError(errors, data) {
  const isType = (e) => (e.keyword === 'type' ? 1 : 0);
  const kept = errors
    .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf')
    .sort((a, b) => b.instancePath.length - a.instancePath.length || isType(a) - isType(b));
  const error = kept[0] ?? errors[0];
  // A schemaStore key is a URL: its slashes are not the path's.
  const storeKey = /^\/schemaStore\/(.+)$/.exec(error.instancePath)?.[1];
  const where = storeKey
    ? `schemaStore "${storeKey.replace(/~1/g, '/').replace(/~0/g, '~')}"`
    : error.instancePath
        .replace(/\/(\d+)/g, '[$1]')
        .replace(/\//g, '.')
        .replace(/^\./, '') || '(top level)';
  if (error.propertyName !== undefined && error.instancePath === '/schemaStore')
    return `schemaStore: "${error.propertyName}" is not an http or https URL prefix (such as https://json.schemastore.org/)`;
  // The precompiled validator is not `verbose`: its errors carry no `data`, so the value is looked up.
  const value = valueAt(data, error.instancePath);
  if (error.instancePath === '/workers')
    return `workers takes "auto", 0 or a number of workers, not ${JSON.stringify(value)}`;
  if (
    error.keyword === 'additionalProperties' &&
    /^\/rules\/\d+\/schema$/.test(error.instancePath) &&
    isInlineSchema(value)
  )
    return `${where}: a schema is given by its file's path (or { "path", "severity" }); save this inline schema in a file and name it`;
  if (error.keyword === 'additionalProperties') return `${where}: unknown key "${error.params.additionalProperty}"`;
  if (error.keyword === 'enum')
    return `${where} must be one of ${error.params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  if (error.keyword === 'pattern') return describePattern(error, value, where);
  // A oneOf of types (`bail`: boolean or integer) fails once per branch: name every type, not the first.
  const types = kept.filter((e) => isType(e) && e.instancePath === error.instancePath).map((e) => e.params.type);
  if (isType(error) && types.length > 1) return `${where} must be ${types.join(' or ')}`;
  return `${where} ${error.message}`;
}

// A rule's "schema" written as a JSON Schema, not as its file: it holds one of the keywords a schema
// begins with.
const SCHEMA_KEYWORDS = [
  '$schema',
  '$id',
  '$ref',
  '$defs',
  'definitions',
  'type',
  'properties',
  'required',
  'items',
  'additionalProperties',
  'patternProperties',
  'enum',
  'const',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'title',
  'description',
];
const isInlineSchema = (value) => SCHEMA_KEYWORDS.some((keyword) => Object.hasOwn(value, keyword));

// A pattern said in words: the validator knows only the regular expression.
function describePattern(error, value, where) {
  if (error.params.pattern === '\\S') return `${where} must not be blank`;
  if (/^\/rules\/\d+\/require\/\d+(\/key)?$/.test(error.instancePath)) {
    try {
      parseKeySpec(value);
    } catch (specError) {
      return `${where}: ${specError.message}`;
    }
  }
  if (error.params.pattern === POINTER_PATTERN) return describePointer(value, where);
  return `${where}: ${JSON.stringify(value)} is not valid here`;
}

// The config schema's JSON pointer (unique, references…): a key written as it is ("slug") is the
// common mistake.
const POINTER_PATTERN = '^(/([^~]|~[01])*)*$|^(/([^~]|~[01])*)*/([^~/]|~[01])+~$'; // the schema's: a trailing ~ matches keys
function describePointer(value, where) {
  const shown = JSON.stringify(value);
  if (!value.startsWith('/')) {
    const meant = new RegExp(POINTER_PATTERN).test(`/${value}`)
      ? ` (did you mean ${JSON.stringify(`/${value}`)}?)`
      : '';
    return `${where}: ${shown} is not a JSON pointer, which starts with "/"${meant}`;
  }
  return `${where}: ${shown} is not a JSON pointer: a "~" in a key is written ~0, a "/" ~1 (a "~" at its end matches keys: "/*~")`;
}

function valueAt(data, pointer) {
  return pointer
    .split('/')
    .slice(1)
    .reduce((value, key) => value?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], data);
}
