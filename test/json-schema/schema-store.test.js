// A local schema store (--schema-store, config "schemaStore"): URL prefixes mapped to folders for
// catalog entries, documents' `$schema` and `$refs`, SchemaStore's two hosts as one, read lazily;
// a catalog entry without a local copy warned about once, never failed; and, with a catalog and
// neither patterns nor rules, every file of the project some entry's fileMatch names is checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, makeTree, writeTree, parseJsonReport, oneLine, checkBothExecutors } from '../helpers/cli.js';
import {
  existingStoreFile,
  parseSchemaStore,
  pulledStoreFile,
  storeFileFor,
  storeFilesFor,
} from '../../validators/json-schema/schema-store.js';
import { loadConfig } from '../../runner/config/load-config.js';
import { discover } from '../../runner/files/discover.js';
import { checkFile } from '../../runner/check/check-file.js';
import { loadParsers } from '../../formats/index.js';
import { UsageError } from '../../shared/errors.js';
import { fixtureTree } from '../helpers/fixtures.js';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const STORE = 'store/src/schemas/json';
const CATALOG = '../store/src/api/json/catalog.json';

// A SchemaStore clone in small (test/fixtures/schema-store/): its catalog names the www. host, its
// schemas' $ids the json. one, and their $refs use both spellings, over http and https. Reached by
// nothing, unreached.json (not JSON) and unreached-too.json (a $ref to the network): a store read
// whole (globbed, or every schema parsed) would stop the run on them.
const STORE_TREE = fixtureTree('schema-store');

const PROJECT_TREE = {
  'project/widget.json': json({ part: { name: 'a', size: 1 }, size: 2 }),
  'project/bad/b.widget.json': json({ part: { name: 1, size: -1 } }),
  'project/.github/workflows/ci.yml': 'on: push\njobs: {}\n',
  'project/.github/workflows/bad.yml': 'on: push\n',
  'project/absent.json': json({ anything: true }),
  'project/more/absent.json': json({ a: 'second file of the entry without a copy' }),
  'project/docs/doc.json': json({ $schema: 'http://www.schemastore.org/part.json', name: 3 }),
  'project/notes/other.json': json({ matched: 'by no entry' }),
  'project/.gitignore': 'ignored/\n',
  'project/ignored/widget.json': json({ size: 'gitignored' }),
  'project/.cache/deeper/widget.json': json({ size: 'in a folder of a dot folder no fileMatch names' }),
  'project/node_modules/pkg/widget.json': json({ size: 'node_modules' }),
};

const messages = (file) => file.problems.map((problem) => `${problem.kind}: ${problem.message}`);
const storeArgs = (root) => [
  '--catalog',
  CATALOG,
  '--schema-store',
  `https://json.schemastore.org/=${path.join(root, STORE)}`,
];
const MISSING =
  'filecheck: warning: catalog entry "Not in the store" of ../store/src/api/json/catalog.json has no local copy of https://www.schemastore.org/absent.json' +
  ' (expected ../store/src/schemas/json/absent.json or ../store/src/api/json/json.schemastore.org/absent.json or ../store/src/api/json/absent.json): the files it matches are not validated against it\n';

/** A run with the json reporter, every file in it: the report, by path, with stderr. */
async function check(cwd, args) {
  const result = await runCli(['-r', 'json', '--verbose', ...args], { cwd });
  const report = result.stdout ? parseJsonReport(result.stdout) : null;
  return { ...result, report, byPath: Object.fromEntries((report?.files ?? []).map((file) => [file.path, file])) };
}
const comparable = ({ files, summary: { durationMs, plan, ...summary } }) => ({ files, summary });

test("storeFileFor: a URL under a prefix is the file at the same place in its folder; SchemaStore's two hosts, http or https, are one", (t) => {
  const root = makeTree(t, { 'ss/x.json': '{}', 'ss/deep/y.json': '{}', 'other/z.json': '{}' });
  const store = parseSchemaStore(
    { given: ['https://json.schemastore.org/=ss', 'https://example.com/schemas=other'] },
    { cwd: root, base: root },
  );
  for (const url of [
    'https://json.schemastore.org/x.json',
    'http://json.schemastore.org/x.json',
    'https://www.schemastore.org/x.json',
    'http://www.schemastore.org/x.json#',
    'https://www.schemastore.org/x.json#/definitions/a',
  ]) {
    assert.equal(storeFileFor(store, url), path.join(root, 'ss/x.json'), url);
  }
  assert.equal(storeFileFor(store, 'https://www.schemastore.org/deep/y.json'), path.join(root, 'ss/deep/y.json'));
  assert.equal(
    storeFileFor(store, 'https://example.com/schemas/z.json'),
    path.join(root, 'other/z.json'),
    'a prefix without its trailing slash',
  );
  assert.equal(
    storeFileFor(store, 'https://example.com/schemasX/z.json'),
    null,
    'a prefix is a folder, not the start of a name',
  );
  assert.equal(storeFileFor(store, 'https://example.com/other.json'), null);
  assert.equal(storeFileFor(store, 'https://json.schemastore.org/x.json?v=2'), null, 'a query names no file');
  assert.equal(storeFileFor(store, 'https://json.schemastore.org/a/..%2f..%2fsecret'), null, 'never out of the folder');
  assert.equal(storeFileFor([], 'https://json.schemastore.org/x.json'), null);

  // The config's, relative to the config file; the command line's win for the same prefix.
  const both = parseSchemaStore(
    { given: ['https://www.schemastore.org/=other'], config: { 'http://json.schemastore.org/': 'ss' } },
    { cwd: root, base: root },
  );
  assert.deepEqual(both, [['https://json.schemastore.org/', path.join(root, 'other')]]);
  const fails = (sources) => assert.throws(() => parseSchemaStore(sources, { cwd: root, base: root }), UsageError);
  fails({ given: ['ss'] });
  fails({ given: ['=ss'] });
  fails({ given: ['ftp://example.com/=ss'] });
  fails({ given: ['https://example.com/=nope'] });
  fails({ given: ['https://example.com/=ss/x.json'] });
  fails({ config: { 'https://example.com/': '' } });
});

