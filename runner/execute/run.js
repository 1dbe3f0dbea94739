// Drives the executors the plan chooses, feeds every FileResult to the reporters in path order,
// counts, bails. Never checks a file itself. Its decisions are pure functions, at the end.
import { createRequire } from 'node:module';
import os from 'node:os';
import { plan, everyFileJson, SAMPLE, FIRST_SAMPLE } from './plan.js';
import { createRuleCompiler } from '../check/compile-rules.js';
import { createWorkQueue } from './work-queue.js';
import { executeInline } from './inline.js';
import { scavengeSerially } from './serial-scavenges.js';
import { checkSettings } from '../check/check-file.js';
import { rulesOf } from '../../shared/rules.js';

const require = createRequire(import.meta.url);

// besideMain: the main thread checks files beside the workers
const startWorkers = async ({ rules, settings, cwd, schemaCache, toCheck }, { workers, besideMain, cores }) => {
  const { startPool, compilesManySchemas } = require('./pool.js');
  const { optimizesLater } = require('./optimize-later.js');
  const compiling = compilesManySchemas(toCheck, rules);
  const lateOptimizing = optimizesLater({ threads: workers + (besideMain ? 1 : 0), cores, files: toCheck });
  return startPool({ workers, rules, settings, cwd, schemaCache, compiling, lateOptimizing });
};
const openCache = (...args) => require('../cache/result-cache.js').openCache(...args);
const acrossFiles = () => require('../collect/across-files-run.js');
const openSuppressions = (...args) => require('../suppress/suppress-run.js').openSuppressions(...args);

