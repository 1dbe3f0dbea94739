// schema/filecheckrc.validate.js: generated from the schema, and the schema itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import validate from '../../schema/filecheckrc.validate.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const read = (file) => fs.readFileSync(new URL(`../../${file}`, import.meta.url));

test('the committed validator is what scripts/build-config-validator.js generates (run npm run build:config-validator)', () => {
  const generated = execFileSync(process.execPath, ['scripts/build-config-validator.js'], { cwd: REPO });
  assert.ok(generated.length > 1000, 'the script printed a validator');
  assert.ok(generated.equals(read('schema/filecheckrc.validate.js')), 'schema/filecheckrc.validate.js is stale');
});

test("the schema accepts the repository's own .filecheckrc.json", () => {
  const config = JSON.parse(read('.filecheckrc.json'));
  assert.equal(validate(config), true, JSON.stringify(validate.errors));
  assert.equal(validate.errors, null);
});

test('the schema accepts a config without rules: a catalog says what to check (load-config.js refuses one with neither)', () => {
  assert.equal(validate({ catalog: 'schemas/catalog.json' }), true, JSON.stringify(validate.errors));
  assert.equal(validate({}), true, JSON.stringify(validate.errors));
});

test('the schema accepts a config that uses every key', () => {
  const config = {
    $schema: './schema/filecheckrc.schema.json',
    rules: [
      {
        name: 'docs',
        files: ['content/**/*.json'],
        ignore: ['content/drafts/**'],
        require: ['a.b:string', 'n:integer', 'plain'],
        schema: 'doc.schema.json',
        refs: ['schemas/*.json'],
        validators: ['./v.js', { module: './w.js', options: { max: 1 } }, { module: 'pkg' }],
        ajv: {
          formats: false,
          keywords: ['tsType'],
          plugins: ['ajv-errors', ['ajv-keywords', ['typeof']]],
          strict: 'log',
          allErrors: false,
          coerceTypes: true,
        },
      },
    ],
    ignore: ['tmp/**'],
    bail: 3,
    reporters: ['default', 'json:out/report.json', 'junit:out/filecheck.xml', 'github'],
    passWithNoFiles: true,
    schemaFromDocument: true,
    catalog: ['schemas/catalog.json', 'mirror/catalog.json'],
  };
  config.rules.push({ files: ['config/**/*.json'], schemaFromDocument: false });
  assert.equal(validate(config), true, JSON.stringify(validate.errors));
  assert.equal(validate({ rules: [], catalog: 'schemas/catalog.json' }), true, 'one catalog');
  assert.equal(validate({ rules: [{ files: ['x'] }], bail: true }), true);
});

