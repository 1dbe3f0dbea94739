// `filecheck schemas pull` on a real-shaped repository, against a local SchemaStore: the copy in
// ../shared/schemastore (or argv[2]) served over HTTPS on 127.0.0.1 (the test CA of
// test/fixtures/tls, given to the pull by NODE_EXTRA_CA_CERTS) and reached through a CONNECT proxy
// (HTTPS_PROXY), as behind a company's, its catalog's and schemas' SchemaStore URLs rewritten to the
// server's. Prints the cold pull's time, the number and size of
// the schemas pulled, a second (warm) pull's, and the time of a run after the pull against a run
// over the local clone with --schema-store (issue 28's target: ≤ 1.05×). Not part of npm test:
//   node bench/pull-schemastore.js [schemastore-folder] [runs]
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { runOnce, detectRssMethod, cleanup } from './measure.js';

const BIN = fileURLToPath(new URL('../bin/filecheck.js', import.meta.url));
const clone = path.resolve(process.argv[2] ?? fileURLToPath(new URL('../../../shared/schemastore', import.meta.url)));
const RUNS = Number(process.argv[3] ?? 7);
const catalogFile = path.join(clone, 'src/api/json/catalog.json');
const schemasDir = path.join(clone, 'src/schemas/json');
if (!fs.existsSync(catalogFile)) {
  console.error(`no SchemaStore copy at ${clone} (give its folder as the first argument)`);
  process.exit(2);
}

// Schemas on other hosts that the copy holds under another name; compose-spec is not in it, so a
// stand-in is served (an object of services), marked as such in the output.
const OTHER_HOSTS = {
  'docs.renovatebot.com/renovate-schema.json': 'renovate-43.json', // the copy's renovate.json only $refs this URL
};
const COMPOSE = 'raw.githubusercontent.com/compose-spec/compose-go/master/schema/compose-spec.json';
const COMPOSE_STAND_IN = JSON.stringify({
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: { services: { type: 'object', additionalProperties: { type: 'object' } } },
});

