// The checks across files (issue 26) give the same problems in every mode: in-process and on a
// pool, for named files, --changed and --since (the files not named give their facts), with a warm
// --cache (a cached pass never hides a problem another file's change caused), sharded then merged,
// and with --bail (which says what became of them). The built-ins' own logic is tested in
// across-files.test.js; here, the run around them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  checkBothExecutors,
  failedPaths,
  filesLine,
  gitInit,
  hasGit,
  makeTree,
  parseJsonReport,
  runCli,
  writeTree,
} from '../helpers/cli.js';

const CONFIG = {
  rules: [
    {
      name: 'pages',
      files: ['pages/*.json'],
      unique: ['/slug'],
      references: [{ from: '/author', to: '/id', in: 'people' }],
    },
    { name: 'people', files: ['people/*.json'] },
    {
      name: 'locales',
      files: ['locales/*.json'],
      sameKeysAs: { source: 'locales/en.json', missing: 'warn', placeholders: 'i18next' },
    },
  ],
};

// a.json and c.json share a slug; b.json names an author who exists; de.json has every key of en.json.
const TREE = {
  '.filecheckrc.json': JSON.stringify(CONFIG),
  'pages/a.json': '{ "slug": "intro", "author": "ann" }\n',
  'pages/b.json': '{ "slug": "setup", "author": "bob" }\n',
  'pages/c.json': '{\n  "slug": "intro"\n}\n',
  'people/ann.json': '{ "id": "ann" }\n',
  'people/bob.json': '{ "id": "bob" }\n',
  'locales/en.json': '{ "hello": "Hello {{name}}", "bye": "Bye" }\n',
  'locales/de.json': '{ "hello": "Hallo {{name}}", "bye": "Tschüss" }\n',
};

const json = async (dir, args, code) => {
  const run = await runCli([...args, '-r', 'json'], { cwd: dir });
  assert.equal(run.code, code, run.stderr + run.stdout);
  return parseJsonReport(run.stdout);
};
const failing = (report) => report.files.filter((file) => file.status === 'fail').map((file) => file.path);

test('a duplicate fails every file that holds it, at the value, naming the other place; in-process and on a pool alike', async (t) => {
  const dir = makeTree(t, TREE);
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(failing(report), ['pages/a.json', 'pages/c.json']);
  const [problem] = report.files.find((file) => file.path === 'pages/c.json').problems;
  assert.equal(problem.validator, 'unique');
  assert.equal(problem.pointer, '/slug');
  assert.deepEqual([problem.line, problem.column], [2, 11]);
  assert.match(problem.message, /"intro" is also at pages\/a\.json/);
  const [{ message, ...place }] = problem.related;
  assert.deepEqual(place, { path: 'pages/a.json', pointer: '/slug', line: 1, column: 11 });
  assert.equal(report.summary.acrossFiles.checked, true);
});

test('on a pool, results that come out of order are reported in path order, duplicates and all', async (t) => {
  // Enough pages for several batches on two workers, whose replies come in any order.
  const pages = {
    '.filecheckrc.json': JSON.stringify({ rules: [{ name: 'pages', files: ['pages/*.json'], unique: ['/slug'] }] }),
  };
  for (let i = 0; i < 600; i++) pages[`pages/p${String(i).padStart(3, '0')}.json`] = `{ "slug": "s${i % 590}" }\n`;
  const dir = makeTree(t, pages);
  const report = await checkBothExecutors(dir, []);
  const paths = report.files.map((file) => file.path);
  assert.deepEqual(paths, [...paths].sort());
  assert.deepEqual(failing(report).length, 20); // s0 … s9, each on two pages
  assert.equal(report.summary.total, 600);
});

test('Markdown pages checked on a pool or taken from the cache have their duplicates placed at line:col as in-process', async (t) => {
  // Placing a problem parses its file again on the main thread, whose Markdown parser a pool run or
  // a warm cache never loaded: the problems came without line and column.
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ name: 'pages', files: ['docs/*.md'], unique: ['/title'] }] }),
    'docs/a.md': '---\ntitle: Intro\n---\nText.\n',
    'docs/b.md': '---\nweight: 2\ntitle: Intro\n---\nText.\n',
    'docs/c.md': '---\ntitle: Other\n---\n',
  });
  const placed = (report) =>
    report.files.flatMap((file) =>
      file.problems.map((problem) => [
        `${file.path}:${problem.line}:${problem.column}`,
        problem.related.map((at) => `${at.path}:${at.line}:${at.column}`),
      ]),
    );
  const inProcess = placed(await json(dir, ['--workers', '0'], 1));
  assert.deepEqual(inProcess, [
    ['docs/a.md:2:8', ['docs/b.md:3:8']],
    ['docs/b.md:3:8', ['docs/a.md:2:8']],
  ]);
  assert.deepEqual(placed(await json(dir, ['--workers', '2'], 1)), inProcess);
  await json(dir, ['--cache', '--workers', '0'], 1);
  assert.deepEqual(placed(await json(dir, ['--cache', '--workers', '0'], 1)), inProcess); // every file a hit
});

