// validators/json-schema/schema-alternatives.js, through the json-schema validator: of an anyOf/oneOf, the
// errors of the alternative that matches best; one line when the alternatives are all about the
// value itself or none stands out; every error kept, marked, for --verbose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createJsonSchemaValidator } from '../../validators/json-schema/json-schema.js';
import { KEYWORD_ORDER } from '../../validators/json-schema/schema-alternatives.js';
import { runCli, makeTree, parseJsonReport } from '../helpers/cli.js';
import { fixtureJson } from '../helpers/fixtures.js';

const require = createRequire(import.meta.url);

// Shaped as SchemaStore's github-workflow.json is: jobs are one of two $ref'd kinds, so ajv's
// errors of either kind carry no sign of which alternative they are from.
const WORKFLOW = fixtureJson('schema-alternatives/github-workflow.schema.json');

async function schemaValidator(t, schema) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-alternatives-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schema));
  const validator = await createJsonSchemaValidator(
    { schema: path.join(dir, 'schema.json'), refs: [], ajv: {}, base: dir },
    { warn: () => {}, display: (file) => file },
  );
  return (doc) => validator.validate(doc);
}
const workflowValidator = (t) => schemaValidator(t, WORKFLOW);

// What is shown by default, and with --verbose, as `pointer message` lines.
const shown = (problems) => problems.filter((p) => !p.notBestMatch).map((p) => `${p.pointer} ${p.message}`);
const all = (problems) => problems.map((p) => `${p.pointer} ${p.message}`);

test("a job of the wrong kind is not told what the other kind may hold: the best alternative's errors, all of them with --verbose", async (t) => {
  const validate = await workflowValidator(t);
  const problems = validate({
    jobs: { build: { 'runs-on': 'ubuntu', timeout: 10, steps: [{ run: 'make', 'with-env': true }] } },
  });
  assert.deepEqual(shown(problems), [
    '/jobs/build/timeout must NOT have additional property "timeout"',
    '/jobs/build/steps/0/with-env must NOT have additional property "with-env"',
  ]);
  assert.deepEqual(all(problems), [
    '/jobs/build/timeout must NOT have additional property "timeout"',
    '/jobs/build/steps/0/with-env must NOT have additional property "with-env"',
    '/jobs/build must have required property "uses"',
    '/jobs/build/runs-on must NOT have additional property "runs-on"',
    '/jobs/build/steps must NOT have additional property "steps"',
    '/jobs/build matches none of the 2 alternatives (oneOf)',
  ]);
  // The same error in two alternatives is one problem, shown.
  assert.equal(problems.filter((p) => p.message.includes('"timeout"')).length, 1);
});

test('an error met again tells alternatives apart: a reusable job with a typo is told of the typo only, and what was meant', async (t) => {
  const validate = await workflowValidator(t);
  assert.deepEqual(shown(validate({ jobs: { call: { uses: './w.yml', withh: {} } } })), [
    '/jobs/call/withh must NOT have additional property "withh"; did you mean "with"?',
  ]);
});

test('alternatives that each fail on the value itself are one line: its types, a pattern, a missing property', async (t) => {
  const validate = await workflowValidator(t);
  const cases = [
    [{ jobs: { j: { 'runs-on': 'x', needs: 5 } } }, '/jobs/j/needs must be array or string'],
    [
      { jobs: { j: { 'runs-on': 'x', 'timeout-minutes': 'soon' } } },
      '/jobs/j/timeout-minutes must be number, or match pattern "^\\$\\{\\{.*\\}\\}$"',
    ],
    [{ permissions: 'write' }, '/permissions must be one of "read-all", "write-all", or be object'],
    [
      { jobs: { j: { 'runs-on': 'x', steps: [{ name: 'only a name' }] } } },
      '/jobs/j/steps/0 must have one of the properties "uses", "run"',
    ],
  ];
  for (const [doc, line] of cases) {
    const problems = validate(doc);
    assert.deepEqual(shown(problems), [line]);
    assert.ok(problems.length > 1, "with --verbose, each alternative's own error too");
  }
});

