// What every report says of the files the checks across files look at: they are validated, never
// "only parsed" (a catalog that matches none of them notwithstanding), and every reporter's counts
// add up; a file's problems, its own and those across files, come in the order of its text, whichever
// executor, the cache or `merge` gave them; SARIF's rules say what the built-in checks check; and a
// run --bail stopped says in its machine reports that the checks across files did not run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { checkBothExecutors, filesLine, makeTree, parseJsonReport, runCli } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';

// de.json lacks a key of en.json (a warning) and names another placeholder (an error).
const LOCALES = {
  'locales/en.json': '{"a": "A {{n}}", "b": "B"}\n',
  'locales/de.json': '{"a": "A {{m}}"}\n',
  'locales/fr.json': '{"a": "A {{n}}", "b": "B"}\n',
  'catalog.json': '{"schemas":[]}\n',
};
const withCatalog = (rules) => JSON.stringify({ catalog: 'catalog.json', rules });
const SAME_KEYS = {
  name: 'locales',
  files: ['locales/*.json'],
  sameKeysAs: { source: 'locales/en.json', missing: 'warn', placeholders: 'i18next' },
};

const REPORTS = ['--no-code-frame', '-r', 'default', '-r', 'json:r.json', '-r', 'junit:r.xml'];

// The junit report's counts, and how many testcases it lists and skips.
function junitOf(dir) {
  const suite = parseXml(fs.readFileSync(path.join(dir, 'r.xml'), 'utf8')).children[0];
  const testcases = suite.children.filter((c) => c.name === 'testcase');
  const { tests, failures, errors, skipped } = suite.attributes;
  return {
    counts: { tests: +tests, failures: +failures, errors: +errors, skipped: +skipped },
    listed: testcases.length,
    skippedElements: testcases.filter((c) => c.children.some((e) => e.name === 'skipped')).length,
  };
}