test('a named file (a pre-commit hook) is checked against the facts of the files not named', async (t) => {
  const dir = makeTree(t, TREE);
  const named = await runCli(['pages/c.json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
  assert.deepEqual(failedPaths(named.stdout), ['pages/c.json'], 'only the named file is reported');
  assert.match(named.stdout, /also at pages\/a\.json:1:11/);
  assert.equal(filesLine(named.stdout), 'Files: 1 failed, 0 passed, 1 total');
  const passing = await runCli(['pages/b.json'], { cwd: dir });
  assert.equal(passing.code, 0, passing.stdout);
  // A reference to another rule's files, named alone.
  writeTree(dir, { 'pages/b.json': '{ "slug": "setup", "author": "bobb" }\n' });
  const dangling = await runCli(['pages/b.json'], { cwd: dir });
  assert.equal(dangling.code, 1);
  assert.match(dangling.stdout, /"bobb" is not an \/id of any file of rule "people"; did you mean "bob"\?/);
});

test('--changed and --since: the files git did not list still give their facts', {
  skip: !hasGit && 'no git',
}, async (t) => {
  const dir = makeTree(t, { ...TREE, 'pages/c.json': '{ "slug": "other" }\n' });
  const git = (...args) => {
    const result = spawnSync(
      'git',
      ['-c', 'user.name=T', '-c', 'user.email=t@e.x', '-c', 'commit.gpgsign=false', ...args],
      { cwd: dir, encoding: 'utf8' },
    );
    assert.equal(result.status, 0, result.stderr);
  };
  gitInit(dir);
  git('symbolic-ref', 'HEAD', 'refs/heads/main');
  git('add', '-A');
  git('commit', '-qm', 'initial');
  // c.json now takes a.json's slug: only c.json changed, and it fails against a.json's fact.
  writeTree(dir, { 'pages/c.json': '{ "slug": "intro" }\n' });
  const changed = await json(dir, ['--changed'], 1);
  assert.deepEqual(failing(changed), ['pages/c.json']);
  assert.equal(changed.summary.total, 1);
  git('add', '-A');
  git('commit', '-qm', 'c takes the slug');
  const since = await json(dir, ['--since', 'HEAD~1'], 1);
  assert.deepEqual(failing(since), ['pages/c.json']);
  // The source loses a key that de.json has: en.json alone changed and is reported, and passes;
  // de.json's problem is its own, reported when it is in a run (problems go to the files a run names).
  writeTree(dir, { 'locales/en.json': '{ "hello": "Hello {{name}}" }\n' });
  const source = await json(dir, ['--changed', '--verbose'], 0);
  assert.deepEqual(
    source.files.map((file) => [file.path, file.status]),
    [['locales/en.json', 'pass']],
  );
  const translation = await json(dir, ['locales/de.json'], 1);
  assert.deepEqual(failing(translation), ['locales/de.json']);
});

test('--cache: facts are cached; a cached pass never hides a problem that another file caused', async (t) => {
  const dir = makeTree(t, TREE);
  const cold = await json(dir, ['--cache'], 1);
  assert.deepEqual(failing(cold), ['pages/a.json', 'pages/c.json']);
  const warm = await json(dir, ['--cache', '--verbose'], 1);
  assert.equal(warm.summary.cache.misses, 0);
  assert.deepEqual(failing(warm), ['pages/a.json', 'pages/c.json'], 'cached passes, failing across files again');
  // de.json has a key en.json drops: en.json is the only file read again, de.json (a cached pass) fails.
  writeTree(dir, { 'locales/en.json': '{ "hello": "Hello {{name}}" }\n' });
  const dropped = await json(dir, ['--cache', '--verbose'], 1);
  assert.equal(dropped.summary.cache.misses, 1);
  const de = dropped.files.find((file) => file.path === 'locales/de.json');
  assert.equal(de.status, 'fail');
  assert.equal(de.cached, true);
  assert.deepEqual(
    de.problems.map((p) => [p.pointer, p.message]),
    [['/bye', 'not in locales/en.json']],
  );
  // Named alone, with every other file's facts from the cache: the same verdict.
  const named = await json(dir, ['--cache', 'locales/de.json'], 1);
  assert.deepEqual(failing(named), ['locales/de.json']);
  assert.equal(named.summary.total, 1);
  assert.equal(named.summary.cache.hits, 1, "the files read for their facts are not the run's hits");
});

test('--shard then merge: a shard says the checks wait for merge; merge gives the unsharded report and exit code', async (t) => {
  const dir = makeTree(t, TREE);
  const whole = await json(dir, ['--verbose'], 1);
  for (const shard of ['1/2', '2/2']) {
    const run = await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir });
    assert.equal(run.code, 0, 'a duplicate split over two shards is found only by merge');
    assert.match(run.stderr, /the checks across files did not run: this is a shard/);
  }
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  const report = parseJsonReport(merged.stdout);
  const comparable = (files) => files.filter((file) => file.status !== 'pass' || file.problems.length);
  assert.deepEqual(comparable(report.files), comparable(whole.files));
  for (const count of ['total', 'passed', 'failed', 'warnings'])
    assert.equal(report.summary[count], whole.summary[count], count);
});

