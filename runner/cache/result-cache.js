// --cache: a file that has not changed since it was checked, under rules that have not changed, is
// reported as it was then, pass or failure, without being checked (as ESLint's --cache keeps a
// file's problems). Hits are decided here, on the main thread, before anything is queued (a stat per
// file), so the executors and workers know nothing of the cache: the files left are queued with
// `hash` set, and their results recorded as they are reported (see `recordable` for which failures
// are). A file that chose its schema itself ($schema, a catalog) is recorded with that schema's
// compiled-schema cache key after its rules' fingerprint, and is a hit only while that entry is
// stored and its files unchanged.
import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { relativePosix } from '../../shared/paths.js';
import { readText } from '../../formats/read-text.js';
import { sha256 } from '../../shared/sha256.js';
import { fingerprintRules } from './rule-fingerprint.js';
import { readResults, writeResults } from './results-file.js';
import { schemaCacheAt, forgetSchemaCaches } from '../../validators/json-schema/compiled-schema-cache.js';
import { cacheHit } from './cache-hit.js';
import { fileResult } from '../../shared/file-result.js';

// Which results are recorded: a pass read and checked to the end, and a failure only when it is a
// verdict the file's content and its checks decide, which a run with the same file and checks gives
// again: every problem is `invalid` (a rule or a validator says the content is wrong) or `parse`
// (the text is not valid in its format, a duplicate key, too deep). Never recorded, so checked
// again on every run: `io` (the file could not be read), `timeout` (depends on the machine's load),
// `chaos` (injected; chaos runs bypass the cache anyway), and `error`, every check that could not
// give a verdict: a validator that threw or returned a Promise, a check that died (process.exit, a
// worker that died twice), a schema the file names that could not be loaded or compiled. A check
// that timed out or died carries no hash (check-file.js), so it is never recorded either way. A
// failure of more than MAX_RECORDED_PROBLEMS problems is checked again rather than stored, to keep
// results.json small.
const RECORDED_KINDS = new Set(['invalid', 'parse']);
const MAX_RECORDED_PROBLEMS = 200;
export const recordable = (result) =>
  result.hash !== undefined &&
  result.problems.length <= MAX_RECORDED_PROBLEMS &&
  result.problems.every((p) => RECORDED_KINDS.has(p.kind));

/**
 * @typedef {{ hits: number, failedHits: number, misses: number, schemas: { cached: number, compiled: number } }} CacheSummary
 *   hits: files reported from the cache, failedHits of them failures; misses: files queued to be checked;
 *   schemas: distinct schemas loaded from the compiled-schema cache, or compiled in this run
 * @param {import('../config/load-config.js').Config} config with `cache` set
 * @param {import('../config/load-config.js').Rule[]} rules
 * @param {{ warn(message: string): void, display(file: string): string, partial?: boolean, codeFrame?: boolean }} context
 *   partial: the run checks a part of the files only (--watch's re-runs); codeFrame: the run's checks
 *   capture code frames, which a recorded failure must have been recorded with to be a hit
 */
