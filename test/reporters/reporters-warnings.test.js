// What every reporter makes of a problem's severity (a warning leaves its file passing) and of its
// related places (the other files a check across files points at): a file that passed with a
// warning only, a file that failed with an error and a warning, related places beyond the five a
// report names. The reporters are fed results built here, as the runner hands them over.
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
import { createProgress } from '../../reporters/progress.js';
import { createWatchReporter } from '../../reporters/watch.js';
import { isWarning, marked, problemCounts, severityOf } from '../../reporters/severity.js';
import { alsoAt, placesList, relatedOf, relatedPlace } from '../../reporters/related.js';
import { makeTree, parseJsonReport, runCli, REPO } from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';
import { feedReporter } from '../helpers/reporter-feed.js';

// A slug seven files hold: this file's warning names the six others, five of them by place.
const SLUG = {
  validator: 'unique',
  message: 'slug "intro" is used by 7 files',
  pointer: '/slug',
  line: 2,
  column: 11,
  kind: 'invalid',
  severity: 'warning',
  related: [1, 2, 3, 4, 5, 6].map((n) => ({ path: `docs/b${n}.json`, line: n + 1, column: 11, pointer: '/slug' })),
};
const TITLE = {
  validator: 'json-schema',
  message: 'must be string',
  pointer: '/title',
  line: 3,
  column: 12,
  kind: 'invalid',
};
// A warning whose related place has no line (a pointer and a message instead), and a control character.
const KEY = {
  validator: 'same-keys',
  message: 'missing key "intro"\n(of the source)',
  pointer: '/intro',
  kind: 'invalid',
  severity: 'warning',
  related: [{ path: 'locales/en.json', pointer: '/intro', message: 'the source' }],
};
const WARNED = { path: 'docs/a.json', status: 'pass', problems: [SLUG], durationMs: 2 };
const BOTH = { path: 'docs/c.json', status: 'fail', problems: [TITLE, KEY], durationMs: 1 };
const CLEAN = { path: 'ok.json', status: 'pass', problems: [], durationMs: 1 };
const RESULTS = [WARNED, BOTH, CLEAN];
const SUMMARY = {
  total: 3,
  passed: 2,
  failed: 1,
  skipped: 0,
  onlyParsed: 0,
  warnings: 2,
  unchecked: 0,
  bailed: false,
  interrupted: false,
  durationMs: 12,
  plan: { mode: 'inline', workers: 0, reason: 'test' },
};
// Every file passed; 2 warnings are more than --max-warnings 1 allows.
const WARNED_ONLY = { ...SUMMARY, total: 2, passed: 2, failed: 0, maxWarnings: 1 };

/** Feeds results and a summary to a reporter, returns what it wrote. */
const feed = (make, summary = SUMMARY, results = RESULTS) => feedReporter(make, summary, results);

const human = (options) => (sink) =>
  createDefaultReporter({ ...sink, colors: colorsFor({}, {}, false), quiet: false, verbose: false, ...options });

// ── the shared words ─────────────────────────────────────────────────────────────────────────────

test('severity: "warning" is a warning, anything else (none, "error") an error; counted apart', () => {
  assert.equal(severityOf(SLUG), 'warning');
  assert.equal(severityOf(TITLE), 'error');
  assert.equal(severityOf({ ...TITLE, severity: 'error' }), 'error');
  assert.equal(isWarning({ ...TITLE, severity: 'warning' }), true);
  assert.equal(marked(SLUG, 'x'), 'warning: x');
  assert.equal(marked(TITLE, 'x'), 'x');
  const counts = problemCounts();
  counts.add([SLUG, TITLE, KEY]);
  counts.add([]);
  assert.deepEqual([counts.errors, counts.warnings], [1, 2]);
});