test("a sameKeysAs source file that is not there is the config's fault: exit 2 naming it, in a whole run, for a named file, on a pool and in merge", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ name: 'l', files: ['locales/*.json'], sameKeysAs: 'locales/english.json' }],
    }),
    'locales/de.json': '{ "a": "x" }\n',
    'locales/fr.json': '{ "a": "y" }\n',
  });
  const said = 'filecheck: rule "l": sameKeysAs\'s source locales/english.json: no such file\n';
  for (const args of [[], ['--workers', '2'], ['locales/de.json']]) {
    const run = await runCli(args, { cwd: dir });
    assert.equal(run.code, 2, args.join(' '));
    assert.equal(run.stderr, said, args.join(' '));
  }
  for (const shard of ['1/2', '2/2']) {
    const run = await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
  }
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json'], { cwd: dir });
  assert.equal(merged.code, 2);
  assert.equal(merged.stderr, said);
});

test("a sameKeysAs source pattern that matches no file is the config's fault as a missing file is: exit 2 in every mode", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'l', files: ['_locales/**/*.json'], sameKeysAs: { source: '_locales/en/**/*.json', extra: 'off' } },
      ],
    }),
    '_locales/en_US/messages.json': '{}\n',
    '_locales/de/messages.json': '{}\n',
  });
  const said = 'filecheck: rule "l": sameKeysAs\'s source _locales/en/**/*.json: no file matches it\n';
  for (const args of [[], ['--workers', '2'], ['--cache'], ['--cache'], ['_locales/de/messages.json']]) {
    const run = await runCli(args, { cwd: dir });
    assert.equal(run.code, 2, args.join(' '));
    assert.equal(run.stderr, said, args.join(' '));
  }
  if (hasGit) {
    gitInit(dir);
    fs.writeFileSync(path.join(dir, '_locales/de/messages.json'), '{ "a": "b" }\n');
    const run = await runCli(['--changed'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.equal(run.stderr, said);
  }
  writeTree(dir, { '_locales/en/messages.json': '{}\n' }); // a matching file: the check runs
  assert.equal((await runCli(['--workers', '0'], { cwd: dir })).code, 0);
});

test('--shard then merge: a shard file that gives no facts (a page without the value) passes, and merge takes its report', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ name: 'pages', files: ['pages/*.json'], unique: ['/slug'] }] }),
    'pages/a.json': '{ "slug": "intro" }\n',
    'pages/b.json': '{ "title": "no slug" }\n',
    'pages/c.json': '{ "slug": "intro" }\n',
    'pages/d.json': '{ "title": "no slug either" }\n',
  });
  const whole = await json(dir, [], 1);
  for (const shard of ['1/2', '2/2'])
    assert.equal(
      (await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir })).code,
      0,
    );
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  const report = parseJsonReport(merged.stdout);
  assert.deepEqual(report.files, whole.files);
  assert.deepEqual(failing(report), ['pages/a.json', 'pages/c.json']);
  for (const count of ['total', 'passed', 'failed']) assert.equal(report.summary[count], whole.summary[count], count);
});

