// The HTTP client of `filecheck schemas pull` against servers this file starts on 127.0.0.1: plain
// answers, retries, redirects, limits, a CONNECT proxy, and HTTPS with a test CA given to a child
// process by NODE_EXTRA_CA_CERTS. Verdicts count requests and attempts, never durations.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { createHttpClient, FetchError, retryAfterMs } from '../../runner/schemas/http-client.js';

const TLS = new URL('../fixtures/tls/', import.meta.url);
const GET_SCHEMA = fileURLToPath(new URL('../helpers/get-schema.js', import.meta.url));
const SCHEMA = JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' });
const NO_PROXY_ENV = {}; // the clients below read no proxy variable of the machine the tests run on

/**
 * Starts a server on 127.0.0.1 and a free port, stopped with every connection it has (tunnels too)
 * when the test ends.
 * @returns {Promise<{ origin: string, port: number, hits: string[] }>} hits: each request's method and path
 */
async function start(t, handler, { server = http.createServer(), hits = [] } = {}) {
  const sockets = new Set();
  server.on('connection', (socket) => sockets.add(socket) && socket.on('close', () => sockets.delete(socket)));
  server.on('secureConnection', (socket) => sockets.add(socket));
  server.on('request', (req, res) => {
    hits.push(`${req.method} ${req.url}`);
    handler(req, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address();
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return { origin: `${scheme}://127.0.0.1:${port}`, port, hits };
}

// A server that answers each path by its own list of handlers, one per request (the last repeats).
function byPath(routes) {
  const seen = {};
  return (req, res) => {
    const handlers = routes[req.url] ?? [(_, r) => r.writeHead(404).end()];
    const n = (seen[req.url] = (seen[req.url] ?? 0) + 1);
    handlers[Math.min(n, handlers.length) - 1](req, res);
  };
}

const json =
  (body = SCHEMA, headers = {}) =>
  (_, res) =>
    res.writeHead(200, { 'content-type': 'application/json', ...headers }).end(body);
const status =
  (code, headers = {}) =>
  (_, res) =>
    res.writeHead(code, headers).end(`status ${code}`);
// 1,024 bytes of the 4,096 its Content-Length promises, then the connection is cut.
const truncated = (_, res) => {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': 4096 });
  res.write(' '.repeat(1024), () => res.socket.destroy());
};

/** The client's error, or a failure if it resolved. */
async function rejection(promise) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  assert.fail('getSchema resolved');
}

function client(t, options = {}) {
  const made = createHttpClient({ env: NO_PROXY_ENV, backoffMs: 1, ...options });
  t.after(() => made.close());
  return made;
}

test('a 200 with JSON: the bytes as they came, the URL asked for and where the body came from', async (t) => {
  const { origin } = await start(t, byPath({ '/s.json': [json()] }));
  const result = await client(t).getSchema(`${origin}/s.json`);
  assert.deepEqual(
    { ...result, bytes: result.bytes.toString() },
    { url: `${origin}/s.json`, finalUrl: `${origin}/s.json`, status: 200, bytes: SCHEMA },
  );
});

test('a gzipped body is decoded, and the size limit counts the decoded bytes (a small bomb is refused)', async (t) => {
  const bomb = zlib.gzipSync(`{"a":"${' '.repeat(1 << 20)}"}`);
  const { origin } = await start(
    t,
    byPath({
      '/s.json': [(req, res) => json(zlib.gzipSync(SCHEMA), { 'content-encoding': 'gzip' })(req, res)],
      '/bomb.json': [json(bomb, { 'content-encoding': 'gzip' })],
    }),
  );
  const http1 = client(t, { maxBytes: 64 * 1024 });
  assert.equal((await http1.getSchema(`${origin}/s.json`)).bytes.toString(), SCHEMA);
  assert.ok(bomb.length < 64 * 1024);
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/bomb.json`))).message,
    `${origin}/bomb.json: larger than 64 KiB`,
  );
});

test('429 with Retry-After, then 200: retried, and Retry-After wins over the back-off', {
  timeout: 20_000,
}, async (t) => {
  const { origin, hits } = await start(
    t,
    byPath({ '/s.json': [status(429, { 'retry-after': '0' }), status(429, { 'retry-after': '0' }), json()] }),
  );
  const retries = [];
  // A back-off of 100 s: had the client waited it instead of Retry-After's 0, the test would time out.
  const http1 = client(t, { backoffMs: 100_000, onRetry: (info) => retries.push(info) });
  assert.equal((await http1.getSchema(`${origin}/s.json`)).bytes.toString(), SCHEMA);
  assert.equal(hits.length, 3);
  assert.deepEqual(retries, [
    { url: `${origin}/s.json`, attempt: 1, waitMs: 0, why: 'HTTP 429' },
    { url: `${origin}/s.json`, attempt: 2, waitMs: 0, why: 'HTTP 429' },
  ]);
});

test('Retry-After: seconds or an HTTP date, never below 0 nor above 60 s; unreadable is none', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');
  assert.equal(retryAfterMs('7', now), 7000);
  assert.equal(retryAfterMs('Sat, 28 Nov 2026 12:00:05 GMT', now), 5000);
  assert.equal(retryAfterMs('Sat, 28 Nov 2026 11:00:00 GMT', now), 0);
  assert.equal(retryAfterMs('3600', now), 60_000);
  assert.equal(retryAfterMs('soon', now), undefined);
  assert.equal(retryAfterMs(undefined, now), undefined);
});

test('503 forever: retries times more, each back-off doubled and jittered, then one error naming the attempts', async (t) => {
  const { origin, hits } = await start(t, byPath({ '/s.json': [status(503)] }));
  const waits = [];
  const http1 = client(t, {
    retries: 3,
    backoffMs: 8,
    onRetry: ({ attempt, waitMs }) => waits.push([attempt, waitMs]),
  });
  const error = await rejection(http1.getSchema(`${origin}/s.json`));
  assert.ok(error instanceof FetchError);
  assert.equal(error.message, `${origin}/s.json: HTTP 503 after 4 attempts`);
  assert.equal(error.status, 503);
  assert.equal(hits.length, 4);
  assert.deepEqual(
    waits.map(([attempt]) => attempt),
    [1, 2, 3],
  );
  for (const [attempt, waitMs] of waits) {
    const full = 8 * 2 ** (attempt - 1);
    assert.ok(waitMs >= full / 2 && waitMs <= full, `attempt ${attempt} waited ${waitMs} ms of ${full}`);
  }
});

test('a 404 is not retried; the error names the URL asked for and the status', async (t) => {
  const { origin, hits } = await start(t, byPath({}));
  const error = await rejection(client(t).getSchema(`${origin}/gone.json`));
  assert.equal(error.message, `${origin}/gone.json: HTTP 404`);
  assert.equal(hits.length, 1);
});

test('a redirect chain (absolute, then relative Location) ends well: finalUrl is where the body came from', async (t) => {
  const { origin, hits } = await start(
    t,
    byPath({
      '/old.json': [(_, res) => res.writeHead(301, { location: `${origin}/v1/mid.json` }).end()],
      '/v1/mid.json': [status(302, { location: '../v2/s.json' })],
      '/v2/s.json': [json()],
      '/to-gone.json': [status(307, { location: '/gone.json' })],
    }),
  );
  const http1 = client(t);
  const result = await http1.getSchema(`${origin}/old.json`);
  assert.deepEqual([result.url, result.finalUrl], [`${origin}/old.json`, `${origin}/v2/s.json`]);
  assert.deepEqual(hits, ['GET /old.json', 'GET /v1/mid.json', 'GET /v2/s.json']);
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/to-gone.json`))).message,
    `${origin}/to-gone.json: HTTP 404 (redirected to ${origin}/gone.json)`,
  );
});

