// End to end: the reports of code-scanning views, SARIF 2.1.0 (GitHub's code scanning) and GitLab's
// code quality report, each checked against what its reader requires.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { runCli, makeTree, writeTree, parseJsonReport, failedPaths, filesLine, oneLine, REPO } from '../helpers/cli.js';

const { version } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
// The SARIF 2.1.0 JSON Schema (its release-to-manufacturing version 5, the standard's) as Microsoft's
// SARIF SDK ships it (@microsoft/jest-sarif 1.0.0-beta.0, MIT): a fixture, test/fixtures/sarif/README.md.
const SARIF_SCHEMA = path.join(REPO, 'test/fixtures/sarif/sarif-2.1.0-rtm.5.json');

// Every kind of outcome: a schema broken deep in the document (a pointer), a required key missing
// (at the root: no pointer to say), invalid JSON, a validator that threw (no position), and a pass.
function projectTree(t) {
  return makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['data/**/*.json'], schema: 'schema.json', require: ['name'], validators: ['./boom.js'] }],
    }),
    'schema.json': JSON.stringify({
      type: 'object',
      properties: { compilerOptions: { type: 'object', properties: { target: { type: 'integer' } } } },
    }),
    'boom.js': "export default (doc) => { if (doc.boom) throw new Error('kaboom'); };\n",
    'data/a.json': '{\n  "name": "a",\n  "compilerOptions": {\n    "target": "es5"\n  }\n}\n',
    'data/boom.json': '{"name": "b", "boom": true}',
    'data/broken.json': '{"name": ',
    'data/missing.json': '{}\n',
    'data/ok.json': '{"name": "ok"}',
  });
}

/**
 * filecheck itself checks a SARIF log against the SARIF JSON Schema, in a folder of its own (no
 * config). Returns the exit code and the JSON pointers of the problems found.
 */
async function validateSarif(t, text) {
  const dir = makeTree(t, { 'filecheck.sarif': text });
  const { code, stdout, stderr } = await runCli(['filecheck.sarif', '--schema', SARIF_SCHEMA, '-r', 'json'], {
    cwd: dir,
  });
  assert.ok(code === 0 || code === 1, stderr);
  const problems = parseJsonReport(stdout).files.flatMap((file) => file.problems);
  return { code, pointers: problems.map((problem) => problem.pointer), problems };
}
const readText = (dir, file) => fs.readFileSync(path.join(dir, file), 'utf8');
const readJson = (dir, file) => parseJsonReport(readText(dir, file));

// ── sarif ───────────────────────────────────────────────────────────────────────────────────────

test('sarif: a report the SARIF 2.1.0 JSON Schema accepts, checked by filecheck itself, and one it refuses once broken', async (t) => {
  const dir = projectTree(t);
  const { code, stdout, stderr } = await runCli(['-r', 'sarif:reports/filecheck.sarif'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(stdout, '', 'a report file alone leaves stdout empty');
  assert.equal(stderr, '');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'reports')), ['filecheck.sarif'], 'no temporary file left');

  const valid = await validateSarif(t, readText(dir, 'reports/filecheck.sarif'));
  assert.deepEqual(valid.problems, []);
  assert.equal(valid.code, 0);

  // The same check fails a report with a line 0, a result without a message and a level SARIF does not have.
  const report = readJson(dir, 'reports/filecheck.sarif');
  const [first, second, third] = report.runs[0].results;
  first.locations[0].physicalLocation.region.startLine = 0;
  delete second.message;
  third.level = 'fatal';
  const invalid = await validateSarif(t, JSON.stringify(report));
  assert.equal(invalid.code, 1);
  assert.deepEqual(invalid.pointers, [
    '/runs/0/results/0/locations/0/physicalLocation/region/startLine',
    '/runs/0/results/1',
    '/runs/0/results/2/level',
  ]);
});

