// What every reporter makes of the results beside pass and fail: a passing file that was only
// parsed (no schema of its could be read: FileResult.onlyParsed, summary.onlyParsed and its hint)
// and a file the check skipped (status "skip", skipReason). The reporters are fed results built here,
// as the runner hands them over; the last test runs the CLI on a skipped file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { colorsFor } from '../../reporters/colors.js';
import { createDefaultReporter } from '../../reporters/default.js';
import { createJsonReporter } from '../../reporters/json.js';
import { createJunitReporter } from '../../reporters/junit.js';
import { createGithubReporter } from '../../reporters/github.js';
import { createSarifReporter } from '../../reporters/sarif.js';
import { createGitlabReporter } from '../../reporters/gitlab.js';
import { createWatchReporter } from '../../reporters/watch.js';
import { makeTree, runCli, parseJsonReport } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';
import { feedReporter } from '../helpers/reporter-feed.js';

const HINT =
  'their schemas are not in the store: map their URLs to local copies with --schema-store https://json.schemastore.org/=<folder>';
const WHY = 'its schema is not in the store (https://json.schemastore.org/docker-compose.json)';
const RESULTS = [
  { path: 'a/compose.yaml', status: 'pass', problems: [], durationMs: 2, onlyParsed: WHY },
  { path: 'b/compose.yaml', status: 'pass', problems: [], durationMs: 2, onlyParsed: WHY },
  { path: 'checked.json', status: 'pass', problems: [], durationMs: 1 },
  {
    path: 'fails.json',
    status: 'fail',
    problems: [{ validator: 'parse', message: 'invalid JSON', line: 1, column: 2, kind: 'parse' }],
    durationMs: 1,
  },
  { path: 'patches/git.patch', status: 'skip', skipReason: 'not JSON', problems: [], durationMs: 1 },
];
const SUMMARY = {
  total: 5,
  passed: 3,
  failed: 1,
  skipped: 1,
  onlyParsed: 2,
  onlyParsedHint: HINT,
  unchecked: 0,
  bailed: false,
  interrupted: false,
  durationMs: 12,
  plan: { mode: 'inline', workers: 0, reason: 'test' },
};

/** Feeds RESULTS and SUMMARY to a reporter, returns what it wrote. */
const feed = (make, summary = SUMMARY, results = RESULTS) => feedReporter(make, summary, results);

const human = (options) => (sink) =>
  createDefaultReporter({ ...sink, colors: colorsFor({}, {}, false), quiet: false, verbose: false, ...options });

test('default: the summary counts the passed files only parsed, and says why and how to have them validated, under -q too', async () => {
  for (const quiet of [false, true]) {
    const text = await feed(human({ quiet }));
    assert.match(text, /^Files: 1 failed, 3 passed, 2 of them only parsed, 4 total$/m); // skips: --verbose
    assert.match(text, new RegExp(`^2 files only parsed, not validated: ${literal(HINT)}\\.$`, 'm'));
  }
  // Without a store prefix to name, the files say why with --verbose.
  const unhinted = await feed(human(), { ...SUMMARY, onlyParsed: 1, onlyParsedHint: undefined });
  assert.match(unhinted, /^1 file only parsed, not validated \(--verbose says why\)\.$/m);
  const none = await feed(human(), { ...SUMMARY, onlyParsed: 0, onlyParsedHint: undefined });
  assert.doesNotMatch(none, /only parsed/);
});

test('default --verbose: a file only parsed says so on its PASS line; a skipped file is a SKIP line with why; without --verbose neither', async () => {
  const verbose = await feed(human({ verbose: true }));
  assert.match(verbose, new RegExp(`^PASS a/compose\\.yaml \\(2 ms\\) only parsed: ${literal(WHY)}$`, 'm'));
  assert.match(verbose, /^PASS checked\.json \(1 ms\)$/m);
  assert.match(verbose, /^SKIP patches\/git\.patch \(not JSON\)$/m);
  assert.doesNotMatch(verbose, /FAIL {2}patches/, 'a skip is no failure');
  const plain = await feed(human());
  assert.doesNotMatch(plain, /PASS|SKIP/);
});