test('related places: five named, then how many more; a place without a line by its pointer; control characters escaped', () => {
  assert.deepEqual(relatedOf(SLUG).more, 1);
  assert.equal(relatedOf(SLUG).shown.length, 5);
  assert.deepEqual(relatedOf(TITLE), { shown: [], more: 0 });
  assert.equal(relatedPlace(SLUG.related[0]), 'docs/b1.json:2:11');
  assert.equal(relatedPlace(KEY.related[0]), 'locales/en.json /intro (the source)');
  assert.equal(relatedPlace({ path: 'x.json', line: 4 }), 'x.json:4');
  assert.equal(relatedPlace({ path: 'a\nb.json', message: 'a\u001b[31m' }), '"a\\nb.json" (a\\u001b[31m)');
  assert.equal(
    relatedPlace({ path: 'docs/b.json', line: 1, column: 2 }, (p) => `repo/${p}`),
    'repo/docs/b.json:1:2',
  );
  assert.equal(alsoAt(TITLE), '');
  assert.equal(alsoAt(KEY), ' (also at locales/en.json /intro (the source))');
  assert.equal(
    alsoAt(SLUG),
    ' (also at docs/b1.json:2:11, docs/b2.json:3:11, docs/b3.json:4:11, docs/b4.json:5:11, docs/b5.json:6:11 and 1 more)',
  );
  assert.equal(placesList(['a', 'b', 'c']), 'a, b and c');
  assert.equal(placesList(['a']), 'a');
  assert.equal(placesList(['a', 'b'], 4), 'a, b and 4 more');
});

// ── default ──────────────────────────────────────────────────────────────────────────────────────

const WARN_BLOCK = [
  ' WARN  docs/a.json  (unique)',
  '  docs/a.json:2:11  warning  /slug: slug "intro" is used by 7 files',
  '                    also at docs/b1.json:2:11',
  '                    also at docs/b2.json:3:11',
  '                    also at docs/b3.json:4:11',
  '                    also at docs/b4.json:5:11',
  '                    also at docs/b5.json:6:11',
  '                    and 1 more',
];

test('default: a file that passed with warnings is a WARN block, --verbose or not; a warning says so on its line; related places follow it; the summary counts problems', async () => {
  const text = await feed(human());
  assert.deepEqual(text.split('\n'), [
    ...WARN_BLOCK,
    ' FAIL  docs/c.json',
    '  docs/c.json:3:12  /title: must be string  (json-schema)',
    '  docs/c.json       warning  /intro: missing key "intro"\\n(of the source)  (same-keys)',
    '                    also at locales/en.json /intro (the source)',
    '',
    'Files: 1 failed, 2 passed, 3 total',
    'Problems: 1 error, 2 warnings',
    'Time:  0.01 s',
    '',
  ]);
  const verbose = await feed(human({ verbose: true }));
  assert.ok(verbose.startsWith(' WARN  docs/a.json  (unique) (2 ms)\n'), verbose);
  assert.match(verbose, /^PASS ok\.json \(1 ms\)$/m);
  // Without warnings there is no problems line (the other reporter tests pin the summary).
  const none = await feed(human(), { ...SUMMARY, warnings: 0 }, [CLEAN]);
  assert.doesNotMatch(none, /Problems/);
});

test('default -q: warnings are counted, not listed (as ESLint --quiet): no WARN block, a failing file shows its errors', async () => {
  const text = await feed(human({ quiet: true }));
  assert.deepEqual(text.split('\n').slice(0, 3), [
    ' FAIL  docs/c.json  (json-schema)',
    '  docs/c.json:3:12  /title: must be string',
    '',
  ]);
  assert.match(text, /^Problems: 1 error, 2 warnings$/m);
});

test('default: more warnings than --max-warnings say why the run fails; as many as it allows say nothing', async () => {
  const text = await feed(human(), WARNED_ONLY, [WARNED, CLEAN]);
  assert.match(
    text,
    /^Files: 2 passed, 2 total\nProblems: 2 warnings\nTime: {2}0\.01 s\nFailed: 2 warnings, more than --max-warnings 1\.\n$/m,
  );
  const allowed = await feed(human(), { ...WARNED_ONLY, maxWarnings: 2 }, [WARNED, CLEAN]);
  assert.doesNotMatch(allowed, /max-warnings/);
});