test('sarif: one result per problem, with its rule, level, message with the JSON pointer, file and region', async (t) => {
  const dir = projectTree(t);
  await runCli(['-r', 'sarif:filecheck.sarif'], { cwd: dir });
  const report = readJson(dir, 'filecheck.sarif');
  assert.equal(report.version, '2.1.0');
  assert.equal(report.$schema, 'https://json.schemastore.org/sarif-2.1.0.json');
  assert.equal(report.runs.length, 1);
  const [run] = report.runs;
  assert.deepEqual(run.tool.driver.name, 'filecheck');
  assert.equal(run.tool.driver.version, version);
  assert.equal(run.tool.driver.semanticVersion, version);
  assert.match(run.tool.driver.informationUri, /^https:\/\//);
  assert.deepEqual(run.invocations, [{ executionSuccessful: true }]);
  assert.equal(run.columnKind, 'utf16CodeUnits');

  const place = (uri, region) => [
    { physicalLocation: { artifactLocation: { uri, uriBaseId: '%SRCROOT%' }, ...(region && { region }) } },
  ];
  const results = run.results.map(({ partialFingerprints, ...result }) => result);
  assert.deepEqual(results, [
    {
      ruleId: 'json-schema',
      ruleIndex: 0,
      level: 'error',
      message: { text: '/compilerOptions/target: must be integer (json-schema: schema.json)' },
      locations: place('data/a.json', { startLine: 4, startColumn: 15 }),
      properties: { schema: 'schema.json', pointer: '/compilerOptions/target' },
    },
    {
      ruleId: 'boom',
      ruleIndex: 1,
      level: 'error',
      message: { text: 'threw: kaboom (boom)' },
      locations: place('data/boom.json'),
    },
    {
      ruleId: 'parse',
      ruleIndex: 2,
      level: 'error',
      message: { text: 'invalid JSON: Unexpected end of input (parse)' },
      locations: place('data/broken.json', { startLine: 1, startColumn: 10 }),
    },
    {
      ruleId: 'require',
      ruleIndex: 3,
      level: 'error',
      message: { text: 'missing required key "name" (require)' },
      locations: place('data/missing.json', { startLine: 1, startColumn: 1 }),
    },
  ]);
  // Each rule once, in the order first used, as the results' ruleIndex says; every result's rule is one of them.
  assert.deepEqual(
    run.tool.driver.rules.map((rule) => rule.id),
    ['json-schema', 'boom', 'parse', 'require'],
  );
  for (const rule of run.tool.driver.rules) {
    assert.ok(rule.shortDescription.text.length > 10, rule.id);
    assert.deepEqual(rule.defaultConfiguration, { level: 'error' });
  }
  assert.equal(run.tool.driver.rules[1].shortDescription.text, 'The custom validator "boom" passes');
  for (const result of run.results) assert.equal(run.tool.driver.rules[result.ruleIndex].id, result.ruleId);
  const prints = run.results.map((result) => result.partialFingerprints['filecheck/v1']);
  for (const print of prints) assert.match(print, /^[0-9a-f]{64}$/);
  assert.equal(new Set(prints).size, prints.length, 'a fingerprint per result');
});

test('sarif: the same files give the same bytes, run after run and from either executor', async (t) => {
  const files = {};
  for (let i = 0; i < 40; i++)
    files[`data/f${String(i).padStart(2, '0')}.json`] = i % 3 ? '{"n": 1}' : '{\n  "n": "x",\n  "m": true\n}\n';
  const dir = makeTree(t, files);
  const outputs = [];
  for (const workers of ['0', '2', '0']) {
    const { code, stderr } = await runCli(
      ['data', '-k', 'n:number', '-k', 'o', '--workers', workers, '-r', `sarif:r${outputs.length}.sarif`],
      { cwd: dir },
    );
    assert.equal(code, 1, stderr);
    outputs.push(fs.readFileSync(path.join(dir, `r${outputs.length}.sarif`), 'utf8'));
  }
  assert.equal(outputs[1], outputs[0]);
  assert.equal(outputs[2], outputs[0]);
  assert.equal(JSON.parse(outputs[0]).runs[0].results.length, 14 * 2 + 26);
});

test('sarif: on stdout alone; beside the human report, which goes to stderr; --output-file names its file', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}' });
  const alone = await runCli(['.', '-r', 'sarif'], { cwd: dir });
  assert.equal(alone.code, 1);
  assert.equal(alone.stderr, '');
  assert.equal(
    parseJsonReport(alone.stdout).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri,
    'a.json',
  );

  const both = await runCli(['.', '-r', 'default', '-r', 'sarif'], { cwd: dir });
  assert.equal(both.code, 1);
  assert.deepEqual(failedPaths(both.stderr), ['a.json']);
  assert.equal(parseJsonReport(both.stdout).runs[0].results.length, 1);

  const viaFlag = await runCli(['.', '-r', 'default', '-r', 'sarif', '--output-file', 'out/filecheck.sarif'], {
    cwd: dir,
  });
  assert.equal(viaFlag.code, 1);
  assert.deepEqual(failedPaths(viaFlag.stdout), ['a.json']);
  assert.equal(readJson(dir, 'out/filecheck.sarif').runs[0].results.length, 1);

  // A run with nothing to report still writes a whole, valid log.
  const passing = await runCli(['b.json', '-r', 'sarif:empty.sarif'], { cwd: dir });
  assert.equal(passing.code, 0);
  assert.deepEqual(readJson(dir, 'empty.sarif').runs[0].results, []);
  assert.deepEqual(readJson(dir, 'empty.sarif').runs[0].tool.driver.rules, []);
  assert.deepEqual((await validateSarif(t, readText(dir, 'empty.sarif'))).problems, []);
});

