// How schemas are compiled (validators/json-schema/lazy-refs.js): each $ref'd subschema when a document first
// reaches it, compiled apart (FILECHECK_SCHEMA_COMPILE=apart, a run's own) or inlined where ajv
// would (=lazy), or all at once (=eager); the reports agree.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTree, runCli, parseJsonReport } from '../helpers/cli.js';
import { compileStrategy } from '../../validators/json-schema/json-schema.js';

const strategies = ['lazy', 'eager', 'apart'];
const REPO = fileURLToPath(new URL('../..', import.meta.url));
const run = (args, cwd, strategy, extra = []) =>
  runCli([...args, ...extra], { cwd, env: { FILECHECK_SCHEMA_COMPILE: strategy } });

// A root schema whose "a" is a schema in another file that $refs a third, broken one.
const broken = {
  'root.json': JSON.stringify({ type: 'object', properties: { a: { $ref: 'b.json' }, n: { type: 'integer' } } }),
  'b.json': JSON.stringify({ type: 'object', properties: { c: { $ref: 'c.json' } } }),
  'c.json': '{ "type": ',
  'ok.json': '{"n": 1}',
  'bad.json': '{"n": "x"}',
  'deep.json': '{"n": 1, "a": {"c": 2}}',
};

test("lazily, a $ref'd schema no document reaches is never read; eagerly, a schema that cannot be compiled whole fails every file of its rule (exit 2)", async (t) => {
  const dir = makeTree(t, broken);
  const lazy = await run(['--schema', 'root.json', 'ok.json', 'bad.json'], dir, 'lazy');
  assert.equal(lazy.code, 1, lazy.stderr);
  assert.match(
    lazy.stdout,
    /FAIL {2}bad\.json {2}\(json-schema: root\.json\)\n {2}bad\.json:1:7 +\/n: must be integer/,
  );
  assert.match(lazy.stdout, /1 failed, 1 passed/);
  const eager = await run(['--schema', 'root.json', 'ok.json', 'bad.json'], dir, 'eager');
  assert.equal(eager.code, 2);
  assert.match(eager.stderr, /^filecheck: schema c\.json:1:11 is not valid JSON/);
  assert.match(eager.stdout, /2 failed, 0 passed, 2 total/);
});

for (const workers of ['0', '2']) {
  test(`lazily, a file that reaches a part of the schema that cannot be compiled fails with the eager compilation's message, once per file, and the run exits 2 (--workers ${workers})`, async (t) => {
    const dir = makeTree(t, broken);
    const { code, stdout, stderr } = await run(
      ['--schema', 'root.json', 'ok.json', 'deep.json', 'bad.json', '--workers', workers, '-r', 'json'],
      dir,
      'lazy',
    );
    assert.equal(code, 2);
    assert.equal(stderr, 'filecheck: schema c.json:1:11 is not valid JSON: Unexpected end of input\n');
    const report = parseJsonReport(stdout);
    const byFile = Object.fromEntries(report.files.map((file) => [file.path, file]));
    assert.equal(report.summary.passed, 1); // ok.json: the json report lists failing files
    assert.deepEqual(
      byFile['deep.json'].problems.map(({ message, kind }) => [message, kind]),
      [['schema c.json:1:11 is not valid JSON: Unexpected end of input', 'error']],
    );
    assert.equal(byFile['bad.json'].problems[0].message, 'must be integer');
  });
}

