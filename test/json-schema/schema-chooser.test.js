// Which schema validates which file: a document's own `$schema` (--schema-from-document, config
// `schemaFromDocument`), a local catalog in SchemaStore's format (--catalog, config `catalog`), their
// precedence under a rule's own schema, --list-files --verbose, both executors and --cache.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCli, makeTree, writeTree, parseJsonReport, oneLine, checkBothExecutors, REPO } from '../helpers/cli.js';
import { documentSchemaRef } from '../../validators/json-schema/document-schema-ref.js';
import { loadCatalog, localCopies } from '../../validators/json-schema/catalog.js';
import { UsageError } from '../../shared/errors.js';

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

// A schema that wants a string title; its "lax" twin wants nothing.
const TITLED = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' } },
};
const NUMBERED = { type: 'object', required: ['n'], properties: { n: { type: 'number' } } };

/** filecheck -r json --verbose (every file in the report): the report, with the exit code and stderr. */
async function check(dir, args = []) {
  const result = await runCli(['-r', 'json', '--verbose', ...args], { cwd: dir });
  const report = result.stdout ? parseJsonReport(result.stdout) : null;
  const byPath = Object.fromEntries((report?.files ?? []).map((file) => [file.path, file]));
  return { ...result, report, byPath };
}

const messages = (file) => file.problems.map((problem) => `${problem.kind}: ${problem.message}`);

// ── where a document names its schema ───────────────────────────────────────────────────────────

test('documentSchemaRef: the top-level $schema key of any document; the yaml-language-server comment in YAML, before the key', () => {
  assert.deepEqual(documentSchemaRef({ $schema: './s.json', a: 1 }), { ref: './s.json', pointer: '/$schema' });
  assert.deepEqual(
    documentSchemaRef({ $schema: 5 }),
    { ref: 5, pointer: '/$schema' },
    'not a string: the caller says so',
  );
  assert.equal(documentSchemaRef({ nested: { $schema: './s.json' } }), null, 'only at the top level');
  for (const value of [[{ $schema: './s.json' }], 'text', 3, null, undefined])
    assert.equal(documentSchemaRef(value), null);
  assert.equal(documentSchemaRef(Object.create({ $schema: './inherited.json' })), null, 'its own key only');

  const text = 'a: 1\n  # yaml-language-server: $schema=../schemas/x.json  \nb: 2\n';
  assert.deepEqual(documentSchemaRef({ a: 1, b: 2, $schema: 'ignored.json' }, { text, parser: 'yaml' }), {
    ref: '../schemas/x.json',
    line: 2,
    column: 35,
  });
  assert.deepEqual(documentSchemaRef({ $schema: 'k.json' }, { text: '# just a comment\n', parser: 'yaml' }), {
    ref: 'k.json',
    pointer: '/$schema',
  });
  assert.equal(
    documentSchemaRef({}, { text: '# yaml-language-server: $schema=x.json\n', parser: 'json' }),
    null,
    'a comment only YAML reads',
  );
  const stream =
    '# yaml-language-server: $schema=first.json\na: 1\n---\n# yaml-language-server: $schema=second.json\nb: 2\n---\nc: 3\n';
  const second = stream.indexOf('---');
  const third = stream.lastIndexOf('---');
  assert.deepEqual(documentSchemaRef({ a: 1 }, { text: stream, parser: 'yaml', range: [0, second] }), {
    ref: 'first.json',
    line: 1,
    column: 33,
  });
  assert.deepEqual(
    documentSchemaRef({ b: 2 }, { text: stream, parser: 'yaml', range: [second, third] }),
    { ref: 'second.json', line: 4, column: 33 },
    'each document of a stream its own, placed in the file',
  );
  assert.equal(documentSchemaRef({ c: 3 }, { text: stream, parser: 'yaml', range: [third, stream.length] }), null);
  const script =
    'run: |\n  # yaml-language-server: $schema=in-text.json\n# yaml-language-server: $schema=real.json\nk: 1\n';
  assert.deepEqual(
    documentSchemaRef(
      {},
      { text: script, parser: 'yaml', comments: new Set(['yaml-language-server: $schema=real.json']) },
    ),
    { ref: 'real.json', line: 3, column: 33 },
    'a line of a block scalar is text, not a comment',
  );
});

test('YAML: a yaml-language-server line inside a block scalar names no schema', async (t) => {
  const dir = makeTree(t, {
    'schemas/named.json': json({ type: 'object', required: ['name'] }),
    'ci/job.yaml': 'script: |\n  # yaml-language-server: $schema=../schemas/named.json\n  echo hi\nkind: A\n',
    'ci/real.yaml': '# yaml-language-server: $schema=../schemas/named.json\nkind: A\n',
  });
  const { code, byPath, stderr } = await check(dir, ['ci/*', '--schema-from-document']);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['ci/job.yaml'].status, 'pass');
  assert.deepEqual(messages(byPath['ci/real.yaml']), ['invalid: must have required property "name"']);
});

test("documentSchemaRef: TOML's #:schema comment among the comments that open the file (Taplo's), before the $schema key", () => {
  const toml = (text, value = { a: 1 }) => documentSchemaRef(value, { text, parser: 'toml' });
  assert.deepEqual(
    toml('# Cargo manifest\n\n#:schema ../schemas/cargo.json\r\na = 1\n', { a: 1, $schema: 'key.json' }),
    { ref: '../schemas/cargo.json', line: 3, column: 10 },
  );
  assert.deepEqual(
    toml('# generated\r\n\r\n#:schema ./s.json\r\na = 1\r\n'),
    { ref: './s.json', line: 3, column: 10 },
    'CRLF lines, a blank one too',
  );
  assert.equal(toml('a = 1\n#:schema ./s.json\n'), null, 'after the first key it is an ordinary comment');
  assert.equal(toml('# :schema ./s.json\na = 1\n'), null, 'the directive is "#:schema", without a space');
  assert.deepEqual(toml('"$schema" = "./k.json"\n', { $schema: './k.json' }), { ref: './k.json', pointer: '/$schema' });
  assert.equal(
    documentSchemaRef({}, { text: '#:schema ./s.json\n', parser: 'yaml' }),
    null,
    'a comment only TOML reads',
  );
});

test("TOML: a #:schema comment names the file's schema, its problems placed in the file", async (t) => {
  const dir = makeTree(t, {
    'schemas/cargo.json': json({
      type: 'object',
      required: ['package'],
      properties: { package: { type: 'object', properties: { version: { type: 'string' } } } },
    }),
    'crates/ok/Cargo.toml': '#:schema ../../schemas/cargo.json\n[package]\nversion = "1.0.0"\n',
    'crates/bad/Cargo.toml': '# a crate\n#:schema ../../schemas/cargo.json\n\n[package]\nversion = 1\n',
    'crates/missing/Cargo.toml': '#:schema ../../schemas/nope.json\n[package]\n',
  });
  const { code, byPath, stderr } = await check(dir, ['crates/**/*.toml', '--schema-from-document']);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['crates/ok/Cargo.toml'].status, 'pass');
  assert.deepEqual(
    byPath['crates/bad/Cargo.toml'].problems.map(({ kind, message, line, column }) => [kind, message, line, column]),
    [['invalid', 'must be string', 5, 11]],
  );
  assert.deepEqual(
    byPath['crates/missing/Cargo.toml'].problems.map(({ kind, line, column }) => [kind, line, column]),
    [['error', 1, 10]],
    'placed on the comment',
  );
  assert.match(byPath['crates/missing/Cargo.toml'].problems[0].message, /no such schema file \(schemas\/nope\.json\)/);
});

