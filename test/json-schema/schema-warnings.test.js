// validators/json-schema/schema-warnings.js, through the json-schema validator: non-standard keywords,
// annotations that are no warning, and strictness.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem } from '../helpers/compile-schema.js';
import { makeTree, runCli } from '../helpers/cli.js';

// ── non-standard keywords and strictness ───────────────────────────────────────────────────────

const UI_WIDGET = {
  type: 'object',
  properties: { a: { type: 'string', uiWidget: 'Foo' }, b: { type: 'object', uiWidget: 'Bar' } },
};

test('$anchor (2019-09, 2020-12) is a keyword of the dialect, not an unknown one, and a $ref finds it', async (t) => {
  for (const dialect of [
    'https://json-schema.org/draft/2019-09/schema',
    'https://json-schema.org/draft/2020-12/schema',
  ]) {
    const { validate, warnings } = await compile(t, {
      'schema.json': {
        $schema: dialect,
        $defs: { n: { $anchor: 'count', type: 'integer' } },
        properties: { a: { $ref: '#count' } },
      },
    });
    assert.deepEqual(warnings, [], dialect);
    assert.deepEqual(validate({ a: 1 }), []);
    assert.deepEqual(validate({ a: 'x' }), [problem('/a', 'must be integer')]);
  }
});

test('errorMessage without the ajv-errors plugin: the warning names the plugin', async (t) => {
  const { warnings } = await compile(t, { 'schema.json': { type: 'string', errorMessage: 'a name, please' } });
  assert.deepEqual(warnings, [
    "schema schema.json: unknown keyword \"errorMessage\" is ignored: it is the ajv-errors plugin's (add it to the rule's or the config's ajv.plugins to show its messages)",
  ]);
});

test('a non-standard keyword warns once by default (naming it), and is ignored', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keyword "uiWidget" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate({ a: 'x', b: {} }), []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('several unknown keywords are one warning naming them all, in the order met', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      type: 'object',
      cli: 'nx',
      properties: { a: { type: 'string', alias: 'x', hidden: true }, b: { uiWidget: 'B', alias: 'y' } },
    },
  });
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keywords "cli", "alias", "hidden", "uiWidget" are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('hundreds of unknown keywords are one short warning: the first ten named, and how many more', async (t) => {
  const properties = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`p${i}`, { type: 'string', [`k${i}`]: true }]),
  );
  const { warnings } = await compile(t, { 'schema.json': { type: 'object', properties } });
  const ten = Array.from({ length: 10 }, (_, i) => `"k${i}"`).join(', ');
  assert.deepEqual(warnings, [
    `schema schema.json: unknown keywords ${ten} and 290 more are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
});

test("editor annotations (VS Code's markdownDescription, deprecationMessage…) and x- extension keywords are no warning: they never change what is valid", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      allowComments: true,
      allowTrailingCommas: true,
      properties: {
        a: {
          type: 'string',
          markdownDescription: '**a**',
          deprecationMessage: 'use b',
          'x-prompt': 'A?',
          'x-user-analytics': 'ep.ng_style',
        },
        b: {
          enum: ['x', 'y'],
          enumDescriptions: ['X', 'Y'],
          markdownEnumDescriptions: ['*X*', '*Y*'],
          enumSortTexts: ['1', '2'],
          enumDetails: ['x', 'y'],
        },
        c: {
          pattern: '^c',
          patternErrorMessage: 'starts with c',
          doNotSuggest: true,
          suggestSortText: '0',
          completionDetail: 'c',
          defaultSnippets: [{ body: 'c' }],
        },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1, b: 'z', c: 'd' }), [
    problem('/a', 'must be string'),
    problem('/b', 'must be one of "x", "y"'),
    problem('/c', 'must match pattern "^c"'),
  ]);
});

test("OpenAPI's annotations of a schema object (example, discriminator, xml, externalDocs), as AsyncAPI's definitions carry them, are no warning", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      properties: {
        pet: {
          type: 'object',
          discriminator: { propertyName: 'kind' },
          oneOf: [{ properties: { kind: { const: 'cat' } } }, { properties: { kind: { const: 'dog' } } }],
          example: { kind: 'cat' },
          xml: { name: 'pet' },
          externalDocs: { url: 'https://example.com/pets' },
        },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ pet: { kind: 'cat' } }), []);
});

test("code generators' annotations (json-schema-to-typescript's tsType, jsonschema2pojo's javaType…) and later drafts' annotations in a draft-04 schema are no warning", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'http://json-schema.org/draft-04/schema#',
      type: 'object',
      defaultProperties: [],
      properties: {
        bin: { type: 'string', tsType: 'string | Record<string, string>', examples: ['./cli.js'] },
        kind: { enum: ['a', 'b'], tsEnumNames: ['A', 'B'], deprecated: true, $comment: 'old' },
        when: { type: 'string', javaType: 'java.time.Instant', customDateTimePattern: 'yyyy', readOnly: true },
        logo: { type: 'string', contentMediaType: 'image/png', contentEncoding: 'base64', writeOnly: true },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ bin: 1, kind: 'c' }), [
    problem('/bin', 'must be string'),
    problem('/kind', 'must be one of "a", "b"'),
  ]);
});

test("a keyword of the ajv-keywords plugin (typeof, instanceof…) is named as the plugin's, apart from the other unknown keywords", async (t) => {
  const { warnings } = await compile(t, {
    'schema.json': {
      properties: {
        plugin: { instanceof: 'Function', uiWidget: 'Plugin' },
        rule: { oneOf: [{ typeof: 'function' }, { type: 'array' }] },
      },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown keywords "instanceof", "typeof" are ignored: they are the ajv-keywords plugin\'s (add it to the rule\'s or the config\'s ajv.plugins)',
    `schema schema.json: unknown keyword "uiWidget" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
  ]);
});

