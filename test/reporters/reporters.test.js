// End to end: what the default and json reporters print, where, and the chaos monkey's failures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import {
  runCli,
  makeTree,
  writeTree,
  cliEnv,
  parseJsonReport,
  failedPaths,
  filesLine,
  oneLine,
  BIN,
  gitInit,
  hasGit,
} from '../helpers/cli.js';

const ANSI = /\u001b\[/;

function mixedTree(t) {
  // Written out of order: the report is in path order whatever the order on disk.
  return makeTree(t, {
    'z.json': '{"n": "one"}',
    'a.json': '{\n  "n": "two",\n  "x": {}\n}\n',
    'm/ok.json': '{"n": 1, "x": null}',
    'm/broken.json': '{"n": ',
  });
}

test("default reporter: FAIL blocks in path order, the validator on the FAIL line when all its problems share one, each problem's line starting with path:line:col, then its pointer and message, each file's problems in the order of its text, then the summary", async (t) => {
  const dir = mixedTree(t);
  const { code, stdout, stderr } = await runCli(['**/*.json', '-k', 'n:number', '-k', 'x'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.equal(stderr, '');
  const [report, time] = stdout.split(/\nTime: {2}/);
  assert.equal(
    report,
    [
      ' FAIL  a.json  (require)',
      '  a.json:2:8  /n: "n" must be a number, found string',
      '      1 | {',
      '    > 2 |   "n": "two",',
      '        |        ^',
      '      3 |   "x": {}',
      '',
      ' FAIL  m/broken.json  (parse)',
      '  m/broken.json:1:7  invalid JSON: Unexpected end of input',
      '    > 1 | {"n": ',
      '        |       ^',
      '',
      ' FAIL  z.json  (require)',
      '  z.json:1:1  missing required key "x"', // about the document's root: no frame of its start
      '  z.json:1:7  /n: "n" must be a number, found string',
      '    > 1 | {"n": "one"}',
      '        |       ^',
      '',
      'Files: 3 failed, 1 passed, 4 total',
    ].join('\n'),
  );
  assert.match(time, /^\d+\.\d\d s\n$/);
});

test('a problem without a position starts with the path alone; problems of several validators each name theirs, their messages in one column', async (t) => {
  const dir = makeTree(t, {
    'v.js': "export default () => ['no position here'];\n",
    'a.json': '{\n  "n": "one"\n}\n',
  });
  const { stdout } = await runCli(['a.json', '--validator', './v.js', '-k', 'n:number', '--no-code-frame'], {
    cwd: dir,
  });
  assert.match(
    stdout,
    /^ FAIL {2}a\.json\n {2}a\.json:2:8 {2}\/n: "n" must be a number, found string {2}\(require\)\n {2}a\.json {6}no position here {2}\(v\)\n/,
  );
});

test('no ANSI codes when stdout is not a TTY, or with NO_COLOR; --color forces them', async (t) => {
  const dir = mixedTree(t);
  const args = ['**/*.json', '-k', 'n:number'];
  const piped = await runCli(args, { cwd: dir, env: { NO_COLOR: undefined, TERM: 'xterm-256color' } });
  assert.equal(piped.code, 1);
  assert.doesNotMatch(piped.stdout, ANSI);
  const noColor = await runCli(args, { cwd: dir });
  assert.doesNotMatch(noColor.stdout, ANSI);
  // The checks above could not fail if colour were never on: --color shows it can be.
  const forced = await runCli([...args, '--color'], { cwd: dir });
  assert.match(forced.stdout, ANSI);
  assert.match(forced.stdout, /\u001b\[41m\u001b\[1m FAIL \u001b\[22m\u001b\[49m a\.json/);
  const negated = await runCli([...args, '--no-color'], { cwd: dir, env: { NO_COLOR: undefined } });
  assert.doesNotMatch(negated.stdout, ANSI);
  // The later of --color and --no-color wins.
  assert.match((await runCli([...args, '--no-color', '--color'], { cwd: dir })).stdout, ANSI);
  assert.doesNotMatch((await runCli([...args, '--color', '--no-color'], { cwd: dir })).stdout, ANSI);
});

// util-linux `script` runs a command on a pseudo-terminal: the one way to give filecheck a real TTY.
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).stdout?.includes('util-linux') ?? false;

test('on a TTY: colour by default, none with NO_COLOR', {
  skip: !hasScript && 'needs util-linux script for a pseudo-terminal',
}, async (t) => {
  const dir = makeTree(t, { 'bad.json': '{' });
  const onTty = (env) => {
    const command = `${quote(process.execPath)} ${quote(BIN)} bad.json`;
    return spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      encoding: 'utf8',
      env: cliEnv({ TERM: 'xterm', ...env }),
      timeout: 20_000,
    });
  };
  const colored = onTty({ NO_COLOR: undefined });
  assert.equal(colored.status, 1, colored.stdout + colored.stderr);
  assert.match(colored.stdout, ANSI);
  const plain = onTty({ NO_COLOR: '1' });
  assert.equal(plain.status, 1);
  assert.match(plain.stdout, / FAIL {2}bad\.json/);
  assert.doesNotMatch(plain.stdout, ANSI);
});

test('on a terminal the spinner shows progress; on one that reports 0 columns there is none, and the output stays small', {
  skip: !hasScript && 'needs util-linux script for a pseudo-terminal',
}, (t) => {
  const dir = makeTree(
    t,
    Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [`f${String(i).padStart(2, '0')}.json`, i % 10 ? '{"a": 1}' : '{}']),
    ),
  );
  const onTerminal = (columns) => {
    const command = `stty cols ${columns} rows 24; exec ${quote(process.execPath)} ${quote(BIN)} '*.json' -k a`;
    return spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: dir,
      encoding: 'utf8',
      env: cliEnv({ TERM: 'xterm', CI: undefined }),
      maxBuffer: 1 << 20,
      timeout: 20_000,
    });
  };
  const wide = onTerminal(80);
  assert.equal(wide.error, undefined);
  assert.match(wide.stdout, /Checking files: \d+\/30/);
  assert.match(wide.stdout, /Files: 3 failed, 27 passed, 30 total/);
  // ora erases as many lines as its text takes at the terminal's width: at 0 columns, without end
  // (92 MB in two minutes for 200 files, until killed).
  const narrow = onTerminal(0);
  assert.equal(narrow.error, undefined, 'the run did not end, or flooded its output');
  assert.match(narrow.stdout, /Files: 3 failed, 27 passed, 30 total/);
  assert.doesNotMatch(narrow.stdout, /Checking files/);
  assert.ok(narrow.stdout.length < 2000, `${narrow.stdout.length} bytes`);
});

