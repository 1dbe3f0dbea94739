// --cache, end to end: unchanged files, passing or failing, are reported without being checked (a
// validator module records every file it is called on), everything a verdict depends on invalidates
// them, failures that are no verdict on the content are never recorded, and the cache survives
// corruption, --bail, Ctrl-C and concurrent runs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, makeTree, writeTree, parseJsonReport, oneLine, cliEnv, gitInit, REPO } from '../helpers/cli.js';
import { recordable } from '../../runner/cache/cache-records.js';

const CONFIG = {
  rules: [
    {
      files: ['content/**/*.json'],
      schema: 'schemas/doc.schema.json',
      require: ['title:string'],
      validators: ['./checks/record.js'],
    },
  ],
};

// The schema reaches common.json through a relative $ref; record.js logs each file it checks.
const TREE = {
  '.filecheckrc.json': JSON.stringify(CONFIG),
  'schemas/doc.schema.json': JSON.stringify({
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    properties: {
      title: { type: 'string' },
      tags: { $ref: './common.json#/definitions/tags' },
      date: { type: 'string', format: 'date' },
    },
  }),
  'schemas/common.json': JSON.stringify({ definitions: { tags: { type: 'array', items: { type: 'string' } } } }),
  'checks/record.js': `import fs from 'node:fs';
export default function record(doc, ctx) {
  fs.appendFileSync(new URL('../calls.log', import.meta.url), ctx.path + '\\n');
  // Ctrl-C at STOP_AT; each file after it outlasts the in-process time slice, so the run yields and hears it.
  if (process.env.STOP_AT === ctx.path) process.kill(process.pid, 'SIGINT');
  if (process.env.STOP_AT && ctx.path > process.env.STOP_AT) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60);

}
`,
  'content/a.json': '{ "title": "A", "tags": ["x"] }\n',
  'content/b.json': '{ "title": "B", "date": "2024-01-31" }\n',
  'content/c.json': '{ "tags": [1] }\n', // fails: no title, a tag that is not a string
  'content/d.json': '{ "title": "D" }\n',
};

const PASSING = ['content/a.json', 'content/b.json', 'content/d.json'];
const ALL = [...PASSING, 'content/c.json'].sort();

/**
 * Runs filecheck --cache with the json reporter (every file listed) and returns the report, the
 * files the validator module was called on (sorted: workers log in any order) and stderr.
 */
async function run(dir, args = [], options = {}) {
  const result = await runCli(['--cache', '-r', 'json', '--verbose', ...args], { cwd: dir, ...options });
  const log = path.join(dir, 'calls.log');
  const calls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).sort() : [];
  fs.rmSync(log, { force: true });
  const report = result.stdout ? parseJsonReport(result.stdout) : null;
  return { ...result, report, calls, cached: report?.files.filter((f) => f.cached).map((f) => f.path) ?? [] };
}

/** Forgets the files' results, keeping the compiled schemas: the next run checks every file by stored code. */
const forgetResults = (dir) => fs.rmSync(path.join(dir, 'node_modules/.cache/filecheck/results.json'));

/** A report without what differs between any two equivalent runs. */
const comparable = ({ files, summary: { durationMs, plan, ...summary } }) => ({ files, summary });

test('a second run reports unchanged files from the cache without checking them, a failing one with its problems', async (t) => {
  const dir = makeTree(t, TREE);
  const first = await run(dir);
  assert.equal(first.code, 1, first.stderr);
  assert.deepEqual(first.calls, ALL);
  assert.deepEqual(first.cached, []);
  assert.deepEqual(first.report.summary.cache, {
    hits: 0,
    failedHits: 0,
    passed: 0,
    failed: 0,
    misses: 4,
    schemas: { cached: 0, compiled: 1 },
  });

  const second = await run(dir);
  assert.equal(second.code, 1, `a cached failure still fails the run: ${second.stderr}`);
  assert.deepEqual(second.calls, [], 'no file is checked again, the failing one included');
  assert.deepEqual(second.cached, ALL);
  assert.deepEqual(second.report.summary.cache, {
    hits: 4,
    failedHits: 1,
    passed: 3,
    failed: 1,
    misses: 0,
    schemas: { cached: 1, compiled: 0 },
  });
  assert.deepEqual(
    second.report.files
      .find((f) => f.path === 'content/c.json')
      .problems.map((p) => `${p.line}:${p.column} ${p.pointer} ${p.message}`),
    ['1:1  missing required key "title"', '1:12 /tags/0 must be string'],
  );
  const { passed, failed, total, unchecked } = second.report.summary;
  assert.deepEqual({ passed, failed, total, unchecked }, { passed: 3, failed: 1, total: 4, unchecked: 0 });
  // Same verdicts, same problems, same order: only the `cached` marks differ.
  const unmarked = second.report.files.map(({ cached, ...file }) => file);
  assert.deepEqual(unmarked, first.report.files);

  const human = await runCli(['--cache', '--verbose'], { cwd: dir });
  assert.match(human.stdout, /^PASS content\/a\.json \(cached\)$/m);
  assert.match(human.stdout, /^ FAIL {2}content\/c\.json$/m);
  assert.match(
    human.stdout,
    /^Cache: 4 files unchanged since checked \(3 passed, 1 failed\), 0 files to check; schemas: 1 from the cache, 0 compiled$/m,
  );
  assert.match(human.stdout, /^Files: 1 failed \(1 from the cache\), 3 passed \(3 from the cache\), 4 total$/m);
  assert.equal(human.code, 1);
});

test('an edited file is checked again, a failing one included, also when the edit keeps its size and modification time', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir);
  writeTree(dir, { 'content/a.json': '{ "title": "A", "tags": ["x", "y"] }\n' });
  let next = await run(dir);
  assert.deepEqual(next.calls, ['content/a.json']);

  // The failing file, edited: checked again, its new problems reported, then cached.
  writeTree(dir, { 'content/c.json': '{ "title": 3 }\n' });
  next = await run(dir);
  assert.deepEqual(next.calls, ['content/c.json']);
  assert.deepEqual(
    next.report.files
      .find((f) => f.path === 'content/c.json')
      .problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    ['1:12 "title" must be a string, found number', '1:12 must be string'],
  );
  next = await run(dir);
  assert.deepEqual(next.calls, []);
  assert.deepEqual(
    next.report.files
      .find((f) => f.path === 'content/c.json')
      .problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    ['1:12 "title" must be a string, found number', '1:12 must be string'],
  );

  // Same size, same mtime, new content that fails: the status-change time gives it away.
  const file = path.join(dir, 'content/d.json');
  const { mtime } = fs.statSync(file);
  fs.writeFileSync(file, `${'{ "title": 4 }  \n'.padEnd(fs.statSync(file).size - 1)}\n`);
  fs.utimesSync(file, mtime, mtime);
  next = await run(dir);
  assert.deepEqual(next.calls, ['content/d.json']);
  assert.deepEqual(
    next.report.files.filter((f) => f.status === 'fail').map((f) => f.path),
    ['content/c.json', 'content/d.json'],
  );
});