test("OpenAPI 3.0's nullable is a keyword JSON Schema does not know: ignored with a warning that says how JSON Schema allows null, never a schema refused", async (t) => {
  const files = {
    'schema.json': {
      properties: {
        a: { type: 'string', nullable: true },
        b: { nullable: true, allOf: [{ $ref: '#/definitions/s' }] },
        c: { type: 'null', nullable: false },
      },
      definitions: { s: { type: 'string' } },
    },
  };
  const { validate, warnings } = await compile(t, files);
  assert.deepEqual(warnings, [
    'schema schema.json: unknown keyword "nullable" is ignored: it is OpenAPI 3.0\'s (JSON Schema allows null with "type": ["string", "null"])',
  ]);
  assert.deepEqual(validate({ a: 'x', b: 'y', c: null }), []);
  assert.deepEqual(validate({ a: null, b: null }), [problem('/a', 'must be string'), problem('/b', 'must be string')]);
  assert.deepEqual((await compile(t, files, { ajv: { strict: false } })).warnings, []);
  await assert.rejects(compile(t, files, { ajv: { strict: true } }), {
    name: 'UsageError',
    message: /^schema schema\.json is invalid: .*unknown keyword: "nullable"/,
  });
});

test('ajv.keywords declares a non-standard keyword: no warning', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET }, { ajv: { keywords: ['uiWidget'] } });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('strict: false silences the warning', async (t) => {
  const { validate, warnings } = await compile(t, { 'schema.json': UI_WIDGET }, { ajv: { strict: false } });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('strict: true makes a non-standard keyword a UsageError', async (t) => {
  await assert.rejects(compile(t, { 'schema.json': UI_WIDGET }, { ajv: { strict: true } }), {
    name: 'UsageError',
    message: 'schema schema.json is invalid: strict mode: unknown keyword: "uiWidget"',
  });
});

test("a property that patternProperties also matches is no warning: the schema is valid, ajv only questions its style (OpenAPI 3.1's components)", async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: { schemas: { type: 'object' }, responses: { type: 'object' } },
      patternProperties: { '^(schemas|responses)$': { maxProperties: 1 } },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate({ schemas: { a: 1 } }), []);
  assert.deepEqual(validate({ schemas: { a: 1, b: 2 }, responses: [] }), [
    problem('/responses', 'must be object'),
    problem('/schemas', 'must NOT have more than 1 properties'),
  ]);
});

test('the unknown keywords and formats are warned about alike however the schema is compiled, each format where it is written', async (t) => {
  // A definition a $ref copies in, and a file no document reaches while the schema is compiled on first use.
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: {
        tool: { properties: { vendor: { type: 'string', format: 'string' }, name: { $ref: '#/definitions/name' } } },
        name: { type: 'string' },
      },
      properties: { tool: { $ref: '#/definitions/tool' }, license: { $ref: 'spdx.json' } },
    }),
    'spdx.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      anyOf: [{ $ref: '#/definitions/id' }, { type: 'null' }],
      definitions: { id: { enum: ['MIT'], 'meta:enum': {} } },
    }),
    'doc.json': '{ "tool": { "vendor": "x" } }',
  });
  for (const strategy of ['lazy', 'eager', 'apart']) {
    const { code, stderr } = await runCli(['doc.json', '--schema', 'schema.json'], {
      cwd: dir,
      env: { FILECHECK_SCHEMA_COMPILE: strategy },
    });
    assert.equal(code, 0, strategy);
    assert.deepEqual(
      stderr.trim().split('\n'),
      [
        'filecheck: warning: schema schema.json: unknown keyword "meta:enum" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)',
        'filecheck: warning: schema schema.json: unknown format "string" is not checked (at #/definitions/tool/properties/vendor)',
      ],
      strategy,
    );
  }
});
