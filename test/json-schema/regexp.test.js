// validators/json-schema/regexp.cjs, through the json-schema validator: a pattern that is not a valid
// Unicode regular expression, and one that is no regular expression at all.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem } from '../helpers/compile-schema.js';

// ── regular expressions ─────────────────────────────────────────────────────────────────────────

// From SchemaStore's azure-pipelines.json: `\:` is no escape in a Unicode regular expression.
const NOT_UNICODE = '^[^\\/~\\^\\: \\[\\]\\\\]+(\\/[^\\/~\\^\\: \\[\\]\\\\]+)*$';

test('a pattern that is not a valid Unicode regular expression: compiled without the u flag, with one warning naming where; the others keep it', async (t) => {
  const files = {
    'schema.json': {
      properties: { branch: { $ref: 'defs.json#/definitions/branch' }, e: { type: 'string', pattern: '^\\p{Lu}' } },
    },
    'defs.json': { definitions: { branch: { type: 'string', pattern: NOT_UNICODE } } },
  };
  const { validate, warnings } = await compile(t, files);
  assert.deepEqual(warnings, [
    'schema schema.json: the pattern at defs.json#/definitions/branch/pattern is not a valid Unicode regular expression (Invalid escape): such patterns are compiled without the u flag',
  ]);
  assert.deepEqual(validate({ branch: 'refs/heads/main', e: 'Émile' }), []);
  assert.deepEqual(validate({ branch: 'a:b', e: 'émile' }), [
    problem('/branch', `must match pattern "${NOT_UNICODE}"`),
    problem('/e', 'must match pattern "^\\p{Lu}"'),
  ]);
  await assert.rejects(compile(t, files, { ajv: { unicodeRegExp: true } }), {
    name: 'UsageError',
    message:
      'schema schema.json: defs.json:5:18 (reached by $ref) is invalid: /definitions/branch/pattern is not a valid Unicode regular expression (Invalid escape)',
  });
});

test('a pattern that is no regular expression at all is a UsageError naming where', async (t) => {
  await assert.rejects(compile(t, { 'schema.json': { patternProperties: { '^x-(': {} } } }), {
    name: 'UsageError',
    message:
      'schema schema.json:3:5 is invalid: /patternProperties/^x-( is not a valid regular expression (Unterminated group)',
  });
});
