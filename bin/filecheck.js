#!/usr/bin/env node
// The only place that touches `process`: signals, exit code, broken pipes.
import { main } from '../runner/cli.js';
import { EXIT } from '../runner/exit-codes.js';

const controller = new AbortController();
process.on('SIGINT', () => {
  if (controller.signal.aborted) process.exit(EXIT.interrupted); // a second Ctrl-C does not wait
  controller.abort();
});
// `filecheck … | head -1`: the reader has gone; stop quietly.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

try {
  process.exitCode = await main(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    signal: controller.signal,
  });
} catch (error) {
  process.stderr.write(`filecheck: internal error (please report it): ${error?.stack ?? error}\n`);
  process.exitCode = EXIT.usage;
}
