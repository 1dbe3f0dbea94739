// Bulk suppressions end to end (docs/suppressions.md): --suppress-all, --suppress-rule,
// --prune-suppressions, --suppressions-location, through the real bin/filecheck.js.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  runCli,
  makeTree,
  writeTree,
  parseJsonReport,
  oneLine,
  failedPaths,
  filesLine,
  checkBothExecutors,
  gitInit,
  hasGit,
} from '../helpers/cli.js';

const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['title'],
  properties: { id: { type: 'string' }, title: { type: 'string' } },
  additionalProperties: false,
});
const TREE = {
  '.filecheckrc.json': JSON.stringify({
    rules: [{ files: ['content/**/*.json'], schema: 'schema.json', unique: ['/id'] }],
  }),
  'schema.json': SCHEMA,
  // no title (required), two properties not allowed (additionalProperties)
  'content/a.json': '{ "id": "a", "extra": 1, "extra2": 2 }\n',
  'content/b.json': '{ "id": "b", "title": "B" }\n',
  'content/c.json': '{ "id": "c", "title": "C" }\n',
};
const FILE = 'filecheck-suppressions.json';
const read = (dir, file = FILE) => fs.readFileSync(path.join(dir, file), 'utf8');
const run = (dir, args = []) => runCli(['--workers', '0', ...args], { cwd: dir });
const json = async (dir, args = []) => {
  const result = await run(dir, [...args, '-r', 'json']);
  return { ...result, report: parseJsonReport(result.stdout) };
};
const staleLines = (stderr) => stderr.split('\n').filter((line) => line.startsWith('filecheck: stale suppression: '));

test('--suppress-all records every error, a later run passes; a new problem beyond the count fails; fixed content is a stale entry (exit 0) until pruned', async (t) => {
  const dir = makeTree(t, TREE);
  assert.equal((await run(dir)).code, 1);

  const suppressing = await run(dir, ['--suppress-all']);
  assert.equal(suppressing.code, 0, 'everything it found is suppressed now');
  assert.equal(filesLine(suppressing.stdout), 'Files: 3 passed, 3 total');
  assert.match(suppressing.stdout, /^Suppressed: 3 problems in 1 file \(filecheck-suppressions\.json\)$/m);
  assert.equal(oneLine(suppressing.stderr), 'filecheck-suppressions.json written: 3 problems suppressed in 1 file');
  assert.equal(
    read(dir),
    `{
  "content/a.json": {
    "json-schema/additionalProperties": { "count": 2 },
    "json-schema/required": { "count": 1 }
  }
}
`,
  );
  const again = await run(dir);
  assert.equal(again.code, 0);
  assert.equal(again.stderr, '');
  assert.doesNotMatch(again.stdout, /FAIL|additional/, 'suppressed problems are not reported without --verbose');

  // One more property not allowed: the file has 3 where 2 are suppressed, and all 3 are reported.
  writeTree(dir, { 'content/a.json': '{ "id": "a", "extra": 1, "extra2": 2, "extra3": 3 }\n' });
  const more = await run(dir);
  assert.equal(more.code, 1);
  assert.deepEqual(failedPaths(more.stdout), ['content/a.json']);
  assert.equal((more.stdout.match(/must NOT have additional property/g) ?? []).length, 3);
  assert.doesNotMatch(more.stdout, /required property "title"/, 'the other id stays suppressed');
  assert.equal(read(dir).includes('"count": 2'), true, 'a run without --suppress-all never writes the file');

  // Fixed: one property not allowed where 2 are suppressed, and a title: both entries are stale.
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A", "extra": 1 }\n' });
  const fixed = await run(dir);
  assert.equal(fixed.code, 0, 'a stale entry does not change the exit code');
  assert.deepEqual(staleLines(fixed.stderr), [
    'filecheck: stale suppression: content/a.json json-schema/additionalProperties: 2 suppressed, 1 found',
    'filecheck: stale suppression: content/a.json json-schema/required: 1 suppressed, 0 found',
  ]);
  assert.match(fixed.stderr, /2 entries of filecheck-suppressions\.json .* --prune-suppressions lowers them/);

  const pruned = await run(dir, ['--prune-suppressions']);
  assert.equal(pruned.code, 0);
  assert.equal(oneLine(pruned.stderr), 'pruned 2 entries of filecheck-suppressions.json to what is found now');
  assert.equal(
    read(dir),
    `{
  "content/a.json": {
    "json-schema/additionalProperties": { "count": 1 }
  }
}
`,
  );
  assert.equal((await run(dir)).stderr, '', 'nothing stale any more');
  assert.equal(
    oneLine((await run(dir, ['--prune-suppressions'])).stderr),
    'nothing to prune in filecheck-suppressions.json',
  );
});