test("storeFileFor: SchemaStore's sources on GitHub, which its catalog names for pyproject.toml, are its hosts' files", (t) => {
  const root = makeTree(t, { 'ss/pyproject.json': '{}', 'raw/x.json': '{}' });
  const store = parseSchemaStore({ given: ['https://json.schemastore.org/=ss'] }, { cwd: root, base: root });
  for (const url of [
    'https://raw.githubusercontent.com/SchemaStore/schemastore/master/src/schemas/json/pyproject.json',
    'https://raw.githubusercontent.com/SchemaStore/schemastore/refs/heads/master/src/schemas/json/pyproject.json#/x',
  ])
    assert.equal(storeFileFor(store, url), path.join(root, 'ss/pyproject.json'), url);
  assert.equal(
    storeFileFor(store, 'https://raw.githubusercontent.com/SchemaStore/schemastore/master/README.md'),
    null,
    'only its schemas folder',
  );
  // A prefix given for GitHub's host itself is used first.
  const own = parseSchemaStore(
    { given: ['https://json.schemastore.org/=ss', 'https://raw.githubusercontent.com/=raw'] },
    { cwd: root, base: root },
  );
  const url = 'https://raw.githubusercontent.com/SchemaStore/schemastore/master/src/schemas/json/x.json';
  assert.equal(storeFileFor(own, url), path.join(root, 'raw/SchemaStore/schemastore/master/src/schemas/json/x.json'));
});

test("storeFilesFor: SchemaStore's URL without .json is its name.json too, tried second; other hosts' URLs are as written", (t) => {
  const root = makeTree(t, { 'ss/tsconfig.json': '{}', 'ss/short': '{}', 'other/app.json': '{}' });
  const store = parseSchemaStore(
    { given: ['https://json.schemastore.org/=ss', 'https://example.com/=other'] },
    { cwd: root, base: root },
  );
  const at = (file) => path.join(root, file);
  for (const url of ['https://json.schemastore.org/tsconfig', 'http://www.schemastore.org/tsconfig#/definitions/a'])
    assert.deepEqual(storeFilesFor(store, url), [at('ss/tsconfig'), at('ss/tsconfig.json')], url);
  assert.deepEqual(storeFilesFor(store, 'https://json.schemastore.org/tsconfig.json'), [at('ss/tsconfig.json')]);
  assert.deepEqual(
    storeFilesFor(store, 'https://json.schemastore.org/a.schema'),
    [at('ss/a.schema')],
    'a name with a dot',
  );
  assert.deepEqual(storeFilesFor(store, 'https://example.com/app'), [at('other/app')], 'another host');
  assert.deepEqual(storeFilesFor(store, 'https://example.org/app'), []);
  assert.equal(existingStoreFile(store, 'https://json.schemastore.org/tsconfig'), at('ss/tsconfig.json'));
  assert.equal(
    existingStoreFile(store, 'https://json.schemastore.org/short'),
    at('ss/short'),
    'the file as named, first',
  );
  assert.equal(existingStoreFile(store, 'https://example.com/app'), null);
});

// SchemaStore's own schemas $ref each other without .json (feed.json, the grunt tasks', tsoa.json),
// and documents name it so (`"$schema": "https://json.schemastore.org/tsconfig"`): in a clone, the
// file has its .json.
test('a $schema and a $ref naming a SchemaStore schema without .json find its file in the store, in both executors; a missing one names both files', async (t) => {
  const dir = makeTree(t, {
    'store/base.json': json({
      $id: 'https://json.schemastore.org/base.json',
      definitions: { name: { type: 'string' } },
    }),
    'store/app.json': json({
      $id: 'https://json.schemastore.org/app.json',
      properties: { name: { $ref: 'https://json.schemastore.org/base#/definitions/name' } },
    }),
    'good.json': json({ $schema: 'https://json.schemastore.org/app', name: 'a' }),
    'bad.json': json({ $schema: 'https://www.schemastore.org/app', name: 1 }),
    'gone.json': json({ $schema: 'https://json.schemastore.org/gone' }),
  });
  const args = [
    'good.json',
    'bad.json',
    'gone.json',
    '--schema-from-document',
    '--schema-store',
    'https://json.schemastore.org/=store',
  ];
  const report = await checkBothExecutors(dir, args);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  assert.equal(byPath['good.json'].status, 'pass');
  assert.deepEqual(
    byPath['bad.json'].problems.map(({ pointer, message }) => `${pointer} ${message}`),
    ['/name must be string'],
  );
  assert.deepEqual(messages(byPath['gone.json']), [
    'error: $schema "https://json.schemastore.org/gone" is not in the schema store: no such schema file (store/gone or store/gone.json)',
  ]);
});

test("pulledStoreFile: the pulled store's <host>/<path>, SchemaStore's two hosts one, a port spelt host_port, http as https; a URL no file can hold is null", () => {
  const store = path.resolve('/p/.filecheck/schemas');
  const www = pulledStoreFile('https://www.schemastore.org/package.json#/x', store);
  assert.deepEqual(www, {
    key: 'https://json.schemastore.org/package.json',
    mapping: ['https://json.schemastore.org/', path.join(store, 'json.schemastore.org')],
    file: path.join(store, 'json.schemastore.org', 'package.json'),
  });
  assert.deepEqual(pulledStoreFile('http://json.schemastore.org/package.json', store), www);
  assert.equal(
    pulledStoreFile('http://127.0.0.1:8080/a/b%20c.json', store).file,
    path.join(store, '127.0.0.1_8080', 'a', 'b c.json'),
  );
  for (const url of ['https://x.org/a.json?v=1', 'https://x.org/', 'https://x.org/a%2Fb.json', 'ftp://x.org/a.json'])
    assert.equal(pulledStoreFile(url, store), null, url);
});

