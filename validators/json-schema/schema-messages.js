// One ajv error ──▶ the sentence a person reads: what is wrong, with the values it names.

/**
 * @param {import('ajv').ErrorObject} error
 * @returns {string} "must …", as ajv words its own messages
 */
export function describe(error) {
  const { keyword, params, message } = error;
  if (keyword === 'required') return `must have required property "${params.missingProperty}"`;
  if (keyword === 'additionalProperties') return `must NOT have additional property "${params.additionalProperty}"`;
  if (keyword === 'unevaluatedProperties') return `must NOT have unevaluated property "${params.unevaluatedProperty}"`;
  if (keyword === 'enum') return `must be one of ${listOf(params.allowedValues)}`;
  if (keyword === 'const') return `must be equal to ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'format') return `must match format "${params.format}"`;
  if (keyword === 'pattern') return KNOWN_PATTERNS.get(spelledOut(params.pattern)) ?? message ?? keyword;
  if (keyword === 'type')
    return `must be ${typeof params.type === 'string' && !params.type.includes(',') ? params.type : orList(typesOf(error))}`;
  return message ?? keyword;
}

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