async function reports(dir, args = []) {
  const run = await runCli([...REPORTS, ...args], { cwd: dir });
  const json = parseJsonReport(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
  return { run, json, junit: junitOf(dir) };
}

test('with a catalog, a file a check across files looks at is validated, not only parsed; a failing one never is; every count adds up', async (t) => {
  const dir = makeTree(t, { ...LOCALES, '.filecheckrc.json': withCatalog([SAME_KEYS]) });
  for (const workers of ['0', '2']) {
    const { run, json, junit } = await reports(dir, ['--workers', workers]);
    assert.equal(run.code, 1, run.stderr);
    assert.equal(filesLine(run.stdout), 'Files: 1 failed, 2 passed, 3 total', `--workers ${workers}`);
    assert.doesNotMatch(run.stdout, /only parsed/);
    assert.equal(json.summary.onlyParsed, 0);
    assert.deepEqual(
      json.files.map((file) => [file.path, file.status, file.onlyParsed]),
      [['locales/de.json', 'fail', undefined]],
    );
    assert.deepEqual(junit.counts, { tests: 3, failures: 1, errors: 0, skipped: 0 });
    assert.equal(junit.skippedElements, 0);
  }
  // The same of a pass taken from the cache, and of its run that filled it.
  for (const pass of ['first', 'cached']) {
    const { run, json } = await reports(dir, ['--cache']);
    assert.equal(filesLine(run.stdout), 'Files: 1 failed, 2 passed, 3 total', `--cache, ${pass} run`);
    assert.equal(json.summary.onlyParsed, 0);
  }
});

test('with a catalog, unique and references validate their files; a file no check looks at is still only parsed, and counted once', async (t) => {
  const dir = makeTree(t, {
    'catalog.json': '{"schemas":[]}\n',
    '.filecheckrc.json': withCatalog([
      { name: 'posts', files: ['posts/*.json'], unique: ['/slug'] },
      { name: 'pages', files: ['pages/*.json'], references: [{ from: '/post', to: '/slug', in: 'posts' }] },
      { name: 'other', files: ['other/*.json'] },
    ]),
    'posts/a.json': '{"slug": "a"}\n',
    'posts/b.json': '{"slug": "a"}\n',
    'posts/c.json': '{"slug": "c"}\n',
    'pages/p.json': '{"post": "c"}\n',
    'other/x.json': '{"x": 1}\n',
  });
  const { run, json, junit } = await reports(dir);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(filesLine(run.stdout), 'Files: 2 failed, 3 passed, 1 of them only parsed, 5 total');
  assert.equal(json.summary.onlyParsed, 1);
  assert.deepEqual(junit.counts, { tests: 5, failures: 2, errors: 0, skipped: 1 });
  assert.equal(junit.skippedElements, junit.counts.skipped, 'a <skipped> element for each skipped test');
  assert.equal(junit.listed, junit.counts.tests);
});

test("a file of another rule that a module's checkAll finds a problem in was looked at: it fails, and is not only parsed", async (t) => {
  const dir = makeTree(t, {
    'catalog.json': '{"schemas":[]}\n',
    '.filecheckrc.json': withCatalog([
      { name: 'plain', files: ['a/*.json'] },
      { name: 'checked', files: ['b/*.json'], validators: ['./blame.js'] },
    ]),
    'blame.js':
      "export const collect = () => 1;\nexport const checkAll = () => [{ path: 'a/x.json', message: 'bad' }];\n",
    'a/x.json': '{}\n',
    'b/y.json': '{}\n',
  });
  const { run, json, junit } = await reports(dir);
  assert.equal(run.code, 1, run.stderr);
  assert.equal(filesLine(run.stdout), 'Files: 1 failed, 1 passed, 2 total');
  assert.deepEqual(
    json.files.map((file) => [file.path, file.status, file.onlyParsed]),
    [['a/x.json', 'fail', undefined]],
  );
  assert.equal(json.summary.onlyParsed, 0);
  assert.deepEqual(junit.counts, { tests: 2, failures: 1, errors: 0, skipped: 0 });
});

// a.json breaks its schema at 3:14 and shares its name with b.json at 2:11.
const ORDERED = {
  '.filecheckrc.json': JSON.stringify({
    rules: [{ name: 'packages', files: ['pkg/*.json'], schema: 'schema.json', unique: ['/name'] }],
  }),
  'schema.json': JSON.stringify({ properties: { version: { type: 'integer' } } }),
  'pkg/a.json': '{\n  "name": "dup",\n  "version": "1"\n}\n',
  'pkg/b.json': '{\n  "name": "dup",\n  "version": 2\n}\n',
};
const placesOf = (file) => file.problems.map((p) => `${p.line}:${p.column} ${p.validator}`);

test("a file's problems, its own and those across files, are in the order of its text: in-process, on a pool, from the cache, merged", async (t) => {
  const dir = makeTree(t, ORDERED);
  const expected = ['2:11 unique', '3:14 json-schema'];
  const { byPath } = await checkBothExecutors(dir, []);
  assert.deepEqual(placesOf(byPath['pkg/a.json']), expected);
  for (const pass of ['first', 'cached']) {
    const { byPath: cached } = await checkBothExecutors(dir, ['--cache']);
    assert.deepEqual(placesOf(cached['pkg/a.json']), expected, `--cache, ${pass} run`);
  }
  const shards = ['1/2', '2/2'].map((shard, i) => {
    const file = `shard${i}.json`;
    return runCli(['--shard', shard, '-r', `json:${file}`], { cwd: dir }).then(() => file);
  });
  const merged = await runCli(['merge', ...(await Promise.all(shards)), '-r', 'json'], { cwd: dir });
  const report = parseJsonReport(merged.stdout);
  const a = report.files.find((file) => file.path === 'pkg/a.json');
  assert.deepEqual(placesOf(a), expected, 'merged');
  // The human report and junit's text say them in that order too.
  const human = await runCli(['--no-code-frame', '-r', 'default', '-r', 'junit:r.xml'], { cwd: dir });
  assert.match(human.stdout, /pkg\/a\.json:2:11 .*\(unique\)\n(?: .*\n)* {2}pkg\/a\.json:3:14 /);
  const xml = fs.readFileSync(path.join(dir, 'r.xml'), 'utf8');
  assert.ok(xml.indexOf('2:11 /name') < xml.indexOf('3:14 /version'), xml);
});

test('sarif: the built-in checks across files are described as what they check', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'posts', files: ['posts/*.json'], unique: ['/slug'] },
        { name: 'pages', files: ['pages/*.json'], references: [{ from: '/post', to: '/slug', in: 'posts' }] },
        SAME_KEYS,
      ],
    }),
    'posts/a.json': '{"slug": "a"}\n',
    'posts/b.json': '{"slug": "a"}\n',
    'pages/p.json': '{"post": "z"}\n',
    ...LOCALES,
  });
  const run = await runCli(['-r', 'sarif'], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  const rules = Object.fromEntries(
    JSON.parse(run.stdout).runs[0].tool.driver.rules.map((rule) => [rule.id, rule.shortDescription.text]),
  );
  assert.deepEqual(rules, {
    references: 'References resolve to existing values or files',
    sameKeysAs: 'Locale files have the keys and placeholders of their source',
    unique: 'Values at the pointers are unique across files',
  });
});

test('--bail before every file gave its facts: junit, sarif and the job summary say the checks across files did not run, in one line', async (t) => {
  const dir = makeTree(t, { ...ORDERED, 'pkg/0-broken.json': '{ "name": ', 'pkg/z.json': '{"name": "z"}\n' });
  const summaryFile = path.join(dir, 'summary.md');
  const run = await runCli(['--bail', '--workers', '0', '-r', 'junit:r.xml', '-r', 'sarif:r.sarif', '-r', 'github'], {
    cwd: dir,
    env: { GITHUB_STEP_SUMMARY: summaryFile },
  });
  assert.equal(run.code, 1, run.stderr);
  const said = '3 files not checked: stopped after 1 failing file (--bail); the checks across files did not run.';
  const suite = parseXml(fs.readFileSync(path.join(dir, 'r.xml'), 'utf8')).children[0];
  assert.equal(suite.children.find((c) => c.name === 'system-out').text, said);
  const sarif = JSON.parse(fs.readFileSync(path.join(dir, 'r.sarif'), 'utf8'));
  assert.deepEqual(sarif.runs[0].invocations[0].toolExecutionNotifications, [
    { level: 'warning', message: { text: said } },
  ]);
  const summary = fs.readFileSync(summaryFile, 'utf8');
  assert.match(
    summary,
    /^The checks across files did not run: the run stopped \(--bail, or interrupted\) before every file gave its facts\.$/m,
  );
  assert.equal(summary.match(/checks across files/g).length, 1, summary);
});
