// Drives the executors the plan chooses, feeds every FileResult to the reporters in path order,
// counts, bails. Never checks a file itself.
import { createRequire } from 'node:module';
import os from 'node:os';
import { plan, SAMPLE, FIRST_SAMPLE } from './plan.js';
import { createRuleCompiler } from '../check/compile-rules.js';
import { createWorkQueue } from './work-queue.js';
import { executeInline } from './inline.js';
import { checkSettings } from '../check/check-file.js';
import { rulesOf } from '../../shared/rules.js';

const require = createRequire(import.meta.url);

const startWorkers = async (workers, { rules, settings, cwd, schemaCache, files }) => {
  const { startPool, compilesManySchemas } = require('./pool.js');
  return startPool({ workers, rules, settings, cwd, schemaCache, compiling: compilesManySchemas(files, rules) });
};
const openCache = (...args) => require('../cache/result-cache.js').openCache(...args);
const acrossFiles = () => require('../collect/across-files-run.js');
const openSuppressions = (...args) => require('../suppress/suppress-run.js').openSuppressions(...args);

/**
 * @typedef {{ total: number, passed: number, failed: number, skipped: number, unchecked: number, onlyParsed: number,
 *   onlyParsedHint?: string, bailed: boolean, interrupted: boolean, durationMs: number, plan: import('./plan.js').Plan,
 *   unusableSchemas?: string[], shard?: { index: number, count: number, total: number },
 *   cache?: import('../cache/result-cache.js').CacheSummary, warnings: number, maxWarnings?: number,
 *   acrossFiles?: import('../collect/across-files-run.js').AcrossFilesSummary,
 *   suppressions?: import('../suppress/suppress-run.js').SuppressionsSummary }} Summary
 *   onlyParsed: of the passed, those no validator validated (FileResult.onlyParsed); onlyParsedHint:
 *   with some, one sentence on what would validate them (the --schema-store prefixes of their schemas)
 *   unusableSchemas: why each rule's schema that could not be used could not (its files failed with
 *   kind `error`), sorted; there only when there is one, and then the run is a configuration error;
 *   warnings: the problems of severity warning in all files; maxWarnings: --max-warnings, when given;
 *   acrossFiles: what became of the checks across files, when some rule has them; suppressions: with a
 *   suppressions file, the problems it suppressed and its stale entries (runner/suppress/)
 * @param {import('../files/discover.js').Discovery | import('../files/select-files.js').Selection} discovery
 * @param {import('../config/load-config.js').Config} config
 * @param {{ reporters: object[], signal?: AbortSignal, warn(message: string): void, display(file: string): string,
 *   session?: { compiler: import('../check/compile-rules.js').RuleCompiler | null, pool: object | null } }} context
 *   session (--watch): what outlives one run. A run takes the compiler and the pool it finds there
 *   and leaves there those it made (a pool only when the plan used it), for the next run; the
 *   session's owner closes the pool. Without one, a run closes what it started.
 *   discovery.partial: a part of the files only (--watch's re-runs), so --cache keeps the records of the others;
 *   discovery.gone: (--watch) the files deleted since the session's last run, which leave the checks across files.
 *   A re-run's results may include files it did not check: those whose problems across files changed
 *   (collect/across-files-session.js)
 * @returns {Promise<Summary>}
 */
