// Severities per rule and per check (issue 27): "error", "warn" or "off" on a rule, a required key,
// the rule's schema (its own or the ones its files choose), a validator module, an entry of unique
// or references, and sameKeysAs; the most specific wins. End to end: both executors, the cache,
// shards and merge, and what stays an error whatever the severity. What each reporter makes of a
// warning is in reporters-warnings.test.js; the built-ins' own severities in across-files.test.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { resolveChecks } from '../../runner/config/severities.js';
import {
  checkBothExecutors,
  makeTree,
  oneLine,
  parseJsonReport,
  runCli,
  unusableSchema,
  writeTree,
} from '../helpers/cli.js';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

test('resolveChecks: a check says its own severity, else its rule\'s, else "error"; "off" checks are left out', () => {
  const rule = {
    severity: 'warn',
    require: ['title', { key: 'summary:string', severity: 'error' }, { key: 'draft', severity: 'off' }],
    schema: { path: 's.json', severity: 'off' },
    validators: ['./a.js', { module: './b.js', options: { n: 1 }, severity: 'error' }],
    unique: ['/slug', { pointer: '/id', ignoreCase: true, severity: 'off' }],
    references: [{ from: '/author', to: '/id', severity: 'error' }],
    sameKeysAs: { source: 'en.json', missing: 'error' },
  };
  assert.deepEqual(resolveChecks(rule), {
    require: [
      { key: 'title', severity: 'warn' },
      { key: 'summary:string', severity: 'error' },
    ],
    schemaSeverity: 'off',
    validators: [
      { module: './a.js', severity: 'warn' },
      { module: './b.js', options: { n: 1 }, severity: 'error' },
    ],
    unique: [{ pointer: '/slug', severity: 'warn' }],
    references: [{ from: '/author', to: '/id', severity: 'error' }],
    sameKeysAs: { source: 'en.json', missing: 'error', extra: 'warn', severity: 'warn' },
  });
  // Nothing said: every check is an error, as before severities.
  assert.deepEqual(resolveChecks({ require: ['a'], schema: 's.json', unique: ['/x'], sameKeysAs: 'en.json' }), {
    require: [{ key: 'a', severity: 'error' }],
    schemaSeverity: 'error',
    validators: [],
    unique: [{ pointer: '/x', severity: 'error' }],
    references: undefined,
    sameKeysAs: { source: 'en.json', missing: 'error', extra: 'error', severity: 'error' },
  });
  // A rule "off": only what says its own severity runs; sameKeysAs off compares no placeholders.
  const off = resolveChecks({
    severity: 'off',
    require: ['a', { key: 'b', severity: 'warn' }],
    unique: ['/x'],
    sameKeysAs: { source: 'en.json', placeholders: 'icu', missing: 'warn' },
  });
  assert.deepEqual(off.require, [{ key: 'b', severity: 'warn' }]);
  assert.equal(off.schemaSeverity, 'off');
  assert.equal(off.unique, undefined);
  assert.deepEqual(off.sameKeysAs, {
    source: 'en.json',
    placeholders: 'off',
    missing: 'warn',
    extra: 'off',
    severity: 'off',
  });
  assert.equal(resolveChecks({ sameKeysAs: { source: 'en.json', severity: 'off' } }).sameKeysAs, undefined);
});

// A module whose problems are its own (a string), and one that collects and checks all files together.
const TODO = `export const name = 'no-todo';
export default (doc) => (JSON.stringify(doc).includes('TODO') ? ['contains TODO'] : []);
`;
const FEATURED = `export const name = 'featured';
export function collect(doc) { return doc.featured ? 1 : undefined; }
export function checkAll(entries) {
  return entries.length > 1 ? entries.map((entry) => ({ path: entry.path, pointer: '/featured', message: 'featured twice' })) : [];
}
`;
const SCHEMA = { type: 'object', properties: { title: { type: 'string' } } };

// docs/a.json breaks every check; the rule is at "warn", and a few checks say their own severity.
const TREE = {
  '.filecheckrc.json': json({
    rules: [
      {
        name: 'docs',
        files: ['docs/*.json'],
        severity: 'warn',
        require: ['title', { key: 'summary', severity: 'error' }],
        schema: 'schemas/doc.json',
        validators: ['./checks/todo.js', { module: './checks/featured.js', severity: 'error' }],
        unique: [{ pointer: '/slug', severity: 'error' }, '/id'],
      },
    ],
  }),
  'schemas/doc.json': json(SCHEMA),
  'checks/todo.js': TODO,
  'checks/featured.js': FEATURED,
  'docs/a.json': json({ slug: 's', id: 1, title: 7, summary: 'TODO', featured: true }),
  'docs/b.json': json({ slug: 's', id: 1, featured: true }),
};