test('alternatives that each only lack properties name what the closest lacks, and the property whose dependency asks', async (t) => {
  // The tmLanguage schema: a pattern with contentName must have begin and end, or begin and while.
  const validate = await schemaValidator(t, {
    properties: {
      patterns: {
        items: {
          dependencies: { contentName: { anyOf: [{ required: ['begin', 'end'] }, { required: ['begin', 'while'] }] } },
        },
      },
      rule: { oneOf: [{ required: ['a', 'b', 'c'] }, { required: ['d'] }] },
    },
  });
  const problems = validate({
    patterns: [
      { contentName: 'x', name: 'n' },
      { contentName: 'x', begin: 'a' },
    ],
    rule: { a: 1 },
  });
  assert.deepEqual(shown(problems), [
    '/patterns/0 because it has "contentName", must have "begin" and "end" (or "begin" and "while")',
    '/patterns/1 because it has "contentName", must have "end" (or "while")',
    '/rule must have "d" (or "b" and "c")',
  ]);
});

test("alternatives that only lack properties: one whose list holds another's is left out, names are JSON strings", async (t) => {
  const validate = await schemaValidator(t, {
    properties: {
      rule: { oneOf: [{ required: ['foo'] }, { required: ['foo', 'baz'] }] },
      same: {
        anyOf: [{ required: ['a', 'b'] }, { required: ['b', 'a'] }, { required: ['c', 'd'] }, { required: ['e'] }],
      },
      quoted: {
        dependencies: { 'x"y': { anyOf: [{ required: ['a"b', 'c'] }, { required: ['d\\e'] }] } },
        oneOf: [{ required: ['p"'] }, { required: ['q"'] }],
      },
    },
  });
  assert.deepEqual(shown(validate({ rule: { bar: 2 }, same: {}, quoted: { 'x"y': 1 } })), [
    '/rule must have "foo"',
    '/same must have "e" (or "a" and "b", or "c" and "d")',
    '/quoted must have one of the properties "p\\"", "q\\""',
    '/quoted because it has "x\\"y", must have "d\\\\e" (or "a\\"b" and "c")',
  ]);
});

test('an alternative for another type of value, or whose constant the value does not have, is not the one meant', async (t) => {
  const validate = await workflowValidator(t);
  assert.deepEqual(
    shown(validate({ on: { push: { branches: 'main' } } })),
    ['/on/push/branches must be array'],
    'deeper than the types of on and push',
  );
  assert.deepEqual(
    shown(validate({ kind: { type: 'b', color: 'green' } })),
    ['/kind/color must be one of "red", "blue"'],
    'not "type must be equal to "a""',
  );
});

test("when no alternative was meant but one is for the value's type, its constant is the error: Cargo's dependency, a string or a table whose optional may only be true", async (t) => {
  const table = { type: 'object', properties: { version: { type: 'string' }, optional: { enum: [true] } } };
  for (const [how, schema] of [
    ['inline', { additionalProperties: { anyOf: [{ type: 'string' }, table] } }],
    [
      'through $refs',
      {
        additionalProperties: { anyOf: [{ $ref: '#/definitions/version' }, { $ref: '#/definitions/table' }] },
        definitions: { version: { type: 'string' }, table },
      },
    ],
  ]) {
    const validate = await schemaValidator(t, schema);
    assert.deepEqual(
      shown(validate({ foo: { version: '1', optional: false } })),
      ['/foo/optional must be equal to true'], // Cargo.toml's optional: a one-value enum
      how,
    );
    assert.deepEqual(shown(validate({ foo: 3 })), ['/foo must be string or object'], `${how}: of neither type`);
  }
  // Several for its type, each with another constant: none stands out, as before.
  const validate = await schemaValidator(t, {
    anyOf: [
      { type: 'string' },
      { type: 'object', properties: { kind: { const: 'a' } } },
      { type: 'object', properties: { kind: { const: 'b' } } },
    ],
  });
  assert.deepEqual(shown(validate({ kind: 'c' })), [' matches none of the 3 alternatives (anyOf)']);
});