export function openCache(config, rules, { warn, display, partial = false, codeFrame = false }) {
  const { dir, strategy } = config.cache;
  const verbose = !!config.verbose; // a failure's problems may depend on it (check-file.js, alternatives)
  const { root } = config;
  checkLocation(dir, display);
  forgetSchemaCaches(); // read the schemas again: a process may make several runs (--watch)
  const resultsFile = path.join(dir, 'results.json');
  const read = readResults(resultsFile, warn, display(resultsFile));
  let changed = read === null; // a file not to be trusted is rewritten
  const stored = read ?? new Map();
  // A run of the whole project (no patterns, --changed or --shard) meets every file there is: the
  // records of the others (deleted, no longer matched) are dropped.
  const wholeProject = !partial && !config.patterns.length && !config.changed && !config.shard;
  const records = wholeProject ? new Map() : stored;
  let schemas = { cached: 0, compiled: 0 };
  let schemaCache = null; // the compiled schemas' entries, which the rules' fingerprints are made of
  let fingerprintLater = null; // a first run's, when its results are written (select)

  let files = [];
  const hits = []; // indexes into files, in order
  const hitRecords = []; // for each hit: its record
  const missIndexes = []; // index into files of each queued file
  const pending = []; // for each queued file: [key, size, mtimeMs, ctimeMs, fingerprint], or null: not to record
  let nextHit = 0;
  let failedHits = 0;
  let contextHits = 0; // hits of files read only for the checks across files: not the run's
  let delivered = 0;
  let report = null;

  // A hit is reported as its check was: a failure with the problems recorded. Returns false when
  // the run's report says stop (--bail: a cached failure counts as any failure).
  const reportHitsBefore = (index) => {
    while (nextHit < hits.length && hits[nextHit] < index) {
      const [, , , , , problems, , facts] = hitRecords[nextHit];
      const entry = files[hits[nextHit++]];
      const result = fileResult(entry.rel, problems ?? [], 0, {
        cached: true,
        ...(facts && { facts }),
        ...(entry.context && { context: true }),
      });
      if (entry.context) contextHits++;
      else if (result.status === 'fail') failedHits++;
      if (!report(result)) return false;
    }
    return true;
  };

  function remember(info, result) {
    if (!info) return;
    const [key, size, mtimeMs, ctimeMs, fingerprint] = info;
    if (recordable(result)) {
      const record = [
        size,
        mtimeMs,
        ctimeMs,
        result.hash,
        // A fingerprint worked out when the results are written (select) is the rule set until then.
        typeof fingerprint !== 'string'
          ? { set: fingerprint, schemas: result.schemas }
          : result.schemas
            ? [fingerprint, ...result.schemas].join(' ')
            : fingerprint,
      ];
      const problems = result.problems.length ? result.problems : null;
      record.push(problems, result.alternatives ?? null, result.facts ?? null, problems && codeFrame ? true : null);
      records.set(key, record);
      changed = true;
    } else if (records.delete(key)) {
      changed = true;
    }
  }

  return {
    /** The folder of compiled schemas, for the rule compilers (see validators/json-schema/compiled-schema-cache.js). */
    dir,
    /**
     * @param {import('../files/discover.js').FileEntry[]} all every file of the run, in order
     * @returns {Promise<import('../files/discover.js').FileEntry[]>} the files to check
     */
    async select(all) {
      files = all;
      const sets = new Map(); // rule set (a shared array, see discover.js) ─▶ fingerprint | null
      for (const entry of files) sets.set(entry.rules, null);
      const used = new Set([...sets.keys()].flat());
      schemaCache = schemaCacheAt(dir, warn, display);
      const fingerprintSets = async (say) => {
        const found = await fingerprintRules(
          rules.filter((rule) => used.has(rule.id)),
          { schemaCache, place: relativePosix(root, config.cwd), warn: say, display },
        );
        for (const set of sets.keys()) {
          const parts = set.map((id) => found.fingerprints.get(id));
          sets.set(set, parts.includes(null) ? null : sha256(JSON.stringify(parts)));
        }
        return found.schemas;
      };
      if (stored.size || fs.existsSync(dir)) {
        schemas = await fingerprintSets(warn);
      } else {
        // No cache yet (a first run): no file can be a hit, so the rules are fingerprinted when the
        // results are written, from what compiling their schemas recorded meanwhile, not now by
        // reading every schema before the first check (857 SchemaStore schemas: about a second).
        for (const set of sets.keys()) sets.set(set, set);
        fingerprintLater = async () => {
          const found = await fingerprintSets(() => {}); // their warnings were said as they were compiled
          schemas = { cached: 0, compiled: found.cached + found.compiled };
          for (const [key, record] of records) {
            if (typeof record[4] === 'string') continue;
            const { set, schemas: chosen } = record[4];
            const fingerprint = sets.get(set);
            if (fingerprint === null) records.delete(key);
            else record[4] = chosen ? [fingerprint, ...chosen].join(' ') : fingerprint;
          }
        };
      }

      const toCheck = [];
      const chosen = new Set(); // the schema keys of the hits that chose their schemas, as recorded
      files.forEach((entry, index) => {
        const fingerprint = sets.get(entry.rules);
        // Symbolic links, pipes and rules that cannot be fingerprinted: always checked.
        const stats = fingerprint && !entry.special ? statOrNull(entry.path) : null;
        if (!stats?.isFile()) {
          toCheck.push(entry);
          missIndexes.push(index);
          pending.push(null);
          return;
        }
        const key = relativePosix(root, entry.path);
        const record = stored.get(key);
        const readHash = () => {
          const read = readText(entry.path);
          return read.error ? null : sha256(read.text);
        };
        const hit = cacheHit(record, {
          stats,
          fingerprint,
          verbose,
          codeFrame,
          strategy,
          tracked: !!entry.track,
          isCurrent: schemaCache.isCurrent,
          readHash,
        });
        if (hit !== 'miss') {
          if (hit === 'hit-retimed') {
            record[1] = stats.mtimeMs;
            record[2] = stats.ctimeMs;
            changed = true;
          }
          records.set(key, record);
          hits.push(index);
          hitRecords.push(record);
          if (record[4] !== fingerprint) chosen.add(record[4].slice(fingerprint.length + 1));
          return;
        }
        toCheck.push({ ...entry, hash: true });
        missIndexes.push(index);
        pending.push([key, stats.size, stats.mtimeMs, stats.ctimeMs, fingerprint]);
      });
      // A warm run says what a cold one said of the schemas files chose (a rule's own: fingerprintRules).
      for (const schemaKey of new Set([...chosen].flatMap((keys) => keys.split(' '))))
        schemaCache.notesOf(schemaKey).forEach((note) => warn(note));
      return toCheck;
    },

    /**
     * @param {(result: import('../check/check-file.js').FileResult) => boolean} report the run's
     * @returns {(result: import('../check/check-file.js').FileResult) => boolean} for the work queue: reports
     *   the hits that come before each checked file, then the file, and records its result
     */
    interleave(runReport) {
      report = runReport;
      return (result) => {
        const n = delivered++;
        if (!reportHitsBefore(missIndexes[n])) return false; // a cached failure before it bailed: not reported
        remember(pending[n], result);
        pending[n] = undefined;
        // The hits up to the next file to check, now: a cached failure among them stops the run
        // (--bail) before that file is taken.
        return report(result) && reportHitsBefore(missIndexes[n + 1] ?? Infinity);
      };
    },

    /**
     * Reports the hits before the first file to check, once the reporters have started: a cached
     * failure among them may stop the run (--bail) before anything is checked.
     */
    start(queue) {
      if (!queue.stopped && !reportHitsBefore(missIndexes[0] ?? Infinity)) queue.stop(); // stopped: Ctrl-C already
    },

    /** Reports the hits after the last checked file, unless the run was stopped (--bail, Ctrl-C). */
    finish(queue) {
      if (!queue.stopped) reportHitsBefore(Infinity);
    },

    /** Writes what this run learnt, also after --bail or Ctrl-C: only reported results are recorded. */
    async save() {
      try {
        await fingerprintLater?.();
        if (changed || records.size !== stored.size) writeResults(resultsFile, records);
        // Also when the run stored only compiled schemas (every file failed unrecorded): the folder exists.
        if (fs.existsSync(dir)) keepOutOfGit(dir);
      } catch (error) {
        warn(`cannot write the cache in ${display(dir)}: ${error.code ?? error.message}`);
      }
    },

    /** @returns {CacheSummary} */
    summary() {
      return { hits: nextHit - contextHits, failedHits, misses: missIndexes.length, schemas };
    },
  };
}

