// The official JSON-Schema-Test-Suite (required tests of draft-03 to 2020-12), run with each schema
// compile strategy forced (FILECHECK_SCHEMA_COMPILE=eager, =lazy, =apart), each in a child process of
// its own: (a) all give every data file the same verdict and the same problems (message,
// pointer, line, column, kind), and refuse the same schemas with the same words; (b) where filecheck
// disagrees with the spec is exactly the list committed in test/fixtures/json-schema-suite-expected.json
// (ajv's known limits: $ref siblings in drafts 4-7, "__proto__", some $recursiveRef/$dynamicRef and
// unevaluated*, $ids ajv resolves differently), so that any change, better or worse, is seen.
// After a deliberate change: FILECHECK_SCHEMA_COMPILE=eager node test/helpers/schema-suite.js expected > test/fixtures/json-schema-suite-expected.json
//
// The suite is vendored in test/fixtures/json-schema-test-suite/ (suite commit 47958f8, as Debian's
// libtest-json-schema-acceptance-perl 1.019-1 ships it; its README says how it was obtained), so the
// test always runs; FILECHECK_JSON_SCHEMA_TEST_SUITE may name another copy (test/helpers/schema-suite.js).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { makeTree, cliEnv } from '../helpers/cli.js';
import {
  DRAFTS,
  SUITE_PACKAGE,
  VENDORED_SUITE,
  findSuite,
  layOutSuite,
  countsOf,
  disagreements,
} from '../helpers/schema-suite.js';
import { isDeepStrictEqual } from 'node:util';

const HELPER = fileURLToPath(new URL('../helpers/schema-suite.js', import.meta.url));
const EXPECTED = JSON.parse(
  fs.readFileSync(new URL('../fixtures/json-schema-suite-expected.json', import.meta.url), 'utf8'),
);
const STRATEGIES = ['eager', 'lazy', 'apart']; // each compared with the first

/** Checks every laid-out draft in a child process whose FILECHECK_SCHEMA_COMPILE is `strategy`. */
function checkWith(root, strategy) {
  const out = path.join(root, `results-${strategy}.json`);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [HELPER, 'check', root, out], {
      env: cliEnv({ FILECHECK_SCHEMA_COMPILE: strategy }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0)
        return reject(
          new Error(`FILECHECK_SCHEMA_COMPILE=${strategy}: the suite's run exited ${code}\n${stderr.slice(-4000)}`),
        );
      const report = JSON.parse(fs.readFileSync(out, 'utf8'));
      resolve(
        Object.fromEntries(
          Object.entries(report).map(([draft, r]) => [
            draft,
            { ...r, files: new Map(r.files), rejected: new Map(r.rejected) },
          ]),
        ),
      );
    });
  });
}

/** Where two results of one draft differ: a file's result, or a schema's refusal. */
function strategyDifferences(eager, other, name) {
  const found = [];
  for (const file of new Set([...eager.files.keys(), ...other.files.keys()])) {
    const [a, b] = [eager.files.get(file), other.files.get(file)];
    if (!isDeepStrictEqual(a, b))
      found.push(`${file}:\n    eager: ${JSON.stringify(a)}\n    ${name}: ${JSON.stringify(b)}`);
  }
  for (const key of new Set([...eager.rejected.keys(), ...other.rejected.keys()])) {
    const [a, b] = [eager.rejected.get(key), other.rejected.get(key)];
    if (a !== b) found.push(`schema of ${key}:\n    eager: ${a ?? 'accepted'}\n    ${name}: ${b ?? 'accepted'}`);
  }
  return found;
}

