// `filecheck merge <reports..>`: the JSON reports of several runs (the shards of one run, on several
// CI machines) replayed through the reporters as one run, with one summary and one exit code.
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from './args.js';
import { MERGE_COMMAND } from './options.js';
import { resolveReporters } from '../../reporters/specs.js';
import { readReport } from '../merge/read-report.js';
import { mergeReports } from '../merge/merge-reports.js';
import { hasGlobChars } from '../../shared/paths.js';
import { UsageError } from '../../shared/errors.js';
import { EXIT, exitCodeFor } from '../../shared/exit-codes.js';
import { sayUnusableSchemas, usageExit } from './usage-exit.js';
import { createMessages } from '../../shared/messages.js';
import { parseMaxWarnings, parseSuppressions } from '../config/option-values.js';
import { saySuppressions } from '../suppress/suppression-notes.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {string[]} argv the arguments after `merge`
 * @param {{ cwd: string, env: Record<string, string | undefined>, stdout: any, stderr: any, atHardExit?: Function }} io
 *   as for main (cli.js)
 * @returns {Promise<number>} the exit code: 2 if a shard has no report, else as for one run of all the files
 */
export async function merge(argv, { cwd, env, stdout, stderr, atHardExit }) {
  let reporters;
  try {
    const parsed = await parseArgs(argv, MERGE_COMMAND);
    if ('print' in parsed) {
      stdout.write(`${parsed.print}\n`);
      return parsed.code;
    }
    const { options } = parsed;
    if (options.outputFile === '') throw new UsageError('--output-file needs a value');
    if (options.maxWarnings === '') throw new UsageError('--max-warnings needs a value');
    const files = reportFiles(options.patterns, cwd);
    if (!files.length)
      throw new UsageError('merge needs the JSON reports to combine, e.g. filecheck merge reports/*.json');
    const { note, warn, display } = createMessages({ cwd, stderr, quiet: () => !!options.quiet });
    const maxWarnings = parseMaxWarnings(options.maxWarnings);
    const reports = files.map((file) => readReport(file, display(file)));
    // The project's config, as the shards found it: the hint for files only parsed names its "schemaStore".
    const configFile = projectConfig(options, cwd);
    const merged = mergeReports(reports, { config: configFile ? display(configFile) : undefined });
    const { warnings, missingShards } = merged;
    // The shards' facts: the checks across files run here, over all of them (a shard alone cannot).
    const across =
      merged.results.some((result) => result.facts) && !missingShards.length
        ? await checkAcrossShards(merged, { cwd, env, warn, display, configFile: options.config })
        : { ...merged, acrossFiles: new Set() };
    // The suppressions file the shards read: what the checks across files found is suppressed here.
    const suppressions = reports.some((report) => report.summary.suppressions)
      ? suppressionsOfMerge(options, cwd)
      : null;
    const { results, summary: checked } = suppressions
      ? require('../suppress/suppress-merged.js').suppressMerged(
          across.results,
          across.summary,
          reports.map((report) => report.summary.suppressions),
          suppressions,
          { cwd, display, acrossFiles: across.acrossFiles },
        )
      : across;
    // --max-warnings applies to the warnings of all the shards, as to one run of all the files.
    const summary = maxWarnings === undefined ? checked : { ...checked, maxWarnings };

    for (const warning of warnings) warn(warning);
    const config = {
      cwd,
      reporters: resolveReporters(options.reporter ?? ['default'], {
        outputFile: options.outputFile,
        cwd,
        base: cwd,
        env,
      }),
      quiet: !!options.quiet,
      verbose: !!options.verbose,
      color: options.color,
    };
    const { createReporters } = require('../../reporters/index.js');
    reporters = await createReporters(config, { stdout, stderr, env, atHardExit });
    // The reports list no skipped files, only how many there were.
    for (const reporter of reporters)
      reporter.onRunStart?.({ plan: summary.plan, files: summary.total - summary.skipped, skipped: [] });
    for (const result of results) for (const reporter of reporters) reporter.onFileResult?.(result);
    for (const reporter of reporters) await reporter.onRunComplete?.(summary);
    if (summary.suppressions) saySuppressions(summary.suppressions, { note, warn });
    sayUnusableSchemas(summary, stderr);
    if (missingShards.length) {
      stderr.write(
        `filecheck: incomplete: no report for shard ${missingShards.join(', ')}, whose files are not in this summary\n`,
      );
      return EXIT.usage;
    }
    return exitCodeFor(summary);
  } catch (error) {
    return usageExit(error, { stderr, reporters });
  }
}

// The project's config, read as the shards read it (from the working directory, or --config), says
// the rules' checks across files; the shards' facts are checked by them, in the project's checkout
// (a problem is placed at line:col in its file, a `file: true` reference looked for).
async function checkAcrossShards({ results, summary }, { cwd, env, warn, display, configFile }) {
  const { loadConfig, findConfigFile, CONFIG_NAME } = require('../config/load-config.js');
  const { createRuleCompiler } = require('../check/compile-rules.js');
  const { checkMergedFacts } = require('../collect/across-merged.js');
  if (!configFile && !findConfigFile(cwd))
    throw new UsageError(
      `the reports hold the facts of checks across files, which merge runs with the project's rules: run it in the project's checkout, where ${CONFIG_NAME} is, or give --config`,
    );
  const config = loadConfig({ patterns: [], config: configFile }, { cwd, env });
  const collectors = await createRuleCompiler(config.rules, { warn, display }).collectors();
  const { checkNames } = require('../collect/check-across-files.js');
  return { ...checkMergedFacts(results, summary, collectors, config, display), acrossFiles: checkNames(collectors) };
}

// Where a run from here reads its suppressions: --suppressions-location, else beside the config file
// (--config, or found upward), else in the working directory.
function suppressionsOfMerge(options, cwd) {
  const configFile = projectConfig(options, cwd);
  return parseSuppressions(options, { cwd, base: configFile ? path.dirname(configFile) : cwd });
}

// Arguments are files, or globs for shells that do not expand them; each report is read once.
function reportFiles(args, cwd) {
  const files = new Set();
  for (const arg of args) {
    const file = path.resolve(cwd, arg);
    if (fs.existsSync(file) || !hasGlobChars(arg)) {
      files.add(file);
      continue;
    }
    const matches = require('fast-glob')
      .sync(arg.split(path.sep).join('/'), { cwd, absolute: true, onlyFiles: true })
      .sort();
    if (!matches.length) throw new UsageError(`no reports match "${arg}"`);
    for (const match of matches) files.add(path.resolve(match));
  }
  return [...files];
}

// The config a run from here reads: --config, else found upward; null: none.
function projectConfig(options, cwd) {
  return options.config ? path.resolve(cwd, options.config) : require('../config/load-config.js').findConfigFile(cwd);
}