test('a document names its schema with $schema, a path relative to the document (--schema-from-document, or "schemaFromDocument" in the config)', async (t) => {
  const dir = makeTree(t, {
    'schemas/titled.json': json(TITLED),
    'content/deep/ok.json': json({ $schema: '../../schemas/titled.json', title: 'T' }),
    'content/deep/bad.json': json({ $schema: '../../schemas/titled.json', title: 3 }),
    'content/encoded.json': json({ $schema: '../schemas/titled%2Ejson', title: 'T' }),
    'content/none.json': json({ anything: true }),
  });
  writeTree(dir, {
    'content/file-url.json': json({ $schema: new URL(`file://${path.join(dir, 'schemas/titled.json')}`).href }),
  });

  const flag = await check(dir, ['content', '--schema-from-document']);
  assert.equal(flag.code, 1, flag.stderr);
  assert.equal(flag.stderr, '');
  assert.deepEqual(flag.byPath['content/deep/bad.json'].problems, [
    {
      validator: 'json-schema',
      keyword: 'type',
      message: 'must be string',
      pointer: '/title',
      line: 3,
      column: 12,
      kind: 'invalid',
      schema: 'schemas/titled.json',
    },
  ]);
  for (const passing of ['content/deep/ok.json', 'content/encoded.json', 'content/none.json'])
    assert.equal(flag.byPath[passing].status, 'pass', passing);
  assert.deepEqual(messages(flag.byPath['content/file-url.json']), ['invalid: must have required property "title"']);

  const without = await check(dir, ['content']);
  assert.equal(without.code, 0, 'without the flag $schema is just a key');

  writeTree(dir, {
    '.filecheckrc.json': json({ schemaFromDocument: true, rules: [{ name: 'content', files: ['content/**/*.json'] }] }),
  });
  const config = await check(dir);
  assert.deepEqual(config.report.files, flag.report.files);
  const off = await check(dir, ['--no-schema-from-document']);
  assert.equal(off.code, 0, '--no-schema-from-document overrides the config');

  writeTree(dir, {
    '.filecheckrc.json': json({
      schemaFromDocument: true,
      rules: [{ files: ['content/**/*.json'], schemaFromDocument: false }],
    }),
  });
  assert.equal((await check(dir)).code, 0, "a rule's own schemaFromDocument overrides the top level");
});

test('YAML: each document of a stream names its schema with a yaml-language-server comment (before the key) or a $schema key', async (t) => {
  const dir = makeTree(t, {
    'schemas/deploy.json': json({ type: 'object', required: ['kind'], properties: { kind: { const: 'Deployment' } } }),
    'schemas/service.json': json({
      type: 'object',
      properties: { kind: { const: 'Service' }, port: { type: 'integer' } },
    }),
    'k8s/app.yaml': [
      '# yaml-language-server: $schema=../schemas/deploy.json',
      'kind: Deployment',
      '---',
      '# yaml-language-server: $schema=../schemas/service.json',
      '$schema: ../schemas/deploy.json',
      'kind: Service',
      'port: eighty',
      '---',
      '$schema: ../schemas/deploy.json',
      'kind: Pod',
      '---',
      'kind: anything, no schema',
      '',
    ].join('\n'),
    'k8s/remote.yml': '# yaml-language-server: $schema=https://example.com/x.json\na: 1\n',
  });
  const { code, byPath, stderr } = await check(dir, ['k8s/*', '--schema-from-document']);
  assert.equal(code, 1, stderr);
  assert.deepEqual(
    byPath['k8s/app.yaml'].problems.map(({ message, line, column, document }) => [message, line, column, document]),
    [
      ['document 2: must be integer', 7, 7, 2],
      ['document 3: must be equal to "Deployment"', 10, 7, 3],
    ],
  );
  assert.deepEqual(
    byPath['k8s/remote.yml'].problems.map(({ kind, line, column }) => [kind, line, column]),
    [['error', 1, 33]],
    'placed on the comment',
  );

  const listed = await runCli(['k8s/*', '--schema-from-document', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(
    listed.stdout.split('\n')[0],
    'k8s/app.yaml\tyaml\tschemas/deploy.json ($schema "../schemas/deploy.json"); schemas/service.json ($schema "../schemas/service.json")',
  );
  writeTree(dir, {
    'k8s/app.yaml':
      '# yaml-language-server: $schema=../schemas/deploy.json\nkind: Deployment\n---\nbroken: [\n---\n$schema: ../schemas/service.json\n',
  });
  const partly = await runCli(['k8s/app.yaml', '--schema-from-document', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(
    partly.stdout,
    'k8s/app.yaml\tyaml\tschemas/deploy.json ($schema "../schemas/deploy.json"); schemas/service.json ($schema "../schemas/service.json")\n',
    "a document that does not parse leaves the others' schemas known",
  );
});

test('a $schema naming a meta-schema validates the document as a schema, against the meta-schema ajv has built in (offline)', async (t) => {
  const dir = makeTree(t, {
    'schemas/ok.schema.json': json({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'string' } },
    }),
    'schemas/bad.schema.json': json({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      properties: { a: { type: 'text' } },
    }),
    'schemas/bad-04.schema.json': json({ $schema: 'http://json-schema.org/draft-04/schema#', required: [] }),
    'schemas/ok-2020.schema.json': json({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { x: { type: 'string' } },
    }),
    'schemas/bad-2020.schema.json': json({ $schema: 'https://json-schema.org/draft/2020-12/schema', minLength: -1 }),
    'schemas/hyper.schema.json': json({ $schema: 'http://json-schema.org/draft-07/hyper-schema#' }),
  });
  const { code, byPath, stderr } = await check(dir, ['schemas', '--schema-from-document']);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['schemas/ok.schema.json'].status, 'pass');
  assert.equal(byPath['schemas/ok-2020.schema.json'].status, 'pass');
  const [typeProblem] = byPath['schemas/bad.schema.json'].problems;
  assert.deepEqual(
    { pointer: typeProblem.pointer, line: typeProblem.line, kind: typeProblem.kind },
    { pointer: '/properties/a/type', line: 6, kind: 'invalid' },
  );
  assert.deepEqual(messages(byPath['schemas/bad-04.schema.json']), ['invalid: must NOT have fewer than 1 items']);
  assert.deepEqual(messages(byPath['schemas/bad-2020.schema.json']), ['invalid: must be >= 0']);
  assert.deepEqual(messages(byPath['schemas/hyper.schema.json']), [
    'error: $schema "http://json-schema.org/draft-07/hyper-schema#" is not available offline: a run fetches no schema; pull it once (filecheck schemas pull, with the same options), map the URL to a local file in a catalog (--catalog) or a schema store (--schema-store), or preload a schema with that $id (--ref)',
  ]);
});

test('a remote $schema is never fetched: the file fails with kind error, unless --ref (its $id) or a catalog entry maps it to a local file', async (t) => {
  const dir = makeTree(t, {
    'schemas/titled.json': json({ ...TITLED, $id: 'https://example.com/schemas/titled.json' }),
    'mirror/catalog.json': json({
      schemas: [{ name: 'Numbered', url: 'https://schemas.example.org/numbered.json', fileMatch: [] }],
    }),
    'mirror/numbered.json': json(NUMBERED),
    'data/titled.json': json({ $schema: 'https://example.com/schemas/titled.json', title: 1 }),
    'data/numbered.json': json({ $schema: 'http://schemas.example.org/numbered.json#', n: 'one' }),
  });
  const offline = await check(dir, ['data', '--schema-from-document']);
  assert.equal(offline.code, 1, offline.stderr);
  assert.deepEqual(offline.byPath['data/titled.json'].problems, [
    {
      validator: 'json-schema',
      message:
        '$schema "https://example.com/schemas/titled.json" is not available offline: a run fetches no schema; pull it once (filecheck schemas pull, with the same options), map the URL to a local file in a catalog (--catalog) or a schema store (--schema-store), or preload a schema with that $id (--ref)',
      pointer: '/$schema',
      line: 2,
      column: 14,
      kind: 'error',
    },
  ]);

  const mapped = await check(dir, [
    'data',
    '--schema-from-document',
    '--ref',
    'schemas/titled.json',
    '--catalog',
    'mirror/catalog.json',
  ]);
  assert.equal(mapped.code, 1, mapped.stderr);
  assert.deepEqual(
    messages(mapped.byPath['data/titled.json']),
    ['invalid: must be string'],
    'its $id, preloaded with --ref',
  );
  assert.deepEqual(
    messages(mapped.byPath['data/numbered.json']),
    ['invalid: must be number'],
    'a catalog url, http or https, with or without "#"',
  );
});

test('a $schema that cannot be used fails its file with one clear line, and the run goes on (exit 1, not 2)', async (t) => {
  const outside = makeTree(t, { 'secret.json': json({ type: 'string' }) });
  const dir = makeTree(t, {
    'schemas/broken.json': '{ "type": ',
    'schemas/bad-ref.json': json({ $ref: 'https://example.com/elsewhere.json' }),
    'data/missing.json': json({ $schema: './nowhere.json' }),
    'data/link.json': json({ $schema: '../schemas/link.json' }),
    'data/broken.json': json({ $schema: '../schemas/broken.json' }),
    'data/broken-too.json': json({ $schema: '../schemas/broken.json' }),
    'data/bad-ref.json': json({ $schema: '../schemas/bad-ref.json' }),
    'data/number.json': json({ $schema: 5 }),
    'data/empty.json': json({ $schema: '' }),
    'data/fine.json': json({ fine: true }),
  });
  writeTree(dir, {
    'data/outside.json': json({ $schema: path.relative(path.join(dir, 'data'), path.join(outside, 'secret.json')) }),
  });
  fs.symlinkSync(path.join(outside, 'secret.json'), path.join(dir, 'schemas/link.json'));
  const { code, byPath, stderr } = await check(dir, ['data', '--schema-from-document']);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['data/fine.json'].status, 'pass');
  assert.deepEqual(messages(byPath['data/missing.json']), [
    'error: $schema "./nowhere.json": no such schema file (data/nowhere.json)',
  ]);
  assert.match(
    messages(byPath['data/outside.json'])[0],
    /^error: \$schema "[^"]+secret\.json" is outside the project \(.+secret\.json\); not read$/,
  );
  assert.deepEqual(messages(byPath['data/link.json']), [
    `error: $schema "../schemas/link.json" is a symbolic link out of the project (to ${path.join(outside, 'secret.json')}); not followed`,
  ]);
  assert.match(
    messages(byPath['data/broken.json'])[0],
    /^error: \$schema "\.\.\/schemas\/broken\.json": schema schemas\/broken\.json:\d+:\d+ is not valid JSON: /,
  );
  assert.deepEqual(
    [byPath['data/broken.json'].problems[0].line, byPath['data/broken.json'].problems[0].column],
    [2, 14],
    'placed on the $schema that names it',
  );
  assert.deepEqual(messages(byPath['data/broken-too.json']), messages(byPath['data/broken.json']));
  assert.deepEqual(messages(byPath['data/bad-ref.json']), [
    'error: $schema "../schemas/bad-ref.json": schema schemas/bad-ref.json: $ref "https://example.com/elsewhere.json" cannot be resolved offline; pull it once (filecheck schemas pull, with the same options), preload the schema it names with --ref or the rule\'s "refs", or map its URL to a local folder with --schema-store (config "schemaStore")',
  ]);
  assert.deepEqual(messages(byPath['data/number.json']), [
    'invalid: $schema must name a schema (a path or URL), not a number',
  ]);
  assert.deepEqual(messages(byPath['data/empty.json']), [
    'invalid: $schema must name a schema (a path or URL), not an empty string',
  ]);
  assert.equal(byPath['data/number.json'].problems[0].line, 2, 'placed on the $schema value');
});