test('--bail: a file failing on its own stops the run, and the checks across files say they did not run', async (t) => {
  const dir = makeTree(t, { ...TREE, 'pages/0-broken.json': '{ "slug": ' });
  const run = await runCli(['--bail', '--workers', '0', '-r', 'json'], { cwd: dir });
  assert.equal(run.code, 1);
  const report = parseJsonReport(run.stdout);
  assert.deepEqual(failing(report), ['pages/0-broken.json'], 'the duplicate slug is not reported');
  assert.deepEqual(report.summary.acrossFiles, {
    checked: false,
    why: 'the run stopped (--bail, or interrupted) before every file gave its facts',
  });
  // Without a failure of its own, --bail lets the checks run: their failures are the run's.
  fs.rmSync(path.join(dir, 'pages/0-broken.json'));
  const complete = await json(dir, ['--bail'], 1);
  assert.deepEqual(failing(complete), ['pages/a.json', 'pages/c.json']);
});

test('warnings: a missing translation warns without failing its file, and --max-warnings counts it', async (t) => {
  const dir = makeTree(t, { ...TREE, 'locales/de.json': '{ "hello": "Hallo {{name}}" }\n' });
  writeTree(dir, { 'pages/c.json': '{ "slug": "other" }\n' });
  const run = await json(dir, [], 0);
  assert.equal(run.summary.warnings, 1);
  const [warning] = run.files.find((file) => file.path === 'locales/de.json').problems;
  assert.equal(warning.severity, 'warning');
  assert.match(warning.message, /missing key \/bye/);
  assert.equal((await runCli(['--max-warnings', '0'], { cwd: dir })).code, 1);
  assert.equal((await runCli(['--max-warnings', '1'], { cwd: dir })).code, 0);
});

// A validator module with collect and checkAll (no default export): its facts cross the pool's
// workers and the cache as data; a checkAll that throws fails the first file of its rule.
const TITLES = `export const name = 'titles';
export function collect(doc) { return { title: doc.title ?? null }; }
export function checkAll(entries, ctx) {
  if (ctx.options?.explode) throw new Error('boom');
  const seen = new Map();
  const problems = [];
  for (const { path, facts } of entries) {
    if (seen.has(facts.title))
      problems.push({ path, pointer: '/title', message: 'title used by ' + seen.get(facts.title), related: [{ path: seen.get(facts.title), pointer: '/title' }] });
    else seen.set(facts.title, path);
  }
  return problems;
}
`;

test('collect/checkAll: the same problems in-process, on a pool and from the cache; a checkAll that throws', async (t) => {
  const config = (options) => ({
    rules: [{ files: ['docs/*.json'], validators: [{ module: './titles.mjs', options }] }],
  });
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify(config()),
    'titles.mjs': TITLES,
    'docs/a.json': '{ "title": "A" }\n',
    'docs/b.json': '{ "title": "B" }\n',
    'docs/c.json': '{\n  "title": "A"\n}\n',
  });
  const report = await checkBothExecutors(dir, ['--cache']);
  assert.deepEqual(failing(report), ['docs/c.json']);
  const [problem] = report.files.find((file) => file.path === 'docs/c.json').problems;
  assert.deepEqual(
    { ...problem },
    {
      validator: 'titles',
      message: 'title used by docs/a.json',
      kind: 'invalid',
      pointer: '/title',
      line: 2,
      column: 12,
      related: [{ path: 'docs/a.json', pointer: '/title', line: 1, column: 12 }],
    },
  );
  const warm = await json(dir, ['--cache'], 1);
  assert.deepEqual(failing(warm), ['docs/c.json']);
  writeTree(dir, { '.filecheckrc.json': JSON.stringify(config({ explode: true })) });
  const thrown = await json(dir, [], 1);
  assert.deepEqual(failing(thrown), ['docs/a.json']);
  assert.match(thrown.files[0].problems[0].message, /^checkAll threw: boom/);
  assert.equal(thrown.files[0].problems[0].kind, 'error');
});

test('--bail on the last file: every file gave its facts, so the checks across files run', async (t) => {
  const dir = makeTree(t, { ...TREE, 'people/zz-broken.json': '{ "id": ' });
  const report = await json(dir, ['--bail', '--workers', '0'], 1);
  assert.deepEqual(failing(report), ['pages/a.json', 'pages/c.json', 'people/zz-broken.json']);
  assert.deepEqual(report.summary.acrossFiles, { checked: true });
});