test('the suite is found with no set-up: the vendored copy, unless FILECHECK_JSON_SCHEMA_TEST_SUITE names another', (t) => {
  assert.equal(findSuite({}), VENDORED_SUITE);
  assert.equal(findSuite({ FILECHECK_JSON_SCHEMA_TEST_SUITE: '' }), VENDORED_SUITE);
  assert.equal(findSuite({ FILECHECK_JSON_SCHEMA_TEST_SUITE: VENDORED_SUITE }), VENDORED_SUITE);
  const elsewhere = makeTree(t, { 'tests/draft2020-12/type.json': '[]', 'remotes/integer.json': '{}' });
  assert.equal(findSuite({ FILECHECK_JSON_SCHEMA_TEST_SUITE: elsewhere }), elsewhere);
  const empty = makeTree(t);
  assert.throws(
    () => findSuite({ FILECHECK_JSON_SCHEMA_TEST_SUITE: empty }),
    /no JSON-Schema-Test-Suite at .*names it/,
  );
  // Only what the tests read is vendored: the six drafts' required tests and the remotes.
  assert.deepEqual(fs.readdirSync(path.join(VENDORED_SUITE, 'tests')).sort(), Object.keys(DRAFTS).sort());
});

test('the JSON Schema Test Suite: eager, lazy and apart compiling agree on every file, and disagree with the spec only where the committed list says', async (t) => {
  const suite = findSuite();
  const root = makeTree(t);
  const laid = layOutSuite(suite, root);
  assert.deepEqual(
    countsOf(laid),
    EXPECTED.counts,
    `the suite at ${suite} is not the one ${SUITE_PACKAGE} ships, which the expected list was made from`,
  );

  const started = performance.now();
  const results = await Promise.all(STRATEGIES.map((strategy) => checkWith(root, strategy)));
  const [eager] = results;
  t.diagnostic(
    `all strategies in ${Math.round(performance.now() - started)} ms; per draft (${STRATEGIES.join('/')} ms): ${Object.keys(
      DRAFTS,
    )
      .map((d) => `${d} ${results.map((r) => r[d].ms).join('/')}`)
      .join(', ')}`,
  );

  const report = [];
  for (const draft of Object.keys(DRAFTS)) {
    const { tests } = EXPECTED.counts[draft];
    assert.equal(
      eager[draft].files.size +
        [...eager[draft].rejected.keys()].reduce(
          (n, key) => n + laid[draft].cases.find((c) => c.key === key).tests.length,
          0,
        ),
      tests,
      `${draft}: a data file is missing from the results`,
    );
    // (a) the strategies agree, problem for problem
    for (const [k, other] of STRATEGIES.entries()) {
      if (!k) continue;
      const differences = strategyDifferences(eager[draft], results[k][draft], other);
      if (differences.length)
        report.push(
          `${draft}: eager and ${other} compiling differ on ${differences.length} file(s) or schema(s):\n  ${differences.slice(0, 8).join('\n  ')}`,
        );
      const [warnA, warnB] = [
        [...new Set(eager[draft].warnings)].sort(),
        [...new Set(results[k][draft].warnings)].sort(),
      ];
      if (!isDeepStrictEqual(warnA, warnB))
        t.diagnostic(
          `${draft}: the strategies warn differently (not a failure): eager only ${JSON.stringify(warnA.filter((w) => !warnB.includes(w)).slice(0, 5))}, ${other} only ${JSON.stringify(warnB.filter((w) => !warnA.includes(w)).slice(0, 5))}`,
        );
    }
    // (b) each strategy's disagreements with the spec are today's
    for (const [strategy, result] of STRATEGIES.map((name, k) => [name, results[k][draft]])) {
      const got = disagreements(laid[draft], result);
      const want = EXPECTED.disagreements[draft];
      const changed = [...new Set([...Object.keys(got), ...Object.keys(want)])].filter(
        (key) => !isDeepStrictEqual(got[key], want[key]),
      );
      if (changed.length) {
        const shown = changed.slice(0, 8).map((key) => {
          const { case: description, test: what, valid } = got[key] ?? want[key];
          return `${key} (${description} / ${what}; the spec says ${valid ? 'valid' : 'invalid'}): expected ${want[key]?.got ?? 'to agree with the spec'}, got ${got[key]?.got ?? 'agreement with the spec'}`;
        });
        report.push(
          `${draft}, ${strategy}: ${changed.length} test(s) changed against the committed disagreements:\n  ${shown.join('\n  ')}`,
        );
      }
    }
  }
  assert.equal(report.length, 0, report.join('\n\n'));
});
