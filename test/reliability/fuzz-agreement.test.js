// Property: for random schemas of every supported dialect and random documents, filecheck's verdict
// and problem pointers are ajv's, called directly with the options filecheck promises, in-process
// and on a worker pool; and every problem's line:column is where its pointer leads in the raw text.
// Repeat a failure with FUZZ_SEED=<seed> (printed in the test's name and in every failure).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { runCli, makeTree, parseJsonReport } from '../helpers/cli.js';
import { createRandom, fuzzSeed } from '../helpers/random.js';
import { DIALECTS, randomSchema, randomDocument, writeJson, moveDefinitions } from './json-fuzz.js';
import { oracleAjv } from '../helpers/ajv-oracle.js';
import { isSchema, walkSchema } from '../../validators/json-schema/schema-walk.js';

const require = createRequire(import.meta.url);
const { parseTree } = require('jsonc-parser');

const SEED = fuzzSeed();
const SCHEMAS = 40; // eight of each dialect
const DOCUMENTS = 200; // per schema; every case is checked by one run of the CLI per executor, one rule per schema
const EXECUTORS = ['0', '2']; // --workers: in-process, and a pool of two
// Keywords some document fails in every run: each failed at least 13 times in every one of 40 seeds.
// (unevaluatedItems, additionalItems and items fail in some runs only: see the diagnostic.)
const EXPECTED_KEYWORDS = [
  'type',
  'enum',
  'const',
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependencies',
  'dependentRequired',
  'unevaluatedProperties',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'anyOf',
  'oneOf',
  'not',
  'if',
  'false schema',
];

// ── the oracle: ajv, called directly ────────────────────────────────────────────────────────────