test('a named file whose change breaks files not named: the run says which, in one warning', async (t) => {
  const dir = makeTree(t, { ...TREE, 'pages/c.json': '{ "slug": "other" }\n' });
  writeTree(dir, { 'people/bob.json': '{ "id": "robert" }\n' }); // b.json's author is gone
  const said =
    'filecheck: warning: 1 file not in this run fails the checks across files now: pages/b.json (check them too, or run without file arguments)\n';
  const run = await runCli(['people/bob.json'], { cwd: dir });
  assert.equal(run.code, 0, 'the named file itself passes');
  assert.equal(run.stderr, said);
  // A hook's -q keeps it: it is a hook's one word of failures it does not report.
  const quiet = await runCli(['people/bob.json', '-q'], { cwd: dir });
  assert.equal(quiet.stderr, said);
});

test('a broken checkAll is never silent: it throws, or names a file that is not one of its entries', async (t) => {
  const module = (body) => `export const name = 'broken';
export function collect(doc) { return { at: new Set([1, 2]), n: doc.n }; }
export function checkAll(entries) { ${body} }
`;
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['docs/*.json'], validators: ['./broken.mjs'] }] }),
    'broken.mjs': module("throw new Error('boom');"),
    'docs/a.json': '{ "n": 1 }\n',
    'docs/b.json': '{ "n": 2 }\n',
  });
  // a.json, the rule's first file, is not named: the failure goes to b.json, which is.
  const named = await json(dir, ['docs/b.json'], 1);
  assert.deepEqual(failing(named), ['docs/b.json']);
  assert.match(named.files[0].problems[0].message, /^checkAll threw: boom/);
  writeTree(dir, { 'broken.mjs': module("return [{ path: 'docs/nowhere.json', message: 'x' }];") });
  const unknown = await json(dir, [], 1);
  assert.match(
    unknown.files[0].problems[0].message,
    /^checkAll returned a problem for "docs\/nowhere\.json", which is not a file/,
  );
  // Facts are JSON data in every mode: the Set is {} in-process as it is from the cache.
  writeTree(dir, {
    'broken.mjs': module(
      "return entries.filter((e) => e.facts.at instanceof Set || Object.keys(e.facts.at).length).map((e) => ({ path: e.path, message: 'not data' }));",
    ),
  });
  assert.equal((await runCli([], { cwd: dir })).code, 0);
  // Facts that are no JSON data at all fail the file that gave them, in one line.
  writeTree(dir, {
    'broken.mjs': `export const name = 'broken';
export function collect() { return () => 1; }
export function checkAll() { return []; }
`,
  });
  const notData = await json(dir, ['--workers', '0'], 1);
  assert.deepEqual(failing(notData), ['docs/a.json', 'docs/b.json']);
  assert.deepEqual(notData.files[0].problems, [
    { validator: 'broken', message: 'threw: collect returned function, which is not JSON data', kind: 'error' },
  ]);
});

test('merge outside the project: one line saying where to run it', async (t) => {
  const dir = makeTree(t, TREE);
  await runCli(['--shard', '1/1', '-r', 'json:shard.json'], { cwd: dir });
  const elsewhere = makeTree(t, {});
  fs.copyFileSync(path.join(dir, 'shard.json'), path.join(elsewhere, 'shard.json'));
  const run = await runCli(['merge', 'shard.json'], { cwd: elsewhere });
  assert.equal(run.code, 2);
  assert.match(run.stderr, /^filecheck: the reports hold the facts of checks across files, .* or give --config\n$/);
});

test('the API: onFileChecked as each file is checked, onFileResult with its verdict after the checks across files', async (t) => {
  const { run } = await import('../../runner/index.js');
  const dir = makeTree(t, TREE);
  const events = [];
  const summary = await run({
    cwd: dir,
    workers: '0',
    reporters: [
      {
        onFileChecked: (result) => events.push(['checked', result.path, result.status]),
        onFileResult: (result) => events.push(['result', result.path, result.status]),
      },
    ],
  });
  const checked = events.filter(([kind]) => kind === 'checked');
  const results = events.filter(([kind]) => kind === 'result');
  assert.equal(checked.length, 7);
  assert.equal(results.length, 7);
  assert.ok(events.indexOf(checked.at(-1)) < events.indexOf(results[0]), 'every file checked before the first verdict');
  assert.deepEqual(
    checked.find(([, file]) => file === 'pages/c.json'),
    ['checked', 'pages/c.json', 'pass'],
  );
  assert.deepEqual(
    results.find(([, file]) => file === 'pages/c.json'),
    ['result', 'pages/c.json', 'fail'],
  );
  assert.deepEqual([summary.failed, summary.acrossFiles], [2, { checked: true }]);
});