test('every strategy gives the same problems and line:col on schemas across files (drafts 07 and 2019-09, unevaluatedProperties, recursion) and the same warnings', async (t) => {
  const dir = makeTree(t, {
    'draft7.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string' },
        tree: { $ref: 'node.json' },
        tags: { $ref: 'defs.json#/definitions/tags' },
      },
      unknownThing: 1,
    }),
    'node.json': JSON.stringify({
      type: 'object',
      properties: { value: { type: 'number' }, children: { type: 'array', items: { $ref: '#' } } },
      additionalProperties: false,
    }),
    'defs.json': JSON.stringify({
      definitions: {
        tags: { type: 'array', items: { $ref: '#/definitions/tag' }, uniqueItems: true },
        tag: { type: 'string', pattern: '^[a-z]+$', format: 'no-such-format' },
      },
    }),
    'd2019.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      $ref: 'base2019.json',
      properties: { extra: { type: 'boolean' } },
      unevaluatedProperties: false,
    }),
    'base2019.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2019-09/schema',
      properties: { id: { type: 'integer' }, more: { $ref: '#/$defs/more' } },
      $defs: { more: { type: 'object', properties: { x: { const: 1 } } } },
    }),
    'a.json':
      '{"name": 1, "tree": {"value": 1, "children": [{"value": "x", "children": [{"nope": 1}]}]}, "tags": ["ok", "Bad", "ok"]}',
    'b.json': '{"name": "b", "tree": {"value": 2}, "tags": ["a"]}',
    'c.json': '{"id": 1, "extra": true, "more": {"x": 2}, "other": 3}',
    'd.json': '{"id": 1, "extra": false}',
  });
  const reports = {};
  for (const strategy of strategies) {
    const seven = await run(['--schema', 'draft7.json', 'a.json', 'b.json', '-r', 'json'], dir, strategy);
    const nineteen = await run(['--schema', 'd2019.json', 'c.json', 'd.json', '-r', 'json'], dir, strategy);
    assert.equal(seven.code, 1, seven.stderr);
    assert.equal(nineteen.code, 1, nineteen.stderr);
    reports[strategy] = [seven, nineteen].map(({ stdout, stderr }) => ({
      files: parseJsonReport(stdout).files.map(({ path, status, problems }) => ({ path, status, problems })),
      stderr,
    }));
  }
  assert.deepEqual(
    reports.lazy.map(({ files }) => files),
    reports.eager.map(({ files }) => files),
  );
  assert.deepEqual(
    reports.apart.map(({ files }) => files),
    reports.eager.map(({ files }) => files),
  );
  // The warnings are found by walking the schema's files, not by compiling them: the same every way.
  for (const strategy of ['lazy', 'apart'])
    assert.deepEqual(
      reports[strategy].map(({ stderr }) => stderr),
      reports.eager.map(({ stderr }) => stderr),
    );
  // The unknown format is in a definition compiled when a.json reaches it: it is warned about at once.
  assert.match(
    reports.lazy[0].stderr,
    /unknown format "no-such-format" is not checked \(at defs.json#\/definitions\/tag\)/,
  );
  const [seven, nineteen] = reports.lazy;
  assert.deepEqual(
    seven.files.map(({ path }) => path),
    ['a.json'],
  ); // the json report lists failing files
  assert.ok(seven.files[0].problems.length >= 4, JSON.stringify(seven.files[0].problems));
  assert.match(seven.stderr, /unknown keyword "unknownThing"/);
  assert.deepEqual(
    nineteen.files.map(({ path }) => path),
    ['c.json'],
  );
  assert.deepEqual(
    nineteen.files[0].problems.map(({ message }) => message).sort(),
    ['must NOT have unevaluated property "other"', 'must be equal to 1'].sort(),
  );
});

// Code compiled apart gives each $ref'd subschema's errors a schemaPath from that subschema's own
// root: a type error from one and an enum error from another would look like one schema's, and be
// worded as one ("must be one of"), where inlined code (and every other tool) names both.
test('apart: a failing document is worded by the code with $refs inlined, as the other strategies word it', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({
      definitions: { text: { type: 'string' }, mode: { enum: ['a', 'b'] } },
      properties: { mode: { allOf: [{ $ref: '#/definitions/text' }, { $ref: '#/definitions/mode' }] } },
    }),
    'd.json': '{"mode": true}',
  });
  for (const strategy of strategies) {
    const { code, stdout } = await run(['--schema', 's.json', 'd.json', '-r', 'json'], dir, strategy);
    assert.equal(code, 1);
    assert.deepEqual(
      parseJsonReport(stdout).files[0].problems.map(({ message }) => message),
      ['must be string', 'must be one of "a", "b"'],
      strategy,
    );
  }
});

// ajv tested a required key "" as present where it stops at the first error, inside `if` and `not`
// (validators/json-schema/missing-property.cjs): inlined code (lazy, eager) judged what code compiled apart,
// with every error collected, judged right.
test('a required key "" is required inside if and not, whatever the strategy', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { keyed: { required: ['', 'k'] } },
      if: { $ref: '#/$defs/keyed' },
      then: { required: ['then'] },
      properties: { n: { not: { required: [''] } }, d: { not: { dependentRequired: { k: [''] } } } },
    }),
    'no-key.json': '{"k": 1, "n": {}, "d": {"k": 1}}',
    'key.json': '{"": 0, "k": 1, "n": {"": 1}, "d": {"k": 1, "": 2}}',
  });
  for (const strategy of strategies) {
    const { code, stdout } = await run(['--schema', 's.json', 'no-key.json', 'key.json', '-r', 'json'], dir, strategy);
    assert.equal(code, 1, strategy);
    const { files, summary } = parseJsonReport(stdout);
    assert.equal(summary.passed, 1, strategy); // no-key.json
    assert.deepEqual(
      files.map(({ path, problems }) => [path, problems.map(({ pointer, message }) => `${pointer} ${message}`)]),
      [
        [
          'key.json',
          [
            ' must have required property "then"',
            '/n must not have ""',
            '/d must not match the schema at #/properties/d/not',
          ],
        ],
      ],
      strategy,
    );
  }
});