test("an enum none of whose values is of the value's type is for another type, through a $ref too: Travis's cache, given an object", async (t) => {
  const object = { type: 'object', properties: { directories: { type: 'array' } }, additionalProperties: false };
  for (const [how, schema] of [
    ['inline', { properties: { cache: { oneOf: [{ enum: [false] }, { enum: ['apt', 'npm'] }, object] } } }],
    [
      'through a $ref',
      {
        properties: { cache: { oneOf: [{ enum: [false] }, { $ref: '#/definitions/cache' }, object] } },
        definitions: { cache: { enum: ['apt', 'npm'] } },
      },
    ],
  ]) {
    const validate = await schemaValidator(t, schema);
    assert.deepEqual(
      shown(validate({ cache: { directories: ['a'], override: ['npm ci'] } })),
      ['/cache/override must NOT have additional property "override"'],
      how,
    );
    // An enum that has a value of the value's type is still meant: none stands out.
    assert.deepEqual(
      shown(validate({ cache: 'yarn' })),
      ['/cache must be one of false, "apt", "npm", or be object'],
      `${how}: a string`,
    );
  }
});

test("an allOf of $refs inside an alternative is that alternative's: SchemaStore's prettierrc, an object or a string, given 1 is one line", async (t) => {
  const validate = await schemaValidator(t, {
    oneOf: [{ type: 'object', allOf: [{ $ref: '#/definitions/a' }, { $ref: '#/definitions/b' }] }, { type: 'string' }],
    definitions: { a: { type: 'object' }, b: { type: 'object' } },
  });
  assert.deepEqual(shown(validate(1)), [' must be object or string']);
});

test('several alternatives matching a oneOf is one line naming them; no alternative standing out is one line too', async (t) => {
  const validate = await workflowValidator(t);
  assert.deepEqual(all(validate({ twin: 3 })), [
    '/twin matches 2 alternatives of oneOf ({"type":"integer"} and {"type":"number"}), where exactly one may match',
  ]);
  // Each alternative fails as deep, as often: neither is the one meant.
  const problems = validate({ pair: { a: 1, b: 2 } });
  assert.deepEqual(shown(problems), ['/pair matches none of the 2 alternatives (anyOf)']);
  assert.deepEqual(all(problems), [
    '/pair/a must be string',
    '/pair/b must be string',
    '/pair matches none of the 2 alternatives (anyOf)',
  ]);
});

test('alternatives that cannot be told apart are all shown', async (t) => {
  const validate = await workflowValidator(t);
  // normalJob: required runs-on, extra uses and steps; reusableJob: extra steps. In ajv's order
  // nothing marks where the one ends and the other starts.
  assert.deepEqual(shown(validate({ jobs: { call: { uses: './w.yml', steps: [] } } })), [
    '/jobs/call must have required property "runs-on"',
    '/jobs/call/uses must NOT have additional property "uses"',
    '/jobs/call/steps must NOT have additional property "steps"',
    '/jobs/call matches none of the 2 alternatives (oneOf)',
  ]);
});

// Shaped as SchemaStore's pre-commit-config.json is: a repo is one of three $ref'd kinds, the
// first told by a one-value enum; ajv inlines the small meta kind (its errors' paths name its
// definition) and compiles the two that $ref a hook apart (theirs start again at "#").
const PRE_COMMIT = {
  type: 'object',
  properties: {
    repos: {
      type: 'array',
      items: {
        anyOf: [
          { $ref: '#/definitions/meta_repo' },
          { $ref: '#/definitions/local_repo' },
          { $ref: '#/definitions/uri_repo' },
        ],
      },
    },
  },
  definitions: {
    meta_repo: {
      type: 'object',
      properties: {
        repo: { enum: ['meta'] },
        hooks: {
          type: 'array',
          items: { type: 'object', required: ['id'], properties: { id: { type: 'string', enum: ['identity'] } } },
        },
      },
    },
    local_repo: {
      type: 'object',
      properties: {
        repo: { enum: ['local'], type: 'string' },
        hooks: {
          type: 'array',
          items: { $ref: '#/definitions/hook', type: 'object', required: ['id', 'name', 'entry', 'language'] },
        },
      },
    },
    uri_repo: {
      type: 'object',
      properties: {
        repo: { type: 'string', pattern: '^(?!(?:meta|local)$).*$' },
        hooks: { type: 'array', items: { $ref: '#/definitions/hook', type: 'object' } },
      },
    },
    hook: { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } },
  },
};

