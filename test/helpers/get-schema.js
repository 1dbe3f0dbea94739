// `node test/helpers/get-schema.js <url>`: one getSchema in a process of its own, its result or its
// error printed as one JSON line. For what Node reads only when it starts (NODE_EXTRA_CA_CERTS), and
// the proxy variables read from process.env, the client's default.
import { createHttpClient } from '../../runner/schemas/http-client.js';

const client = createHttpClient({ retries: 0 });
try {
  const { url, finalUrl, status, bytes } = await client.getSchema(process.argv[2]);
  console.log(JSON.stringify({ url, finalUrl, status, text: bytes.toString('utf8') }));
} catch (error) {
  console.log(JSON.stringify({ error: error.name, message: error.message }));
} finally {
  await client.close();
}
