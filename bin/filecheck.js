#!/usr/bin/env node
// The only place that touches `process`: signals, exit code, broken pipes.
import module from 'node:module';

// V8's compiled code of filecheck's modules and of its dependencies is kept between runs, as
// Python keeps .pyc files (Node 22.1 and later; in the OS's temporary folder;
// NODE_DISABLE_COMPILE_CACHE=1 turns it off): compiling them again costs a config file's run 5-7%
// on Node 24 (bench/RESULTS.md). So filecheck is loaded only once it is on, and with require: an ES
// module loaded synchronously (docs/ARCHITECTURE.md, "Loading modules").
module.enableCompileCache?.();
const require = module.createRequire(import.meta.url);
const { main } = require('../runner/cli/main.js');
const { EXIT } = require('../shared/exit-codes.js');

const controller = new AbortController();
const atHardExit = new Set(); // cleanups for an exit that cannot wait for the run: unfinished report files
let stoppedWith = null; // the exit code of the signal that stopped the run

// The first stop ends the run as a finished one ends: workers stopped, the partial summary printed,
// report files completed. A second signal does not wait.
function stop(code) {
  if (stoppedWith === null) {
    stoppedWith = code;
    controller.abort();
    return;
  }
  for (const cleanup of atHardExit) cleanup();
  process.exit(code);
}
process.on('SIGINT', () => stop(EXIT.interrupted));
process.on('SIGTERM', () => stop(EXIT.terminated)); // a CI job cancelled or timed out, `kill`, `timeout`

// `filecheck … | head -1`: the reader has gone. Stop as for a signal, quietly, and say in the exit
// code that the report was not all delivered. The writes that follow fail the same way, unheard.
let lostOutput = null; // the exit code for an output that could not be written
for (const stream of [process.stdout, process.stderr]) {
  let broken = false;
  stream.on('error', (error) => {
    if (broken) return;
    broken = true;
    if (error.code !== 'EPIPE')
      process.stderr.write(`filecheck: cannot write the output: ${error.code ?? error.message}\n`);
    lostOutput ??= error.code === 'EPIPE' ? EXIT.outputClosed : EXIT.usage;
    controller.abort();
  });
}

try {
  const code = await main(process.argv.slice(2), {
    cwd: process.cwd(),
    env: process.env,
    stdout: process.stdout,
    stderr: process.stderr,
    get stdin() {
      // created only when read (--watch): a plain run never touches it
      return process.stdin;
    },
    signal: controller.signal,
    atHardExit: (cleanup) => atHardExit.add(cleanup),
  });
  // A lost output always tells; a signal that came once every file was checked changes nothing.
  process.exitCode = lostOutput ?? (code === EXIT.interrupted && stoppedWith !== null ? stoppedWith : code);
} catch (error) {
  process.stderr.write(`filecheck: internal error (please report it): ${error?.stack ?? error}\n`);
  process.exitCode = EXIT.usage;
}
