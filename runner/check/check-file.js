// The work on one file, shared by the in-process loop and the pool's workers:
// read once ─▶ parse once ─▶ every validator of the file's rules ─▶ FileResult.
import { createRequire } from 'node:module';
import { readEntry } from '../../formats/read-text.js';
import { CheckDied, containExit } from './contain-exit.js';
import { timedOut } from './file-timeout.js';
import { pointerTooDeep, tooDeepProblem } from '../../formats/depth-limit.js';
import { GUESSED, formatNames, parserNamed } from '../../formats/index.js';
import { fileResult, isError, skippedResult } from '../../shared/file-result.js';

const require = createRequire(import.meta.url);
// Loaded by the first failing file that shows code frames: a run where every file passes never does.
const addCodeFrames = (problems, text) => require('./capture-frames.js').addCodeFrames(problems, text);

/**
 * @typedef {{ validator: string, message: string, pointer?: string, line?: number, column?: number,
 *   kind: 'invalid' | 'parse' | 'io' | 'error' | 'chaos' | 'timeout', document?: number, keyword?: string,
 *   schema?: string, fileMatch?: string, yamlTag?: string, atKey?: boolean, notBestMatch?: boolean, wantsBoolean?: true, severity?: 'warning', suppressed?: true,
 *   related?: { path: string, line?: number, column?: number, pointer?: string, message?: string }[],
 *   paths?: [number, number][], frame?: import('./capture-frames.js').CodeFrame }} Problem
 *   schema: the human name of the JSON Schema that found it (a schema file's display path, a
 *   catalog entry's name, `draft-07 meta-schema`); fileMatch: the glob of the catalog entry's fileMatch
 *   that chose that schema for the file (chosen-schemas.js); yamlTag: the YAML tag of the value it
 *   is about or inside, read as written (formats/yaml.js);
 *   document: in a file of several documents (a YAML stream), which one, 1-based; atKey,
 *   notBestMatch, wantsBoolean: while the file is checked only (finish-problems.js); severity: a warning is
 *   reported and does not fail the file (absent: an error); keyword: what of its validator found it
 *   (JSON Schema's: the ajv keyword), which suppressions count by (runner/suppress/); related: the other places a check
 *   across files points at (the other file that holds a duplicate); paths: the files its message names,
 *   as spans of it (shared/message-paths.js); suppressed: in FileResult.suppressed only;
 *   frame: the file's lines around it, for the human reporter (the first few problems of a file, with
 *   codeFrame: capture-frames.js)
 * @typedef {{ path: string, status: 'pass' | 'fail' | 'skip', problems: Problem[], durationMs: number, hash?: string,
 *   schemas?: string[], schemaFiles?: string[], cached?: boolean, alternatives?: boolean, skipReason?: string,
 *   onlyParsed?: string, storePrefixes?: string[], facts?: Fact[], context?: boolean, suppressed?: Problem[],
 *   configFaults?: Set<Problem> }} FileResult
 *   skip: not that kind of file (discover.js' guessedBy), skipReason saying why; onlyParsed: on a pass,
 *   why no validator validated it (its schemas have no local copy, none was chosen); storePrefixes:
 *   the --schema-store prefixes that would map them, for the run's summary (run.js takes them
 *   off before the reporters see the result); hash: the SHA-256 of its text; schemas:
 *   the cache keys of the schemas the file chose itself ($schema, a catalog), with hash; schemaFiles:
 *   the files of those schemas (with their refs, or where one was expected), with entry.track;
 *   cached: reported from the cache (result-cache.js); alternatives, with hash on a failure: its problems
 *   depend on --verbose (some were not the best match), whose value this is; facts: what the
 *   file's collectors found in it, for the checks across files (runner/collect/); context: the
 *   result of a file not in the run, read for its facts (entry.context), which no reporter sees;
 *   suppressed: the problems within the counts of filecheck-suppressions.json (runner/suppress/), not
 *   in `problems`, each marked `suppressed: true`; configFaults: those of its problems that are a rule's
 *   schema or ajv plugin that cannot be used (run.js marks them for the reporters, which say each once)
 * @typedef {{ rule: number, key: string, json: string, document?: number }} Fact what one collector
 *   (validators/across-files/) found in one document, as JSON text: one string crosses threads and the
 *   cache, and waits in the run's ledger (runner/collect/ledger.js), where a tree of objects would survive
 *   V8's young-generation collections (a shard's report gives them as data: ledger.factsOf)
 * @typedef {{ chaos: import('./chaos.js').Chaos | null, fileTimeout: number, verbose: boolean, codeFrame: boolean }} CheckSettings
 *   the check's settings, under the config's names: the chaos monkey; the ms a check may take;
 *   verbose, report the errors of every anyOf/oneOf alternative, not only the best match's;
 *   codeFrame, a failing file's first problems carry their lines (capture-frames.js), for the human reporter
 * @typedef {{ monkey: ReturnType<typeof import('./chaos.js').createChaosMonkey>, fileTimeout: number, verbose: boolean, codeFrame: boolean,
 *   inWorker: boolean }} CheckOptions
 */