test('default on a narrow terminal: a related place is broken between words, 4 columns in, never mid-way', async () => {
  const long = {
    ...SLUG,
    related: [
      { path: 'docs/a-rather-long-folder-name/b.json', line: 2, column: 11, message: 'first used here, long ago' },
    ],
  };
  const text = await feed(human({ columns: () => 50 }), SUMMARY, [{ ...WARNED, problems: [long] }]);
  const lines = text.split('\n');
  assert.ok(
    lines.every((line) => line.length <= 50),
    text,
  );
  // The place goes whole on a line of its own, where a click still opens it.
  assert.ok(lines.includes('    docs/a-rather-long-folder-name/b.json:2:11'), text);
});

// ── json ─────────────────────────────────────────────────────────────────────────────────────────

test('json: a warning says its severity (an error says none), related as it is; a file that passed with warnings is listed without --verbose; the summary has warnings', async () => {
  const report = parseJsonReport(await feed((sink) => createJsonReporter({ ...sink, verbose: false })));
  assert.deepEqual(
    report.files.map((f) => [f.path, f.status]),
    [
      ['docs/a.json', 'pass'],
      ['docs/c.json', 'fail'],
    ],
  );
  assert.deepEqual(report.files[0].problems, [SLUG]);
  assert.deepEqual(report.files[1].problems, [TITLE, KEY]);
  assert.equal(report.summary.warnings, 2);
  assert.equal('maxWarnings' in report.summary, false);
  assert.equal(
    parseJsonReport(await feed((sink) => createJsonReporter({ ...sink, verbose: false }), WARNED_ONLY, [WARNED]))
      .summary.maxWarnings,
    1,
  );
  // A summary without the count (a report of an older run, merged) says 0.
  const { warnings, ...older } = SUMMARY;
  const counted = parseJsonReport(
    await feed((sink) => createJsonReporter({ ...sink, verbose: false }), older, [CLEAN]),
  );
  assert.equal(counted.summary.warnings, 0);
  assert.deepEqual(counted.files, []);
});

// ── junit ────────────────────────────────────────────────────────────────────────────────────────

test('junit: warnings fail no test: a passing file lists them in its <system-out>; a failure names its first error and marks the warnings in its text', async () => {
  const suite = parseXml(await feed((sink) => createJunitReporter(sink))).children[0];
  assert.equal(suite.attributes.failures, '1');
  assert.equal(suite.attributes.errors, '0');
  const [warned, both, clean] = suite.children.filter((c) => c.name === 'testcase');
  assert.deepEqual(
    warned.children.map((c) => c.name),
    ['system-out'],
  );
  assert.equal(
    warned.children[0].text,
    'warning: 2:11 /slug: slug "intro" is used by 7 files (unique) (also at docs/b1.json:2:11, docs/b2.json:3:11, docs/b3.json:4:11, docs/b4.json:5:11, docs/b5.json:6:11 and 1 more)',
  );
  const [failure] = both.children;
  assert.equal(failure.name, 'failure');
  assert.equal(failure.attributes.message, '3:12 /title: must be string (json-schema) (and 1 more)');
  assert.equal(failure.attributes.type, 'json-schema');
  assert.equal(
    failure.text,
    '3:12 /title: must be string (json-schema)\nwarning: /intro: missing key "intro"\\n(of the source) (same-keys) (also at locales/en.json /intro (the source))',
  );
  assert.deepEqual(clean.children, []);
});

test('junit: a file only parsed with warnings is skipped, its warnings in <system-out>; --max-warnings failing the run is said in the suite', async () => {
  const text = await feed((sink) => createJunitReporter(sink), { ...WARNED_ONLY, onlyParsed: 1 }, [
    { ...WARNED, onlyParsed: 'no schema' },
    CLEAN,
  ]);
  const suite = parseXml(text).children[0];
  const [warned] = suite.children.filter((c) => c.name === 'testcase');
  assert.deepEqual(
    warned.children.map((c) => c.name),
    ['skipped', 'system-out'],
  );
  assert.match(
    text,
    /<system-out>1 file only parsed, not validated \(--verbose says why\)\.\nFailed: 2 warnings, more than --max-warnings 1\.<\/system-out>/,
  );
});