test('json: the summary keeps onlyParsed and its hint; a file only parsed is listed with why, --verbose lists a skip with its reason', async () => {
  const plain = parseJsonReport(await feed((sink) => createJsonReporter({ ...sink, verbose: false })));
  // A file only parsed passed unvalidated: listed, as a file with warnings is (`filecheck merge` reports it).
  assert.deepEqual(
    plain.files.map((file) => [file.path, file.onlyParsed]),
    [
      ['a/compose.yaml', WHY],
      ['b/compose.yaml', WHY],
      ['fails.json', undefined],
    ],
  );
  assert.equal(plain.summary.onlyParsed, 2);
  assert.equal(plain.summary.onlyParsedHint, HINT);
  const verbose = parseJsonReport(await feed((sink) => createJsonReporter({ ...sink, verbose: true })));
  const byPath = Object.fromEntries(verbose.files.map(({ path: file, ...rest }) => [file, rest]));
  assert.deepEqual(byPath['a/compose.yaml'], { status: 'pass', problems: [], onlyParsed: WHY });
  assert.deepEqual(byPath['checked.json'], { status: 'pass', problems: [] });
  assert.deepEqual(byPath['patches/git.patch'], { status: 'skip', problems: [], skipReason: 'not JSON' });
});

test('junit: a file only parsed and a skipped file are skipped testcases saying why; the suite says how to have them validated', async () => {
  const text = await feed(createJunitReporter);
  const suite = parseXml(text).children[0];
  const { tests, failures, errors, skipped } = suite.attributes;
  assert.deepEqual({ tests, failures, errors, skipped }, { tests: '5', failures: '1', errors: '0', skipped: '3' });
  const cases = Object.fromEntries(
    suite.children
      .filter((c) => c.name === 'testcase')
      .map((c) => [c.attributes.name, c.children.find((d) => d.name === 'skipped')?.attributes.message ?? null]),
  );
  assert.deepEqual(cases, {
    'a/compose.yaml': `only parsed: ${WHY}`,
    'b/compose.yaml': `only parsed: ${WHY}`,
    'checked.json': null,
    'fails.json': null,
    'patches/git.patch': 'not JSON',
  });
  assert.equal(
    suite.children.find((c) => c.name === 'system-out').text,
    `2 files only parsed, not validated: ${HINT}.`,
  );

  // Replayed by `filecheck merge` without --verbose, the files not listed still count.
  const merged = parseXml(await feed(createJunitReporter, SUMMARY, [RESULTS[3]])).children[0].attributes;
  assert.deepEqual([merged.tests, merged.skipped], ['5', '3']);
});

test('github: no annotation for a skip; one warning for the files only parsed, naming a few; the job summary counts them', async (t) => {
  const dir = makeTree(t, {});
  const summaryFile = path.join(dir, 'summary.md');
  const many = Array.from({ length: 5 }, (_, i) => ({ ...RESULTS[0], path: `s${i}/compose.yaml` }));
  const text = await feed(
    (sink) => createGithubReporter({ write: sink.write, cwd: dir, workspace: dir, summaryFile, warn: assert.fail }),
    { ...SUMMARY, onlyParsed: 5, passed: 6, total: 8 },
    [...many, ...RESULTS.slice(2)],
  );
  assert.deepEqual(text.trimEnd().split('\n'), [
    '::error file=fails.json,line=1,col=2,title=filecheck (parse)::invalid JSON',
    `::warning title=filecheck%3A files only parsed::5 files only parsed, not validated: ${HINT}. They passed without being validated: s0/compose.yaml, s1/compose.yaml, s2/compose.yaml and 2 more.`,
  ]);
  const summary = fs.readFileSync(summaryFile, 'utf8');
  assert.match(summary, /^Files: 1 failed, 1 skipped, 6 passed, 5 of them only parsed, 8 total {2}$/m);
  assert.match(summary, /^5 files only parsed, not validated: their schemas are not in the store/m);
});