const bySeverity = (file) =>
  file.problems.map((p) => `${p.severity ?? 'error'} ${p.validator}: ${p.message}`).sort((a, b) => (a < b ? -1 : 1));

test('each place a severity is set, the most specific winning: the same problems and verdicts in-process and on a pool', async (t) => {
  const dir = makeTree(t, TREE);
  const { byPath } = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(bySeverity(byPath['docs/a.json']), [
    'error featured: featured twice',
    'error unique: "s" is also at docs/b.json',
    'warning json-schema: must be string',
    'warning no-todo: contains TODO',
    'warning unique: 1 is also at docs/b.json',
  ]);
  assert.deepEqual(bySeverity(byPath['docs/b.json']), [
    'error featured: featured twice',
    'error require: missing required key "summary"',
    'error unique: "s" is also at docs/a.json',
    'warning require: missing required key "title"',
    'warning unique: 1 is also at docs/a.json',
  ]);

  // The errors at "warn" too: every file passes, with its warnings; --max-warnings counts them.
  const config = JSON.parse(TREE['.filecheckrc.json']);
  const [rule] = config.rules;
  Object.assign(rule, {
    require: ['title', 'summary'],
    validators: ['./checks/todo.js', { module: './checks/featured.js', severity: 'warn' }],
    unique: [{ pointer: '/slug', severity: 'warn' }, '/id'],
  });
  writeTree(dir, { '.filecheckrc.json': json(config) });
  const warned = await checkBothExecutors(dir, [], 0, { noErrors: true });
  assert.deepEqual(
    warned.files.map((file) => [file.path, file.status, file.problems.length]),
    [
      ['docs/a.json', 'pass', 5],
      ['docs/b.json', 'pass', 5],
    ],
  );
  assert.equal(warned.summary.warnings, 10);
  assert.equal((await runCli(['--max-warnings', '9'], { cwd: dir })).code, 1);
  assert.equal((await runCli(['--max-warnings', '10'], { cwd: dir })).code, 0);

  // A rule "off": nothing of it runs but what says its own severity (featured and /slug at "warn").
  rule.severity = 'off';
  rule.require = [{ key: 'summary', severity: 'error' }];
  writeTree(dir, { '.filecheckrc.json': json(config) });
  const off = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(bySeverity(off.byPath['docs/b.json']), [
    'error require: missing required key "summary"',
    'warning featured: featured twice',
    'warning unique: "s" is also at docs/a.json',
  ]);
  assert.deepEqual(bySeverity(off.byPath['docs/a.json']), [
    'warning featured: featured twice',
    'warning unique: "s" is also at docs/b.json',
  ]);
});

test('"off": the check does not run at all: its schema is not read, its module not loaded', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': json({
      rules: [
        {
          files: ['docs/*.json'],
          schema: { path: 'schemas/missing.json', severity: 'off' },
          validators: [{ module: './checks/missing.js', severity: 'off' }],
          require: ['title'],
        },
      ],
    }),
    'docs/a.json': json({ title: 'A' }),
  });
  const run = await runCli(['-r', 'json'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stderr, '');
  // The same rule with the schema on: the missing schema is a configuration error.
  writeTree(dir, {
    '.filecheckrc.json': json({ rules: [{ files: ['docs/*.json'], schema: { path: 'schemas/missing.json' } }] }),
  });
  assert.equal((await runCli([], { cwd: dir })).code, 2);
});

test('what stays an error at "warn": a file that does not parse, a schema that cannot be used (exit 2), a validator that throws', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': json({
      rules: [{ files: ['docs/*.json'], severity: 'warn', validators: ['./checks/throws.js'], require: ['title'] }],
    }),
    'checks/throws.js': 'export default (doc) => { if (doc.boom) throw new Error("boom"); return []; };\n',
    'docs/broken.json': '{ "title": ',
    'docs/boom.json': json({ title: 'B', boom: true }),
    'docs/warned.json': json({}),
  });
  const { byPath } = await checkBothExecutors(dir, [], 1);
  assert.deepEqual(
    Object.values(byPath).map((file) => [file.path, file.status, file.problems.map((p) => [p.kind, p.severity])]),
    [
      ['docs/boom.json', 'fail', [['error', undefined]]],
      ['docs/broken.json', 'fail', [['parse', undefined]]],
      ['docs/warned.json', 'pass', [['invalid', 'warning']]],
    ],
  );
  writeTree(dir, {
    '.filecheckrc.json': json({
      rules: [{ files: ['docs/warned.json'], schema: 'schemas/bad.json', severity: 'warn' }],
    }),
    'schemas/bad.json': json({ type: 'object', properties: { title: { $ref: '#/nowhere' } } }),
  });
  assert.match(unusableSchema(await runCli([], { cwd: dir })), /schemas\/bad\.json/);
});

