// End to end: the exit-code contract (0 passed, 1 failed, 2 usage, 130 interrupted) and --bail.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { REPO, runCli, makeTree, parseJsonReport, failedPaths, filesLine, oneLine } from '../helpers/cli.js';
import { EXIT, exitCodeFor, tooManyWarnings } from '../../shared/exit-codes.js';

const GOOD = '{"a": 1}';
const BAD = '{"a": 1,}';

test('0 when every file passes, 1 when one fails, 2 on a usage error', async (t) => {
  const dir = makeTree(t, { 'ok/a.json': GOOD, 'ok/b.json': GOOD, 'mixed/a.json': GOOD, 'mixed/b.json': BAD });
  const passed = await runCli(['ok'], { cwd: dir });
  assert.equal(passed.code, 0, passed.stdout);
  assert.equal(passed.stderr, '');
  assert.equal(filesLine(passed.stdout), 'Files: 2 passed, 2 total');

  const failed = await runCli(['mixed'], { cwd: dir });
  assert.equal(failed.code, 1);
  assert.equal(failed.stderr, '');
  assert.equal(filesLine(failed.stdout), 'Files: 1 failed, 1 passed, 2 total');

  for (const args of [
    ['ok', '--reporter', 'xml'],
    ['ok', '-c', 'missing.json'],
    ['ok', '--chaos-monkey', 'often'],
    ['ok', '--no-such-flag'],
  ]) {
    const usage = await runCli(args, { cwd: dir });
    assert.equal(usage.code, 2, args.join(' '));
    assert.equal(usage.stdout, '', args.join(' '));
    oneLine(usage.stderr);
  }
});

function fiveFailing(t) {
  return makeTree(t, { 'a.json': BAD, 'b.json': GOOD, 'c.json': BAD, 'd.json': BAD, 'e.json': BAD, 'f.json': BAD });
}

test('--bail stops after the first failing file; the rest are counted as not checked', async (t) => {
  const dir = fiveFailing(t);
  const { code, stdout } = await runCli(['*.json', '--bail'], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(failedPaths(stdout), ['a.json']);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 5 not checked, 0 passed, 6 total');
  assert.match(stdout, /^Stopped after 1 failing file \(--bail\)\.$/m);

  const json = parseJsonReport((await runCli(['*.json', '--bail', '-r', 'json'], { cwd: dir })).stdout);
  assert.deepEqual(
    json.files.map((f) => f.path),
    ['a.json'],
  );
  assert.equal(json.summary.bailed, true);
  assert.equal(json.summary.unchecked, 5);
  assert.equal(json.summary.failed, 1);
});

test('--bail 2 stops after the second failing file', async (t) => {
  const dir = fiveFailing(t);
  const { code, stdout } = await runCli(['*.json', '--bail', '2'], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(failedPaths(stdout), ['a.json', 'c.json']);
  assert.equal(filesLine(stdout), 'Files: 2 failed, 3 not checked, 1 passed, 6 total');
  assert.match(stdout, /^Stopped after 2 failing files \(--bail\)\.$/m);
});

test('--bail followed by a pattern means bail at 1 and that pattern', async (t) => {
  const dir = fiveFailing(t);
  const { code, stdout, stderr } = await runCli(['--bail', '*.json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['a.json']);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 5 not checked, 0 passed, 6 total');
});

test('--bail=<not a number>, written with "=", is a usage error, not a pattern', async (t) => {
  const dir = fiveFailing(t);
  for (const value of ['abc', '-1', '2.5']) {
    const { code, stderr } = await runCli(['*.json', `--bail=${value}`, '--pass-with-no-files'], { cwd: dir });
    assert.equal(code, 2, value);
    assert.equal(oneLine(stderr), `--bail takes a whole number of failures, not "${value}"`);
  }
  const counted = await runCli(['*.json', '--bail=2'], { cwd: dir });
  assert.equal(filesLine(counted.stdout), 'Files: 2 failed, 3 not checked, 1 passed, 6 total');
});

test('exitCodeFor: more warnings than --max-warnings fail a run every file of which passed; without it warnings change nothing', () => {
  const run = { failed: 0, interrupted: false, warnings: 3 };
  const rows = [
    [{ ...run }, EXIT.passed], // no --max-warnings: warnings never fail a run
    [{ ...run, maxWarnings: 3 }, EXIT.passed], // as many as allowed
    [{ ...run, maxWarnings: 2 }, EXIT.failed],
    [{ ...run, maxWarnings: 0 }, EXIT.failed],
    [{ ...run, warnings: 0, maxWarnings: 0 }, EXIT.passed],
    [{ failed: 0, interrupted: false, maxWarnings: 0 }, EXIT.passed], // a summary without the count has none
    [{ ...run, failed: 1, maxWarnings: 5 }, EXIT.failed], // a failed run stays failed
    [{ ...run, failed: 1, maxWarnings: 0 }, EXIT.failed],
    [{ ...run, maxWarnings: 0, unusableSchemas: ['bad'] }, EXIT.usage], // a usage error stays 2
    [{ ...run, maxWarnings: 0, interrupted: true }, EXIT.interrupted], // and an interrupted run 130
  ];
  for (const [summary, code] of rows) assert.equal(exitCodeFor(summary), code, JSON.stringify(summary));
  assert.equal(tooManyWarnings({ warnings: 1, maxWarnings: 0 }), true);
  assert.equal(tooManyWarnings({ warnings: 1 }), false);
});

test("--max-warnings takes a whole number, or -1 (no limit); the config file's maxWarnings too; a bad value exits 2", async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD });
  for (const args of [['--max-warnings', '0'], ['--max-warnings=-1'], ['--max-warnings', '3']]) {
    const { code, stderr } = await runCli(['a.json', ...args], { cwd: dir });
    assert.equal(code, 0, `${args.join(' ')}: ${stderr}`);
  }
  for (const [value, message] of [
    ['x', '--max-warnings takes a whole number of warnings (or -1: no limit), not "x"'],
    ['-2', '--max-warnings takes a whole number of warnings (or -1: no limit), not "-2"'],
    ['1.5', '--max-warnings takes a whole number of warnings (or -1: no limit), not "1.5"'],
    ['', '--max-warnings needs a value'],
  ]) {
    const { code, stderr } = await runCli(['a.json', `--max-warnings=${value}`], { cwd: dir });
    assert.equal(code, 2, value);
    assert.equal(oneLine(stderr), message);
  }
  // merge takes it too, for the warnings of all the shards together.
  const merged = await runCli(['merge', 'shard-1.json', '--max-warnings', 'x'], { cwd: dir });
  assert.equal(merged.code, 2);
  assert.equal(oneLine(merged.stderr), '--max-warnings takes a whole number of warnings (or -1: no limit), not "x"');
  const configured = makeTree(t, {
    'a.json': GOOD,
    '.filecheckrc.json': '{"rules": [{"files": ["*.json"]}], "maxWarnings": 0}',
  });
  const ok = await runCli([], { cwd: configured });
  assert.equal(ok.code, 0, ok.stderr);
  const wrong = makeTree(t, {
    'a.json': GOOD,
    '.filecheckrc.json': '{"rules": [{"files": ["*.json"]}], "maxWarnings": "no"}',
  });
  const refused = await runCli([], { cwd: wrong });
  assert.equal(refused.code, 2);
  assert.match(oneLine(refused.stderr), /maxWarnings/);
});