/**
 * @typedef {{ total: number, passed: number, failed: number, skipped: number, unchecked: number, onlyParsed: number,
 *   onlyParsedHint?: string, storePrefixes?: string[], onlyParsedHinted?: number, bailed: boolean, interrupted: boolean, durationMs: number, plan: import('./plan.js').Plan,
 *   unusableSchemas?: string[], shard?: { index: number, count: number, total: number },
 *   cache?: import('../cache/result-cache.js').CacheSummary & { passed: number, failed: number }, warnings: number, maxWarnings?: number,
 *   acrossFiles?: import('../collect/across-files-run.js').AcrossFilesSummary,
 *   suppressions?: import('../suppress/suppress-run.js').SuppressionsSummary }} Summary
 *   onlyParsed: of the passed, those no validator validated (FileResult.onlyParsed); onlyParsedHint:
 *   with some, one sentence on what would validate them (the --schema-store prefixes of their schemas,
 *   shared/only-parsed-hint.js); storePrefixes: those prefixes, all of them, sorted; onlyParsedHinted:
 *   how many of the files only parsed the hint is about (the others match no catalog entry, or the
 *   store maps their schemas' URLs already), there with the hint
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
export async function runChecks(discovery, config, context) {
  const started = performance.now();
  const { files, skipped, shard, partial } = discovery;
  const { reporters, signal, session } = context;
  const run = await openRun(discovery, config, context);
  const tally = createTally(config, run, reporters);
  const queue = createWorkQueue(run.toCheck, run.cache ? run.cache.interleave(tally.report) : tally.report, {
    ordered: !takenAsTheyCome({ across: !!run.across, cache: !!run.cache, bail: config.bail }),
  });
  const interrupt = () => queue.stop();
  if (signal?.aborted) interrupt();
  signal?.addEventListener('abort', interrupt, { once: true });

  const input = {
    files: run.toCheck.length,
    requested: config.workers,
    cores: os.availableParallelism(),
    hang: mayHang(config, run.rules),
    allJson: everyFileJson(run.toCheck),
  };
  // The plan and the pool as they stand, whichever step the run ends in.
  const execution = { plan: plan(input), pool: session?.pool ?? null, early: null, taking: true };
  for (const reporter of reporters) reporter.onRunStart?.({ plan: execution.plan, files: files.length, skipped });
  run.cache?.start(queue);
  let acrossSummary;
  let reportedAgain = 0; // --watch: files reported again, not checked, whose problems across files changed
  const scavengeInParallel = scavengeSerially(run.toCheck.length);
  try {
    await executePlan(queue, run, execution, { input, started, session });
    run.cache?.finish(queue);
    if (run.across) {
      // The workers' heaps are let go before the reduce step builds its own: a lower peak.
      if (poolAfterRun({ pool: execution.pool, mode: execution.plan.mode, session }) === 'close') {
        await execution.pool.close();
        execution.pool = null;
      }
      const { results, again, summary } = run.across.finish({ stopped: tally.counts.bailed || !!signal?.aborted });
      acrossSummary = summary;
      reportedAgain = again;
      for (const result of results) tally.deliver(result);
    }
  } finally {
    scavengeInParallel();
    signal?.removeEventListener('abort', interrupt);
    const fate = poolAfterRun({ pool: execution.pool, mode: execution.plan.mode, session });
    if (fate === 'keep') session.pool = execution.pool;
    else if (fate === 'close') await execution.pool.close();
    await run.cache?.save();
  }

  const checked = checkedCount(tally.counts, reportedAgain);
  const suppressions = run.suppress?.finish({
    wholeProject: wholeProject({ partial, shard, patterns: config.patterns, changed: config.changed, checked, files }),
    interrupted: !!signal?.aborted,
    // A shard's checks across files run in `filecheck merge`: their entries are not stale here.
    judges: acrossSummary?.checked === false ? notAcrossFiles(acrossFiles().checkNames(run.collectors)) : undefined,
  });
  const summary = summarize(tally.counts, {
    files: files.length,
    skipped: skipped.length,
    reportedAgain,
    interrupted: !!signal?.aborted,
    durationMs: Math.round(performance.now() - started),
    plan: execution.plan,
    shard,
    cache: run.cache?.summary(),
    maxWarnings: config.maxWarnings,
    acrossFiles: acrossSummary,
    suppressions,
    config: config.configPath ? context.display(config.configPath) : undefined,
  });
  for (const reporter of reporters) await reporter.onRunComplete?.(summary);
  return summary;
}

// What a run works with, opened once: its rules, the check's settings, the compiler, the cache, the
// suppressions, the checks across files, and the files to check.
async function openRun({ files, skipped, shard, partial, catalogs, gone }, config, { warn, display, session }) {
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
  // earlier run compiled is compiled whole and its code stored (compiled-schema-cache.js). Without
  // --cache, the user's cache folder keeps small schemas only, quietly (docs/cache.md).
  const runMark = `${process.pid}-${Date.now()}`;
  const schemaCache = cache
    ? { dir: cache.dir, run: runMark }
    : config.compileCache
      ? { dir: config.compileCache, run: runMark, smallOnly: true }
      : undefined;
  const compiler = session?.compiler ?? createRuleCompiler(rules, { warn: warnOnce, display, schemaCache, catalogs });
  if (session) session.compiler = compiler;
  // The checks across files: the files of their rules that the run does not report give their facts too.
  const collectors = mayCheckAcrossFiles(rules) ? await compiler.collectors() : new Map();
  const across = collectors.size
    ? acrossFiles().acrossFilesRun(collectors, config, {
        files,
        skipped,
        partial,
        shard,
        display,
        session,
        gone,
        codeFrame,
      })
    : null;
  const queued = across?.queued ?? files;
  const toCheck = cache ? await cache.select(queued) : queued;
  return {
    rules,
    settings: checkSettings(config),
    cwd: config.cwd,
    warn: warnOnce,
    suppress,
    cache,
    schemaCache,
    compiler,
    collectors,
    across,
    toCheck,
    // Files of several rules (a schema each, say): each set of files that share their rules goes
    // to one thread, which compiles its schemas once.
    wholeSets: new Set(toCheck.map((entry) => entry.rules)).size > 1,
  };
}

// Each result as the queue reports it, in path order: suppressed (runner/suppress/), counted, and
// handed to the reporters; false once --bail has its failures. With checks across files, a file's
// verdict waits for every file's facts: `report` hands the results to them, and --bail counts the
// failures found so far; `deliver` takes each result once the checks across files are done.
function createTally(config, { suppress, across }, reporters) {
  const counts = {
    passed: 0,
    failed: 0,
    warnings: 0,
    skippedInCheck: 0, // not the kind of file a catalog's fileMatch took it for (check-file.js)
    onlyParsed: 0, // passed, but validated by nothing (check-file.js)
    onlyParsedHinted: 0, // of those, the files whose schemas a --schema-store prefix would bring
    storePrefixes: new Set(), // the --schema-store prefixes that would have them validated
    unusableSchemas: new Set(), // why a rule's schema cannot be used, from the problems of its files
    cached: { passed: 0, failed: 0 }, // --cache: the files reported from it, by their verdict in this run
    bailed: false,
  };
  let failedBeforeAcross = 0; // while the results wait for the checks across files: for --bail
  const deliver = (result) => {
    if (suppress) result = suppress.apply(result);
    if (result.onlyParsed) counts.onlyParsed++;
    for (const problem of result.problems) if (problem.severity === 'warning') counts.warnings++;
    if (result.storePrefixes) {
      counts.onlyParsedHinted++; // only a file only parsed has them (check-file.js)
      for (const prefix of result.storePrefixes) counts.storePrefixes.add(prefix);
      delete result.storePrefixes; // the check's word to this loop, not a reporter's
    }
    // A cached pass fails when the checks across files find a problem now, a cached failure passes
    // when its errors are suppressed: counted by the verdict reported.
    if (result.cached) counts.cached[result.status === 'pass' ? 'passed' : 'failed']++;
    if (result.status === 'pass') counts.passed++;
    else if (result.status === 'skip') counts.skippedInCheck++;
    else {
      counts.failed++;
      for (const problem of result.problems) {
        if (!problem.unusableSchema) continue;
        counts.unusableSchemas.add(problem.message);
        delete problem.unusableSchema; // the check's word to this loop, not a report's
        // The configuration's fault, not the file's: the human and GitHub reports say it once, not
        // once a file (3,032 lines for one plugin not installed); the file reports list it per file.
        (result.configFaults ??= new Set()).add(problem);
      }
    }
    for (const reporter of reporters) reporter.onFileResult?.(result);
    counts.bailed = bails(config.bail, counts.failed);
    return !counts.bailed;
  };
  const report = !across
    ? deliver
    : (result, index) => {
        across.take(result, index);
        if (result.context) return true;
        for (const reporter of reporters) reporter.onFileChecked?.(result); // the spinner moves
        if (suppress ? suppress.fails(result) : result.status === 'fail') failedBeforeAcross++;
        counts.bailed = bails(config.bail, failedBeforeAcross);
        return !counts.bailed;
      };
  return { counts, deliver, report };
}

// The files, on the executors the plan chooses: `auto` measures the first files in-process, then
// beside the workers booting, and settles on the pool or in-process (plan.js).
async function executePlan(queue, run, execution, context) {
  // The first files, measured before any worker is started: a run a pool cannot shorten starts none.
  if (execution.plan.mode === 'sample' && !execution.pool) await measureAlone(queue, run, execution, context);
  if (execution.plan.mode === 'sample') await measureBesideWorkers(queue, run, execution, context);
  if (execution.plan.mode === 'pool') await finishOnPool(queue, run, execution, context);
  else await finishInProcess(queue, run, execution, context);
}

async function measureAlone(queue, run, execution, { input, started }) {
  execution.sample = await executeInline(queue, {
    compiler: run.compiler,
    settings: run.settings,
    budget: FIRST_SAMPLE,
  });
  replan(queue, run, execution, input, { elapsedMs: performance.now() - started, first: true });
}

// The other cores are idle while the main thread measures: the workers boot there meanwhile, and
// take files as soon as one has loaded (a file's verdict is the same on any thread). Not before: a
// slow boot would keep the files it was given from a run that stays in-process.
async function measureBesideWorkers(queue, run, execution, { input, started }) {
  const { cores } = input;
  const pool = (execution.pool ??= await startWorkers(run, { workers: cores - 1, besideMain: true, cores }));
  let workingSince = null;
  const startEarly = () => {
    if (execution.early || !pool.booted()) return;
    clearInterval(waitForBoot);
    workingSince = performance.now();
    execution.early = executeOnPool(queue, pool, run.settings, {
      warn: run.warn,
      wholeSets: run.wholeSets,
      besideMain: true,
      taking: () => execution.taking,
    });
    execution.early.catch(() => {}); // awaited later; a failure meanwhile has stopped the queue
  };
  const waitForBoot = setInterval(startEarly, 5);
  try {
    execution.sample = await executeInline(queue, {
      compiler: run.compiler,
      settings: run.settings,
      budget: SAMPLE,
      ...besidePool(pool),
      from: execution.sample,
    });
  } finally {
    clearInterval(waitForBoot);
  }
  const now = performance.now();
  replan(queue, run, execution, input, {
    elapsedMs: now - started,
    workingMs: workingSince === null ? 0 : now - workingSince,
  });
}

// The plan again, from the sample: the files left are the queue's, the sample's and the workers'
// taken out.
function replan(queue, run, execution, input, measured) {
  const { sample } = execution;
  execution.plan = plan({
    ...input,
    files: sample.files + queue.remaining,
    setsLeft: setsLeft(run.toCheck, queue.remaining, sample),
    sample: { ...sample, ...measured },
  });
  // What a file costs the pool, to size its first batches (pool-recovery.js): where each set of files
  // has its own schemas, compiling them is most of it.
  const compiling = run.wholeSets ? sample.compileMs - sample.loadMs : 0;
  execution.msPerFile = (sample.checkMs + compiling) / Math.max(1, sample.files);
}

// The pool, and the main thread beside it when `auto` chose it. A failure on either side (a
// configuration error found while compiling) stops the other before it is reported.
async function finishOnPool(queue, run, execution, { input, session }) {
  if (!execution.early && execution.pool?.workers < execution.plan.workers) {
    // a session's pool, started for fewer files than these
    await execution.pool.close();
    execution.pool = session.pool = null;
  }
  // Where a check may hang, the main thread leaves every file to the workers, which can be stopped.
  const besideMain = input.requested === 'auto' && !input.hang;
  const { workers } = execution.plan;
  const pool = (execution.pool ??= await startWorkers(run, { workers, besideMain, cores: input.cores }));
  const { compiler, settings, warn, wholeSets } = run;
  const sides = [
    execution.early ??
      executeOnPool(queue, pool, settings, { warn, msPerFile: execution.msPerFile, wholeSets, besideMain }),
  ];
  if (besideMain)
    sides.push(stopOnError(queue, executeInline(queue, { compiler, settings, ...besidePool(pool), wholeSets })));
  await bothSides(sides);
}

// In-process: the workers finish the batches they took while the sample ran, and are closed.
async function finishInProcess(queue, run, execution, { session }) {
  execution.taking = false;
  const { pool, early } = execution;
  const closed = pool === session?.pool ? early : Promise.resolve(early).then(() => pool?.close());
  await bothSides([
    closed,
    executeInline(queue, {
      compiler: run.compiler,
      settings: run.settings,
      ...(early && besidePool(pool)),
    }),
  ]);
}

// How the main thread checks files beside a pool (inline.js): in short slices, turning its event
// loop as soon as a worker has replied, and taking back the pool's queued batches once out of files.
const besidePool = (pool) => ({ sliceMs: 5, yieldNow: pool.replyWaiting, reclaim: pool.reclaim });

// Waits for both sides of a run, then throws the first failure: neither is left running unheard.
async function bothSides(sides) {
  const outcomes = await Promise.allSettled(sides);
  const failure = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failure) throw failure.reason;
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

// Whether a validator is not one of the checks across files (by the names their problems carry).
const notAcrossFiles = (names) => (validator) => !names.has(validator);

// The run's decisions, pure functions of what they are given (test/execute/run-decisions.test.js).

/** @returns {boolean} whether --bail (0: off) stops the run after these failures */
export const bails = (bail, failed) => bail > 0 && failed >= bail;