test('a file whose times changed but not its content is still a hit, read once and not checked (a fresh checkout)', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir);
  const later = new Date(Date.now() + 60_000);
  for (const file of ALL) fs.utimesSync(path.join(dir, file), later, later);
  for (const strategy of ['metadata', 'content']) {
    const next = await run(dir, ['--cache-strategy', strategy]);
    assert.deepEqual(next.calls, [], strategy);
    assert.deepEqual(next.cached, ALL, strategy);
  }
});

test('changing the schema, a $ref-ed schema, a validator module, the config or --no-strict checks every file again', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir);
  const everything = ALL;
  const changes = [
    [
      'the schema',
      () =>
        writeTree(dir, {
          'schemas/doc.schema.json': fs
            .readFileSync(path.join(dir, 'schemas/doc.schema.json'), 'utf8')
            .replace('"object"', '"object","description":"v2"'),
        }),
      1,
    ],
    [
      'a schema it reaches by $ref',
      () => writeTree(dir, { 'schemas/common.json': JSON.stringify({ definitions: { tags: { type: 'array' } } }) }),
      1,
    ],
    ['the validator module', () => fs.appendFileSync(path.join(dir, 'checks/record.js'), '// v2\n'), 0],
    [
      'the rule in the config',
      () =>
        writeTree(dir, {
          '.filecheckrc.json': JSON.stringify({ rules: [{ ...CONFIG.rules[0], require: ['title'] }] }),
        }),
      0,
    ],
  ];
  for (const [what, change, compiled] of changes) {
    change();
    const changed = await run(dir);
    assert.deepEqual(changed.calls, everything, what);
    assert.equal(changed.report.summary.cache.hits, 0, what);
    assert.equal(changed.report.summary.cache.schemas.compiled, compiled, what);
    const again = await run(dir);
    assert.deepEqual(again.calls, [], `${what}: cached again on the next run, the failing file too`);
  }
  const entries = () =>
    fs.readdirSync(path.join(dir, 'node_modules/.cache/filecheck')).filter((name) => name.startsWith('schema-'));
  assert.equal(entries().length, 1, 'an edited schema is compiled into its own entry again: the cache does not grow');
  const lax = await run(dir, ['--no-strict']);
  assert.deepEqual(lax.calls, everything, '--no-strict');
  assert.equal(lax.report.summary.cache.schemas.compiled, 1, 'another ajv option: another compiled schema');
});

test('another filecheck version checks every file again', async (t) => {
  const dir = makeTree(t, TREE);
  // A copy of filecheck whose package.json says another version, with the same dependencies.
  const copy = makeTree(t);
  for (const folder of ['bin', 'runner', 'shared', 'formats', 'reporters', 'validators', 'schema'])
    fs.cpSync(path.join(REPO, folder), path.join(copy, folder), { recursive: true });
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(copy, 'node_modules'), 'junction');
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  fs.writeFileSync(path.join(copy, 'package.json'), JSON.stringify({ ...manifest, version: '999.0.0' }));

  await run(dir);
  const result = spawnSync(process.execPath, [path.join(copy, 'bin/filecheck.js'), '--cache', '-r', 'json'], {
    cwd: dir,
    env: cliEnv(),
    encoding: 'utf8',
  });
  assert.equal(result.status, 1, result.stderr);
  assert.deepEqual(parseJsonReport(result.stdout).summary.cache, {
    hits: 0,
    failedHits: 0,
    passed: 0,
    failed: 0,
    misses: 4,
    schemas: { cached: 0, compiled: 1 },
  });
  assert.deepEqual(fs.readFileSync(path.join(dir, 'calls.log'), 'utf8').split('\n').filter(Boolean).sort(), ALL);
});

test('the second run that compiles a schema stores its code; a warm run then compiles no schema and loads no ajv compiler, with the same problems and warnings', async (t) => {
  const dir = makeTree(t, {
    ...TREE,
    // An unknown keyword and format: warned about when compiled, and again when loaded from the cache.
    'schemas/doc.schema.json': JSON.stringify({
      type: 'object',
      uiWidget: 'Doc',
      properties: {
        title: { type: 'string', format: 'slug' },
        tags: { $ref: './common.json#/definitions/tags' },
        date: { format: 'date' },
      },
    }),
    // Preloaded into the run: the CommonJS modules it loaded (ajv is required, not imported).
    'probe.cjs': `process.on('exit', () => require('node:fs').writeFileSync(process.env.PROBE_OUT, Object.keys(require.cache).join('\\n')));`,
  });
  const ajvModules = async (args = []) => {
    const out = path.join(dir, 'required.txt');
    const result = await run(dir, ['--workers', '0', ...args], {
      env: { NODE_OPTIONS: `--require=${path.join(dir, 'probe.cjs')}`, PROBE_OUT: out },
    });
    const required = fs
      .readFileSync(out, 'utf8')
      .split('\n')
      .map((file) => file.split(path.sep).join('/'));
    return {
      ...result,
      compiler: required.some((file) => file.endsWith('/ajv/dist/compile/index.js')),
      runtime: required.some((file) => file.endsWith('/ajv-formats/dist/formats.js')),
    };
  };
  const first = await ajvModules();
  assert.deepEqual([first.compiler, first.runtime], [true, true]);
  const warnings = first.stderr.split('\n').filter(Boolean);
  assert.equal(warnings.length, 2, first.stderr);

  // The first run compiled as a run without the cache does; the next one to compile the schema (for
  // a file that changed) compiles it whole and stores its code.
  writeTree(dir, { 'content/a.json': '{ "title": "A", "tags": [1] }\n' });
  const storing = await ajvModules();
  assert.deepEqual(storing.report.summary.cache.schemas, { cached: 1, compiled: 0 });
  assert.deepEqual([storing.compiler, storing.runtime], [true, true]);
  assert.deepEqual(storing.stderr.split('\n').filter(Boolean), warnings);

  writeTree(dir, { 'content/a.json': '{ "title": "A", "tags": [2] }\n' });
  const second = await ajvModules();
  assert.deepEqual(second.report.summary.cache.schemas, { cached: 1, compiled: 0 });
  assert.deepEqual(second.calls, ['content/a.json'], 'the edited file was checked against the schema...');
  assert.deepEqual(
    [second.compiler, second.runtime],
    [false, true],
    '...by its stored code: ajv-formats, no ajv compiler',
  );
  assert.deepEqual(second.stderr.split('\n').filter(Boolean), warnings);
  const failure = second.report.files.find((f) => f.path === 'content/a.json');
  assert.deepEqual(failure.problems, [
    {
      validator: 'json-schema',
      keyword: 'type',
      message: 'must be string',
      pointer: '/tags/0',
      line: 1,
      column: 26,
      kind: 'invalid',
      schema: 'schemas/doc.schema.json',
    },
  ]);
  writeTree(dir, { 'content/b.json': '{ "title": "B", "date": "2024-02-30" }\n' });
  const formats = await run(dir);
  assert.deepEqual(
    formats.report.files.find((f) => f.path === 'content/b.json').problems.map((p) => p.message),
    ['must match format "date" (YYYY-MM-DD, such as 2024-01-05)'],
    'formats work in stored code',
  );

  // No file to check, so no validator built: the warnings are still said.
  const third = await run(dir, ['content/d.json']);
  assert.deepEqual(third.report.summary.cache.misses, 0);
  assert.deepEqual(third.stderr.split('\n').filter(Boolean), warnings);
});

