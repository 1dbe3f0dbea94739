// The HTTP client of `filecheck schemas pull`, filecheck's only use of the network (docs/network.md):
// undici's request() through its EnvHttpProxyAgent (HTTPS_PROXY, HTTP_PROXY, NO_PROXY; a CONNECT
// tunnel for https), redirects, retries with back-off, a size limit kept while reading, at most a few
// requests in flight. TLS is Node's own: the CAs of NODE_EXTRA_CA_CERTS, read at start, are trusted.
// undici is required when a client is made, so a run that pulls nothing never loads it.
import { createRequire } from 'node:module';
import { setTimeout as sleep } from 'node:timers/promises';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);

const MiB = 1024 * 1024;
const RETRY_AFTER_CAP_MS = 60_000;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// What a reset looks like: before the answer, or mid-body (then it is a truncated body).
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'EAI_AGAIN']);
const UNTRUSTED_CERTIFICATE = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
]);

/** One line, naming the URL asked for: `https://x/y.json: HTTP 404`, `…: HTTP 503 after 4 attempts`. */
export class FetchError extends Error {
  name = 'FetchError';

  /**
   * @param {string} url the URL asked for
   * @param {string} problem what went wrong, without the URL
   * @param {{ status?: number }} [details] status: the last HTTP status, when there was one
   */
  constructor(url, problem, { status } = {}) {
    super(`${url}: ${problem}`);
    this.url = url;
    this.problem = problem;
    this.status = status;
  }
}

// One attempt's failure, before it is worded for the URL asked for: whether to try again, and when.
class Failure extends Error {
  constructor(problem, { retry = false, retryAfterMs, status } = {}) {
    super(problem);
    this.retry = retry;
    this.retryAfterMs = retryAfterMs;
    this.status = status;
  }
}

/**
 * @param {{ env?: NodeJS.ProcessEnv, timeoutMs?: number, retries?: number, maxBytes?: number,
 *   concurrency?: number, redirects?: number, backoffMs?: number, onRetry?: (info: { url: string, attempt: number, waitMs: number, why: string }) => void }} [options]
 *   defaults: env process.env, timeoutMs 30000 (per request), retries 3 (on 429, 5xx, a reset or a
 *   truncated body), maxBytes 16 MiB (per schema), concurrency 4 (requests in flight, whatever the
 *   callers ask), redirects 5, backoffMs 500 (doubled each attempt, jittered; a Retry-After in
 *   seconds or as an HTTP date wins, capped at 60 s). env gives the proxy variables only: Node reads
 *   NODE_EXTRA_CA_CERTS from its own environment when it starts. onRetry: attempt is the one that
 *   failed (1 for the first), why its problem (`HTTP 503`)
 * @returns {{ getSchema(url: string): Promise<{ url: string, finalUrl: string, status: number, bytes: Buffer }>, close(options?: { abort?: boolean }): Promise<void> }}
 *   getSchema resolves with the body of a 200 that parses as JSON; anything else rejects with a FetchError
 */
export function createHttpClient({
  env = process.env,
  timeoutMs = 30_000,
  retries = 3,
  maxBytes = 16 * MiB,
  concurrency = 4,
  redirects = 5,
  backoffMs = 500,
  onRetry,
} = {}) {
  const { request, EnvHttpProxyAgent } = require('undici');
  const dispatcher = new EnvHttpProxyAgent({
    // Given whole (an empty string for none), so that undici does not read process.env itself.
    httpProxy: env.http_proxy ?? env.HTTP_PROXY ?? '',
    httpsProxy: env.https_proxy ?? env.HTTPS_PROXY ?? '',
    noProxy: env.no_proxy ?? env.NO_PROXY ?? '',
    // http: through an http: proxy as a plain proxied request: many proxies allow CONNECT to 443 only.
    proxyTunnel: false,
    connect: { timeout: timeoutMs },
  });
  const inFlight = limit(concurrency);
  const headers = {
    accept: 'application/schema+json, application/json;q=0.9, */*;q=0.5',
    'accept-encoding': 'gzip, br',
    'user-agent': `filecheck/${require('../../package.json').version}`,
  };

  // One request to one URL, its body read whole: a redirect's target, or the bytes of a 200 that is JSON.
  async function requestOnce(url) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const response = await request(url, { dispatcher, headers, signal: controller.signal });
      const { statusCode: status, headers: answer, body } = response;
      if (REDIRECT_STATUSES.has(status) && answer.location) {
        await body.dump().catch(() => {});
        return { location: URL.canParse(answer.location, url) ? new URL(answer.location, url).href : answer.location };
      }
      if (status !== 200) {
        await body.dump().catch(() => {});
        const retry = status === 429 || status >= 500;
        throw new Failure(`HTTP ${status}`, { retry, retryAfterMs: retryAfterMs(answer['retry-after']), status });
      }
      const bytes = await readBody(body, answer, maxBytes);
      if (!isJson(bytes)) throw new Failure(`not JSON (${mediaType(answer)}, HTTP 200)`, { status });
      return { bytes };
    } catch (error) {
      if (controller.signal.aborted) throw new Failure(`timed out after ${timeoutMs / 1000} s`);
      throw failureOf(error);
    } finally {
      clearTimeout(timer);
    }
  }

  // The same request until it succeeds, fails for good or has been tried retries + 1 times.
  async function withRetries(asked, url) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inFlight(() => requestOnce(url));
      } catch (failure) {
        if (!failure.retry || attempt > retries) {
          const after = attempt > 1 ? ` after ${attempt} attempts` : '';
          const where = url === asked ? '' : ` (redirected to ${url})`;
          throw new FetchError(asked, `${failure.message}${after}${where}`, { status: failure.status });
        }
        const waitMs = Math.min(failure.retryAfterMs ?? jittered(backoffMs * 2 ** (attempt - 1)), RETRY_AFTER_CAP_MS);
        onRetry?.({ url: asked, attempt, waitMs, why: failure.message });
        await sleep(waitMs);
      }
    }
  }

  async function getSchema(asked) {
    let url = httpUrl(asked, asked);
    for (let followed = 0; ; followed++) {
      const { location, bytes } = await withRetries(asked, url);
      if (bytes) return { url: asked, finalUrl: url, status: 200, bytes };
      if (followed === redirects)
        throw new FetchError(
          asked,
          redirects ? `${redirects} redirects, the last to ${url}` : `redirected to ${location} (redirects: 0)`,
        );
      url = httpUrl(asked, location);
    }
  }

  return {
    getSchema,
    // abort: the requests in flight are dropped (Ctrl-C), else they end first.
    close: async ({ abort = false } = {}) => {
      await (abort ? dispatcher.destroy() : dispatcher.close());
    },
  };
}

