// Config.reporters ──▶ reporter objects, each with its own output. When a report (json, sarif or
// gitlab) goes to stdout, stdout carries it alone, and everything else (the human report, GitHub's
// workflow commands, which the Actions runner reads on stderr as well) goes to stderr. Each reporter
// is made by its row of REPORTERS (specs.js), its module and report files loaded only by the runs
// that use them.
import { createRequire } from 'node:module';
import { REPORTERS, writesToStdout } from './specs.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../runner/config/load-config.js').Config} config
 * @param {{ stdout: NodeJS.WritableStream & { isTTY?: boolean }, stderr: NodeJS.WritableStream & { isTTY?: boolean },
 *   env: Record<string, string | undefined>, atHardExit?(cleanup: () => void): void }} io atHardExit: see main (cli.js)
 */
export async function createReporters(config, { stdout, stderr, env, atHardExit }) {
  const sinks = [];
  const fileSink = (file) => {
    const sink = require('./file-sink.js').createFileSink(file, atHardExit);
    sinks.push(sink);
    return sink;
  };
  const human = config.reporters.some(writesToStdout) ? stderr : stdout;
  const reporters = [];
  // A terminal that reports no width (0 columns under some CI agents' pseudo-terminals) gets no
  // spinner: ora divides by the width to know how many lines to erase, and wrote megabytes of erase
  // codes there.
  if (stderr.isTTY && stderr.columns > 0 && !env.CI && !config.listFiles) {
    const { default: ora } = await import('ora');
    const { createProgress } = require('./progress.js');
    reporters.push(createProgress({ stream: stderr, ora }));
  }
  for (const { name, outputFile } of config.reporters) {
    const { module, document, create } = REPORTERS[name];
    const output = outputFile ? fileSink(outputFile) : streamSink(document ? stdout : human);
    reporters.push(create(require(module), { output, outputFile, human, stderr, env, config }));
  }
  // A run that ends in a usage error (a schema found invalid when first used) leaves no report behind.
  reporters.discard = () => sinks.forEach((sink) => sink.discard());
  return reporters;
}

function streamSink(stream) {
  return { write: (text) => stream.write(text), end: () => {} };
}