// A local plugin with a keyword of each kind: `divisibleBy` (a `validate` function, stored as code
// that gets it back), `evenLength` (`code`, written out as ajv writes it), `oneOfWords` (`compile`
// from the keyword's value and its schema alone: made again from them) and `startsWith` (`compile`
// reading ajv's context, `it`: its closure cannot be made again, so a schema using it is compiled on
// every run), and formats of its own. Generating a keyword's code and compiling one that reads `it`
// are logged to compiles.log, with the schema.
const LOCAL_PLUGIN = `const fs = require('node:fs');
const path = require('node:path');
const { _ } = require('ajv');
const log = (what, it) => fs.appendFileSync(path.join(__dirname, '..', 'compiles.log'), what + ' ' + path.basename(it.baseId) + '\\n');
module.exports = function local(ajv) {
  ajv.addKeyword({ keyword: 'divisibleBy', type: 'number', schemaType: 'number', validate: (schema, data) => data % schema === 0 });
  ajv.addKeyword({ keyword: 'evenLength', type: 'string', schemaType: 'boolean', code(cxt) { log('evenLength', cxt.it); cxt.fail(_\`\${cxt.data}.length % 2 !== 0\`); } });
  ajv.addKeyword({ keyword: 'startsWith', type: 'string', schemaType: 'string', compile(schema, parent, it) { log('startsWith', it); return (data) => data.startsWith(schema); } });
  ajv.addKeyword({ keyword: 'oneOfWords', type: 'string', schemaType: 'array', compile(words, parent) { const known = new Set(words); return (data) => known.has(data) || data === parent.also; } });
  ajv.addKeyword({ keyword: 'also', schemaType: 'string' });
  ajv.addFormat('upper', /^[A-Z]+$/);
  ajv.addFormat('lower', (s) => s === s.toLowerCase());
};
`;

function pluginTree(t) {
  const plugins = ['ajv-errors', './plugins/local.cjs'];
  const rule = (name) => ({
    files: [`content/${name}*.json`],
    schema: `schemas/${name}.json`,
    validators: ['./checks/record.js'],
    ajv: { plugins },
  });
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [rule('doc'), rule('num'), rule('prefix')] }),
    'checks/record.js': TREE['checks/record.js'],
    'plugins/local.cjs': LOCAL_PLUGIN,
    'schemas/doc.json': JSON.stringify({
      type: 'object',
      required: ['title'],
      properties: { s: { evenLength: true, format: 'lower' } },
      errorMessage: { required: { title: 'a document needs a title' } },
    }),
    'schemas/num.json': JSON.stringify({
      type: 'object',
      properties: {
        n: { divisibleBy: 3 },
        u: { format: 'upper' },
        d: { format: 'date' },
        w: { oneOfWords: ['one', 'two'], also: 'many' },
      },
      errorMessage: { properties: { n: 'n: a multiple of 3' } },
    }),
    'schemas/prefix.json': JSON.stringify({ type: 'object', properties: { s: { startsWith: 'x' } } }),
    'content/doc1.json': '{ "title": "A", "s": "ab" }',
    'content/doc2.json': '{ "s": "Abc" }',
    'content/num1.json': '{ "n": 6, "u": "AB", "d": "2024-01-31", "w": "two" }',
    'content/num2.json': '{ "n": 4, "u": "ab", "d": "2024-02-30", "w": "three" }',
    'content/num3.json': '{ "w": "many" }',
    'content/prefix1.json': '{ "s": "xy" }',
    'content/prefix2.json': '{ "s": "yy" }',
  });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  // The plugins use filecheck's ajv, as a project's would (one copy, deduplicated).
  for (const name of ['ajv-errors', 'ajv'])
    fs.symlinkSync(path.join(REPO, 'node_modules', name), path.join(dir, 'node_modules', name), 'junction');
  return dir;
}

// Which schemas had a keyword compiled (a schema not stored is compiled on the main thread and again
// in each worker that checks one of its files: how many times depends on the pool).
const compiles = (dir) => {
  const log = path.join(dir, 'compiles.log');
  const lines = fs.existsSync(log) ? [...new Set(fs.readFileSync(log, 'utf8').split('\n').filter(Boolean))].sort() : [];
  fs.rmSync(log, { force: true });
  return lines;
};

test('a rule with ajv plugins is stored as code (the second time a run compiles it): a warm run then compiles none of its schemas but one using a `compile` keyword, with the same problems, in-process and on a pool', async (t) => {
  const reports = {};
  for (const workers of ['0', '2']) {
    const dir = pluginTree(t);
    // Without the cache: what the stored code must do.
    const uncached = parseJsonReport(
      (await runCli(['-r', 'json', '--verbose', '--workers', workers], { cwd: dir })).stdout,
    );
    compiles(dir);
    fs.rmSync(path.join(dir, 'calls.log'));
    const cold = await run(dir, ['--workers', workers]);
    assert.equal(cold.code, 1, cold.stderr);
    assert.equal(cold.stderr, '');
    assert.deepEqual(cold.report.files, uncached.files);
    assert.deepEqual(cold.report.summary.cache.schemas, { cached: 0, compiled: 3 });
    assert.deepEqual(compiles(dir), ['evenLength doc.json', 'startsWith prefix.json']);
    const problems = (report) =>
      Object.fromEntries(report.files.map((f) => [f.path, f.problems.map((p) => `${p.pointer} ${p.message}`)]));
    assert.deepEqual(problems(cold.report), {
      'content/doc1.json': [],
      'content/doc2.json': [
        ' a document needs a title',
        '/s must match format "lower"',
        '/s must pass "evenLength" keyword validation',
      ],
      'content/num1.json': [],
      'content/num2.json': [
        '/n n: a multiple of 3',
        '/u must match format "upper"',
        '/d must match format "date" (YYYY-MM-DD, such as 2024-01-05)',
        '/w must pass "oneOfWords" keyword validation',
      ],
      'content/num3.json': [],
      'content/prefix1.json': [],
      'content/prefix2.json': ['/s must pass "startsWith" keyword validation'],
    });
    const storedCode = () =>
      fs.readdirSync(path.join(dir, 'node_modules/.cache/filecheck')).filter((name) => name.startsWith('code-'));
    assert.deepEqual(storedCode(), [], 'the first run compiles as a run without the cache');

    forgetResults(dir); // every file is checked again: each schema compiled a second time, whole, and stored
    const storing = await run(dir, ['--workers', workers]);
    assert.deepEqual(storing.report.files, cold.report.files);
    assert.deepEqual(compiles(dir), ['evenLength doc.json', 'startsWith prefix.json']);
    assert.equal(
      storedCode().length,
      2,
      'doc.json and num.json are stored; prefix.json, whose keyword cannot be, is not',
    );

    forgetResults(dir); // every file is checked again, by the stored code
    const warm = await run(dir, ['--workers', workers]);
    assert.equal(warm.stderr, '');
    assert.deepEqual(warm.report.summary.cache.schemas, { cached: 3, compiled: 0 }, `--workers ${workers}`);
    assert.deepEqual(
      compiles(dir),
      ['startsWith prefix.json'],
      `--workers ${workers}: only the schema using the compile keyword is compiled again`,
    );
    assert.deepEqual(
      warm.calls,
      [
        'content/doc1.json',
        'content/doc2.json',
        'content/num1.json',
        'content/num2.json',
        'content/num3.json',
        'content/prefix1.json',
        'content/prefix2.json',
      ],
      'the files are checked by the stored code',
    );
    // Checked by stored code, a file that passes passes: `also` is read from the stored schema.
    writeTree(dir, { 'content/num3.json': '{ "w": "many", "n": 9 }' });
    const edited = await run(dir, ['--workers', workers]);
    assert.deepEqual(edited.calls, ['content/num3.json'], 'the failing files come from the cache');
    assert.deepEqual(edited.report.files.find((f) => f.path === 'content/num3.json').problems, []);
    assert.deepEqual(edited.report.summary.cache.schemas, { cached: 3, compiled: 0 });
    assert.deepEqual(
      warm.report.files.map(({ cached, ...file }) => file),
      cold.report.files,
    );
    reports[workers] = { cold: comparable(cold.report), warm: comparable(warm.report) };
  }
  assert.deepEqual(reports['2'], reports['0']);
});