// ── catalogs ────────────────────────────────────────────────────────────────────────────────────

/** Writes a catalog with these entries into a fresh tree and loads it. */
function catalogOf(t, schemas, files = {}) {
  const dir = makeTree(t, {
    'catalog.json': json({ $schema: 'https://json.schemastore.org/schema-catalog.json', version: 1, schemas }),
    ...files,
  });
  return { dir, catalog: loadCatalog(path.join(dir, 'catalog.json')) };
}

test('catalog fileMatch, as SchemaStore and VS Code read it: a plain name anywhere, a glob with slashes at the end of the path, the last matching glob decides', (t) => {
  const { dir, catalog } = catalogOf(t, [
    { name: 'npm', url: 'https://json.schemastore.org/package.json', fileMatch: ['package.json'] },
    {
      name: 'workflows',
      url: 'https://json.schemastore.org/github-workflow.json',
      fileMatch: ['.github/workflows/*.json', '/anchored/*.json'],
    },
    { name: 'configs', url: './local/config.json', fileMatch: ['*.config.json', '!legacy.config.json', '!old/**'] },
    { name: 'reinclude', url: './local/r.json', fileMatch: ['!special.json', '*.json'] },
    {
      name: 'tsconfig',
      url: 'https://json.schemastore.org/tsconfig.json',
      fileMatch: ['tsconfig.json', 'tsconfig.*.json'],
    },
    { name: 'no globs', url: 'https://example.com/unmatched.json' },
  ]);
  const names = (rel) =>
    catalog
      .match(path.join(dir, rel), dir)
      .map((entry) => entry.name)
      .filter((name) => name !== 'reinclude');
  assert.deepEqual(names('package.json'), ['npm']);
  assert.deepEqual(names('packages/a/package.json'), ['npm'], 'a plain name matches in any folder');
  assert.deepEqual(names('packages/a/package.json.bak'), []);
  assert.deepEqual(names('.github/workflows/ci.json'), ['workflows'], 'dot folders match');
  assert.deepEqual(
    names('sub/.github/workflows/ci.json'),
    ['workflows'],
    'a glob with a slash matches the end of the path',
  );
  assert.deepEqual(names('.github/workflows/deep/ci.json'), []);
  assert.deepEqual(names('x/anchored/a.json'), ['workflows'], 'a leading slash is dropped, as VS Code does');
  assert.deepEqual(names('app.config.json'), ['configs']);
  assert.deepEqual(names('legacy.config.json'), [], 'excluded by a later "!" glob');
  assert.deepEqual(names('old/app.config.json'), []);
  assert.deepEqual(names('tsconfig.build.json'), ['tsconfig']);
  assert.deepEqual(
    catalog.match(path.join(dir, 'special.json'), dir).map((entry) => entry.name),
    ['reinclude'],
    'a later include wins over an earlier "!"',
  );
  assert.deepEqual(
    catalog.match(path.join(dir, 'package.json'), dir).map((entry) => entry.name),
    ['npm', 'reinclude'],
    'every matching entry, in catalog order',
  );
  assert.deepEqual(
    catalog.match(path.join(dir, 'package.json'), path.join(dir, 'sub')).map((entry) => entry.name),
    ['npm', 'reinclude'],
    'a file outside the base: its whole path',
  );

  assert.deepEqual(
    localCopies(catalog.match(path.join(dir, 'app.config.json'), dir)[0], [catalog]).files,
    [path.join(dir, 'local/config.json')],
    "a relative url: from the catalog's folder",
  );
  assert.equal(
    catalog.byUrl('http://json.schemastore.org/tsconfig.json#').name,
    'tsconfig',
    'urls match http or https, with or without an empty fragment',
  );
  assert.equal(catalog.byUrl('https://json.schemastore.org/other.json'), undefined);
});