test('as many errors as failed alternatives, or places between them as alternatives not told apart, are one alternative each', async (t) => {
  // Two $ref'd alternatives, each missing its own property: one error each, so one line.
  const validate = await workflowValidator(t);
  assert.deepEqual(shown(validate({ either: { c: 1 } })), ['/either must have one of the properties "a", "b"']);
  // A local pre-commit hook without its name: the meta kind's two errors are of its definition,
  // so the other two are one kind each; the meta kind is not the one meant, the local kind goes deepest.
  const repo = { repo: 'local', hooks: [{ id: 'x', entry: 'y', language: 'system' }] };
  const preCommit = await schemaValidator(t, PRE_COMMIT);
  assert.deepEqual(shown(preCommit({ repos: [repo] })), ['/repos/0/hooks/0 must have required property "name"']);
  // A meta hook of an unknown id: the local kind's three missing properties could be split more
  // than one way, so every error stays shown.
  assert.deepEqual(shown(preCommit({ repos: [{ repo: 'meta', hooks: [{ id: 'x' }] }] })).length, 7);
});

// SchemaStore's pre-commit-config.json, cut down: a repo is the meta kind (told by a one-value enum) or
// a URL's, each with hooks of one $ref'd kind; the URL's kind has `rev` as well.
const PRE_COMMIT_URI = {
  type: 'object',
  properties: {
    repos: { type: 'array', items: { anyOf: [{ $ref: '#/definitions/meta' }, { $ref: '#/definitions/uri' }] } },
  },
  definitions: {
    meta: { properties: { repo: { enum: ['meta'] }, hooks: { type: 'array', items: { $ref: '#/definitions/hook' } } } },
    uri: {
      properties: {
        repo: { type: 'string', pattern: '^(?!meta$)' },
        rev: { type: 'string' },
        hooks: { type: 'array', items: { $ref: '#/definitions/hook' } },
      },
    },
    hook: { type: 'object', properties: { id: { type: 'string' }, always_run: { type: 'boolean' } } },
  },
};

test("errors between an error and its repeat, which either alternative could have given, stay shown: a pre-commit repo's rev read as a number", async (t) => {
  // ajv's order: the meta kind's enum and hook error, then the URL kind's rev and hook error. The
  // repeated hook error says a second alternative started after the first, but not whether before
  // or after `rev`: whichever matches best, `rev` is shown.
  const validate = await schemaValidator(t, PRE_COMMIT_URI);
  const repo = { repo: 'https://github.com/pre-commit/pre-commit-hooks', rev: 4.0 };
  assert.deepEqual(shown(validate({ repos: [{ ...repo, hooks: [{ id: 'check-yaml', always_run: 'on' }] }] })), [
    '/repos/0/rev must be string',
    '/repos/0/hooks/0/always_run must be boolean',
  ]);
  // Without the hook's error nothing is repeated: the meta kind, told by its enum, is not the one meant.
  assert.deepEqual(shown(validate({ repos: [{ ...repo, hooks: [{ id: 'check-yaml' }] }] })), [
    '/repos/0/rev must be string',
  ]);
});

test("from the command line: a pre-commit repo's rev that YAML reads as a number is shown beside its hook's error", async (t) => {
  const dir = makeTree(t, {
    'pre-commit.schema.json': JSON.stringify(PRE_COMMIT_URI),
    '.pre-commit-config.yaml': [
      'repos:',
      '  - repo: https://github.com/pre-commit/pre-commit-hooks',
      '    rev: 4.0',
      '    hooks:',
      '      - id: check-yaml',
      '        always_run: on',
      '',
    ].join('\n'),
  });
  const result = await runCli(['-s', 'pre-commit.schema.json', '.pre-commit-config.yaml'], { cwd: dir });
  assert.equal(result.code, 1, result.stderr);
  assert.deepEqual(
    result.stdout.split('\n').filter((line) => line.startsWith('  .pre-commit-config.yaml:')),
    [
      '  .pre-commit-config.yaml:3:10  /repos/0/rev: must be string',
      '  .pre-commit-config.yaml:6:21  /repos/0/hooks/0/always_run: must be boolean ("on" is a string in YAML 1.2, a boolean in YAML 1.1: write true)',
    ],
  );
});