test('--bail that is not reached, or reached on the last file, stops nothing', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD, 'b.json': BAD });
  const report = parseJsonReport((await runCli(['*.json', '--bail', '-r', 'json'], { cwd: dir })).stdout);
  assert.equal(report.summary.bailed, false, 'the failure was the last file: nothing was left unchecked');
  assert.equal(report.summary.unchecked, 0);
  const passing = await runCli(['a.json', '--bail'], { cwd: dir });
  assert.equal(passing.code, 0);
  assert.doesNotMatch(passing.stdout, /Stopped/);
});

// 3,000 files and a validator that busy-waits ~1 ms each: a run of about 3 s, interrupted once
// the validator has seen its first file (it says so on stderr).
const SLOW_VALIDATOR = `let first = true;
export default () => {
  if (first) { first = false; process.stderr.write('validator started\\n'); }
  const end = performance.now() + 1;
  while (performance.now() < end);
};
`;

function bigTree(t) {
  const files = { 'slow.js': SLOW_VALIDATOR };
  for (let i = 0; i < 3000; i++) files[`data/${String(i).padStart(4, '0')}.json`] = `{"i": ${i}}`;
  return makeTree(t, files);
}

function interruptWhenStarted(run) {
  let sent = false;
  run.child.stderr.on('data', (chunk) => {
    if (!sent && String(chunk).includes('validator started')) {
      sent = true;
      run.child.kill('SIGINT');
    }
  });
  return run;
}