export async function runChecks(
  { files, skipped, shard, partial, catalogs, gone },
  config,
  { reporters, signal, warn, display, session },
) {
  const started = performance.now();
  const rules = rulesOf(config);
  // Bulk suppressions: each result as it is reported, whoever checked it (runner/suppress/).
  const suppress = config.suppressions ? openSuppressions(config.suppressions, { cwd: config.cwd, display }) : null;
  const warned = new Set(); // workers compile the same schemas again: say each warning once
  const warnOnce = (message) => {
    if (warned.has(message)) return;
    warned.add(message);
    warn(message);
  };
  // --cache: unchanged files are reported from the cache, passes and failures, and not queued (result-cache.js). The
  // chaos monkey must meet every file: it bypasses the cache.
  // Failing files' checks capture their code frames whatever the reporters, so that a failure the
  // cache records is reported the same way by a run with other reporters.
  const { codeFrame } = config;
  const cache =
    config.cache && !config.chaos
      ? await openCache(config, rules, { warn: warnOnce, display, partial, codeFrame })
      : null;
  // The folder of compiled schemas, and this run's mark on what it compiles there: a schema an
  // earlier run compiled is compiled whole and its code stored (compiled-schema-cache.js).
  const schemaCache = cache ? { dir: cache.dir, run: `${process.pid}-${Date.now()}` } : undefined;
  const compiler = session?.compiler ?? createRuleCompiler(rules, { warn: warnOnce, display, schemaCache, catalogs });
  if (session) session.compiler = compiler;
  const settings = checkSettings(config);
  // The checks across files: the files of their rules that the run does not report give their facts too.
  const collectors = mayCheckAcrossFiles(rules) ? await compiler.collectors() : new Map();
  const across = collectors.size
    ? acrossFiles().acrossFilesRun(collectors, config, { files, partial, shard, display, session, gone, codeFrame })
    : null;
  const queued = across?.context.length ? [...files, ...across.context].sort(byRel) : files;
  const toCheck = cache ? await cache.select(queued) : queued;

  let passed = 0;
  let failed = 0;
  let warnings = 0;
  let failedBeforeAcross = 0; // while the results wait for the checks across files: for --bail
  let skippedInCheck = 0; // not the kind of file a catalog's fileMatch took it for (check-file.js)
  let onlyParsed = 0; // passed, but validated by nothing (check-file.js)
  const storePrefixes = new Set(); // the --schema-store prefixes that would have them validated
  let bailed = false;
  const unusableSchemas = new Set(); // why a rule's schema cannot be used, from the problems of its files
  const deliver = (result) => {
    if (suppress) result = suppress.apply(result);
    if (result.onlyParsed) onlyParsed++;
    for (const problem of result.problems) if (problem.severity === 'warning') warnings++;
    if (result.storePrefixes) {
      for (const prefix of result.storePrefixes) storePrefixes.add(prefix);
      delete result.storePrefixes; // the check's word to this loop, not a reporter's
    }
    if (result.status === 'pass') passed++;
    else if (result.status === 'skip') skippedInCheck++;
    else {
      failed++;
      for (const problem of result.problems) {
        if (!problem.unusableSchema) continue;
        unusableSchemas.add(problem.message);
        delete problem.unusableSchema; // the check's word to this loop, not a reporter's
      }
    }
    for (const reporter of reporters) reporter.onFileResult?.(result);
    bailed = config.bail > 0 && failed >= config.bail;
    return !bailed;
  };
  // With checks across files, a file's verdict waits for every file's facts: results are held, and
  // --bail counts the failures found so far.
  const report = !across
    ? deliver
    : (result) => {
        across.take(result);
        if (result.context) return true;
        for (const reporter of reporters) reporter.onFileChecked?.(result); // the spinner moves
        if (suppress ? suppress.fails(result) : result.status === 'fail') failedBeforeAcross++;
        bailed = config.bail > 0 && failedBeforeAcross >= config.bail;
        return !bailed;
      };
  const queue = createWorkQueue(toCheck, cache ? cache.interleave(report) : report);
  const interrupt = () => queue.stop();
  if (signal?.aborted) interrupt();
  signal?.addEventListener('abort', interrupt, { once: true });

  const input = {
    files: toCheck.length,
    requested: config.workers,
    cores: os.availableParallelism(),
    hang: mayHang(config, rules),
  };
  let chosen = plan(input);
  for (const reporter of reporters) reporter.onRunStart?.({ plan: chosen, files: files.length, skipped });
  cache?.start(queue);
  let pool = session?.pool ?? null;
  let acrossSummary;
  let reportedAgain = 0; // --watch: files reported again, not checked, whose problems across files changed
  try {
    let msPerFile;
    // Files of several rules (a schema each, say): each set of files that share their rules goes
    // to one thread, which compiles its schemas once.
    const wholeSets = new Set(toCheck.map((entry) => entry.rules)).size > 1;
    let early = null; // the pool's side, started while the main thread measures
    let taking = true;
    let sample;
    // The first files, measured before any worker is started: a run a pool cannot shorten starts none.
    if (chosen.mode === 'sample' && !pool) {
      sample = await executeInline(queue, { compiler, settings, budget: FIRST_SAMPLE });
      chosen = plan({
        ...input,
        files: sample.files + queue.remaining,
        setsLeft: setsLeft(toCheck, queue, sample),
        sample: { ...sample, elapsedMs: performance.now() - started, first: true },
      });
      msPerFile = sample.checkMs / Math.max(1, sample.files);
    }
    if (chosen.mode === 'sample') {
      // The other cores are idle while the main thread measures: the workers boot there meanwhile,
      // and take files as soon as one has loaded (a file's verdict is the same on any thread). Not
      // before: a slow boot would keep the files it was given from a run that stays in-process.
      pool ??= await startWorkers(input.cores - 1, { rules, settings, cwd: config.cwd, schemaCache, files: toCheck });
      let workingSince = null;
      const startEarly = () => {
        if (early || !pool.booted()) return;
        clearInterval(waitForBoot);
        workingSince = performance.now();
        early = executeOnPool(queue, pool, settings, { warn: warnOnce, wholeSets, taking: () => taking });
        early.catch(() => {}); // awaited below; a failure meanwhile has stopped the queue
      };
      const waitForBoot = setInterval(startEarly, 5);
      try {
        sample = await executeInline(queue, {
          compiler,
          settings,
          budget: SAMPLE,
          sliceMs: 5,
          yieldNow: pool.replyWaiting,
          from: sample,
        });
      } finally {
        clearInterval(waitForBoot);
      }
      // The files left: the queue's, the sample's and the workers' taken out.
      const files = sample.files + queue.remaining;
      const now = performance.now();
      chosen = plan({
        ...input,
        files,
        setsLeft: setsLeft(toCheck, queue, sample),
        sample: { ...sample, elapsedMs: now - started, workingMs: workingSince === null ? 0 : now - workingSince },
      });
      msPerFile = sample.checkMs / Math.max(1, sample.files);
    }
    if (chosen.mode === 'pool') {
      if (!early && pool?.workers < chosen.workers) {
        // a session's pool, started for fewer files than these
        await pool.close();
        pool = session.pool = null;
      }
      pool ??= await startWorkers(chosen.workers, { rules, settings, cwd: config.cwd, schemaCache, files: toCheck });
      // Where a check may hang, the main thread leaves every file to the workers, which can be stopped.
      const mainThreadChecks = config.workers === 'auto' && !input.hang;
      await poolRun(queue, pool, { compiler, settings, warn: warnOnce, msPerFile, mainThreadChecks, wholeSets, early });
    } else {
      // In-process: the workers finish the batches they took while the sample ran, and are closed.
      taking = false;
      const closed = pool === session?.pool ? early : Promise.resolve(early).then(() => pool?.close());
      await bothSides([
        closed,
        executeInline(queue, { compiler, settings, ...(early && { sliceMs: 5, yieldNow: pool.replyWaiting }) }),
      ]);
    }
    cache?.finish(queue);
    if (across) {
      const { results, again, summary } = across.finish({ stopped: bailed || !!signal?.aborted });
      acrossSummary = summary;
      reportedAgain = again;
      for (const result of results) deliver(result);
    }
  } finally {
    signal?.removeEventListener('abort', interrupt);
    if (session && chosen.mode === 'pool')
      session.pool = pool; // kept warm for the next run
    else if (pool !== session?.pool) await pool?.close();
    await cache?.save();
  }

  const checked = passed + failed + skippedInCheck - reportedAgain;
  const suppressions = suppress?.finish({
    wholeProject: !partial && !config.patterns.length && !config.changed && !shard && checked === files.length,
    interrupted: !!signal?.aborted,
    // A shard's checks across files run in `filecheck merge`: their entries are not stale here.
    judges: acrossSummary?.checked === false ? notAcrossFiles(acrossFiles().checkNames(collectors)) : undefined,
  });
  const summary = {
    total: files.length + skipped.length + reportedAgain,
    passed,
    failed,
    skipped: skipped.length + skippedInCheck,
    onlyParsed,
    ...(storePrefixes.size && { onlyParsedHint: onlyParsedHint([...storePrefixes]) }),
    unchecked: files.length - checked,
    bailed: bailed && checked < files.length,
    interrupted: !!signal?.aborted && checked < files.length,
    durationMs: Math.round(performance.now() - started),
    plan: chosen,
    ...(unusableSchemas.size && { unusableSchemas: [...unusableSchemas].sort() }), // exit 2 (exit-codes.js)
    ...(shard && { shard }), // { index, count, total } with --shard: `filecheck merge` checks the shards add up
    ...(cache && { cache: cache.summary() }),
    warnings,
    ...(config.maxWarnings !== undefined && { maxWarnings: config.maxWarnings }),
    ...(acrossSummary && { acrossFiles: acrossSummary }),
    ...(suppressions && { suppressions }),
  };
  for (const reporter of reporters) await reporter.onRunComplete?.(summary);
  return summary;
}

