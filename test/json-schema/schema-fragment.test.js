// A schema named with a fragment (`ansible.json#/$defs/tasks`, as SchemaStore's catalog names
// Ansible's) validates a file against that part of the schema file, wherever it is named: a catalog
// entry's url (local, or mapped by --schema-store), a rule's schema (--schema), a document's
// $schema (its key, a yaml-language-server comment, TOML's #:schema). The same verdicts in-process
// and on a pool, with --cache warm, under every compile strategy; a fragment that points at nothing
// says so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { checkBothExecutors, makeTree, parseJsonReport, runCli, unusableSchema, writeTree } from '../helpers/cli.js';

const json = (value) => JSON.stringify(value, null, 2);

// As ansible.json: a root any list passes, the parts of each kind of file under $defs. `big` is a
// property subschema large enough for code compiled apart to defer it (defer-properties.js): a
// fragment into it must find it where it is written.
const SCHEMA = json({
  $schema: 'http://json-schema.org/draft-07/schema#',
  $defs: {
    tasks: { type: 'array', items: { $ref: '#/$defs/task' } },
    task: { type: 'string' },
    playbook: { type: 'array', items: { type: 'object', required: ['hosts'] } },
    config: { type: 'object', properties: { name: { type: 'string' } } },
  },
  type: ['array', 'object'],
  properties: { big: { type: 'array', items: { type: 'object', properties: { n: { type: 'number' } } } } },
});
const TASKS = '- 1\n- {a: 2}\n';
const CATALOG = json({
  $schema: 'https://json.schemastore.org/schema-catalog.json',
  version: 1,
  schemas: [{ name: 'Tasks', fileMatch: ['tasks.yml'], url: './s.json#/$defs/tasks' }],
});

const pointers = (file) => file.problems.map((problem) => `${problem.pointer} ${problem.message}`);
const TASK_PROBLEMS = ['/0 must be string', '/1 must be string'];

test('a catalog entry whose url has a fragment validates against that part of the schema, in-process and on a pool', async (t) => {
  const dir = makeTree(t, { 's.json': SCHEMA, 'catalog.json': CATALOG, 'tasks.yml': TASKS });
  const report = await checkBothExecutors(dir, ['--catalog', 'catalog.json'], 1, { noErrors: true });
  assert.deepEqual(pointers(report.byPath['tasks.yml']), TASK_PROBLEMS);
  const listed = await runCli(['--catalog', 'catalog.json', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.stdout, 'tasks.yml\tyaml\ts.json#/$defs/tasks (catalog entry "Tasks")\n', listed.stderr);
});

test("SchemaStore's Ansible entries: one file behind two fragments, mapped by --schema-store", async (t) => {
  const prefix = 'https://raw.githubusercontent.com/ansible/ansible-lint/main/src/ansiblelint/schemas/';
  const dir = makeTree(t, {
    'store/ansible.json': SCHEMA,
    'catalog.json': json({
      schemas: [
        {
          name: 'Ansible Tasks File',
          fileMatch: ['**/tasks/*.yml', 'both.yml'],
          url: `${prefix}ansible.json#/$defs/tasks`,
        },
        {
          name: 'Ansible Playbook',
          fileMatch: ['playbook.yml', 'both.yml'],
          url: `${prefix}ansible.json#/$defs/playbook`,
        },
      ],
    }),
    'roles/web/tasks/main.yml': TASKS,
    'playbook.yml': '- {hosts: all}\n- {name: x}\n',
    // A playbook, not a list of tasks: it passes, as one of the two entries finds no problem.
    'both.yml': '- {hosts: all}\n',
  });
  const args = ['--catalog', 'catalog.json', '--schema-store', `${prefix}=store`];
  const report = await checkBothExecutors(dir, args, 1, { noErrors: true });
  assert.deepEqual(pointers(report.byPath['roles/web/tasks/main.yml']), TASK_PROBLEMS);
  assert.deepEqual(pointers(report.byPath['playbook.yml']), ['/1 must have required property "hosts"']);
  assert.equal(report.byPath['both.yml'].status, 'pass');
  const listed = await runCli([...args, 'playbook.yml', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(
    listed.stdout,
    'playbook.yml\tyaml\tstore/ansible.json#/$defs/playbook (catalog entry "Ansible Playbook")\n',
    listed.stderr,
  );
});

test('--schema with a fragment, and a rule\'s "schema": that part of the schema file', async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'tasks.yml': TASKS,
    'data/c.json': json({ name: 5 }),
    '.filecheckrc.json': json({ rules: [{ files: ['data/*.json'], schema: 's.json#/$defs/config' }] }),
  });
  const report = await checkBothExecutors(dir, ['tasks.yml', '--schema', 's.json#/$defs/tasks'], 1, {
    noErrors: true,
  });
  assert.deepEqual(pointers(report.byPath['tasks.yml']), TASK_PROBLEMS);
  assert.equal(report.byPath['tasks.yml'].problems[0].schema, 's.json#/$defs/tasks');
  const rule = await checkBothExecutors(dir, ['data'], 1, { noErrors: true });
  assert.deepEqual(pointers(rule.byPath['data/c.json']), ['/name must be string']);
  const listed = await runCli(['tasks.yml', '-s', 's.json#/$defs/tasks', '--list-files', '--verbose'], {
    cwd: dir,
  });
  assert.equal(listed.stdout, 'tasks.yml\tyaml\ts.json#/$defs/tasks (--schema)\n', listed.stderr);
});