test("a translation's source that does not parse: each translation says why and where, in every mode", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'json', files: ['locales/*.json'], sameKeysAs: 'locales/en.json' },
        { name: 'yaml', files: ['locales/*.yml'], sameKeysAs: 'src/en.yml' }, // a source outside `files`
      ],
    }),
    'locales/en.json': '{\n  "a": "A",\n  "a": "A2"\n}\n',
    'locales/de.json': '{\n  "a": "Ä"\n}\n',
    'src/en.yml': 'a: "A"\nb: [unclosed\n',
    'locales/fr.yml': 'a: "À"\n',
  });
  const problems = (report) =>
    report.files.flatMap((file) => file.problems.map((p) => `${file.path}:${p.line}:${p.column} ${p.message}`));
  const whole = await checkBothExecutors(dir, []);
  assert.deepEqual(problems(whole), [
    'locales/de.json:1:1 source locales/en.json cannot be read at 3:3: duplicate key "a" (first at 2:3): an object\'s keys must be unique (readers disagree on which value counts)',
    // The source's own problem, once, where it is.
    'locales/en.json:3:3 duplicate key "a" (first at 2:3): an object\'s keys must be unique (readers disagree on which value counts)',
    'locales/fr.yml:1:1 source src/en.yml cannot be read at 3:1: invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
  ]);
  const translations = (report) => problems(report).filter((line) => !line.startsWith('locales/en.json'));
  assert.deepEqual(problems(await json(dir, ['locales/de.json', 'locales/fr.yml'], 1)), translations(whole));
  await json(dir, ['--cache'], 1);
  const warm = await json(dir, ['--cache', '--verbose'], 1);
  assert.equal(warm.summary.cache.misses, 0);
  assert.deepEqual(problems(warm), problems(whole));
  for (const shard of ['1/2', '2/2'])
    await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir });
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  assert.deepEqual(problems(parseJsonReport(merged.stdout)), problems(whole));
});

test('sameKeysAs: a key the source lacks is reported at the key, in JSON and YAML, on a pool alike', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'json', files: ['*.json'], sameKeysAs: 'en.json' },
        { name: 'yaml', files: ['*.yml'], sameKeysAs: 'en.yml' },
      ],
    }),
    'en.json': '{ "a": "x" }\n',
    'ja.json': '{\n  "a": "y",\n  "promo": "z"\n}\n',
    'en.yml': 'a: x\n',
    'ja.yml': 'a: y\npromo:   z\n',
  });
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(
    report.files.flatMap((file) => file.problems.map((p) => ({ path: file.path, ...p }))),
    [
      {
        path: 'ja.json',
        validator: 'sameKeysAs',
        message: 'not in en.json',
        paths: [[7, 14]], // the source's name in the message
        kind: 'invalid',
        pointer: '/promo',
        line: 3,
        column: 3,
      },
      {
        path: 'ja.yml',
        validator: 'sameKeysAs',
        message: 'not in en.yml',
        paths: [[7, 13]], // the source's name in the message
        kind: 'invalid',
        pointer: '/promo',
        line: 2,
        column: 1,
      },
    ],
  );
});

// A validator module whose collect writes down each file it is given: the files a run reads for the
// checks across files, its own and those read for their facts only.
const READS = `import fs from 'node:fs';
export const name = 'reads';
export function collect(doc, ctx) {
  fs.appendFileSync(new URL('./reads.log', import.meta.url), ctx.path + '\\n');
}
export const checkAll = () => [];
`;

