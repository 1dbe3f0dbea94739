// validators/json-schema/ajv-instance.js, through the json-schema validator: the dialect each $schema
// names (every spelling, an unknown one, a custom meta-schema, OpenAPI 3.1's), and ajv.plugins.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { REPO } from '../helpers/cli.js';
import { compile, problem, extraKey, tempDir } from '../helpers/compile-schema.js';

// ── dialects ────────────────────────────────────────────────────────────────────────────────────

test('draft-04: `id` and a boolean exclusiveMinimum', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-04/schema#',
      id: 'https://example.com/d4.json',
      type: 'object',
      properties: { n: { $ref: '#/definitions/positive' } },
      definitions: { positive: { type: 'number', minimum: 0, exclusiveMinimum: true } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ n: 0.5 }), []);
  assert.deepEqual(validate({ n: 0 }), [problem('/n', 'must be > 0')]);
});

test('draft-06: a numeric exclusiveMinimum and const', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-06/schema#',
      properties: { n: { exclusiveMinimum: 0 }, c: { const: 'x' } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ n: 1, c: 'x' }), []);
  assert.deepEqual(validate({ n: 0, c: 'y' }), [problem('/n', 'must be > 0'), problem('/c', 'must be equal to "x"')]);
});

test('draft-07: if / then', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-07/schema#',
      if: { properties: { kind: { const: 'page' } } },
      then: { required: ['title'] },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ kind: 'page', title: 't' }), []);
  assert.deepEqual(validate({ kind: 'note' }), []);
  // What `then` asks says it all: ajv's "must match "then" schema" after it is left out.
  assert.deepEqual(validate({ kind: 'page' }), [problem('', 'must have required property "title"')]);
});

test('2019-09: $defs and unevaluatedProperties', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $defs: { count: { type: 'integer' } },
      type: 'object',
      allOf: [{ properties: { a: { $ref: '#/$defs/count' } } }],
      unevaluatedProperties: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), []);
  assert.deepEqual(validate({ a: 1.5, b: 2 }), [
    problem('/a', 'must be integer'),
    extraKey('/b', 'must NOT have unevaluated property "b"'),
  ]);
});

test('2020-12: prefixItems', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'array',
      prefixItems: [{ type: 'string' }, { type: 'number' }],
      items: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a', 1]), []);
  assert.deepEqual(validate([1, 'a']), [problem('/0', 'must be string'), problem('/1', 'must be number')]);
  assert.deepEqual(validate(['a', 1, 2]), [problem('', 'must NOT have more than 2 items')]);
});

test('no $schema: draft-07 (array-form items is a tuple; prefixItems is unknown)', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { type: 'array', items: [{ type: 'string' }], prefixItems: [{ type: 'number' }] },
  });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keyword "prefixItems" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate(['a', 1]), []);
  assert.deepEqual(validate([1]), [problem('/0', 'must be string')]);
});

test('"http://json-schema.org/schema#" (the latest dialect) is validated as 2020-12', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': { $schema: 'http://json-schema.org/schema#', prefixItems: [{ type: 'string' }] },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a']), []);
  assert.deepEqual(validate([1]), [problem('/0', 'must be string')]);
});

// Found by test/reliability/fuzz-agreement.test.js: the dialect was recognised, then ajv rejected
// the schema ("no schema with key or ref") because it knows each meta-schema under one spelling.
test('a known dialect is accepted in every spelling: http or https, with or without "#"', async (t) => {
  const dialects = [
    ['json-schema.org/draft-04/schema', { minimum: 0, exclusiveMinimum: true }, 0, ['must be > 0']],
    ['json-schema.org/draft-06/schema', { exclusiveMinimum: 0 }, 0, ['must be > 0']],
    ['json-schema.org/draft-07/schema', { if: { minimum: 0 }, then: { multipleOf: 2 } }, 1, ['must be multiple of 2']],
    ['json-schema.org/draft/2019-09/schema', { maximum: 0 }, 1, ['must be <= 0']],
    ['json-schema.org/draft/2020-12/schema', { maximum: 0 }, 1, ['must be <= 0']],
  ];
  for (const [uri, keywords, bad, messages] of dialects) {
    for (const spelling of [`http://${uri}`, `https://${uri}`, `http://${uri}#`, `https://${uri}#`]) {
      const { validate, warnings } = await compile(t, {
        'schema.json': { $schema: spelling, type: 'number', ...keywords },
      });
      assert.deepEqual(warnings, [], spelling);
      assert.deepEqual(
        validate(bad),
        messages.map((message) => problem('', message)),
        spelling,
      );
    }
  }
  // A schema read for a $ref, and a preloaded one, too.
  const https07 = 'https://json-schema.org/draft-07/schema#';
  const { validate } = await compile(
    t,
    {
      'schema.json': {
        $schema: https07,
        properties: { a: { $ref: './common.json' }, b: { $ref: 'https://example.com/pre.json' } },
      },
      'common.json': { $schema: https07, type: 'string' },
      'pre.json': { $schema: https07, $id: 'https://example.com/pre.json', type: 'integer' },
    },
    { refs: ['pre.json'] },
  );
  assert.deepEqual(validate({ a: 1, b: 'x' }), [problem('/a', 'must be string'), problem('/b', 'must be integer')]);
});

