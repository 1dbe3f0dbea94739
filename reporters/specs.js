// `-r name[:file]` (or the config's "reporters"), --output-file and GITHUB_ACTIONS ──▶ the reporters
// of one run, each with its one output: a file, or the standard streams (see reporters/index.js).
import path from 'node:path';
import { UsageError } from '../shared/errors.js';

export const REPORTER_NAMES = ['default', 'json', 'junit', 'github', 'sarif', 'gitlab'];

// The reports that are documents: --output-file names the file of the one given without a file.
const DOCUMENTS = ['json', 'junit', 'sarif', 'gitlab'];

/** A report that is a document: it goes to a file, or to stdout, which then carries it alone (reporters/index.js). */
export const isDocument = ({ name }) => DOCUMENTS.includes(name);
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
    if (name === 'github' && file)
      throw new UsageError(
        `the github reporter writes to the job log and takes no file: "-r github", not "-r ${spec}"`,
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
  // An XML report interleaved with the human one on stdout helps nobody: junit always goes to a file.
  if (reporters.some((r) => r.name === 'junit' && !r.outputFile)) {
    throw new UsageError('the junit reporter needs a file: -r junit:report.xml, or --output-file report.xml');
  }
  const toStdout = reporters.filter(writesToStdout);
  if (toStdout.length > 1)
    throw new UsageError(
      `stdout can carry one report, but ${both(toStdout)} have no file: give all but one a file (-r ${toStdout[1].name}:${EXAMPLE_FILES[toStdout[1].name]})`,
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

const EXAMPLE_FILES = { json: 'report.json', sarif: 'filecheck.sarif', gitlab: 'gl-code-quality-report.json' };

// "json and junit both", "json, sarif and gitlab all"
function both(reporters) {
  const names = reporters.map((r) => r.name);
  return names.length === 2
    ? `${names[0]} and ${names[1]} both`
    : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} all`;
}