// The pool, and the main thread beside it when `auto` chose it. A failure on either side (a
// configuration error found while compiling) stops the other before it is reported.
async function poolRun(queue, pool, { compiler, settings, warn, msPerFile, mainThreadChecks, wholeSets, early }) {
  const sides = [early ?? executeOnPool(queue, pool, settings, { warn, msPerFile, wholeSets })];
  if (mainThreadChecks)
    sides.push(
      stopOnError(
        queue,
        executeInline(queue, { compiler, settings, sliceMs: 5, yieldNow: pool.replyWaiting, wholeSets }),
      ),
    );
  await bothSides(sides);
}

// Waits for both sides of a run, then throws the first failure: neither is left running unheard.
async function bothSides(sides) {
  const outcomes = await Promise.allSettled(sides);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
}

// What would have the files only parsed validated: the store prefixes that map their schemas' urls.
function onlyParsedHint(prefixes) {
  // A pulled store (filecheck.lock.json) without their schemas: chosen-schemas.js names the command.
  if (prefixes.includes('filecheck schemas pull'))
    return 'their schemas are not in the store: run filecheck schemas pull';
  const shown = prefixes
    .sort()
    .slice(0, 3)
    .map((prefix) => `--schema-store ${prefix}=<folder>`);
  const more = prefixes.length > 3 ? ` and ${prefixes.length - 3} more` : '';
  return `their schemas are not in the store: map their URLs to local copies with ${shown.join(', ')}${more}`;
}

