// Real-world schema sets from the command line: drafts mixed across $refs, preloaded refs by glob,
// one $id in two files, patterns written without the u flag; in-process and on a pool, cold and
// with --cache warm.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import {
  REPO,
  checkBothExecutors,
  makeTree,
  oneLine,
  parseJsonReport,
  runCli,
  unusableSchema,
} from '../helpers/cli.js';

const D04 = 'http://json-schema.org/draft-04/schema#';
const D07 = 'http://json-schema.org/draft-07/schema#';
const D2020 = 'https://json-schema.org/draft/2020-12/schema';
const json = (value) => JSON.stringify(value);

const MIXED = {
  'schemas/root7.json': json({
    $schema: D07,
    type: 'object',
    properties: { x: { $ref: 'd4.json' }, z: { $ref: 'd2020.json' } },
  }),
  'schemas/root2020.json': json({
    $schema: D2020,
    type: 'object',
    properties: { x: { $ref: 'd7.json' }, y: { $ref: 'd4.json' } },
  }),
  'schemas/d4.json': json({ $schema: D04, type: 'number', maximum: 5, exclusiveMaximum: true }),
  'schemas/d7.json': json({ $schema: D07, type: 'string' }),
  'schemas/d2020.json': json({ $schema: D2020, type: 'array', prefixItems: [{ type: 'string' }] }),
  'data/i.json': '{"x": 1, "y": 5, "z": [1]}',
  'data/ok.json': '{"x": 4, "y": 4, "z": ["a", 1]}',
};

const messages = (report) =>
  Object.fromEntries(
    report.files.map((file) => [file.path, file.problems.map((p) => `${p.line}:${p.column} ${p.message}`)]),
  );

test('drafts mixed across $refs: each file keeps its draft, in-process and on a pool', async (t) => {
  const dir = makeTree(t, MIXED);
  const seven = await checkBothExecutors(dir, ['data', '--schema', 'schemas/root7.json'], 1, { noErrors: true });
  assert.deepEqual(messages(seven), { 'data/i.json': ['1:24 must be string'], 'data/ok.json': [] });
  const twenty = await checkBothExecutors(dir, ['data', '--schema', 'schemas/root2020.json'], 1, { noErrors: true });
  assert.deepEqual(messages(twenty), {
    'data/i.json': ['1:7 must be string', '1:15 must be < 5'],
    'data/ok.json': ['1:7 must be string'],
  });
});

test('drafts mixed across $refs: --cache gives the same results warm as cold, in-process and on a pool', async (t) => {
  for (const workers of ['0', '2']) {
    const dir = makeTree(t, MIXED);
    const args = [
      'data',
      '--schema',
      'schemas/root2020.json',
      '--cache',
      '--workers',
      workers,
      '-r',
      'json',
      '--verbose',
    ];
    const cold = await runCli(args, { cwd: dir });
    const warm = await runCli(args, { cwd: dir });
    assert.equal(cold.code, 1, cold.stderr);
    assert.equal(warm.code, 1, warm.stderr);
    const [coldReport, warmReport] = [cold, warm].map((run) => parseJsonReport(run.stdout));
    assert.deepEqual(messages(warmReport), messages(coldReport), `--workers ${workers}`);
    assert.deepEqual(messages(coldReport)['data/i.json'], ['1:7 must be string', '1:15 must be < 5']);
    assert.deepEqual(warmReport.summary.cache.schemas, { cached: 1, compiled: 0 }, `--workers ${workers}`);
  }
});

test('--schema-from-document: a document naming a 2020-12 schema that $refs draft-04 and draft-07 files', async (t) => {
  const dir = makeTree(t, { ...MIXED, 'data/i.json': '{"$schema": "../schemas/root2020.json", "x": 1, "y": 5}' });
  const report = await checkBothExecutors(dir, ['data/i.json', '--schema-from-document'], 1, { noErrors: true });
  assert.deepEqual(messages(report), { 'data/i.json': ['1:46 must be string', '1:54 must be < 5'] });
});

