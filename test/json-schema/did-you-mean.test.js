// "Did you mean" in JSON Schema problems (validators/json-schema/did-you-mean.js): a property the
// schema refuses close to one it declares, a property name or a value close to one it allows; from
// the validator, then from the command line in JSON and YAML, in-process and on a pool alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createJsonSchemaValidator } from '../../validators/json-schema/json-schema.js';
import { checkBothExecutors, makeTree, parseJsonReport, REPO, runCli } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';

const TSCONFIG = fileURLToPath(new URL('../fixtures/tsconfig-excerpt.schema.json', import.meta.url));

/**
 * A validator of `schema`, written to a temporary folder, compiled in each of the ways a run may
 * compile it (json-schema.js, compileStrategy): validate asserts that they agree, and gives each
 * problem as `pointer message`.
 */
async function validatorOf(t, schema) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-did-you-mean-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(schema));
  const validators = [];
  for (const strategy of ['apart', 'lazy', 'eager']) {
    validators.push(
      await createJsonSchemaValidator(
        { schema: path.join(dir, 'schema.json'), refs: [], ajv: {}, base: dir },
        { warn() {}, display: (file) => path.basename(file), strategy },
      ),
    );
  }
  const said = (validator, doc) =>
    validator
      .validate(structuredClone(doc))
      .filter((problem) => !problem.notBestMatch)
      .map((problem) => `${problem.pointer} ${problem.message}`);
  return (doc) => {
    const [apart, ...others] = validators.map((validator) => said(validator, doc));
    for (const other of others) assert.deepEqual(other, apart, 'every way of compiling the schema says the same');
    return apart;
  };
}

const OPTIONS = {
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string' },
    strict: { type: 'boolean' },
    tag: {},
    tags: {},
  },
  additionalProperties: false,
};

test('additionalProperties: a refused key close to a declared property the object lacks says which', async (t) => {
  const validate = await validatorOf(t, OPTIONS);
  assert.deepEqual(validate({ title: 'a', strictt: true }), [
    '/strictt must NOT have additional property "strictt"; did you mean "strict"?',
  ]);
  // Too far (more than 2 edits, or more than a third of its length), or two as close: nothing.
  assert.deepEqual(validate({ title: 'a', strictness: true, zzz: 1, tas: 1 }), [
    '/strictness must NOT have additional property "strictness"',
    '/zzz must NOT have additional property "zzz"',
    '/tas must NOT have additional property "tas"',
  ]);
  // A property the object has already is not what another key meant.
  assert.deepEqual(validate({ title: 'a', strict: true, strictt: true }), [
    '/strictt must NOT have additional property "strictt"',
  ]);
});

test('a misspelled property that is also required and missing is one problem, which says so', async (t) => {
  const validate = await validatorOf(t, OPTIONS);
  assert.deepEqual(validate({ titel: 'a' }), [
    '/titel must NOT have additional property "titel"; did you mean "title"? (it is required)',
  ]);
  // Not close: both problems, as before.
  assert.deepEqual(validate({ heading: 'a' }), [
    ' must have required property "title"',
    '/heading must NOT have additional property "heading"',
  ]);
  // Required twice (two parts of an allOf): still one problem.
  const twice = await validatorOf(t, { allOf: [OPTIONS, { required: ['title'] }] });
  assert.deepEqual(twice({ titel: 'a' }), [
    '/titel must NOT have additional property "titel"; did you mean "title"? (it is required)',
  ]);
  // Only required, not declared in properties: still what was meant.
  const bare = await validatorOf(t, { required: ['name'], properties: {}, additionalProperties: false });
  assert.deepEqual(bare({ nmae: 'x' }), [
    '/nmae must NOT have additional property "nmae"; did you mean "name"? (it is required)',
  ]);
});

test('additionalProperties in the parts of an allOf: the properties each part declares', async (t) => {
  const validate = await validatorOf(t, {
    allOf: [
      { properties: { name: {} }, additionalProperties: false },
      { properties: { version: {} }, additionalProperties: false },
    ],
  });
  // Each part refuses "versoin"; the second declares "version".
  assert.deepEqual(validate({ versoin: 1 }), [
    '/versoin must NOT have additional property "versoin"; did you mean "version"?',
  ]);
});

test('unevaluatedProperties: the properties of the schema and of the subschemas written in it', async (t) => {
  const validate = await validatorOf(t, {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: { id: {} },
    allOf: [{ properties: { name: {} } }],
    if: { required: ['id'] },
    then: { properties: { version: {} } },
    unevaluatedProperties: false,
  });
  assert.deepEqual(validate({ id: 1, nmae: 'x', versio: 2 }), [
    '/nmae must NOT have unevaluated property "nmae"; did you mean "name"?',
    '/versio must NOT have unevaluated property "versio"; did you mean "version"?',
  ]);
});

