// Config.reporters ──▶ reporter objects, each with its own output. When a report (json, sarif or
// gitlab) goes to stdout, stdout carries it alone, and everything else (the human report, GitHub's
// workflow commands, which the Actions runner reads on stderr as well) goes to stderr. json, junit,
// github, sarif, gitlab and report files are loaded only by the runs that use them.
import { createRequire } from 'node:module';
import { colorsFor } from './colors.js';
import { createDefaultReporter } from './default.js';
import { writesToStdout } from './specs.js';
import { createMessages } from '../shared/messages.js';

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
  const documentSink = (file) => (file ? fileSink(file) : streamSink(stdout));
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
    if (name === 'default') {
      const target = outputFile ? fileSink(outputFile) : streamSink(human);
      const colors = colorsFor(outputFile ? {} : human, env, outputFile ? false : config.color);
      // On a terminal, lines are broken between words at its width, read at each line (it may be resized).
      const columns = !outputFile && human.isTTY ? () => human.columns : undefined;
      reporters.push(
        createDefaultReporter({ ...target, colors, quiet: config.quiet, verbose: config.verbose, columns }),
      );
    } else if (name === 'json') {
      const { createJsonReporter } = require('./json.js');
      reporters.push(createJsonReporter({ ...documentSink(outputFile), verbose: config.verbose }));
    } else if (name === 'junit') {
      const { createJunitReporter } = require('./junit.js');
      reporters.push(createJunitReporter(fileSink(outputFile)));
    } else if (name === 'github') {
      const { createGithubReporter } = require('./github.js');
      const { warn } = createMessages({ cwd: config.cwd, stderr, quiet: () => config.quiet });
      const workspace = env.GITHUB_WORKSPACE || config.cwd;
      reporters.push(
        createGithubReporter({
          write: (text) => human.write(text),
          cwd: config.cwd,
          workspace,
          summaryFile: env.GITHUB_STEP_SUMMARY,
          warn,
        }),
      );
    } else if (name === 'sarif') {
      const { createSarifReporter } = require('./sarif.js');
      reporters.push(
        createSarifReporter({ ...documentSink(outputFile), cwd: config.cwd, root: env.GITHUB_WORKSPACE || config.cwd }),
      );
    } else if (name === 'gitlab') {
      const { createGitlabReporter } = require('./gitlab.js');
      reporters.push(
        createGitlabReporter({ ...documentSink(outputFile), cwd: config.cwd, root: env.CI_PROJECT_DIR || config.cwd }),
      );
    }
  }
  // A run that ends in a usage error (a schema found invalid when first used) leaves no report behind.
  reporters.discard = () => sinks.forEach((sink) => sink.discard());
  return reporters;
}

function streamSink(stream) {
  return { write: (text) => stream.write(text), end: () => {} };
}
