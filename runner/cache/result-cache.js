// --cache: a file that has not changed since it was checked, under rules that have not changed, is
// reported as it was then, pass or failure, without being checked (as ESLint's --cache keeps a
// file's problems). Hits are decided here, on the main thread, before anything is queued (a stat per
// file), so the executors and workers know nothing of the cache: the files left are queued with
// `hash` set, and their results recorded as they are reported (cache-records.js' `recordable` says
// which failures are). A file that chose its schema itself ($schema, a catalog) is recorded with that schema's
// compiled-schema cache key after its rules' fingerprint, and is a hit only while that entry is
// stored and its files unchanged.
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { relativePosix } from '../../shared/paths.js';
import { readText } from '../../formats/read-text.js';
import { sha256 } from '../../shared/sha256.js';
import { fingerprintRules } from './rule-fingerprint.js';
import { readResults, writeResults } from './results-file.js';
import { schemaCacheAt, forgetSchemaCaches } from '../../validators/json-schema/compiled-schema-cache.js';
import { cacheHit } from './cache-hit.js';
import { hitResult, meetsEveryFile, recordOf, setFingerprint, settledChecks } from './cache-records.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @typedef {{ hits: number, failedHits: number, misses: number, schemas: { cached: number, compiled: number } }} CacheSummary
 *   hits: files reported from the cache, failedHits of them recorded as failures (the run's summary adds
 *   how many of them passed and failed in its report: run.js); misses: files queued to be checked;
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
  const records = meetsEveryFile(config, partial) ? new Map() : stored;
  let schemas = { cached: 0, compiled: 0 };
  let fingerprintLater = null; // a first run's, when its results are written (select)

  let files = [];
  const hits = []; // indexes into files, in order
  const hitRecords = []; // for each hit: its record
  const missIndexes = []; // index into files of each queued file
  const pending = []; // for each queued file: its Queued (cache-records.js), or null: not to record
  let nextHit = 0;
  let failedHits = 0;
  let contextHits = 0; // hits of files read only for the checks across files: not the run's
  let delivered = 0;
  let report = null;

  // Returns false when the run's report says stop (--bail: a cached failure counts as any failure).
  const reportHitsBefore = (index) => {
    while (nextHit < hits.length && hits[nextHit] < index) {
      const at = hits[nextHit];
      const entry = files[at];
      const result = hitResult(entry, hitRecords[nextHit++]);
      if (entry.context) contextHits++;
      else if (result.status === 'fail') failedHits++;
      if (!report(result, at)) return false;
    }
    return true;
  };

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
      const schemaCache = schemaCacheAt(dir, warn, display); // the compiled schemas' entries, which the fingerprints are made of
      const fingerprinting = { rules, schemaCache, place: relativePosix(root, config.cwd), display };
      if (stored.size || fs.existsSync(dir)) {
        schemas = await fingerprintSets(sets, { ...fingerprinting, warn });
      } else {
        // No cache yet (a first run): no file can be a hit, so the rules are fingerprinted when the
        // results are written, from what compiling their schemas recorded meanwhile, not now by
        // reading every schema before the first check (857 SchemaStore schemas: about a second).
        for (const set of sets.keys()) sets.set(set, set);
        fingerprintLater = async () => {
          // Their warnings were said as they were compiled.
          const found = await fingerprintSets(sets, { ...fingerprinting, warn: () => {} });
          schemas = { cached: 0, compiled: found.cached + found.compiled };
          for (const [key, record] of records) {
            const checks = settledChecks(record[4], (set) => sets.get(set));
            if (checks === null) records.delete(key);
            else record[4] = checks;
          }
        };
      }

      const toCheck = [];
      const queue = (entry, index, queued) => {
        toCheck.push(entry);
        missIndexes.push(index);
        pending.push(queued);
      };
      const chosen = new Set(); // the schema keys of the hits that chose their schemas, as recorded
      files.forEach((entry, index) => {
        const fingerprint = sets.get(entry.rules);
        // Symbolic links, pipes and rules that cannot be fingerprinted: always checked.
        const stats = fingerprint && !entry.special ? statOrNull(entry.path) : null;
        if (!stats?.isFile()) return queue(entry, index, null);
        const key = relativePosix(root, entry.path);
        const record = stored.get(key);
        const hit = cacheHit(record, {
          stats,
          fingerprint,
          verbose,
          codeFrame,
          strategy,
          tracked: !!entry.track,
          isCurrent: schemaCache.isCurrent,
          readHash: () => hashOf(entry.path),
        });
        if (hit === 'miss') {
          const { size, mtimeMs, ctimeMs } = stats;
          return queue({ ...entry, hash: true }, index, { key, size, mtimeMs, ctimeMs, fingerprint });
        }
        if (hit === 'hit-retimed') {
          record[1] = stats.mtimeMs;
          record[2] = stats.ctimeMs;
          changed = true;
        }
        records.set(key, record);
        hits.push(index);
        hitRecords.push(record);
        if (record[4] !== fingerprint) chosen.add(record[4].slice(fingerprint.length + 1));
      });
      // A warm run says what a cold one said of the schemas files chose (a rule's own: fingerprintRules).
      for (const schemaKey of new Set([...chosen].flatMap((keys) => keys.split(' '))))
        schemaCache.notesOf(schemaKey).forEach((note) => warn(note));
      return toCheck;
    },

    /**
     * @param {(result: import('../check/check-file.js').FileResult, index: number) => boolean} report the
     *   run's, given each result with the index of its file in the run's files (`select`'s)
     * @returns {(result: import('../check/check-file.js').FileResult) => boolean} for the work queue: reports
     *   the hits that come before each checked file, then the file, and records its result
     */
    interleave(runReport) {
      report = runReport;
      return (result) => {
        const n = delivered++;
        if (!reportHitsBefore(missIndexes[n])) return false; // a cached failure before it bailed: not reported
        const queued = pending[n];
        pending[n] = undefined;
        if (queued) {
          const record = recordOf(result, queued, codeFrame);
          if (record) records.set(queued.key, record);
          if (record || records.delete(queued.key)) changed = true;
        }
        // The hits up to the next file to check, now: a cached failure among them stops the run
        // (--bail) before that file is taken.
        return report(result, missIndexes[n]) && reportHitsBefore(missIndexes[n + 1] ?? Infinity);
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

// Each rule set's fingerprint, from its rules' (sets: rule set ─▶ fingerprint, filled in).
// @returns what fingerprinting found of the rules' schemas: how many were cached, how many compiled
async function fingerprintSets(sets, { rules, ...context }) {
  const found = await fingerprintRules(rules, { ...context, used: new Set([...sets.keys()].flat()) });
  for (const set of sets.keys())
    sets.set(
      set,
      setFingerprint(set, (id) => found.fingerprints.get(id)),
    );
  return found.schemas;
}

// The SHA-256 of a file's text now, or null: unreadable.
function hashOf(file) {
  const read = readText(file);
  return read.error ? null : sha256(read.text);
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