// ajv's `contains` kept its result across the turns of a loop around it, and a tuple's result was
// unset for an array without its items (validators/json-schema/keyword-results.cjs): inlined code
// (lazy, eager) passed an empty array after one with a match, where code compiled apart failed it.
test('contains fails an empty array after one with a match, inside items and additionalProperties, and after a longer tuple inside not and if, whatever the strategy', async (t) => {
  const dir = makeTree(t, {
    'draft7.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      definitions: { 'has~int': { contains: { type: 'integer' } } },
      properties: { list: { items: { $ref: '#/definitions/has~0int' } } },
      additionalProperties: { contains: { const: 'x' } },
    }),
    '2020.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      items: { contains: { type: 'integer' }, minContains: 1 },
    }),
    // Inside `not` and `if` ajv stops at the first error: an array shorter than the tuple skipped
    // the `contains` after it.
    'tuple.json': JSON.stringify({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      patternProperties: {
        '^n': { not: { prefixItems: [{ type: 'null' }], contains: {} } },
        '^i': { if: { prefixItems: [{ type: 'null' }], contains: {} }, then: { const: 'then' } },
      },
    }),
    'tuples.json': '{"n1": [], "n2": [null], "i1": [], "i2": [null]}',
    'nested.json': '{"list": [[1], [], ["a"]], "a": ["x"], "b": []}',
    'pairs.json': '[[1], []]',
    'ok.json': '{"list": [[1], ["a", 2]], "a": ["x"]}',
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { files: ['nested.json', 'ok.json'], schema: 'draft7.json' },
        { files: ['pairs.json'], schema: '2020.json' },
        { files: ['tuples.json'], schema: 'tuple.json' },
      ],
    }),
  });
  const args = ['-r', 'json'];
  for (const strategy of strategies) {
    for (const extra of [
      ['--workers', '0'],
      ['--cache', '--cache-location', path.join(dir, `cache-${strategy}`)],
    ]) {
      const { code, stdout, stderr } = await run(args, dir, strategy, extra);
      assert.equal(code, 1, `${strategy} ${extra}: ${stderr}`);
      const { files } = parseJsonReport(stdout);
      assert.deepEqual(
        files.map(({ path, problems }) => [path, problems.map(({ pointer, message }) => `${pointer} ${message}`)]),
        [
          [
            'nested.json',
            [
              '/list/1 must contain an item matching the schema at #/definitions/has~0int/contains',
              '/list/2 must contain an item matching the schema at #/definitions/has~0int/contains',
              '/list/2/0 must be integer',
              '/b must contain an item matching the schema at #/additionalProperties/contains',
            ],
          ],
          ['pairs.json', ['/1 must contain an item matching the schema at #/items/contains']],
          [
            'tuples.json',
            ['/n2 must not match the schema at #/patternProperties/^n/not', '/i2 must be equal to "then"'],
          ],
        ],
        `${strategy} ${extra}`,
      );
    }
  }
});

test("which strategy compiles a schema: apart, lazy with ajv's stricter checks, eager when its code is to be stored; forced by name", () => {
  const rows = [
    // store, strictChecks, forced ─▶ strategy
    [false, false, undefined, 'apart'],
    [false, true, undefined, 'lazy'],
    [true, false, undefined, 'eager'],
    [true, true, undefined, 'eager'],
    [true, false, 'apart', 'apart'],
    [false, true, 'apart', 'apart'],
    [false, false, 'eager', 'eager'],
    [false, false, 'lazy', 'lazy'],
    [false, false, 'no-such', 'apart'],
    [false, true, '', 'lazy'],
  ];
  for (const [store, strictChecks, forced, want] of rows) {
    assert.equal(
      compileStrategy({ store, strictChecks, forced }),
      want,
      JSON.stringify({ store, strictChecks, forced }),
    );
  }
});

