// The results file of --cache: `{ tool: "filecheck", format, fingerprints: [...], files: { path: record } }`,
// a record per file checked to a verdict the cache keeps (result-cache.js): [size, mtimeMs, ctimeMs,
// the SHA-256 of its text, index into fingerprints] for a pass, followed by its problems (as reporters receive
// them, JSON objects) and, when those depend on --verbose, the value it had, for a failure (a
// fingerprint: its rules', then the cache keys of the schemas the file chose itself, space-separated).
// A record then holds, when there are some, the problems of the file (a failure's, or a pass's
// warnings), the --verbose they depend on, and the facts its collectors found (the checks across
// files, FileResult.facts), and whether its problems carry code frames (check/capture-frames.js):
// [..., problems | null, alternatives | null, facts | null, frames: true | null], trailing nulls left out.
// Format 1 recorded passes only; format 2 had no facts and no warnings; format 3 no code frames; format 4 no JSON Schema keyword on a problem; format 5 kept facts as data, not JSON text. Anything else found there (bad JSON, another format, another
// tool's file) is not trusted: it is reported in one line and rebuilt.
import { writeFileAtomic } from '../../shared/atomic-write.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

const FORMAT = 6;

/**
 * @typedef {[size: number, mtimeMs: number, ctimeMs: number, hash: string, fingerprint: string,
 *   problems?: import('../check/check-file.js').Problem[] | null, alternatives?: boolean | null,
 *   facts?: import('../check/check-file.js').Fact[] | null, frames?: true | null]} FileRecord problems: never
 *   empty; alternatives: the --verbose they were found with, if they depend on it; facts: never empty;
 *   frames: the problems were found with code frames
 * @param {string} file
 * @param {(message: string) => void} warn
 * @param {string} [shown] the file as messages name it
 * @returns {Map<string, FileRecord> | null} the records by path (none when there is no file yet);
 *   null when the file must be rebuilt
 */
export function readResults(file, warn, shown = file) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return new Map();
    warn(`cannot read the cache ${shown} (${error.code ?? error.message}): every file is checked`);
    return null;
  }
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    data = undefined;
  }
  const records = data === undefined ? null : recordsOf(data);
  if (records) return records;
  const why =
    data === undefined
      ? 'not valid JSON'
      : data?.tool !== 'filecheck'
        ? 'not a filecheck cache'
        : data.format !== FORMAT
          ? `format ${JSON.stringify(data.format)}, not ${FORMAT}`
          : 'damaged';
  warn(`ignoring the cache ${shown} (${why}): it is rebuilt`);
  return null;
}

function recordsOf(data) {
  if (data?.tool !== 'filecheck' || data.format !== FORMAT) return null;
  const { fingerprints, files } = data;
  if (
    !Array.isArray(fingerprints) ||
    !fingerprints.every((f) => typeof f === 'string') ||
    typeof files !== 'object' ||
    files === null
  )
    return null;
  const records = new Map();
  // The parsed records are the records, their fingerprint's number made its string in place: a
  // copy of each (12,899 pages' facts) was as much again for V8 to collect.
  for (const key in files) {
    const record = files[key];
    if (!isRecord(record, fingerprints.length)) return null;
    record[4] = fingerprints[record[4]];
    records.set(key, record);
  }
  return records;
}

const isRecord = (r, fingerprints) =>
  Array.isArray(r) &&
  r.length >= 5 &&
  r.length <= 9 &&
  typeof r[0] === 'number' &&
  typeof r[1] === 'number' &&
  typeof r[2] === 'number' &&
  typeof r[3] === 'string' &&
  Number.isInteger(r[4]) &&
  r[4] >= 0 &&
  r[4] < fingerprints &&
  (r.length < 6 || r[5] === null || (Array.isArray(r[5]) && r[5].length > 0 && r[5].every(isProblem))) &&
  (r.length < 7 || r[6] === null || typeof r[6] === 'boolean') &&
  (r.length < 8 || r[7] === null || (Array.isArray(r[7]) && r[7].length > 0 && r[7].every(isFact))) &&
  (r.length < 9 || r[8] === true);

const isFact = (f) => typeof f === 'object' && f !== null && Number.isInteger(f.rule) && typeof f.key === 'string';

const isProblem = (p) =>
  typeof p === 'object' &&
  p !== null &&
  typeof p.validator === 'string' &&
  typeof p.message === 'string' &&
  typeof p.kind === 'string';

/**
 * Written whole, atomically: a reader sees the old file or the new one, never half of one.
 * @param {string} file
 * @param {Map<string, FileRecord>} records
 */
export function writeResults(file, records) {
  const fingerprints = new Map();
  const files = Object.create(null); // a file may be called __proto__
  for (const [key, [size, mtimeMs, ctimeMs, hash, fingerprint, ...rest]] of records) {
    if (!fingerprints.has(fingerprint)) fingerprints.set(fingerprint, fingerprints.size);
    while (rest.length && rest.at(-1) == null) rest.pop(); // trailing nulls and undefineds left out
    files[key] = [size, mtimeMs, ctimeMs, hash, fingerprints.get(fingerprint), ...rest];
  }
  writeFileAtomic(
    file,
    JSON.stringify({ tool: 'filecheck', format: FORMAT, fingerprints: [...fingerprints.keys()], files }),
  );
}