test('on a 40-column terminal, lines are broken between words, never in one, and each problem still starts with path:line:col', {
  skip: !hasScript && 'needs util-linux script for a pseudo-terminal',
}, (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({
      properties: {
        services: {
          additionalProperties: { required: ['image'], properties: { restart: { enum: ['no', 'always'] } } },
        },
      },
    }),
    'compose.json': '{\n  "services": {\n    "web": { "restart": "sometimes" }\n  }\n}\n',
  });
  const command = `stty cols 40 rows 24; exec ${quote(process.execPath)} ${quote(BIN)} compose.json -s schema.json`;
  const run = spawnSync('script', ['-qec', command, '/dev/null'], {
    cwd: dir,
    encoding: 'utf8',
    env: cliEnv({ TERM: 'xterm', NO_COLOR: '1', CI: '1' }), // CI: no spinner
    timeout: 20_000,
  });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  const lines = run.stdout.replace(/\r/g, '').split('\n');
  for (const line of lines) assert.ok(line.length <= 40, `wider than the terminal: ${JSON.stringify(line)}`);
  const text = lines.join('\n');
  assert.match(text, /^ {2}compose\.json:3:12 {2}\/services\/web: must\n {4}have required property "image"$/m);
  // Every word of the messages whole, on one line.
  for (const word of ['required', 'property', '"image"', '"always"', '/services/web/restart:'])
    assert.ok(
      lines.some((line) => line.split(' ').includes(word)),
      `${word} broken:\n${text}`,
    );
});