test('--ref glob with a 2020-12 file among draft-07 ones: only the refs a $ref asks for are compiled', async (t) => {
  const dir = makeTree(t, {
    'schemas/main/app.json': json({
      $schema: D07,
      $id: 'https://acme.io/app.json',
      type: 'object',
      properties: {
        name: { $ref: 'common.json#/definitions/name' },
        port: { $ref: 'https://acme.io/common.json#/definitions/port' },
      },
    }),
    'schemas/main/tags.json': json({
      $schema: D2020,
      $id: 'https://acme.io/tags.json',
      properties: { tag: { $ref: 'anchors.json#tag' }, name: { $ref: 'common.json#/definitions/name' } },
    }),
    'schemas/defs/common.json': json({
      $schema: D07,
      $id: 'https://acme.io/common.json#',
      definitions: { name: { type: 'string', minLength: 3 }, port: { type: 'integer' } },
    }),
    'schemas/defs/anchors.json': json({
      $schema: D2020,
      $id: 'https://acme.io/anchors.json',
      $defs: { tag: { $anchor: 'tag', type: 'string', pattern: '^[a-z]+$' } },
    }),
    'bad.json': '{"name": "ab", "port": "80", "tag": "ABC"}',
  });
  const app = await checkBothExecutors(
    dir,
    ['bad.json', '--schema', 'schemas/main/app.json', '--ref', 'schemas/defs/*.json'],
    1,
    { noErrors: true },
  );
  assert.deepEqual(messages(app), {
    'bad.json': ['1:10 must NOT have fewer than 3 characters', '1:24 must be integer'],
  });
  const tags = await checkBothExecutors(
    dir,
    ['bad.json', '--schema', 'schemas/main/tags.json', '--ref', 'schemas/defs/*.json'],
    1,
    { noErrors: true },
  );
  assert.deepEqual(messages(tags), {
    'bad.json': ['1:10 must NOT have fewer than 3 characters', '1:37 must match pattern "^[a-z]+$"'],
  });
});

test('a schema reached by a relative path and by its $id, preloaded by a glob that holds the root too', async (t) => {
  const dir = makeTree(t, {
    'schemas/root.json': json({ properties: { x: { $ref: './c.json' }, y: { $ref: 'https://acme.io/c.json' } } }),
    'schemas/c.json': json({ $id: 'https://acme.io/c.json', type: 'string' }),
    'i.json': '{"x": 1, "y": 2}',
  });
  const report = await checkBothExecutors(
    dir,
    ['i.json', '--schema', 'schemas/root.json', '--ref', 'schemas/*.json'],
    1,
    { noErrors: true },
  );
  assert.deepEqual(messages(report), { 'i.json': ['1:7 must be string', '1:15 must be string'] });
});

test('two refs files with one $id exit 2 naming both, when that $id is needed', async (t) => {
  const dir = makeTree(t, {
    'root.json': json({ $id: 'https://acme.io/root.json', properties: { a: { $ref: 'https://acme.io/a.json' } } }),
    'v1/a.json': json({ $id: 'https://acme.io/a.json', type: 'integer' }),
    'v2/a.json': json({ $id: 'https://acme.io/a.json', type: 'string' }),
    'i.json': '{"a": 1}',
  });
  for (const workers of ['0', '2']) {
    const result = await runCli(
      ['i.json', '--schema', 'root.json', '--ref', 'v1/*.json', '--ref', 'v2/*.json', '--workers', workers],
      { cwd: dir },
    );
    assert.equal(result.code, 2, result.stderr);
    assert.equal(
      oneLine(result.stderr),
      'schema root.json: $id "https://acme.io/a.json" is given by both v1/a.json and v2/a.json; keep one of them in the refs',
    );
  }
  const one = await runCli(['i.json', '--schema', 'root.json', '--ref', 'v1/*.json'], { cwd: dir });
  assert.equal(one.code, 0, one.stderr);
});