test('with the unstorable keyword gone, every schema of a plugin rule is stored: a warm run compiles nothing', async (t) => {
  const dir = pluginTree(t);
  writeTree(dir, { 'schemas/prefix.json': JSON.stringify({ type: 'object', properties: { s: { pattern: '^x' } } }) });
  const cold = await run(dir, ['--workers', '0']);
  assert.deepEqual(cold.report.summary.cache.schemas, { cached: 0, compiled: 3 });
  assert.deepEqual(compiles(dir), ['evenLength doc.json']);
  const warm = await run(dir, ['--workers', '2']);
  assert.deepEqual(warm.report.summary.cache.schemas, { cached: 3, compiled: 0 });
  assert.deepEqual(compiles(dir), []);
  assert.deepEqual(
    warm.report.files.map(({ cached, ...file }) => file),
    cold.report.files,
  );
  assert.equal(warm.stderr, cold.stderr);
});

// CycloneDX's schemas (a recursive $ref beside a $ref into another file): the run that stores a
// schema's code compiles it whole, which once left the recursive definition's `wrapper.validate`
// unfilled, and a valid file the edit made that run check threw.
test('the run that stores a schema with a recursive $ref beside a $ref into another file keeps the verdicts of the runs before and after it', async (t) => {
  const dir = makeTree(t, {
    'root.schema.json': JSON.stringify({
      $schema: 'http://json-schema.org/draft-07/schema#',
      $id: 'http://example.org/root.schema.json',
      type: 'object',
      properties: { components: { type: 'array', items: { $ref: '#/definitions/component' } } },
      definitions: {
        component: {
          type: 'object',
          properties: {
            components: { type: 'array', items: { $ref: '#/definitions/component' } },
            signature: { $ref: '#/definitions/signature' },
          },
        },
        signature: { $ref: 'other.schema.json#/definitions/signature' },
      },
    }),
    'other.schema.json': JSON.stringify({
      $id: 'http://example.org/other.schema.json',
      definitions: { signature: { type: 'object', properties: { value: { type: 'string' } } } },
    }),
    'valid-a.json': '{"components": [{"components": [{"signature": {"value": "x"}}]}]}',
    'valid-b.json': '{"components": [{"name": "b"}]}',
  });
  const verdicts = async () => {
    const { code, report, stderr } = await run(dir, ['valid-*.json', '--schema', 'root.schema.json']);
    assert.equal(code, 0, `${JSON.stringify(report?.files)} ${stderr}`);
    return report.summary.passed;
  };
  assert.equal(await verdicts(), 2);
  assert.equal(await verdicts(), 2);
  fs.appendFileSync(path.join(dir, 'valid-a.json'), ' ');
  assert.equal(await verdicts(), 2); // compiled whole, its code stored
  fs.appendFileSync(path.join(dir, 'valid-b.json'), ' ');
  assert.equal(await verdicts(), 2); // by the stored code
});

test('in-process and on a pool the cache gives the same reports, cold and warm', async (t) => {
  const files = Object.fromEntries(
    Array.from({ length: 60 }, (_, i) => [
      `content/many/${String(i).padStart(2, '0')}.json`,
      i % 7 === 3 ? '{ "tags": [] }' : `{ "title": "t${i}" }`,
    ]),
  );
  const reports = {};
  for (const workers of ['0', '2']) {
    const dir = makeTree(t, { ...TREE, ...files });
    const cold = await run(dir, ['--workers', workers]);
    writeTree(dir, { 'content/many/10.json': '{ "title": "edited" }' });
    const warm = await run(dir, ['--workers', workers]);
    assert.equal(warm.report.summary.cache.hits, 63, `--workers ${workers}`);
    assert.equal(warm.report.summary.cache.failedHits, 9, `--workers ${workers}: c.json and the 8 failing many/*.json`);
    assert.deepEqual(warm.calls, ['content/many/10.json'], `--workers ${workers}: the edited file alone`);
    reports[workers] = { cold: comparable(cold.report), warm: comparable(warm.report) };
  }
  assert.deepEqual(reports['2'], reports['0']);
});