// ajv-errors' errorMessage takes the errors at its place whose schemaPath is directly under its
// own: the code of a $ref'd subschema compiled apart names its errors from its own "#", so the
// root's message would take the subschema's error. A schema that uses a plugin's keyword is
// compiled with $refs inlined, whichever strategy is asked for.
test("a schema that uses a keyword of the rule's plugins (ajv-errors' errorMessage) gets the messages lazy and eager give it", async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({
      allOf: [{ $ref: '#/definitions/text' }],
      definitions: { text: { type: 'string' } },
      errorMessage: { type: 'the document must be text' },
    }),
    'number.json': '5',
    // A property large enough to be deferred, under a node whose errorMessage takes its errors:
    // left in place, as everything at or under a node that uses a plugin's keyword.
    'q.json': JSON.stringify({
      properties: {
        q: {
          type: 'object',
          properties: { p: { type: 'object', properties: { x: { type: 'string' }, y: { type: 'integer' } } } },
          errorMessage: 'q is not as it should be',
        },
      },
    }),
    'nested.json': '{"q": {"p": {"x": 1}}}',
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { files: ['number.json'], schema: 's.json', ajv: { plugins: ['ajv-errors'] } },
        { files: ['nested.json'], schema: 'q.json', ajv: { plugins: ['ajv-errors'] } },
      ],
    }),
  });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const name of ['ajv', 'ajv-errors'])
    fs.symlinkSync(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name), 'junction');
  for (const strategy of strategies) {
    const { code, stdout } = await run(['-r', 'json'], dir, strategy);
    assert.equal(code, 1);
    const byFile = Object.fromEntries(
      parseJsonReport(stdout).files.map((file) => [file.path, file.problems.map(({ message }) => message)]),
    );
    assert.deepEqual(
      byFile,
      { 'number.json': ['must be string'], 'nested.json': ['q is not as it should be'] },
      strategy,
    );
  }
});

// SchemaStore's azure-iot-edge-deployment-template-1.0.json $refs
// "azure-iot-edge-deployment-1.0.json#/properties/modulesContent/properties/$edgeHub": a JSON pointer
// from one file into a part of another that apart defers (defer-properties.js) once that file is added.
test('a $ref from another file whose JSON pointer runs through deferred properties (keys with $, ~ and /) resolves under every strategy', async (t) => {
  const big = (type) => ({ type: 'object', properties: { x: { type }, y: { type: 'string' } }, required: ['x'] });
  const dir = makeTree(t, {
    'deployment.json': JSON.stringify({
      $id: 'https://example.com/deployment.json',
      type: 'object',
      properties: {
        modulesContent: {
          type: 'object',
          properties: { $edgeHub: big('integer'), 'a~b/c': big('boolean'), plain: big('string') },
        },
      },
      definitions: { 'd/e~f': { type: 'object', properties: { inner: big('number') } } },
      $defs: { $g: { properties: { deep: big('null') } } },
    }),
    'template.json': JSON.stringify({
      type: 'object',
      properties: {
        hub: { $ref: 'https://example.com/deployment.json#/properties/modulesContent/properties/$edgeHub' },
        odd: { $ref: 'https://example.com/deployment.json#/properties/modulesContent/properties/a~0b~1c/properties/x' },
        def: { $ref: 'https://example.com/deployment.json#/definitions/d~1e~0f/properties/inner' },
        dollar: { $ref: 'https://example.com/deployment.json#/$defs/%24g/properties/deep' },
        whole: { $ref: 'https://example.com/deployment.json' },
      },
    }),
    'good.json': JSON.stringify({
      hub: { x: 1 },
      odd: true,
      def: { x: 1.5 },
      dollar: { x: null },
      whole: { modulesContent: { plain: { x: 's' } } },
    }),
    'bad.json': JSON.stringify({
      hub: { x: 'one' },
      odd: 'yes',
      def: { y: 'no x' },
      dollar: { x: 0 },
      whole: { modulesContent: { $edgeHub: { x: 'two' } } },
    }),
  });
  const args = ['--schema', 'template.json', '--ref', 'deployment.json', 'good.json', 'bad.json', '-r', 'json'];
  const reports = {};
  for (const strategy of strategies) {
    const { code, stdout, stderr } = await run(args, dir, strategy);
    assert.equal(code, 1, `${strategy}: ${stderr}`);
    reports[strategy] = parseJsonReport(stdout);
  }
  const problems = reports.eager.files.find((file) => file.path === 'bad.json').problems;
  assert.deepEqual(
    problems.map((problem) => problem.message),
    ['must be integer', 'must be boolean', 'must have required property "x"', 'must be null', 'must be integer'],
  );
  for (const strategy of strategies) assert.deepEqual(reports[strategy].files, reports.eager.files, strategy);
});