test('SIGINT stops the run: exit 130 and the partial summary', { timeout: 60_000 }, async (t) => {
  const dir = bigTree(t);
  const human = await interruptWhenStarted(runCli(['data', '--validator', './slow.js'], { cwd: dir }));
  assert.equal(human.code, 130, human.stdout + human.stderr);
  assert.match(human.stdout, /^Interrupted: the summary is partial\.$/m);
  const [, unchecked, passed] = /^Files: (\d+) not checked, (\d+) passed, 3000 total$/m.exec(human.stdout) ?? [];
  assert.ok(unchecked, `a partial summary: ${human.stdout}`);
  assert.equal(Number(unchecked) + Number(passed), 3000);
  assert.ok(Number(unchecked) > 0);

  const machine = await interruptWhenStarted(runCli(['data', '--validator', './slow.js', '-r', 'json'], { cwd: dir }));
  assert.equal(machine.code, 130, machine.stderr);
  const { summary } = parseJsonReport(machine.stdout);
  assert.equal(summary.interrupted, true);
  assert.equal(summary.bailed, false);
  assert.equal(summary.total, 3000);
  assert.ok(summary.unchecked > 0, `files left unchecked: ${JSON.stringify(summary)}`);
  assert.equal(summary.passed + summary.failed + summary.unchecked, 3000);
});

// Issue 24: a rule's schema that cannot be used hid every other result (exit 2, nothing reported).
for (const [strategy, workers] of [
  ['eager', '0'],
  ['lazy', '0'],
  ['apart', '0'],
  ['apart', '2'],
]) {
  test(`a rule's schema that cannot be used fails its own files (kind error), the others are checked and reported, and the run exits 2 after the reports (${strategy}, --workers ${workers})`, async (t) => {
    const dir = makeTree(t, {
      'good.schema.json': JSON.stringify({ type: 'object', properties: { n: { type: 'integer' } } }),
      'bad.schema.json': JSON.stringify({ type: 'object', properties: { x: { $ref: 'nowhere.json' } } }),
      '.filecheckrc.json': JSON.stringify({
        rules: [
          { name: 'good', files: ['a/*.json'], schema: 'good.schema.json' },
          { name: 'bad', files: ['b/*.json'], schema: 'bad.schema.json' },
        ],
      }),
      'a/1.json': '{"n": 1}',
      'a/2.json': '{"n": "x"}',
      'b/1.json': '{}',
      'b/2.json': '{"x": 1}',
    });
    const env = { FILECHECK_SCHEMA_COMPILE: strategy };
    const why = 'schema bad.schema.json: $ref "nowhere.json": no such file (nowhere.json)';
    const json = await runCli(['--workers', workers, '-r', 'json', '-r', 'junit:junit.xml'], { cwd: dir, env });
    assert.equal(json.code, 2, json.stderr);
    assert.equal(json.stderr, `filecheck: ${why}\n`);
    const report = parseJsonReport(json.stdout);
    assert.deepEqual(
      report.files.map(({ path, problems }) => [path, problems.map(({ message, kind }) => [message, kind])]),
      [
        ['a/2.json', [['must be integer', 'invalid']]],
        ['b/1.json', [[why, 'error']]],
        ['b/2.json', [[why, 'error']]],
      ],
    );
    assert.deepEqual(report.summary.unusableSchemas, [why]);
    assert.equal(report.summary.passed, 1);
    assert.match(fs.readFileSync(path.join(dir, 'junit.xml'), 'utf8'), /tests="4" failures="1" errors="2"/);

    const human = await runCli(['--workers', workers], { cwd: dir, env });
    assert.equal(human.code, 2);
    assert.equal(filesLine(human.stdout), 'Files: 3 failed, 1 passed, 4 total');
    assert.equal(human.stderr, `filecheck: ${why}\n`);
  });
}