test('sarif: file URIs are relative to GITHUB_WORKSPACE and percent-encoded; a file outside it has an absolute file URI', async (t) => {
  const dir = makeTree(t, { 'pkg/data/a b:c#d%.json': '{' });
  const cwd = path.join(dir, 'pkg');
  const location = async (env) => {
    const { code, stdout } = await runCli(['data', '-r', 'sarif'], { cwd, env });
    assert.equal(code, 1);
    return parseJsonReport(stdout).runs[0].results[0].locations[0].physicalLocation.artifactLocation;
  };
  const inWorkspace = await location({ GITHUB_WORKSPACE: dir });
  assert.deepEqual(inWorkspace, { uri: 'pkg/data/a%20b%3Ac%23d%25.json', uriBaseId: '%SRCROOT%' });
  assert.equal(decodeURIComponent(inWorkspace.uri), 'pkg/data/a b:c#d%.json');
  assert.deepEqual(
    await location({}),
    { uri: 'data/a%20b%3Ac%23d%25.json', uriBaseId: '%SRCROOT%' },
    'no workspace: the working directory',
  );
  const outside = await location({ GITHUB_WORKSPACE: path.join(dir, 'elsewhere') });
  assert.deepEqual(Object.keys(outside), ['uri']);
  assert.equal(fileURLToPath(outside.uri), path.join(cwd, 'data', 'a b:c#d%.json'));

  // Such a report is still valid SARIF.
  assert.deepEqual((await validateSarif(t, (await runCli(['data', '-r', 'sarif'], { cwd })).stdout)).problems, []);
});

test('sarif: a run stopped by --bail says how many files it did not check', async (t) => {
  const dir = makeTree(t, { 'a.json': '{', 'b.json': '{}', 'c.json': '{}' });
  const { code } = await runCli(['.', '--bail', '--workers', '0', '-r', 'sarif:r.sarif'], { cwd: dir });
  assert.equal(code, 1);
  const [run] = readJson(dir, 'r.sarif').runs;
  assert.equal(run.results.length, 1);
  assert.deepEqual(run.invocations, [
    {
      executionSuccessful: true,
      toolExecutionNotifications: [
        { level: 'warning', message: { text: '2 files not checked: stopped after 1 failing file (--bail).' } },
      ],
    },
  ]);
  assert.deepEqual((await validateSarif(t, readText(dir, 'r.sarif'))).problems, []);
});

// ── gitlab ──────────────────────────────────────────────────────────────────────────────────────

const SEVERITIES = ['info', 'minor', 'major', 'critical', 'blocker'];

/** The report, checked against what GitLab reads: an array of issues, each with its required fields. */
function readGitlab(dir, file) {
  const text = fs.readFileSync(path.join(dir, file), 'utf8');
  assert.ok(!text.startsWith('\uFEFF'), 'no byte-order mark: GitLab refuses one');
  const issues = parseJsonReport(text);
  assert.ok(Array.isArray(issues));
  for (const issue of issues) {
    assert.deepEqual(Object.keys(issue).sort(), ['check_name', 'description', 'fingerprint', 'location', 'severity']);
    for (const field of ['description', 'check_name', 'fingerprint'])
      assert.equal(typeof issue[field], 'string', field);
    assert.ok(issue.description && issue.check_name);
    assert.match(issue.fingerprint, /^[0-9a-f]{64}$/);
    assert.ok(SEVERITIES.includes(issue.severity), issue.severity);
    assert.equal(typeof issue.location.path, 'string');
    assert.ok(!path.isAbsolute(issue.location.path), issue.location.path);
    assert.ok(
      Number.isInteger(issue.location.lines.begin) && issue.location.lines.begin >= 1,
      JSON.stringify(issue.location),
    );
  }
  return issues;
}

