// `filecheck schemas pull` against a miniature SchemaStore on 127.0.0.1 (two servers: two hosts),
// then runs that read the pulled store offline. Each server counts the requests it answers.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, runCli } from '../helpers/cli.js';

// Two servers are two hosts (127.0.0.1:<port>): the store keeps each under its own folder.
function schemaServer() {
  const files = new Map(); // path ─▶ body
  const requests = [];
  const holding = new Set(); // paths answered never (until release): a download in flight
  const held = [];
  let arrived = () => {};
  const server = http.createServer((request, response) => {
    requests.push(request.url);
    if (holding.has(request.url)) {
      held.push(response);
      arrived();
      return;
    }
    const body = files.get(request.url);
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/json' });
    response.end(body ?? '{"error":"not found"}');
  });
  return {
    files,
    requests,
    holding,
    /** Resolves once a request for a held path has arrived. */
    held: () => new Promise((resolve) => (held.length ? resolve() : (arrived = resolve))),
    release() {
      holding.clear();
      for (const response of held.splice(0)) response.destroy();
    },
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
        { name: 'renovate', fileMatch: ['renovate.json'], url: 'http://127.0.0.1:1/renovate.json' }, // nothing listens
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

// The projects' folders, removed when the file's tests end.
const scratchDirs = [];
const scratchDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-pull-'));
  scratchDirs.push(dir);
  return dir;
};
after(() => {
  for (const dir of scratchDirs) fs.rmSync(dir, { recursive: true, force: true });
  return Promise.all([store.close(), other.close()]);
});

// A small project: package.json, a workflow, a compose file, a config naming its own $schema.
function project({
  pkg = { name: 'demo', license: 'MIT' },
  catalog = `${store.origin}/api/json/catalog.json`,
  extra = {},
} = {}) {
  const dir = scratchDir();
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
  for (const [rel, text] of Object.entries(extra)) write(rel, text);
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

const pulled = async (options) => {
  const dir = project(options);
  const pull = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(pull.code, 0, pull.stderr);
  requests();
  return dir;
};
const storeFile = (dir, server, rel) => path.join(dir, '.filecheck/schemas', server.host, rel);

test('a store file changed since the pull exits 2 naming it, in a run and in pull --frozen', async () => {
  const dir = await pulled();
  fs.writeFileSync(storeFile(dir, store, 'schemas/definitions.json'), '{"definitions":{"name":{}}}');
  const shown = `.filecheck/schemas/${store.host}/schemas/definitions.json`;
  const run = await runCli([], { cwd: dir });
  assert.equal(run.code, 2, run.stderr);
  assert.equal(
    run.stderr,
    `filecheck: ${shown} differs from filecheck.lock.json (the sha256 of ${store.origin.replace('http:', 'https:')}/schemas/definitions.json): restore it, or run filecheck schemas pull --update\n`,
  );
  const frozen = await runCli(['schemas', 'pull', '--frozen'], { cwd: dir });
  assert.equal(frozen.code, 2);
  assert.match(
    frozen.stderr,
    new RegExp(`^filecheck: ${shown.replace(/\./g, '\\.')} differs from filecheck\\.lock\\.json`),
  );
  // A plain pull puts the locked file back.
  const repair = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(repair.code, 0, repair.stderr);
  assert.deepEqual(requests(), ['/schemas/definitions.json']);
  assert.equal((await runCli([], { cwd: dir })).code, 0);
});

test('pull --frozen downloads nothing: 0 when the lock and the store agree, 2 for a missing or changed file (needed or not) or a schema not locked', async () => {
  const dir = await pulled();
  const lock = fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8');
  const ok = await runCli(['schemas', 'pull', '--frozen'], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(ok.stdout, 'checked 9 schemas in .filecheck/schemas/ against the lock\n');
  fs.rmSync(storeFile(dir, other, 'spdx/ids.json'));
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{}'); // its catalog entry is not locked
  fs.rmSync(path.join(dir, 'compose.yaml')); // its schemas are locked all the same, so checked
  fs.appendFileSync(storeFile(dir, other, 'compose-spec/service.json'), ' ');
  const frozen = await runCli(['schemas', 'pull', '--frozen'], { cwd: dir });
  assert.equal(frozen.code, 2);
  assert.deepEqual(frozen.stderr.trim().split('\n').sort(), [
    `filecheck: .filecheck/schemas/${other.host}/compose-spec/service.json differs from filecheck.lock.json (the sha256 of ${other.origin.replace('http:', 'https:')}/compose-spec/service.json)`,
    `filecheck: .filecheck/schemas/${other.host}/spdx/ids.json is missing from the store (${other.origin.replace('http:', 'https:')}/spdx/ids.json is locked)`,
    `filecheck: ${store.origin}/schemas/tsconfig.json is not in filecheck.lock.json: run filecheck schemas pull, and commit the lock`,
  ]);
  assert.deepEqual(requests(), []);
  assert.equal(fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8'), lock);
});

test('a file whose schema is not in the pulled store is only parsed, with the hint to pull', async () => {
  const dir = await pulled();
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), '{}'); // a catalog entry not pulled
  // $schema URLs not pulled: on a host the lock has, and on another one.
  fs.writeFileSync(path.join(dir, 'config/b.json'), JSON.stringify({ $schema: `${other.origin}/b.schema.json` }));
  fs.writeFileSync(path.join(dir, 'config/c.json'), JSON.stringify({ $schema: 'https://example.com/c.json' }));
  // A schema of the project whose $ref the pull has not brought, as the $schema it lacks.
  fs.mkdirSync(path.join(dir, 'schemas'));
  fs.writeFileSync(path.join(dir, 'schemas/d.json'), JSON.stringify({ $ref: 'https://example.com/d.json' }));
  fs.writeFileSync(path.join(dir, 'config/d.json'), JSON.stringify({ $schema: '../schemas/d.json' }));
  const run = await runCli(['-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  const { summary, files } = JSON.parse(run.stdout);
  assert.deepEqual(
    files.filter((file) => file.onlyParsed).map((file) => file.path),
    ['config/b.json', 'config/c.json', 'config/d.json', 'tsconfig.json'],
  );
  assert.equal(
    files.find((file) => file.path === 'config/d.json').onlyParsed,
    'a $ref of its schema is not in the store (https://example.com/d.json)',
  );
  assert.equal(summary.onlyParsed, 4);
  assert.equal(summary.onlyParsedHint, 'their schemas are not in the store: run filecheck schemas pull');
  assert.deepEqual(requests(), []);
  // The pull brings what the servers have (b.schema.json, too), and only that.
  other.files.set('/b.schema.json', '{}');
  fs.rmSync(path.join(dir, 'config/c.json')); // example.com is not this test's to ask
  fs.rmSync(path.join(dir, 'config/d.json'));
  assert.equal((await runCli(['schemas', 'pull'], { cwd: dir })).code, 0);
  assert.deepEqual(requests(), ['/b.schema.json', '/schemas/tsconfig.json']);
  assert.equal(JSON.parse((await runCli(['-r', 'json'], { cwd: dir })).stdout).summary.onlyParsed, 0);
});

test('pull --update downloads every schema again and rewrites the lock with what the servers hold now', async () => {
  const dir = await pulled();
  const before = lockOf(dir);
  const key = `${other.origin.replace('http:', 'https:')}/spdx/ids.json`;
  const original = other.files.get('/spdx/ids.json');
  other.files.set('/spdx/ids.json', JSON.stringify({ enum: ['MIT', '0BSD'] }));
  try {
    const update = await runCli(['schemas', 'pull', '--update'], { cwd: dir });
    assert.equal(update.code, 0, update.stderr);
    assert.equal(requests().length, 9);
    assert.match(update.stdout, /^pulled 9 schemas .*, 0 already there\n$/);
    const after = lockOf(dir);
    assert.notEqual(after.schemas[key].sha256, before.schemas[key].sha256);
    assert.equal(fs.readFileSync(storeFile(dir, other, 'spdx/ids.json'), 'utf8'), '{"enum":["MIT","0BSD"]}');
  } finally {
    other.files.set('/spdx/ids.json', original);
  }
});

test('a schema that cannot be downloaded: one line naming it, exit 1, the others pulled and locked', async () => {
  const dir = project({ extra: { 'renovate.json': '{}' } });
  requests();
  const pull = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(pull.code, 1);
  assert.match(pull.stderr, /^filecheck: cannot pull http:\/\/127\.0\.0\.1:1\/renovate\.json: .+\n$/);
  assert.match(pull.stdout, /^pulled 9 schemas \(.+\) into \.filecheck\/schemas\/, 0 already there, 1 failed\n$/);
  assert.equal(requests().length, 9);
  assert.equal(Object.keys(lockOf(dir).schemas).length, 9);
  // A run checks the others, and says renovate.json is only parsed.
  const run = await runCli(['-r', 'json'], { cwd: dir });
  assert.equal(JSON.parse(run.stdout).summary.onlyParsed, 1);
});

test('usage: a URL without a lock names the pull; --frozen and --update together; a folder named schemas is still a pattern', async () => {
  const dir = project();
  const run = await runCli([], { cwd: dir });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /^filecheck: catalog "http:.+\/catalog\.json" is a URL: filecheck fetches no schema during a run; run filecheck schemas pull to download it into \.filecheck\/schemas\/ and lock it in filecheck\.lock\.json\n$/,
  );
  const folder = scratchDir();
  fs.mkdirSync(path.join(folder, 'schemas'));
  fs.writeFileSync(path.join(folder, 'schemas/a.json'), '{');
  const checked = await runCli(['schemas'], { cwd: folder });
  assert.equal(checked.code, 1, checked.stderr);
  assert.match(checked.stdout, /schemas\/a\.json/);
  const both = await runCli(['schemas', 'pull', '--frozen', '--update'], { cwd: dir });
  assert.equal(both.code, 2);
  assert.equal(both.stderr, 'filecheck: --frozen downloads nothing, --update everything: give one\n');
  const empty = await runCli(['schemas', 'pull'], { cwd: folder });
  assert.equal(empty.code, 2);
  assert.equal(
    empty.stderr,
    'filecheck: schemas pull has no schema to pull here: give --catalog (schemastore, a URL or a file), --schema or --ref, or run it where .filecheckrc.json is\n',
  );
  assert.ok(!fs.existsSync(path.join(folder, 'filecheck.lock.json')));
  // A store that cannot be written: one line, exit 2, no lock.
  fs.mkdirSync(path.join(dir, '.filecheck'));
  fs.writeFileSync(path.join(dir, '.filecheck/schemas'), 'a file, not a folder');
  const unwritable = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(unwritable.code, 2);
  assert.match(
    unwritable.stderr,
    /^filecheck: cannot write \.filecheck\/schemas\/127\.0\.0\.1_\d+\/api\/json\/catalog\.json: E[A-Z]+\n$/,
  );
  assert.ok(!fs.existsSync(path.join(dir, 'filecheck.lock.json')));
  requests();
  const help = await runCli(['schemas', 'pull', '--help'], { cwd: dir });
  assert.equal(help.code, 0);
  assert.match(help.stdout, /--frozen/);
  assert.deepEqual(requests(), []);
});

test("a pull after a file's kind is gone drops its schemas from the lock and the store; a lock entry the layout does not hold exits 2", async () => {
  const dir = await pulled();
  fs.rmSync(path.join(dir, 'compose.yaml'));
  fs.writeFileSync(path.join(dir, '.filecheck/schemas/left-over.json.123.tmp'), '{');
  const pull = await runCli(['schemas', 'pull'], { cwd: dir });
  assert.equal(pull.code, 0, pull.stderr);
  assert.equal(
    pull.stdout,
    'pulled 0 schemas (0 B) into .filecheck/schemas/, 7 already there, 3 no longer needed removed\n',
  );
  assert.deepEqual(requests(), []);
  const O = other.origin.replace('http:', 'https:');
  assert.deepEqual(
    Object.keys(lockOf(dir).schemas).filter((url) => url.startsWith(O)),
    [`${O}/app.schema.json`, `${O}/spdx/ids.json`],
  );
  assert.ok(!fs.existsSync(storeFile(dir, other, 'compose-spec')));
  assert.deepEqual(fs.readdirSync(path.join(dir, '.filecheck/schemas')).sort(), [other.host, store.host].sort());
  // A lock edited to name another file than the store's layout gives: refused, not read.
  const lock = lockOf(dir);
  lock.schemas[`${O}/spdx/ids.json`].file = 'elsewhere.json';
  fs.writeFileSync(path.join(dir, 'filecheck.lock.json'), JSON.stringify(lock));
  const run = await runCli([], { cwd: dir });
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /filecheck\.lock\.json: the entry of https:\/\/127\.0\.0\.1:\d+\/spdx\/ids\.json is not where the store keeps it \(\.filecheck\/schemas\/127\.0\.0\.1_\d+\/spdx\/ids\.json\): run filecheck schemas pull --update\n$/,
  );
});

test('--schema and --ref URLs are pulled with their $refs, and a run given the same URLs reads them from the store', async () => {
  const dir = scratchDir();
  fs.writeFileSync(path.join(dir, 'a.json'), JSON.stringify({ name: 'a', license: 'GPL' }));
  const schema = `${store.origin}/schemas/package.json`;
  const ref = `${other.origin}/app.schema.json`;
  requests();
  const pull = await runCli(['schemas', 'pull', '--schema', schema, '--ref', ref], { cwd: dir });
  assert.equal(pull.code, 0, pull.stderr);
  assert.deepEqual(requests(), [
    '/app.schema.json',
    '/schemas/definitions.json',
    '/schemas/license.json',
    '/schemas/package.json',
    '/spdx/ids.json',
  ]);
  for (const workers of ['0', '2']) {
    const run = await runCli(['a.json', '--schema', schema, '--ref', ref, '--workers', workers], { cwd: dir });
    assert.equal(run.code, 1, run.stderr); // GPL is not in spdx/ids.json's enum
    assert.match(run.stdout, /license/);
  }
  assert.deepEqual(requests(), []);
});

test('a run, with a lock or without, loads neither the pull nor the HTTP client', async () => {
  const locked = await pulled();
  const bare = scratchDir();
  fs.writeFileSync(path.join(bare, 'a.json'), '{}');
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  for (const [dir, args, code] of [
    [locked, [], 0],
    [bare, ['a.json'], 0],
  ]) {
    const trace = path.join(dir, 'trace.txt');
    const run = await runCli(args, { cwd: dir, env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace } });
    assert.equal(run.code, code, run.stderr);
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      urls.some((url) => url.endsWith('/runner/check/check-file.js')),
      'the hook sees filecheck load',
    );
    assert.deepEqual(
      urls.filter((url) => /\/runner\/schemas\/(pull|http-client)\.js$/.test(url)),
      [],
    );
  }
});