test('-r json: stdout is one JSON document of the documented shape, and nothing else', async (t) => {
  const dir = mixedTree(t);
  const { code, stdout, stderr } = await runCli(['**/*.json', '-k', 'n:number', '-r', 'json'], { cwd: dir });
  assert.equal(code, 1);
  assert.equal(stderr, '');
  const report = parseJsonReport(stdout);
  assert.deepEqual(Object.keys(report), ['files', 'summary']);
  assert.deepEqual(Object.keys(report.summary).sort(), [
    'bailed',
    'durationMs',
    'failed',
    'interrupted',
    'onlyParsed',
    'passed',
    'plan',
    'skipped',
    'total',
    'unchecked',
    'warnings',
  ]);
  const { durationMs, plan, ...counts } = report.summary;
  assert.deepEqual(counts, {
    total: 4,
    passed: 1,
    failed: 3,
    skipped: 0,
    onlyParsed: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    warnings: 0,
  });
  assert.equal(typeof durationMs, 'number');
  assert.deepEqual(Object.keys(plan).sort(), ['mode', 'reason', 'workers']);
  // Failing files only (and those that passed with warnings), in path order, each { path, status, problems }.
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['a.json', 'm/broken.json', 'z.json'],
  );
  assert.deepEqual(report.files[0], {
    path: 'a.json',
    status: 'fail',
    problems: [
      {
        validator: 'require',
        message: '"n" must be a number, found string',
        kind: 'invalid',
        pointer: '/n',
        line: 2,
        column: 8,
      },
    ],
  });
  assert.deepEqual(report.files[1].problems, [
    {
      validator: 'parse',
      message: 'invalid JSON: Unexpected end of input',
      line: 1,
      column: 7,
      kind: 'parse',
    },
  ]);

  const verbose = parseJsonReport((await runCli(['**/*.json', '-r', 'json', '--verbose'], { cwd: dir })).stdout);
  assert.deepEqual(
    verbose.files.map((f) => [f.path, f.status]),
    [
      ['a.json', 'pass'],
      ['m/broken.json', 'fail'],
      ['m/ok.json', 'pass'],
      ['z.json', 'pass'],
    ],
  );
  assert.deepEqual(verbose.files[0].problems, []);
});

test('-r json with no failures, and with no files', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const clean = parseJsonReport((await runCli(['a.json', '-r', 'json'], { cwd: dir })).stdout);
  assert.deepEqual(clean.files, []);
  assert.equal(clean.summary.passed, 1);
  const none = await runCli(['none/*.json', '--pass-with-no-files', '-r', 'json'], { cwd: dir });
  assert.equal(none.code, 0);
  assert.equal(parseJsonReport(none.stdout).summary.total, 0);
});

test('--output-file writes the json report to a file, and the default report still goes to stdout', async (t) => {
  const dir = mixedTree(t);
  const { code, stdout } = await runCli(['**/*.json', '-k', 'n:number', '--output-file', 'out/report.json'], {
    cwd: dir,
  });
  assert.equal(code, 1);
  assert.deepEqual(failedPaths(stdout), ['a.json', 'm/broken.json', 'z.json']);
  assert.equal(filesLine(stdout), 'Files: 3 failed, 1 passed, 4 total');
  const report = parseJsonReport(fs.readFileSync(path.join(dir, 'out/report.json'), 'utf8'));
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['a.json', 'm/broken.json', 'z.json'],
  );
  assert.deepEqual(fs.readdirSync(path.join(dir, 'out')), ['report.json'], 'no temporary file left');
});