test("a document's $schema, yaml-language-server comment or TOML #:schema with a fragment", async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'data/tasks.yml': `# yaml-language-server: $schema=../s.json#/$defs/tasks\n${TASKS}`,
    'data/c.json': json({ $schema: '../s.json#/$defs/config', name: 5 }),
    'data/c.toml': '#:schema ../s.json#/$defs/config\nname = 5\n',
    'data/ok.json': json({ $schema: '../s.json#/$defs/config', name: 'x' }),
  });
  const report = await checkBothExecutors(dir, ['data', '--schema-from-document'], 1, { noErrors: true });
  assert.deepEqual(pointers(report.byPath['data/tasks.yml']), TASK_PROBLEMS);
  assert.deepEqual(pointers(report.byPath['data/c.json']), ['/name must be string']);
  assert.deepEqual(pointers(report.byPath['data/c.toml']), ['/name must be string']);
  assert.equal(report.byPath['data/ok.json'].status, 'pass');
  assert.equal(report.byPath['data/c.json'].problems[0].schema, 's.json#/$defs/config');
});

test('the same verdicts with --cache warm and under every compile strategy, fragments into a deferred property too', async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'catalog.json': CATALOG,
    'tasks.yml': TASKS,
    'big.json': json([{ n: 1 }, { n: 'x' }]),
    'item.json': json({ n: 'x' }),
  });
  const cases = [
    { args: ['tasks.yml', '--catalog', 'catalog.json'], expected: { 'tasks.yml': TASK_PROBLEMS } },
    { args: ['big.json', '--schema', 's.json#/properties/big'], expected: { 'big.json': ['/1/n must be number'] } },
    {
      args: ['item.json', '--schema', 's.json#/properties/big/items'],
      expected: { 'item.json': ['/n must be number'] },
    },
  ];
  // Each strategy alone; then the run's own and eager with --cache, three runs each: the second
  // stores the code it compiled whole, the third loads it.
  const runs = [
    ...['eager', 'lazy', 'apart'].map((strategy) => ({ strategy, cache: null })),
    ...[undefined, 'eager'].flatMap((strategy) => [1, 2, 3].map(() => ({ strategy, cache: `.cache-${strategy}` }))),
  ];
  for (const [number, { args, expected }] of cases.entries()) {
    for (const [index, { strategy, cache }] of runs.entries()) {
      // Each run's file is new to the results' cache: its schema is compiled, or its stored code loaded.
      const [file] = args;
      writeTree(dir, { [file]: `${fs.readFileSync(path.join(dir, file), 'utf8').trimEnd()}${' '.repeat(index)}\n` });
      const folder = cache && `${cache}-${number}`;
      const run = await runCli([...args, ...(folder ? ['--cache', '--cache-location', folder] : []), '-r', 'json'], {
        cwd: dir,
        env: { FILECHECK_SCHEMA_COMPILE: strategy },
      });
      const said = `${args.join(' ')} ${folder ?? ''} (${strategy ?? 'default'})`;
      assert.equal(run.code, 1, `${said}: ${run.stderr}`);
      const { files } = parseJsonReport(run.stdout);
      assert.deepEqual(Object.fromEntries(files.map((file) => [file.path, pointers(file)])), expected, said);
    }
    for (const strategy of [undefined, 'eager']) {
      const stored = fs.readdirSync(path.join(dir, `.cache-${strategy}-${number}`));
      assert.ok(
        stored.some((name) => name.startsWith('code-')),
        `${args.join(' ')}: code stored (${strategy})`,
      );
    }
  }
});

test('a fragment that points at nothing: a usage error for a rule, a failing file for a catalog entry or a document', async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'catalog.json': json({ schemas: [{ name: 'Tasks', fileMatch: ['tasks.yml'], url: './s.json#/$defs/nope' }] }),
    'tasks.yml': TASKS,
    'data/c.json': json({ $schema: '../s.json#/$defs/nope' }),
  });
  const nothing = 'schema s.json#/$defs/nope: the fragment #/$defs/nope points at nothing in s.json';
  for (const workers of ['0', '2']) {
    const rule = await runCli(['tasks.yml', '--schema', 's.json#/$defs/nope', '--workers', workers], { cwd: dir });
    assert.equal(unusableSchema(rule), nothing);
    const catalog = await runCli(['--catalog', 'catalog.json', '-r', 'json', '--workers', workers], { cwd: dir });
    assert.equal(catalog.code, 1, catalog.stderr);
    assert.deepEqual(
      parseJsonReport(catalog.stdout).files.map((file) => file.problems.map((problem) => problem.message)),
      [[`catalog entry "Tasks": ${nothing}`]],
    );
    const document = await runCli(['data', '--schema-from-document', '-r', 'json', '--workers', workers], {
      cwd: dir,
    });
    assert.equal(document.code, 1, document.stderr);
    const [problem] = parseJsonReport(document.stdout).files[0].problems;
    assert.equal(problem.message, `$schema "../s.json#/$defs/nope": ${nothing}`);
    assert.equal(problem.line, 2, 'placed on the $schema that names it');
  }
});

test("a rule's fragment in .filecheckrc.json that points at nothing, or at no schema: the usage error names the rule", async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'tasks.yml': TASKS,
    'other.yml': TASKS,
    '.filecheckrc.json': json({
      rules: [
        { name: 'tasks', files: ['tasks.yml'], schema: 's.json#/$defs/nope' },
        { files: ['other.yml'], schema: 's.json#/$defs/task/type' },
      ],
    }),
  });
  for (const workers of ['0', '2']) {
    const run = await runCli(['--workers', workers], { cwd: dir });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stdout, /^2 files not validated: a rule's schema or ajv plugin cannot be used/m);
    assert.deepEqual(run.stderr.trim().split('\n').sort(), [
      'filecheck: rules[1]: schema s.json#/$defs/task/type: the fragment #/$defs/task/type points at a string in s.json, not a schema',
      'filecheck: tasks: schema s.json#/$defs/nope: the fragment #/$defs/nope points at nothing in s.json',
    ]);
  }
});