/**
 * Whether a run's results are taken as they come, not in path order: when the checks across files
 * hold every result to the run's end, which gives them in path order, and nothing counts them in
 * order on the way: not --bail (the first failures in path order stop the run), not the cache
 * (whose hits are reported between them, in path order).
 * @param {{ across: boolean, cache: boolean, bail: number }} run
 */
export const takenAsTheyCome = ({ across, cache, bail }) => across && !cache && !(bail > 0);

/**
 * What becomes of the pool when a run ends, however it ends: kept warm in the --watch session when
 * the plan used it, for the next run; closed when the run started it; else left as it is (none,
 * or the session's, which its owner closes).
 * @param {{ pool: object | null, mode: import('./plan.js').Plan['mode'], session?: { pool: object | null } }} run
 * @returns {'keep' | 'close' | 'leave'}
 */
export function poolAfterRun({ pool, mode, session }) {
  if (session && mode === 'pool') return 'keep';
  if (pool && pool !== session?.pool) return 'close';
  return 'leave';
}

/** @returns {number} the files the run checked: those it reported, but those reported again unchecked (--watch) */
export const checkedCount = ({ passed, failed, skippedInCheck }, reportedAgain) =>
  passed + failed + skippedInCheck - reportedAgain;

/**
 * Whether the run checked the whole project, so that a suppression no file met is stale: every
 * file, none left out by patterns, --changed, a shard or a bail, and not --watch's part of them.
 * @param {{ partial?: boolean, shard?: object, patterns: string[], changed?: unknown, checked: number, files: unknown[] }} run
 */