test('-r json:path writes the json report there, and stdout stays empty', async (t) => {
  const dir = mixedTree(t);
  const { code, stdout, stderr } = await runCli(['**/*.json', '-r', 'json:reports/r.json'], { cwd: dir });
  assert.equal(code, 1);
  assert.equal(stdout, '');
  assert.equal(stderr, '');
  const report = parseJsonReport(fs.readFileSync(path.join(dir, 'reports/r.json'), 'utf8'));
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['m/broken.json'],
  );
});

test('a usage error found after the reporters are made leaves no report file behind', async (t) => {
  // A validator module that cannot be loaded is found when the rules are compiled, after the reporters are made.
  const dir = makeTree(t, { 'a.json': '{}' });
  const { code, stderr } = await runCli(['a.json', '--validator', './missing.js', '-r', 'json:reports/r.json'], {
    cwd: dir,
  });
  assert.equal(code, 2);
  assert.match(oneLine(stderr), /^validator module .*missing\.js cannot be loaded: not found$/);
  const left = fs.existsSync(path.join(dir, 'reports')) ? fs.readdirSync(path.join(dir, 'reports')) : [];
  assert.deepEqual(left, []);
});

test('two reporters at once: with json on stdout, the human report goes to stderr', async (t) => {
  const dir = mixedTree(t);
  const both = await runCli(['**/*.json', '-r', 'default', '-r', 'json'], { cwd: dir });
  assert.equal(both.code, 1);
  assert.deepEqual(
    parseJsonReport(both.stdout).files.map((f) => f.path),
    ['m/broken.json'],
  );
  assert.deepEqual(failedPaths(both.stderr), ['m/broken.json']);
  assert.equal(filesLine(both.stderr), 'Files: 1 failed, 3 passed, 4 total');

  const toFile = await runCli(['**/*.json', '-r', 'default', '-r', 'json:r.json'], { cwd: dir });
  assert.deepEqual(failedPaths(toFile.stdout), ['m/broken.json']);
  assert.equal(toFile.stderr, '');
  assert.equal(parseJsonReport(fs.readFileSync(path.join(dir, 'r.json'), 'utf8')).summary.failed, 1);
});

// ── The chaos monkey ────────────────────────────────────────────────────────────────────────────

function manyFiles(t, count = 30) {
  const files = {};
  for (let i = 0; i < count; i++) files[`data/f${i}.json`] = '{}';
  return makeTree(t, files);
}

async function chaosFailures(args, options) {
  const { code, stdout, stderr } = await runCli([...args, '-r', 'json'], options);
  assert.ok(code === 0 || code === 1, stderr);
  const report = parseJsonReport(stdout);
  for (const file of report.files)
    assert.deepEqual(
      file.problems.map((p) => p.kind),
      ['chaos'],
      file.path,
    );
  return { failed: report.files.map((f) => f.path), stderr };
}

test('CHAOS_MONKEY=1 fails every file with kind chaos; CHAOS_MONKEY=0 fails none', async (t) => {
  const dir = manyFiles(t, 5);
  const all = await runCli(['data', '-r', 'json'], { cwd: dir, env: { CHAOS_MONKEY: '1' } });
  assert.equal(all.code, 1);
  const report = parseJsonReport(all.stdout);
  assert.equal(report.files.length, 5);
  for (const file of report.files) {
    assert.equal(file.problems.length, 1);
    assert.equal(file.problems[0].kind, 'chaos');
    assert.equal(file.problems[0].validator, 'chaos-monkey');
    assert.match(file.problems[0].message, /^chaos monkey: injected throw \(probability 1, seed \d+\)$/);
  }
  assert.match(
    oneLine(all.stderr),
    /^chaos monkey on: probability 1, seed (\d+) \(--chaos-seed \1 repeats this run\)$/,
  );

  const none = await runCli(['data'], { cwd: dir, env: { CHAOS_MONKEY: '0' } });
  assert.equal(none.code, 0, none.stdout);
  assert.equal(none.stderr, '');
  assert.equal(filesLine(none.stdout), 'Files: 5 passed, 5 total');
});

