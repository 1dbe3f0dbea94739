// --watch: the first run is an ordinary one; then each batch of changes is checked again and only
// what changed in the verdicts is printed (reporters/watch.js), until q, Ctrl-C or SIGTERM.
// - A changed or new file is checked, a deleted one forgotten (new and deleted names make discovery
//   run again, so patterns, rules, ignores and .gitignore decide as in a normal run).
// - A changed schema (or a file its $refs reached) or validator module: the rules that use it are
//   compiled again (the module imported again, rule-dependencies.js), the pool restarted, and the files of
//   those rules checked again.
// - A changed config or .gitignore, or Enter: everything starts over as at the start (the config
//   read again, discovery, --changed), printing only what changed.
// - The checks across files see every file as it is now: the session keeps each file's facts, a
//   deleted file's run says it is gone, and a file another's change passes or fails is printed again.
// The compiler, a pool the plan chose and the facts are kept between runs (run.js's session).
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';
import { EXIT } from '../../shared/exit-codes.js';
import { loadConfig } from '../config/load-config.js';
import { discover } from '../files/discover.js';
import { findFiles } from '../files/find-files.js';
import { runChecks } from '../execute/run.js';
import { createMessages } from '../../shared/messages.js';
import { createBatcher } from './change-batches.js';
import { listenForKeys } from './keys.js';
import { createWatcher, watchRoots } from './file-watcher.js';
import { ruleDependencies, refGlobs, createModuleGenerations } from './rule-dependencies.js';
import { colorsFor } from '../../reporters/colors.js';
import { createWatchReporter } from '../../reporters/watch.js';
import { rulesOf } from '../../shared/rules.js';
import { filesToRecheck, namesChanged, staleBy } from './plan-recheck.js';
import {
  exitOnQuit,
  newlyUnusable,
  refFolders,
  restartersIn,
  rulesInUse,
  tracked,
  unwrittenReports,
  watchedTree,
  watchStatus,
} from './watch-decisions.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

const START_OVER = Symbol('start over');

/**
 * Usage errors of --watch, before anything runs.
 * @param {Record<string, any>} options the parsed command line
 */
export function assertWatchable(options) {
  if (options.shard !== undefined)
    throw new UsageError('--watch cannot be combined with --shard (a shard is one part of a CI run)');
  if (options.listFiles) throw new UsageError('--watch cannot be combined with --list-files');
  if (options.suppressAll || options.suppressRule || options.pruneSuppressions)
    throw new UsageError('--watch cannot be combined with --suppress-all, --suppress-rule or --prune-suppressions');
  const reports = [
    ...(options.reporter ?? []).filter((spec) => spec !== 'default').map((spec) => `-r ${spec}`),
    ...(options.outputFile ? ['--output-file'] : []),
  ];
  if (reports.length)
    throw new UsageError(
      `--watch prints its report to the terminal only: ${reports.join(', ')} ${reports.length === 1 ? 'is' : 'are'} for a single run`,
    );
}

/**
 * @param {{ config: import('../config/load-config.js').Config, options: Record<string, any>,
 *   discovered: import('../files/discover.js').Discovery, selection: import('../files/select-files.js').Selection }} start
 *   what cli.js found: every file (discovered) and those of the first run (selection: --changed)
 * @param {{ cwd: string, env: Record<string, string | undefined>, stdout: any, stderr: any, stdin?: any,
 *   signal?: AbortSignal, atHardExit?(cleanup: () => void): void }} io
 * @returns {Promise<number>} the exit code: on q, 0 when no checked file fails, 1 when one does, 2
 *   when the last run ended in a usage error; 130 on Ctrl-C (bin makes SIGTERM 143)
 */