test("an ajv plugin that is not installed fails its rule's files as an unusable schema does, whichever way the rule gets its schemas, in-process and on a pool", async (t) => {
  const dir = makeTree(t, {
    'page.schema.json': JSON.stringify({ type: 'object', required: ['title'] }),
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'plain', files: ['a/*.json'], require: ['title'] },
        { name: 'messages', files: ['b/*.json'], schema: 'page.schema.json', ajv: { plugins: ['ajv-errors'] } },
        { name: 'own', files: ['c/*.json'], schemaFromDocument: true, ajv: { plugins: ['ajv-errors'] } },
      ],
    }),
    'a/1.json': '{}',
    'a/2.json': '{"title": "A"}',
    'b/1.json': '{}',
    'c/1.json': '{"$schema": "../page.schema.json", "title": "C"}',
    ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`b/more-${i}.json`, '{}'])),
  });
  const why = `ajv plugin "ajv-errors" cannot be loaded from ${dir}: not installed (npm install -D ajv-errors)`;
  const more = Array.from({ length: 20 }, (_, i) => [`b/more-${i}.json`, [[why, 'error']]]).sort();
  for (const workers of ['0', '2']) {
    const json = await runCli(['--workers', workers, '-r', 'json'], { cwd: dir });
    assert.equal(json.code, 2, json.stderr);
    assert.equal(json.stderr, `filecheck: ${why}\n`);
    const report = parseJsonReport(json.stdout);
    assert.deepEqual(
      report.files.map(({ path, problems }) => [path, problems.map(({ message, kind }) => [message, kind])]),
      [
        ['a/1.json', [['missing required key "title"', 'invalid']]],
        ['b/1.json', [[why, 'error']]],
        ...more,
        ['c/1.json', [[why, 'error']]],
      ],
    );
    assert.deepEqual(report.summary.unusableSchemas, [why]);
    // One fault, one line: the human report lists the files that fail for themselves, counts the
    // others, and the fault is said once, last.
    const human = await runCli(['--workers', workers], { cwd: dir });
    assert.equal(human.code, 2);
    assert.deepEqual(failedPaths(human.stdout), ['a/1.json']);
    assert.ok(!human.stdout.includes(why), human.stdout);
    assert.equal(filesLine(human.stdout), 'Files: 23 failed, 1 passed, 24 total');
    assert.match(
      human.stdout,
      /^22 files not validated: a rule's schema or ajv plugin cannot be used \(the error below\)\.$/m,
    );
    assert.equal(human.stderr, `filecheck: ${why}\n`);
    // GitHub: the fault is one annotation, not one per file.
    const github = await runCli(['--workers', workers, '-r', 'github'], { cwd: dir });
    assert.equal(github.code, 2);
    assert.deepEqual(
      github.stdout.split('\n').filter((line) => line.startsWith('::error')),
      [
        '::error file=a/1.json,line=1,col=1,title=filecheck (require)::missing required key "title"',
        `::error title=filecheck%3A configuration::${why}`,
      ],
    );
  }
});

// ajv's code generator needs one copy of its module: a plugin that resolves another is refused, and
// the hint says how to have one. Its ajv is a package.json alone: only where it is and its version count.
test('an ajv plugin with its own copy of ajv: exit 2, and the way to one ajv: filecheck installed in the project, npm dedupe, or one version', async (t) => {
  const ours = path.join(REPO, 'node_modules', 'ajv');
  const { version } = JSON.parse(fs.readFileSync(path.join(ours, 'package.json'), 'utf8'));
  const project = ({ ajv, filecheck }) => {
    const dir = makeTree(t, {
      's.json': '{"properties": {"n": {"even": true}}}',
      'd.json': '{"n": 2}',
      '.filecheckrc.json': JSON.stringify({
        rules: [{ files: ['d.json'], schema: 's.json', ajv: { plugins: ['even'] } }],
      }),
      'node_modules/even/index.js':
        "module.exports = (ajv) => ajv.addKeyword({ keyword: 'even', validate: (schema, n) => n % 2 === 0 });",
      'node_modules/ajv/package.json': JSON.stringify({ name: 'ajv', version: ajv }),
    });
    if (filecheck) fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'filecheck'), 'junction');
    return dir;
  };
  const refused = async (dir) => {
    const run = await runCli(['--workers', '0'], { cwd: dir });
    assert.equal(run.code, 2, run.stdout);
    const said = oneLine(run.stderr);
    const copies = `ajv plugin "even" uses its own copy of ajv (${said.includes('8.0.0') ? '8.0.0' : version} at ${path.join(dir, 'node_modules', 'ajv')}), not filecheck's (${version} at ${fs.realpathSync(ours)}): the code it builds would not work; `;
    assert.ok(said.startsWith(copies), said);
    return said.slice(copies.length);
  };
  // filecheck run from elsewhere (globally, by npx, from another folder): the same version, two copies.
  assert.equal(
    await refused(project({ ajv: version })),
    `filecheck runs from ${path.resolve(REPO)}, not from the project: install it there (npm install --save-dev filecheck) so that both resolve one ajv`,
  );
  assert.equal(await refused(project({ ajv: version, filecheck: true })), 'make them one (npm dedupe)');
  assert.equal(
    await refused(project({ ajv: '8.0.0', filecheck: true })),
    'make them one (npm dedupe, or the same ajv version)',
  );
});

test('--bail stops at a file of a rule whose schema cannot be used, and the run exits 2', async (t) => {
  const dir = makeTree(t, {
    'bad.schema.json': '{"type": ',
    'a.json': GOOD,
    'b.json': GOOD,
  });
  const { code, stdout, stderr } = await runCli(['--schema', 'bad.schema.json', 'a.json', 'b.json', '--bail'], {
    cwd: dir,
  });
  assert.equal(code, 2);
  assert.match(filesLine(stdout), /^Files: 1 failed, 1 not checked/);
  assert.match(stderr, /^filecheck: schema bad\.schema\.json:1:10 is not valid JSON/);
});