// ajv knows each dialect's meta-schema under one spelling; filecheck accepts http and https, "#" or not.
const META_SCHEMAS = {
  'draft-04': 'http://json-schema.org/draft-04/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

// What README promises: allErrors, strict about nothing that judges the data, formats in full,
// only a document's own keys count as present (JSON has no inherited keys), a property named
// __proto__ validated as any other (which ajv's `properties` leaves out: withProtoPattern), and a number too large
// for a double (`1e400`, Infinity once read) is a number, judged by maximum and minimum, and no
// integer (docs/json-schema.md, "Infinity and NaN are numbers"). `common`: definitions
// the schema's $refs name as "common.json#/...", a file beside it.
function oracleFor(dialect, schema, common) {
  const ajv = oracleAjv(dialect, {
    allErrors: true,
    ownProperties: true,
    strictSchema: 'log',
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    strictNumbers: false,
    logger: false,
  });
  const known = (s) => withProtoPattern(s.$schema ? { ...s, $schema: META_SCHEMAS[dialect] } : s);
  if (!common) return ajv.compile(known(schema));
  const idKey = dialect === 'draft-04' ? 'id' : '$id';
  const base = schema[idKey] ?? 'https://oracle.test/case/schema.json';
  ajv.addSchema(known(common), new URL('common.json', base).href);
  return ajv.compile(known({ [idKey]: base, ...schema }));
}

// A copy where each `properties` that has a __proto__ has its subschema under patternProperties
// "^__proto__$" too, which ajv applies to an own key of that name (the oracle's own rewrite).
function withProtoPattern(schema) {
  const copy = structuredClone(schema);
  walkSchema(copy, (node) => {
    const own = isSchema(node.properties) && Object.getOwnPropertyDescriptor(node.properties, '__proto__');
    if (own) node.patternProperties = { ...node.patternProperties, '^__proto__$': own.value };
  });
  return copy;
}

const escapeKey = (key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
const unescapeKey = (segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~');

// ajv's errors that only sum up those before them, which filecheck leaves out.
const SUMMING_UP = new Set(['if', 'propertyNames']);

/**
 * ajv's verdict on one document: the pointers of its errors, sorted (filecheck reports them in the
 * order of the text), or the error it threw. An extra property, and a property name that
 * propertyNames refuses, point at the property.
 */
function expectedOutcome(validate, doc) {
  let valid;
  try {
    valid = validate(doc);
  } catch (error) {
    // ajv's code for the schema itself does not run (a name it never declared, as its code for
    // unevaluatedItems under a $ref to the root once had): ajv cannot judge the document.
    if (error instanceof ReferenceError) return { unjudged: error.message };
    return { threw: error.message };
  }
  if (valid) return { pointers: [], required: [], keywords: [] };
  const pointers = new Set();
  const required = [];
  const keywords = validate.errors.map((error) => error.keyword);
  for (const error of validate.errors) {
    if (SUMMING_UP.has(error.keyword)) continue;
    const extra =
      error.keyword === 'additionalProperties'
        ? error.params.additionalProperty
        : error.keyword === 'unevaluatedProperties'
          ? error.params.unevaluatedProperty
          : error.propertyName;
    const pointer = extra === undefined ? error.instancePath : `${error.instancePath}/${escapeKey(extra)}`;
    pointers.add(pointer);
    if (error.keyword === 'required')
      required.push({
        pointer,
        message: `must have required property ${JSON.stringify(error.params.missingProperty)}`,
      });
  }
  return { pointers: [...pointers].sort(), required, keywords };
}

// A problem about a property's key (an extra one, a name that is not allowed) is placed on the key.
const ON_KEY = /^(must NOT have (additional|unevaluated) property|property name ")/;

// ── positions and duplicate keys, found independently on a syntax tree ─────────────────────────

/**
 * @param {boolean} [atKey] the node of the last key of the pointer, rather than of its value
 * @returns {object} the node
 */
function nodeAt(tree, pointer, atKey = false) {
  let node = tree;
  const segments = pointer.split('/').slice(1).map(unescapeKey);
  for (const [i, segment] of segments.entries()) {
    let next;
    if (node.type === 'object') {
      next = node.children.find((property) => property.children[0].value === segment)?.children[
        atKey && i === segments.length - 1 ? 0 : 1
      ];
    } else if (node.type === 'array' && /^(0|[1-9]\d*)$/.test(segment)) {
      next = node.children[Number(segment)];
    }
    if (!next) break; // a pointer past the document lands on the deepest node that exists
    node = next;
  }
  return node;
}

/** The problems of the keys written twice in one object (README "Formats"), in text order. */
function duplicateKeyProblems(tree, starts) {
  const found = [];
  const nodes = [tree];
  while (nodes.length) {
    const node = nodes.pop();
    const firsts = new Map();
    for (const child of node.children ?? []) {
      if (node.type !== 'object') {
        nodes.push(child);
        continue;
      }
      const [key, value] = child.children;
      if (firsts.has(key.value)) found.push({ key: key.value, first: firsts.get(key.value), offset: key.offset });
      else firsts.set(key.value, key.offset);
      nodes.push(value);
    }
  }
  return found
    .sort((a, b) => a.offset - b.offset)
    .map(({ key, first, offset }) => ({
      validator: 'parse',
      message: `duplicate key ${JSON.stringify(key)} (first at ${Object.values(lineAndColumn(starts, first)).join(':')}): an object's keys must be unique (readers disagree on which value counts)`,
      ...lineAndColumn(starts, offset),
      kind: 'parse',
    }));
}

/** Where each line of `text` starts: CRLF, LF and a lone CR end a line, as in editors. */
function lineStarts(text) {
  return [0, ...[...text.matchAll(/\r\n|\r|\n/g)].map((match) => match.index + match[0].length)];
}

function lineAndColumn(starts, offset) {
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1] <= offset) line++;
  return { line: line + 1, column: offset - starts[line] + 1 };
}

// ── one case: a schema and its documents, on disk ───────────────────────────────────────────────

function makeCase(rng, index, root) {
  const dialect = Object.keys(DIALECTS)[index % 5];
  const generated = JSON.parse(JSON.stringify(randomSchema(rng, dialect)));
  const name = `case-${String(index).padStart(2, '0')}`;
  fs.mkdirSync(path.join(root, name, 'docs'), { recursive: true });
  // Some schemas keep their definitions in a file beside them: found by filecheck on disk, or preloaded.
  const split = rng.chance(0.35) ? moveDefinitions(generated, dialect, 'common.json') : null;
  const schema = split ? split.root : generated;
  const refs = split && rng.chance(0.5) ? [`${name}/common.json`] : [];
  if (split) fs.writeFileSync(path.join(root, name, 'common.json'), JSON.stringify(split.common, null, 2));
  fs.writeFileSync(path.join(root, name, 'schema.json'), JSON.stringify(schema, null, 2));
  const documents = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const rel = `${name}/docs/${String(i).padStart(3, '0')}.json`;
    const raw = writeJson(rng, randomDocument(rng, schema));
    fs.writeFileSync(path.join(root, rel), raw);
    assert.equal(fs.readFileSync(path.join(root, rel), 'utf8'), raw, 'the generator wrote text that survives UTF-8');
    documents.push({ rel, raw, text: raw.replace(/^\uFEFF/, '') });
  }
  let validate = null;
  let invalid = null;
  try {
    validate = oracleFor(dialect, schema, split?.common);
  } catch (error) {
    invalid = error.message;
  }
  return { index, name, dialect, schema: generated, split: !!split, refs, documents, validate, invalid };
}

/** Every way filecheck's result for one document differs from the oracle's; schema: its schema, as problems name it. */
function disagreements(result, expected, text, schema) {
  const found = [];
  if (!result) return ['missing from the report'];
  if (expected.duplicates) {
    if (!isDeepEqual(result.problems, expected.duplicates))
      found.push(
        `keys written twice: ${JSON.stringify(expected.duplicates)}; filecheck reported ${JSON.stringify(result.problems)}`,
      );
    return found;
  }
  const shouldFail = expected.threw !== undefined || expected.pointers.length > 0;
  if (result.status !== (shouldFail ? 'fail' : 'pass'))
    found.push(`status ${result.status}, ajv says ${shouldFail ? 'fail' : 'pass'}`);
  if (expected.threw !== undefined) {
    const message = `schema ${schema} could not be run on this file: ${expected.threw} (an internal error of filecheck, not a fault of the file: please report it)`;
    const want = [{ validator: 'json-schema', message, kind: 'error', schema }];
    if (!isDeepEqual(result.problems, want))
      found.push(`ajv threw "${expected.threw}"; filecheck reported ${JSON.stringify(result.problems)}`);
    return found;
  }
  const pointers = [...new Set(result.problems.map((p) => p.pointer))].sort();
  if (!isDeepEqual(pointers, expected.pointers))
    found.push(`pointers ${JSON.stringify(pointers)}, ajv's ${JSON.stringify(expected.pointers)}`);
  for (const want of expected.required) {
    if (!result.problems.some((p) => p.pointer === want.pointer && p.message === want.message))
      found.push(`no problem ${JSON.stringify(want)}`);
  }
  const tree = result.problems.length ? parseTree(text) : null;
  const starts = result.problems.length ? lineStarts(text) : null;
  for (const problem of result.problems) {
    if (problem.validator !== 'json-schema' || problem.kind !== 'invalid')
      found.push(`unexpected problem ${JSON.stringify(problem)}`);
    const at = lineAndColumn(starts, nodeAt(tree, problem.pointer, ON_KEY.test(problem.message)).offset);
    if (problem.line !== at.line || problem.column !== at.column)
      found.push(
        `${JSON.stringify(problem.pointer)} placed at ${problem.line}:${problem.column}, is at ${at.line}:${at.column}`,
      );
  }
  return found;
}

const isDeepEqual = (a, b) => {
  try {
    assert.deepStrictEqual(a, b);
    return true;
  } catch {
    return false;
  }
};

// A schema ajv rejects must stop filecheck with exit 2, naming it.
async function checkInvalidSchema(root, c) {
  const { code, stderr } = await runCli([`${c.name}/docs/*.json`, '-s', `${c.name}/schema.json`, '--workers', '0'], {
    cwd: root,
  });
  return code === 2 && new RegExp(`${c.name}/schema\\.json(:\\d+:\\d+)? is invalid`).test(stderr)
    ? []
    : [`ajv rejects the schema (${c.invalid}); filecheck exited ${code}: ${stderr}`];
}

/** The failures of one run of the CLI over every case: one rule per schema, one ajv per schema. */
async function checkRun(root, cases, workers) {
  const out = `out-${workers}.json`;
  const { code, stderr } = await runCli(['-r', `json:${out}`, '--verbose', '--workers', workers], {
    cwd: root,
    timeout: 120_000,
  });
  const anyFail = cases.some((c) => c.expected.some((e) => e.duplicates || e.threw !== undefined || e.pointers.length));
  if (code !== (anyFail ? 1 : 0))
    return {
      files: null,
      failures: new Map([
        [null, [`--workers ${workers}: exit code ${code}, expected ${anyFail ? 1 : 0}; stderr: ${stderr}`]],
      ]),
    };
  const { files } = parseJsonReport(fs.readFileSync(path.join(root, out), 'utf8'));
  const byPath = new Map(files.map((file) => [file.path, file]));
  const failures = new Map();
  for (const c of cases) {
    const found = c.documents.flatMap((d, i) =>
      disagreements(byPath.get(d.rel), c.expected[i], d.text, `${c.name}/schema.json`).map(
        (problem) => `--workers ${workers} ${d.rel}: ${problem}`,
      ),
    );
    if (found.length) failures.set(c, found);
  }
  return { files, failures };
}

function describeCase(c, failures) {
  const doc = c.documents.find((d) => failures.some((f) => f.includes(`${d.rel}:`)));
  const shown = failures
    .slice(0, 5)
    .map((f) => `  ${f}`)
    .join('\n');
  return `${c.name} (${c.dialect}${c.split ? `, definitions in common.json${c.refs.length ? ', preloaded' : ''}` : ''}), ${failures.length} disagreement(s):\n${shown}\n  schema: ${JSON.stringify(c.schema)}${doc ? `\n  ${doc.rel}: ${JSON.stringify(doc.raw)}` : ''}`;
}

/** The cases compared: those whose schema ajv compiles, and whose documents its code can judge. */
const judged = (cases) => cases.filter((c) => c.validate && !c.unjudged);

/** What the cases exercised: verdicts, tricky keys on failing pointers, and the keywords that failed. */
function coverage(cases) {
  const valid = judged(cases);
  const stats = {
    splitSchemas: valid.filter((c) => c.split).length,
    invalidSchemas: cases.filter((c) => c.invalid).length,
    passing: 0,
    failing: 0,
    threw: 0,
    deepest: 0,
    escapedKeys: 0,
    emptyKeys: 0,
    nonAsciiKeys: 0,
    duplicateKeys: 0,
    withBom: 0,
  };
  const keywords = new Set();
  for (const c of valid) {
    c.documents.forEach((d, i) => {
      const e = c.expected[i];
      if (e.duplicates) return stats.duplicateKeys++;
      if (e.threw !== undefined) return stats.threw++;
      if (!e.pointers.length) return stats.passing++;
      stats.failing++;
      for (const keyword of e.keywords) keywords.add(keyword);
      stats.deepest = Math.max(stats.deepest, ...e.pointers.map((p) => p.split('/').length - 1));
      if (e.pointers.some((p) => /~[01]/.test(p))) stats.escapedKeys++;
      if (e.pointers.some((p) => /\/\/|\/$/.test(p))) stats.emptyKeys++;
      if (e.pointers.some((p) => /[^\x20-\x7e]/.test(p))) stats.nonAsciiKeys++;
      if (d.raw !== d.text) stats.withBom++;
    });
  }
  return { stats, keywords };
}

test(`filecheck's verdicts, pointers and positions agree with ajv's on random schemas and documents (FUZZ_SEED=${SEED})`, async (t) => {
  const rng = createRandom(SEED);
  const root = makeTree(t);
  const cases = Array.from({ length: SCHEMAS }, (_, i) => makeCase(rng, i, root));
  for (const c of cases.filter((c) => c.validate)) {
    c.expected = c.documents.map((d) => {
      const duplicates = duplicateKeyProblems(parseTree(d.text), lineStarts(d.text));
      return duplicates.length ? { duplicates } : expectedOutcome(c.validate, JSON.parse(d.text));
    });
    c.unjudged = c.expected.find((e) => e.unjudged)?.unjudged;
    if (c.unjudged) t.diagnostic(`FUZZ_SEED=${SEED}: ${c.name} left out, ajv's own code for it fails: ${c.unjudged}`);
  }
  const valid = judged(cases);
  const rules = valid.map((c) => ({
    name: c.name,
    files: [`${c.name}/docs/*.json`],
    schema: `${c.name}/schema.json`,
    refs: c.refs,
  }));
  fs.writeFileSync(path.join(root, '.filecheckrc.json'), JSON.stringify({ rules }));

  const runs = await Promise.all([
    ...EXECUTORS.map((workers) => checkRun(root, valid, workers)),
    ...cases.filter((c) => c.invalid).map((c) => checkInvalidSchema(root, c)),
  ]);
  const report = [];
  for (const run of runs.slice(EXECUTORS.length)) report.push(...run);
  for (const { failures } of runs.slice(0, EXECUTORS.length)) {
    for (const [c, found] of failures) report.push(c ? describeCase(c, found) : found.join('\n'));
  }
  const [inline, pool] = runs;
  if (inline.files && pool.files && !isDeepEqual(inline.files, pool.files))
    report.push('the in-process and pool reports differ');

  const { stats, keywords } = coverage(cases);
  t.diagnostic(`FUZZ_SEED=${SEED}: ${JSON.stringify(stats)}; ajv keywords failed: ${[...keywords].sort().join(' ')}`);
  assert.equal(report.length, 0, `FUZZ_SEED=${SEED} repeats this:\n${report.slice(0, 4).join('\n\n')}`);

  // The generator must keep producing what the property is about, or the test proves nothing.
  // Floors far below what seeds give (passing: 6–31% over 40 seeds, one seed 4.9%), so that no seed fails CI.
  const documents = SCHEMAS * DOCUMENTS;
  assert.ok(stats.passing > documents * 0.01, `FUZZ_SEED=${SEED}: too few passing documents: ${JSON.stringify(stats)}`);
  assert.ok(stats.failing > documents * 0.3, `FUZZ_SEED=${SEED}: too few failing documents: ${JSON.stringify(stats)}`);
  assert.ok(stats.deepest >= 3, `FUZZ_SEED=${SEED}: no failure deeper than ${stats.deepest}`);
  assert.ok(stats.invalidSchemas < SCHEMAS / 10, `FUZZ_SEED=${SEED}: ${stats.invalidSchemas} schemas ajv rejects`);
  for (const tricky of ['escapedKeys', 'emptyKeys', 'nonAsciiKeys', 'duplicateKeys', 'withBom']) {
    assert.ok(stats[tricky] > 0, `FUZZ_SEED=${SEED}: no failing document with ${tricky}`);
  }
  const missing = EXPECTED_KEYWORDS.filter((keyword) => !keywords.has(keyword));
  assert.deepEqual(missing, [], `FUZZ_SEED=${SEED}: no document failed these keywords`);
});