/**
 * The check's settings, taken from the run's config once (run.js) and passed whole to both
 * executors and every worker.
 * @param {import('../config/load-config.js').Config} config
 * @returns {CheckSettings}
 */
export const checkSettings = ({ chaos, fileTimeout, verbose, codeFrame }) => ({
  chaos,
  fileTimeout,
  verbose,
  codeFrame,
});

/**
 * The options of every check in one process, built once.
 * @param {Partial<CheckSettings>} settings
 * @param {{ inWorker?: boolean }} [where] inWorker: checks run in a pool worker, which may die
 *   (process.exit is not contained there)
 * @returns {CheckOptions}
 */
export function prepareCheck(
  { chaos = null, fileTimeout = Infinity, verbose = false, codeFrame = false },
  { inWorker = false } = {},
) {
  // The chaos monkey's module is loaded only by a run that has one.
  const monkey = chaos ? require('./chaos.js').createChaosMonkey(chaos, { fileTimeout, inWorker }) : null;
  return { monkey, fileTimeout, verbose, codeFrame, inWorker };
}

const NO_OPTIONS = prepareCheck({});

/**
 * @param {import('../files/discover.js').FileEntry & { hash?: boolean }} entry hash: the result of a file
 *   read and checked to the end carries the SHA-256 of its text, which the cache records
 * @param {import('./compile-rules.js').Validator[]} validators
 * @param {CheckOptions} [options] from prepareCheck
 * @param {ReturnType<typeof containExit>} [contained] in-process, a containment of process.exit its
 *   caller holds around several checks (inline.js, a time slice's): else the check holds its own
 * @returns {FileResult} a check that took longer than the file timeout fails with kind `timeout`
 *   alone; one that died (process.exit in-process, the chaos monkey's crash) with kind `error` alone
 */