test("a pattern written without the u flag in mind: one warning line, cold and warm; the schema's Unicode patterns keep their meaning", async (t) => {
  const dir = makeTree(t, {
    'schema.json': json({
      properties: { branch: { type: 'string', pattern: '^[^\\/~\\^\\: \\[\\]\\\\]+$' }, name: { pattern: '^\\p{Lu}' } },
    }),
    'data/ok.json': '{"branch": "main", "name": "Émile"}',
    'data/bad.json': '{"branch": "a:b", "name": "émile"}',
  });
  const warning =
    'filecheck: warning: schema schema.json: the pattern at #/properties/branch/pattern is not a valid Unicode regular expression (Invalid escape): such patterns are compiled without the u flag\n';
  for (const round of ['cold', 'warm']) {
    for (const workers of ['0', '2']) {
      const result = await runCli(['data', '--schema', 'schema.json', '--cache', '--workers', workers], { cwd: dir });
      assert.equal(result.code, 1, result.stderr);
      assert.equal(result.stderr, warning, `${round}, --workers ${workers}`);
      assert.match(
        result.stdout,
        /FAIL {2}data\/bad\.json {2}\(json-schema: schema\.json\)\n.*must match pattern "\^\[.*\n[\s\S]*must match pattern "\^\\p\{Lu\}"/,
      );
      assert.match(
        result.stdout,
        round === 'cold' && workers === '0'
          ? /Files: 1 failed, 1 passed, /
          : /Files: 1 failed \(1 from the cache\), 1 passed \(1 from the cache\)/,
      );
    }
  }
  // Its code is stored like any schema's: a warm run compiles nothing.
  const warm = await runCli(['data', '--schema', 'schema.json', '--cache', '-r', 'json'], { cwd: dir });
  assert.deepEqual(parseJsonReport(warm.stdout).summary.cache.schemas, { cached: 1, compiled: 0 });
});

test('a schema of an unknown $schema (draft-02) that fails to compile says it was read as draft-07 in its one line', async (t) => {
  const dir = makeTree(t, {
    'schema.json': json({
      $schema: 'http://json-schema.org/draft-02/schema#',
      properties: { a: { type: 'string', required: true } },
    }),
    'i.json': '{"a": 1}',
  });
  const result = await runCli(['i.json', '--schema', 'schema.json'], { cwd: dir });
  assert.equal(result.code, 2);
  assert.equal(
    oneLine(result.stderr),
    'schema schema.json:1:100 is invalid: /properties/a/required must be array (unknown $schema "http://json-schema.org/draft-02/schema#", validating it as draft-07)',
  );
});

test('a schema file holding false fails every file and one holding true passes them, in-process, on a pool and from the cache', async (t) => {
  const dir = makeTree(t, {
    'never.json': 'false',
    'always.json': 'true',
    'data/a.json': '{"a": 1}',
    'data/b.json': '[]',
  });
  const never = await checkBothExecutors(dir, ['data', '--schema', 'never.json'], 1, { noErrors: true });
  assert.deepEqual(messages(never), {
    'data/a.json': ['1:1 is not allowed here'],
    'data/b.json': ['1:1 is not allowed here'],
  });
  const always = await checkBothExecutors(dir, ['data', '--schema', 'always.json'], 0, { noErrors: true });
  assert.deepEqual(messages(always), { 'data/a.json': [], 'data/b.json': [] });
  for (const round of ['cold', 'warm']) {
    const result = await runCli(['data', '--schema', 'never.json', '--cache', '-r', 'json'], { cwd: dir });
    assert.equal(result.code, 1, `${round}: ${result.stderr}`);
    assert.deepEqual(
      messages(parseJsonReport(result.stdout)),
      { 'data/a.json': ['1:1 is not allowed here'], 'data/b.json': ['1:1 is not allowed here'] },
      round,
    );
  }
});

// ── draft-03 ────────────────────────────────────────────────────────────────────────────────────

const D03 = 'http://json-schema.org/draft-03/schema#';
const DRAFT_03 = {
  'schemas/app.json': json({
    $schema: D03,
    type: 'object',
    properties: {
      name: { type: 'string', required: true },
      port: { type: ['integer', { type: 'string', pattern: '^[0-9]+$' }] },
      host: { format: 'host-name' },
    },
    extends: { $ref: 'base.json' },
  }),
  'schemas/base.json': json({
    $schema: D03,
    properties: { version: { type: 'integer', divisibleBy: 1, disallow: 'null', required: true } },
  }),
  'schemas/root7.json': json({
    $schema: D07,
    type: 'object',
    properties: { app: { $ref: 'app.json' }, tags: { type: 'array', items: { type: 'string' } } },
  }),
  'data/ok.json': '{"app": {"name": "a", "port": "80", "host": "a.example", "version": 1}, "tags": []}',
  'data/bad.json': '{\n  "app": {"port": "eighty", "host": "a_b", "version": 1},\n  "tags": [1]\n}',
};
// With --verbose, a type union's alternatives are listed too.
const BAD_03 = [
  '2:10 must have required property "name"',
  '2:19 must be integer',
  '2:19 must match pattern "^[0-9]+$"',
  '2:19 must be integer, or match pattern "^[0-9]+$"',
  '2:37 must match format "hostname" (such as example.com)',
  '3:12 must be string',
];