// Only http: and https:, also where a redirect leads (not file:, not data:).
function httpUrl(asked, url) {
  const parsed = URL.canParse(url) ? new URL(url) : null;
  if (parsed?.protocol === 'http:' || parsed?.protocol === 'https:') return parsed.href;
  throw new FetchError(
    asked,
    url === asked ? 'not an http: or https: URL' : `redirected to ${url}, not http: or https:`,
  );
}

/**
 * The body, decoded (gzip, br), stopped as soon as it passes maxBytes. A body shorter than its
 * Content-Length, or cut by a reset, is a Failure to retry.
 */
async function readBody(body, answer, maxBytes) {
  const declared = answer['content-length'] === undefined ? null : Number(answer['content-length']);
  const encoding = answer['content-encoding'];
  const tooLarge = () => new Failure(`larger than ${sizeOf(maxBytes)}`, { status: 200 });
  if (!encoding && declared > maxBytes) throw tooLarge();
  const decoded =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? body.pipe(zlib.createGunzip())
      : encoding === 'br'
        ? body.pipe(zlib.createBrotliDecompress())
        : body;
  let received = 0; // the bytes that came, before decoding: what Content-Length counts
  if (decoded !== body) body.on('data', (chunk) => (received += chunk.length)).on('error', (e) => decoded.destroy(e));
  const chunks = [];
  let length = 0;
  const endedEarly = () =>
    new Failure(
      declared === null
        ? `the body ended early (after ${count(received)} bytes)`
        : `the body ended early (${count(received)} of ${count(declared)} bytes)`,
      { retry: true, status: 200 },
    );
  try {
    for await (const chunk of decoded) {
      if (decoded === body) received += chunk.length;
      length += chunk.length;
      if (length > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (error) {
    if (error instanceof Failure) throw error;
    // A reset mid-body, or a compressed stream cut short.
    if (RESET_CODES.has(error.code) || error.code === 'Z_BUF_ERROR' || error.code === 'ERR_STREAM_PREMATURE_CLOSE')
      throw endedEarly();
    throw error;
  } finally {
    body.destroy();
  }
  if (declared !== null && received !== declared) throw endedEarly();
  return Buffer.concat(chunks, length);
}

function isJson(bytes) {
  try {
    JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)); // a BOM is dropped
    return true;
  } catch {
    return false;
  }
}

// An error of undici or of the socket, as one Failure (the timeout is told by the caller).
function failureOf(error) {
  if (error instanceof Failure || error instanceof FetchError) return error;
  const code = error.code ?? error.cause?.code;
  if (code === 'ECONNREFUSED') return new Failure(`connection refused (${error.address}:${error.port})`);
  if (code === 'ENOTFOUND') return new Failure(`host not found (${error.hostname})`);
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return new Failure(`timed out connecting (${error.message})`);
  if (code === 'EAI_AGAIN') return new Failure(`host name lookup failed (${error.hostname})`, { retry: true });
  if (RESET_CODES.has(code)) return new Failure(`the connection was reset (${error.message})`, { retry: true });
  if (UNTRUSTED_CERTIFICATE.has(code))
    return new Failure(
      `certificate not trusted (${code}); a proxy that re-signs TLS needs its CA in NODE_EXTRA_CA_CERTS`,
    );
  if (code === 'CERT_HAS_EXPIRED' || code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return new Failure(`TLS: ${error.message}`);
  const tunnel = /Proxy response \((\d+)\)/.exec(error.message);
  if (tunnel) return new Failure(`the proxy refused the tunnel (HTTP ${tunnel[1]})`);
  return new Failure(`${code ? `${code}: ` : ''}${error.message.split('\n')[0]}`);
}

/**
 * @param {string | undefined} value a Retry-After header: seconds, or an HTTP date
 * @param {number} [now]
 * @returns {number | undefined} how long it asks to wait, in ms, at most 60 s; undefined when absent or unreadable
 */
export function retryAfterMs(value, now = Date.now()) {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  return Number.isNaN(ms) ? undefined : Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

// Between half and all of the back-off, so that clients that failed together do not retry together.
const jittered = (ms) => Math.round(ms * (0.5 + Math.random() / 2));

// At most `max` tasks running; the others wait their turn, in order.
function limit(max) {
  let running = 0;
  const waiting = [];
  return async (task) => {
    if (running < max) running++;
    else await new Promise((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const mediaType = (answer) => answer['content-type']?.split(';')[0].trim() || 'no Content-Type';
const count = (n) => n.toLocaleString('en-US');
const sizeOf = (bytes) =>
  bytes % MiB === 0 ? `${bytes / MiB} MiB` : bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${count(bytes)} bytes`;