export function checkFile(
  entry,
  validators,
  { monkey, fileTimeout, inWorker, verbose, codeFrame } = NO_OPTIONS,
  contained = undefined,
) {
  const started = performance.now();
  const hit = monkey?.hits(entry) ?? false;
  let problems = [];
  let died = false;
  const guard = inWorker ? null : (contained ?? containExit());
  if (contained) contained.died = null; // an earlier check's death is not this one's
  let read;
  // The schemas the file chose (validators/json-schema/chosen-schemas.js): for the cache, and for --watch.
  const uses = entry.hash || entry.track ? [] : undefined;
  const parsedOnly = { documents: 0, parsed: 0, why: [] }; // its documents no validator validated, and why
  const facts = []; // what its collectors found (validators/across-files/), for the checks across files
  // A file read for its facts only (runner/collect/context-files.js): its collectors, not its
  // validators, unless the cache is to record its result (hash), which must then be a verdict.
  const running = entry.context && !entry.hash ? shapeOf(validators).collectors : validators;
  try {
    let failedRead = false; // a directory or a pipe fails before the read: no fault is injected then
    const fault =
      hit && monkey.kind === 'io'
        ? () => {
            failedRead = true;
            return monkey.failRead();
          }
        : undefined;
    read = readEntry(entry, fault);
    let doc;
    if (read.error) {
      const problem = { validator: 'read', message: `file ${read.error}`, kind: 'io' };
      collectUnreadable(running, problem, facts);
      problems.push(failedRead ? { ...problem, message: `${problem.message}; ${monkey.note}` } : problem);
    } else {
      doc = checkDocuments(read.text, entry, running, problems, guard, { uses, parsedOnly, facts });
    }
    // Every hit file gets its fault, whether or not it could be read and parsed: which files are
    // hit never depends on the kind.
    if (hit && monkey.kind !== 'io') runValidators(doc, entry, [monkey.validator], problems, guard);
  } catch (error) {
    if (!(error instanceof CheckDied)) throw error;
    died = true;
    problems = [{ validator: error.validator ?? 'check', message: `the check died: ${error.message}`, kind: 'error' }];
  } finally {
    if (guard !== contained) guard?.release();
  }
  const durationMs = performance.now() - started;
  // A check that timed out or died has no verdict on the content: it never carries a hash, so the
  // cache never records it.
  if (durationMs > fileTimeout && !died)
    return timedOut(entry.rel, fileTimeout, durationMs, { note: hit ? monkey.note : null });
  const tracked = entry.track && { schemaFiles: [...new Set(uses.flatMap((use) => use.files))] };
  // What the cache records of a file that was read and checked to the end, passing or failing
  // (result-cache.js decides which failures it keeps): the hash of the text, the schemas the file chose,
  // and whether the problems reported depend on --verbose (an anyOf/oneOf alternative's errors).
  const keys = entry.hash && !died && read?.text !== undefined && [...new Set(uses.flatMap((use) => use.key ?? []))];
  const forCache = keys && {
    hash: require('../../shared/sha256.js').sha256(read.text),
    ...(keys.length && { schemas: keys }),
  };
  // A file only a catalog's fileMatch found, whose name says no data format (SchemaStore's JSONPatch
  // names `*.patch`, which git diffs are), and that does not parse: not that kind of file. Skipped,
  // never failed, and never cached (no hash): checked again as it changes.
  if (entry.guessedBy && problems.length && problems.every((problem) => problem.kind === 'parse'))
    return skippedResult(entry.rel, notThatKind(entry, problems[0]), durationMs);
  const collected = facts.length ? { facts } : undefined;
  const context = entry.context && { context: true };
  if (problems.length) {
    const alternatives = forCache && problems.some((problem) => problem.notBestMatch) && { alternatives: verbose };
    const finished = require('./finish-problems.js').finishProblems(problems, { verbose });
    // Warnings alone (front matter after blank lines) leave a file that nothing validated only parsed.
    const parsed = !entry.context && !finished.some(isError) && onlyParsedOf(parsedOnly);
    // The lines around the first problems, while the text is at hand: a failing file pays, never a passing one.
    if (codeFrame && read?.text !== undefined) addCodeFrames(finished, read.text);
    return fileResult(entry.rel, finished, durationMs, {
      ...forCache,
      ...alternatives,
      ...tracked,
      ...parsed,
      ...collected,
      ...context,
    });
  }
  return fileResult(entry.rel, problems, durationMs, {
    ...forCache,
    ...tracked,
    ...(!entry.context && onlyParsedOf(parsedOnly)),
    ...collected,
    ...context,
  });
}

// A passing file none of whose documents a validator validated (every schema chosen for them has no
// local copy, or none was chosen, and no other validator applies): why, for people, and the
// `--schema-store` prefixes that would map their schemas (run.js makes them the summary's hint).
function onlyParsedOf({ documents, why, parsed }) {
  if (!documents || documents !== parsed) return undefined;
  const prefixes = [...new Set(why.flatMap((reason) => reason.prefix ?? []))];
  return {
    onlyParsed: [...new Set(why.map((reason) => reason.why))].join('; '),
    ...(prefixes.length && { storePrefixes: prefixes }),
  };
}

/**
 * Why a file only a catalog's fileMatch found is skipped (discover.js' guessedBy): what it is not.
 * @param {import('../files/discover.js').FileEntry} entry
 * @param {Problem} problem the first that its parsing found
 */
export const notThatKind = ({ guessedBy, parser = 'json' }, { message, line, column }) =>
  `${guessedBy} matched its name, but it is not ${formatNames(parser)}${parser === GUESSED ? ' data' : ''} (${line === undefined ? '' : `${line}:${column} `}${message})`;