// ── github ───────────────────────────────────────────────────────────────────────────────────────

test('github: ::warning for a warning, ::error for an error, each naming its related places; the job summary lists the files with warnings and counts the problems', async (t) => {
  const dir = makeTree(t, {});
  const summaryFile = path.join(dir, 'summary.md');
  const github = (sink) =>
    createGithubReporter({ write: sink.write, cwd: dir, workspace: dir, summaryFile, warn: assert.fail });
  const text = await feed(github);
  assert.deepEqual(text.trimEnd().split('\n'), [
    '::warning file=docs/a.json,line=2,col=11,title=filecheck (unique)::/slug: slug "intro" is used by 7 files (also at docs/b1.json:2:11, docs/b2.json:3:11, docs/b3.json:4:11, docs/b4.json:5:11, docs/b5.json:6:11 and 1 more)',
    '::error file=docs/c.json,line=3,col=12,title=filecheck (json-schema)::/title: must be string',
    '::warning file=docs/c.json,title=filecheck (same-keys)::/intro: missing key "intro"\\n(of the source) (also at locales/en.json /intro (the source))',
  ]);
  const summary = fs.readFileSync(summaryFile, 'utf8');
  assert.ok(summary.startsWith('### ❌ filecheck\n'), summary);
  assert.match(summary, /^Problems: 1 error, 2 warnings {2}$/m);
  const rows = summary.split('\n').filter((line) => line.startsWith('| docs/'));
  assert.deepEqual(rows, [
    '| docs/a.json | 1 warning | warning: 2:11 /slug: slug "intro" is used by 7 files (unique) (also at docs/b1.json:2:11, docs/b2.json:3:11, docs/b3.json:4:11, docs/b4.json:5:11, docs/b5.json:6:11 and 1 more) |',
    '| docs/c.json | 1 error, 1 warning | 3:12 /title: must be string (json-schema)<br>warning: /intro: missing key "intro"\\\\n(of the source) (same-keys) (also at locales/en.json /intro (the source)) |',
  ]);
});