test("a remote url's local copy: <host>/<path> beside the catalog, as filecheck schemas pull lays out its store; the file of its name only when no other url of the catalogs in that folder has that name", (t) => {
  const { dir, catalog } = catalogOf(t, [
    { name: 'npm', url: 'https://www.schemastore.org/package.json', fileMatch: ['package.json'] },
    { name: 'npm again', url: 'http://json.schemastore.org/package.json#' }, // the same URL, spelt otherwise
    { name: 'Turborepo', url: 'https://turbo.build/schema.json', fileMatch: ['turbo.json'] },
    { name: 'Biome', url: 'https://biomejs.dev/schemas/1.9.4/schema.json', fileMatch: ['biome.json'] },
    {
      name: 'xunit',
      url: 'https://xunit.net/schema/current/xunit.runner.schema.json',
      versions: { 2.3: 'https://xunit.net/schema/v2.3/xunit.runner.schema.json' },
      fileMatch: ['xunit.runner.json'],
    },
    { name: 'port', url: 'https://example.com:8080/a%20b/tool.json', fileMatch: ['tool.json'] },
  ]);
  const copies = (name, catalogs = [catalog]) => {
    const { files, ambiguous } = localCopies(catalog.match(path.join(dir, name), dir)[0], catalogs);
    return { files: files.map((file) => path.relative(dir, file)), ...(ambiguous && { ambiguous }) };
  };
  assert.deepEqual(copies('package.json'), {
    files: ['json.schemastore.org/package.json', 'package.json'],
  });
  assert.deepEqual(copies('turbo.json'), { files: ['turbo.build/schema.json'], ambiguous: 2 });
  assert.deepEqual(copies('biome.json'), { files: ['biomejs.dev/schemas/1.9.4/schema.json'], ambiguous: 2 });
  assert.deepEqual(
    copies('xunit.runner.json'),
    { files: ['xunit.net/schema/current/xunit.runner.schema.json'], ambiguous: 2 },
    "an entry's versions are urls of the catalog too",
  );
  assert.deepEqual(copies('tool.json'), { files: ['example.com_8080/a b/tool.json', 'tool.json'] });

  // Another catalog in the same folder with another package.json: neither is the file of that name.
  const other = path.join(dir, 'other.json');
  fs.writeFileSync(other, json({ schemas: [{ name: 'pkg', url: 'https://example.com/package.json' }] }));
  assert.deepEqual(copies('package.json', [catalog, loadCatalog(other)]), {
    files: ['json.schemastore.org/package.json'],
    ambiguous: 2,
  });
  // In a folder of its own, it names its own files.
  fs.mkdirSync(path.join(dir, 'elsewhere'));
  fs.renameSync(other, path.join(dir, 'elsewhere/other.json'));
  assert.deepEqual(copies('package.json', [catalog, loadCatalog(path.join(dir, 'elsewhere/other.json'))]), {
    files: ['json.schemastore.org/package.json', 'package.json'],
  });
});

test("a mirror of catalog.json and the schemas it uses never gives a file the schema of another url with the same file name: that entry's files are only parsed, the warning naming the file expected", async (t) => {
  const dir = makeTree(t, {
    'mirror/catalog.json': json({
      schemas: [
        { name: 'Turborepo', url: 'https://turbo.build/schema.json', fileMatch: ['turbo.json'] },
        { name: 'Biome', url: 'https://biomejs.dev/schemas/1.9.4/schema.json', fileMatch: ['biome.json'] },
        { name: 'npm', url: 'https://json.schemastore.org/package.json', fileMatch: ['package.json'] },
      ],
    }),
    'mirror/schema.json': json({ type: 'object', required: ['tasks'] }),
    'mirror/package.json': json({ type: 'object', required: ['name'] }),
    'project/turbo.json': json({ tasks: { build: {} } }),
    'project/biome.json': json({ formatter: { enabled: true } }),
    'project/package.json': json({ version: '1.0.0' }),
  });
  const first = await check(dir, ['project', '--catalog', 'mirror/catalog.json']);
  assert.equal(first.code, 1, first.stderr);
  assert.equal(
    first.byPath['project/turbo.json'].onlyParsed,
    'its schema is not in the store (https://turbo.build/schema.json)',
  );
  assert.equal(first.byPath['project/biome.json'].status, 'pass', 'not failed against the other schema.json');
  assert.ok(first.byPath['project/biome.json'].onlyParsed);
  assert.deepEqual(
    messages(first.byPath['project/package.json']),
    ['invalid: must have required property "name"'],
    'a name no other url has: the file of that name',
  );
  assert.deepEqual(first.stderr.split('\n').filter(Boolean).sort(), [
    'filecheck: warning: catalog entry "Biome" of mirror/catalog.json has no local copy of https://biomejs.dev/schemas/1.9.4/schema.json (expected mirror/biomejs.dev/schemas/1.9.4/schema.json; mirror/schema.json is not read for it: 2 URLs of the catalogs end in schema.json): the files it matches are not validated against it',
    'filecheck: warning: catalog entry "Turborepo" of mirror/catalog.json has no local copy of https://turbo.build/schema.json (expected mirror/turbo.build/schema.json; mirror/schema.json is not read for it: 2 URLs of the catalogs end in schema.json): the files it matches are not validated against it',
  ]);

  writeTree(dir, { 'mirror/turbo.build/schema.json': json({ type: 'object', required: ['tasks'] }) });
  const second = await check(dir, ['project', '--catalog', 'mirror/catalog.json']);
  assert.equal(second.byPath['project/turbo.json'].status, 'pass');
  assert.equal(
    second.byPath['project/turbo.json'].onlyParsed,
    undefined,
    'validated against mirror/turbo.build/schema.json',
  );
  assert.ok(second.byPath['project/biome.json'].onlyParsed);
});

test('catalog fileMatch: the literal text of a glob, tested before its regex, never keeps a path it matches from matching', (t) => {
  const { dir, catalog } = catalogOf(t, [
    { name: 'no folder', url: 'a.json', fileMatch: ['src/**/x.json'] },
    { name: 'braces', url: 'b.json', fileMatch: ['.config/{app,lib}/*.yml'] },
    { name: 'extglob', url: 'c.json', fileMatch: ['@(foo|bar).settings.json'] },
    { name: 'class', url: 'd.json', fileMatch: ['conf[0-9]/*.json'] },
    { name: 'question', url: 'e.json', fileMatch: ['v?/*.schema.yaml'] },
    // A glob with a literal end and, after it, one without: each matches its own files.
    { name: 'mixed', url: 'f.json', fileMatch: ['deploy.json', 'deploy/*.{json,yaml}'] },
  ]);
  const names = (rel) => catalog.match(path.join(dir, rel), dir).map((entry) => entry.name);
  assert.deepEqual(names('src/x.json'), ['no folder'], '`**/` may stand for no folder');
  assert.deepEqual(names('src/a/b/x.json'), ['no folder']);
  assert.deepEqual(names('lib/x.json'), []);
  assert.deepEqual(names('.config/lib/ci.yml'), ['braces']);
  assert.deepEqual(names('.config/other/ci.yml'), []);
  assert.deepEqual(names('bar.settings.json'), ['extglob']);
  assert.deepEqual(names('baz.settings.json'), []);
  assert.deepEqual(names('conf7/a.json'), ['class']);
  assert.deepEqual(names('v2/a.schema.yaml'), ['question']);
  assert.deepEqual(names('v22/a.schema.yaml'), []);
  assert.deepEqual(names('deploy.json'), ['mixed']);
  assert.deepEqual(names('deploy/prod.yaml'), ['mixed'], 'the glob without a literal end, after one with it');
});