test('gitlab: an issue per problem with description (with the JSON pointer), check_name, fingerprint, severity and location', async (t) => {
  const dir = projectTree(t);
  const { code, stdout, stderr } = await runCli(['-r', 'gitlab:gl-code-quality-report.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(stdout, '');
  assert.equal(stderr, '');
  const issues = readGitlab(dir, 'gl-code-quality-report.json');
  assert.deepEqual(
    issues.map(({ fingerprint, ...issue }) => issue),
    [
      {
        description: '/compilerOptions/target: must be integer (json-schema: schema.json)',
        check_name: 'json-schema',
        severity: 'major',
        location: { path: 'data/a.json', lines: { begin: 4 } },
      },
      // A check that could not run says nothing of the file; a problem about the whole file is placed on its first line.
      {
        description: 'threw: kaboom (boom)',
        check_name: 'boom',
        severity: 'critical',
        location: { path: 'data/boom.json', lines: { begin: 1 } },
      },
      {
        description: 'invalid JSON: Unexpected end of input (parse)',
        check_name: 'parse',
        severity: 'major',
        location: { path: 'data/broken.json', lines: { begin: 1 } },
      },
      {
        description: 'missing required key "name" (require)',
        check_name: 'require',
        severity: 'major',
        location: { path: 'data/missing.json', lines: { begin: 1 } },
      },
    ],
  );

  // Nothing to report: an empty array; on stdout without a file.
  const passing = await runCli(['data/ok.json', '-r', 'gitlab'], { cwd: dir });
  assert.equal(passing.code, 0);
  assert.equal(passing.stdout, '[]\n');
});

test('gitlab: fingerprints are the same run after run, from either executor, and distinct for each problem, even one reported twice', async (t) => {
  const dir = makeTree(t, {
    // The same message twice at the same place, as a custom validator may report it.
    'twice.js': "export default (doc) => (doc.twice ? ['said twice', 'said twice'] : []);\n",
    'a.json': '{\n  "n": "x",\n  "m": "y"\n}\n',
    'b.json': '{\n  "n": "x",\n  "m": "y",\n  "twice": true\n}\n',
  });
  const args = ['a.json', 'b.json', '-k', 'n:number', '-k', 'm:number', '--validator', './twice.js'];
  const runs = [];
  for (const workers of ['0', '2']) {
    const { code, stderr } = await runCli([...args, '--workers', workers, '-r', `gitlab:r${workers}.json`], {
      cwd: dir,
    });
    assert.equal(code, 1, stderr);
    runs.push(readGitlab(dir, `r${workers}.json`));
  }
  assert.deepEqual(runs[1], runs[0]);
  const prints = runs[0].map((issue) => issue.fingerprint);
  assert.equal(prints.length, 6);
  assert.equal(new Set(prints).size, 6, 'unique: GitLab shows one issue per fingerprint');
  // The same problem in another file is another issue.
  assert.notEqual(runs[0][0].fingerprint, runs[0][2].fingerprint);
  assert.equal(runs[0][0].description, runs[0][2].description);
});

test('gitlab: a line inserted above a problem keeps its fingerprint; a change of message or place gives another', async (t) => {
  const dir = makeTree(t, { 'a.json': '{\n  "n": "x"\n}\n' });
  const issue = async (text, key = 'n:number') => {
    writeTree(dir, { 'a.json': text });
    await runCli(['a.json', '-k', key, '-r', 'gitlab:r.json'], { cwd: dir });
    const [only] = readGitlab(dir, 'r.json');
    return only;
  };
  const before = await issue('{\n  "n": "x"\n}\n');
  const moved = await issue('{\n  "m": 1,\n\n  "n": "x"\n}\n');
  assert.equal(moved.location.lines.begin, 4);
  assert.equal(moved.fingerprint, before.fingerprint);
  const otherValue = await issue('{\n  "n": true\n}\n');
  assert.notEqual(otherValue.fingerprint, before.fingerprint, otherValue.description);
  const otherPlace = await issue('{\n  "o": {\n    "n": "x"\n  }\n}\n', 'o.n:number');
  assert.notEqual(otherPlace.fingerprint, before.fingerprint);
});

test('gitlab: paths are relative to CI_PROJECT_DIR, else to the working directory', async (t) => {
  const dir = makeTree(t, { 'pkg/data/a.json': '{' });
  const cwd = path.join(dir, 'pkg');
  const pathIn = async (env) => {
    const { code, stdout } = await runCli(['data', '-r', 'gitlab'], { cwd, env });
    assert.equal(code, 1);
    return parseJsonReport(stdout)[0].location.path;
  };
  assert.equal(await pathIn({ CI_PROJECT_DIR: dir }), 'pkg/data/a.json');
  assert.equal(await pathIn({}), 'data/a.json');
});

test('run from a subfolder, the paths inside messages are from the repository root too, and the fingerprints are those of a run from the root', async (t) => {
  // The checks across files name other files in their words: a duplicate, a translation's source, a
  // file a reference names that is not there; the human report names them from the working directory.
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'packages', files: ['packages/*/package.json'], unique: ['/name'] },
        { name: 'locales', files: ['packages/app/locales/*.json'], sameKeysAs: 'packages/app/locales/en.json' },
        { name: 'docs', files: ['docs/*.json'], references: [{ from: '/see', file: true }] },
      ],
    }),
    'packages/a/package.json': '{\n  "name": "same"\n}\n',
    'packages/b/package.json': '{\n  "name": "same"\n}\n',
    'packages/app/locales/en.json': '{\n  "hi": "Hi",\n  "bye": "Bye"\n}\n',
    'packages/app/locales/de.json': '{\n  "hi": "Hallo",\n  "extra": "x"\n}\n',
    'docs/page.json': '{\n  "see": "gone.json"\n}\n',
  });
  const env = { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, CI_PROJECT_DIR: dir };
  const reports = ['-r', 'default', '-r', 'sarif:r.sarif', '-r', 'gitlab:gl.json'];
  const runIn = async (cwd) => {
    const summaryFile = path.join(cwd, 'summary.md');
    const run = await runCli(reports, { cwd, env: { ...env, GITHUB_STEP_SUMMARY: summaryFile } });
    assert.equal(run.code, 1, run.stderr);
    const summary = readText(cwd, 'summary.md');
    fs.rmSync(summaryFile);
    return { ...run, sarif: readText(cwd, 'r.sarif'), gitlab: readText(cwd, 'gl.json'), summary };
  };
  const fromRoot = await runIn(dir);
  const fromSub = await runIn(path.join(dir, 'packages'));
  const annotations = (output) => output.split('\n').filter((line) => line.startsWith('::'));
  assert.deepEqual(annotations(fromSub.stdout), annotations(fromRoot.stdout));
  assert.ok(
    annotations(fromSub.stdout).includes(
      '::error file=packages/a/package.json,line=2,col=11,title=filecheck (unique)::/name: "same" is also at packages/b/package.json (also at packages/b/package.json:2:11 (/name: "same"))',
    ),
    fromSub.stdout,
  );
  assert.ok(
    annotations(fromSub.stdout).includes(
      '::error file=packages/app/locales/de.json,line=3,col=3,title=filecheck (sameKeysAs)::/extra: not in packages/app/locales/en.json',
    ),
    fromSub.stdout,
  );
  assert.ok(
    annotations(fromSub.stdout).includes(
      '::error file=docs/page.json,line=2,col=10,title=filecheck (references)::/see: "gone.json" names no file or folder (no docs/gone.json)',
    ),
    fromSub.stdout,
  );
  assert.equal(fromSub.sarif, fromRoot.sarif);
  assert.equal(fromSub.gitlab, fromRoot.gitlab);
  assert.equal(fromSub.summary.replace(/Time: .*/, ''), fromRoot.summary.replace(/Time: .*/, ''));
  // The human report names them from the working directory, as it names the files.
  assert.match(fromSub.stdout, /\/extra: not in app\/locales\/en\.json/);
  assert.match(fromSub.stdout, /names no file or folder \(no \.\.\/docs\/gone\.json\)/);
});