test('a redirect loop stops after `redirects` redirects; a redirect to file: is refused', async (t) => {
  const { origin, hits } = await start(
    t,
    byPath({
      '/a.json': [status(302, { location: '/b.json' })],
      '/b.json': [status(302, { location: '/a.json' })],
      '/local.json': [status(302, { location: 'file:///etc/passwd' })],
    }),
  );
  const http1 = client(t, { redirects: 3 });
  const error = await rejection(http1.getSchema(`${origin}/a.json`));
  assert.equal(error.message, `${origin}/a.json: 3 redirects, the last to ${origin}/b.json`);
  assert.equal(hits.length, 4);
  assert.equal(
    (await rejection(client(t, { redirects: 0 }).getSchema(`${origin}/a.json`))).message,
    `${origin}/a.json: redirected to ${origin}/b.json (redirects: 0)`,
  );
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/local.json`))).message,
    `${origin}/local.json: redirected to file:///etc/passwd, not http: or https:`,
  );
});

test('a truncated body is retried, and so is a connection reset before the answer', async (t) => {
  const { origin, hits } = await start(
    t,
    byPath({
      '/s.json': [truncated, json()],
      '/reset.json': [(req) => req.socket.destroy(), json()],
      '/always.json': [truncated],
    }),
  );
  const whys = [];
  const http1 = client(t, { retries: 1, onRetry: ({ why }) => whys.push(why) });
  assert.equal((await http1.getSchema(`${origin}/s.json`)).bytes.toString(), SCHEMA);
  assert.equal((await http1.getSchema(`${origin}/reset.json`)).bytes.toString(), SCHEMA);
  assert.equal(whys[0], 'the body ended early (1,024 of 4,096 bytes)');
  assert.match(whys[1], /^the connection was reset/);
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/always.json`))).message,
    `${origin}/always.json: the body ended early (1,024 of 4,096 bytes) after 2 attempts`,
  );
  assert.equal(hits.length, 6);
});

test('an HTML page behind a 200 is refused with its type and status, and not retried', async (t) => {
  const page = '<!doctype html><title>Sign in to the Wi-Fi</title>';
  const { origin, hits } = await start(
    t,
    byPath({ '/s.json': [json(page, { 'content-type': 'text/html; charset=utf-8' })], '/empty.json': [json('')] }),
  );
  const http1 = client(t);
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/s.json`))).message,
    `${origin}/s.json: not JSON (text/html, HTTP 200)`,
  );
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/empty.json`))).message,
    `${origin}/empty.json: not JSON (application/json, HTTP 200)`,
  );
  assert.equal(hits.length, 2);
});

test('the size limit: a Content-Length over it is refused unread, an endless body is stopped while read', async (t) => {
  const total = 64 * 1024 * 1024;
  let written = 0;
  const endless = (_, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length to refuse it by
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const more = () => {
      while (written < total && !res.destroyed) {
        written += chunk.length;
        if (!res.write(chunk)) return res.once('drain', more);
      }
      res.end();
    };
    more();
  };
  const { origin } = await start(
    t,
    byPath({
      '/big.json': [(_, res) => res.writeHead(200, { 'content-length': 2048 }).end(' '.repeat(2048))],
      '/endless.json': [endless],
    }),
  );
  const http1 = client(t, { maxBytes: 1024 });
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/big.json`))).message,
    `${origin}/big.json: larger than 1 KiB`,
  );
  assert.equal(
    (await rejection(http1.getSchema(`${origin}/endless.json`))).message,
    `${origin}/endless.json: larger than 1 KiB`,
  );
  assert.ok(written < total, `the server wrote all ${written} bytes: the client read them`);
});