test('--verbose lists the suppressed problems, marked; the json report has them apart and counts them in its summary', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir, ['--suppress-all']);
  const verbose = await run(dir, ['--verbose']);
  assert.equal(verbose.code, 0);
  assert.match(verbose.stdout, /^PASS content\/a\.json\b/m);
  assert.match(verbose.stdout, /^ {2}content\/a\.json:1:1 +suppressed {2}must have required property "title"$/m);

  const { report } = await json(dir);
  assert.deepEqual(report.files, [], 'without --verbose a file that passed is not listed');
  assert.deepEqual(report.summary.suppressions, {
    file: 'filecheck-suppressions.json',
    suppressed: 3,
    files: 1,
    stale: [],
  });
  const listed = (await json(dir, ['--verbose'])).report.files.find((file) => file.path === 'content/a.json');
  assert.equal(listed.status, 'pass');
  assert.deepEqual(listed.problems, []);
  assert.deepEqual(
    listed.suppressed.map((p) => [p.keyword, p.suppressed]),
    [
      ['required', true],
      ['additionalProperties', true],
      ['additionalProperties', true],
    ],
  );
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A" }\n' });
  assert.deepEqual((await json(dir)).report.summary.suppressions.stale, [
    { file: 'content/a.json', id: 'json-schema/additionalProperties', count: 2, found: 0 },
    { file: 'content/a.json', id: 'json-schema/required', count: 1, found: 0 },
  ]);
});

test('--suppress-rule records that id only, merged into the file; an id no problem has is warned about', async (t) => {
  const dir = makeTree(t, TREE);
  const one = await run(dir, ['--suppress-rule', 'json-schema/required']);
  assert.equal(one.code, 1, 'the properties not allowed still fail');
  assert.doesNotMatch(one.stdout, /required property/);
  assert.match(one.stdout, /must NOT have additional property "extra"/);
  assert.equal(read(dir), '{\n  "content/a.json": {\n    "json-schema/required": { "count": 1 }\n  }\n}\n');

  const other = await run(dir, ['--suppress-rule', 'json-schema/additionalProperties', '--suppress-rule', 'require']);
  assert.equal(other.code, 0);
  assert.match(
    other.stderr,
    /^filecheck: warning: --suppress-rule require: no error of that id in this run, nothing recorded$/m,
  );
  assert.match(
    read(dir),
    /"json-schema\/additionalProperties": \{ "count": 2 \},\n {4}"json-schema\/required": \{ "count": 1 \}/,
  );
});

test('a problem that is not a check of the content is never suppressed: a file that cannot be parsed fails after --suppress-all', async (t) => {
  const dir = makeTree(t, { ...TREE, 'content/broken.json': '{ "id": \n' });
  const suppressing = await run(dir, ['--suppress-all']);
  assert.equal(suppressing.code, 1, 'not everything it found could be suppressed');
  assert.deepEqual(failedPaths(suppressing.stdout), ['content/broken.json']);
  assert.doesNotMatch(read(dir), /broken/);
});

test('--suppressions-location reads and writes another file; the default is beside the config file, whatever folder the run is in', async (t) => {
  const dir = makeTree(t, TREE);
  const elsewhere = await run(dir, ['--suppress-all', '--suppressions-location', 'ci/suppressed.json']);
  assert.equal(elsewhere.code, 0);
  assert.equal(fs.existsSync(path.join(dir, FILE)), false);
  assert.match(read(dir, 'ci/suppressed.json'), /"content\/a\.json"/);
  assert.equal((await run(dir)).code, 1, 'the default file is not there');
  assert.equal((await run(dir, ['--suppressions-location', 'ci/suppressed.json'])).code, 0);

  // From a folder below the config's: the file at the root, its paths relative to it.
  await run(dir, ['--suppress-all']);
  const below = await runCli(['--workers', '0'], { cwd: path.join(dir, 'content') });
  assert.equal(below.code, 0, below.stdout + below.stderr);
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A" }\n' });
  const stale = await runCli(['--workers', '0'], { cwd: path.join(dir, 'content') });
  assert.match(stale.stderr, /stale suppression: content\/a\.json json-schema\/required: 1 suppressed, 0 found/);
});