test('sarif: no result for a skip or a file only parsed; a notification says how many were only parsed and why', async () => {
  const log = JSON.parse(await feed((sink) => createSarifReporter({ ...sink, cwd: '/repo', root: '/repo' })));
  const [run] = log.runs;
  assert.deepEqual(
    run.results.map((result) => result.locations[0].physicalLocation.artifactLocation.uri),
    ['fails.json'],
  );
  assert.deepEqual(run.invocations[0].toolExecutionNotifications, [
    { level: 'warning', message: { text: `2 files only parsed, not validated: ${HINT}.` } },
  ]);
});

test('gitlab: a file only parsed is an info issue on its first line; a skip is none', async () => {
  const issues = JSON.parse(await feed((sink) => createGitlabReporter({ ...sink, cwd: '/repo', root: '/repo' })));
  assert.deepEqual(
    issues.map(({ fingerprint, ...issue }) => issue),
    [
      ...['a/compose.yaml', 'b/compose.yaml'].map((file) => ({
        description: `only parsed, not validated: ${WHY}`,
        check_name: 'only-parsed',
        severity: 'info',
        location: { path: file, lines: { begin: 1 } },
      })),
      {
        description: 'invalid JSON (parse)',
        check_name: 'parse',
        severity: 'major',
        location: { path: 'fails.json', lines: { begin: 1 } },
      },
    ],
  );
  assert.equal(new Set(issues.map((issue) => issue.fingerprint)).size, 3);
});

test('watch: a skipped file is not counted as failing; one that failed before says it is skipped now', () => {
  let text = '';
  const watch = createWatchReporter({
    write: (chunk) => {
      text += chunk;
    },
    colors: colorsFor({}, {}, false),
    quiet: false,
    verbose: false,
  });
  watch.onFileResult(RESULTS[4]);
  assert.equal(watch.failed, 0);
  watch.onFileResult({ ...RESULTS[3], path: 'patches/git.patch' });
  assert.equal(watch.failed, 1);
  watch.startPrinting();
  watch.onFileResult(RESULTS[4]);
  assert.equal(watch.failed, 0);
  assert.equal(text, 'SKIP patches/git.patch (not JSON)\n');
});

test('the CLI: a file the catalog took for JSON that is not is a SKIP line with --verbose, skipped in junit, and no annotation', async (t) => {
  const dir = makeTree(t, {
    'catalog.json': JSON.stringify({
      schemas: [{ name: 'JSONPatch', url: './json-patch.json', fileMatch: ['*.patch'] }],
    }),
    'json-patch.json': JSON.stringify({ type: 'array' }),
    'patches/git.patch': 'diff --git a/x b/x\n',
  });
  const { code, stdout, stderr } = await runCli(
    ['--catalog', 'catalog.json', '--verbose', '-r', 'default', '-r', 'github', '-r', 'junit:r.xml'],
    { cwd: dir },
  );
  assert.equal(code, 0, stderr);
  assert.match(
    stdout,
    /^SKIP patches\/git\.patch \(catalog entry "JSONPatch" matched its name, but it is not JSON, JSONC or YAML data \(1:1 invalid JSON: .*\)\)$/m,
  );
  assert.doesNotMatch(stdout, /::error|FAIL/);
  assert.match(stdout, /^Files: 1 skipped, 0 passed, 1 total$/m);
  const suite = parseXml(fs.readFileSync(path.join(dir, 'r.xml'), 'utf8')).children[0];
  assert.deepEqual([suite.attributes.tests, suite.attributes.skipped], ['1', '1']);
});

function literal(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
