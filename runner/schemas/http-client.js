// PLACEHOLDER: replaced by i28-net's client at merge
// The interface of the real client, on Node's global fetch: no proxy, no retries, a few requests at once.

export class FetchError extends Error {}

export function createHttpClient({ timeoutMs = 30_000, maxBytes = 10 * 1024 * 1024, concurrency = 4 } = {}) {
  let running = 0;
  const waiting = [];
  // A slot is handed from a finished request to a waiting one, or given back.
  const slot = async () => {
    if (running < concurrency) running++;
    else await new Promise((go) => waiting.push(go));
  };
  const release = () => {
    if (waiting.length) waiting.shift()();
    else running--;
  };
  async function getSchema(url) {
    await slot();
    try {
      let response;
      try {
        response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      } catch (error) {
        throw new FetchError(`${url}: ${error.cause?.code ?? error.message}`);
      }
      const bytes = Buffer.from(await response.arrayBuffer());
      if (response.status !== 200) throw new FetchError(`${url}: HTTP ${response.status}`);
      if (bytes.length > maxBytes) throw new FetchError(`${url}: larger than ${maxBytes} bytes`);
      try {
        JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
      } catch {
        throw new FetchError(`${url}: HTTP ${response.status}, but the body is not JSON`);
      }
      return { url, finalUrl: response.url, status: response.status, bytes };
    } finally {
      release();
    }
  }
  return { getSchema, close: async () => {} };
}