// Each document of the file (formats/index.js: JSON has one) is checked on its own, and in a stream
// of several (YAML) each problem says which document it is in. Returns the first document's value,
// for the chaos monkey's validator. `found`: where the schemas chosen (uses), the documents only
// parsed (parsedOnly) and the collectors' facts go.
function checkDocuments(text, entry, validators, problems, guard, { uses, parsedOnly, facts }) {
  const documents = parseDocuments(text, entry);
  // Only validators that choose a schema per document may have validated nothing of it.
  const { validating, mayOnlyParse } = shapeOf(validators);
  for (const document of documents) {
    const { number } = document; // in a stream of several
    let found = document.problems;
    let unread = Boolean(found); // it did not parse, or is too deep to check: no collector saw it
    if (!found) {
      found = [];
      const tooDeep = document.depthChecked ? null : pointerTooDeep(document.value);
      if (tooDeep === null) {
        const source = {
          text,
          parser: document.parser ?? entry.parser ?? 'json',
          range: document.range,
          comments: document.comments,
          uses,
          facts,
          document: documents.length > 1 ? number : undefined,
        };
        runValidators(document.value, entry, validators, found, guard, source);
        parsedOnly.documents++;
        if (mayOnlyParse && source.onlyParsed?.length === validating) {
          parsedOnly.parsed++;
          parsedOnly.why.push(...source.onlyParsed.flat());
        }
      } else {
        found.push(tooDeepAt(document, tooDeep));
        unread = true;
      }
      if (found.length) document.locate(found);
    }
    if (unread) collectUnreadable(validators, found[0], facts, number);
    if (document.warnings) found.push(...document.warnings); // after found[0], its first problem
    for (const problem of found)
      problems.push(
        number ? { ...problem, message: `document ${number}: ${problem.message}`, document: number } : problem,
      );
  }
  return documents[0]?.value;
}

// What a list of validators holds, worked out once per list, not per file: compile-rules.js shares
// one list for each combination of rules. validating: how many validate; mayOnlyParse: all of those
// choose a schema per document, so they may have validated nothing of it, and no check across files
// of its rules looks at it (a collector with checkAll: unique, references, sameKeysAs, a module's),
// which validates it as a validator does, whether or not a schema was chosen; collectors: those that
// collect facts, which alone run on a file read for its facts.
const shapes = new WeakMap();
function shapeOf(validators) {
  let shape = shapes.get(validators);
  if (!shape) {
    const validating = validators.filter((validator) => validator.validate);
    shape = {
      validating: validating.length,
      mayOnlyParse:
        validating.length > 0 &&
        validating.every((validator) => validator.choosesSchemas) &&
        !validators.some((validator) => validator.checkAll),
      collectors: validators.filter((validator) => validator.collect),
      unreadable: validators.filter((validator) => validator.collect && validator.unreadable),
    };
    shapes.set(validators, shape);
  }
  return shape;
}

// A parser recurses once per level of nesting (as JSON's positions do): a document too deep for
// the stack fails as one too deep for the limit does.
function parseDocuments(text, entry) {
  try {
    return parserNamed(entry.parser ?? 'json').parse(text, entry);
  } catch (error) {
    if (!(error instanceof RangeError && /call stack/.test(error.message))) throw error;
    return [{ problems: [tooDeepProblem()] }];
  }
}

function tooDeepAt(document, pointer) {
  const at = { pointer };
  document.locate([at]);
  return tooDeepProblem(at.line === undefined ? {} : { line: at.line, column: at.column });
}

// A check that dies (CheckDied) ends here: the caller reports that alone. `source` is for the
// built-in validators that choose a schema per document (validators/json-schema/chosen-schemas.js): the
// file's text, its parser and the document's `range` in it (a YAML comment may name its schema),
// and `uses`, which receives each schema chosen (its cache key and files: chosen-schemas.js).
// `source` is made for this document: the validators note on it the schemas applied to it
// (`applied`, validators/json-schema/json-schema.js), so that one that several rules bring in validates it once.
function runValidators(doc, entry, validators, problems, guard, source = {}) {
  const ctx = { path: entry.rel, absolutePath: entry.path, options: undefined };
  for (const validator of validators) {
    const name = validator.name;
    try {
      ctx.options = validator.options;
      if (validator.collect) {
        collectFacts(validator, doc, ctx, source);
        if (!validator.validate) continue;
      }
      const found = validator.validate(doc, ctx, source);
      if (typeof found?.then === 'function') {
        found.then(null, () => {}); // its outcome is not waited for: keep a rejection from crashing the run
        problems.push({
          validator: name,
          message: 'returned a Promise; validators must be synchronous',
          kind: 'error',
        });
      } else if (found) {
        for (const problem of [found].flat()) problems.push(atSeverity(normalize(problem, name), validator.severity));
      }
    } catch (error) {
      if (error instanceof CheckDied) throw named(error, name);
      problems.push(thrownProblem(error, name));
    }
    // Caught by the validator itself, a contained process.exit has still ended the check.
    if (guard?.died) throw named(guard.died, name);
  }
}