test('draft-03: a root schema, and a draft-07 schema $ref-ing draft-03 files, in-process and on a pool', async (t) => {
  const dir = makeTree(t, { ...DRAFT_03, 'data/root.json': '{"name": "a", "version": null}' });
  const seven = await checkBothExecutors(dir, ['data/ok.json', 'data/bad.json', '--schema', 'schemas/root7.json'], 1, {
    noErrors: true,
  });
  assert.deepEqual(messages(seven), { 'data/bad.json': BAD_03, 'data/ok.json': [] });
  const three = await checkBothExecutors(dir, ['data/root.json', '--schema', 'schemas/app.json'], 1, {
    noErrors: true,
  });
  assert.deepEqual(messages(three), {
    'data/root.json': ['1:26 must be integer', '1:26 must not match the schema at base.json/properties/version/not'],
  });
});

test('draft-03: --cache gives the same results and warnings warm as cold, in-process and on a pool', async (t) => {
  for (const workers of ['0', '2']) {
    const dir = makeTree(t, {
      ...DRAFT_03,
      'schemas/app.json': DRAFT_03['schemas/app.json'].replace('"required":true}', '"required":true,"anyOf":[]}'),
    });
    const args = ['data', '--schema', 'schemas/root7.json', '--cache', '--workers', workers, '-r', 'json', '--verbose'];
    const cold = await runCli(args, { cwd: dir });
    const warm = await runCli(args, { cwd: dir });
    for (const run of [cold, warm]) {
      assert.equal(run.code, 1, run.stderr);
      assert.equal(
        run.stderr,
        'filecheck: warning: schema schemas/root7.json: unknown keyword "anyOf" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)\n',
      );
    }
    const [coldReport, warmReport] = [cold, warm].map((run) => parseJsonReport(run.stdout));
    assert.deepEqual(messages(coldReport), { 'data/bad.json': BAD_03, 'data/ok.json': [] }, `--workers ${workers}`);
    assert.deepEqual(messages(warmReport), messages(coldReport), `--workers ${workers}`);
    assert.deepEqual(warmReport.summary.cache.schemas, { cached: 1, compiled: 0 }, `--workers ${workers}`);
  }
});

