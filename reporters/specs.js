// Every reporter, and `-r name[:file]` (or the config's "reporters"), --output-file and
// GITHUB_ACTIONS ──▶ the reporters of one run, each with its one output: a file, or the standard
// streams (see reporters/index.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { UsageError } from '../shared/errors.js';
import { createMessages } from '../shared/messages.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ output: { write(text: string): void, end(): void }, outputFile?: string,
 *   human: NodeJS.WritableStream & { isTTY?: boolean, columns?: number }, stderr: NodeJS.WritableStream,
 *   env: Record<string, string | undefined>, config: import('../runner/config/load-config.js').Config }} ReporterRun
 *   human: the stream of the human report (stderr when a document goes to stdout)
 */

/**
 * Every reporter, a row each: the one place that adds one. The --help lines (runner/cli/options.js)
 * and the config schema's names (scripts/build-config-validator.js) are made from it.
 * - module: loaded only by a run that uses the reporter (reporters/index.js);
 * - create(module, run): the reporter of one run, from its module and its output (a file's or a
 *   stream's write and end; for a document without a file, stdout's, else the human report's);
 * - document: a report that is a document: it goes to a file, or to stdout, which then carries it
 *   alone; --output-file names the file of the one given without a file;
 * - example: the file name the usage errors suggest for it;
 * - needsFile: never on stdout; noFile: takes no file, for the reason its usage error gives.
 * @type {Record<string, { module: string, create(module: any, run: ReporterRun): object, document?: true,
 *   example?: string, needsFile?: true, noFile?: string }>}
 */
export const REPORTERS = {
  default: {
    module: './default.js',
    create: ({ createDefaultReporter }, { output, outputFile, human, env, config }) =>
      createDefaultReporter({
        ...output,
        colors: require('./colors.js').colorsFor(outputFile ? {} : human, env, outputFile ? false : config.color),
        quiet: config.quiet,
        verbose: config.verbose,
        // On a terminal, lines are broken between words at its width, read at each line (it may be resized).
        columns: !outputFile && human.isTTY ? () => human.columns : undefined,
      }),
  },
  json: {
    module: './json.js',
    create: ({ createJsonReporter }, { output, config }) => createJsonReporter({ ...output, verbose: config.verbose }),
    document: true,
    example: 'report.json',
  },
  junit: {
    module: './junit.js',
    create: ({ createJunitReporter }, { output }) => createJunitReporter(output),
    document: true,
    example: 'report.xml',
    // An XML report interleaved with the human one on stdout helps nobody: junit always goes to a file.
    needsFile: true,
  },
  github: {
    module: './github.js',
    create: ({ createGithubReporter }, { output, stderr, env, config }) =>
      createGithubReporter({
        write: output.write,
        cwd: config.cwd,
        workspace: env.GITHUB_WORKSPACE || config.cwd,
        summaryFile: env.GITHUB_STEP_SUMMARY,
        warn: createMessages({ cwd: config.cwd, stderr, quiet: () => config.quiet }).warn,
      }),
    noFile: 'writes to the job log',
  },
  sarif: {
    module: './sarif.js',
    create: ({ createSarifReporter }, { output, env, config }) =>
      createSarifReporter({ ...output, cwd: config.cwd, root: env.GITHUB_WORKSPACE || config.cwd }),
    document: true,
    example: 'filecheck.sarif',
  },
  gitlab: {
    module: './gitlab.js',
    create: ({ createGitlabReporter }, { output, env, config }) =>
      createGitlabReporter({ ...output, cwd: config.cwd, root: env.CI_PROJECT_DIR || config.cwd }),
    document: true,
    example: 'gl-code-quality-report.json',
  },
};

export const REPORTER_NAMES = Object.keys(REPORTERS);

/** The reports that are documents (REPORTERS' document), in the table's order. */
export const DOCUMENT_NAMES = REPORTER_NAMES.filter((name) => REPORTERS[name].document);

/** A report that is a document: it goes to a file, or to stdout, which then carries it alone (reporters/index.js). */
export const isDocument = ({ name }) => DOCUMENT_NAMES.includes(name);
export const writesToStdout = (reporter) => isDocument(reporter) && !reporter.outputFile;

/**
 * @param {string[]} specs `name` or `name:file`, as given on the command line or in the config
 * @param {{ outputFile?: string, cwd: string, base: string, env: Record<string, string | undefined> }} context
 *   base: the folder the specs' files are relative to (the working directory, or the config's folder)
 * @returns {{ name: string, outputFile?: string }[]}
 */
export function resolveReporters(specs, { outputFile, cwd, base, env }) {
  const reporters = [];
  // `-r github` in GitHub Actions, or the same reporter twice, is one reporter.
  const add = (reporter) =>
    reporters.some((r) => r.name === reporter.name && r.outputFile === reporter.outputFile) || reporters.push(reporter);
  for (const spec of specs) {
    const colon = spec.indexOf(':');
    const name = colon < 0 ? spec : spec.slice(0, colon);
    const file = colon < 0 ? '' : spec.slice(colon + 1);
    if (!REPORTER_NAMES.includes(name))
      throw new UsageError(`unknown reporter "${name}" (known: ${REPORTER_NAMES.join(', ')})`);
    if (REPORTERS[name].noFile && file)
      throw new UsageError(
        `the ${name} reporter ${REPORTERS[name].noFile} and takes no file: "-r ${name}", not "-r ${spec}"`,
      );
    add(file ? { name, outputFile: path.resolve(base, file) } : { name });
  }

  if (outputFile) {
    const target = path.resolve(cwd, outputFile);
    const fileless = reporters.filter(writesToStdout);
    if (fileless.length > 1)
      throw new UsageError(
        `--output-file names one report, but ${both(fileless)} have no file: give each its own (-r junit:report.xml)`,
      );
    if (fileless.length) fileless[0].outputFile = target;
    else add({ name: 'json', outputFile: target });
  }
  const fileNeeded = reporters.find((r) => REPORTERS[r.name].needsFile && !r.outputFile)?.name;
  if (fileNeeded) {
    const example = REPORTERS[fileNeeded].example;
    throw new UsageError(
      `the ${fileNeeded} reporter needs a file: -r ${fileNeeded}:${example}, or --output-file ${example}`,
    );
  }
  const toStdout = reporters.filter(writesToStdout);
  if (toStdout.length > 1)
    throw new UsageError(
      `stdout can carry one report, but ${both(toStdout)} have no file: give all but one a file (-r ${toStdout[1].name}:${REPORTERS[toStdout[1].name].example})`,
    );
  const seen = new Map();
  for (const { name, outputFile: file } of reporters) {
    if (!file) continue;
    if (seen.has(file))
      throw new UsageError(
        `the ${seen.get(file)} and ${name} reporters both write to ${path.relative(cwd, file) || file}`,
      );
    seen.set(file, name);
  }

  // In GitHub Actions, annotations and a job summary come with every run, beside the reporters asked for.
  if (env.GITHUB_ACTIONS === 'true') add({ name: 'github' });
  return reporters;
}

// "json and junit both", "json, sarif and gitlab all"
function both(reporters) {
  const names = reporters.map((r) => r.name);
  return names.length === 2
    ? `${names[0]} and ${names[1]} both`
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} all`;
}