let requests = 0;
let origin;
const rewrite = (text) =>
  text
    .replace(/https?:\/\/(json|www)\.schemastore\.org\//g, `${origin}/`)
    .replace(
      /"https:\/\/(?!json\.schemastore|www\.schemastore|json-schema\.org|127\.0\.0\.1)([^"/]+\/[^"]*)"/g,
      `"${origin}/_/$1"`,
    );
const TLS = fileURLToPath(new URL('../test/fixtures/tls/', import.meta.url));
const tls = {
  cert: fs.readFileSync(path.join(TLS, 'server-cert.pem')),
  key: fs.readFileSync(path.join(TLS, 'server-key.pem')),
};
const server = https.createServer(tls, (request, response) => {
  requests++;
  const url = decodeURIComponent(request.url);
  let body = null;
  if (url === '/api/json/catalog.json') body = rewrite(fs.readFileSync(catalogFile, 'utf8'));
  else if (url === `/_/${COMPOSE}`) body = COMPOSE_STAND_IN;
  else if (url.startsWith('/_/')) {
    const alias = OTHER_HOSTS[url.slice(3)];
    if (alias) body = rewrite(fs.readFileSync(path.join(schemasDir, alias), 'utf8'));
  } else {
    const file = path.join(schemasDir, path.normalize(url).replace(/^[/\\]+/, ''));
    if (file.startsWith(schemasDir) && fs.existsSync(file)) body = rewrite(fs.readFileSync(file, 'utf8'));
  }
  response.writeHead(body === null ? 404 : 200, { 'content-type': 'application/json' });
  response.end(body ?? '{}');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
origin = `https://127.0.0.1:${server.address().port}`;
// The proxy: a CONNECT tunnel to the server, and nothing else (the pull must go through it).
let tunnels = 0;
const proxy = http.createServer((_request, response) => response.writeHead(405).end());
proxy.on('connect', (request, client, head) => {
  tunnels++;
  const [host, port] = request.url.split(':');
  const upstream = net.connect(Number(port), host, () => {
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const pullEnv = {
  ...process.env,
  NODE_EXTRA_CA_CERTS: path.join(TLS, 'ca.pem'),
  HTTPS_PROXY: `http://127.0.0.1:${proxy.address().port}`,
  NO_PROXY: '',
  no_proxy: '',
};
delete pullEnv.https_proxy; // the client reads the lowercase spelling first

// A real-shaped repository: what a Node.js service on GitHub has.
const repo = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-pull-bench-'));
const files = {
  'package.json': { name: 'service', version: '1.0.0', scripts: { test: 'node --test' }, license: 'MIT' },
  'packages/api/package.json': { name: '@service/api', version: '1.0.0', private: true },
  'tsconfig.json': { compilerOptions: { target: 'es2022', module: 'nodenext', strict: true } },
  'packages/api/tsconfig.json': { extends: '../../tsconfig.json', compilerOptions: { outDir: 'dist' } },
  '.eslintrc.json': { root: true, extends: ['eslint:recommended'], env: { node: true } },
  '.prettierrc.json': { singleQuote: true, printWidth: 120 },
  'renovate.json': { extends: ['config:recommended'] },
  'lerna.json': { version: 'independent', npmClient: 'npm' },
  '.babelrc': { presets: ['@babel/preset-env'] },
};
const yaml = {
  '.github/workflows/ci.yml':
    'name: ci\non: [push, pull_request]\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - run: npm test\n',
  '.github/workflows/release.yml':
    'name: release\non:\n  push:\n    tags: ["v*"]\njobs:\n  publish:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n',
  '.github/dependabot.yml':
    'version: 2\nupdates:\n  - package-ecosystem: npm\n    directory: /\n    schedule:\n      interval: weekly\n',
  'compose.yaml': 'services:\n  web:\n    image: nginx\n  db:\n    image: postgres\n',
};
for (const [rel, value] of Object.entries({ ...files, ...yaml })) {
  fs.mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
  fs.writeFileSync(path.join(repo, rel), typeof value === 'string' ? value : `${JSON.stringify(value, null, 2)}\n`);
}

const catalogUrl = `${origin}/api/json/catalog.json`;
const pull = (args) =>
  new Promise((resolve) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, [BIN, 'schemas', 'pull', '--catalog', catalogUrl, ...args], {
      cwd: repo,
      env: pullEnv,
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) =>
      resolve({ code, out: out.trim(), ms: Number(process.hrtime.bigint() - started) / 1e6 }),
    );
  });

requests = 0;
const cold = await pull([]);
const coldRequests = requests;
const coldTunnels = tunnels;
requests = 0;
const warm = await pull([]);
const warmRequests = requests;
await new Promise((resolve) => server.close(resolve));
proxy.close();

const lock = JSON.parse(fs.readFileSync(path.join(repo, 'filecheck.lock.json'), 'utf8'));
const entries = Object.values(lock.schemas);
const size = entries.reduce((sum, entry) => sum + entry.size, 0);

// Runs: after the pull (the lock, the store), and over the clone with --schema-store.
const method = detectRssMethod();
const pulledRun = [BIN, '--catalog', catalogUrl];
// The clone run gets the other hosts' schemas the server gave (renovate's, compose's stand-in) by
// --schema-store too, so that both runs validate the same files against the same schemas.
const otherHosts = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-pull-bench-hosts-'));
const hostMappings = [];
for (const [where, copy] of [...Object.entries(OTHER_HOSTS), [COMPOSE, null]]) {
  const file = path.join(otherHosts, where);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, copy ? fs.readFileSync(path.join(schemasDir, copy)) : COMPOSE_STAND_IN);
  const host = where.slice(0, where.indexOf('/'));
  hostMappings.push('--schema-store', `https://${host}/=${path.join(otherHosts, host)}`);
}
const cloneRun = [
  BIN,
  '--catalog',
  catalogFile,
  '--schema-store',
  `https://json.schemastore.org/=${schemasDir}`,
  ...hostMappings,
];
const report = (argv) => runOnce([process.execPath, ...argv, '-r', 'json'], { cwd: repo, method });
// Interleaved, after an untimed pair; the ratio is the median of each round's.
const times = { pulled: [], clone: [] };
report(pulledRun);
report(cloneRun);
for (let i = 0; i < RUNS; i++) {
  times.pulled.push(report(pulledRun).wall * 1000);
  times.clone.push(report(cloneRun).wall * 1000);
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
const summaryOf = (argv) => {
  const run = spawnSync(process.execPath, [...argv, '-r', 'json', '--verbose'], { cwd: repo, encoding: 'utf8' });
  const { summary } = JSON.parse(run.stdout);
  return `exit ${run.status}, ${summary.total} files, ${summary.passed} passed, ${summary.failed} failed, ${summary.onlyParsed} only parsed`;
};

console.log(`repository: ${Object.keys({ ...files, ...yaml }).length} files in ${repo}`);
console.log(
  `cold pull: ${cold.ms.toFixed(0)} ms, exit ${cold.code}, ${coldRequests} HTTPS requests through ${coldTunnels} proxy tunnels: ${cold.out}`,
);
console.log(`warm pull: ${warm.ms.toFixed(0)} ms, exit ${warm.code}, ${warmRequests} requests: ${warm.out}`);
console.log(
  `store: ${entries.length} files locked (catalog included), ${(size / 1024).toFixed(0)} KB (compose-spec: a stand-in)`,
);
console.log(
  `run after the pull:           median ${median(times.pulled).toFixed(0)} ms of ${RUNS} (${summaryOf(pulledRun)})`,
);
console.log(
  `run over the clone (--schema-store): median ${median(times.clone).toFixed(0)} ms of ${RUNS} (${summaryOf(cloneRun)})`,
);
console.log(`ratio (median of the rounds'): ${median(times.pulled.map((ms, i) => ms / times.clone[i])).toFixed(3)}×`);
cleanup();
if (!process.env.KEEP) for (const dir of [repo, otherHosts]) fs.rmSync(dir, { recursive: true, force: true });
