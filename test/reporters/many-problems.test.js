// A file of many problems, end to end: the human report lists a bound of them (errors first, so that
// what fails the file is shown), then one line counts the rest; --verbose and the machine reports
// have every one; GitHub annotations are bounded likewise, one annotation counting the rest.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTree, parseJsonReport, runCli } from '../helpers/cli.js';

// 200 keys of en.json missing from de.json (warnings, all placed at its "m": {}), then 3 keys that
// en.json lacks (errors), after them in the text.
const KEYS = Array.from({ length: 200 }, (_, i) => `k${String(i).padStart(3, '0')}`);
function manyProblems(t) {
  return makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['locales/*.json'], sameKeysAs: { source: 'locales/en.json', missing: 'warn' } }],
    }),
    'locales/en.json': JSON.stringify({ m: Object.fromEntries(KEYS.map((k) => [k, k])) }, null, 2),
    'locales/de.json': '{\n  "m": {},\n  "x1": "1",\n  "x2": "2",\n  "x3": "3"\n}\n',
  });
}
const problemLines = (stdout) => stdout.split('\n').filter((line) => line.startsWith('  locales/de.json:'));

test('a file of 203 problems: 20 are listed, its 3 errors among them, a frame a place, then a line counts the rest', async (t) => {
  const dir = manyProblems(t);
  const { code, stdout, stderr } = await runCli(['--workers', '0'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const listed = problemLines(stdout);
  assert.equal(listed.length, 20, stdout);
  assert.equal(listed.filter((line) => / {2}\/x\d: not in locales\/en\.json$/.test(line)).length, 3, 'every error');
  assert.equal(listed.filter((line) => / warning {2}\/m: missing key /.test(line)).length, 17);
  const lines = stdout.split('\n');
  const more = lines.indexOf('  … and 183 more warnings in this file: --verbose lists them all, as does -r json');
  assert.ok(more > 0, stdout);
  assert.equal(lines[more + 1], '', 'the last line of the block');
  assert.match(stdout, /^Problems: 3 errors, 200 warnings$/m, 'the summary counts them all');
  // A frame a place, the errors' first: "m": {} once for its 200 warnings, then each error's line.
  assert.deepEqual(
    lines.filter((line) => line.startsWith('    > ')),
    ['    > 2 |   "m": {},', '    > 3 |   "x1": "1",', '    > 4 |   "x2": "2",', '    > 5 |   "x3": "3"'],
  );
  assert.ok(lines.length < 90, `${lines.length} lines`);
});

test('with -q the bound is of the errors listed; --verbose lists every problem; -r json has them all', async (t) => {
  const dir = manyProblems(t);
  const quiet = await runCli(['--workers', '0', '-q'], { cwd: dir });
  assert.equal(problemLines(quiet.stdout).length, 3);
  assert.doesNotMatch(quiet.stdout, /more/);

  const verbose = await runCli(['--workers', '0', '--verbose'], { cwd: dir });
  assert.equal(verbose.code, 1, verbose.stderr);
  assert.equal(problemLines(verbose.stdout).length, 203);
  assert.doesNotMatch(verbose.stdout, /… and/);

  const json = await runCli(['--workers', '0', '-r', 'json'], { cwd: dir });
  const [file] = parseJsonReport(json.stdout).files;
  assert.equal(file.problems.length, 203);
});

test('github: 10 annotations a file, its errors first, then one that counts the rest', async (t) => {
  const dir = manyProblems(t);
  const { code, stdout, stderr } = await runCli(['--workers', '0', '-r', 'github'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const commands = stdout.split('\n').filter((line) => line.startsWith('::'));
  assert.equal(commands.length, 11, stdout);
  assert.equal(commands.filter((line) => line.startsWith('::error ')).length, 3);
  assert.equal(
    commands.at(-1),
    '::warning file=locales/de.json,title=filecheck::… and 193 more warnings in this file, not annotated: --verbose lists them all, as does -r json',
  );
});
