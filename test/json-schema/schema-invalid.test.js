// validators/json-schema/schema-invalid.js, through the json-schema validator: a schema that cannot be
// used is a UsageError saying which file, where in it and why.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createJsonSchemaValidator } from '../../validators/json-schema/json-schema.js';
import { REPO } from '../helpers/cli.js';
import { compile, tempDir, D04, D07, D2020 } from '../helpers/compile-schema.js';

// ── invalid schemas ─────────────────────────────────────────────────────────────────────────────

test('an invalid schema is a UsageError naming the file', async (t) => {
  await assert.rejects(compile(t, { 'bad.schema.json': { type: 'strnig' } }, { schema: 'bad.schema.json' }), {
    name: 'UsageError',
    message: `schema bad.schema.json:2:11 is invalid: /type must be one of ${TYPES}`,
  });
});

const TYPES = '"array", "boolean", "integer", "null", "number", "object", "string", or be array';

test("an invalid schema says where in its file, the keyword's path and what it allows, in every draft", async (t) => {
  for (const dialect of [
    D04,
    'http://json-schema.org/draft-06/schema#',
    D07,
    'https://json-schema.org/draft/2019-09/schema',
    D2020,
  ]) {
    // "type" of "a" is on line 5, its value at column 15.
    await assert.rejects(
      compile(t, { 'schema.json': { $schema: dialect, properties: { a: { type: 'strin' } } } }),
      {
        name: 'UsageError',
        message: `schema schema.json:5:15 is invalid: /properties/a/type must be one of ${TYPES}`,
      },
      dialect,
    );
  }
});

test("an invalid schema with several faults names the first three in the file's order, and counts the rest; a YAML schema is placed too", async (t) => {
  const dir = tempDir(t);
  const faults = {
    $schema: D04,
    properties: Object.fromEntries(['e', 'd', 'c', 'b', 'a'].map((key) => [key, { minLength: -1 }])),
  };
  fs.writeFileSync(path.join(dir, 'many.json'), JSON.stringify(faults, null, 2));
  fs.writeFileSync(path.join(dir, 's.yaml'), 'properties:\n  a:\n    type: strin\n');
  const rule = (schema) => ({ schema: path.join(dir, schema), refs: [], ajv: {}, base: REPO });
  const context = { warn() {}, display: (file) => path.relative(dir, file) };
  await assert.rejects(createJsonSchemaValidator(rule('many.json'), context), {
    name: 'UsageError',
    message:
      'schema many.json:5:20 is invalid: /properties/e/minLength must be >= 0; /properties/d/minLength must be >= 0; /properties/c/minLength must be >= 0; and 2 more',
  });
  await assert.rejects(createJsonSchemaValidator(rule('s.yaml'), context), {
    name: 'UsageError',
    message: `schema s.yaml:3:11 is invalid: /properties/a/type must be one of ${TYPES}`,
  });
});

test('a schema file that is not JSON, not an object or a boolean, a folder or missing is a UsageError naming the file as the run shows it, and where JSON breaks', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'broken.json'), '{\n  "type": ');
  fs.writeFileSync(path.join(dir, 'list.json'), '[{ "type": "object" }]');
  fs.mkdirSync(path.join(dir, 'folder.json'));
  const rule = (schema) => ({ schema: path.join(dir, schema), refs: [], ajv: {}, base: REPO });
  const context = { warn() {}, display: (file) => path.relative(dir, file) };
  await assert.rejects(createJsonSchemaValidator(rule('broken.json'), context), {
    name: 'UsageError',
    message: 'schema broken.json:2:11 is not valid JSON: Unexpected end of input',
  });
  await assert.rejects(createJsonSchemaValidator(rule('list.json'), context), {
    name: 'UsageError',
    message: 'schema list.json is not a schema: a schema file holds a JSON object or a boolean',
  });
  await assert.rejects(createJsonSchemaValidator(rule('folder.json'), context), {
    name: 'UsageError',
    message: 'cannot read schema folder.json: a folder, not a file',
  });
  await assert.rejects(createJsonSchemaValidator(rule('absent.json'), context), {
    name: 'UsageError',
    message: 'cannot read schema absent.json: no such file',
  });
});
