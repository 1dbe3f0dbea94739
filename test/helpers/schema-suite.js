// The official JSON-Schema-Test-Suite, laid out for filecheck: one folder per draft holding, for
// every case of the required tests, its schema and one data file per test, a `.filecheckrc.json`
// with one rule per case, and the suite's remotes (served at http://localhost:1234/ by the suite's
// own runner) as preloaded refs carrying that URL as their $id. One run of the CLI then checks a
// whole draft. Used by test/json-schema/json-schema-suite.test.js; `node test/helpers/schema-suite.js` prints
// the disagreements with the spec of today's run (to update test/fixtures/json-schema-suite-expected.json).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The suite as Debian's libtest-json-schema-acceptance-perl (1.019-1) ships it: JSON-Schema-Test-Suite
// at 47958f8 (2.0.0-730), vendored in test/fixtures/json-schema-test-suite/ (its README says how it was
// obtained; only what is read here: the required tests of draft3 … draft2020-12, and remotes/). No npm
// package holds a current copy (json-schema-test-suite has draft-03 only, @json-schema-org/tests
// depends on a GitHub URL). FILECHECK_JSON_SCHEMA_TEST_SUITE may name another copy of the suite.
export const SUITE_PACKAGE = 'libtest-json-schema-acceptance-perl=1.019-1';
export const VENDORED_SUITE = fileURLToPath(new URL('../fixtures/json-schema-test-suite', import.meta.url));

const isSuite = (dir) =>
  fs.existsSync(path.join(dir, 'tests', 'draft2020-12')) && fs.existsSync(path.join(dir, 'remotes'));

/**
 * @returns {string} the folder holding tests/ and remotes/: FILECHECK_JSON_SCHEMA_TEST_SUITE when it
 *   is set, else the vendored copy
 * @throws when FILECHECK_JSON_SCHEMA_TEST_SUITE names a folder that is not the suite, or the vendored copy is missing
 */
export function findSuite(env = process.env) {
  const dir = env.FILECHECK_JSON_SCHEMA_TEST_SUITE || VENDORED_SUITE;
  if (!isSuite(dir))
    throw new Error(
      `no JSON-Schema-Test-Suite at ${dir} (tests/draft2020-12 and remotes/)${env.FILECHECK_JSON_SCHEMA_TEST_SUITE ? ': FILECHECK_JSON_SCHEMA_TEST_SUITE names it' : ''}`,
    );
  return dir;
}

// Each suite folder: the `$schema` its schemas are given when they have none (drafts 3 to 7 leave
// it out: their runners choose the draft by folder), and the key of a remote's id.
export const DRAFTS = {
  draft3: { $schema: 'http://json-schema.org/draft-03/schema#', id: 'id' },
  draft4: { $schema: 'http://json-schema.org/draft-04/schema#', id: 'id' },
  draft6: { $schema: 'http://json-schema.org/draft-06/schema#', id: '$id' },
  draft7: { $schema: 'http://json-schema.org/draft-07/schema#', id: '$id' },
  'draft2019-09': { $schema: 'https://json-schema.org/draft/2019-09/schema', id: '$id' },
  'draft2020-12': { $schema: 'https://json-schema.org/draft/2020-12/schema', id: '$id' },
};
const DRAFT_FOLDERS = ['draft-next', 'draft2019-09', 'draft2020-12', 'draft7', 'draft6', 'draft4', 'draft3'];
const REMOTE_BASE = 'http://localhost:1234/';

const listJson = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.json'))
    .map((e) => e.name)
    .sort();

function walk(dir, rel = '') {
  const found = [];
  for (const entry of fs.readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel ? `${rel}/${entry.name}` : entry.name;
    if (entry.isDirectory()) found.push(...walk(dir, child));
    else if (entry.name.endsWith('.json')) found.push(child);
  }
  return found.sort();
}

/**
 * Writes one draft's cases under `dir`.
 * @returns {{ cases: { key: string, file: string, index: number, description: string, tests: { rel: string, description: string, valid: boolean }[] }[] }}
 */