test('github: a run with warnings only is ⚠️; more than --max-warnings is ❌ and says why; the files with warnings beyond 50 are counted', async (t) => {
  const dir = makeTree(t, {});
  const summaryFile = path.join(dir, 'summary.md');
  const github = (sink) =>
    createGithubReporter({ write: sink.write, cwd: dir, workspace: dir, summaryFile, warn: assert.fail });
  await feed(github, { ...WARNED_ONLY, maxWarnings: undefined }, [WARNED, CLEAN]);
  await feed(github, WARNED_ONLY, [WARNED, CLEAN]);
  const [allowed, tooMany] = fs.readFileSync(summaryFile, 'utf8').split(/(?=^### )/m);
  assert.ok(allowed.startsWith('### ⚠️ filecheck\n'), allowed);
  assert.ok(tooMany.startsWith('### ❌ filecheck\n'), tooMany);
  assert.match(tooMany, /^Failed: 2 warnings, more than --max-warnings 1\.$/m);

  fs.rmSync(summaryFile);
  const many = Array.from({ length: 53 }, (_, i) => ({ ...WARNED, path: `w${String(i).padStart(2, '0')}.json` }));
  await feed(github, { ...WARNED_ONLY, maxWarnings: undefined, passed: 53, total: 53, warnings: 53 }, many);
  assert.match(fs.readFileSync(summaryFile, 'utf8'), /\n\n…and 3 more files with warnings\.\n\n$/);
});

// ── sarif ────────────────────────────────────────────────────────────────────────────────────────

const SARIF_SCHEMA = path.join(REPO, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json');

test('sarif: level warning for a warning; related places are relatedLocations with ids, repository paths and regions, which the message links to; the SARIF schema accepts it', async (t) => {
  const dir = makeTree(t, {});
  const text = await feed((sink) => createSarifReporter({ ...sink, cwd: dir, root: dir }));
  const log = JSON.parse(text);
  const [slug, title, key] = log.runs[0].results;
  assert.deepEqual([slug.level, title.level, key.level], ['warning', 'error', 'warning']);
  assert.equal(
    slug.message.text,
    '/slug: slug "intro" is used by 7 files (unique). Also at [docs/b1.json:2:11](1), [docs/b2.json:3:11](2), [docs/b3.json:4:11](3), [docs/b4.json:5:11](4), [docs/b5.json:6:11](5) and 1 more.',
  );
  assert.deepEqual(slug.relatedLocations[0], {
    id: 1,
    physicalLocation: {
      artifactLocation: { uri: 'docs/b1.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: 2, startColumn: 11 },
    },
  });
  assert.deepEqual(
    slug.relatedLocations.map((r) => r.id),
    [1, 2, 3, 4, 5],
  );
  // A place without a line is the whole file, as a result's location is; its message is kept.
  assert.deepEqual(key.relatedLocations, [
    {
      id: 1,
      physicalLocation: { artifactLocation: { uri: 'locales/en.json', uriBaseId: '%SRCROOT%' } },
      message: { text: 'the source' },
    },
  ]);
  assert.equal(title.relatedLocations, undefined);
  assert.equal(title.message.text, '/title: must be string (json-schema)');
  // A rule that found only warnings defaults to warning.
  const levels = Object.fromEntries(log.runs[0].tool.driver.rules.map((r) => [r.id, r.defaultConfiguration.level]));
  assert.deepEqual(levels, { unique: 'warning', 'json-schema': 'error', 'same-keys': 'warning' });

  const checked = makeTree(t, { 'filecheck.sarif': text });
  const { code, stdout, stderr } = await runCli(['filecheck.sarif', '--schema', SARIF_SCHEMA, '-r', 'json'], {
    cwd: checked,
  });
  assert.equal(code, 0, stderr);
  assert.deepEqual(parseJsonReport(stdout).files, []);
});

test('sarif: brackets of a linked message are escaped, so that only the links read as links; --max-warnings failing the run is a notification', async (t) => {
  const dir = makeTree(t, {});
  const bracketed = { ...KEY, message: 'must be one of [a, b] \\[c]' };
  const text = await feed((sink) => createSarifReporter({ ...sink, cwd: dir, root: dir }), WARNED_ONLY, [
    { ...WARNED, problems: [bracketed] },
  ]);
  const log = JSON.parse(text);
  assert.equal(
    log.runs[0].results[0].message.text,
    '/intro: must be one of \\[a, b\\] \\\\\\[c\\] (same-keys). Also at [locales/en.json](1).',
  );
  assert.deepEqual(log.runs[0].invocations[0].toolExecutionNotifications, [
    { level: 'warning', message: { text: 'Failed: 2 warnings, more than --max-warnings 1.' } },
  ]);
});

// ── gitlab ───────────────────────────────────────────────────────────────────────────────────────

test('gitlab: a warning is a minor issue, on a passing file too; the description names the related places', async (t) => {
  const dir = makeTree(t, {});
  const issues = JSON.parse(await feed((sink) => createGitlabReporter({ ...sink, cwd: dir, root: dir })));
  assert.deepEqual(
    issues.map((i) => [i.location.path, i.location.lines.begin, i.severity, i.check_name]),
    [
      ['docs/a.json', 2, 'minor', 'unique'],
      ['docs/c.json', 3, 'major', 'json-schema'],
      ['docs/c.json', 1, 'minor', 'same-keys'],
    ],
  );
  assert.equal(
    issues[2].description,
    '/intro: missing key "intro"\\n(of the source) (same-keys) (also at locales/en.json /intro (the source))',
  );
  assert.match(issues[0].description, / and 1 more\)$/);
  assert.equal(new Set(issues.map((i) => i.fingerprint)).size, 3);
});

// ── a rule at "warn", end to end ───────────────────────────────────────────────────────────────

test('a rule at "warn": one run, every reporter says warning, and the run passes', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['docs/*.json'], severity: 'warn', require: ['title'] }] }),
    'docs/b.json': '{}\n',
  });
  const reports = ['json:r.json', 'junit:r.xml', 'sarif:r.sarif', 'gitlab:r.gitlab.json'];
  const { code, stdout, stderr } = await runCli(
    ['-r', 'default', '-r', 'github', ...reports.flatMap((r) => ['-r', r])],
    {
      cwd: dir,
    },
  );
  assert.equal(code, 0, stderr);
  const read = (file) => fs.readFileSync(path.join(dir, file), 'utf8');
  assert.match(
    stdout,
    /^ WARN {2}docs\/b\.json {2}\(require\)\n {2}docs\/b\.json:1:1 {2}warning {2}missing required key "title"$/m,
  );
  assert.match(
    stdout,
    /^::warning file=docs\/b\.json,line=1,col=1,title=filecheck \(require\)::missing required key "title"$/m,
  );
  assert.match(stdout, /^Problems: 1 warning$/m);
  const [file] = parseJsonReport(read('r.json')).files;
  assert.deepEqual([file.status, file.problems[0].severity], ['pass', 'warning']);
  const suite = parseXml(read('r.xml')).children[0];
  assert.equal(suite.attributes.failures, '0');
  assert.match(read('r.xml'), /<system-out>warning: 1:1 missing required key "title" \(require\)<\/system-out>/);
  assert.equal(JSON.parse(read('r.sarif')).runs[0].results[0].level, 'warning');
  assert.equal(JSON.parse(read('r.gitlab.json'))[0].severity, 'minor');
});