test('--chaos-monkey 0.3 --chaos-seed 42 fails the same files on every run, whatever else is in the tree', async (t) => {
  const dir = manyFiles(t);
  const args = ['data', '--chaos-monkey', '0.3', '--chaos-seed', '42'];
  const first = (await chaosFailures(args, { cwd: dir })).failed;
  assert.ok(first.length > 0 && first.length < 30, `some files fail, not all: ${first}`);
  assert.deepEqual((await chaosFailures(args, { cwd: dir })).failed, first);
  // The environment variables mean the same.
  assert.deepEqual(
    (await chaosFailures(['data'], { cwd: dir, env: { CHAOS_MONKEY: '0.3', CHAOS_SEED: '42' } })).failed,
    first,
  );

  // New files change every file's position in the run, not whether the chaos monkey hits it.
  const added = {};
  for (let i = 0; i < 30; i++) added[`data/a${i}.json`] = '{}';
  writeTree(dir, added);
  const after = (await chaosFailures(args, { cwd: dir })).failed;
  assert.deepEqual(
    after.filter((file) => /^data\/f\d+\.json$/.test(file)),
    first,
  );

  const otherSeed = (await chaosFailures(['data', '--chaos-monkey', '0.3', '--chaos-seed', '43'], { cwd: dir })).failed;
  assert.notDeepEqual(
    otherSeed.filter((file) => /^data\/f\d+\.json$/.test(file)),
    first,
  );
});

test('the seed printed for a random run repeats it', async (t) => {
  const dir = manyFiles(t);
  const random = await chaosFailures(['data', '--chaos-monkey', '0.5'], { cwd: dir });
  const seed = /--chaos-seed (\S+) repeats this run/.exec(random.stderr)?.[1];
  assert.ok(seed, random.stderr);
  const repeated = await chaosFailures(['data', '--chaos-monkey', '0.5', '--chaos-seed', seed], { cwd: dir });
  assert.deepEqual(repeated.failed, random.failed);
});

// Paths are hashed relative to the project (the config's folder, else the git repository), so a
// seed repeats a run from any folder of the project.
test('the same seed fails the same files from another working directory of the project', {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = manyFiles(t);
  gitInit(dir);
  writeTree(dir, { 'sub/.keep': '' });
  const args = ['--chaos-monkey', '0.3', '--chaos-seed', '42'];
  const fromRoot = (await chaosFailures(['data', ...args], { cwd: dir })).failed;
  const fromSub = (await chaosFailures(['../data', ...args], { cwd: path.join(dir, 'sub') })).failed;
  assert.deepEqual(
    fromSub.map((file) => file.replace(/^\.\.\//, '')),
    fromRoot,
  );
  assert.ok(fromRoot.length > 0 && fromRoot.length < 30, `a probability of 0.3 fails some files: ${fromRoot.length}`);
});

test("with a config, the seed is anchored at the config's folder", async (t) => {
  const dir = manyFiles(t);
  writeTree(dir, { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/*.json'] }] }), 'sub/.keep': '' });
  const args = ['--chaos-monkey', '0.3', '--chaos-seed', '42'];
  const fromRoot = (await chaosFailures(args, { cwd: dir })).failed;
  const fromSub = (await chaosFailures(args, { cwd: path.join(dir, 'sub') })).failed;
  assert.deepEqual(
    fromSub.map((file) => file.replace(/^\.\.\//, '')),
    fromRoot,
  );
  assert.ok(fromRoot.length > 0 && fromRoot.length < 30);
});

test('--chaos-monkey outside 0..1 exits 2', async (t) => {
  const dir = manyFiles(t, 1);
  for (const value of ['2', '-0.1', 'sometimes']) {
    const { code, stdout, stderr } = await runCli(['data', '--chaos-monkey', value], { cwd: dir });
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), `chaos monkey probability must be a number from 0 to 1, not "${value}"`);
  }
});

function quote(text) {
  return `'${text.replace(/'/g, "'\\''")}'`;
}
