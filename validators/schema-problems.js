// What ajv reports of a document ──▶ filecheck's Problems: one per place and message, worded
// for the person who fixes the file.

/**
 * ajv errors ──▶ Problems, with messages that name what is wrong.
 * @param {import('ajv').ErrorObject[]} errors
 * @returns {import('../runner/check-file.js').Problem[]}
 */
export function toProblems(errors) {
  const seen = new Set();
  const problems = [];
  for (const error of errors) {
    const problem = { validator: 'json-schema', message: describe(error), pointer: error.instancePath, kind: 'invalid' };
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      // The extra property's key is what is wrong, whatever its value.
      const extra = error.params.additionalProperty ?? error.params.unevaluatedProperty;
      problem.pointer += `/${String(extra).replace(/~/g, '~0').replace(/\//g, '~1')}`;
      problem.atKey = true;
    }
    const key = `${problem.pointer}\0${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function describe(error) {
  const { keyword, params, message } = error;
  if (keyword === 'required') return `must have required property "${params.missingProperty}"`;
  if (keyword === 'additionalProperties') return `must NOT have additional property "${params.additionalProperty}"`;
  if (keyword === 'unevaluatedProperties') return `must NOT have unevaluated property "${params.unevaluatedProperty}"`;
  if (keyword === 'enum') return `must be one of ${listOf(params.allowedValues)}`;
  if (keyword === 'const') return `must be equal to ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'format') return `must match format "${params.format}"`;
  return message ?? keyword;
}

// An enum's values, all of them while the list is short enough to read on one line; a long one up
// to that length, with a count of the rest.
const LIST_CHARS = 200;
function listOf(values) {
  const shown = values.map((value) => JSON.stringify(value));
  if (shown.join(', ').length <= LIST_CHARS) return shown.join(', ');
  let length = 0;
  let count = 0;
  while (count < shown.length - 1 && length + shown[count].length + 2 <= LIST_CHARS) length += shown[count++].length + 2;
  return `${shown.slice(0, Math.max(count, 1)).join(', ')} … and ${shown.length - Math.max(count, 1)} more`;
}