test("a catalog and $refs across json. and www.schemastore.org resolve to the store's files, read only when reached; both executors agree and warn of a missing entry once", async (t) => {
  const root = makeTree(t, { ...STORE_TREE, ...PROJECT_TREE });
  const cwd = path.join(root, 'project');
  const files = [
    'widget.json',
    'bad/b.widget.json',
    '.github/workflows/ci.yml',
    '.github/workflows/bad.yml',
    'absent.json',
    'more/absent.json',
    'docs/doc.json',
    'notes/other.json',
  ];
  const args = [...files, ...storeArgs(root), '--schema-from-document'];
  const inline = await check(cwd, [...args, '--workers', '0']);
  const pooled = await check(cwd, [...args, '--workers', '2']);
  assert.equal(inline.code, 1, inline.stderr);
  assert.equal(pooled.code, 1, pooled.stderr);
  assert.equal(pooled.report.summary.plan.mode, 'pool');
  assert.deepEqual(
    comparable(pooled.report),
    comparable(inline.report),
    'the pool reports what the in-process run does',
  );
  assert.equal(inline.stderr, MISSING, 'said once, though each file could say it');
  assert.equal(pooled.stderr, MISSING, 'said once, though each worker says it');

  const { byPath } = inline;
  assert.equal(byPath['widget.json'].status, 'pass');
  assert.deepEqual(
    messages(byPath['bad/b.widget.json']),
    ['invalid: must be string', 'invalid: must be >= 0'],
    'through $refs to www. and http://json.',
  );
  assert.equal(byPath['.github/workflows/ci.yml'].status, 'pass');
  assert.deepEqual(messages(byPath['.github/workflows/bad.yml']), ['invalid: must have required property "jobs"']);
  assert.equal(byPath['absent.json'].status, 'pass', 'its entry has no local copy: warned about, never failed');
  assert.equal(byPath['more/absent.json'].status, 'pass');
  assert.deepEqual(
    messages(byPath['docs/doc.json']),
    ['invalid: must be string'],
    'a $schema URL on the www. host, over http',
  );
  assert.equal(byPath['notes/other.json'].status, 'pass');

  const listed = await runCli([...args, '--list-files', '--verbose'], { cwd });
  assert.equal(listed.code, 0, listed.stderr);
  const lines = listed.stdout.split('\n');
  assert.ok(
    lines.includes(
      'absent.json\tjson\t(not validated: catalog entry "Not in the store" of ../store/src/api/json/catalog.json has no local copy of https://www.schemastore.org/absent.json (expected ../store/src/schemas/json/absent.json or ../store/src/api/json/json.schemastore.org/absent.json or ../store/src/api/json/absent.json))',
    ),
    listed.stdout,
  );
  assert.ok(
    lines.includes('widget.json\tjson\t../store/src/schemas/json/widget.json (catalog entry "Widget")'),
    listed.stdout,
  );
  assert.ok(
    lines.includes(
      'docs/doc.json\tjson\t../store/src/schemas/json/part.json ($schema "http://www.schemastore.org/part.json", schema store)',
    ),
    listed.stdout,
  );
});

test('config "schemaStore" (relative to the config file) does what --schema-store does; mapping either host maps both', async (t) => {
  const root = makeTree(t, { ...STORE_TREE, ...PROJECT_TREE });
  const cwd = path.join(root, 'project');
  const files = ['widget.json', 'bad/b.widget.json', '.github/workflows/bad.yml', 'absent.json'];
  const given = await check(cwd, [...files, ...storeArgs(root), '--workers', '0']);
  writeTree(cwd, {
    '.filecheckrc.json': json({
      catalog: CATALOG,
      schemaStore: { 'http://www.schemastore.org/': `../${STORE}` },
      rules: [{ files: ['**/*.json', '.github/**/*.yml'] }],
    }),
  });
  const configured = await check(cwd, [...files, '--workers', '0']);
  assert.equal(configured.code, 1, configured.stderr);
  assert.deepEqual(comparable(configured.report), comparable(given.report));
  assert.equal(configured.stderr, MISSING);

  writeTree(cwd, {
    '.filecheckrc.json': json({ catalog: CATALOG, schemaStore: { 'ftp://example.com/': 'x' }, rules: [] }),
  });
  const wrongUrl = await runCli(['widget.json'], { cwd });
  assert.equal(wrongUrl.code, 2);
  assert.equal(
    oneLine(wrongUrl.stderr),
    `${path.join(cwd, '.filecheckrc.json')}: schemaStore: "ftp://example.com/" is not an http or https URL prefix (such as https://json.schemastore.org/)`,
  );
  writeTree(cwd, {
    '.filecheckrc.json': json({
      catalog: CATALOG,
      schemaStore: { 'https://json.schemastore.org/': 'no/such/folder' },
      rules: [],
    }),
  });
  const noFolder = await runCli(['widget.json'], { cwd });
  assert.equal(noFolder.code, 2);
  assert.equal(oneLine(noFolder.stderr), `schemaStore: ${path.join(cwd, 'no/such/folder')} is no such folder`);
  // Outside the project, whose config (its broken schemaStore) a run naming its files would take.
  const badFlag = await runCli(['*.json', '--schema-store', 'vendor'], { cwd: root });
  assert.equal(badFlag.code, 2);
  assert.equal(
    oneLine(badFlag.stderr),
    '--schema-store takes <url-prefix>=<folder> (e.g. https://json.schemastore.org/=vendor/schemastore/src/schemas/json), not "vendor"',
  );
});

test('without a store: a catalog entry with no local copy warns and passes its files (exit 0); a $ref to the other host says how to map it; a store without the file a $ref names leaves the file only parsed', async (t) => {
  const root = makeTree(t, { ...STORE_TREE, ...PROJECT_TREE });
  const cwd = path.join(root, 'project');
  const run = await check(cwd, ['absent.json', '.github/workflows/bad.yml', '--catalog', CATALOG, '--workers', '0']);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.report.summary.passed, 2);
  assert.match(
    run.stderr,
    /catalog entry "GitHub Workflow" of \.\.\/store\/src\/api\/json\/catalog\.json has no local copy of https:\/\/www\.schemastore\.org\/github-workflow\.json \(expected \.\.\/store\/src\/api\/json\/json\.schemastore\.org\/github-workflow\.json or \.\.\/store\/src\/api\/json\/github-workflow\.json\): the files it matches are not validated against it/,
  );

  // The schema named directly: its $ref to www. is another origin than its $id's.
  const direct = await check(cwd, ['widget.json', '--schema', `../${STORE}/widget.json`, '--workers', '0']);
  assert.equal(direct.code, 2);
  assert.equal(
    oneLine(direct.stderr),
    `schema ../${STORE}/widget.json: $ref "https://www.schemastore.org/part.json" cannot be resolved offline; pull it once (filecheck schemas pull, with the same options), preload the schema it names with --ref or the rule's "refs", or map its URL to a local folder with --schema-store (config "schemaStore")`,
  );
  const mapped = await check(cwd, [
    'widget.json',
    '--schema',
    `../${STORE}/widget.json`,
    '--schema-store',
    `https://www.schemastore.org/=../${STORE}`,
    '--workers',
    '0',
  ]);
  assert.equal(mapped.code, 0, mapped.stderr);

  // Mapped, but the store has no such file: as for an entry whose own schema it lacks, the file is
  // only parsed, and the warning names the file expected.
  fs.rmSync(path.join(root, STORE, 'size.json'));
  const gone = await check(cwd, ['widget.json', ...storeArgs(root), '--workers', '0']);
  assert.equal(gone.code, 0, gone.stderr);
  // The root schema's own $ref to the missing file is met first: part.json's is compiled when a document reaches it.
  assert.equal(
    gone.byPath['widget.json'].onlyParsed,
    'a $ref of its schema is not in the store (http://json.schemastore.org/size.json)',
  );
  assert.equal(
    gone.stderr,
    `filecheck: warning: catalog entry "Widget": schema ../${STORE}/widget.json: $ref "http://json.schemastore.org/size.json#/definitions/size" is not in the schema store: no such file (../${STORE}/size.json): the files it matches are not validated against it\n`,
  );
  // Named by a rule, the schema fails its files.
  const named = await check(cwd, [
    'widget.json',
    '-s',
    `../${STORE}/widget.json`,
    ...storeArgs(root),
    '--workers',
    '0',
  ]);
  assert.equal(named.code, 2, named.stderr);
  assert.deepEqual(messages(named.byPath['widget.json']), [
    `error: schema ../${STORE}/widget.json: $ref "http://json.schemastore.org/size.json#/definitions/size" is not in the schema store: no such file (../${STORE}/size.json)`,
  ]);
});