test('a damaged, foreign or old cache file is ignored with a one-line warning, and rebuilt', async (t) => {
  const cases = [
    ['not JSON', '{"tool":"filecheck",', 'not valid JSON'],
    ["another tool's file", JSON.stringify({ version: '7.0', files: {} }), 'not a filecheck cache'],
    ['another format', JSON.stringify({ tool: 'filecheck', format: 99 }), 'format 99, not 6'],
    // Format 1 recorded passes only.
    [
      'the previous format',
      JSON.stringify({
        tool: 'filecheck',
        format: 1,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 0] },
      }),
      'format 1, not 6',
    ],
    // Format 2 had no facts, and recorded a pass's warnings nowhere.
    [
      'format 2',
      JSON.stringify({
        tool: 'filecheck',
        format: 2,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 0] },
      }),
      'format 2, not 6',
    ],
    // Format 3 had no code frames.
    [
      'format 3',
      JSON.stringify({
        tool: 'filecheck',
        format: 3,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 0] },
      }),
      'format 3, not 6',
    ],
    // Format 4 had no JSON Schema keyword on a problem.
    [
      'format 4',
      JSON.stringify({
        tool: 'filecheck',
        format: 4,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 0] },
      }),
      'format 4, not 6',
    ],
    // Format 5 kept facts as data, not JSON text.
    [
      'format 5',
      JSON.stringify({
        tool: 'filecheck',
        format: 5,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 0, null, null, [{ rule: 0, key: 'unique', facts: [] }]] },
      }),
      'format 5, not 6',
    ],
    [
      'a damaged record',
      JSON.stringify({
        tool: 'filecheck',
        format: 6,
        fingerprints: ['x'],
        files: { 'content/a.json': [1, 2, 3, 'hash', 7] },
      }),
      'damaged',
    ],
    [
      'a damaged failure',
      JSON.stringify({
        tool: 'filecheck',
        format: 6,
        fingerprints: ['x'],
        files: { 'content/c.json': [1, 2, 3, 'hash', 0, [{ message: 'no validator' }]] },
      }),
      'damaged',
    ],
  ];
  for (const [what, text, why] of cases) {
    await t.test(what, async (t) => {
      const dir = makeTree(t, TREE);
      await run(dir);
      const results = path.join(dir, 'node_modules/.cache/filecheck/results.json');
      fs.writeFileSync(results, text);
      const ignored = await run(dir);
      assert.equal(ignored.code, 1);
      assert.equal(
        oneLine(ignored.stderr),
        `warning: ignoring the cache node_modules/.cache/filecheck/results.json (${why}): it is rebuilt`,
      );
      assert.deepEqual(ignored.calls, ALL);
      const rebuilt = await run(dir);
      assert.equal(rebuilt.stderr, '');
      assert.deepEqual(rebuilt.calls, []);
      assert.deepEqual(rebuilt.cached, ALL);
    });
  }
});

test('a cache that cannot be read or written is warned about, and the run goes on', async (t) => {
  const dir = makeTree(t, { ...TREE, 'node_modules/.cache/filecheck/results.json/': '' }); // a folder where the file goes
  const result = await run(dir);
  assert.equal(result.code, 1, 'the verdict of the files, not of the cache');
  assert.deepEqual(result.calls, ALL);
  const lines = result.stderr.split('\n').filter(Boolean);
  assert.equal(lines.length, 2, result.stderr);
  assert.match(
    lines[0],
    /^filecheck: warning: cannot read the cache node_modules\/\.cache\/filecheck\/results\.json \(E[A-Z]+\): every file is checked$/,
  );
  assert.match(lines[1], /^filecheck: warning: cannot write the cache in node_modules\/\.cache\/filecheck: E[A-Z]+$/);
});

test('a damaged compiled schema is compiled again', async (t) => {
  const dir = makeTree(t, TREE);
  const first = await run(dir);
  const folder = path.join(dir, 'node_modules/.cache/filecheck');
  const [stored] = fs.readdirSync(folder).filter((name) => name.startsWith('schema-'));
  fs.writeFileSync(path.join(folder, stored), '{"tool":"filecheck","format":1,"code":42}');
  writeTree(dir, { 'content/a.json': '{ "title": "A2" }' });
  forgetResults(dir); // c.json is checked again, by the schema compiled again
  const next = await run(dir);
  assert.match(
    oneLine(next.stderr),
    /^warning: ignoring the corrupt compiled schema .+schema-.+\.json: compiling the schema again$/,
  );
  assert.deepEqual(next.report.summary.cache.schemas, { cached: 0, compiled: 1 });
  assert.deepEqual(
    next.report.files.find((f) => f.path === 'content/c.json'),
    first.report.files.find((f) => f.path === 'content/c.json'),
  );
  assert.equal((await run(dir)).stderr, '', 'stored again');
});

test('--bail and Ctrl-C keep what was reported: the results before the stop are cached, nothing after', async (t) => {
  await t.test('--bail', async (t) => {
    const dir = makeTree(t, TREE);
    const bailed = await run(dir, ['--bail', '--workers', '0']);
    assert.deepEqual(bailed.report.summary.unchecked, 1);
    const next = await run(dir);
    assert.deepEqual(
      next.cached,
      ['content/a.json', 'content/b.json', 'content/c.json'],
      'the failure that stopped the run too',
    );
    assert.deepEqual(next.calls, ['content/d.json']);
  });
  await t.test('Ctrl-C', async (t) => {
    const files = Object.fromEntries(
      Array.from({ length: 40 }, (_, i) => [`content/n${String(i).padStart(2, '0')}.json`, '{ "title": "n" }']),
    );
    const dir = makeTree(t, { ...TREE, ...files });
    const stopped = await run(dir, ['--workers', '0'], { env: { STOP_AT: 'content/b.json' } });
    assert.equal(stopped.code, 130, stopped.stderr);
    assert.equal(stopped.report.summary.interrupted, true);
    const reported = stopped.report.files.map((f) => f.path);
    assert.deepEqual(reported.slice(0, 2), ['content/a.json', 'content/b.json']);
    const next = await run(dir);
    assert.deepEqual(next.cached, reported, 'exactly the results reported before the interruption');
    assert.equal(next.report.summary.total, 44);
  });
});

test('runs at the same time leave a whole cache behind', async (t) => {
  const dir = makeTree(t, TREE);
  const runs = await Promise.all(
    [1, 2, 3].map((n) => runCli(['--cache', '--workers', n === 2 ? '2' : '0'], { cwd: dir })),
  );
  for (const { code, stderr } of runs) assert.equal(code, 1, stderr);
  const folder = path.join(dir, 'node_modules/.cache/filecheck');
  assert.deepEqual(
    fs.readdirSync(folder).filter((name) => name.endsWith('.tmp')),
    [],
  );
  const next = await run(dir);
  assert.equal(next.stderr, '');
  assert.deepEqual(next.cached, ALL);
});

test('the chaos monkey bypasses the cache, and does not poison it', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir);
  const chaos = await run(dir, [], { env: { CHAOS_MONKEY: '1', CHAOS_SEED: '1' } });
  assert.equal(chaos.report.summary.failed, 4);
  assert.equal(chaos.report.summary.cache, undefined);
  assert.match(chaos.stderr, /chaos monkey on: .*; the cache is not used\n/);
  const after = await run(dir);
  assert.deepEqual(after.cached, ALL);
});