test('a server that never answers: timed out, once (a timeout is not retried)', async (t) => {
  const { origin, hits } = await start(t, () => {});
  const error = await rejection(client(t, { timeoutMs: 200 }).getSchema(`${origin}/s.json`));
  assert.equal(error.message, `${origin}/s.json: timed out after 0.2 s`);
  assert.equal(hits.length, 1);
});

test('a refused connection and a URL that is not http: are one line each', async (t) => {
  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address();
  await new Promise((resolve) => closed.close(resolve));
  const http1 = client(t);
  assert.equal(
    (await rejection(http1.getSchema(`http://127.0.0.1:${port}/s.json`))).message,
    `http://127.0.0.1:${port}/s.json: connection refused (127.0.0.1:${port})`,
  );
  assert.equal(
    (await rejection(http1.getSchema('ftp://example.com/s.json'))).message,
    'ftp://example.com/s.json: not an http: or https: URL',
  );
});

test('at most `concurrency` requests in flight, however many schemas are asked for at once', async (t) => {
  const concurrency = 2;
  const asked = 7;
  let inFlight = 0;
  let most = 0;
  let done = 0;
  let held = [];
  // Requests are held until `concurrency` are in flight (fewer at the end), then a while longer for
  // any more to come, then answered together. A client within its bound passes whatever the while;
  // one that sent more at once would show more here, one that sent fewer would never be answered.
  const { origin, hits } = await start(t, (_, res) => {
    held.push(res);
    most = Math.max(most, ++inFlight);
    if (held.length === Math.min(concurrency, asked - done))
      setTimeout(() => {
        for (const each of held) json()(null, each);
        [inFlight, done, held] = [inFlight - held.length, done + held.length, []];
      }, 20);
  });
  const http1 = client(t, { concurrency });
  const results = await Promise.all(Array.from({ length: asked }, (_, i) => http1.getSchema(`${origin}/${i}.json`)));
  assert.equal(results.length, asked);
  assert.equal(hits.length, asked);
  assert.equal(most, concurrency);
});