test('an unknown $schema warns and is validated as draft-07', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://example.com/my-dialect',
      type: 'object',
      required: ['a'],
      if: { required: ['x'] },
      then: { required: ['y'] },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown $schema "https://example.com/my-dialect", validating it as draft-07',
  ]);
  assert.deepEqual(validate({ a: 1 }), []);
  assert.deepEqual(validate({}), [problem('', 'must have required property "a"')]);
  assert.deepEqual(validate({ a: 1, x: 1 }), [problem('', 'must have required property "y"')]);
});

test("a $schema naming a custom meta-schema among the refs is read in that meta-schema's own dialect, in the root and in the files its $refs reach", async (t) => {
  const meta = (id, $schema) => ({
    $schema,
    $id: id,
    $vocabulary: { 'https://json-schema.org/draft/2020-12/vocab/core': true },
    allOf: [{ $ref: $schema }],
  });
  const { validate, warnings } = await compile(
    t,
    {
      'meta.json': meta('https://example.com/meta-2020', 'https://json-schema.org/draft/2020-12/schema'),
      // A meta-schema of a meta-schema: the dialect is that of the first one filecheck knows.
      'meta-of-meta.json': meta('https://example.com/meta-of-meta', 'https://example.com/meta-2020'),
      'schema.json': {
        $schema: 'https://example.com/meta-2020',
        prefixItems: [{ type: 'string' }],
        items: { $ref: 'item.json' },
      },
      'item.json': { $schema: 'https://example.com/meta-of-meta', type: 'object', dependentRequired: { a: ['b'] } },
    },
    { refs: ['meta.json', 'meta-of-meta.json'] },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate(['a', { a: 1, b: 2 }]), []);
  assert.deepEqual(validate([1, { a: 1 }]), [
    problem('/0', 'must be string'),
    problem('/1', 'must have property "b" when property "a" is present'),
  ]);
});

// ── dialects filecheck does not know ────────────────────────────────────────────────────────────

test("OpenAPI 3.1's dialect is 2020-12", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://spec.openapis.org/oas/3.1/dialect/base',
      properties: { t: { prefixItems: [{ type: 'string' }] } },
      unevaluatedProperties: false,
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1, t: [1] }), [
    problem('/t/0', 'must be string'),
    extraKey('/a', 'must NOT have unevaluated property "a"'),
  ]);
});

test('a schema of an unknown $schema that fails says it was read as draft-07', async (t) => {
  await assert.rejects(
    compile(t, {
      'schema.json': { $schema: 'http://json-schema.org/draft-02/schema#', properties: { a: { required: true } } },
    }),
    {
      name: 'UsageError',
      message:
        'schema schema.json:5:19 is invalid: /properties/a/required must be array (unknown $schema "http://json-schema.org/draft-02/schema#", validating it as draft-07)',
    },
  );
});

// ── plugins ─────────────────────────────────────────────────────────────────────────────────────

test('ajv.plugins: ajv-errors gives errorMessage its message', async (t) => {
  const { validate, warnings } = await compile(
    t,
    {
      'schema.json': {
        type: 'object',
        properties: { title: { type: 'string', minLength: 1, errorMessage: 'title must be non-empty text' } },
      },
    },
    { ajv: { plugins: ['ajv-errors'] } },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ title: 'ok' }), []);
  assert.deepEqual(validate({ title: '' }), [problem('/title', 'title must be non-empty text')]);
  assert.deepEqual(validate({ title: 3 }), [problem('/title', 'title must be non-empty text')]);
});

test('ajv.plugins: a plugin given as [name, options]', async (t) => {
  const { validate } = await compile(
    t,
    {
      'schema.json': {
        type: 'object',
        properties: { n: { type: 'number', errorMessage: { type: 'n must be a number' } } },
      },
    },
    { ajv: { plugins: [['ajv-errors', { singleError: true }]] } },
  );
  assert.deepEqual(validate({ n: 'x' }), [problem('/n', 'n must be a number')]);
});