export const wholeProject = ({ partial, shard, patterns, changed, checked, files }) =>
  !partial && !patterns.length && !changed && !shard && checked === files.length;

/**
 * The run's summary, from its counts (createTally) and what else the run knows.
 * @param {{ passed: number, failed: number, warnings: number, skippedInCheck: number, onlyParsed: number,
 *   onlyParsedHinted: number, storePrefixes: Set<string>, unusableSchemas: Set<string>,
 *   cached: { passed: number, failed: number }, bailed: boolean }} counts
 * @param {{ files: number, skipped: number, reportedAgain: number, interrupted: boolean, durationMs: number,
 *   plan: import('./plan.js').Plan, shard?: object, cache?: object, maxWarnings?: number, acrossFiles?: object,
 *   suppressions?: object, config?: string }} run files: the files to report; skipped: those discovery skipped;
 *   interrupted: Ctrl-C (the signal aborted); config: the run's config file, as shown (the hint names its key)
 * @returns {Summary}
 */
export function summarize(counts, run) {
  const { files, skipped, reportedAgain, interrupted, durationMs, plan, shard, cache } = run;
  const { maxWarnings, acrossFiles, suppressions } = run;
  const checked = checkedCount(counts, reportedAgain);
  return {
    total: files + skipped + reportedAgain,
    passed: counts.passed,
    failed: counts.failed,
    skipped: skipped + counts.skippedInCheck,
    onlyParsed: counts.onlyParsed,
    ...(counts.storePrefixes.size && {
      onlyParsedHint: require('../../shared/only-parsed-hint.js').onlyParsedHint([...counts.storePrefixes], {
        hinted: counts.onlyParsedHinted,
        onlyParsed: counts.onlyParsed,
        config: run.config,
      }),
      // All of them, and how many files they serve: `filecheck merge` makes the hint again from every shard's.
      storePrefixes: [...counts.storePrefixes].sort(),
      onlyParsedHinted: counts.onlyParsedHinted,
    }),
    unchecked: files - checked,
    bailed: counts.bailed && checked < files,
    interrupted: interrupted && checked < files,
    durationMs,
    plan,
    ...(counts.unusableSchemas.size && { unusableSchemas: [...counts.unusableSchemas].sort() }), // exit 2 (exit-codes.js)
    ...(shard && { shard }), // { index, count, total } with --shard: `filecheck merge` checks the shards add up
    ...(cache && { cache: { ...cache, ...counts.cached } }),
    warnings: counts.warnings,
    ...(maxWarnings !== undefined && { maxWarnings }),
    ...(acrossFiles && { acrossFiles }),
    ...(suppressions && { suppressions }),
  };
}

// The rule sets still to compile: those of the files left (`remaining`, the queue's last) that the
// sample did not prepare.
export function setsLeft(toCheck, remaining, sample) {
  const left = new Set();
  for (let i = toCheck.length - remaining; i < toCheck.length; i++)
    if (!sample.prepared.has(toCheck[i].rules)) left.add(toCheck[i].rules);
  return left.size;
}

// What may keep a check from ever returning, such that `auto` runs it where it can be stopped: the
// chaos monkey's hangs, or custom validators when a file timeout was asked for.
export function mayHang(config, rules) {
  if (config.chaos?.kind === 'hang') return "the chaos monkey's hangs";
  if (config.fileTimeoutGiven && rules.some((rule) => rule.validators.length)) return 'custom validators';
  return undefined;
}

// A rule with a built-in check across files, or a validator module that may export one.
export const mayCheckAcrossFiles = (rules) =>
  rules.some(
    (rule) =>
      rule.unique !== undefined ||
      rule.references !== undefined ||
      rule.sameKeysAs !== undefined ||
      rule.validators.length > 0,
  );