// The store's files and the lock, byte for byte.
function snapshot(dir) {
  const files = {};
  const walk = (folder) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else files[path.relative(dir, file)] = fs.readFileSync(file, 'utf8');
    }
  };
  walk(path.join(dir, '.filecheck'));
  files['filecheck.lock.json'] = fs.readFileSync(path.join(dir, 'filecheck.lock.json'), 'utf8');
  return files;
}

test('Ctrl-C during a pull writes nothing: exit 130, the store and the lock as they were', async () => {
  const dir = project();
  assert.equal((await runCli(['schemas', 'pull'], { cwd: dir })).code, 0);
  const before = snapshot(dir);
  // What --update downloads first differs from the store's: written early, it would show.
  const packageSchema = store.files.get('/schemas/package.json');
  store.files.set('/schemas/package.json', packageSchema.replace('"type": "object"', '"type": ["object"]'));
  store.holding.add('/schemas/license.json'); // a $ref of package.json's: asked for after it
  try {
    const running = runCli(['schemas', 'pull', '--update'], { cwd: dir });
    await store.held();
    running.child.kill('SIGINT');
    const { code, stderr } = await running;
    assert.equal(code, 130, stderr);
    assert.match(stderr, /schemas pull interrupted: nothing written/);
    assert.deepEqual(snapshot(dir), before);
  } finally {
    store.release();
    store.files.set('/schemas/package.json', packageSchema);
  }
  requests();
});

test('on a terminal, a progress line counts the schemas as they arrive, and is cleared', async () => {
  const dir = project();
  const { pull } = await import('../../runner/cli/schemas-command.js');
  let err = '';
  let out = '';
  const stderr = { isTTY: true, write: (text) => (err += text) };
  const code = await pull([], { cwd: dir, env: {}, stdout: { write: (text) => (out += text) }, stderr });
  assert.equal(code, 0, err);
  assert.match(err, /^\r\x1b\[Kpulling schemas: 1 of \d+/);
  assert.match(err, /pulling schemas: 9 of 9\r\x1b\[K$/);
  assert.match(out, /^pulled 9 schemas/);
  requests();
});
