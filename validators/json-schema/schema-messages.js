// One ajv error ──▶ the sentence a person reads: what is wrong, with the values it names.

/**
 * @param {import('ajv').ErrorObject} error
 * @returns {string} "must …", as ajv words its own messages
 */
export function describe(error) {
  const { keyword, params, message } = error;
  if (keyword === 'required') return `must have required property ${quotedKey(params.missingProperty)}`;
  if (keyword === 'additionalProperties')
    return `must NOT have additional property ${quotedKey(params.additionalProperty)}`;
  if (keyword === 'unevaluatedProperties')
    return `must NOT have unevaluated property ${quotedKey(params.unevaluatedProperty)}`;
  // One error per property missing (ajv's message lists all the dependency's, unquoted).
  if (keyword === 'dependencies' || keyword === 'dependentRequired')
    return `must have property ${quotedKey(params.missingProperty)} when property ${quotedKey(params.property)} is present`;
  if (keyword === 'enum')
    return Array.isArray(params.allowedValues) && params.allowedValues.length === 1
      ? `must be equal to ${JSON.stringify(params.allowedValues[0])}`
      : `must be one of ${listOf(params.allowedValues)}`;
  if (keyword === 'const') return `must be equal to ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'format') {
    const form = FORMS[params.format];
    return `must match format "${params.format}"${form ? ` (${form})` : ''}`;
  }
  if (keyword === 'pattern') return KNOWN_PATTERNS.get(spelledOut(params.pattern)) ?? message ?? keyword;
  if (keyword === 'not') return notMatching(error);
  if (keyword === 'false schema') {
    const key = /\/properties\/([^/]+)\/false schema$/.exec(error.schemaPath)?.[1];
    return key === undefined ? 'is not allowed here' : `property ${quotedKey(schemaPathKey(key))} is not allowed here`;
  }
  if (keyword === 'contains') return containing(params, error.schemaPath);
  if (keyword === 'type')
    return `must be ${typeof params.type === 'string' && !params.type.includes(',') ? params.type : orList(typesOf(error))}`;
  return message ?? keyword;
}

// A `not`: what its schema matches, when that is a list of properties or of values (ajv's verbose
// errors carry it), else where that schema is.
function notMatching({ schema, schemaPath }) {
  const keys = schema && typeof schema === 'object' ? Object.keys(schema) : [];
  if (keys.length === 1 && Array.isArray(schema.required) && schema.required.length) {
    const names = schema.required.map((name) => JSON.stringify(name));
    if (names.length === 1) return `must not have ${names[0]}`;
    return `must not have ${names.length === 2 ? 'both' : 'all of'} ${andList(names)}`;
  }
  if (keys.length === 1 && Array.isArray(schema.enum) && schema.enum.length)
    return `must not be ${schema.enum.length === 1 ? '' : 'any of '}${listOf(schema.enum)}`;
  if (keys.length === 1 && 'const' in schema) return `must not be ${JSON.stringify(schema.const)}`;
  return `must not match the schema at ${readable(schemaPath)}`;
}

// `contains`, with minContains and maxContains: how many items must match its schema.
function containing({ minContains: min = 1, maxContains: max }, schemaPath) {
  const items = (n) => `${n} ${n === 1 ? 'item' : 'items'}`;
  const count =
    max === undefined
      ? min === 1
        ? 'an item'
        : `at least ${items(min)}`
      : min === max
        ? `exactly ${items(max)}`
        : min === 0
          ? `at most ${items(max)}`
          : `between ${min} and ${items(max)}`;
  return `must contain ${count} matching the schema at ${readable(schemaPath)}`;
}

// A schemaPath as a JSON pointer, not URI-encoded: `#/patternProperties/^n`.
function readable(schemaPath) {
  try {
    return decodeURIComponent(schemaPath);
  } catch {
    return schemaPath;
  }
}

/** A key as ajv writes it in a schemaPath: a JSON pointer's token, URI-encoded. */
export function schemaPathKey(token) {
  let key = token;
  try {
    key = decodeURIComponent(token);
  } catch {
    // not encoded after all
  }
  return key.replaceAll('~1', '/').replaceAll('~0', '~');
}

/** A property's name as a message quotes it: a JSON string, whatever quotes or backslashes it holds. */
export const quotedKey = (key) => JSON.stringify(key);

/** "a", "a and b", "a, b and c" */
export const andList = (words) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;

// What the formats filecheck checks (string-formats.cjs) expect, briefly, with an example: a name
// such as "duration" does not say that `5min` is not one and `PT5M` is.
const FORMS = {
  date: 'YYYY-MM-DD, such as 2024-01-05',
  time: 'hh:mm:ss with an offset, such as 10:00:00Z',
  'date-time': 'RFC 3339, such as 2024-01-05T10:00:00Z',
  'iso-time': 'hh:mm:ss, such as 10:00:00',
  'iso-date-time': 'such as 2024-01-05T10:00:00',
  duration: 'ISO 8601, such as PT5M',
  uri: 'an absolute URI, such as https://example.com/a',
  'uri-reference': 'a URI or a relative reference, such as ../a',
  'uri-template': 'RFC 6570, such as /users/{id}',
  url: 'such as https://example.com/a',
  iri: 'an absolute IRI, such as https://example.com/ä',
  'iri-reference': 'an IRI or a relative reference, such as ../ä',
  email: 'such as name@example.com',
  'idn-email': 'such as name@bücher.example',
  hostname: 'such as example.com',
  'idn-hostname': 'such as bücher.example',
  ipv4: 'such as 192.168.0.1',
  ipv6: 'such as 2001:db8::1',
  uuid: 'such as 123e4567-e89b-12d3-a456-426614174000',
  regex: 'a regular expression',
  'json-pointer': 'such as /a/0',
  'json-pointer-uri-fragment': 'such as #/a/0',
  'relative-json-pointer': 'such as 0/a',
  byte: 'base64',
  int32: 'a 32-bit integer',
  int64: 'a 64-bit integer',
  'css21-color': 'a CSS 2.1 color name, #rgb or #rrggbb',
};

// Patterns whose meaning is known, in words, rather than a regular expression a person has to read
// (and one whose raw line breaks would cut an annotation in two): SchemaStore's GitHub workflow and
// action schemas' `${{ }}` expressions (expressionSyntax, stringContainingExpressionSyntax). Keyed by
// the pattern spelled out: line breaks as `\r`/`\n` whether the schema has them raw or escaped,
// braces unescaped (the schemas escape them for Unicode mode).
const KNOWN_PATTERNS = new Map(
  [
    ['^\\$\\{\\{(.|[\\r\\n])*\\}\\}$', 'must be a ${{ }} expression'],
    ['^.*\\$\\{\\{(.|[\\r\\n])*\\}\\}.*$', 'must contain a ${{ }} expression'],
  ].map(([pattern, words]) => [spelledOut(pattern), words]),
);

function spelledOut(pattern) {
  return String(pattern)
    .replace(/\r/g, '\\r')
    .replace(/\n/g, '\\n')
    .replace(/\\([{}])/g, '$1');
}

/** @returns {unknown[] | undefined} the values an enum or const error allows, undefined for another error */
export const allowedValues = ({ keyword, params }) =>
  keyword === 'enum' ? params.allowedValues : keyword === 'const' ? [params.allowedValue] : undefined;

/** @returns {string[]} the types a `type` error asks for */
export const typesOf = ({ params: { type } }) => (Array.isArray(type) ? type : String(type).split(','));

/** "a", "a or b", "a, b or c" */
export const orList = (words) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

const LIST_CHARS = 200;
/** An enum's values, all of them while the list is short enough to read on one line; a long one up
 * to that length, with a count of the rest: `"a", "b" … and 16 more`. */
export function listOf(values) {
  const shown = values.map((value) => JSON.stringify(value));
  if (shown.join(', ').length <= LIST_CHARS) return shown.join(', ');
  let length = 0;
  let count = 0;
  while (count < shown.length - 1 && length + shown[count].length + 2 <= LIST_CHARS)
    length += shown[count++].length + 2;
  return `${shown.slice(0, Math.max(count, 1)).join(', ')} … and ${shown.length - Math.max(count, 1)} more`;
}