// ── both, and choosing them ─────────────────────────────────────────────────────────────────────

test('sarif and gitlab from the config, relative to its folder, beside the other reporters', async (t) => {
  const dir = projectTree(t);
  const config = JSON.parse(fs.readFileSync(path.join(dir, '.filecheckrc.json'), 'utf8'));
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({
      ...config,
      reporters: [
        'default',
        'sarif:reports/filecheck.sarif',
        'gitlab:reports/gl-code-quality-report.json',
        'json:reports/filecheck.json',
      ],
    }),
    'sub/.keep': '',
  });
  const { code, stdout, stderr } = await runCli([], {
    cwd: path.join(dir, 'sub'),
    env: { GITHUB_WORKSPACE: dir, CI_PROJECT_DIR: dir },
  });
  assert.equal(code, 1, stderr);
  assert.equal(filesLine(stdout), 'Files: 4 failed, 1 passed, 5 total');
  assert.deepEqual(fs.readdirSync(path.join(dir, 'reports')).sort(), [
    'filecheck.json',
    'filecheck.sarif',
    'gl-code-quality-report.json',
  ]);
  const json = readJson(dir, 'reports/filecheck.json');
  const sarif = readJson(dir, 'reports/filecheck.sarif').runs[0].results;
  const gitlab = readGitlab(dir, 'reports/gl-code-quality-report.json');
  // Every problem of the json report is in both, in the same order.
  const problems = json.files.flatMap((file) => file.problems);
  assert.equal(sarif.length, problems.length);
  assert.equal(gitlab.length, problems.length);
  // Paths are the working directory's in the json report, the repository root's in the others.
  assert.equal(json.files[0].path, '../data/a.json');
  assert.equal(sarif[0].locations[0].physicalLocation.artifactLocation.uri, 'data/a.json');
  assert.equal(gitlab[0].location.path, 'data/a.json');
  assert.deepEqual(
    sarif.map((result) => result.partialFingerprints['filecheck/v1']),
    gitlab.map((issue) => issue.fingerprint),
    'one fingerprint per problem, in both',
  );
});