// A check that times out or dies has no verdict: the file must be checked again by the next run,
// never remembered as a pass. slow.json outlasts the file timeout (a busy loop, which a worker's
// watchdog stops and the main thread measures); exit.json calls process.exit (contained in-process,
// a dead worker on a pool).
test('a file that timed out or whose check died is checked again on the next --cache run, in-process and on a pool', async (t) => {
  const timeoutMs = 300;
  const tree = {
    'checks/misbehave.js': `import fs from 'node:fs';
export default function misbehave(doc, ctx) {
  fs.appendFileSync(new URL('../calls.log', import.meta.url), ctx.path + '\\n');
  if (doc.slow) for (const end = performance.now() + ${timeoutMs * 5}; performance.now() < end;);
  if (doc.exit) process.exit(0);
}
`,
    'content/a.json': '{ "title": "A" }\n',
    'content/exit.json': '{ "exit": true }\n',
    'content/slow.json': '{ "slow": true }\n',
  };
  const args = ['content', '--validator', './checks/misbehave.js', '--file-timeout', String(timeoutMs)];
  for (const workers of ['0', '1']) {
    await t.test(`--workers ${workers}`, async (t) => {
      const dir = makeTree(t, tree);
      for (const round of ['first', 'second']) {
        const { code, stderr, report, calls, cached } = await run(dir, [...args, '--workers', workers]);
        assert.equal(code, 1, stderr);
        const kinds = Object.fromEntries(
          report.files.map((file) => [file.path, file.problems.map((problem) => problem.kind)]),
        );
        assert.deepEqual(
          kinds,
          { 'content/a.json': [], 'content/exit.json': ['error'], 'content/slow.json': ['timeout'] },
          `${round} run`,
        );
        assert.ok(
          calls.includes('content/slow.json') && calls.includes('content/exit.json'),
          `${round} run checks both: ${calls}`,
        );
        assert.deepEqual(
          cached,
          round === 'first' ? [] : ['content/a.json'],
          `${round} run: only the true pass comes from the cache`,
        );
      }
    });
  }
});

test('a cached failure reads the same in every reporter as a checked one: default, json, junit, github and the step summary, sarif, gitlab', async (t) => {
  // c.json breaks the schema (line:col, pointer); e.json is not valid JSON (kind parse).
  const dir = makeTree(t, { ...TREE, 'content/e.json': '{ "title": "E", }\n' });
  const outputs = async () => {
    const step = path.join(dir, 'step-summary.md');
    fs.rmSync(step, { force: true });
    const result = await runCli(
      [
        '--cache',
        '--workers',
        '0',
        '-r',
        'default',
        '-r',
        'json:out.json',
        '-r',
        'junit:out.xml',
        '-r',
        'github',
        '-r',
        'sarif:out.sarif',
        '-r',
        'gitlab:out-gl.json',
      ],
      { cwd: dir, env: { GITHUB_STEP_SUMMARY: step, GITHUB_WORKSPACE: dir } },
    );
    const log = path.join(dir, 'calls.log');
    const calls = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
    fs.rmSync(log, { force: true });
    // What may differ: times, and how many files came from the cache.
    const plain = (text) => text.replace(/^(\**Time:\**) .*$/gm, '$1').replace(/ \(\d+ from the cache\)/g, '');
    const json = JSON.parse(fs.readFileSync(path.join(dir, 'out.json'), 'utf8'));
    return {
      code: result.code,
      calls,
      hits: json.summary.cache.hits,
      same: {
        stdout: plain(result.stdout),
        stderr: result.stderr,
        json: json.files.map(({ cached, ...file }) => file),
        junit: fs.readFileSync(path.join(dir, 'out.xml'), 'utf8').replace(/ time="[\d.]+"| timestamp="[^"]+"/g, ''),
        step: plain(fs.readFileSync(step, 'utf8')),
        sarif: fs.readFileSync(path.join(dir, 'out.sarif'), 'utf8'),
        gitlab: fs.readFileSync(path.join(dir, 'out-gl.json'), 'utf8'),
      },
      cached: json.files.filter((f) => f.cached).map((f) => f.path),
    };
  };
  const cold = await outputs();
  assert.equal(cold.code, 1);
  assert.equal(cold.calls.length, 4, 'e.json is not valid JSON: no validator runs on it');
  assert.match(cold.same.stdout, /FAIL .*content\/c\.json/);
  assert.match(cold.same.stdout, /^::error file=content\/c\.json,line=1,col=12,/m);
  assert.match(cold.same.step, /content\/e\.json/);
  assert.equal(
    JSON.parse(cold.same.gitlab).length,
    cold.same.json.flatMap((file) => file.problems).length,
    'an issue per problem',
  );
  const warm = await outputs();
  assert.equal(warm.code, 1);
  assert.deepEqual(warm.calls, [], 'nothing is checked');
  assert.equal(warm.hits, 5);
  assert.deepEqual(
    warm.cached,
    ['content/c.json', 'content/e.json'],
    'json lists failing files only, each marked cached',
  );
  assert.deepEqual(warm.same, cold.same);
});

test('a failure that is no verdict on the content is never recorded: io, timeout, error (a validator that threw, a check that died), chaos', async (t) => {
  const result = (kinds) => ({
    path: 'x.json',
    status: 'fail',
    problems: kinds.map((kind) => ({ validator: 'v', message: 'm', kind })),
    durationMs: 1,
    hash: 'h',
  });
  assert.equal(recordable({ path: 'x.json', status: 'pass', problems: [], durationMs: 1, hash: 'h' }), true);
  assert.equal(recordable(result(['invalid', 'parse'])), true);
  for (const kind of ['io', 'timeout', 'error', 'chaos'])
    assert.equal(recordable(result(['invalid', kind])), false, kind);
  assert.equal(
    recordable({ ...result(['invalid']), hash: undefined }),
    false,
    'no hash: the check did not read the file to the end',
  );
  assert.equal(recordable(result(Array(201).fill('invalid'))), false, 'more problems than are kept');

  // End to end: a validator that throws on some documents fails them with kind `error`, every run.
  const dir = makeTree(t, {
    ...TREE,
    'checks/flaky.js': `import fs from 'node:fs';
export default function flaky(doc, ctx) {
  fs.appendFileSync(new URL('../calls.log', import.meta.url), ctx.path + '\\n');
  if (doc.boom) throw new Error('boom');
}
`,
    'content/boom.json': '{ "title": "B", "boom": true }\n',
  });
  for (const workers of ['0', '2']) {
    const args = ['content', '--validator', './checks/flaky.js', '--workers', workers];
    await run(dir, args);
    const warm = await run(dir, args);
    assert.equal(warm.code, 1);
    // record.js and flaky.js log each file they check: only boom.json is checked again.
    assert.deepEqual([...new Set(warm.calls)], ['content/boom.json'], `--workers ${workers}`);
    assert.deepEqual(
      warm.report.files.find((f) => f.path === 'content/boom.json').problems.map((p) => p.kind),
      ['error'],
    );
    assert.deepEqual(warm.cached, ALL, `--workers ${workers}: the failing c.json is a hit`);
  }
});

test('a failure whose problems depend on --verbose (an anyOf alternative that is not the best match) is a hit only with the same --verbose', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['content/*.json'], schema: 'schemas/s.json' }] }),
    'schemas/s.json': JSON.stringify({
      properties: { v: { anyOf: [{ type: 'string' }, { type: 'object', required: ['x'] }] }, n: { type: 'number' } },
    }),
    'content/a.json': '{ "v": {} }\n',
    'content/b.json': '{ "n": "one" }\n',
  });
  const problems = async (verbose) => {
    const { stdout } = await runCli(['--cache', '-r', 'json', ...(verbose ? ['--verbose'] : [])], { cwd: dir });
    const report = parseJsonReport(stdout);
    return {
      hits: report.summary.cache.hits,
      a: report.files.find((f) => f.path === 'content/a.json').problems.map((p) => p.message),
    };
  };
  const quiet = await problems(false);
  assert.equal(quiet.a.length, 1);
  const verbose = await problems(true);
  assert.equal(verbose.a.length, 3, "every alternative's errors: a.json checked again");
  assert.equal(verbose.hits, 1, 'b.json, whose problems do not depend on it, is a hit');
  assert.deepEqual(await problems(true), { ...verbose, hits: 2 });
  assert.deepEqual(await problems(false), { ...quiet, hits: 1 });
});