// Shaped as real generated schemas are: a rule's setting is one of its levels (each `type` and
// `const`, as schemars writes them for biome and oxlint) or an object with a level and options, or
// null; a version is one of two consts (cspell); a dependency a string or an object of one of two
// shapes (nx); a list an array or, by $ref, one of two scalar types.
const GENERATED = fixtureJson('schema-alternatives/generated.schema.json');

async function validatorOf(t, schema) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-alternatives-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schema));
  const validator = await createJsonSchemaValidator(
    { schema: path.join(dir, 'schema.json'), refs: [], ajv: {}, base: dir },
    { warn: () => {}, display: (file) => file },
  );
  return (doc) => validator.validate(doc);
}

test('a wrong value deep in nested alternatives of generated schemas is one line where it is, not one per enclosing anyOf/oneOf', async (t) => {
  const validate = await validatorOf(t, GENERATED);
  const cases = [
    // The object form of the setting was meant (the levels are strings): its level is wrong.
    [{ group: { noConsole: { level: 'zz' } } }, ['/group/noConsole/level must be one of "off", "warn", "error"']],
    [
      { group: { noConsole: { level: 'warn', extra: 1 } } },
      ['/group/noConsole/extra must NOT have additional property "extra"'],
    ],
    // A value of none of the types: what each alternative takes, the levels' values among them.
    [{ group: { noConsole: 12 } }, ['/group/noConsole must be one of "off", "warn", "error", or be object or null']],
    [{ version: 2 }, ['/version must be one of "0.2", "0.1"']],
    [{ version: '0.3' }, ['/version must be one of "0.2", "0.1"']],
    // An alternative for another type of value is not asked what else it would need.
    [{ dependsOn: [12] }, ['/dependsOn/0 must be string or object']],
    [{ list: true }, ['/list must be array, string or number']],
  ];
  for (const [doc, lines] of cases) {
    const problems = validate(doc);
    assert.deepEqual(shown(problems), lines, JSON.stringify(doc));
    assert.ok(problems.length >= lines.length);
  }
});

test("if/then/else and propertyNames: the errors that say what is wrong, without ajv's summing-up ones; a bad property name on its key", async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-alternatives-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(
    path.join(dir, 's.json'),
    JSON.stringify({
      if: { required: ['a'] },
      then: { required: ['b'] },
      else: { required: ['c'] },
      propertyNames: { pattern: '^[a-z]+$' },
    }),
  );
  const validator = await createJsonSchemaValidator(
    { schema: path.join(dir, 's.json'), refs: [], ajv: {}, base: dir },
    { warn: () => {}, display: (file) => path.basename(file) },
  );
  assert.deepEqual(validator.validate({ a: 1, Bad: 2 }), [
    {
      validator: 'json-schema',
      keyword: 'required',
      message: 'must have required property "b"',
      pointer: '',
      kind: 'invalid',
      schema: 's.json',
    },
    {
      validator: 'json-schema',
      keyword: 'pattern',
      message: 'property name "Bad" must match pattern "^[a-z]+$"',
      pointer: '/Bad',
      kind: 'invalid',
      atKey: true,
      schema: 's.json',
    },
  ]);
});

test("the order of keywords the alternatives are told apart by is ajv's", () => {
  for (const Ajv of [require('ajv').default, require('ajv/dist/2019').default, require('ajv/dist/2020').default]) {
    const ajv = new Ajv();
    const ours = [...ajv.RULES.rules, ajv.RULES.post]
      .flatMap((group) => group.rules.map((rule) => rule.keyword))
      .filter((keyword) => KEYWORD_ORDER.includes(keyword));
    // `format` is a keyword of numbers and of strings: ours is the strings' place.
    const theirs = [
      ...new Set(ours.filter((keyword, i) => keyword !== 'format' || ours.indexOf('format', i + 1) === -1)),
    ];
    assert.deepEqual(
      theirs,
      KEYWORD_ORDER.filter((keyword) => theirs.includes(keyword)),
    );
  }
});