export function layOutDraft(suite, draft, dir) {
  const { $schema, id } = DRAFTS[draft];
  fs.mkdirSync(dir, { recursive: true });
  // Remotes: the shared ones and this draft's folder; those without an id get their URL as one.
  const remotes = walk(path.join(suite, 'remotes')).filter((rel) => {
    const top = rel.split('/')[0];
    return !DRAFT_FOLDERS.includes(top) || top === draft;
  });
  for (const rel of remotes) {
    const schema = JSON.parse(fs.readFileSync(path.join(suite, 'remotes', rel), 'utf8'));
    if (schema && typeof schema === 'object' && schema.$id === undefined && schema.id === undefined) {
      Object.defineProperty(schema, id, {
        value: REMOTE_BASE + rel,
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    const out = path.join(dir, 'remotes', rel);
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(schema, null, 2)}\n`);
  }
  const cases = [];
  const rules = [];
  for (const file of listJson(path.join(suite, 'tests', draft))) {
    const stem = file.replace(/\.json$/, '');
    const groups = JSON.parse(fs.readFileSync(path.join(suite, 'tests', draft, file), 'utf8'));
    // One folder per test file (few folders: writing thousands is slow): c/<file>/<case>.schema.json
    // and c/<file>/<case>.<test>.json, each rule naming its data files.
    fs.mkdirSync(path.join(dir, 'c', stem), { recursive: true });
    groups.forEach((group, index) => {
      let schema = group.schema;
      if (schema && typeof schema === 'object' && !Array.isArray(schema) && schema.$schema === undefined)
        schema = { $schema, ...schema };
      const schemaFile = `c/${stem}/${index}.schema.json`;
      fs.writeFileSync(path.join(dir, schemaFile), `${JSON.stringify(schema, null, 2)}\n`);
      const tests = group.tests.map((t, i) => {
        const rel = `c/${stem}/${index}.${String(i).padStart(2, '0')}.json`;
        fs.writeFileSync(path.join(dir, rel), `${JSON.stringify(t.data, null, 2)}\n`);
        return { rel, description: t.description, valid: t.valid };
      });
      const key = `${file}#${index}`;
      cases.push({ key, file, index, description: group.description, schemaFile, tests });
      rules.push({ name: key, files: tests.map((t) => t.rel), schema: schemaFile, refs: ['remotes/**/*.json'] });
    });
  }
  fs.writeFileSync(path.join(dir, '.filecheckrc.json'), JSON.stringify({ rules }, null, 1));
  return { cases, rules };
}

/**
 * Checks a laid-out draft in this process through the programmatic API, one run per test file of
 * the suite (one rule per case). A schema filecheck refuses ends its run with a UsageError: that
 * file's cases are then run one by one, and the refusal is recorded for its case. The schema compile
 * strategy is this process's FILECHECK_SCHEMA_COMPILE: run it in a child given that variable.
 * @returns {Promise<{ files: Map<string, { status: string, problems: object[] }>, rejected: Map<string, string>, warnings: string[], runs: number }>}
 */
export async function checkDraft(dir, { rules }) {
  const { run, UsageError } = await import('../../runner/index.js');
  const files = new Map();
  const rejected = new Map(); // case key ─▶ what filecheck said
  const warnings = [];
  let runs = 0;
  const runRules = async (name, chosen) => {
    const config = `.filecheckrc.${process.env.FILECHECK_SCHEMA_COMPILE ?? 'auto'}.${name}.json`;
    fs.writeFileSync(path.join(dir, config), JSON.stringify({ rules: chosen }));
    const results = [];
    runs++;
    await run({
      cwd: dir,
      config,
      workers: '0',
      onWarning: (warning) => warnings.push(warning.replaceAll(dir + path.sep, '')),
      reporters: [{ onFileResult: ({ path: file, status, problems }) => results.push([file, { status, problems }]) }],
    });
    for (const [file, result] of results) files.set(file, result);
  };
  // One run per case: each case's schema is compiled on its own, as the suite means (two cases
  // may give one $id different schemas).
  for (const rule of rules) {
    try {
      await runRules(rule.name.replace('#', '-'), [rule]);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      rejected.set(rule.name, error.message.replaceAll(dir + path.sep, ''));
    }
  }
  return { files, rejected, warnings, runs };
}