// A CONNECT proxy (https, and http when tunnelled) that also forwards plain proxied http requests.
async function startProxy(t) {
  const seen = [];
  const server = http.createServer();
  server.on('connect', (req, socket, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = req.url.split(':');
    const upstream = net.connect(Number(port), host, () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).on('error', () => {});
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy()).on('close', () => upstream.destroy());
  });
  const { origin } = await start(
    t,
    (req, res) => {
      const ahead = http.request(req.url, { method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.pipe(res);
      });
      ahead.on('error', () => res.writeHead(502).end());
      req.pipe(ahead);
    },
    { server, hits: seen },
  );
  return { proxy: origin, seen };
}

test('HTTP_PROXY: an http: URL goes through the proxy; NO_PROXY sends it straight', async (t) => {
  const { origin, port } = await start(t, byPath({ '/s.json': [json()] }));
  const { proxy, seen } = await startProxy(t);
  const through = client(t, { env: { HTTP_PROXY: proxy } });
  assert.equal((await through.getSchema(`${origin}/s.json`)).bytes.toString(), SCHEMA);
  assert.deepEqual(seen, [`GET ${origin}/s.json`]);
  const around = client(t, { env: { http_proxy: proxy, NO_PROXY: `example.com,127.0.0.1:${port}` } });
  assert.equal((await around.getSchema(`${origin}/s.json`)).bytes.toString(), SCHEMA);
  assert.equal(seen.length, 1);
});

// One getSchema in a child process with this environment (and no proxy variable of the machine's).
async function getInChild(url, env) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !/^(https?_proxy|no_proxy|node_extra_ca_certs|node_options)$/i.test(name),
    ),
  );
  const { stdout } = await promisify(execFile)(process.execPath, [GET_SCHEMA, url], { env: { ...clean, ...env } });
  return JSON.parse(stdout);
}

async function startHttps(t) {
  const server = https.createServer({
    cert: fs.readFileSync(new URL('server-cert.pem', TLS)),
    key: fs.readFileSync(new URL('server-key.pem', TLS)),
  });
  return start(t, byPath({ '/s.json': [json()] }), { server });
}

test('HTTPS with a CA given by NODE_EXTRA_CA_CERTS is trusted; without it, the error says what to do', async (t) => {
  const { origin } = await startHttps(t);
  const CA = fileURLToPath(new URL('ca.pem', TLS));
  assert.deepEqual(await getInChild(`${origin}/s.json`, { NODE_EXTRA_CA_CERTS: CA }), {
    url: `${origin}/s.json`,
    finalUrl: `${origin}/s.json`,
    status: 200,
    text: SCHEMA,
  });
  assert.deepEqual(await getInChild(`${origin}/s.json`, {}), {
    error: 'FetchError',
    message: `${origin}/s.json: certificate not trusted (UNABLE_TO_VERIFY_LEAF_SIGNATURE); a proxy that re-signs TLS needs its CA in NODE_EXTRA_CA_CERTS`,
  });
});

test('HTTPS_PROXY: an https: URL goes through a CONNECT tunnel; NO_PROXY bypasses the proxy', async (t) => {
  const { origin, port } = await startHttps(t);
  const { proxy, seen } = await startProxy(t);
  const CA = fileURLToPath(new URL('ca.pem', TLS));
  const through = await getInChild(`${origin}/s.json`, { NODE_EXTRA_CA_CERTS: CA, HTTPS_PROXY: proxy });
  assert.equal(through.text, SCHEMA);
  assert.deepEqual(seen, [`CONNECT 127.0.0.1:${port}`]);
  const around = await getInChild(`${origin}/s.json`, {
    NODE_EXTRA_CA_CERTS: CA,
    HTTPS_PROXY: proxy,
    NO_PROXY: '127.0.0.1',
  });
  assert.equal(around.text, SCHEMA);
  assert.equal(seen.length, 1);
});