test('from the command line: the best match by default, every alternative with --verbose; the same in-process and on a pool, cold and with --cache', async (t) => {
  const dir = makeTree(t, {
    'workflow.schema.json': JSON.stringify(WORKFLOW),
    '.github/workflows/ci.yml': [
      'on:',
      '  push:',
      '    branches: main',
      'permissions: write',
      'jobs:',
      '  build:',
      '    runs-on: ubuntu-latest',
      '    timeout: 10',
      '    steps:',
      '      - uses: actions/checkout@v4',
      '      - name: Test',
      '        run: npm test',
      '        with-env: true',
      '  deploy:',
      '    needs: 5',
      '    runs-on: ubuntu-latest',
      '',
    ].join('\n'),
  });
  const args = ['-s', 'workflow.schema.json', '.github/workflows/ci.yml'];
  const lines = (stdout) => stdout.split('\n').filter((line) => line.startsWith('  .github/workflows/ci.yml:'));
  const human = await runCli(args, { cwd: dir });
  assert.equal(human.code, 1, human.stderr);
  assert.deepEqual(lines(human.stdout), [
    '  .github/workflows/ci.yml:3:15   /on/push/branches: must be array',
    '  .github/workflows/ci.yml:4:14   /permissions: must be one of "read-all", "write-all", or be object',
    '  .github/workflows/ci.yml:8:5    /jobs/build/timeout: must NOT have additional property "timeout"',
    '  .github/workflows/ci.yml:13:9   /jobs/build/steps/1/with-env: must NOT have additional property "with-env"',
    '  .github/workflows/ci.yml:15:12  /jobs/deploy/needs: must be array or string',
  ]);
  const verbose = await runCli([...args, '--verbose'], { cwd: dir });
  assert.ok(lines(verbose.stdout).length > 15, verbose.stdout);
  assert.match(
    verbose.stdout,
    /^ {2}\.github\/workflows\/ci\.yml:7:5 +\/jobs\/build\/runs-on: must NOT have additional property "runs-on"$/m,
    "the other kind of job's errors",
  );
  for (const more of [[], ['--verbose']]) {
    const reports = [];
    let warm;
    for (const run of [
      ['--workers', '0'],
      ['--workers', '2'],
      ['--cache', '--workers', '0'],
      ['--cache', '--workers', '2'],
    ]) {
      const result = await runCli([...args, ...more, ...run, '-r', 'json'], { cwd: dir });
      assert.equal(result.code, 1, result.stderr);
      warm = parseJsonReport(result.stdout).files;
      reports.push(warm.map(({ cached, ...file }) => file));
    }
    // The last run reports every failure from the cache (recorded by the one before, with the same --verbose).
    assert.ok(
      warm.every((file) => file.cached),
      `${more.join(' ')}: warm`,
    );
    for (const report of reports.slice(1))
      assert.deepEqual(report, reports[0], `${more.join(' ')}: in-process, pool, and warm from the cache alike`);
  }
});

// Shaped as SchemaStore's drone.json is: a document is one of four kinds, the last a pipeline of
// one of several types, each a $ref; a pipeline without `type` matches more than one type.
const PIPELINES = fixtureJson('schema-alternatives/drone.schema.json');

// Shaped as a docs site's front-matter schema is: an anyOf of if/then rules, one per folder, each
// allowing its own page types; with no `folder` every rule's `if` holds.
const PAGE_TYPES = Array.from({ length: 28 }, (_, i) => [`type-${i}a`, `type-${i}b`]);
const FRONT_MATTER = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { title: { type: 'string' }, 'page-type': { type: 'string' } },
  anyOf: PAGE_TYPES.map((types, i) => ({
    if: { properties: { folder: { const: `folder-${i}` } } },
    then: { properties: { 'page-type': { enum: types } } },
  })),
};

test('alternatives are counted from the schema: a oneOf of $refs, one nested in another', async (t) => {
  const validate = await validatorOf(t, PIPELINES);
  const problems = validate({ kind: 'pipeline', name: 'default', steps: [] });
  assert.deepEqual(shown(problems), [
    ' matches at least 2 of the 3 alternatives of oneOf (#/definitions/docker_pipeline and #/definitions/kubernetes_pipeline), where exactly one may match',
  ]);
  assert.ok(all(problems).includes(' matches none of the 4 alternatives (oneOf)'), all(problems).join('\n'));
  // Of the $ref'd jobs of the workflow, too: their errors name no alternative, the schema does.
  const workflow = await workflowValidator(t);
  assert.ok(
    all(workflow({ jobs: { build: { 'runs-on': 'ubuntu', timeout: 10 } } })).includes(
      '/jobs/build matches none of the 2 alternatives (oneOf)',
    ),
  );
});