test('a catalog that cannot be used is a usage error naming the catalog', (t) => {
  const dir = makeTree(t, {
    'not-json.json': '{',
    'no-schemas.json': json({ version: 1 }),
    'no-url.json': json({ schemas: [{ name: 'x', fileMatch: ['a'] }] }),
    'bad-globs.json': json({ schemas: [{ url: 'a.json', fileMatch: 'a.json' }] }),
  });
  const failure = (name) => {
    try {
      loadCatalog(path.join(dir, name), (file) => path.relative(dir, file));
    } catch (error) {
      assert.ok(error instanceof UsageError, error.stack);
      return error.message;
    }
    assert.fail('no error');
  };
  assert.equal(failure('missing.json'), 'cannot read catalog missing.json: no such file');
  assert.equal(failure('not-json.json'), "catalog not-json.json:1:2 is not valid JSON: Expected property name or '}'");
  assert.equal(failure('no-schemas.json'), 'catalog no-schemas.json is not a schema catalog: it has no "schemas" list');
  assert.equal(failure('no-url.json'), 'catalog no-url.json: schemas[0] has no "url"');
  assert.equal(failure('bad-globs.json'), 'catalog bad-globs.json: schemas[0]: "fileMatch" must be a list of globs');
});

const CATALOG_TREE = {
  'schemas/catalog.json': json({
    $schema: 'https://json.schemastore.org/schema-catalog.json',
    version: 1,
    schemas: [
      {
        name: 'Titled documents',
        url: 'https://json.schemastore.org/titled.json',
        fileMatch: ['*.doc.json', '!draft.doc.json'],
      },
      { name: 'Numbered', url: 'numbered.json', fileMatch: ['numbers/*.json'] },
      { name: 'Not mirrored', url: 'https://json.schemastore.org/absent.json', fileMatch: ['absent.json'] },
    ],
  }),
  'schemas/titled.json': json(TITLED),
  'schemas/numbered.json': json(NUMBERED),
  'data/a.doc.json': json({ title: 'A' }),
  'data/sub/b.doc.json': json({ title: 2 }),
  'data/draft.doc.json': json({}),
  'data/numbers/n.json': json({ n: 'x' }),
  'data/absent.json': json({}),
  'data/other.json': json({}),
};

test('a catalog (--catalog, "catalog") gives files whose rules name no schema the schemas of the entries that match them, from local copies', async (t) => {
  const dir = makeTree(t, CATALOG_TREE);
  const { code, byPath, stderr } = await check(dir, ['data', '--catalog', 'schemas/catalog.json']);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['data/a.doc.json'].status, 'pass');
  assert.deepEqual(messages(byPath['data/sub/b.doc.json']), ['invalid: must be string']);
  assert.equal(byPath['data/draft.doc.json'].status, 'pass', 'excluded by "!draft.doc.json"');
  assert.deepEqual(messages(byPath['data/numbers/n.json']), ['invalid: must be number']);
  // An entry without a local copy is warned about, and its files are not failed for it.
  assert.equal(byPath['data/absent.json'].status, 'pass', 'its entry has no local copy: warned about, not failed');
  assert.match(
    stderr,
    /warning: catalog entry "Not mirrored" of schemas\/catalog\.json has no local copy of https:\/\/json\.schemastore\.org\/absent\.json \(expected schemas\/json\.schemastore\.org\/absent\.json or schemas\/absent\.json\): the files it matches are not validated against it\n/,
  );
  assert.equal(byPath['data/other.json'].status, 'pass', 'matched by no entry: it must only parse');

  writeTree(dir, {
    '.filecheckrc.json': json({ catalog: 'schemas/catalog.json', rules: [{ files: ['data/**/*.json'] }] }),
  });
  const config = await check(dir);
  assert.deepEqual(config.report.files, (await check(dir, ['data', '--catalog', 'schemas/catalog.json'])).report.files);

  for (const workers of ['0', '2']) {
    const broken = await runCli(['data', '--catalog', 'schemas/nope.json', '--workers', workers], { cwd: dir });
    assert.equal(broken.code, 2, `--workers ${workers}`);
    assert.equal(oneLine(broken.stderr), 'cannot read catalog schemas/nope.json: no such file');
  }
});

test("the config's top-level ajv is every rule's, a rule's own keys first, and that of the schemas a catalog chooses in a run without rules", async (t) => {
  const dir = makeTree(t, {
    'catalog.json': json({ schemas: [{ name: 'Typed', url: './typed.json', fileMatch: ['*.typed.json'] }] }),
    'typed.json': json({ type: 'object', 'ui:widget': 'x', required: ['a'] }),
    'a.typed.json': json({ a: 1 }),
  });
  const warning =
    'filecheck: warning: schema typed.json: unknown keyword "ui:widget" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)\n';
  const bare = await runCli(['--catalog', 'catalog.json'], { cwd: dir });
  assert.equal(bare.code, 0, bare.stderr);
  assert.equal(bare.stderr, warning);

  const quiet = { catalog: 'catalog.json', ajv: { keywords: ['ui:widget'] } };
  for (const rules of [[], [{ files: ['*.typed.json'] }], [{ files: ['*.typed.json'], ajv: { allErrors: true } }]]) {
    writeTree(dir, { '.filecheckrc.json': json({ ...quiet, rules }) });
    const run = await runCli([], { cwd: dir });
    assert.equal(run.code, 0, `${JSON.stringify(rules)}: ${run.stderr}`);
    assert.equal(run.stderr, '', JSON.stringify(rules));
  }
  // A rule's own key replaces the top level's.
  writeTree(dir, {
    '.filecheckrc.json': json({ ...quiet, rules: [{ files: ['*.typed.json'], ajv: { keywords: [] } }] }),
  });
  assert.equal((await runCli([], { cwd: dir })).stderr, warning);
  // strict: true at the top level makes the catalog's schema one that cannot be used.
  writeTree(dir, { '.filecheckrc.json': json({ catalog: 'catalog.json', ajv: { strict: true }, rules: [] }) });
  const strict = await check(dir);
  assert.equal(strict.code, 1, strict.stderr);
  assert.match(
    messages(strict.byPath['a.typed.json'])[0],
    /^error: catalog entry "Typed": schema typed.json is invalid: strict mode: unknown keyword: "ui:widget"/,
  );
});