test('a document whose $schema names draft-03 is a schema, checked against the draft-03 meta-schema filecheck ships', async (t) => {
  const dir = makeTree(t, {
    'schemas/ok.json': json({
      $schema: D03,
      properties: { a: { type: ['string', { type: 'null' }], required: true } },
      extends: { id: 'x' },
    }),
    'schemas/bad.json': `{\n  "$schema": "${D03}",\n  "properties": { "a": { "required": "yes" } },\n  "divisibleBy": 0\n}`,
    'schemas/https.json': json({ $schema: 'https://json-schema.org/draft-03/schema', dependencies: { a: 1 } }),
  });
  for (const cache of [[], ['--cache'], ['--cache']]) {
    const report = await checkBothExecutors(dir, ['schemas', '--schema-from-document', ...cache], 1, {
      noErrors: true,
    });
    assert.deepEqual(
      messages(report),
      {
        'schemas/bad.json': ['3:38 must be boolean', '4:18 must be > 0'],
        'schemas/https.json': [
          '1:74 must be string',
          '1:74 must be array',
          '1:74 must be object',
          '1:74 must be string, array or object',
        ],
        'schemas/ok.json': [],
      },
      cache.join(' '),
    );
  }
  const listed = await runCli(['schemas/ok.json', '--schema-from-document', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.stdout, `schemas/ok.json\tjson\tdraft-03 meta-schema ($schema "${D03}")\n`);
});

test("an invalid schema exits 2 in one line naming the schema file, the place in it, the keyword's path and what it allows, in-process and on a pool", async (t) => {
  const dir = makeTree(t, {
    's.json': '{\n  "properties": {\n    "a": { "type": "strin" }\n  }\n}\n',
    'i.json': '{"a": 1}',
  });
  for (const workers of ['0', '2']) {
    const result = await runCli(['i.json', '--schema', 's.json', '--workers', workers], { cwd: dir });
    assert.equal(result.code, 2);
    assert.equal(
      oneLine(result.stderr),
      'schema s.json:3:20 is invalid: /properties/a/type must be one of "array", "boolean", "integer", "null", "number", "object", "string", or be array',
    );
  }
});

test('a draft-03 schema that is not valid by the draft-03 meta-schema exits 2 in one line', async (t) => {
  const dir = makeTree(t, {
    'schema.json': json({ $schema: D03, properties: { a: { type: 'string', required: ['a'] } } }),
    'i.json': '{"a": 1}',
  });
  const result = await runCli(['i.json', '--schema', 'schema.json'], { cwd: dir });
  assert.equal(result.code, 2);
  assert.equal(oneLine(result.stderr), 'schema schema.json:1:100 is invalid: /properties/a/required must be boolean');
});

// A schema's code that throws on a document (once, ajv's `wrapper0.validate is not a function`) is
// no verdict on the file: the problem names the schema and says whose failure it is.
test("a schema whose code throws on a document fails that file naming the schema, as an internal error, not the file's fault (exit 1), in-process and on a pool", async (t) => {
  const dir = makeTree(t, {
    'boom.cjs':
      "module.exports = (ajv) => ajv.addKeyword({ keyword: 'boom', validate() { throw new Error('kaboom'); } });",
    's.json': json({ type: 'object', properties: { a: { boom: true } } }),
    'd.json': '{"a": 1}',
    'ok.json': '{}',
    '.filecheckrc.json': json({ rules: [{ files: ['*.json'], schema: 's.json', ajv: { plugins: ['./boom.cjs'] } }] }),
  });
  const { code, stdout } = await runCli(['d.json', 'ok.json', '--workers', '0'], { cwd: dir });
  assert.equal(code, 1, stdout);
  assert.match(
    stdout,
    / FAIL {2}d\.json {2}\(json-schema: s\.json\)\n {2}d\.json {2}schema s\.json could not be run on this file: kaboom \(an internal error of filecheck or of the rule's ajv plugins, not a fault of the file: please report it\)\n/,
  );
  assert.match(stdout, /1 failed, 1 passed/);
  await checkBothExecutors(dir, ['d.json', 'ok.json']);
});

test('YAML .inf, -.inf and .nan and JSON5 Infinity and NaN are numbers, not integers, maximum and minimum apply to them, whatever strict says', async (t) => {
  const dir = makeTree(t, {
    'range.json': json({ type: 'object', properties: { a: { type: 'number', minimum: 0, maximum: 10 } } }),
    'numbers.json': json({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' }, c: { type: 'integer' } },
    }),
    'range/inf.yaml': 'a: .inf\n',
    'range/minus.yaml': 'a: -.inf\n',
    'range/inf.json5': '{a: Infinity}\n',
    'numbers/yaml.yaml': 'a: .inf\nb: .nan\nc: .inf\n',
    'numbers/json5.json5': '{a: -Infinity, b: NaN, c: NaN}\n',
    'strict/.filecheckrc.json': json({ ajv: { strict: true }, rules: [] }),
  });
  const problems = (stdout) =>
    parseJsonReport(stdout).files.flatMap(({ path, problems }) => problems.map(({ message }) => `${path}: ${message}`));
  // With --cache, cold then warm: the same verdicts.
  for (const strict of [[], ['--no-strict'], ['--config', 'strict/.filecheckrc.json'], ['--cache'], ['--cache']]) {
    const range = await runCli(['range', '--schema', 'range.json', '-r', 'json', ...strict], { cwd: dir });
    assert.equal(range.code, 1, range.stdout + range.stderr);
    assert.deepEqual(problems(range.stdout), [
      'range/inf.json5: must be <= 10',
      'range/inf.yaml: must be <= 10',
      'range/minus.yaml: must be >= 0',
    ]);
    const numbers = await runCli(['numbers', '--schema', 'numbers.json', '-r', 'json', ...strict], { cwd: dir });
    assert.equal(numbers.code, 1, `${strict}: ${numbers.stdout}${numbers.stderr}`);
    assert.deepEqual(problems(numbers.stdout), [
      'numbers/json5.json5: must be integer',
      'numbers/yaml.yaml: must be integer',
    ]);
  }
});

test('a oneOf of 1,581 consts (mkdocs-material fonts) validates as the enum it is: every compile strategy, --cache cold and warm, in-process and on a pool', async (t) => {
  const dir = makeTree(t, {
    'fonts.json': json({
      type: 'string',
      oneOf: Array.from({ length: 1581 }, (_, i) => ({ title: `V${i}`, const: `v${i}` })),
    }),
    'data/ok.json': '"v1"\n',
    'data/bad.json': '\n  "nope"\n',
  });
  const expected = {
    'data/bad.json': [
      '2:3 must be one of "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29" … and 1551 more',
    ],
    'data/ok.json': [],
  };
  for (const strategy of ['eager', 'lazy', 'apart']) {
    const run = await runCli(['data', '--schema', 'fonts.json', '-r', 'json', '--verbose'], {
      cwd: dir,
      env: { FILECHECK_SCHEMA_COMPILE: strategy },
    });
    assert.equal(run.code, 1, `${strategy}: ${run.stderr}`);
    assert.deepEqual(messages(parseJsonReport(run.stdout)), expected, strategy);
  }
  for (const pass of ['cold', 'warm', 'stored']) {
    const report = await checkBothExecutors(dir, ['data', '--schema', 'fonts.json', '--cache'], 1, { noErrors: true });
    assert.deepEqual(messages(report), expected, pass);
  }
});

// ajv-errors replaces the errors its errorMessage words with one error at the node that holds it,
// keeping them in params.errors: where they all point at one place, the message is placed there.
test("ajv-errors' errorMessage is placed where the errors it replaces point, when they point at one place, and names the key it is about, in-process and on a pool", async (t) => {
  const dir = makeTree(t, {
    's.json': json({
      type: 'object',
      required: ['title', 'body'],
      properties: {
        a: {
          type: 'object',
          patternProperties: { '^[a-z]+$': {} },
          additionalProperties: false,
          errorMessage: { additionalProperties: 'names must be lowercase letters' },
        },
        deep: { type: 'object', properties: { n: { type: 'number' } }, errorMessage: 'deep is wrong' },
      },
      errorMessage: { required: { title: 'a page needs a title', body: 'write something' } },
    }),
    'd/x.json': '{\n  "a": {\n    "ok": 1,\n    "Bad Key": 2\n  },\n  "deep": {\n    "n": "x"\n  }\n}\n',
    'd/two.json': '{ "title": "T", "body": "B", "a": { "X": 1, "Y": 2 } }',
    '.filecheckrc.json': json({ rules: [{ files: ['d/*.json'], schema: 's.json', ajv: { plugins: ['ajv-errors'] } }] }),
  });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const name of ['ajv-errors', 'ajv']) // filecheck's ajv, as a project's deduplicated one is
    fs.symlinkSync(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name), 'junction');

  const { byPath } = await checkBothExecutors(dir, [], 1, { noErrors: true });
  const placed = (file) => byPath[file].problems.map((p) => `${p.line}:${p.column} ${p.pointer}: ${p.message}`);
  assert.deepEqual(placed('d/x.json'), [
    '1:1 : a page needs a title', // names its key
    '1:1 : write something (missing property "body")',
    '4:5 /a/Bad Key: names must be lowercase letters (additional property "Bad Key")',
    '7:10 /deep/n: deep is wrong',
  ]);
  // Two keys are two places: the message stays on their object.
  assert.deepEqual(placed('d/two.json'), ['1:35 /a: names must be lowercase letters']);
  const { stdout } = await runCli(['d/x.json'], { cwd: dir });
  assert.match(
    stdout,
    /^ {2}d\/x\.json:4:5 +\/a\/Bad Key: names must be lowercase letters \(additional property "Bad Key"\)$/m,
  );
});