test('a malformed suppressions file, or flags that cannot go together, are a configuration error: exit 2, one line', async (t) => {
  const dir = makeTree(t, TREE);
  const cases = [
    [{ [FILE]: '{ "content/a.json": ' }, [], /^suppressions file filecheck-suppressions\.json is not valid JSON: /],
    [
      { [FILE]: '{ "content/a.json": { "unique": { "count": 0 } } }' },
      [],
      /^suppressions file filecheck-suppressions\.json: "content\/a\.json" › "unique": expected \{"count": n\}, n a whole number from 1, not \{"count":0\}$/,
    ],
    [
      {},
      ['--suppress-all', '--prune-suppressions'],
      /^--suppress-all and --prune-suppressions cannot be used together: run them one at a time$/,
    ],
    [
      {},
      ['--suppress-all', '--suppress-rule', 'unique'],
      /^--suppress-all and --suppress-rule cannot be used together/,
    ],
    [
      {},
      ['--suppress-rule', 'unique', '--prune-suppressions'],
      /^--suppress-rule and --prune-suppressions cannot be used together/,
    ],
    [{}, ['--prune-suppressions', '--shard', '1/2'], /^--prune-suppressions cannot be used with --shard: /],
    [
      {},
      ['--suppress-all', '--watch'],
      /^--watch cannot be combined with --suppress-all, --suppress-rule or --prune-suppressions$/,
    ],
  ];
  for (const [files, args, message] of cases) {
    fs.rmSync(path.join(dir, FILE), { force: true });
    writeTree(dir, files);
    const result = await run(dir, args);
    assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
    assert.match(oneLine(result.stderr), message);
    assert.equal(result.stdout, '', 'no report');
  }
});

test('with --cache: a failure reported from the cache is suppressed as a checked one', async (t) => {
  const dir = makeTree(t, TREE);
  assert.equal((await run(dir, ['--cache'])).code, 1);
  const suppressing = await json(dir, ['--cache', '--suppress-all']);
  assert.equal(suppressing.code, 0);
  assert.equal(suppressing.report.summary.cache.failedHits, 1, 'the failure came from the cache, with its problems');
  assert.match(read(dir), /"json-schema\/additionalProperties": \{ "count": 2 \}/);
  const cached = await json(dir, ['--cache']);
  assert.equal(cached.code, 0);
  assert.equal(cached.report.summary.cache.hits, 3);
  assert.equal(cached.report.summary.suppressions.suppressed, 3);
  writeTree(dir, { 'content/a.json': '{ "id": "a", "extra": 1, "extra2": 2, "extra3": 3 }\n' });
  assert.equal((await run(dir, ['--cache'])).code, 1, 'a new problem fails');
  assert.equal((await run(dir, ['--cache'])).code, 1, 'and fails again from the cache');
});

test('in-process and on a pool of 2, the same suppressed problems and verdicts', async (t) => {
  const files = {};
  for (let i = 0; i < 40; i++)
    files[`content/p${String(i).padStart(2, '0')}.json`] = JSON.stringify({
      id: `p${i}`,
      ...(i % 3 ? { title: 'T' } : {}),
    });
  const dir = makeTree(t, { ...TREE, ...files });
  await run(dir, ['--suppress-all']);
  writeTree(dir, { 'content/p03.json': JSON.stringify({ id: 'p3', extra: 1 }) }); // a new id in a suppressed file
  const report = await checkBothExecutors(dir, [], 1);
  assert.deepEqual(
    report.files.filter((file) => file.status === 'fail').map((file) => file.path),
    ['content/p03.json'],
  );
  assert.deepEqual(
    report.byPath['content/p03.json'].problems.map((p) => p.keyword),
    ['additionalProperties'],
    'its required title stays suppressed',
  );
  assert.equal(report.byPath['content/p06.json'].suppressed.length, 1);
  assert.equal(report.summary.suppressions.suppressed, 3 + 14, "a.json's 3, a title missing in 14 files");
});