test('the schema rejects bad configs, at the right place', async (t) => {
  const cases = [
    ['rules not an array', { rules: {} }, '/rules', 'type'],
    ['a rule without files', { rules: [{ name: 'x' }] }, '/rules/0', 'required'],
    ['a rule with no file globs', { rules: [{ files: [] }] }, '/rules/0/files', 'minItems'],
    ['a blank glob', { rules: [{ files: ['  '] }] }, '/rules/0/files/0', 'pattern'],
    ['an unknown rule key', { rules: [{ files: ['x'], schemas: 'a.json' }] }, '/rules/0', 'additionalProperties'],
    ['an unknown top-level key', { rules: [], reporter: ['json'] }, '', 'additionalProperties'],
    ['an unknown require type', { rules: [{ files: ['x'], require: ['a:str'] }] }, '/rules/0/require/0', 'pattern'],
    [
      'a validator object without module',
      { rules: [{ files: ['x'], validators: [{ options: {} }] }] },
      '/rules/0/validators/0',
      'required',
    ],
    ['an unknown formats mode', { rules: [{ files: ['x'], ajv: { formats: 'all' } }] }, '/rules/0/ajv/formats', 'enum'],
    [
      'a strict mode that is not true, false or "log"',
      { rules: [{ files: ['x'], ajv: { strict: 'yes' } }] },
      '/rules/0/ajv/strict',
      'enum',
    ],
    [
      'a plugin tuple with three items',
      { rules: [{ files: ['x'], ajv: { plugins: [['a', {}, 1]] } }] },
      '/rules/0/ajv/plugins/0',
      'maxItems',
    ],
    ['a negative bail', { rules: [], bail: -1 }, '/bail', 'type'],
    ['an unknown reporter', { rules: [], reporters: ['xml'] }, '/reporters/0', 'enum'],
    ['a github reporter with a file', { rules: [], reporters: ['github:out.txt'] }, '/reporters/0', 'enum'],
    ['a reporter with an empty file', { rules: [], reporters: ['junit:'] }, '/reporters/0', 'enum'],
    ['passWithNoFiles as a string', { rules: [], passWithNoFiles: 'yes' }, '/passWithNoFiles', 'type'],
    [
      'schemaFromDocument as a string',
      { rules: [{ files: ['x'], schemaFromDocument: 'yes' }] },
      '/rules/0/schemaFromDocument',
      'type',
    ],
    ['a blank catalog', { rules: [], catalog: ' ' }, '/catalog', 'pattern'],
    [
      'a severity ESLint would not take',
      { rules: [{ files: ['x'], severity: 'warning' }] },
      '/rules/0/severity',
      'enum',
    ],
    [
      'an unknown type in a required key with a severity',
      { rules: [{ files: ['x'], require: [{ key: 'a:str', severity: 'warn' }] }] },
      '/rules/0/require/0/key',
      'pattern',
    ],
    [
      'a schema object with an unknown key',
      { rules: [{ files: ['x'], schema: { file: 'a.json' } }] },
      '/rules/0/schema',
      'additionalProperties',
    ],
  ];
  for (const [why, config, instancePath, keyword] of cases) {
    await t.test(why, () => {
      assert.equal(validate(config), false);
      assert.deepEqual(
        validate.errors
          .filter((e) => e.keyword !== 'if' && e.keyword !== 'oneOf')
          .map((e) => [e.instancePath, e.keyword])[0],
        [instancePath, keyword],
      );
    });
  }
});

test('the schema accepts a severity on a rule and on each check', () => {
  const severity = 'warn';
  const rule = {
    files: ['x'],
    severity: 'off',
    require: ['a', { key: 'b:string', severity }],
    schema: { path: 's.json', severity },
    validators: ['./a.js', { module: './b.js', options: {}, severity }],
    unique: ['/slug', { pointer: '/id', severity }],
    references: [{ from: '/a', to: '/id', severity }],
    sameKeysAs: { source: 'en.json', severity, missing: 'error' },
  };
  assert.equal(validate({ rules: [rule, { files: ['y'], schemaFromDocument: true, schema: { severity } }] }), true);
});

test('the schema accepts the require specs that parseKeySpec accepts (an escaped colon or dot), and rejects an unknown type', () => {
  assert.equal(
    validate({ rules: [{ files: ['x'], require: ['urn\\:isbn', 'a\\:b:string', 'a\\.b.c:integer'] }] }),
    true,
  );
  for (const spec of ['urn:isbn', 'a:int', 'a:b\\:c', ':string'])
    assert.equal(validate({ rules: [{ files: ['x'], require: [spec] }] }), false, spec);
});

test("unique's description names the values unique.js takes part with, and those it ignores", async () => {
  const { uniqueCollector } = await import('../../validators/across-files/unique.js');
  const { collect } = uniqueCollector({ id: 0, name: 'r' }, ['/v']);
  const values = { strings: 'a', numbers: 1, booleans: true, null: null, objects: {}, arrays: [] };
  const takePart = Object.keys(values).filter((kind) => collect({ v: values[kind] }) !== undefined);
  const ignored = Object.keys(values).filter((kind) => !takePart.includes(kind));
  const schema = JSON.parse(read('schema/filecheckrc.schema.json'));
  const { description } = schema.definitions.rule.properties.unique;
  const [, said, saidIgnored] = /(\w[\w ,]*) take part \(.*?\); ([\w ,]+) are ignored/.exec(description) ?? [];
  const words = (text) => (text ?? '').split(/, | and /).map((word) => word.toLowerCase());
  assert.deepEqual(words(said).sort(), takePart.sort(), description);
  assert.deepEqual(words(saidIgnored).sort(), ignored.sort(), description);
});