test('the schemas a rule\'s files choose ($schema, a catalog) take "schema": { "severity" }; without a path or a choice it is a configuration error', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': json({
      rules: [{ files: ['docs/*.json'], schemaFromDocument: true, schema: { severity: 'warn' } }],
    }),
    'schemas/doc.json': json(SCHEMA),
    'docs/a.json': json({ $schema: '../schemas/doc.json', title: 7 }),
  });
  const { byPath } = await checkBothExecutors(dir, [], 0, { noErrors: true });
  assert.deepEqual(
    byPath['docs/a.json'].problems.map((p) => [p.validator, p.severity]),
    [['json-schema', 'warning']],
  );
  writeTree(dir, {
    '.filecheckrc.json': json({ rules: [{ name: 'docs', files: ['docs/*.json'], schema: { severity: 'warn' } }] }),
  });
  const run = await runCli([], { cwd: dir });
  assert.equal(run.code, 2);
  assert.equal(
    oneLine(run.stderr),
    'docs: "schema" has no "path", and the rule chooses no schema per file (no catalog, no "schemaFromDocument") for its "severity" to apply to',
  );
  writeTree(dir, { '.filecheckrc.json': json({ rules: [{ files: ['docs/*.json'], severity: 'warning' }] }) });
  const bad = await runCli([], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(oneLine(bad.stderr), /rules\[0\]\.severity must be one of "error", "warn", "off"$/);
});

test('--cache: a change of severity is a change of the rule: the cached results are not reported, the file is checked again', async (t) => {
  const config = (severity) =>
    json({ rules: [{ files: ['docs/*.json'], schema: { path: 'schemas/doc.json', severity } }] });
  const dir = makeTree(t, {
    '.filecheckrc.json': config('error'),
    'schemas/doc.json': json(SCHEMA),
    'docs/a.json': json({ title: 7 }),
  });
  const run = async (code) => {
    const result = await runCli(['--cache', '-r', 'json', '--verbose'], { cwd: dir });
    assert.equal(result.code, code, result.stderr);
    return parseJsonReport(result.stdout).files[0];
  };
  await run(1);
  assert.equal((await run(1)).cached, true, 'a warm run reports the failure from the cache');
  writeTree(dir, { '.filecheckrc.json': config('warn') });
  const warned = await run(0);
  assert.equal(warned.cached, undefined);
  assert.equal(warned.problems[0].severity, 'warning');
  const cached = await run(0);
  assert.deepEqual([cached.cached, cached.problems[0].severity], [true, 'warning'], 'cached with its warning');
  writeTree(dir, { '.filecheckrc.json': config('off') });
  const off = await run(0);
  assert.deepEqual([off.cached, off.problems], [undefined, []], 'off: checked again, nothing to say');
});

test('shards and merge: the checks across files of a rule at "warn" give warnings when merged', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': json({ rules: [{ files: ['docs/*.json'], severity: 'warn', unique: ['/slug'] }] }),
    ...Object.fromEntries(['a', 'b', 'c', 'd'].map((name) => [`docs/${name}.json`, json({ slug: 'same' })])),
  });
  for (const shard of ['1/2', '2/2']) {
    const run = await runCli(['--shard', shard, '-r', `json:shard-${shard[0]}.json`], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
  }
  const merged = await runCli(['merge', 'shard-1.json', 'shard-2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  const report = parseJsonReport(merged.stdout);
  assert.equal(report.summary.warnings, 4);
  assert.deepEqual(
    report.files.map((file) => [path.basename(file.path), file.status, file.problems[0].severity]),
    ['a', 'b', 'c', 'd'].map((name) => [`${name}.json`, 'pass', 'warning']),
  );
  const strict = await runCli(['merge', 'shard-1.json', 'shard-2.json', '--max-warnings', '3'], { cwd: dir });
  assert.equal(strict.code, 1);
});

test('a schema two rules of a file bring in at two severities is applied once, at the more severe', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': json({
      rules: [
        { files: ['docs/*.json'], schema: { path: 'schemas/doc.json', severity: 'warn' } },
        { files: ['docs/a.json'], schema: 'schemas/doc.json' },
      ],
    }),
    'schemas/doc.json': json(SCHEMA),
    'docs/a.json': json({ title: 7 }),
    'docs/b.json': json({ title: 7 }),
  });
  const { byPath } = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(
    ['docs/a.json', 'docs/b.json'].map((file) => byPath[file].problems.map((p) => p.severity ?? 'error')),
    [['error'], ['warning']],
  );
});