test("several catalog entries match one file: it passes when valid against one of them; when against none, one problem names each and the closest one's problems follow", async (t) => {
  const WEB_APP = {
    type: 'object',
    properties: { name: { type: 'string' }, display: { enum: ['standalone', 'browser'] } },
  };
  const EXTENSION = {
    type: 'object',
    required: ['manifest_version', 'version'],
    properties: { manifest_version: { type: 'integer' }, name: { type: 'string' } },
  };
  const dir = makeTree(t, {
    'catalog.json': json({
      schemas: [
        { name: 'WebExtensions', url: './extension.json', fileMatch: ['manifest.json'] },
        { name: 'Web App Manifest', url: './web-app.json', fileMatch: ['manifest.json', '*.webmanifest'] },
      ],
    }),
    'extension.json': json(EXTENSION),
    'web-app.json': json(WEB_APP),
    'strict.json': json({ type: 'object', required: ['strict'] }),
    'app/public/manifest.json': json({ name: 'App', display: 'standalone' }), // a web app's
    'ext/manifest.json': json({ manifest_version: 3, version: '1', name: 'Ext' }), // an extension's
    'bad/manifest.json': json({ name: 'App', display: 'bogus' }), // neither: closest to a web app's
    'ruled/manifest.json': json({ name: 'App' }),
    'named/manifest.json': json({ $schema: '../strict.json', name: 'App' }),
  });
  const report = await checkBothExecutors(dir, ['--catalog', 'catalog.json', 'app', 'ext', 'bad']);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  assert.equal(byPath['app/public/manifest.json'].status, 'pass', 'valid against the Web App Manifest');
  assert.equal(byPath['ext/manifest.json'].status, 'pass', 'valid against WebExtensions');
  assert.deepEqual(
    byPath['bad/manifest.json'].problems.map(({ message, pointer, schema }) => [schema, pointer, message]),
    [
      [
        'Web App Manifest',
        '',
        'valid against none of the 2 catalog entries whose fileMatch matches it ("WebExtensions", "Web App Manifest"); the closest is "Web App Manifest", whose problems follow',
      ],
      ['Web App Manifest', '/display', 'must be one of "standalone", "browser"'],
    ],
  );

  // A rule's own schema, and the schema a document names, win over the catalog's candidates.
  writeTree(dir, {
    '.filecheckrc.json': json({
      catalog: 'catalog.json',
      schemaFromDocument: true,
      rules: [{ files: ['ruled/*.json'], schema: 'strict.json' }, { files: ['named/*.json'] }],
    }),
  });
  const { byPath: chosen } = await check(dir, ['ruled', 'named']);
  for (const file of ['ruled/manifest.json', 'named/manifest.json'])
    assert.deepEqual(messages(chosen[file]), ['invalid: must have required property "strict"'], file);
  assert.equal(chosen['ruled/manifest.json'].problems[0].schema, 'strict.json');
});

test('a $schema that is the $id of two different --ref files fails that file naming both; identical copies are one', async (t) => {
  const dir = makeTree(t, {
    'v1/titled.json': json({ ...TITLED, $id: 'https://example.com/titled.json' }),
    'v2/titled.json': json({ ...NUMBERED, $id: 'https://example.com/titled.json' }),
    'copy/titled.json': json({ ...TITLED, $id: 'https://example.com/titled.json' }),
    'data/a.json': json({ $schema: 'https://example.com/titled.json', title: 1 }),
  });
  const ambiguous = await check(dir, [
    'data',
    '--schema-from-document',
    '--ref',
    'v1/titled.json',
    '--ref',
    'v2/titled.json',
  ]);
  assert.equal(ambiguous.code, 1, ambiguous.stderr);
  assert.deepEqual(messages(ambiguous.byPath['data/a.json']), [
    'error: $schema "https://example.com/titled.json" is the $id of both v1/titled.json and v2/titled.json; keep one of them in the refs',
  ]);
  const copies = await check(dir, [
    'data',
    '--schema-from-document',
    '--ref',
    'v1/titled.json',
    '--ref',
    'copy/titled.json',
  ]);
  assert.deepEqual(messages(copies.byPath['data/a.json']), ['invalid: must be string']);
});

test("a mirrored SchemaStore schema finds the SchemaStore schemas it $refs in the mirror's folder", async (t) => {
  const dir = makeTree(t, {
    'mirror/catalog.json': json({
      schemas: [{ name: 'tool', url: 'https://json.schemastore.org/tool.json', fileMatch: ['tool.json'] }],
    }),
    'mirror/tool.json': json({
      $id: 'https://json.schemastore.org/tool.json',
      type: 'object',
      properties: { base: { $ref: 'https://json.schemastore.org/base.json#/definitions/name' } },
    }),
    'mirror/base.json': json({
      $id: 'https://json.schemastore.org/base.json',
      definitions: { name: { type: 'string', minLength: 1 } },
    }),
    'project/tool.json': json({ base: '' }),
  });
  const { code, byPath, stderr } = await check(dir, ['project', '--catalog', 'mirror/catalog.json']);
  assert.equal(code, 1, stderr);
  assert.deepEqual(messages(byPath['project/tool.json']), ['invalid: must NOT have fewer than 1 characters']);
});

test("precedence: a rule's own schema, else the document's $schema, else the catalog", async (t) => {
  const dir = makeTree(t, {
    ...CATALOG_TREE,
    'schemas/lax.json': json({}),
    'data/named.doc.json': json({ $schema: '../schemas/lax.json', title: 5 }), // the catalog would fail it; its own schema passes it
    'strict/x.doc.json': json({ $schema: '../schemas/lax.json' }), // its rule's schema fails it
    '.filecheckrc.json': json({
      catalog: 'schemas/catalog.json',
      schemaFromDocument: true,
      rules: [
        { name: 'data', files: ['data/**/*.json'] },
        { name: 'strict', files: ['strict/*.json'], schema: 'schemas/titled.json' },
      ],
    }),
  });
  const { code, byPath, stderr } = await check(dir);
  assert.equal(code, 1, stderr);
  assert.equal(byPath['data/named.doc.json'].status, 'pass', '$schema before the catalog');
  assert.deepEqual(
    messages(byPath['data/sub/b.doc.json']),
    ['invalid: must be string'],
    'the catalog, without $schema',
  );
  assert.deepEqual(
    messages(byPath['strict/x.doc.json']),
    ['invalid: must have required property "title"'],
    "the rule's schema, whatever the file says",
  );

  writeTree(dir, {
    '.filecheckrc.json': json({
      rules: [{ files: ['strict/*.json'], schema: 'schemas/titled.json', schemaFromDocument: true }],
    }),
  });
  const contradiction = await runCli([], { cwd: dir });
  assert.equal(contradiction.code, 2);
  assert.equal(
    oneLine(contradiction.stderr),
    'rules[0]: "schemaFromDocument" cannot apply to a rule with a "schema": the rule\'s schema always wins (see README "Which schema validates which file")',
  );
});

test("a schema applies once to a file, however many rules bring it in; other validators' problems are kept", async (t) => {
  const dir = makeTree(t, {
    ...CATALOG_TREE,
    '.filecheckrc.json': json({
      catalog: 'schemas/catalog.json',
      rules: [
        { name: 'all', files: ['data/**/*.json'] },
        { name: 'keys', files: ['data/sub/*.json'], require: ['id'] },
        { name: 'same', files: ['data/sub/*.json'], schema: 'schemas/titled.json' },
        { name: 'again', files: ['data/sub/*.json'], schema: 'schemas/titled.json' },
        { name: 'other', files: ['data/sub/*.json'], schema: 'schemas/numbered.json' },
      ],
    }),
  });
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(
    report.byPath['data/sub/b.doc.json'].problems.map((p) => `${p.validator}: ${p.message}`),
    [
      'require: missing required key "id"',
      'json-schema: must have required property "n"',
      'json-schema: must be string',
    ],
  );
});