// A collector's facts of this document, kept with the file's result (FileResult.facts).
function collectFacts(collector, doc, ctx, { facts, document }) {
  keepFacts(collector, collector.collect(doc, ctx), facts, document);
}

// The facts of a file or document that could not be read or parsed, from the collectors that keep
// some (sameKeysAs: a translation's source that does not parse is said to be, not to be missing).
// `problem` is the first of its own, which the file reports.
function collectUnreadable(validators, problem, facts, document = undefined) {
  for (const collector of shapeOf(validators).unreadable)
    keepFacts(collector, collector.unreadable(problem), facts, document);
}

function keepFacts(collector, found, facts, document) {
  if (found === undefined) return;
  // Made JSON text here: a validator module's Set or Date reads the same in-process, on a pool and
  // from the cache (and a cycle fails the file here). The text is a string of its own: a slug V8 cut
  // out of the page as a sliced string would keep the whole page alive as long as the result, to
  // the run's end (12,899 pages: 105 → 21 MiB of heap), and in a worker to the end of its batch
  // (`--workers 2` on those pages: 228 MB at the peak instead of 165 on Node 24).
  const json = JSON.stringify(found);
  if (json === undefined) throw new TypeError(`collect returned ${typeof found}, which is not JSON data`);
  const fact = { rule: collector.rule, key: collector.key, json };
  if (document) fact.document = document;
  facts?.push(fact);
}

const named = (died, validator) => Object.assign(died, { validator: died.validator ?? validator });

// Custom validators may return strings or partial problems. atKey, notBestMatch and wantsBoolean: see finish-problems.js.
// A line or column that is not a whole number from 1 is left out (SARIF's code scanning refuses the
// whole report for one), and a column without its line.
function normalize(problem, validator) {
  if (typeof problem === 'string') return { validator, message: problem, kind: 'invalid' };
  const {
    message = String(problem),
    pointer,
    kind,
    schema,
    fileMatch,
    atKey,
    notBestMatch,
    wantsBoolean,
    severity,
    keyword,
  } = problem ?? {};
  const line = place(problem?.line);
  const column = line === undefined ? undefined : place(problem.column);
  // `error`: the file could not be validated as it asks (a schema it names cannot be used);
  // unusableSchema: its rule's own schema cannot be, which ends the run as a configuration error (run.js).
  const unusableSchema = (kind === 'error' && problem.unusableSchema === true) || undefined;
  return {
    validator,
    message: String(message),
    kind: kind === 'error' ? kind : 'invalid',
    ...definedOnly({
      keyword: typeof keyword === 'string' && keyword ? keyword : undefined, // json-schema's: the ajv keyword
      pointer,
      line,
      column,
      schema: typeof schema === 'string' ? schema : undefined,
      fileMatch: typeof fileMatch === 'string' ? fileMatch : undefined,
      atKey,
      notBestMatch,
      wantsBoolean: wantsBoolean === true || undefined,
      unusableSchema,
      severity: severity === 'warning' ? severity : undefined,
    }),
  };
}

const place = (n) => (Number.isInteger(n) && n >= 1 ? n : undefined);

// A check at "warn" (compile-rules.js) reports what it finds wrong in the content as warnings; what
// it could not check (kind `error`: a schema that cannot be used) stays an error, whatever its severity.
const atSeverity = (problem, severity) =>
  severity === 'warning' && problem.kind === 'invalid' ? { ...problem, severity } : problem;

function thrownProblem(error, validator) {
  if (error?.name === 'ChaosError' && error instanceof require('./chaos.js').ChaosError)
    return { validator, message: error.message, kind: 'chaos' };
  return { validator, message: `threw: ${error?.message ?? String(error)}`, kind: 'error' };
}

const definedOnly = (object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