test('a run of some files reads the rules its files are in, those that read their facts and those these read, no other', async (t) => {
  const reads = { module: './reads.mjs' };
  const rules = [
    { name: 'tags', files: ['tags/*.json'], unique: ['/id'], validators: [reads] },
    { name: 'things', files: ['things/*.json'], unique: ['/id'], validators: [reads] },
    {
      name: 'pages',
      files: ['pages/*.json'],
      unique: ['/slug'],
      references: [{ from: '/author', to: '/id', in: 'people' }],
      validators: [reads],
    },
    { name: 'people', files: ['people/*.json'], validators: [reads] },
    { name: 'locales', files: ['locales/*.json'], sameKeysAs: 'source/en.json', validators: [reads] },
    { name: 'plain', files: ['plain/*.json'] },
  ];
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules }),
    'reads.mjs': READS,
    'tags/a.json': '{ "id": "a" }\n',
    'tags/b.json': '{ "id": "a" }\n', // a duplicate of a rule no run below names
    'things/a.json': '{ "id": "x" }\n',
    'pages/a.json': '{ "slug": "a", "author": "ann" }\n',
    'pages/b.json': '{ "slug": "b", "author": "bob" }\n',
    'people/ann.json': '{ "id": "ann" }\n',
    'people/bob.json': '{ "id": "robert" }\n', // pages/b.json's author is gone
    'locales/de.json': '{ "hi": "Hallo", "bye": "Tschüss" }\n',
    'source/en.json': '{ "hi": "Hello" }\n', // de.json has a key too many
    'plain/x.json': '{}\n',
    'other/z.json': '{}\n',
  });
  const log = path.join(dir, 'reads.log');
  const readBy = async (args, input) => {
    fs.rmSync(log, { force: true });
    const run = await runCli(args, { cwd: dir, input });
    const read = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).sort() : [];
    return { ...run, read };
  };
  const warning = (files) =>
    `filecheck: warning: ${files.length} file${files.length === 1 ? '' : 's'} not in this run fail${files.length === 1 ? 's' : ''} the checks across files now: ${files.join(', ')} (check them too, or run without file arguments)\n`;
  const people = ['people/ann.json', 'people/bob.json'];
  const pages = ['pages/a.json', 'pages/b.json'];

  for (const workers of ['0', '2']) {
    // A rule of its own: its files alone, and its verdict.
    const tag = await readBy(['tags/a.json', '--workers', workers]);
    assert.equal(tag.code, 1, tag.stdout);
    assert.match(tag.stdout, /"a" is also at tags\/b\.json/);
    assert.deepEqual(tag.read, ['tags/a.json', 'tags/b.json']);
    // A page: the pages and the people its references read.
    const page = await readBy(['pages/a.json', '--workers', workers]);
    assert.equal(page.code, 0, page.stdout);
    assert.equal(page.stderr, warning(['pages/b.json']));
    assert.deepEqual(page.read, [...pages, ...people]);
    // A person: the pages, whose references read the people, are read too, and the warning names the one it breaks.
    const person = await readBy(['people/bob.json', '--workers', workers]);
    assert.equal(person.code, 0, person.stdout);
    assert.equal(person.stderr, warning(['pages/b.json']));
    assert.deepEqual(person.read, [...pages, ...people]);
  }
  // A file of a rule without checks across files, or of none, or ignored: nothing is read.
  for (const args of [['plain/x.json'], ['other/z.json']]) {
    const none = await readBy(args);
    assert.equal(none.stderr, '');
    assert.deepEqual(none.read, []);
  }
  // An editor's buffer: that of a file of no rule with checks across files reads nothing; a page's
  // reads as the file does, the buffer in place of the file.
  const plain = await readBy(['--stdin', '--stdin-filename', 'plain/y.json'], '{}');
  assert.equal(plain.code, 0, plain.stderr);
  assert.deepEqual(plain.read, []);
  const buffer = await readBy(['--stdin', '--stdin-filename', 'pages/new.json'], '{ "slug": "a" }');
  assert.equal(buffer.code, 1, buffer.stdout);
  assert.match(buffer.stdout, /"a" is also at pages\/a\.json/);
  assert.deepEqual(buffer.read, [...pages, 'pages/new.json', ...people]);
  // sameKeysAs's source, outside its rule's files: named, it has the translations read, and names the one it breaks.
  const source = await readBy(['source/en.json']);
  assert.equal(source.code, 0, source.stdout);
  assert.equal(source.stderr, warning(['locales/de.json']));
  assert.deepEqual(source.read, ['locales/de.json', 'source/en.json']);
  // The whole project reads every rule's files, as before.
  const all = await readBy([]);
  assert.equal(all.code, 1);
  assert.deepEqual(all.read, [
    'locales/de.json',
    ...pages,
    ...people,
    'source/en.json',
    'tags/a.json',
    'tags/b.json',
    'things/a.json',
  ]);
});