export async function watch({ config: given, options, discovered, selection }, io) {
  const { cwd, env, stdout, stderr, signal, atHardExit } = io;
  const generations = createModuleGenerations();
  let config = forWatch(generations.apply(given));
  const { note, warn, display } = createMessages({ cwd, stderr, quiet: () => config.quiet });
  const reporter = createWatchReporter({
    write: (text) => stdout.write(text),
    colors: colorsFor(stdout, env, config.color),
    quiet: config.quiet,
    verbose: config.verbose,
  });
  const unwritten = unwrittenReports(given.reporters);
  if (unwritten) note(unwritten);

  let tree = watchedTree([], new Map()); // every file watched (watch-decisions.js)
  const due = new Map(); // rel ─▶ FileEntry: to check, not reached yet (a usage error, --bail)
  let deps = new Map(); // file ─▶ ids of the rules that depend on it
  let globs = []; // the rules' refs globs: a file that comes to match one affects its rule
  const schemasChosen = new Map(); // rel ─▶ the schema files it chose itself ($schema, a catalog), watched
  const session = { compiler: null, pool: null }; // kept between runs (run.js)
  let roots = ''; // the folders the tree's watches start from, as watched (file-watcher.js)
  let lastError = null; // the usage error the last run ended in: the next change tries again
  let unusable = new Set(); // why rules' schemas could not be used in the last run, said once (run.js)
  let startingOver = false; // a start over that a usage error interrupted: the next change starts over
  let fatal = null; // what ends the watch with an error
  let keys = null;

  const stop = new AbortController(); // stops a run in progress when the watch ends
  let quitWith;
  const quitting = new Promise((resolve) => (quitWith = resolve));
  const quit = (code) => {
    if (stop.signal.aborted) return;
    stop.abort();
    quitWith(code);
  };
  const onSignal = () => quit(EXIT.interrupted);
  const status = (summary) =>
    stop.signal.aborted ||
    reporter.status(
      watchStatus({
        files: tree.files,
        due,
        known: (rel) => reporter.knows(rel),
        summary,
        errored: lastError !== null,
        interactive: !!keys?.interactive,
      }),
    );

  // Each result says which schema files the file chose itself: they are watched.
  const chosenSchemas = {
    onFileResult(result) {
      due.delete(result.path);
      if (result.schemaFiles?.length) {
        schemasChosen.set(result.path, result.schemaFiles);
        watcher.watchFiles(result.schemaFiles);
      } else if (!result.cached) {
        schemasChosen.delete(result.path);
      }
    },
  };

  // A run of these files, printing what changed; the files it does not reach stay due. gone: the
  // files deleted or no longer checked since the last run, which leave the checks across files.
  async function check(entries, { first = false, partial = true, gone = [] } = {}) {
    for (const entry of entries) due.set(entry.rel, entry);
    const reporters = [chosenSchemas, reporter];
    if (first) {
      const { createReporters } = require('../../reporters/index.js');
      reporters.push(...(await createReporters(config, { stdout, stderr, env, atHardExit })));
    }
    const files = tracked(entries, rulesOf(config));
    const discovery = { files, skipped: first ? selection.skipped : [], partial, gone };
    const summary = await runChecks(discovery, config, { reporters, signal: stop.signal, warn, display, session });
    lastError = null;
    for (const message of newlyUnusable(unusable, summary.unusableSchemas)) stderr.write(`filecheck: ${message}\n`);
    unusable = new Set(summary.unusableSchemas);
    return summary;
  }

  // The files watched now: those gone are forgotten. @returns {string[]} those gone (rel)
  function track(found) {
    tree = watchedTree(found, tree.files);
    for (const { rel, path: file } of tree.gone) {
      due.delete(rel);
      schemasChosen.delete(rel);
      reporter.forget(rel, fs.existsSync(file) ? 'no longer checked' : 'deleted');
    }
    return tree.gone.map((entry) => entry.rel);
  }

  // The rules are compiled again, and the workers started again, by the next run.
  async function dropCompiled() {
    await session.pool?.close();
    session.pool = null;
    session.compiler = null;
  }

  // compiled: whether the rules compiled; after a usage error, the files the config names are
  // watched all the same (a schema or module not written yet), and those the error names.
  async function refreshDependencies({ compiled = true, mending = [] } = {}) {
    const rules = rulesInUse(tree.files, rulesOf(config));
    deps = await ruleDependencies(rules, compiled ? session.compiler : null);
    globs = refGlobs(rules);
    watcher.watchFiles([...deps.keys(), ...mending, ...configFiles(config)]);
    watcher.watchFolders(...refFolders(globs));
  }

  // The tree's watches start from the folders the patterns or rules name, or the nearest existing
  // ancestor of one that is not there: when one of them goes away (a branch without it checked
  // out) or comes back, the watches start again from where they now must.
  function watchTree() {
    roots = JSON.stringify(watchRoots(config));
    watcher.watchTree(config);
  }
  const rootsMoved = () => JSON.stringify(watchRoots(config)) !== roots;

  async function onBatch(batch) {
    if (stop.signal.aborted) return;
    const changed = [...batch.keys()].filter((key) => typeof key === 'string');
    const restarters = restartersIn(changed);
    try {
      if (batch.has(START_OVER) || restarters.length || startingOver) await startOver(restarters);
      else await recheck(batch, changed);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      lastError = error;
      stderr.write(`filecheck: ${error.message}\n`);
      await refreshDependencies({ compiled: false, mending: error.files });
      status();
    }
  }

  // As at the start: the config read again, the files found again, every file (or --changed's) checked.
  async function startOver(restarters) {
    if (restarters.length)
      note(`${restarters.map(display).join(', ')} changed: reading the config again and checking every file`);
    startingOver = true;
    config = forWatch(generations.apply(loadConfig(options, { cwd, env })));
    await dropCompiled();
    watchTree();
    const { discovered: found, selection: chosen } = await findFiles(config, { watching: true });
    track(found.files);
    due.clear();
    startingOver = false;
    const summary = await check(chosen.files, { partial: false });
    await refreshDependencies();
    status(summary);
  }

  // The changed and new files, and those of the rules a changed schema or module affects.
  async function recheck(batch, changed) {
    const { affected, choosers, recompile } = staleBy(changed, { deps, globs, schemasChosen, lastError });
    if (recompile) {
      config = generations.apply(config);
      await dropCompiled();
    }
    // Watches started again from other folders: discovery finds what came meanwhile.
    const moved = rootsMoved();
    if (moved) watchTree();
    const names = namesChanged(changed, {
      relOf: tree.relOf,
      folders: tree.folders,
      renamed: (file) => batch.get(file),
      exists: (file) => fs.existsSync(file),
    });
    const edited = names.edited.map((rel) => tree.files.get(rel));
    let gone = [];
    if (moved || names.rediscover) {
      const before = tree.files;
      gone = track(discover({ ...config, passWithNoFiles: true }).files);
      for (const entry of tree.files.values()) if (!before.has(entry.rel)) edited.push(entry);
    }
    const { files } = tree;
    const queued = filesToRecheck({ edited, files, due, affected, choosers, known: (rel) => reporter.knows(rel) });
    // A run even with no file to check when some are gone: their partners in the checks across files may pass now.
    const summary = queued.length || gone.length ? await check(queued, { gone }) : null;
    if (recompile) await refreshDependencies();
    if (queued.length || gone.length || recompile) status(summary);
  }

  const batcher = createBatcher(onBatch, {
    merge: (before, value) => before || value, // a batch's value: whether a name appeared or went away
    onError: (error) => {
      fatal = error;
      quit(EXIT.usage);
    },
  });
  const watcher = createWatcher({
    onEvent: (kind, file) => batcher.add(file, kind === 'rename'),
    onError: (error) => {
      if (error.code !== 'ENOSPC') return warn(`cannot watch: ${error.message}`);
      fatal = new UsageError(TOO_MANY_WATCHES);
      quit(EXIT.usage);
    },
  });
  let code;
  try {
    if (signal?.aborted) onSignal();
    signal?.addEventListener('abort', onSignal, { once: true });
    // Watched before the first run: what changes during it makes the first batch after it.
    await batcher.hold(
      (async () => {
        watchTree();
        if (fatal) throw fatal; // the folders cannot all be watched: no run
        track(discovered.files);
        const summary = await check(selection.files, { first: true, partial: false });
        if (stop.signal.aborted) return;
        await refreshDependencies();
        reporter.startPrinting();
        keys = listenForKeys(io.stdin, {
          quit: () =>
            quit(exitOnQuit({ errored: lastError !== null, unusable: unusable.size, failed: reporter.failed })),
          interrupt: () => quit(EXIT.interrupted),
          checkAll: () => batcher.add(START_OVER, true),
        });
        status(summary.bailed ? null : summary); // the default reporter said it stopped
      })(),
    );
    code = await quitting;
  } finally {
    keys?.stop();
    signal?.removeEventListener('abort', onSignal);
    stop.abort();
    await batcher.close();
    watcher.close();
    await session.pool?.close();
  }
  if (fatal) throw fatal;
  return code;
}

const TOO_MANY_WATCHES =
  "cannot watch more folders: the system's limit of inotify watches is reached (raise fs.inotify.max_user_watches, or watch fewer folders with patterns)";

// Watch reports to the terminal, with the default reporter.
// The configs the run read: its own and those below it (nested-configs.js).
const configFiles = (config) =>
  [...new Set([config.configPath, ...config.configs.map((record) => record.file)])].filter(Boolean);
const forWatch = (config) => ({ ...config, reporters: [{ name: 'default' }] });