// The pool's side of a run (pool.js is loaded with the pool). Its failure stops the queue, so that
// the main thread stops too, and is thrown where it is awaited.
function executeOnPool(queue, pool, settings, options) {
  return stopOnError(
    queue,
    Promise.resolve().then(() => require('./pool.js').executePool(queue, pool, settings, options)),
  );
}

const stopOnError = (queue, promise) =>
  promise.catch((error) => {
    queue.stop();
    throw error;
  });

// The rule sets still to compile: those of the files left that the sample did not prepare.
function setsLeft(toCheck, queue, sample) {
  const left = new Set();
  for (let i = toCheck.length - queue.remaining; i < toCheck.length; i++)
    if (!sample.prepared.has(toCheck[i].rules)) left.add(toCheck[i].rules);
  return left.size;
}

// What may keep a check from ever returning, such that `auto` runs it where it can be stopped: the
// chaos monkey's hangs, or custom validators when a file timeout was asked for.
function mayHang(config, rules) {
  if (config.chaos?.kind === 'hang') return "the chaos monkey's hangs";
  if (config.fileTimeoutGiven && rules.some((rule) => rule.validators.length)) return 'custom validators';
  return undefined;
}

const byRel = (a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);

// Whether a validator is not one of the checks across files (by the names their problems carry).
const notAcrossFiles = (names) => (validator) => !names.has(validator);

// A rule with a built-in check across files, or a validator module that may export one.
const mayCheckAcrossFiles = (rules) =>
  rules.some(
    (rule) =>
      rule.unique !== undefined ||
      rule.references !== undefined ||
      rule.sameKeysAs !== undefined ||
      rule.validators.length > 0,
  );