test('a schema, ref or catalog given as a URL, without filecheck.lock.json, exits 2 saying that a run fetches nothing and what pulls it; a file: URL is a local file', async (t) => {
  const dir = makeTree(t, { 'schemas/titled.json': json(TITLED), 'data/a.json': json({ title: 'A' }) });
  const offline =
    'filecheck fetches no schema during a run; run filecheck schemas pull to download it into .filecheck/schemas/ and lock it in filecheck.lock.json';
  const url = 'https://json.schemastore.org/x.json';
  for (const [args, config, said] of [
    [['data', '--schema', url], null, `--schema "${url}" is a URL: ${offline}`],
    [['data', '--ref', url, '-k', 'title'], null, `--ref "${url}" is a URL: ${offline}`],
    [['data', '--catalog', url], null, `--catalog "${url}" is a URL: ${offline}`],
    [
      [],
      { rules: [{ name: 'docs', files: ['data/*.json'], schema: url }] },
      `docs: schema "${url}" is a URL: ${offline}`,
    ],
    [
      [],
      { rules: [{ files: ['data/*.json'], refs: [url], require: ['title'] }] },
      `rules[0]: refs "${url}" is a URL: ${offline}`,
    ],
    [
      [],
      { catalog: url, schemaFromDocument: true, rules: [{ files: ['data/*.json'] }] },
      `catalog "${url}" is a URL: ${offline}`,
    ],
  ]) {
    if (config) writeTree(dir, { '.filecheckrc.json': json(config) });
    else fs.rmSync(path.join(dir, '.filecheckrc.json'), { force: true });
    const result = await runCli(args, { cwd: dir });
    assert.equal(result.code, 2, `${args.join(' ')} ${JSON.stringify(config)}`);
    assert.equal(oneLine(result.stderr), said);
  }
  fs.rmSync(path.join(dir, '.filecheckrc.json'));
  const local = await runCli(['data', '--schema', pathToFileURL(path.join(dir, 'schemas/titled.json')).href], {
    cwd: dir,
  });
  assert.equal(local.code, 0, local.stderr);
});

// ── --list-files ────────────────────────────────────────────────────────────────────────────────

test('--list-files stays one path per line; with --verbose it says, per file, its parser and schemas and why, skipped files too', async (t) => {
  const dir = makeTree(t, {
    ...CATALOG_TREE,
    'data/named.json': json({ $schema: '../schemas/numbered.json' }),
    'data/meta.json': json({ $schema: 'http://json-schema.org/draft-07/schema#' }),
    'data/remote.json': json({ $schema: 'https://example.com/x.json' }),
    'data/broken.json': '{',
    'strict/x.json': json({}),
    'notes/readme.json': json({}),
    '.filecheckrc.json': json({
      catalog: 'schemas/catalog.json',
      schemaFromDocument: true,
      rules: [
        { name: 'data', files: ['data/**/*.json'] },
        { name: 'strict', files: ['strict/*.json', 'data/a.doc.json'], schema: 'schemas/titled.json' },
      ],
    }),
  });
  const plain = await runCli(['--list-files'], { cwd: dir });
  assert.equal(plain.code, 0, plain.stderr);
  assert.equal(
    plain.stdout,
    [
      'data/a.doc.json',
      'data/absent.json',
      'data/broken.json',
      'data/draft.doc.json',
      'data/meta.json',
      'data/named.json',
      'data/numbers/n.json',
      'data/other.json',
      'data/remote.json',
      'data/sub/b.doc.json',
      'strict/x.json',
      '',
    ].join('\n'),
  );

  const verbose = await runCli(['--list-files', '--verbose', 'data', 'strict', 'notes/readme.json'], { cwd: dir });
  assert.equal(verbose.code, 0, verbose.stderr);
  assert.equal(verbose.stderr, '');
  assert.equal(
    verbose.stdout,
    [
      'data/a.doc.json\tjson\tschemas/titled.json (catalog entry "Titled documents"); schemas/titled.json (rule "strict")',
      'data/absent.json\tjson\t(not validated: catalog entry "Not mirrored" of schemas/catalog.json has no local copy of https://json.schemastore.org/absent.json (expected schemas/json.schemastore.org/absent.json or schemas/absent.json))',
      'data/broken.json\tjson\t(not known: not valid JSON)',
      'data/draft.doc.json\tjson\t(no schema)',
      'data/meta.json\tjson\tdraft-07 meta-schema ($schema "http://json-schema.org/draft-07/schema#")',
      'data/named.json\tjson\tschemas/numbered.json ($schema "../schemas/numbered.json")',
      'data/numbers/n.json\tjson\tschemas/numbered.json (catalog entry "Numbered")',
      'data/other.json\tjson\t(no schema)',
      'data/remote.json\tjson\t(fails: $schema "https://example.com/x.json" is not available offline: a run fetches no schema; pull it once (filecheck schemas pull, with the same options), map the URL to a local file in a catalog (--catalog) or a schema store (--schema-store), or preload a schema with that $id (--ref))',
      'data/sub/b.doc.json\tjson\tschemas/titled.json (catalog entry "Titled documents")',
      'notes/readme.json\t-\tskipped: matches no rule',
      'strict/x.json\tjson\tschemas/titled.json (rule "strict")',
      '',
    ].join('\n'),
  );
});

test("--list-files --verbose names a file's required keys and validators, and the rule whose ignore leaves a named file out", async (t) => {
  const dir = makeTree(t, {
    'locales/en.json': json({ hi: 'hello' }),
    'locales/drafts/fr.json': json({ hi: 'salut' }),
    'check.js': 'export default function check() {}\n',
    '.filecheckrc.json': json({
      rules: [
        {
          name: 'locales',
          files: ['locales/**/*.json'],
          ignore: ['locales/drafts/**'],
          require: ['hi:string'],
          validators: ['./check.js'],
        },
      ],
    }),
  });
  const { code, stdout, stderr } = await runCli(
    ['--list-files', '--verbose', 'locales', 'locales/drafts/fr.json', '-k', 'bye'],
    { cwd: dir },
  );
  assert.equal(code, 0, stderr);
  assert.equal(
    stdout,
    [
      'locales/drafts/fr.json\tjson\t(no schema); required keys bye (--require)',
      'locales/en.json\tjson\t(no schema); required keys hi:string (rule "locales"); validator check.js (rule "locales"); required keys bye (--require)',
      '',
    ].join('\n'),
  );
  const withoutFlag = await runCli(['--list-files', '--verbose', 'locales/drafts/fr.json'], { cwd: dir });
  assert.equal(withoutFlag.stdout, 'locales/drafts/fr.json\t-\tskipped: ignored by rule "locales"\n');
});

// ── executors and cache ─────────────────────────────────────────────────────────────────────────

/** 40 files choosing among 3 schemas ($schema, the catalog, a meta-schema), some failing. */
function manyFiles() {
  const files = {};
  for (let i = 0; i < 40; i++) {
    const name = `data/f${String(i).padStart(2, '0')}`;
    if (i % 3 === 0) files[`${name}.json`] = json({ $schema: '../schemas/numbered.json', n: i % 2 ? i : `${i}` });
    else if (i % 3 === 1) files[`${name}.doc.json`] = json({ title: i % 4 ? 't' : i });
    else
      files[`${name}.json`] = json({
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: i % 4 ? 'object' : 'thing',
      });
  }
  return files;
}

const comparable = ({ files, summary: { durationMs, plan, ...summary } }) => ({ files, summary });