test('propertyNames: a name its enum or const refuses, close to one it allows', async (t) => {
  const validate = await validatorOf(t, {
    properties: {
      features: { propertyNames: { enum: ['alpha', 'beta', 'gamma'] } },
      single: { propertyNames: { const: 'enabled' } },
    },
  });
  assert.deepEqual(validate({ features: { alpah: 1, beta: 2, zeta: 3 }, single: { enabeld: true } }), [
    '/features/alpah property name "alpah" must be one of "alpha", "beta", "gamma"; did you mean "alpha"?',
    '/features/zeta property name "zeta" must be one of "alpha", "beta", "gamma"',
    '/single/enabeld property name "enabeld" must be equal to "enabled"; did you mean "enabled"?',
  ]);
});

test('enum and const: a string close to an allowed one; equal but for case comes first', async (t) => {
  const validate = await validatorOf(t, {
    properties: {
      target: { enum: ['ES2015', 'ES2020', 'ESNext'] },
      module: { enum: ['esnext', 'ESNEXTS'] },
      mode: { const: 'production' },
      level: { type: 'string', enum: ['warn', 'error'] },
      color: { enum: ['colour', 'colors'] },
      count: { enum: [10, 20] },
      encoding: { enum: ['base64'] },
    },
  });
  assert.deepEqual(validate({ target: 'es2o20', module: 'ESNEXT', mode: 'prodution' }), [
    '/target must be one of "ES2015", "ES2020", "ESNext"; did you mean "ES2020"?',
    // "ESNEXTS" is one edit away, "esnext" none but for case: the latter.
    '/module must be one of "esnext", "ESNEXTS"; did you mean "esnext"?',
    // The only value allowed is named already: nothing to suggest.
    '/mode must be equal to "production"',
  ]);
  assert.deepEqual(validate({ encoding: 'base85' }), ['/encoding must be equal to "base64"']); // a one-value enum reads as a const
  // Two as close, too far, or not a string: the values alone.
  assert.deepEqual(validate({ color: 'color', level: 'fatal', count: 1 }), [
    '/level must be one of "warn", "error"',
    '/color must be one of "colour", "colors"',
    '/count must be one of 10, 20',
  ]);
  assert.deepEqual(validate({ level: 'eror' }), ['/level must be one of "warn", "error"; did you mean "error"?']);
});

test("an anyOf's one line of values (SchemaStore's tsconfig: an enum or a pattern) says what was meant", async (t) => {
  const validate = await validatorOf(t, JSON.parse(fs.readFileSync(TSCONFIG, 'utf8')));
  const [problem] = validate({ compilerOptions: { strictt: true, target: 'es2o20' } });
  assert.match(
    problem,
    /^\/compilerOptions\/target must be one of "es3", .*, or match pattern ".*"; did you mean "es2020"\?$/,
  );
});

// ─── from the command line ──────────────────────────────────────────────────────────────────

const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['title'],
  properties: {
    title: { type: 'string' },
    draft: { type: 'boolean' },
    layout: { enum: ['post', 'page', 'landing'] },
    tags: { type: 'object', propertyNames: { enum: ['news', 'release'] } },
  },
  additionalProperties: false,
});

test('CLI: the suggestion is in the message, in JSON and YAML, in-process and on a pool alike', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'content/a.json': '{\n  "titel": "A",\n  "draft": true,\n  "layout": "Page"\n}\n',
    'content/b.yaml': 'title: B\ndraaft: true\nlayout: lnading\ntags:\n  relase: 1\n',
    'content/ok.yaml': 'title: C\nlayout: post\n',
  });
  const report = await checkBothExecutors(dir, ['content', '--schema', 'schema.json']);
  const lines = Object.fromEntries(
    report.files.map((file) => [
      file.path,
      file.problems.map((p) => `${p.line}:${p.column} ${p.pointer} ${p.message}`),
    ]),
  );
  assert.deepEqual(lines, {
    'content/a.json': [
      '2:3 /titel must NOT have additional property "titel"; did you mean "title"? (it is required)',
      '4:13 /layout must be one of "post", "page", "landing"; did you mean "page"?',
    ],
    'content/b.yaml': [
      '2:1 /draaft must NOT have additional property "draaft"; did you mean "draft"?',
      '3:9 /layout must be one of "post", "page", "landing"; did you mean "landing"?',
      '5:3 /tags/relase property name "relase" must be one of "news", "release"; did you mean "release"?',
    ],
    'content/ok.yaml': [],
  });
  // The default reporter prints the message as it is.
  const human = await runCli(['content/a.json', '--schema', 'schema.json'], { cwd: dir });
  assert.equal(human.code, 1);
  assert.match(
    human.stdout,
    /^ {2}content\/a\.json:2:3 +\/titel: must NOT have additional property "titel"; did you mean "title"\? \(it is required\)$/m,
  );
  assert.doesNotMatch(human.stdout, /must have required property/);
});

