// `filecheck merge`: the json reports of several runs (shards) as one report and one exit code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runCli, makeTree, parseJsonReport, failedPaths, filesLine, oneLine } from '../helpers/cli.js';
import { MERGE_COMMAND } from '../../runner/cli/options.js';

const GOOD = '{"a": 1}\n';
const BAD = '{"a": 1,}\n';
// 30 files, every fifth broken, and one that matches no rule (skipped).
const TREE = {
  '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/**/*.json'], require: ['a'] }] }),
  ...Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`data/d${i % 3}/f${i}.json`, i % 5 ? GOOD : BAD])),
  'other/x.json': GOOD,
};
const PATTERNS = ['data', 'other/x.json'];
const withoutTimes = (report) => ({ ...report, summary: { ...report.summary, durationMs: 0, plan: null } });

async function shardReports(_t, dir, count, extra = [], patterns = PATTERNS) {
  const names = [];
  for (let i = 1; i <= count; i++) {
    const name = `reports/shard-${i}.json`;
    const { code, stderr } = await runCli([...patterns, '--shard', `${i}/${count}`, '-r', `json:${name}`, ...extra], {
      cwd: dir,
    });
    assert.ok(code === 0 || code === 1, stderr);
    names.push(name);
  }
  return names;
}

/** A hand-made report, as reporters/json.js writes it. */
function report(files, counts = {}, extra = {}) {
  const failed = files.filter((f) => f.status === 'fail').length;
  const summary = {
    total: 0,
    passed: 0,
    failed,
    skipped: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    durationMs: 5,
    plan: { mode: 'inline', workers: 0, reason: 'x' },
    ...counts,
    ...extra,
  };
  summary.total = summary.passed + summary.failed + summary.skipped + summary.unchecked;
  return JSON.stringify({ files, summary });
}
const failing = (p) => ({
  path: p,
  status: 'fail',
  problems: [{ validator: 'require', message: 'missing required key "a"', kind: 'invalid' }],
});