test('--bail stops at a cached failure: exit 1, and nothing after it is checked or reported', async (t) => {
  for (const workers of ['0', '2']) {
    await t.test(`--workers ${workers}`, async (t) => {
      const dir = makeTree(t, TREE);
      await run(dir);
      // d.json, after c.json, is edited: it would be checked were the run not stopped at c.json.
      writeTree(dir, { 'content/d.json': '{ "title": "D2" }\n' });
      const bailed = await run(dir, ['--bail', '--workers', workers]);
      assert.equal(bailed.code, 1, bailed.stderr);
      assert.deepEqual(bailed.calls, [], 'the cached failure stops the run before anything is checked');
      const { failed, passed, unchecked, bailed: stopped } = bailed.report.summary;
      assert.deepEqual({ failed, passed, unchecked, stopped }, { failed: 1, passed: 2, unchecked: 1, stopped: true });
      assert.deepEqual(
        bailed.report.files.map((f) => f.path),
        ['content/a.json', 'content/b.json', 'content/c.json'],
      );
      const human = await runCli(['--cache', '--bail', '--workers', workers], { cwd: dir });
      assert.equal(human.code, 1);
      assert.match(human.stdout, /^Stopped after 1 failing file \(--bail\)\.$/m);

      // a.json, before it, edited: checked, then the run stops at c.json (in-process, before
      // d.json is taken; a pool's batch may have taken it: it is not reported).
      writeTree(dir, { 'content/a.json': '{ "title": "A2" }\n' });
      const after = await run(dir, ['--bail', '--workers', workers]);
      assert.equal(after.code, 1);
      if (workers === '0') assert.deepEqual(after.calls, ['content/a.json']);
      assert.deepEqual(
        after.report.files.map((f) => f.path),
        ['content/a.json', 'content/b.json', 'content/c.json'],
      );
      assert.equal(after.report.summary.unchecked, 1);
    });
  }
});

test('where the cache lives: node_modules/.cache/filecheck in the project, or cacheLocation (never checked itself)', async (t) => {
  const dir = makeTree(t, TREE);
  await run(path.join(dir, 'content'));
  assert.ok(
    fs.existsSync(path.join(dir, 'node_modules/.cache/filecheck/results.json')),
    'beside the config, also from a subfolder',
  );
  const sub = await run(path.join(dir, 'content'));
  assert.deepEqual(sub.cached, ['a.json', 'b.json', 'c.json', 'd.json']);

  // A location inside the checked tree: its JSON files are left out.
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({
      ...CONFIG,
      rules: [{ ...CONFIG.rules[0], files: ['**/*.json'] }],
      cacheLocation: 'content/.cache',
    }),
  });
  const first = await run(dir);
  assert.ok(fs.existsSync(path.join(dir, 'content/.cache/results.json')));
  const second = await run(dir);
  assert.equal(second.report.summary.total, first.report.summary.total);
  assert.deepEqual(
    second.cached,
    first.report.files.map((f) => f.path),
  );
  const flag = await run(dir, ['--cache-location', 'elsewhere']);
  assert.equal(flag.report.summary.cache.hits, 0);
  assert.ok(
    fs.existsSync(path.join(dir, 'elsewhere/results.json')),
    '--cache-location is relative to the working directory',
  );
});

test('the cache folder keeps itself out of git: a content repository without node_modules stays clean, also when only a compiled schema was stored', async (t) => {
  const dir = makeTree(t, {
    ...TREE,
    'checks/throw.js': 'export default function boom() { throw new Error("boom"); }\n',
  });
  gitInit(dir);
  const git = (...args) =>
    spawnSync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
      { cwd: dir, encoding: 'utf8' },
    );
  git('add', '-A');
  assert.equal(git('commit', '-qm', 'content').status, 0);
  // A first run whose files all fail unrecorded (a validator that threw: no verdict) stores its
  // compiled schema, and no results.json: clean too.
  const failing = await run(dir, ['content/c.json', '--validator', './checks/throw.js']);
  assert.equal(failing.code, 1, failing.stderr);
  assert.ok(!fs.existsSync(path.join(dir, 'node_modules/.cache/filecheck/results.json')));
  assert.equal(git('status', '--porcelain', '--untracked-files=all').stdout, '');
  await run(dir);
  assert.ok(fs.existsSync(path.join(dir, 'node_modules/.cache/filecheck/results.json')));
  assert.equal(git('status', '--porcelain', '--untracked-files=all').stdout, '');
});

test('a run on some files (named, a shard) keeps the records of the others', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir);
  writeTree(dir, { 'content/a.json': '{ "title": "A3" }' });
  const hook = await run(dir, ['content/a.json', 'content/b.json']);
  assert.deepEqual(hook.calls, ['content/a.json']);
  for (const shard of ['1/2', '2/2']) await run(dir, ['--shard', shard]);
  const full = await run(dir);
  assert.deepEqual(full.cached, ALL);
});

test('cache options that make no sense are usage errors (exit 2, one line)', async (t) => {
  const dir = makeTree(t, { ...TREE, 'a-file': '' });
  const strategy = await runCli(['--cache-strategy', 'sometimes'], { cwd: dir }); // checked with the cache off too
  assert.equal(strategy.code, 2);
  assert.equal(oneLine(strategy.stderr), '--cache-strategy takes metadata or content, not "sometimes"');
  const location = await runCli(['--cache', '--cache-location', 'a-file'], { cwd: dir });
  assert.equal(location.code, 2);
  assert.equal(oneLine(location.stderr), 'the cache location a-file is not a folder');
  const below = await runCli(['--cache', '--cache-location', 'a-file/cache'], { cwd: dir });
  assert.equal(below.code, 2);
  assert.equal(oneLine(below.stderr), 'the cache location a-file/cache cannot be used: a folder above it is a file');
  writeTree(dir, { '.filecheckrc.json': JSON.stringify({ ...CONFIG, cache: 'yes' }) });
  const config = await runCli([], { cwd: dir });
  assert.equal(config.code, 2);
  assert.match(oneLine(config.stderr), /cache must be boolean$/);
});

// Loads and returns the modules of CACHE_CODE that a run (`--workers 0`, failing: c.json) loads.
const CACHE_CODE = [
  'runner/cache/result-cache.js',
  'runner/cache/results-file.js',
  'runner/cache/rule-fingerprint.js',
  'shared/digest.js',
  'shared/atomic-write.js',
  'validators/json-schema/compiled-schema-cache.js',
];
async function cacheCodeLoaded(dir, args, env = {}) {
  const trace = path.join(dir, 'trace.txt');
  fs.rmSync(trace, { force: true });
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  const { code, stderr } = await runCli(['--workers', '0', ...args], {
    cwd: dir,
    env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace, ...env },
  });
  assert.equal(code, 1, stderr);
  const urls = fs.readFileSync(trace, 'utf8').split('\n');
  assert.ok(
    urls.some((url) => url.endsWith('/runner/check/check-file.js')),
    'the hook sees filecheck load',
  );
  return { modules: CACHE_CODE.filter((file) => urls.some((url) => url.endsWith(`/${file}`))), urls };
}