// ── progress, watch ──────────────────────────────────────────────────────────────────────────────

test('progress: the spinner counts warnings apart from failures', () => {
  const texts = [];
  const spinner = {
    start: () => spinner,
    clear() {},
    stop() {},
    set text(value) {
      texts.push(value);
    },
  };
  const progress = createProgress({
    stream: {},
    ora: ({ text }) => {
      texts.push(text);
      return spinner;
    },
  });
  progress.onRunStart({ files: 3 });
  for (const result of RESULTS) progress.onFileResult(result);
  progress.onRunComplete();
  assert.equal(texts[0], 'Checking files: 0/3');
  assert.equal(texts[1], 'Checking files: 1/3, 1 warning');
});

test('watch: a file that passes with warnings is not failing; its WARN block is printed when its warnings change, PASS (fixed) when they are gone', () => {
  let text = '';
  const watch = createWatchReporter({
    write: (chunk) => {
      text += chunk;
    },
    colors: colorsFor({}, {}, false),
    quiet: false,
    verbose: false,
  });
  watch.onFileResult(WARNED);
  watch.onFileResult(BOTH);
  assert.equal(watch.failed, 1);
  watch.startPrinting();
  watch.onFileResult(WARNED); // the same warnings: nothing to say
  assert.equal(text, '');
  watch.onFileResult({ ...WARNED, problems: [{ ...SLUG, related: [] }] });
  assert.equal(
    text,
    ' WARN  docs/a.json  (unique)\n  docs/a.json:2:11  warning  /slug: slug "intro" is used by 7 files\n',
  );
  text = '';
  watch.onFileResult({ ...BOTH, status: 'pass', problems: [KEY] }); // the error fixed, the warning left
  assert.equal(watch.failed, 0);
  assert.match(text, /^ WARN {2}docs\/c\.json/);
  text = '';
  watch.onFileResult({ ...WARNED, problems: [] });
  assert.equal(text, 'PASS docs/a.json (fixed)\n');
  watch.forget('docs/c.json', 'deleted');
  assert.equal(watch.failed, 0);
});