test('ajv.plugins: a plugin that is not installed is a UsageError saying how to install its package; a file that is not there is not found', async (t) => {
  for (const [plugin, why] of [
    ['filecheck-no-such-plugin', 'not installed (npm install -D filecheck-no-such-plugin)'],
    ['filecheck-no-such-plugin/dist/keyword', 'not installed (npm install -D filecheck-no-such-plugin)'],
    ['@filecheck/no-such-plugin/keyword', 'not installed (npm install -D @filecheck/no-such-plugin)'],
    ['./plugins/no-such-plugin.js', 'not found'],
  ]) {
    await assert.rejects(compile(t, { 'schema.json': { type: 'object' } }, { ajv: { plugins: [plugin] } }), {
      name: 'UsageError',
      message: `ajv plugin "${plugin}" cannot be loaded from ${REPO}: ${why}`,
    });
  }
});

test("ajv.plugins are resolved from the rule's base, not from filecheck", async (t) => {
  const dir = tempDir(t); // no node_modules here or above
  await assert.rejects(
    compile(t, { 'schema.json': { type: 'object' } }, { ajv: { plugins: ['ajv-errors'] }, base: dir, dir }),
    {
      name: 'UsageError',
      message: `ajv plugin "ajv-errors" cannot be loaded from ${dir}: not installed (npm install -D ajv-errors)`,
    },
  );
});

test('ajv.plugins: a plugin that loads its own copy of ajv is refused, naming both copies', async (t) => {
  // The plugin builds code with its ajv's classes, which filecheck's copy takes for plain values:
  // here `${cxt.data}` becomes {"str":"data"}, and every number would fail "even".
  const ours = path.dirname(createRequire(import.meta.url).resolve('ajv/package.json'));
  const project = (ajv) => {
    const dir = tempDir(t);
    const modules = path.join(dir, 'node_modules');
    fs.mkdirSync(path.join(modules, 'even-keyword'), { recursive: true });
    ajv(path.join(modules, 'ajv'));
    fs.writeFileSync(
      path.join(modules, 'even-keyword', 'index.js'),
      [
        "const { _ } = require('ajv');",
        "module.exports = (ajv) => ajv.addKeyword({ keyword: 'even', type: 'number', code(cxt) { cxt.fail(_`${cxt.data} % 2 !== 0`); } });",
      ].join('\n'),
    );
    return { ajv: { plugins: ['even-keyword'] }, base: dir, dir };
  };
  const copied = project((folder) => {
    fs.cpSync(ours, folder, { recursive: true });
    for (const dependency of Object.keys(
      JSON.parse(fs.readFileSync(path.join(ours, 'package.json'), 'utf8')).dependencies,
    )) {
      fs.symlinkSync(path.join(ours, '..', dependency), path.join(folder, '..', dependency));
    }
  });
  const { version } = JSON.parse(fs.readFileSync(path.join(ours, 'package.json'), 'utf8'));
  const schema = { 'schema.json': { properties: { n: { even: true } } } };
  await assert.rejects(compile(t, schema, copied), {
    name: 'UsageError',
    message:
      `ajv plugin "even-keyword" uses its own copy of ajv (${version} at ${path.join(copied.dir, 'node_modules', 'ajv')}), not filecheck's (${version} at ${ours}): ` +
      `the code it builds would not work; filecheck runs from ${path.resolve(REPO)}, not from the project: install it there (npm install --save-dev filecheck) so that both resolve one ajv`,
  });
  // Sharing filecheck's copy (linked, as npm workspaces and pnpm do), the same plugin works.
  const { validate } = await compile(
    t,
    schema,
    project((folder) => fs.symlinkSync(ours, folder)),
  );
  assert.deepEqual(validate({ n: 2 }), []);
  assert.deepEqual(
    validate({ n: 3 }).map((p) => p.pointer),
    ['/n'],
  );
});

test('ajv.plugins: a plugin whose own dependency is missing says which, not "not installed"', async (t) => {
  const dir = tempDir(t);
  fs.mkdirSync(path.join(dir, 'node_modules', 'needs-more'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'node_modules', 'needs-more', 'index.js'),
    "require('filecheck-no-such-dependency');\nmodule.exports = () => {};\n",
  );
  await assert.rejects(compile(t, { 'schema.json': {} }, { ajv: { plugins: ['needs-more'] }, base: dir, dir }), {
    name: 'UsageError',
    message: `ajv plugin "needs-more" cannot be loaded from ${dir}: Cannot find module 'filecheck-no-such-dependency'`,
  });
});