test('a run without --cache, its compiled schemas not kept (FILECHECK_DISABLE_COMPILE_CACHE, --no-cache), loads no cache code and writes nothing', async (t) => {
  const dir = makeTree(t, TREE);
  const home = makeTree(t);
  // test-env.js sets FILECHECK_DISABLE_COMPILE_CACHE for every test: as it is, and --no-cache without it.
  assert.deepEqual((await cacheCodeLoaded(dir, [], { HOME: home })).modules, []);
  const noCache = { HOME: home, XDG_CACHE_HOME: undefined, FILECHECK_DISABLE_COMPILE_CACHE: undefined };
  assert.deepEqual((await cacheCodeLoaded(dir, ['--no-cache'], noCache)).modules, []);
  assert.deepEqual(fs.readdirSync(home), [], 'nothing in the home folder');
  assert.equal(fs.existsSync(path.join(dir, 'node_modules')), false);
  assert.deepEqual(
    (await cacheCodeLoaded(dir, ['--cache'])).modules,
    CACHE_CODE,
    'the same hook sees the cache code when it is used',
  );
});

// Without --cache, a schema of 32 KB at most is kept compiled in the user's cache folder: recorded by
// its first run, its code stored by the second, loaded by the next (docs/cache.md, "Kept without --cache").
test("without --cache, a small schema's compiled code is kept in the user's cache folder, and a run that loads it reports what a compiling run reports", async (t) => {
  const dir = makeTree(t, TREE);
  const home = makeTree(t);
  const env = {
    HOME: home,
    XDG_CACHE_HOME: undefined,
    LOCALAPPDATA: undefined,
    FILECHECK_DISABLE_COMPILE_CACHE: undefined,
  };
  const kept =
    process.platform === 'win32'
      ? null // %LOCALAPPDATA% removed: nothing kept
      : path.join(
          home,
          ...(process.platform === 'darwin' ? ['Library', 'Caches'] : ['.cache']),
          'filecheck',
          'schemas',
        );
  if (!kept) return;
  const files = () => (fs.existsSync(kept) ? fs.readdirSync(kept).map((name) => name.replace(/-[\w-]+\./, '-*.')) : []);
  const report = async () => {
    const { code, stdout, stderr } = await runCli(['-r', 'json', '--workers', '0'], { cwd: dir, env });
    assert.equal(code, 1, stderr);
    assert.equal(stderr, '');
    return comparable(parseJsonReport(stdout));
  };
  const first = await report();
  assert.deepEqual(files(), ['schema-*.json'], 'the first run compiles as without it, and records the schema');
  assert.deepEqual(await report(), first);
  assert.deepEqual(files().sort(), ['code-*.js', 'schema-*.json'], 'the second compiles it whole, and stores the code');
  const { modules, urls } = await cacheCodeLoaded(dir, [], env);
  assert.ok(modules.includes('validators/json-schema/compiled-schema-cache.js'));
  assert.ok(!modules.includes('runner/cache/result-cache.js'), 'no result cache');
  assert.ok(
    !urls.some((url) => url.endsWith('/ajv/dist/compile/index.js')),
    "the third loads the stored code: ajv's compiler is not loaded",
  );
  assert.deepEqual(await report(), first, 'the same report from the stored code');
  assert.equal(fs.existsSync(path.join(dir, 'node_modules')), false, 'nothing in the project');

  // FILECHECK_COMPILE_CACHE names the folder; a schema over 32 KB is not kept; a folder that cannot
  // be written is no fault of the run.
  writeTree(dir, {
    'schemas/doc.schema.json': JSON.stringify({
      type: 'object',
      properties: { title: { type: 'string' } },
      definitions: { padding: { description: 'x'.repeat(33 * 1024) } },
    }),
  });
  const own = path.join(home, 'own');
  for (let i = 0; i < 2; i++)
    await runCli(['--workers', '0'], { cwd: dir, env: { ...env, FILECHECK_COMPILE_CACHE: own } });
  assert.equal(fs.existsSync(own), false, 'a large schema is compiled on every run, and kept nowhere');
  writeTree(dir, { 'schemas/doc.schema.json': JSON.stringify({ type: 'object' }), 'a-file': '' });
  const unwritable = await runCli(['--workers', '0'], {
    cwd: dir,
    env: { ...env, FILECHECK_COMPILE_CACHE: 'a-file/schemas' },
  });
  assert.equal(unwritable.code, 1, unwritable.stderr); // c.json has no title
  assert.equal(unwritable.stderr, '', 'nothing said of a folder that cannot be written');
});

// A cached pass that the checks across files now fail (its reference's target changed) is a failure
// from the cache: each count's "from the cache" counts the files of that count.
test('the summary counts the files from the cache by what they were reported as: cached passes that now fail across files are failures from the cache', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'people', files: ['people/*.json'], unique: ['/id'] },
        { name: 'posts', files: ['posts/*.json'], references: [{ from: '/author', to: '/id', in: 'people' }] },
      ],
    }),
    'people/a.json': '{"id": "a"}',
    'posts/p1.json': '{"author": "a"}',
    'posts/p2.json': '{"author": "a"}',
    'posts/p3.json': '{"author": "a"}',
  });
  const summaryFile = path.join(dir, 'summary.md');
  for (const workers of ['0', '2']) {
    const location = ['--cache-location', path.join(dir, `.cache-${workers}`)];
    writeTree(dir, { 'people/a.json': '{"id": "a"}' });
    assert.equal((await runCli(['--cache', ...location, '--workers', workers], { cwd: dir })).code, 0);
    writeTree(dir, { 'people/a.json': '{"id": "b"}' });
    const human = await runCli(['--cache', ...location, '--workers', workers, '-r', 'default', '-r', 'github'], {
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: summaryFile },
    });
    assert.equal(human.code, 1, human.stdout);
    assert.match(human.stdout, /^Files: 3 failed \(3 from the cache\), 1 passed, 4 total$/m, `--workers ${workers}`);
    assert.match(
      fs.readFileSync(summaryFile, 'utf8'),
      /^Files: 3 failed \(3 from the cache\), 1 passed, 4 total {2}$/m,
    );
    fs.rmSync(summaryFile);
    const { report } = await run(dir, [...location, '--workers', workers]);
    // Every file unchanged now: failedHits counts the recorded failures, `failed` those reported.
    assert.deepEqual(report.summary.cache, {
      hits: 4,
      failedHits: 0,
      passed: 1,
      failed: 3,
      misses: 0,
      schemas: { cached: 0, compiled: 0 },
    });
  }
});
