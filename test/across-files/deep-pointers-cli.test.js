// Through the real bin: `**` in the pointers of `unique` and `references` is any number of levels
// (browser-compat-data nests its features 2 to 8 levels deep), with the same problems, at the same
// places, in every mode.
import assert from 'node:assert/strict';
import test from 'node:test';
import { checkBothExecutors, failedPaths, makeTree, parseJsonReport, runCli } from '../helpers/cli.js';

const config = (rules) => JSON.stringify({ rules });

// A feature at depth 2, one at depth 4, one at the root's __compat: "safarri" is no browser.
const DEEP = {
  '.filecheckrc.json': config([
    { name: 'browsers', files: ['browsers/*.json'] },
    {
      name: 'd',
      files: ['api/*.json'],
      unique: ['/**/__compat/id'],
      references: [{ from: '/**/__compat/support/*~', to: '/browsers/*~', in: 'browsers' }],
    },
  ]),
  'browsers/chrome.json': '{ "browsers": { "chrome": { "name": "Chrome" } } }\n',
  'browsers/safari.json': '{ "browsers": { "safari": { "name": "Safari" } } }\n',
  'api/A.json': JSON.stringify(
    {
      api: {
        A: {
          __compat: { id: 'a', support: { chrome: {}, safari: {} } },
          deeper: { still: { __compat: { id: 'a-deep', support: { safarri: {} } } } },
        },
      },
    },
    null,
    2,
  ),
  'api/B.json': JSON.stringify({ __compat: { id: 'a-deep', support: { chrome: {} } } }, null, 2),
};

test('** in from and unique matches at any depth, the root among them, placed where the value is', async (t) => {
  const dir = makeTree(t, DEEP);
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['api/A.json', 'api/B.json']);
  assert.match(
    stdout,
    /api\/A\.json:16:15 {2}\/api\/A\/deeper\/still\/__compat\/support\/safarri: "safarri" is not a \/browsers\/\*~ of any file of rule "browsers"; did you mean "safari"\?/,
  );
  assert.match(stdout, /api\/A\.json:14:19 {2}\/api\/A\/deeper\/still\/__compat\/id: "a-deep" is also at api\/B\.json/);
  assert.match(stdout, /api\/B\.json:3:11 {2}\/__compat\/id: "a-deep" is also at api\/A\.json/);
});

test('** gives the same report in-process, on a pool, from the cache, for a named file and sharded then merged', async (t) => {
  const dir = makeTree(t, DEEP);
  const whole = await checkBothExecutors(dir, ['--cache']);
  const warm = await checkBothExecutors(dir, ['--cache']);
  // merge's report, as a shard's, leaves plain passes out
  const problems = (files) =>
    files.filter((file) => file.problems.length).map(({ path, status, problems }) => ({ path, status, problems }));
  assert.deepEqual(problems(warm.files), problems(whole.files));
  const named = await runCli(['api/B.json', '-r', 'json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
  assert.deepEqual(
    problems(parseJsonReport(named.stdout).files),
    problems(whole.files.filter((file) => file.path === 'api/B.json')),
  );
  for (const shard of ['1/2', '2/2'])
    assert.equal(
      (await runCli(['--shard', shard, '-r', `json:${shard.replace('/', '-of-')}.json`], { cwd: dir })).code,
      0,
    );
  const merged = await runCli(['merge', '1-of-2.json', '2-of-2.json', '-r', 'json'], { cwd: dir });
  assert.equal(merged.code, 1, merged.stderr);
  assert.deepEqual(problems(parseJsonReport(merged.stdout).files), problems(whole.files));
});

test('--list-files --verbose names a ** pointer as written', async (t) => {
  const dir = makeTree(t, DEEP);
  const { code, stdout } = await runCli(['--list-files', '--verbose'], { cwd: dir });
  assert.equal(code, 0);
  assert.match(
    stdout,
    /api\/A\.json\tjson\t.*references \/\*\*\/__compat\/support\/\*~ to \/browsers\/\*~ in rule "browsers"/,
  );
});
