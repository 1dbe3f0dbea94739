// `filecheck schemas pull` against a miniature SchemaStore on 127.0.0.1 (two servers: two hosts),
// then runs that read the pulled store offline. Each server counts the requests it answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { runCli } from './helpers/cli.js';

// Two servers are two hosts (127.0.0.1:<port>): the store keeps each under its own folder.
function schemaServer() {
  const files = new Map(); // path ─▶ body
  const requests = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url);
    const body = files.get(request.url);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(body ?? '{"error":"not found"}');
  });
  return {
    files,
    requests,
    listen: () => new Promise((resolve) => server.listen(0, '127.0.0.1', resolve)),
    get origin() {
      return `http://127.0.0.1:${server.address().port}`;
    },
    get host() {
      return `127.0.0.1_${server.address().port}`;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const store = schemaServer(); // the SchemaStore stand-in: the catalog and most schemas
const other = schemaServer(); // another host a catalog entry and a $ref point at

before(async () => {
  await Promise.all([store.listen(), other.listen()]);
  const S = store.origin;
  const O = other.origin;
  const json = (value) => JSON.stringify(value, null, 2);
  store.files.set(
    '/api/json/catalog.json',
    json({
      schemas: [
        { name: 'package.json', fileMatch: ['package.json'], url: `${S}/schemas/package.json` },
        { name: 'GitHub Workflow', fileMatch: ['.github/workflows/*.yml'], url: `${S}/schemas/github-workflow.json` },
        { name: 'compose', fileMatch: ['compose.yaml'], url: `${O}/compose-spec/compose.json` },
        { name: 'tsconfig', fileMatch: ['tsconfig.json'], url: `${S}/schemas/tsconfig.json` }, // no such file here
      ],
    }),
  );
  store.files.set(
    '/schemas/package.json',
    json({
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      required: ['name'],
      properties: { name: { $ref: 'definitions.json#/definitions/name' }, license: { $ref: 'license.json' } },
    }),
  );
  store.files.set('/schemas/definitions.json', json({ definitions: { name: { type: 'string', minLength: 1 } } }));
  store.files.set('/schemas/license.json', json({ type: 'string', $ref: `${O}/spdx/ids.json` }));
  store.files.set(
    '/schemas/github-workflow.json',
    json({
      type: 'object',
      required: ['on', 'jobs'],
      properties: { jobs: { $ref: '#/definitions/jobs' } },
      definitions: { jobs: { type: 'object' } },
    }),
  );
  store.files.set('/schemas/tsconfig.json', json({ type: 'object' }));
  other.files.set('/spdx/ids.json', json({ enum: ['MIT', 'ISC', 'Apache-2.0'] }));
  other.files.set(
    '/compose-spec/compose.json',
    json({ $id: `${O}/compose-spec/compose.json`, type: 'object', properties: { services: { $ref: 'service.json' } } }),
  );
  other.files.set('/compose-spec/service.json', json({ type: 'object', additionalProperties: { type: 'object' } }));
  other.files.set(
    '/app.schema.json',
    json({ type: 'object', required: ['port'], properties: { port: { type: 'integer' } } }),
  );
});

after(() => Promise.all([store.close(), other.close()]));

// A small project: package.json, a workflow, a compose file, a config naming its own $schema.
function project({ pkg = { name: 'demo', license: 'MIT' }, catalog = `${store.origin}/api/json/catalog.json` } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-pull-'));
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write(
    '.filecheckrc.json',
    JSON.stringify({ catalog, schemaFromDocument: true, rules: [{ name: 'app', files: ['config/*.json'] }] }),
  );
  write('package.json', JSON.stringify(pkg));
  write('.github/workflows/ci.yml', 'on: push\njobs:\n  test:\n    runs-on: ubuntu-latest\n');
  write('compose.yaml', 'services:\n  web:\n    image: nginx\n');
  write('config/app.json', JSON.stringify({ $schema: `${other.origin}/app.schema.json`, port: 8080 }));
  return dir;
}

const requests = () => [...store.requests.splice(0), ...other.requests.splice(0)].sort();
const lockOf = (dir) => JSON.parse(fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8'));

test('pull fetches what the files need, on every host, into .filecheck/schemas/<host>/<path>, and locks it', async () => {
  const dir = project();
  requests();
  const pull = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(pull.code, 0, pull.stderr);
  assert.deepEqual(requests(), [
    '/api/json/catalog.json',
    '/app.schema.json',
    '/compose-spec/compose.json',
    '/compose-spec/service.json',
    '/schemas/definitions.json',
    '/schemas/github-workflow.json',
    '/schemas/license.json',
    '/schemas/package.json',
    '/spdx/ids.json',
  ]);
  assert.match(pull.stdout, /^pulled 9 schemas \(\d+ KB\) into \.filecheck\/schemas\/, 0 already there\n$/);
  assert.equal(pull.stderr, '');
  const lock = lockOf(dir);
  assert.equal(lock.lockfileVersion, 1);
  const S = store.origin.replace('http:', 'https:');
  const O = other.origin.replace('http:', 'https:');
  assert.deepEqual(
    Object.keys(lock.schemas),
    [
      `${S}/api/json/catalog.json`,
      `${S}/schemas/definitions.json`,
      `${S}/schemas/github-workflow.json`,
      `${S}/schemas/license.json`,
      `${S}/schemas/package.json`,
      `${O}/app.schema.json`,
      `${O}/compose-spec/compose.json`,
      `${O}/compose-spec/service.json`,
      `${O}/spdx/ids.json`,
    ].sort(),
  );
  const entry = lock.schemas[`${S}/schemas/package.json`];
  assert.deepEqual(Object.keys(entry), ['file', 'fetchedAt', 'resolved', 'sha256', 'size']);
  assert.equal(entry.file, `.filecheck/schemas/${store.host}/schemas/package.json`);
  assert.equal(entry.resolved, `${store.origin}/schemas/package.json`);
  const bytes = fs.readFileSync(path.join(dir, entry.file));
  assert.equal(entry.size, bytes.length);
  assert.equal(bytes.toString(), store.files.get('/schemas/package.json'));
  assert.ok(fs.existsSync(path.join(dir, `.filecheck/schemas/${other.host}/spdx/ids.json`)));
  assert.ok(!fs.existsSync(path.join(dir, `.filecheck/schemas/${store.host}/schemas/tsconfig.json`)));
  // One line per field, keys sorted: a second pull fetches nothing and changes no byte.
  const text = fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8');
  assert.match(text, /^{\n {2}"lockfileVersion": 1,\n {2}"schemas": {\n {4}"https:/);
  const again = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(requests(), []);
  assert.equal(again.stdout, 'pulled 0 schemas (0 B) into .filecheck/schemas/, 9 already there\n');
  assert.equal(fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8'), text);
});

test('a run after the pull checks every file against its schema offline, with either executor', async () => {
  const dir = project({ pkg: { name: '', license: 'MIT' } }); // name: minLength 1, in definitions.json
  assert.equal((await runCli(['schemas', 'pull'], { cwd: dir })).code, 0);
  requests();
  for (const workers of ['0', '2']) {
    const run = await runCli(['--workers', workers, '-r', 'json', '--verbose'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    const report = JSON.parse(run.stdout);
    const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
    assert.deepEqual(Object.keys(byPath).sort(), [
      '.github/workflows/ci.yml',
      'compose.yaml',
      'config/app.json',
      'package.json',
    ]);
    assert.equal(byPath['package.json'].status, 'fail');
    assert.match(JSON.stringify(byPath['package.json'].problems), /name/);
    for (const file of ['.github/workflows/ci.yml', 'compose.yaml', 'config/app.json'])
      assert.equal(byPath[file].status, 'pass', file);
    assert.equal(report.summary.onlyParsed ?? 0, 0);
  }
  assert.deepEqual(requests(), []);
});
