// The command line, from argv to exit code. Never touches `process`: bin/filecheck.js does.
import path from 'node:path';
import { createRequire } from 'node:module';
import { parseArgs } from './args.js';
import { loadConfig } from '../config/load-config.js';
import { findFiles } from '../files/find-files.js';
import { runChecks } from '../execute/run.js';
import { createMessages } from '../../shared/messages.js';
import { EXIT, exitCodeFor } from '../../shared/exit-codes.js';
import { sayUnusableSchemas, usageExit } from './usage-exit.js';

const require = createRequire(import.meta.url);

/**
 * @param {string[]} argv
 * @param {{ cwd: string, env: Record<string, string | undefined>, stdout: any, stderr: any, stdin?: any, signal?: AbortSignal,
 *   atHardExit?(cleanup: () => void): void }} io atHardExit: registers what to undo if the process
 *   has to exit before main returns (a second Ctrl-C): unfinished report files are removed
 * @returns {Promise<number>} the exit code
 */
export async function main(argv, io) {
  const { cwd, env, stdout, stderr, signal, atHardExit } = io; // io.stdin is read by --watch and --stdin only
  if (argv[0] === 'merge')
    return require('./merge-command.js').merge(argv.slice(1), { cwd, env, stdout, stderr, atHardExit });
  // `schemas pull`, not `schemas` alone: a folder named schemas is a pattern, as ever.
  if (argv[0] === 'schemas' && argv[1] === 'pull')
    return require('./schemas-command.js').pull(argv.slice(2), { cwd, env, stdout, stderr, signal });
  let reporters;
  try {
    const parsed = await parseArgs(argv);
    if ('print' in parsed) {
      stdout.write(`${parsed.print}\n`);
      return parsed.code;
    }
    // --stdin: one text, loaded only when asked for.
    const fromStdin = parsed.options.stdin || parsed.options.stdinFilename !== undefined;
    const options = fromStdin ? require('./stdin-options.js').stdinOptions(parsed.options) : parsed.options;
    const config = loadConfig(options, { cwd, env });
    const watchMode = options.watch ? require('../watch/watch.js') : null;
    watchMode?.assertWatchable(options);
    const { discovered, selection: discovery } = fromStdin
      ? await readStdin(config, io.stdin, options.stdinFilename)
      : await findFiles(config, { requireFiles: !config.listFiles });
    if (config.listFiles) {
      require('./list-files.js').listFiles(discovery, config, stdout);
      return EXIT.passed;
    }
    const { note, warn, warnEvenQuiet, display } = createMessages({ cwd, stderr, quiet: () => config.quiet });
    describeSelection(discovery, config, note);
    if (!fromStdin) for (const rule of unmatchedRules(discovery, config)) warn(unmatchedRuleWarning(rule, cwd));
    // An editor's buffer that the project does not check is said, as ESLint says "File ignored".
    if (fromStdin) for (const { rel, reason } of discovery.skipped) warn(`${rel} is not checked: ${reason}`);
    if (config.chaos) {
      const { probability, seed, kind } = config.chaos;
      note(
        `chaos monkey on: probability ${probability}, seed ${seed}${kind === 'throw' ? '' : `, kind ${kind}`} (--chaos-seed ${seed} repeats this run)${config.cache ? '; the cache is not used' : ''}`,
      );
    }

    if (watchMode) return await watchMode.watch({ config, options, discovered, selection: discovery }, io);
    const { createReporters } = require('../../reporters/index.js');
    reporters = await createReporters(config, { stdout, stderr, env, atHardExit });
    const summary = await runChecks(discovery, config, { reporters, signal, warn, display });
    // A shard, or a run --bail stopped: its verdict does not include the checks across files.
    if (summary.acrossFiles?.checked === false) note(`the checks across files did not run: ${summary.acrossFiles.why}`);
    // Said under -q too, as failures are: it is a hook's one word of those it does not report.
    if (summary.acrossFiles?.elsewhere) warnEvenQuiet(elsewhereWarning(summary.acrossFiles.elsewhere));
    // A pointer that checks nothing, as a rule that matches no file: a typo, mostly.
    for (const message of summary.acrossFiles?.matchedNothing ?? []) warn(message);
    if (summary.suppressions)
      require('../suppress/suppression-notes.js').saySuppressions(summary.suppressions, { note, warn });
    sayUnusableSchemas(summary, stderr);
    return exitCodeFor(summary);
  } catch (error) {
    return usageExit(error, { stderr, reporters });
  }
}

async function readStdin(config, stdin, filename) {
  const discovered = await require('../files/stdin-file.js').discoverStdin(config, stdin, filename);
  return { discovered, selection: discovered };
}

// Nothing changed is a normal outcome (exit 0), said in words; how the files were narrowed, with --verbose.
function describeSelection({ files, skipped, changed, shard }, config, note) {
  const count = (n) => `${n} file${n === 1 ? '' : 's'}`;
  const here = files.length + skipped.length;
  if (changed) {
    const selected = shard ? shard.total : here; // before the split into shards
    const matchedBy = config.patterns.length ? 'patterns' : 'rules';
    if (!selected)
      note(
        `no changed files to check (${changed.files ? `${count(changed.files)} changed ${changed.where}, none of them matched by the ${matchedBy}` : `nothing changed ${changed.where}`})`,
      );
    else if (config.verbose)
      note(`${count(changed.files)} changed ${changed.where}, ${selected} of them matched by the ${matchedBy}`);
  }
  if (shard && config.verbose) note(`shard ${shard.index}/${shard.count}: ${here} of ${count(shard.total)}`);
}

// In a run over the whole project (no patterns, --changed or shard), a rule of a config whose globs
// match no file: a typo (`locale/` for `locales/`) more often than not, which would pass in silence.
function unmatchedRules({ files, skipped, changed, shard }, config) {
  if (config.patterns.length || changed || shard) return [];
  const used = new Set();
  for (const ids of new Set([...files, ...skipped].map((entry) => entry.rules)))
    for (const id of ids ?? []) used.add(id);
  return config.rules.filter((rule) => rule.config && !used.has(rule.id));
}

function unmatchedRuleWarning(rule, cwd) {
  const globs = rule.files.map((glob) => `"${glob}"`).join(', ');
  const base = path.relative(cwd, rule.base);
  return `rule "${rule.name}" matches no file: ${globs}${base ? ` (relative to ${base}/)` : ''}`;
}

// A hook's named file (or --changed's) whose change breaks others: the run reports its own files,
// and says which others fail the checks across files now.
function elsewhereWarning({ files, shown }) {
  const more = files > shown.length ? ` and ${files - shown.length} more` : '';
  const which = files === 1 ? '1 file not in this run fails' : `${files} files not in this run fail`;
  return `${which} the checks across files now: ${shown.join(', ')}${more} (check them too, or run without file arguments)`;
}