/**
 * Checks valid.json and invalid.json against the schema under every strategy, the default one
 * too, in-process and on a pool: valid.json passes, invalid.json fails with the one problem.
 */
async function assertVerdictsEveryWay(dir, schema, problem) {
  const args = ['--schema', schema, 'valid.json', 'invalid.json', '-r', 'json'];
  for (const strategy of [undefined, ...strategies]) {
    for (const workers of ['0', '2']) {
      const { code, stdout, stderr } = await run(args, dir, strategy, ['--workers', workers]);
      const said = `${strategy ?? 'default'} --workers ${workers}: ${stdout} ${stderr}`;
      assert.equal(code, 1, said);
      const { files, summary } = parseJsonReport(stdout);
      assert.equal(summary.passed, 1, said); // valid.json
      assert.deepEqual(
        files.map(({ path, problems }) => [path, problems.map(({ pointer, message }) => `${pointer} ${message}`)]),
        [['invalid.json', [problem]]],
        said,
      );
    }
  }
}

// CycloneDX 1.4-1.7's schemas: a recursive $ref (a component's components) beside a $ref into
// another file (its signature, in jsf-0.82.schema.json). Compiled whole, ajv met the other file
// missing while it compiled the recursive definition, and the code of the attempt after the file was
// added called that definition through a `wrapper.validate` never filled in: every file threw.
const recursiveAcrossFiles = (dialect) => {
  const draft7 = dialect === 'draft-07';
  const defs = draft7 ? 'definitions' : '$defs';
  return {
    'root.schema.json': JSON.stringify({
      $schema: draft7 ? 'http://json-schema.org/draft-07/schema#' : 'https://json-schema.org/draft/2019-09/schema',
      $id: 'http://example.org/root.schema.json',
      type: 'object',
      properties: { components: { type: 'array', items: { $ref: `#/${defs}/component` } } },
      ...(!draft7 && { unevaluatedProperties: false }),
      [defs]: {
        component: {
          type: 'object',
          properties: {
            components: { type: 'array', items: { $ref: `#/${defs}/component` } },
            signature: { $ref: `#/${defs}/signature` },
          },
        },
        signature: { $ref: `other.schema.json#/${defs}/signature` },
      },
    }),
    'other.schema.json': JSON.stringify({
      $id: 'http://example.org/other.schema.json',
      [defs]: { signature: { type: 'object', properties: { value: { type: 'string' } } } },
    }),
    'valid.json': '{"components": [{"name": "a", "components": [{"signature": {"value": "x"}}]}]}',
    'invalid.json': '{"components": [{"components": [{"signature": {"value": 1}}]}]}',
  };
};

for (const dialect of ['2019-09', 'draft-07']) {
  test(`a recursive $ref beside a $ref into another file (${dialect}): every strategy, the default one too, and both executors give the verdicts ajv gives`, async (t) => {
    const dir = makeTree(t, recursiveAcrossFiles(dialect));
    await assertVerdictsEveryWay(dir, 'root.schema.json', '/components/0/components/0/signature/value must be string');
  });
}

// The same with no other file: an unknown format in the recursive definition (ajv throws, filecheck
// ignores the format and compiles again), and a definition compiled meanwhile whose code calls the
// recursive one.
test('an unknown format in a recursive definition, beside a definition that calls it back: every strategy gives the same verdicts', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { components: { type: 'array', items: { $ref: '#/definitions/component' } } },
      definitions: {
        component: {
          type: 'object',
          properties: {
            components: { type: 'array', items: { $ref: '#/definitions/component' } },
            child: { $ref: '#/definitions/child' },
            when: { type: 'string', format: 'no-such' },
          },
        },
        child: { type: 'object', properties: { parent: { $ref: '#/definitions/component' } } },
      },
    }),
    'valid.json': '{"components": [{"components": [{"when": "x"}], "child": {"parent": {"when": "y"}}}]}',
    'invalid.json': '{"components": [{"child": {"parent": {"child": {"parent": {"when": 1}}}}}]}',
  });
  await assertVerdictsEveryWay(dir, 's.json', '/components/0/child/parent/child/parent/when must be string');
});