test("in-process and on a pool, files choosing their schemas get the same report, and a schema's warning once", async (t) => {
  const dir = makeTree(t, {
    ...CATALOG_TREE,
    ...manyFiles(),
    'schemas/numbered.json': json({ ...NUMBERED, uiWidget: 'Numbered' }),
  });
  const args = ['data', '--schema-from-document', '--catalog', 'schemas/catalog.json'];
  const inline = await check(dir, [...args, '--workers', '0']);
  const pooled = await check(dir, [...args, '--workers', '2']);
  assert.equal(inline.code, 1, inline.stderr);
  assert.equal(pooled.report.summary.plan.mode, 'pool');
  assert.ok(inline.report.summary.failed >= 10, JSON.stringify(inline.report.summary));
  assert.deepEqual(comparable(pooled.report), comparable(inline.report));
  // Each said once; in the order the files that say them are checked, which a pool does not keep.
  const lines = (stderr) => stderr.split('\n').sort();
  assert.deepEqual(
    lines(inline.stderr),
    lines(
      [
        'filecheck: warning: catalog entry "Not mirrored" of schemas/catalog.json has no local copy of https://json.schemastore.org/absent.json (expected schemas/json.schemastore.org/absent.json or schemas/absent.json): the files it matches are not validated against it\n',
        'filecheck: warning: schema schemas/numbered.json: unknown keyword "uiWidget" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)\n',
      ].join(''),
    ),
  );
  assert.deepEqual(lines(pooled.stderr), lines(inline.stderr), 'compiled by each worker, said once');
});

test('--cache: a file that chose its schema is checked again when that schema, the catalog or its $schema changes, and only then', async (t) => {
  for (const workers of ['0', '2']) {
    await t.test(`--workers ${workers}`, async (t) => {
      const dir = makeTree(t, { ...CATALOG_TREE, ...manyFiles(), 'schemas/lax.json': json({}) });
      const run = async () => {
        const result = await check(dir, [
          'data',
          '--schema-from-document',
          '--catalog',
          'schemas/catalog.json',
          '--cache',
          '--workers',
          workers,
        ]);
        return { ...result, checked: result.report.files.filter((file) => !file.cached).map((file) => file.path) };
      };
      const failing = (report) => report.files.filter((file) => file.status === 'fail').map((file) => file.path);
      const cold = await run();
      const failed = failing(cold.report);
      const warm = await run();
      // Only the files only parsed are checked: the one whose catalog entry has no local copy (its pass
      // is not cached, so that it is validated once the schema is there, and the entry warned about
      // on every run), and those no entry matches (so that every run counts them as only parsed).
      assert.ok(failed.length > 0);
      assert.deepEqual(
        warm.checked,
        ['data/absent.json', 'data/draft.doc.json', 'data/other.json'],
        'a warm run reports the failing files from the cache too',
      );
      assert.match(warm.stderr, /catalog entry "Not mirrored" .* has no local copy/);
      assert.deepEqual(
        warm.report.files.map(({ cached, ...file }) => file),
        cold.report.files,
        'with the same verdicts',
      );

      writeTree(dir, {
        'schemas/numbered.json': json({ ...NUMBERED, properties: { n: { type: 'number', maximum: 10 } } }),
      });
      const edited = await run();
      const numberedPasses = edited.report.files.filter((file) => /f(03|09|15|21|27|33|39)\.json$/.test(file.path));
      assert.deepEqual(
        numberedPasses.map((file) => file.cached),
        numberedPasses.map(() => undefined),
        'files whose $schema named the edited schema are checked again',
      );
      assert.deepEqual(messages(edited.byPath['data/f15.json']), ['invalid: must be <= 10']);
      assert.equal(edited.byPath['data/f01.doc.json'].cached, true, 'files of other schemas are still hits');

      writeTree(dir, {
        'schemas/titled.json': json({ ...TITLED, properties: { title: { type: 'string', minLength: 2 } } }),
      });
      const catalogSchema = await run();
      assert.deepEqual(
        messages(catalogSchema.byPath['data/f01.doc.json']),
        ['invalid: must NOT have fewer than 2 characters'],
        "a catalog's schema edited",
      );

      writeTree(dir, { 'data/f03.json': json({ $schema: '../schemas/lax.json', n: 3 }) });
      const retargeted = await run();
      assert.deepEqual(retargeted.checked.includes('data/f03.json'), true);
      assert.equal(retargeted.byPath['data/f03.json'].status, 'pass');
      writeTree(dir, { 'schemas/numbered.json': json(NUMBERED) });
      assert.equal(
        (await run()).byPath['data/f03.json'].cached,
        true,
        'no longer depends on the schema it named before',
      );

      const catalog = JSON.parse(fs.readFileSync(path.join(dir, 'schemas/catalog.json'), 'utf8'));
      catalog.schemas[0].fileMatch.push('!f04.doc.json');
      writeTree(dir, { 'schemas/catalog.json': json(catalog) });
      const remapped = await run();
      assert.equal(
        remapped.byPath['data/f04.doc.json'].status,
        'pass',
        'the catalog changed: every file of its rules is checked again',
      );
      assert.equal(remapped.report.summary.cache.hits, 0);
    });
  }
});

test('--cache: a warm run repeats the warnings of the schemas files chose, as the cold run said them', async (t) => {
  const dir = makeTree(t, {
    'schemas/typed.json': json({ type: 'object', uiWidget: 'Typed' }),
    'docs/d.json': json({ $schema: '../schemas/typed.json' }),
  });
  const warning =
    'filecheck: warning: schema schemas/typed.json: unknown keyword "uiWidget" is ignored (list it in the rule\'s or the config\'s ajv.keywords, or use --no-strict to silence this)\n';
  const cold = await check(dir, ['docs', '--schema-from-document', '--cache']);
  assert.equal(cold.stderr, warning);
  const warm = await check(dir, ['docs', '--schema-from-document', '--cache']);
  assert.equal(warm.byPath['docs/d.json'].cached, true);
  assert.equal(warm.stderr, warning);
});

test('--cache: a file that chose its schema is checked again when the ajv settings of its rule change', async (t) => {
  const dir = makeTree(t, {
    'schemas/mail.json': json({ type: 'object', properties: { mail: { type: 'string', format: 'email' } } }),
    'docs/d.json': json({ $schema: '../schemas/mail.json', mail: 'not-an-email' }),
  });
  const withFormats = (formats) =>
    writeTree(dir, {
      '.filecheckrc.json': json({ rules: [{ files: ['docs/*.json'], schemaFromDocument: true, ajv: { formats } }] }),
    });
  withFormats(false);
  const cold = await check(dir, ['--cache']);
  assert.equal(cold.code, 0, cold.stderr);
  assert.equal((await check(dir, ['--cache'])).byPath['docs/d.json'].cached, true, 'warm: a hit');
  withFormats('full');
  const changed = await check(dir, ['--cache']);
  assert.equal(changed.code, 1, changed.stderr);
  assert.deepEqual(messages(changed.byPath['docs/d.json']), [
    'invalid: must match format "email" (such as name@example.com)',
  ]);
});

test('a run that chooses no schema per file loads none of the code that would', async (t) => {
  const dir = makeTree(t, { ...CATALOG_TREE, 'schemas/plain.json': json(TITLED) });
  const SELECTION_CODE = [
    'validators/json-schema/catalog.js',
    'validators/json-schema/schema-chooser.js',
    'validators/json-schema/document-schema-ref.js',
    'validators/json-schema/chosen-schemas.js',
  ];
  const loaded = async (args) => {
    const trace = path.join(dir, 'trace.txt');
    fs.rmSync(trace, { force: true });
    const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
    const { stderr } = await runCli(['data', '--workers', '0', ...args], {
      cwd: dir,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace },
    });
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      urls.some((url) => url.endsWith('/runner/check/check-file.js')),
      stderr,
    );
    return SELECTION_CODE.filter((file) => urls.some((url) => url.endsWith(`/${file}`)));
  };
  assert.deepEqual(await loaded(['--schema', 'schemas/plain.json']), []);
  assert.deepEqual(await loaded(['--schema-from-document', '--catalog', 'schemas/catalog.json']), SELECTION_CODE);
});
