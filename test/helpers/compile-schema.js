// The json-schema validator's tests (test/json-schema/, a file for each module of
// validators/json-schema/): a schema tree written and compiled, and the problems it reports.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createJsonSchemaValidator } from '../../validators/json-schema/json-schema.js';
import { REPO } from './cli.js';

/** A temporary folder, removed when the test ends. */
export function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-json-schema-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Writes `files` (name ─▶ JSON value) into a temp dir and compiles `schema` from there.
 * @returns {Promise<{ validate(doc: unknown): object[], warnings: string[], dir: string }>}
 */
export async function compile(
  t,
  files,
  { schema = 'schema.json', refs = [], ajv = {}, base = REPO, dir = tempDir(t) } = {},
) {
  for (const [name, value] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), JSON.stringify(value, null, 2));
  }
  const warnings = [];
  const validator = await createJsonSchemaValidator(
    { schema: path.join(dir, schema), refs: refs.map((ref) => path.join(dir, ref)), ajv, base },
    { warn: (message) => warnings.push(message), display: (file) => path.relative(dir, file) },
  );
  assert.equal(validator.name, 'json-schema');
  // Every problem names the schema that found it, by its display path, and a failing one its ajv
  // keyword (the loader's test in test/json-schema/json-schema.test.js sees both); the tests compare the rest.
  const validate = (doc) =>
    validator.validate(doc).map(({ schema: named, keyword, ...rest }) => {
      assert.equal(named, schema);
      if (rest.kind === 'invalid') assert.equal(typeof keyword, 'string');
      return rest;
    });
  return { validate, warnings, dir };
}

/** The problem json-schema reports. */
export const problem = (pointer, message) => ({ validator: 'json-schema', message, pointer, kind: 'invalid' });
/** One about a property that should not be there: placed on its key. */
export const extraKey = (pointer, message) => ({ ...problem(pointer, message), atKey: true });

/** Meta-schema URLs, as a $schema names them. */
export const D04 = 'http://json-schema.org/draft-04/schema#';
export const D07 = 'http://json-schema.org/draft-07/schema#';
export const D2020 = 'https://json-schema.org/draft/2020-12/schema';