test('merging the shards gives the report of one run over all the files, in path order', async (t) => {
  const dir = makeTree(t, TREE);
  // The shards' json reports keep no code frames: the merged report has none (docs/changed-and-shards.md).
  const whole = await runCli([...PATTERNS, '--no-code-frame'], { cwd: dir });
  const wholeJson = parseJsonReport((await runCli([...PATTERNS, '-r', 'json'], { cwd: dir })).stdout);
  const reports = await shardReports(t, dir, 3);

  const merged = await runCli(['merge', ...reports], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  assert.equal(merged.stderr, '');
  assert.deepEqual(failedPaths(merged.stdout), failedPaths(whole.stdout));
  assert.equal(failedPaths(merged.stdout).length, 6);
  assert.equal(filesLine(merged.stdout), filesLine(whole.stdout));
  assert.equal(filesLine(merged.stdout), 'Files: 6 failed, 24 passed, 30 total');
  // The FAIL blocks are the same, problem lines included.
  assert.equal(merged.stdout.replace(/^Time:.*$/m, ''), whole.stdout.replace(/^Time:.*$/m, ''));
  // The human report's options are the run's: a script may give the merge those it gives the shards.
  for (const options of [['--no-code-frame'], ['--code-frame', '--no-color']]) {
    const same = await runCli(['merge', ...reports, ...options], { cwd: dir });
    assert.equal(same.code, 1, same.stderr);
    assert.equal(same.stdout.replace(/^Time:.*$/m, ''), merged.stdout.replace(/^Time:.*$/m, ''));
  }

  const json = await runCli(['merge', ...reports, '-r', 'json'], { cwd: dir });
  assert.equal(json.code, 1, json.stderr);
  assert.deepEqual(withoutTimes(parseJsonReport(json.stdout)), withoutTimes(wholeJson));
  assert.equal(parseJsonReport(json.stdout).summary.plan.mode, 'merge');
});

test('--verbose reports replay their passing files too; -r json:file writes the merged report', async (t) => {
  const dir = makeTree(t, TREE);
  const wholeJson = parseJsonReport((await runCli([...PATTERNS, '-r', 'json', '--verbose'], { cwd: dir })).stdout);
  const reports = await shardReports(t, dir, 2, ['--verbose']);
  const merged = await runCli(['merge', ...reports, '--verbose', '-r', 'default', '-r', 'json:out/merged.json'], {
    cwd: dir,
  });
  assert.equal(merged.code, 1, merged.stderr);
  assert.equal([...merged.stdout.matchAll(/^PASS data\/\S+\.json$/gm)].length, 24);
  assert.match(merged.stdout, /^Plan: merge: 2 reports combined$/m);
  const written = parseJsonReport(fs.readFileSync(path.join(dir, 'out/merged.json'), 'utf8'));
  assert.deepEqual(withoutTimes(written), withoutTimes(wholeJson));
});

test('a glob of reports is expanded when the shell does not do it', async (t) => {
  const dir = makeTree(t, TREE);
  await shardReports(t, dir, 3);
  const { code, stdout, stderr } = await runCli(['merge', 'reports/*.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(filesLine(stdout), 'Files: 6 failed, 24 passed, 30 total');
});

test('the exit code combines the runs: 130 if one was interrupted, else 1 if a file failed, else 0', async (t) => {
  const dir = makeTree(t, {
    'pass-a.json': report([], { passed: 3 }),
    'pass-b.json': report([], { passed: 2, skipped: 1 }),
    'fail.json': report([failing('f.json')], { passed: 1 }),
    'interrupted.json': report([], { passed: 1, unchecked: 4 }, { interrupted: true }),
  });
  for (const [reports, expected, line] of [
    [['pass-a.json', 'pass-b.json'], 0, 'Files: 5 passed, 5 total'],
    [['pass-a.json', 'fail.json'], 1, 'Files: 1 failed, 4 passed, 5 total'],
    [['fail.json', 'interrupted.json', 'pass-a.json'], 130, 'Files: 1 failed, 4 not checked, 5 passed, 10 total'],
  ]) {
    const { code, stdout, stderr } = await runCli(['merge', ...reports], { cwd: dir });
    assert.equal(code, expected, `${reports}: ${stderr}`);
    assert.equal(filesLine(stdout), line);
  }
});

test('a shard without a report: the others are reported, then one line names it, exit 2', async (t) => {
  const dir = makeTree(t, TREE);
  const [first, , third] = await shardReports(t, dir, 3);
  const { code, stdout, stderr } = await runCli(['merge', first, third], { cwd: dir });
  assert.equal(code, 2);
  assert.match(filesLine(stdout), /^Files: /);
  assert.equal(oneLine(stderr), 'incomplete: no report for shard 2/3, whose files are not in this summary');
});

test('the same shard twice is counted once, with a warning', async (t) => {
  const dir = makeTree(t, TREE);
  const reports = await shardReports(t, dir, 2);
  fs.copyFileSync(path.join(dir, reports[0]), path.join(dir, 'reports/again.json'));
  const { code, stdout, stderr } = await runCli(['merge', ...reports, 'reports/again.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(filesLine(stdout), 'Files: 6 failed, 24 passed, 30 total');
  assert.equal(
    stderr,
    'filecheck: warning: shard 1/2 is in both reports/shard-1.json and reports/again.json: counted once, from reports/shard-1.json\n',
  );
});

test('a file in two reports is counted once, with a warning; a failure wins over a pass', async (t) => {
  const dir = makeTree(t, {
    'a.json': report([failing('x.json'), { path: 'y.json', status: 'pass', problems: [] }], { passed: 1 }),
    'b.json': report([failing('x.json'), failing('y.json'), failing('z.json')], { passed: 0 }),
  });
  const { code, stdout, stderr } = await runCli(['merge', 'a.json', 'b.json', '-r', 'json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const merged = parseJsonReport(stdout);
  assert.deepEqual(
    merged.files.map((f) => [f.path, f.status]),
    [
      ['x.json', 'fail'],
      ['y.json', 'fail'],
      ['z.json', 'fail'],
    ],
  );
  assert.deepEqual([merged.summary.total, merged.summary.failed, merged.summary.passed], [3, 3, 0]);
  assert.equal(
    oneLine(stderr),
    'warning: 2 files are in more than one report, counted once (a failure wins): x.json (a.json, b.json), y.json (a.json, b.json)',
  );
});

test('shards of different splits, and shards of different sets of files', async (t) => {
  const dir = makeTree(t, TREE);
  const [ofTwo] = await shardReports(t, dir, 2);
  fs.renameSync(path.join(dir, ofTwo), path.join(dir, 'reports/of-two.json'));
  await shardReports(t, dir, 3);
  const mixed = await runCli(['merge', 'reports/of-two.json', 'reports/shard-2.json'], { cwd: dir });
  assert.equal(mixed.code, 2);
  assert.equal(mixed.stdout, '');
  assert.equal(
    oneLine(mixed.stderr),
    'cannot merge shards of different splits: reports/of-two.json is shard 1/2, reports/shard-2.json is shard 2/3',
  );

  const edited = JSON.parse(fs.readFileSync(path.join(dir, 'reports/shard-3.json'), 'utf8'));
  edited.summary.shard.total = 99;
  fs.writeFileSync(path.join(dir, 'reports/shard-3.json'), JSON.stringify(edited));
  const drift = await runCli(['merge', 'reports/shard-1.json', 'reports/shard-2.json', 'reports/shard-3.json'], {
    cwd: dir,
  });
  assert.equal(drift.code, 1, drift.stderr);
  assert.match(oneLine(drift.stderr), /^warning: the shards were split from different sets of files \(31, 99 files\)/);
});

test('a missing, corrupt or foreign report exits 2 with one line naming it, and prints no report', async (t) => {
  const good = report([], { passed: 1 });
  const dir = makeTree(t, {
    'good.json': good,
    'truncated.json': good.slice(0, 40),
    'other.json': '{"name": "not a report"}',
    'array.json': '[]',
    'bad-counts.json': JSON.stringify({ files: [], summary: { ...JSON.parse(good).summary, total: 7 } }),
    'bad-file.json': JSON.stringify({ files: [{ path: 'a.json' }], summary: JSON.parse(good).summary }),
    'unlisted-failure.json': JSON.stringify({
      files: [],
      summary: { ...JSON.parse(good).summary, failed: 1, total: 2 },
    }),
    'dir.json/': '',
  });
  for (const [file, message] of [
    ['missing.json', 'cannot read report missing.json: no such file'],
    ['dir.json', 'cannot read report dir.json: a folder, not a file'],
    ['truncated.json', /^truncated\.json: not valid JSON, so not a complete filecheck report \(/],
    ['other.json', 'other.json: not a filecheck JSON report: expected {"files": [...], "summary": {...}}'],
    ['array.json', 'array.json: not a filecheck JSON report: expected {"files": [...], "summary": {...}}'],
    ['bad-counts.json', 'bad-counts.json: not a filecheck JSON report: the summary counts do not add up to its total'],
    ['bad-file.json', 'bad-file.json: not a filecheck JSON report: files[0] is not { path, status, problems }'],
    [
      'unlisted-failure.json',
      'unlisted-failure.json: not a filecheck JSON report: it lists 0 failing files, its summary counts 1',
    ],
    ['nothing-*.json', 'no reports match "nothing-*.json"'],
  ]) {
    const { code, stdout, stderr } = await runCli(['merge', 'good.json', file, '--output-file', 'merged.json'], {
      cwd: dir,
    });
    assert.equal(code, 2, file);
    assert.equal(stdout, '', file);
    if (typeof message === 'string') assert.equal(oneLine(stderr), message);
    else assert.match(oneLine(stderr), message);
    assert.equal(fs.existsSync(path.join(dir, 'merged.json')), false, file);
  }
});

test('merge without reports, with an unknown option, and merge --help', async (t) => {
  const dir = makeTree(t, {});
  const none = await runCli(['merge'], { cwd: dir });
  assert.equal(none.code, 2);
  assert.equal(oneLine(none.stderr), 'merge needs the JSON reports to combine, e.g. filecheck merge reports/*.json');

  const unknown = await runCli(['merge', 'a.json', '--shard', '1/2'], { cwd: dir });
  assert.equal(unknown.code, 2);
  assert.equal(oneLine(unknown.stderr), 'Unknown argument: --shard');

  const help = await runCli(['merge', '--help'], { cwd: dir });
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /^filecheck merge <reports\.\.> \[options\]/);
  assert.match(help.stdout, /--reporter/);
  assert.doesNotMatch(help.stdout, /--schema/);

  // Its "Also write the combined JSON report" example does that: the report printed, and the file.
  const [command] = MERGE_COMMAND.examples.find(([, what]) => what === 'Also write the combined JSON report');
  const [, , ...args] = command.split(' '); // $0 merge …
  fs.writeFileSync(path.join(dir, 'a.json'), GOOD);
  assert.equal((await runCli(['a.json', '-r', 'json:reports/a.json'], { cwd: dir })).code, 0);
  const also = await runCli(['merge', ...args], { cwd: dir });
  assert.equal(also.code, 0, also.stderr);
  assert.match(also.stdout, /^Files: 1 passed, 1 total$/m, command);
  assert.equal(parseJsonReport(fs.readFileSync(path.join(dir, 'merged.json'), 'utf8')).summary.passed, 1);

  const main = await runCli(['--help'], { cwd: dir });
  assert.match(
    main.stdout.replace(/\s+/g, ' '),
    /filecheck merge shard-\*\.json Combine the JSON reports of several runs/,
  );
  assert.match(main.stdout, /--shard/);
});

test('merge in GitHub Actions (the github reporter on) annotates the failures and writes its reports; a merged junit has no time it does not know', async (t) => {
  const dir = makeTree(t, { 'bad.yaml': 'a: [\n', 'ok.json': GOOD });
  const shard = await runCli(['bad.yaml', 'ok.json', '-r', 'json:report.json'], { cwd: dir });
  assert.equal(shard.code, 1, shard.stderr);
  const env = { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, GITHUB_STEP_SUMMARY: path.join(dir, 'summary.md') };
  const merged = await runCli(['merge', 'report.json', '-r', 'json:merged.json', '-r', 'junit:merged.xml'], {
    cwd: dir,
    env,
  });
  assert.equal(merged.code, 1, merged.stderr);
  assert.match(
    merged.stdout + merged.stderr,
    /^::error file=bad\.yaml,line=2,col=1,title=filecheck \(parse\)::invalid YAML: /m,
  );
  assert.deepEqual(
    parseJsonReport(fs.readFileSync(path.join(dir, 'merged.json'), 'utf8')).files.map((file) => file.path),
    ['bad.yaml'],
  );
  const junit = fs.readFileSync(path.join(dir, 'merged.xml'), 'utf8');
  assert.doesNotMatch(junit, /NaN/);
  assert.match(junit, /<testcase classname="bad\.yaml" name="bad\.yaml">/);
  // The shard's report lists its failures only (no --verbose): its pass still counts.
  assert.match(junit, /<testsuites name="filecheck" tests="2" failures="1" errors="0" skipped="0"/);
  assert.deepEqual(
    fs.readdirSync(dir).filter((name) => name.endsWith('.tmp')),
    [],
    'no temporary file left',
  );
});

test('merge -r sarif:… -r gitlab:… writes the reports one run over all the files writes, byte for byte', async (t) => {
  const dir = makeTree(t, TREE);
  const whole = await runCli([...PATTERNS, '-r', 'sarif:whole.sarif', '-r', 'gitlab:whole-gl.json'], { cwd: dir });
  assert.equal(whole.code, 1, whole.stderr);
  const reports = await shardReports(t, dir, 3);
  const merged = await runCli(['merge', ...reports, '-r', 'sarif:merged.sarif', '-r', 'gitlab:merged-gl.json'], {
    cwd: dir,
  });
  assert.equal(merged.code, 1, merged.stderr);
  assert.equal(merged.stdout, '');
  assert.equal(merged.stderr, '');
  const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
  assert.equal(read('merged.sarif'), read('whole.sarif'));
  assert.equal(read('merged-gl.json'), read('whole-gl.json'));
  assert.equal(JSON.parse(read('merged.sarif')).runs[0].results.length, 6);
  assert.equal(JSON.parse(read('merged-gl.json')).length, 6);

  // On stdout, as for one run.
  const onStdout = await runCli(['merge', ...reports, '-r', 'gitlab'], { cwd: dir });
  assert.equal(onStdout.stdout, read('whole-gl.json'));
});

test('merged reports of shards with files only parsed: the gitlab issues of those files, and one hint as one run writes it', async (t) => {
  // Four catalog entries without a local copy: their files are only parsed, each under its own prefix.
  const hosts = ['a', 'b', 'c', 'd'];
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ catalog: 'store/catalog.json', rules: [] }),
    'store/catalog.json': JSON.stringify({
      schemas: hosts.map((h) => ({ name: h, url: `https://${h}.example/s/${h}.json`, fileMatch: [`${h}*.json`] })),
    }),
    ...Object.fromEntries(hosts.flatMap((h) => [1, 2].map((i) => [`${h}${i}.json`, '{"n": 1}']))),
  });
  const reports = ['sarif:whole.sarif', 'gitlab:whole-gl.json', 'json:whole.json'];
  const whole = await runCli(
    reports.flatMap((spec) => ['-r', spec]),
    { cwd: dir },
  );
  assert.equal(whole.code, 0, whole.stderr);
  const shards = await shardReports(t, dir, 3, [], []);
  const merged = await runCli(
    ['merge', ...shards, '-r', 'sarif:merged.sarif', '-r', 'gitlab:merged-gl.json', '-r', 'json:merged.json'],
    { cwd: dir },
  );
  assert.equal(merged.code, 0, merged.stderr);
  const read = (name) => fs.readFileSync(path.join(dir, name), 'utf8');
  assert.equal(
    JSON.parse(read('merged.json')).summary.onlyParsedHint,
    'their schemas are not in the store: map their URLs to local copies with "schemaStore": { "https://a.example/s/": "<folder>", "https://b.example/s/": "<folder>", "https://c.example/s/": "<folder>" } in .filecheckrc.json, or --schema-store https://a.example/s/=<folder>, --schema-store https://b.example/s/=<folder>, --schema-store https://c.example/s/=<folder> and 1 more',
  );
  assert.equal(
    JSON.parse(read('merged.json')).summary.onlyParsedHint,
    JSON.parse(read('whole.json')).summary.onlyParsedHint,
  );
  assert.equal(JSON.parse(read('whole-gl.json')).length, 9); // the catalog too: no entry matches it
  assert.equal(read('merged-gl.json'), read('whole-gl.json'));
  assert.equal(read('merged.sarif'), read('whole.sarif'));
});

test('merged shards whose files are only parsed for different reasons give the hint one run gives', async (t) => {
  // The t*.toml files' entry names a schema no store maps; no entry matches the o*.toml files.
  const dir = makeTree(t, {
    'catalog.json': JSON.stringify({
      schemas: [{ name: 'typos', url: 'https://raw.example.com/typos/config.schema.json', fileMatch: ['t*.toml'] }],
    }),
    ...Object.fromEntries(
      [1, 2, 3, 4].flatMap((i) => [
        [`t${i}.toml`, '[default]\n'],
        [`o${i}.toml`, 'a = 1\n'],
      ]),
    ),
    'o5.toml': 'a = 1\n',
  });
  const args = ['--catalog', 'catalog.json'];
  const hintLine = (stdout) => stdout.split('\n').find((line) => line.includes('only parsed, not validated'));
  const whole = await runCli(['**/*.toml', ...args], { cwd: dir });
  assert.equal(whole.code, 0, whole.stderr);
  assert.equal(
    hintLine(whole.stdout),
    '9 files only parsed, not validated: 4 of them because their schemas are not in the store: map their URLs to local copies with --schema-store https://raw.example.com/typos/=<folder>; the other 5 for other reasons (--verbose says why).',
  );
  const shards = await shardReports(t, dir, 2, args, ['**/*.toml']);
  const merged = await runCli(['merge', ...shards], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  assert.equal(hintLine(merged.stdout), hintLine(whole.stdout));
});

test("merging adds up the files only parsed and makes one hint of the shards' store prefixes; a skipped file listed in a report is counted as skipped", async () => {
  const { mergeReports } = await import('../../runner/merge/merge-reports.js');
  const { readReport } = await import('../../runner/merge/read-report.js');
  const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'filecheck-merge-'));
  const write = (name, text) => {
    fs.writeFileSync(path.join(dir, name), text);
    return readReport(path.join(dir, name), name);
  };
  const hint = (prefix) =>
    `their schemas are not in the store: map their URLs to local copies with --schema-store ${prefix}=<folder>`;
  const one = write(
    'one.json',
    report(
      [],
      { passed: 3, onlyParsed: 2 },
      { onlyParsedHint: hint('https://json.schemastore.org/'), storePrefixes: ['https://json.schemastore.org/'] },
    ),
  );
  const two = write(
    'two.json',
    report(
      [{ path: 'x.patch', status: 'skip', problems: [] }],
      { passed: 1, skipped: 1, onlyParsed: 1 },
      {
        onlyParsedHint: hint('https://example.com/'),
        storePrefixes: ['https://example.com/'],
      },
    ),
  );
  const three = write('three.json', report([{ path: 'x.patch', status: 'skip', problems: [] }], { skipped: 1 }));
  const { summary } = mergeReports([one, two, three]);
  // one and two are from before summary.onlyParsedHinted: their hints were about all their files only parsed.
  const four = write(
    'four.json',
    report(
      [],
      { passed: 4, onlyParsed: 3 },
      { onlyParsedHint: 'some words', storePrefixes: ['https://example.com/'], onlyParsedHinted: 1 },
    ),
  );
  const mixed = mergeReports([one, two, four]).summary;
  assert.deepEqual([mixed.onlyParsed, mixed.onlyParsedHinted], [6, 4]);
  assert.equal(
    mixed.onlyParsedHint,
    '4 of them because their schemas are not in the store: map their URLs to local copies with --schema-store https://example.com/=<folder>, --schema-store https://json.schemastore.org/=<folder>; the other 2 for other reasons (--verbose says why)',
  );
  const unhinted = write('unhinted.json', report([], { passed: 2, onlyParsed: 2 }));
  assert.deepEqual(
    [mergeReports([one, unhinted]).summary.onlyParsedHinted, mergeReports([one]).summary.onlyParsedHinted],
    [2, 2],
  );
  assert.equal(summary.onlyParsed, 3);
  assert.equal(
    summary.onlyParsedHint,
    hint('https://example.com/=<folder>, --schema-store https://json.schemastore.org/'),
    'one hint, its prefixes sorted, as one run writes it',
  );
  assert.deepEqual(summary.storePrefixes, ['https://example.com/', 'https://json.schemastore.org/']);
  assert.deepEqual([summary.total, summary.passed, summary.skipped], [5, 4, 1], 'x.patch is in two reports: once');
  assert.throws(
    () => write('bad.json', report([], { passed: 1, onlyParsed: 2 })),
    /summary\.onlyParsed is not a count of passed files/,
  );
  assert.throws(
    () => write('bad.json', report([], { passed: 1, onlyParsed: 1 }, { storePrefixes: 'https://example.com/' })),
    /summary\.storePrefixes must be a list of strings/,
  );
  assert.throws(
    () => write('bad.json', report([], { passed: 1, onlyParsed: 1 }, { onlyParsedHinted: 2 })),
    /summary\.onlyParsedHinted is not a count of files only parsed/,
  );
  fs.rmSync(dir, { recursive: true, force: true });
});