test("a store mapped onto the catalog's own folder: the warning names the file it expected once", async (t) => {
  const cwd = makeTree(t, {
    's/catalog.json': json({
      version: 1,
      schemas: [{ name: 'app', url: 'https://example.com/s/app.json', fileMatch: ['app.json'] }],
    }),
    'app.json': '{}',
  });
  const run = await runCli(['--catalog', 's/catalog.json', '--schema-store', 'https://example.com/s/=s'], { cwd });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(
    run.stderr,
    'filecheck: warning: catalog entry "app" of s/catalog.json has no local copy of https://example.com/s/app.json (expected s/app.json or s/example.com/s/app.json): the files it matches are not validated against it\n',
  );
});

test('with a catalog and neither patterns nor rules, the files some fileMatch names are checked: .gitignore kept, named dot folders entered, other dot folders only for their own files, node_modules never', async (t) => {
  const root = makeTree(t, {
    ...STORE_TREE,
    ...PROJECT_TREE,
    // as SchemaStore's `devcontainer.json` is in `.devcontainer/`
    'project/.devcontainer/widget.json': json({ size: 1 }),
  });
  const cwd = path.join(root, 'project');
  const listed = await runCli(['--list-files', ...storeArgs(root)], { cwd });
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(listed.stdout.split('\n').filter(Boolean), [
    '.devcontainer/widget.json',
    '.github/workflows/bad.yml',
    '.github/workflows/ci.yml',
    'absent.json',
    'bad/b.widget.json',
    'more/absent.json',
    'widget.json',
  ]);

  const inline = await check(cwd, [...storeArgs(root), '--workers', '0']);
  const pooled = await check(cwd, [...storeArgs(root), '--workers', '2']);
  assert.equal(inline.code, 1, inline.stderr);
  assert.deepEqual(comparable(pooled.report), comparable(inline.report));
  assert.deepEqual(
    inline.report.files.filter((file) => file.status === 'fail').map((file) => file.path),
    ['.github/workflows/bad.yml', 'bad/b.widget.json'],
  );
  assert.equal(inline.stderr, MISSING);
  assert.equal(pooled.stderr, MISSING);

  // A config without rules: its catalog and store say what to check, relative to the config file.
  writeTree(cwd, {
    '.filecheckrc.json': json({
      catalog: CATALOG,
      schemaStore: { 'https://json.schemastore.org/': `../${STORE}` },
      rules: [],
    }),
  });
  fs.mkdirSync(path.join(cwd, 'bad/deeper'));
  const fromSub = await runCli(['--list-files'], { cwd: path.join(cwd, 'bad/deeper') });
  assert.equal(fromSub.code, 0, fromSub.stderr);
  assert.deepEqual(fromSub.stdout.split('\n').filter(Boolean), [
    '../../.devcontainer/widget.json',
    '../../.github/workflows/bad.yml',
    '../../.github/workflows/ci.yml',
    '../../absent.json',
    '../../more/absent.json',
    '../../widget.json',
    '../b.widget.json',
  ]);

  // Neither a catalog, nor patterns, nor a config: nothing says what to check.
  fs.rmSync(path.join(cwd, '.filecheckrc.json'));
  const nothing = await runCli([], { cwd });
  assert.equal(nothing.code, 2);
  assert.equal(
    oneLine(nothing.stderr),
    'no files to check: give patterns, a catalog (--catalog), or create .filecheckrc.json (see README)',
  );
});