/**
 * What filecheck's run says of each test, where the spec says otherwise: `pass`, `fail` (an
 * invalid file), `error: <kind>` (a problem of another kind), or `schema rejected`.
 * @returns {Record<string, { case: string, test: string, valid: boolean, got: string }>} by "file#case/test"
 */
export function disagreements({ cases }, { files, rejected }) {
  const found = {};
  for (const c of cases) {
    c.tests.forEach((t, i) => {
      let got;
      if (rejected.has(c.key)) got = 'schema rejected';
      else {
        const result = files.get(t.rel);
        if (!result) got = 'missing from the report';
        else if (result.status === 'pass') got = 'pass';
        else {
          const kinds = [...new Set(result.problems.map((p) => p.kind))].filter((k) => k !== 'invalid');
          got = kinds.length ? `error: ${kinds.join(', ')}` : 'fail';
        }
      }
      if (got !== (t.valid ? 'pass' : 'fail'))
        found[`${c.key}/${i}`] = { case: c.description, test: t.description, valid: t.valid, got };
    });
  }
  return found;
}

/** @returns {Record<string, { cases: number, tests: number }>} how many cases and tests each draft has */
export function countsOf(laid) {
  return Object.fromEntries(
    Object.entries(laid).map(([draft, { cases }]) => [
      draft,
      { cases: cases.length, tests: cases.reduce((n, c) => n + c.tests.length, 0) },
    ]),
  );
}

/** Lays out every draft under `root`. @returns {Record<string, ReturnType<typeof layOutDraft>>} */
export function layOutSuite(suite, root) {
  return Object.fromEntries(
    Object.keys(DRAFTS).map((draft) => [draft, layOutDraft(suite, draft, path.join(root, draft))]),
  );
}

// `node test/helpers/schema-suite.js check ROOT OUT [DIR...]`: checks every draft laid out under ROOT
// (or the folders DIR of ROOT, each with a .filecheckrc.json of one rule per case: the fuzz test's),
// with this process's FILECHECK_SCHEMA_COMPILE, and writes each file's result, each refused schema
// and the warnings said to OUT.
// `node test/helpers/schema-suite.js expected`: today's disagreements with the spec, as
// test/fixtures/json-schema-suite-expected.json holds them (run it with FILECHECK_SCHEMA_COMPILE=eager).
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [mode, rootArg, out, ...dirs] = process.argv.slice(2);
  const suite = mode === 'check' ? null : findSuite();
  const root = mode === 'check' ? rootArg : fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-suite-'));
  try {
    const laid = mode === 'check' ? null : layOutSuite(suite, root);
    const report = {};
    for (const draft of dirs.length ? dirs : Object.keys(DRAFTS)) {
      const dir = path.join(root, draft);
      const rules = JSON.parse(fs.readFileSync(path.join(dir, '.filecheckrc.json'), 'utf8')).rules;
      const started = performance.now();
      const result = await checkDraft(dir, { rules });
      const ms = Math.round(performance.now() - started);
      if (mode === 'check') {
        report[draft] = {
          files: [...result.files],
          rejected: [...result.rejected],
          warnings: result.warnings,
          runs: result.runs,
          ms,
        };
      } else {
        report[draft] = disagreements(laid[draft], result);
        console.error(
          `${draft}: ${laid[draft].cases.length} cases, ${Object.keys(report[draft]).length} disagreements, ${result.rejected.size} schemas rejected, ${result.runs} runs, ${ms} ms`,
        );
      }
    }
    if (mode === 'check') fs.writeFileSync(out, JSON.stringify(report));
    else
      process.stdout.write(
        `${JSON.stringify({ suite: SUITE_PACKAGE, counts: countsOf(laid), disagreements: report }, null, 2)}\n`,
      );
  } finally {
    if (mode !== 'check') fs.rmSync(root, { recursive: true, force: true });
  }
}