test('stdout carries one report: two without a file are a usage error, as --output-file for two is', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const cases = [
    [
      ['-r', 'json', '-r', 'sarif'],
      'stdout can carry one report, but json and sarif both have no file: give all but one a file (-r sarif:filecheck.sarif)',
    ],
    [
      ['-r', 'sarif', '-r', 'gitlab', '-r', 'json'],
      'stdout can carry one report, but sarif, gitlab and json all have no file: give all but one a file (-r gitlab:gl-code-quality-report.json)',
    ],
    [
      ['-r', 'sarif', '-r', 'gitlab', '--output-file', 'x'],
      '--output-file names one report, but sarif and gitlab both have no file: give each its own (-r junit:report.xml)',
    ],
  ];
  for (const [args, message] of cases) {
    const { code, stdout, stderr } = await runCli(['a.json', ...args], { cwd: dir });
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), message);
  }
});

test("the README's CI snippets: the file filecheck writes is the one uploaded, and the upload runs when files fail", () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const snippet = (marker) => {
    const blocks = [...readme.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)]
      .map((m) => m[1])
      .filter((text) => text.includes(marker));
    assert.equal(blocks.length, 1, marker);
    return parseYaml(blocks[0]);
  };
  const reportOf = (command, name) => new RegExp(`-r ${name}:(\\S+)`).exec(command)?.[1];

  const { steps } = snippet('upload-sarif').jobs.filecheck;
  const upload = steps.find((step) => /^github\/codeql-action\/upload-sarif@/.test(step.uses));
  const run = steps.find((step) => /\bfilecheck\b/.test(step.run ?? ''));
  assert.equal(reportOf(run.run, 'sarif'), upload.with.sarif_file);
  assert.equal(upload.if, '${{ !cancelled() }}');
  assert.equal(snippet('upload-sarif').jobs.filecheck.permissions['security-events'], 'write');

  const job = snippet('codequality').filecheck;
  assert.equal(
    reportOf(
      job.script.find((line) => line.includes('filecheck')),
      'gitlab',
    ),
    job.artifacts.reports.codequality,
  );
  assert.equal(job.artifacts.when, 'always');
});