test('CLI: every reporter carries the suggestion: github, json, junit, sarif, gitlab', async (t) => {
  const dir = makeTree(t, { 'schema.json': SCHEMA, 'post.yaml': 'titel: A\n' });
  const run = await runCli(
    ['post.yaml', '--schema', 'schema.json', '-r', 'github', '-r', 'json:o.json', '-r', 'junit:o.xml'].concat([
      '-r',
      'sarif:o.sarif',
      '-r',
      'gitlab:o.gitlab.json',
    ]),
    { cwd: dir },
  );
  assert.equal(run.code, 1, run.stderr);
  const said = 'must NOT have additional property "titel"; did you mean "title"? (it is required)';
  const read = (file) => fs.readFileSync(path.join(dir, file), 'utf8');
  assert.match(run.stdout, /^::error file=post\.yaml,line=1,col=1,.*::\/titel: (.*)$/m);
  assert.equal(/::\/titel: (.*)$/m.exec(run.stdout)[1], said);
  assert.equal(parseJsonReport(read('o.json')).files[0].problems[0].message, said);
  const failure = parseXml(read('o.xml')).children[0].children[0].children[0];
  assert.equal(failure.name, 'failure');
  assert.ok(failure.text.includes(said), failure.text);
  assert.ok(JSON.parse(read('o.sarif')).runs[0].results[0].message.text.includes(said));
  assert.ok(JSON.parse(read('o.gitlab.json'))[0].description.includes(said));
  // One problem: the missing "title" is folded into it, in every report.
  assert.equal(JSON.parse(read('o.sarif')).runs[0].results.length, 1);
  assert.doesNotMatch(read('o.xml'), /must have required property/);
});

test("CLI: SchemaStore's tsconfig schema: the target meant; an unknown compiler option is allowed there", async (t) => {
  const dir = makeTree(t, {
    'tsconfig.json': '{ "compilerOptions": { "strictt": true, "target": "es2o20" } }\n',
    'tsconfig.yaml': 'compilerOptions:\n  strictt: true\n  target: ES2o20\n',
    'closed.schema.json': JSON.stringify(withClosedCompilerOptions(JSON.parse(fs.readFileSync(TSCONFIG, 'utf8')))),
  });
  const pattern = '"^([Ee][Ss]([356]|(20(1[56789]|2[012345]))|[Nn][Ee][Xx][Tt]))$"';
  const values =
    'must be one of "es3", "es5", "es6", "es2015", "es2016", "es2017", "es2018", "es2019", "es2020", "es2021", "es2022", "es2023", "es2024", "es2025", "esnext"';
  const target = `${values}, or match pattern ${pattern}; did you mean "es2020"?`;
  // Both executors report the same (--verbose: the anyOf's alternatives' own errors too).
  await checkBothExecutors(dir, ['tsconfig.json', 'tsconfig.yaml', '--schema', TSCONFIG]);
  const problems = async (...args) => {
    const run = await runCli([...args, '-r', 'json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    return parseJsonReport(run.stdout).files.map((file) => [
      file.path,
      file.problems.map((p) => `${p.line}:${p.column} ${p.pointer} ${p.message}`),
    ]);
  };
  assert.deepEqual(await problems('tsconfig.json', 'tsconfig.yaml', '--schema', TSCONFIG), [
    ['tsconfig.json', [`1:51 /compilerOptions/target ${target}`]],
    ['tsconfig.yaml', [`3:11 /compilerOptions/target ${target}`]],
  ]);
  // The same schema with its compiler options closed (additionalProperties: false): "strictt" too.
  await checkBothExecutors(dir, ['tsconfig.json', '--schema', 'closed.schema.json']);
  assert.deepEqual(await problems('tsconfig.json', '--schema', 'closed.schema.json'), [
    [
      'tsconfig.json',
      [
        '1:24 /compilerOptions/strictt must NOT have additional property "strictt"; did you mean "strict"?',
        `1:51 /compilerOptions/target ${target}`,
      ],
    ],
  ]);
});

test('a passing run loads none of the code that suggests; a failing one does', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'ok/a.json': '{ "title": "A", "layout": "post" }\n',
    'bad/a.json': '{ "title": "A", "layout": "psot" }\n',
  });
  const SUGGESTION_CODE = ['validators/json-schema/did-you-mean.js', 'shared/closest.js'];
  const loaded = async (folder, code) => {
    const trace = path.join(dir, 'trace.txt');
    fs.rmSync(trace, { force: true });
    const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
    const run = await runCli([folder, '--schema', 'schema.json', '--workers', '0'], {
      cwd: dir,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace },
    });
    assert.equal(run.code, code, run.stdout + run.stderr);
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    return SUGGESTION_CODE.filter((file) => urls.some((url) => url.endsWith(`/${file}`)));
  };
  assert.deepEqual(await loaded('ok', 0), []);
  assert.deepEqual(await loaded('bad', 1), SUGGESTION_CODE);
});

// The excerpt as a stricter copy of it would be: unknown compiler options refused.
function withClosedCompilerOptions(schema) {
  schema.definitions.compilerOptionsDefinition.properties.compilerOptions.additionalProperties = false;
  return schema;
}
