// Reads one report written by the json reporter (reporters/json.js) and checks it is one, so that
// `filecheck merge` never adds up something else, or half a report.
import { UsageError, readOrExplain } from '../../shared/errors.js';

const COUNTS = ['total', 'passed', 'failed', 'skipped', 'unchecked'];

/**
 * @typedef {{ name: string, files: import('../check/check-file.js').FileResult[], summary: import('../execute/run.js').Summary }} Report
 * @param {string} file an absolute path
 * @param {string} name the file as the user sees it, for messages
 * @returns {Report}
 * @throws {UsageError} when the file cannot be read, is not JSON or not a filecheck report
 */
export function readReport(file, name) {
  const text = readOrExplain(file, `report ${name}`);
  let doc;
  try {
    doc = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    throw new UsageError(`${name}: not valid JSON, so not a complete filecheck report (${error.message})`);
  }
  const problem = shapeProblem(doc);
  if (problem) throw new UsageError(`${name}: not a filecheck JSON report: ${problem}`);
  return { name, files: doc.files, summary: doc.summary };
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value) => Number.isSafeInteger(value) && value >= 0;
const isStrings = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');

// The first thing that is not as reporters/json.js writes it, in words; nothing when all is well.
function shapeProblem(doc) {
  if (!isObject(doc) || !Array.isArray(doc.files) || !isObject(doc.summary))
    return 'expected {"files": [...], "summary": {...}}';
  const { summary, files } = doc;
  const missing = COUNTS.find((name) => !isCount(summary[name]));
  if (missing) return `summary.${missing} is not a count`;
  if (summary.total !== summary.passed + summary.failed + summary.skipped + summary.unchecked)
    return 'the summary counts do not add up to its total';
  if (typeof summary.bailed !== 'boolean' || typeof summary.interrupted !== 'boolean')
    return 'summary.bailed and summary.interrupted must be true or false';
  if (summary.onlyParsed !== undefined && !(isCount(summary.onlyParsed) && summary.onlyParsed <= summary.passed))
    return 'summary.onlyParsed is not a count of passed files';
  if (
    summary.onlyParsedHinted !== undefined &&
    !(isCount(summary.onlyParsedHinted) && summary.onlyParsedHinted <= (summary.onlyParsed ?? 0))
  )
    return 'summary.onlyParsedHinted is not a count of files only parsed';
  if (summary.onlyParsedHint !== undefined && typeof summary.onlyParsedHint !== 'string')
    return 'summary.onlyParsedHint must be a string';
  for (const name of ['storePrefixes', 'unusableSchemas'])
    if (summary[name] !== undefined && !isStrings(summary[name])) return `summary.${name} must be a list of strings`;
  const { shard } = summary;
  if (
    shard !== undefined &&
    !(
      isObject(shard) &&
      isCount(shard.total) &&
      isCount(shard.index) &&
      isCount(shard.count) &&
      shard.index >= 1 &&
      shard.index <= shard.count
    )
  ) {
    return 'summary.shard is not { index, count, total }';
  }
  const listed = { pass: 0, fail: 0, skip: 0 };
  let plainPasses = 0; // listed passing files that carry nothing (no problem, facts, onlyParsed): --verbose lists them all
  for (const [i, result] of files.entries()) {
    if (
      !isObject(result) ||
      typeof result.path !== 'string' ||
      !(result.status in listed) ||
      !Array.isArray(result.problems)
    )
      return `files[${i}] is not { path, status, problems }`;
    listed[result.status]++;
    if (result.status === 'pass' && !result.problems.length && !result.facts && !result.onlyParsed) plainPasses++;
  }
  // Failing files are always listed; passing ones all with --verbose, else only those that carry
  // something: warnings, a shard's facts (a page without the value its collector looks for has none),
  // or why it was only parsed.
  if (listed.fail !== summary.failed)
    return `it lists ${listed.fail} failing files, its summary counts ${summary.failed}`;
  if (listed.pass > summary.passed || (plainPasses && listed.pass !== summary.passed))
    return `it lists ${listed.pass} passing files, its summary counts ${summary.passed}`;
  return null;
}
