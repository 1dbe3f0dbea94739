// Through the real bin: a file of a reference's target rule that cannot be read or parsed may hold
// the values the references look for. Its own parse error stays its own; each file whose references
// it may hold is told so once per reference, naming it, not once per value as "not found".
import assert from 'node:assert/strict';
import test from 'node:test';
import { checkBothExecutors, failedPaths, makeTree, parseJsonReport, runCli } from '../helpers/cli.js';

const config = (rules) => JSON.stringify({ rules });
const RULES = [
  { name: 'people', files: ['people/*.json'], unique: ['/id'] },
  { name: 'posts', files: ['posts/*.json'], references: [{ from: '/authors/*', to: '/id', in: 'people' }] },
];

test('a reference not found while a target file does not parse names that file, once per file and reference', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config(RULES),
    'people/a.json': '{"id":"a",}',
    'people/b.json': '{"id":"b"}',
    'posts/p1.json': '{"authors":["a"]}',
    'posts/p2.json': '{\n  "authors": ["b", "a", "c", "d"]\n}\n',
    'posts/p3.json': '{"authors":["b"]}',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['people/a.json', 'posts/p1.json', 'posts/p2.json']);
  assert.match(stdout, /people\/a\.json:1:11 {2}invalid JSON/);
  assert.match(
    stdout,
    /posts\/p1\.json:1:13 {2}\/authors\/0: "a" is not an \/id of any file of rule "people" that could be read \(people\/a\.json could not be read, and may hold it\)/,
  );
  assert.match(
    stdout,
    /posts\/p2\.json:2:20 {2}\/authors\/1: "a" is not an \/id of any file of rule "people" that could be read, nor are 2 more values of this file \(people\/a\.json could not be read, and may hold them\)/,
  );
  assert.equal(stdout.match(/posts\/p2\.json:\d+:\d+ /g).length, 1, stdout);
  assert.doesNotMatch(stdout, /did you mean/);
});

test('several unreadable target files: two are named, the others counted; the same in every mode', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config(RULES),
    'people/a.json': '{"id":"a",}',
    'people/b.json': '{"id":',
    'people/c.json': '{"id":"c" "x"}',
    'people/d.json': '{"id":"d"}',
    'posts/p1.json': '{"authors":["d","z"]}',
  });
  const report = await checkBothExecutors(dir, ['--cache']);
  const p1 = report.files.find((file) => file.path === 'posts/p1.json');
  assert.deepEqual(
    p1.problems.map((problem) => problem.message),
    [
      '"z" is not an /id of any file of rule "people" that could be read (people/a.json, people/b.json and 1 more file could not be read, and may hold it)',
    ],
  );
  const warm = await checkBothExecutors(dir, ['--cache']);
  const uncached = (files) => files.map(({ cached, ...file }) => file);
  assert.deepEqual(uncached(warm.files), report.files);
  // A hook's run of the post: the unreadable people are read for their facts only, and not
  // reported, so the post's problem is where their error shows.
  const named = await runCli(['posts/p1.json', '-r', 'json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
  assert.deepEqual(parseJsonReport(named.stdout).files, [p1]);
  for (const shard of ['1/2', '2/2'])
    await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir });
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  assert.deepEqual(
    parseJsonReport(merged.stdout).files.find((file) => file.path === 'posts/p1.json'),
    p1,
  );
});

test('a value found in the files that could be read passes, whatever files could not', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config(RULES),
    'people/a.json': '{"id":"a",}',
    'people/b.json': '{"id":"b"}',
    'posts/p1.json': '{"authors":["b"]}',
  });
  const { code, stdout } = await runCli([], { cwd: dir });
  assert.equal(code, 1);
  assert.deepEqual(failedPaths(stdout), ['people/a.json']);
});