// A content repository without Node.js has no node_modules to ignore: the cache must not show up in
// `git status` (as pytest's and ruff's caches do not), so its folder ignores itself.
function keepOutOfGit(dir) {
  const file = path.join(dir, '.gitignore');
  if (!fs.existsSync(file)) fs.writeFileSync(file, '# written by filecheck: the cache is not to be committed\n*\n');
}

// A location that cannot be a folder is a configuration mistake; one that cannot be written is only
// warned about, when writing.
function checkLocation(dir, display) {
  const unusable = (why) => new UsageError(`the cache location ${display(dir)} cannot be used: ${why}`);
  let stats;
  try {
    stats = fs.statSync(dir, { throwIfNoEntry: false });
  } catch (error) {
    throw unusable(error.code === 'ENOTDIR' ? 'a folder above it is a file' : (error.code ?? error.message));
  }
  if (stats && !stats.isDirectory()) throw new UsageError(`the cache location ${display(dir)} is not a folder`);
  // Node 22 and later say nothing, as for a missing path, where Node 20 threw ENOTDIR.
  if (!stats && !fs.statSync(nearestExisting(path.dirname(dir))).isDirectory())
    throw unusable('a folder above it is a file');
}

function nearestExisting(dir) {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

function statOrNull(file) {
  try {
    return fs.statSync(file, { throwIfNoEntry: false });
  } catch {
    return null; // unreadable: checking it says why
  }
}