test('an anyOf of 2,000 objects, half of them $refs, gives one verdict in-process and on a pool: a valid file passes, a wrong one fails with one line per problem', async (t) => {
  const alternative = (i) => ({
    type: 'object',
    properties: { kind: { const: `k${i}` }, size: { type: 'integer' } },
    required: ['kind'],
  });
  const definitions = {};
  const anyOf = Array.from({ length: 2000 }, (_, i) => {
    if (i % 2 === 0) return alternative(i);
    definitions[`k${i}`] = alternative(i);
    return { $ref: `#/definitions/k${i}` };
  });
  const dir = makeTree(t, {
    'wide.json': json({ $schema: D07, definitions, properties: { items: { type: 'array', items: { anyOf } } } }),
    'data/ok.json': json({ items: [{ kind: 'k1999', size: 1 }, { kind: 'k0' }] }),
    'data/bad.json': '{"items": [{"kind": "k1998", "size": "big"}, {"kind": "nope"}]}\n',
  });
  await checkBothExecutors(dir, ['data/ok.json', '--schema', 'wide.json'], 0, { noErrors: true });
  await checkBothExecutors(dir, ['data', '--schema', 'wide.json'], 1, { noErrors: true });
  // Without --verbose, the best match among the alternatives: one line for each problem.
  for (const workers of ['0', '2']) {
    const run = await runCli(['data', '--schema', 'wide.json', '--workers', workers, '-r', 'json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    const { 'data/bad.json': bad, ...others } = messages(parseJsonReport(run.stdout));
    assert.deepEqual(others, {}, workers);
    assert.equal(bad.length, 2, workers);
    assert.equal(bad[0], '1:38 must be integer', workers);
    assert.match(
      bad[1],
      /^1:55 must be one of "k0", "k1", .* … and \d+ more \(none of the 2000 alternatives of anyOf matches\)$/,
      workers,
    );
  }
});

test('a oneOf of 2,000 objects fails a file that two of them match, in-process and on a pool', async (t) => {
  const oneOf = Array.from({ length: 2000 }, (_, i) => ({ required: [`a${i}`] }));
  const dir = makeTree(t, {
    'wide.json': json({ $schema: D07, oneOf }),
    'data/one.json': json({ a1500: 1 }),
    'data/two.json': json({ a3: 1, a1500: 1 }),
  });
  await checkBothExecutors(dir, ['data', '--schema', 'wide.json'], 1, { noErrors: true });
  for (const workers of ['0', '2']) {
    const run = await runCli(['data', '--schema', 'wide.json', '--workers', workers, '-r', 'json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(
      messages(parseJsonReport(run.stdout)),
      {
        'data/two.json': [
          '1:1 matches at least 2 of the 2000 alternatives of oneOf ({"required":["a3"]} and {"required":["a1500"]}), where exactly one may match',
        ],
      },
      workers,
    );
  }
});

// JSON.parse, and every format's parser alike, make a key named __proto__ an own property; ajv
// leaves such a name out of `properties` (proto-properties.js): filecheck declares it again.
test('a property named __proto__ is validated by properties, declared for additionalProperties and unevaluatedProperties, in JSON, YAML and JSON5: every compile strategy, in-process and on a pool', async (t) => {
  const dir = makeTree(t, {
    // Written as text: `{ __proto__: … }` in JavaScript sets a prototype, it is no key.
    's.json': '{ "properties": { "__proto__": { "type": "number" } }, "additionalProperties": false }',
    's2020.json': `{
      "$schema": "${D2020}",
      "$id": "https://example.com/root",
      "properties": { "o": { "$ref": "inner" }, "p": { "$ref": "inner#/properties/__proto__" } },
      "$defs": { "inner": { "$id": "inner", "properties": { "__proto__": { "type": "number" } }, "unevaluatedProperties": false } }
    }`,
    'data/ok.json': '{ "__proto__": 1 }\n',
    'data/d.json': '{ "__proto__": "foo" }\n',
    'data/d.yaml': '__proto__: foo\n',
    'data/d.json5': '{ __proto__: "foo" }\n',
    'nested/ok.json': '{ "o": { "__proto__": 1 }, "p": 2 }\n',
    'nested/d.json': '{ "o": { "__proto__": "x" }, "p": "y" }\n',
  });
  const expected = {
    'data/ok.json': [],
    'data/d.json': ['1:16 must be number'],
    'data/d.yaml': ['1:12 must be number'],
    'data/d.json5': ['1:14 must be number'],
  };
  const nested = { 'nested/ok.json': [], 'nested/d.json': ['1:23 must be number', '1:35 must be number'] };
  for (const strategy of ['eager', 'lazy', 'apart']) {
    for (const [args, want] of [
      [['data', '--schema', 's.json'], expected],
      [['nested', '--schema', 's2020.json'], nested],
    ]) {
      const run = await runCli([...args, '-r', 'json', '--verbose'], {
        cwd: dir,
        env: { FILECHECK_SCHEMA_COMPILE: strategy },
      });
      assert.equal(run.code, 1, `${strategy}: ${run.stderr}`);
      assert.deepEqual(messages(parseJsonReport(run.stdout)), want, strategy);
    }
  }
  const report = await checkBothExecutors(dir, ['data', '--schema', 's.json', '--cache'], 1, { noErrors: true });
  assert.deepEqual(messages(report), expected);
});

// A custom meta-schema named by a schema's $schema is read from the store that maps its URL, as a
// --ref-preloaded one is: the schema is read in the dialect of the meta-schema's own $schema.
test("a schema whose $schema is a custom meta-schema the schema store maps is read in that meta-schema's dialect: every compile strategy, in-process and on a pool, --cache keyed on the meta-schema's file", async (t) => {
  const dir = makeTree(t, {
    'store/strict.json': json({
      $schema: D2020,
      $id: 'https://example.com/meta/strict.json',
      $dynamicAnchor: 'meta',
      allOf: [{ $ref: D2020 }],
    }),
    's.json': json({
      $schema: 'https://example.com/meta/strict.json',
      prefixItems: [{ type: 'string' }],
      items: false,
    }),
    'data/ok.json': '["a"]\n',
    'data/d.json': '[1]\n',
  });
  const store = ['--schema-store', 'https://example.com/meta/=store'];
  const expected = { 'data/ok.json': [], 'data/d.json': ['1:2 must be string'] };
  for (const strategy of ['eager', 'lazy', 'apart']) {
    const run = await runCli(['data', '--schema', 's.json', ...store, '-r', 'json', '--verbose'], {
      cwd: dir,
      env: { FILECHECK_SCHEMA_COMPILE: strategy },
    });
    assert.equal(run.code, 1, `${strategy}: ${run.stderr}`);
    assert.equal(run.stderr, '', strategy);
    assert.deepEqual(messages(parseJsonReport(run.stdout)), expected, strategy);
  }
  for (const pass of ['cold', 'warm']) {
    const report = await checkBothExecutors(dir, ['data', '--schema', 's.json', ...store, '--cache'], 1);
    assert.deepEqual(messages(report), expected, pass);
  }
  // The cached verdicts are keyed on the meta-schema's file: of draft-07 now, the schema is read as
  // draft-07, where `items: false` allows no item (and prefixItems is unknown).
  fs.writeFileSync(
    path.join(dir, 'store/strict.json'),
    json({ $schema: D07, $id: 'https://example.com/meta/strict.json', allOf: [{ $ref: D07 }] }),
  );
  const draft07 = await checkBothExecutors(dir, ['data', '--schema', 's.json', ...store, '--cache'], 1);
  assert.deepEqual(messages(draft07), {
    'data/ok.json': ['1:2 is not allowed here'],
    'data/d.json': ['1:2 is not allowed here'],
  });
  fs.rmSync(path.join(dir, 'store/strict.json'));
  assert.equal(
    unusableSchema(await runCli(['data', '--schema', 's.json', ...store, '--cache'], { cwd: dir })),
    'schema s.json: its $schema "https://example.com/meta/strict.json", mapped by the schema store to store/strict.json: no such file',
  );
  fs.writeFileSync(path.join(dir, 'store/strict.json'), '{ "$schema": ');
  assert.match(
    unusableSchema(await runCli(['data', '--schema', 's.json', ...store], { cwd: dir })),
    /^schema s\.json: its \$schema "https:\/\/example\.com\/meta\/strict\.json", mapped by the schema store: schema store\/strict\.json:1:\d+ is not valid JSON: /,
  );
});