test('several alternatives matching a oneOf are named: by their $ref, their title, or their JSON when it is short', async (t) => {
  const validate = await validatorOf(t, {
    properties: {
      titled: {
        oneOf: [
          { title: 'A number', type: 'number' },
          { title: 'An integer', type: 'integer' },
        ],
      },
      plain: {
        oneOf: [
          { type: 'integer' },
          { minimum: 0, description: 'any number that is not below zero, however large it is' },
        ],
      },
    },
  });
  assert.deepEqual(shown(validate({ titled: 3 })), [
    '/titled matches 2 alternatives of oneOf ("A number" and "An integer"), where exactly one may match',
  ]);
  assert.deepEqual(shown(validate({ plain: 3 })), [
    '/plain matches 2 alternatives of oneOf ({"type":"integer"} and alternative 2), where exactly one may match',
  ]);
});

test('alternatives that all fail on the same property say that property and what it allows', async (t) => {
  const validate = await validatorOf(t, FRONT_MATTER);
  const problems = validate({ title: 'Intro', 'page-type': 'tutorial' });
  assert.equal(problems.filter((p) => !p.notBestMatch).length, 1);
  const [line] = problems.filter((p) => !p.notBestMatch);
  assert.equal(line.pointer, '/page-type');
  assert.match(
    line.message,
    /^must be one of "type-0a", "type-0b", "type-1a", .* … and \d+ more \(none of the 28 alternatives of anyOf matches\)$/,
  );
  // With --verbose, each rule's own error, and the anyOf's line where ajv reports it.
  assert.deepEqual(
    problems.filter((p) => p.notBestMatch).map((p) => `${p.pointer} ${p.message}`),
    [
      ...PAGE_TYPES.map((types) => `/page-type must be one of ${types.map((type) => `"${type}"`).join(', ')}`),
      ' matches none of the 28 alternatives (anyOf)',
    ],
  );
});

test('from the command line: counts, names and the property alike in-process and on a pool, compiled whole, lazily or apart', async (t) => {
  const dir = makeTree(t, {
    'drone.schema.json': JSON.stringify(PIPELINES, null, 2),
    'front.schema.json': JSON.stringify(FRONT_MATTER, null, 2),
    '.drone.yml': 'kind: pipeline\nname: default\n\nsteps:\n- name: test\n',
    'docs/intro.json': '{\n  "title": "Intro",\n  "page-type": "tutorial"\n}\n',
  });
  const runs = [];
  for (const compile of ['eager', 'lazy', 'apart']) {
    for (const workers of ['0', '2']) {
      const env = { FILECHECK_SCHEMA_COMPILE: compile };
      const drone = await runCli(['-s', 'drone.schema.json', '.drone.yml', '--workers', workers], { cwd: dir, env });
      const front = await runCli(['-s', 'front.schema.json', 'docs/intro.json', '--workers', workers], {
        cwd: dir,
        env,
      });
      assert.equal(drone.code, 1, drone.stderr);
      assert.equal(front.code, 1, front.stderr);
      runs.push([drone, front].map(({ stdout }) => stdout.split('\n').filter((line) => /^ {2}\S+:\d/.test(line))));
    }
  }
  const [drone, front] = runs[0];
  assert.deepEqual(drone, [
    '  .drone.yml:1:1  matches at least 2 of the 3 alternatives of oneOf (#/definitions/docker_pipeline and #/definitions/kubernetes_pipeline), where exactly one may match',
  ]);
  // On the page type's value, not the front matter's start.
  assert.equal(front.length, 1);
  assert.match(
    front[0],
    /^ {2}docs\/intro\.json:3:16 {2}\/page-type: must be one of "type-0a", "type-0b", "type-1a", .* … and \d+ more \(none of the 28 alternatives of anyOf matches\)$/,
  );
  for (const run of runs.slice(1)) assert.deepEqual(run, runs[0]);
});