test('a catalog entry whose url is a JSON Schema meta-schema (SchemaStore\'s "JSON Schema Draft 7") validates against the one ajv has built in', async (t) => {
  const dir = makeTree(t, {
    'catalog.json': json({
      schemas: [
        { name: 'JSON Schema Draft 7', url: 'https://json-schema.org/draft-07/schema', fileMatch: ['*.schema.json'] },
      ],
    }),
    'good.schema.json': json({ type: 'object' }),
    'bad.schema.json': json({ type: 3 }),
  });
  const run = await check(dir, ['--catalog', 'catalog.json', '--workers', '0']);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.stderr, '', 'not warned about as an entry without a local copy');
  assert.equal(run.byPath['good.schema.json'].status, 'pass');
  assert.equal(run.byPath['bad.schema.json'].status, 'fail');
  const listed = await runCli(['--catalog', 'catalog.json', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(
    listed.stdout,
    'bad.schema.json\tjson\tdraft-07 meta-schema (catalog entry "JSON Schema Draft 7")\ngood.schema.json\tjson\tdraft-07 meta-schema (catalog entry "JSON Schema Draft 7")\n',
  );
});

test('--cache: a file whose schema the store gave is checked again when a store file its $refs reached changes; one whose entry has no copy is never a hit', async (t) => {
  const root = makeTree(t, { ...STORE_TREE, ...PROJECT_TREE });
  const cwd = path.join(root, 'project');
  const run = async () => {
    const result = await check(cwd, ['widget.json', 'absent.json', ...storeArgs(root), '--cache', '--workers', '0']);
    return { ...result, cached: result.report.files.filter((file) => file.cached).map((file) => file.path) };
  };
  const cold = await run();
  assert.equal(cold.code, 0, cold.stderr);
  const warm = await run();
  assert.deepEqual(warm.cached, ['widget.json']);
  assert.equal(warm.stderr, MISSING, 'the entry without a copy is warned about on every run');

  writeTree(root, { [`${STORE}/part.json`]: json({ type: 'object', properties: { name: { type: 'number' } } }) });
  const edited = await run();
  assert.deepEqual(edited.cached, []);
  assert.deepEqual(
    messages(edited.byPath['widget.json']),
    ['invalid: must be number'],
    'part.json, reached by $ref on the www. host, was edited',
  );

  writeTree(root, { [`${STORE}/absent.json`]: json({ required: ['present'] }) });
  const arrived = await run();
  assert.deepEqual(
    messages(arrived.byPath['absent.json']),
    ['invalid: must have required property "present"'],
    'validated once its schema is in the store',
  );
  assert.equal(arrived.stderr, '');
});

test('catalog discovery that finds no file exits 2 saying which catalog found nothing; 0 with --pass-with-no-files', async (t) => {
  const dir = makeTree(t, {
    'c.json': json({ version: 1, schemas: [] }),
    'sub/other.json': json({ version: 1, schemas: [{ name: 'x', url: './x.json', fileMatch: ['nothing.json'] }] }),
  });
  const none = await runCli(['--catalog', 'c.json'], { cwd: dir });
  assert.equal(none.code, 2, none.stderr);
  assert.equal(
    oneLine(none.stderr),
    'no files match the fileMatch globs of catalog c.json (use --pass-with-no-files to allow this)',
  );
  const two = await runCli(['--catalog', 'c.json', '--catalog', 'sub/other.json'], { cwd: dir });
  assert.equal(
    oneLine(two.stderr),
    'no files match the fileMatch globs of catalogs c.json, sub/other.json (use --pass-with-no-files to allow this)',
  );
  const allowed = await runCli(['--catalog', 'c.json', '--pass-with-no-files'], { cwd: dir });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(allowed.stderr, '');
});

test("rules and catalog discovery combine: a rule's files are checked with its settings, its schema first; the files no rule matches, by the catalog", async (t) => {
  const root = makeTree(t, {
    ...STORE_TREE,
    ...PROJECT_TREE,
    'project/widget.json': '{\n  // read as JSONC: its rule says so\n  "size": 2,\n}\n',
    'project/lax.json': json({}),
  });
  const cwd = path.join(root, 'project');
  const config = (rules) =>
    writeTree(cwd, {
      '.filecheckrc.json': json({
        catalog: CATALOG,
        schemaStore: { 'https://json.schemastore.org/': `../${STORE}` },
        rules,
      }),
    });
  config([
    { name: 'widgets', files: ['widget.json'], parser: 'jsonc' },
    { name: 'notes', files: ['notes/*.json'], require: ['matched'] },
  ]);
  const listed = await runCli(['--list-files', '--verbose'], { cwd });
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(
    listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t').slice(0, 2).join(' ')),
    [
      '.github/workflows/bad.yml yaml',
      '.github/workflows/ci.yml yaml',
      'absent.json json',
      'bad/b.widget.json json',
      'more/absent.json json',
      'notes/other.json json',
      'widget.json jsonc',
    ],
    "every file the catalog finds, and the rules' own",
  );
  const run = await check(cwd, ['--workers', '0']);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(run.byPath['widget.json'].status, 'pass', "read as its rule says, validated by the catalog's schema");
  assert.deepEqual(
    run.report.files.filter((file) => file.status === 'fail').map((file) => file.path),
    ['.github/workflows/bad.yml', 'bad/b.widget.json'],
  );
  assert.equal(run.report.summary.total, 7);

  // A rule's own schema wins over the catalog's for its files; the others are the catalog's still.
  config([{ name: 'lax widgets', files: ['bad/*.json'], schema: 'lax.json' }]);
  const ruled = await check(cwd, ['--workers', '0']);
  assert.equal(ruled.byPath['bad/b.widget.json'].status, 'pass', ruled.stderr);
  assert.equal(ruled.byPath['.github/workflows/bad.yml'].status, 'fail');
  assert.equal(ruled.report.summary.total, 6);
});

test("a file only a catalog's fileMatch found, whose name is no data format's and whose text is not that format, is skipped, never failed; one that parses is checked", async (t) => {
  const dir = makeTree(t, {
    'catalog.json': json({
      schemas: [{ name: 'JSONPatch', url: './json-patch.json', fileMatch: ['*.patch', 'patch.json'] }],
    }),
    'json-patch.json': json({ type: 'array', items: { type: 'object', required: ['op', 'path'] } }),
    'patches/git.patch': 'diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n',
    'patches/ops.patch': json([{ op: 'add', path: '/a', value: 1 }]),
    'patches/bad-ops.patch': json([{ op: 'add' }]),
    'patch.json': '{ not JSON', // a .json file is JSON: it fails
  });
  const report = await checkBothExecutors(dir, ['--catalog', 'catalog.json']);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  assert.equal(byPath['patches/git.patch'].status, 'skip');
  assert.deepEqual(byPath['patches/git.patch'].problems, []);
  assert.equal(byPath['patches/ops.patch'].status, 'pass', 'a .patch file that is JSON is checked');
  assert.deepEqual(messages(byPath['patches/bad-ops.patch']), ['invalid: must have required property "path"']);
  assert.equal(byPath['patch.json'].status, 'fail');
  assert.deepEqual(
    [report.summary.total, report.summary.passed, report.summary.failed, report.summary.skipped],
    [4, 1, 2, 1],
  );

  // Why, for --verbose: the entry that named it, and what its text is not.
  const config = loadConfig({ patterns: [], catalog: ['catalog.json'] }, { cwd: dir, env: {} });
  const found = discover(config).files.find((file) => file.rel === 'patches/git.patch');
  assert.equal(found.guessedBy, 'catalog entry "JSONPatch"');
  loadParsers([found]);
  const { durationMs, skipReason, ...skipped } = checkFile(found, []);
  assert.deepEqual(skipped, { path: 'patches/git.patch', status: 'skip', problems: [] });
  assert.match(
    skipReason,
    /^catalog entry "JSONPatch" matched its name, but it is not JSON, JSONC or YAML data \(1:1 invalid JSON: .+\)$/,
  );

  // Named on the command line, or a rule's: a file is what the user says it is.
  const named = await runCli(['patches/git.patch', '--catalog', 'catalog.json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
});

test("a file only a catalog's fileMatch found, whose name has no data format's extension, is read as JSON, JSONC or YAML, whichever reads it as data, its problems at its lines; none: skipped", async (t) => {
  const dir = makeTree(t, {
    'catalog.json': json({ schemas: [{ name: 'Prettier', url: './prettier.json', fileMatch: ['.prettierrc'] }] }),
    'prettier.json': json({ type: 'object', properties: { semi: { type: 'boolean' }, tabWidth: { type: 'integer' } } }),
    '.prettierrc': 'semi: maybe\ntabWidth: "x"\n', // Prettier reads .prettierrc as YAML or JSON
    'flow/.prettierrc': '{ semi: false, tabWidth: 2 }\n',
    'json/.prettierrc': '{\n  "semi": "no"\n}\n',
    'jsonc/.prettierrc': '{\n  // a comment\n  "semi": 1,\n}\n',
    'text/.prettierrc': 'just some words\n',
    'empty/.prettierrc': '',
  });
  const report = await checkBothExecutors(dir, ['--catalog', 'catalog.json']);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  const at = (file) => byPath[file].problems.map(({ message, line, column }) => `${line}:${column} ${message}`);
  assert.deepEqual(at('.prettierrc'), ['1:7 must be boolean', '2:11 must be integer']);
  assert.equal(byPath['flow/.prettierrc'].status, 'pass', 'a YAML flow map');
  assert.deepEqual(at('json/.prettierrc'), ['2:11 must be boolean']);
  assert.deepEqual(at('jsonc/.prettierrc'), ['3:11 must be boolean']);
  assert.equal(byPath['text/.prettierrc'].status, 'skip', 'YAML reads any text, as a string: not data');
  assert.equal(byPath['empty/.prettierrc'].status, 'skip');
  assert.deepEqual(
    [report.summary.total, report.summary.passed, report.summary.failed, report.summary.skipped],
    [6, 1, 3, 2],
  );

  // --list-files --verbose says how it is read, and which would be skipped and why.
  const listed = await runCli(['--catalog', 'catalog.json', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  const lines = listed.stdout.trim().split('\n');
  assert.ok(lines.includes('.prettierrc\tjson|jsonc|yaml\tprettier.json (catalog entry "Prettier")'), listed.stdout);
  assert.ok(
    lines.some((line) =>
      /^text\/\.prettierrc\tjson\|jsonc\|yaml\t\(skipped: catalog entry "Prettier" matched its name, but it is not JSON, JSONC or YAML data \(1:1 invalid JSON: .+\)\)$/.test(
        line,
      ),
    ),
    listed.stdout,
  );

  // --parser still decides.
  const yaml = await runCli(['--catalog', 'catalog.json', '--parser', 'json', '-r', 'json'], { cwd: dir });
  assert.equal(parseJsonReport(yaml.stdout).summary.skipped, 5, 'read as JSON only, only json/.prettierrc is');
});

test('a file named with --catalog, whose name has no data format, is read as discovery and --stdin read it; one none of JSON, JSONC and YAML reads fails, being named', async (t) => {
  const dir = makeTree(t, {
    'catalog.json': json({
      schemas: [
        { name: 'Prettier', url: './prettier.json', fileMatch: ['.prettierrc'] },
        { name: 'Stylelint', url: './any.json', fileMatch: ['.stylelintrc'] },
      ],
    }),
    'prettier.json': json({ type: 'object', properties: { semi: { type: 'boolean' } } }),
    'any.json': json({ type: 'object' }),
    'yaml/.prettierrc': 'semi: false\nsingleQuote: true\n',
    'bad/.prettierrc': 'semi: maybe\n',
    'jsonc/.stylelintrc': '{\n  // c\n  "semi": false\n}\n',
    'text/.prettierrc': 'just some words\n',
  });
  const files = ['yaml/.prettierrc', 'bad/.prettierrc', 'jsonc/.stylelintrc', 'text/.prettierrc'];
  const verdicts = ({ files: results }) =>
    Object.fromEntries(
      results.map((file) => [
        file.path,
        [file.status, ...file.problems.map(({ line, column, message }) => `${line}:${column} ${message}`)],
      ]),
    );
  const found = verdicts(await checkBothExecutors(dir, ['--catalog', 'catalog.json']));
  const named = verdicts(await checkBothExecutors(dir, ['--catalog', 'catalog.json', ...files]));
  assert.deepEqual(named['yaml/.prettierrc'], ['pass']);
  assert.deepEqual(named['jsonc/.stylelintrc'], ['pass']);
  assert.deepEqual(named['bad/.prettierrc'], ['fail', '1:7 must be boolean'], 'read as YAML, its problem at its line');
  for (const file of ['yaml/.prettierrc', 'jsonc/.stylelintrc', 'bad/.prettierrc'])
    assert.deepEqual(named[file], found[file], `${file}: the same verdict named as found`);
  // Found by the catalog, a file none reads is not that kind of file; named, it is what the user says.
  assert.equal(found['text/.prettierrc'][0], 'skip');
  assert.equal(named['text/.prettierrc'][0], 'fail');
  assert.match(named['text/.prettierrc'][1], /^1:1 invalid JSON: Unexpected token 'j'/);

  for (const file of ['yaml/.prettierrc', 'jsonc/.stylelintrc']) {
    const stdin = await runCli(['--catalog', 'catalog.json', '--stdin', '--stdin-filename', file], {
      cwd: dir,
      input: fs.readFileSync(path.join(dir, file)),
    });
    assert.equal(stdin.code, 0, `${file}: ${stdin.stdout}${stdin.stderr}`);
  }
  const listed = await runCli(['--catalog', 'catalog.json', '--list-files', '--verbose', 'yaml/.prettierrc'], {
    cwd: dir,
  });
  assert.equal(listed.stdout, 'yaml/.prettierrc\tjson|jsonc|yaml\tprettier.json (catalog entry "Prettier")\n');
});

test("a file failing against a schema a catalog's fileMatch chose names the glob that chose it; the run says once how to leave such files out", async (t) => {
  const object = json({ type: 'object', additionalProperties: { type: 'object' } });
  const dir = makeTree(t, {
    'catalog.json': json({
      schemas: [
        { name: 'browser.i18n.json', url: './i18n.json', fileMatch: ['messages.json'] },
        { name: 'Knowledge Unit', url: './ku.json', fileMatch: ['knowledge-unit.json', 'ku-*.json'] },
        { name: 'Web App Manifest', url: './i18n.json', fileMatch: ['manifest.json'] },
        { name: 'WebExtension', url: './ku.json', fileMatch: ['**/ext/manifest.json'] },
      ],
    }),
    'i18n.json': object,
    'ku.json': json({ type: 'object', required: ['id'] }),
    'strict.json': json({ type: 'object', required: ['id'] }),
    'templates/x/messages.json': json({ title: 'x' }),
    'locales/ku-TR.json': json({ hello: 'silav' }),
    'ext/manifest.json': json({ name: 'x' }),
    'doc/messages.json': json({ $schema: '../strict.json', title: 'x' }),
    'rule/messages.json': json({ title: 'x' }),
    '.filecheckrc.json': json({
      catalog: 'catalog.json',
      schemaFromDocument: true,
      rules: [{ files: ['rule/*.json'], schema: 'strict.json' }],
    }),
  });
  const report = await checkBothExecutors(dir, []);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  const sources = (file) => [
    ...new Set(byPath[file].problems.map(({ schema, fileMatch }) => `${schema} ${fileMatch}`)),
  ];
  assert.deepEqual(sources('templates/x/messages.json'), ['browser.i18n.json messages.json']);
  assert.deepEqual(sources('locales/ku-TR.json'), ['Knowledge Unit ku-*.json']);
  // Two entries match: the first problem names them, and the closest's glob with the others'.
  assert.deepEqual(sources('ext/manifest.json'), ['Web App Manifest manifest.json']);
  // A schema the document or a rule names is no catalog's choice.
  assert.deepEqual(sources('doc/messages.json'), ['strict.json undefined']);
  assert.deepEqual(sources('rule/messages.json'), ['strict.json undefined']);

  const human = await runCli(['--no-code-frame'], { cwd: dir });
  assert.equal(human.code, 1, human.stderr);
  assert.match(
    human.stdout,
    /^ FAIL {2}templates\/x\/messages\.json {2}\(json-schema: browser\.i18n\.json, catalog fileMatch "messages\.json"\)$/m,
  );
  assert.match(
    human.stdout,
    /^ FAIL {2}locales\/ku-TR\.json {2}\(json-schema: Knowledge Unit, catalog fileMatch "ku-\*\.json"\)$/m,
  );
  assert.match(human.stdout, /^ FAIL {2}rule\/messages\.json {2}\(json-schema: strict\.json\)$/m);
  const hints = human.stdout.split('\n').filter((line) => line.includes("a catalog's fileMatch chose"));
  assert.deepEqual(hints, [
    `3 files failed against a schema a catalog's fileMatch chose (the glob is on the FAIL line): if such a file is not of that kind, leave it out with the config's "ignore" (or --ignore).`,
  ]);

  // Left out, they are said no more; nor is the hint, for the failures that are no catalog's choice.
  fs.writeFileSync(
    path.join(dir, '.filecheckrc.json'),
    json({
      catalog: 'catalog.json',
      schemaFromDocument: true,
      ignore: ['templates/**', 'locales/**', 'ext/**'],
      rules: [{ files: ['rule/*.json'], schema: 'strict.json' }],
    }),
  );
  const leftOut = await runCli(['--no-code-frame'], { cwd: dir });
  assert.equal(leftOut.code, 1, leftOut.stderr);
  assert.match(leftOut.stdout, /Files: 2 failed, 0 passed, 2 total/);
  assert.doesNotMatch(leftOut.stdout, /fileMatch/);
});

test('files only parsed (their schemas have no local copy, or no entry matches them) are counted apart, with the --schema-store prefix that would validate them; cold and warm, in both executors', async (t) => {
  const root = makeTree(t, { ...STORE_TREE, ...PROJECT_TREE });
  const cwd = path.join(root, 'project');
  // No store: the Widget, GitHub Workflow and absent entries' schemas are nowhere here.
  const bare = await checkBothExecutors(cwd, ['--catalog', CATALOG], 0);
  assert.equal(bare.summary.passed, 6);
  assert.equal(bare.summary.onlyParsed, 6, 'every file the catalog found: none was validated');
  assert.equal(
    bare.summary.onlyParsedHint,
    'their schemas are not in the store: map their URLs to local copies with --schema-store https://json.schemastore.org/=<folder>',
  );

  // The store has all but absent.json: its two files only; the store maps its URL already, so no hint.
  const stored = await check(cwd, [...storeArgs(root), '--workers', '0']);
  assert.equal(stored.report.summary.onlyParsed, 2, stored.stderr);
  assert.equal(stored.report.summary.onlyParsedHint, undefined);
  for (const args of [['--cache'], ['--cache']]) {
    const cached = await check(cwd, [...storeArgs(root), ...args, '--workers', '0']);
    assert.equal(cached.report.summary.onlyParsed, 2, 'a cached pass never hides it');
  }

  // Named files no entry matches are only parsed too; a file another validator checks is not.
  const named = await check(cwd, ['notes/other.json', 'widget.json', ...storeArgs(root), '--workers', '0']);
  assert.equal(named.report.summary.onlyParsed, 1);
  const required = await check(cwd, ['notes/other.json', '-k', 'matched', ...storeArgs(root), '--workers', '0']);
  assert.equal(required.report.summary.onlyParsed, 0);

  // Why, on the file's result.
  const config = loadConfig({ patterns: ['notes/other.json', 'absent.json'], catalog: [CATALOG] }, { cwd, env: {} });
  const { createRuleCompiler } = await import('../../runner/check/compile-rules.js');
  const compiler = createRuleCompiler(config.rules.concat(config.cliRule), { warn() {}, display: (file) => file });
  const results = [];
  for (const entry of discover(config).files) {
    await compiler.prepare(entry.rules);
    const { durationMs, ...result } = checkFile(entry, compiler.validatorsFor(entry.rules));
    results.push(result);
  }
  assert.deepEqual(results, [
    {
      path: 'absent.json',
      status: 'pass',
      problems: [],
      onlyParsed: 'its schema is not in the store (https://www.schemastore.org/absent.json)',
      storePrefixes: ['https://json.schemastore.org/'],
    },
    { path: 'notes/other.json', status: 'pass', problems: [], onlyParsed: 'no catalog entry matches it' },
  ]);
});

test('files only parsed for different reasons: the hint says how many of them it is about, the summary line and the json report alike', async (t) => {
  // _typos.toml's entry names a schema the store does not map; no entry matches other.toml.
  const cwd = makeTree(t, {
    'catalog.json': json({
      schemas: [
        {
          name: 'typos.toml',
          fileMatch: ['_typos.toml'],
          url: 'https://raw.githubusercontent.com/crate-ci/typos/master/config.schema.json',
        },
      ],
    }),
    'store/placeholder.json': json({}),
    'other.toml': 'a = 1\n',
    '_typos.toml': '[default]\n',
  });
  const args = ['**/*.toml', '--catalog', 'catalog.json', '--schema-store', 'https://json.schemastore.org/=store'];
  const human = await runCli(args, { cwd });
  assert.equal(human.code, 0, human.stderr);
  assert.match(human.stdout, /^Files: 2 passed, 2 of them only parsed, 2 total$/m);
  const line =
    '2 files only parsed, not validated: 1 of them because its schema is not in the store: map its URL to a local copy with --schema-store https://raw.githubusercontent.com/crate-ci/typos/master/=<folder>; the other for another reason (--verbose says why).';
  assert.ok(human.stdout.split('\n').includes(line), human.stdout);
  const { summary } = parseJsonReport((await runCli([...args, '-r', 'json'], { cwd })).stdout);
  assert.equal(`2 files only parsed, not validated: ${summary.onlyParsedHint}.`, line);
  assert.equal(summary.onlyParsedHinted, 1);

  // Both for want of the store: the hint as it always was.
  fs.rmSync(path.join(cwd, 'other.toml'));
  writeTree(cwd, { 'sub/_typos.toml': '[default]\n' });
  const both = await runCli(args, { cwd });
  assert.match(
    both.stdout,
    /^2 files only parsed, not validated: their schemas are not in the store: map their URLs to local copies with --schema-store https:\/\/raw\.githubusercontent\.com\/crate-ci\/typos\/master\/=<folder>\.$/m,
  );
});

test("a catalog's schema whose $ref names a schema of the web that is not here leaves its files only parsed, as an entry without a copy does, however it is compiled; named by a rule, it fails them (exit 2)", async (t) => {
  const cwd = makeTree(t, {
    'schemas/catalog.json': json({
      schemas: [
        // SchemaStore's circleciconfig.json is such a $ref alone.
        { name: 'CircleCI config.yml', url: './circleci.json', fileMatch: ['.circleci/config.yml'] },
        { name: 'Pods', url: './pods.json', fileMatch: ['data/pods.json'] },
        { name: 'Plain', url: './plain.json', fileMatch: ['data/plain.json'] },
      ],
    }),
    'schemas/circleci.json': json({ $ref: 'https://raw.example.com/circleci/schema.json' }),
    'schemas/pods.json': json({
      type: 'object',
      properties: { pod: { $ref: 'https://k8s.example.com/defs.json#/definitions/pod' } },
    }),
    'schemas/plain.json': json({ type: 'object', required: ['name'] }),
    '.circleci/config.yml': 'version: 2.1\n',
    'data/pods.json': json({ pod: {} }),
    'data/plain.json': json({ name: 'validated' }),
  });
  const args = ['--catalog', 'schemas/catalog.json', '-r', 'json', '--verbose'];
  const runs = [];
  for (const strategy of ['eager', 'lazy', 'apart']) {
    const env = { FILECHECK_SCHEMA_COMPILE: strategy };
    for (const more of [['--workers', '0'], ['--workers', '2'], ['--cache'], ['--cache']]) {
      const run = await runCli([...args, ...more], { cwd, env });
      assert.equal(run.code, 0, `${strategy} ${more}: ${run.stderr}`);
      const { files, summary } = parseJsonReport(run.stdout);
      runs.push({ files, onlyParsed: summary.onlyParsed, hint: summary.onlyParsedHint });
      // Each entry warned about once, saying which URL is not here.
      assert.equal(
        run.stderr.match(
          /warning: catalog entry "CircleCI config\.yml": schema schemas\/circleci\.json: \$ref "https:\/\/raw\.example\.com\/circleci\/schema\.json" is not available offline: the files it matches are not validated against it\n/g,
        )?.length,
        1,
        run.stderr,
      );
      assert.match(
        run.stderr,
        /catalog entry "Pods": schema schemas\/pods\.json: \$ref "https:\/\/k8s\.example\.com\/defs\.json#\/definitions\/pod" is not available offline/,
      );
    }
  }
  const [first] = runs;
  assert.equal(first.onlyParsed, 2);
  assert.equal(
    first.hint,
    'their schemas are not in the store: map their URLs to local copies with --schema-store https://k8s.example.com/=<folder>, --schema-store https://raw.example.com/circleci/=<folder>',
  );
  const byPath = Object.fromEntries(first.files.map((file) => [file.path, file]));
  assert.deepEqual(
    [byPath['.circleci/config.yml'], byPath['data/pods.json'], byPath['data/plain.json']].map(
      ({ status, onlyParsed }) => [status, onlyParsed],
    ),
    [
      ['pass', 'a $ref of its schema is not in the store (https://raw.example.com/circleci/schema.json)'],
      ['pass', 'a $ref of its schema is not in the store (https://k8s.example.com/defs.json)'],
      ['pass', undefined],
    ],
  );
  const comparable = ({ files, ...rest }) => ({ ...rest, files: files.map(({ durationMs, cached, ...file }) => file) });
  for (const run of runs.slice(1)) assert.deepEqual(comparable(run), comparable(first));

  // The user chose it: a rule's schema fails its files, kind error, and the run exits 2.
  const named = await runCli(['-s', 'schemas/circleci.json', '.circleci/config.yml', '-r', 'json'], { cwd });
  assert.equal(named.code, 2, named.stderr);
  assert.deepEqual(
    parseJsonReport(named.stdout).files[0].problems.map(({ kind, message }) => [kind, message.slice(0, 88)]),
    [['error', 'schema schemas/circleci.json: $ref "https://raw.example.com/circleci/schema.json" cannot']],
  );
});