test('the checks across files: a duplicate is suppressed like any problem; a new one fails', async (t) => {
  const dir = makeTree(t, {
    ...TREE,
    'content/a.json': '{ "id": "a", "title": "A" }\n',
    'content/b.json': '{ "id": "a", "title": "B" }\n',
  });
  assert.equal((await run(dir)).code, 1);
  assert.equal((await run(dir, ['--suppress-all'])).code, 0);
  assert.match(
    read(dir),
    /"content\/a\.json": \{\n {4}"unique": \{ "count": 1 \}\n {2}\},\n {2}"content\/b\.json": \{\n {4}"unique"/,
  );
  assert.equal((await run(dir, ['--workers', '2'])).code, 0);
  writeTree(dir, { 'content/c.json': '{ "id": "a", "title": "C" }\n' });
  const third = await run(dir);
  assert.equal(third.code, 1);
  assert.deepEqual(failedPaths(third.stdout), ['content/c.json'], 'a and b have their one duplicate each still');
  writeTree(dir, {
    'content/c.json': '{ "id": "c", "title": "C" }\n',
    'content/b.json': '{ "id": "b", "title": "B" }\n',
  });
  const fixed = await run(dir);
  assert.equal(fixed.code, 0);
  assert.deepEqual(staleLines(fixed.stderr), [
    'filecheck: stale suppression: content/a.json unique: 1 suppressed, 0 found',
    'filecheck: stale suppression: content/b.json unique: 1 suppressed, 0 found',
  ]);
});

test('named files (a commit hook): only the files of the run can be stale; a run of the whole project finds a deleted file stale', async (t) => {
  const dir = makeTree(t, TREE);
  await run(dir, ['--suppress-all']);
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A" }\n' });
  assert.deepEqual(staleLines((await run(dir, ['content/b.json'])).stderr), []);
  assert.equal(staleLines((await run(dir, ['content/a.json'])).stderr).length, 2);
  fs.rmSync(path.join(dir, 'content/a.json'));
  assert.deepEqual(staleLines((await run(dir, ['content/b.json'])).stderr), []);
  assert.equal(staleLines((await run(dir)).stderr).length, 2, 'the whole project: a.json is gone');
  await run(dir, ['--prune-suppressions']);
  assert.equal(read(dir), '{}\n');
});

test('shards and merge: each shard suppresses its own files and says their stale entries; merge suppresses what the checks across files find', async (t) => {
  const dir = makeTree(t, {
    ...TREE,
    'content/b.json': '{ "id": "a", "title": "B" }\n', // a duplicate of a.json's id
  });
  await run(dir, ['--suppress-all']);
  const shard = async (i) => {
    const result = await run(dir, ['--shard', `${i}/2`, '-r', 'json']);
    assert.equal(result.code, 0, result.stderr);
    fs.writeFileSync(path.join(dir, `s${i}.json`), result.stdout);
    return result;
  };
  await shard(1);
  await shard(2);
  const merged = await runCli(['merge', 's1.json', 's2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 0, merged.stderr);
  const { summary } = parseJsonReport(merged.stdout);
  assert.equal(summary.failed, 0);
  assert.deepEqual(summary.suppressions, { file: 'filecheck-suppressions.json', suppressed: 5, stale: [] });

  // Fixed: a.json's title given (its shard says so), b.json's duplicate gone (merge says so).
  writeTree(dir, {
    'content/a.json': '{ "id": "a", "title": "A", "extra": 1, "extra2": 2 }\n',
    'content/b.json': '{ "id": "b", "title": "B" }\n',
  });
  const shards = [await shard(1), await shard(2)];
  assert.ok(
    shards.every((result) => !/unique/.test(staleLines(result.stderr).join('\n'))),
    'a shard does not judge the checks across files',
  );
  const again = await runCli(['merge', 's1.json', 's2.json'], { cwd: dir });
  assert.equal(again.code, 0, again.stderr);
  assert.deepEqual(staleLines(again.stderr), [
    'filecheck: stale suppression: content/a.json json-schema/required: 1 suppressed, 0 found',
    'filecheck: stale suppression: content/a.json unique: 1 suppressed, 0 found',
    'filecheck: stale suppression: content/b.json unique: 1 suppressed, 0 found',
  ]);
  const whole = await run(dir);
  assert.deepEqual(staleLines(whole.stderr), staleLines(again.stderr), 'as one run of all the files says');
});

test('the suppressions file is never checked itself, though a rule matches every *.json', async (t) => {
  const dir = makeTree(t, {
    ...TREE,
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['**/*.json'], require: ['id'] }] }),
  });
  assert.equal((await run(dir, ['--suppress-all'])).code, 0); // schema.json has no id
  assert.match(read(dir), /"schema\.json": \{\n {4}"require": \{ "count": 1 \}/);
  const listed = await run(dir, ['--list-files']);
  assert.doesNotMatch(listed.stdout, /suppressions/);
  assert.equal((await run(dir)).code, 0);
});

test('--changed: only the changed files can be stale', { skip: !hasGit && 'git is not installed' }, async (t) => {
  const dir = makeTree(t, TREE);
  const git = (...args) => {
    const result = spawnSync(
      'git',
      ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args],
      { cwd: dir },
    );
    assert.equal(result.status, 0, String(result.stderr));
  };
  gitInit(dir);
  await run(dir, ['--suppress-all']);
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A" }\n' }); // fixed
  git('add', '-A');
  git('commit', '-q', '-m', 'all');
  writeTree(dir, { 'content/b.json': '{ "id": "b", "title": "B2" }\n' });
  const changed = await run(dir, ['--changed']);
  assert.equal(changed.code, 0, changed.stderr);
  assert.deepEqual(staleLines(changed.stderr), [], 'a.json is not in the run');
  writeTree(dir, { 'content/a.json': '{ "id": "a", "title": "A2" }\n' });
  assert.equal(staleLines((await run(dir, ['--changed'])).stderr).length, 2);
});
