// Through the real bin: a pointer of `unique` or `references` that matches no string or number in
// any file of its rule checks nothing, silently; a run of the whole project says so, once per
// pointer, as it says a rule matches no file. A run of some files proves nothing, and says nothing.
import assert from 'node:assert/strict';
import test from 'node:test';
import { gitInit, hasGit, makeTree, runCli } from '../helpers/cli.js';

const config = (rules) => JSON.stringify({ rules });

const TREE = {
  '.filecheckrc.json': config([
    { name: 'people', files: ['people/*.json'], unique: ['/id', '/slg'] },
    {
      name: 'posts',
      files: ['posts/*.json'],
      references: [
        { from: '/**/suport/*~', to: '/id', in: 'people' },
        { from: '/author', to: '/idd', in: 'people' },
      ],
    },
  ]),
  'people/a.json': '{ "id": "a", "slug": "a" }\n',
  'people/b.json': '{ "id": "b", "slug": "b" }\n',
  'posts/p1.json': '{ "author": "a", "x": { "support": { "a": {} } } }\n',
};

const WARNINGS = [
  'filecheck: warning: rule "people": unique /slg matches no string or number in any file of rule "people" (a typo?)',
  'filecheck: warning: rule "posts": references\' from /**/suport/*~ matches no string or number in any file of rule "posts" (a typo?)',
  'filecheck: warning: rule "posts": references\' to /idd matches no string or number in any file of rule "people" (a typo?)',
];
const warningsIn = (stderr) => stderr.split('\n').filter((line) => line.includes('matches no string or number'));

test('a pointer that matches nothing in any file of its rule is warned about once, after the run, in-process and on a pool', async (t) => {
  const dir = makeTree(t, TREE);
  for (const workers of ['0', '2']) {
    const { code, stdout, stderr } = await runCli(['--workers', workers], { cwd: dir });
    assert.equal(code, 1, stdout + stderr); // /idd: the author is not found
    assert.deepEqual(warningsIn(stderr), WARNINGS, `--workers ${workers}`);
  }
});

test('a run of some files, a shard, or a rule with a file that cannot be read says nothing of it', async (t) => {
  const dir = makeTree(t, TREE);
  for (const args of [['posts/p1.json'], ['people/a.json'], ['--shard', '1/2'], ['--shard', '2/2']]) {
    const { stderr } = await runCli(args, { cwd: dir });
    assert.deepEqual(warningsIn(stderr), [], args.join(' '));
  }
  if (hasGit) {
    gitInit(dir);
    const { stderr } = await runCli(['--changed'], { cwd: dir });
    assert.deepEqual(warningsIn(stderr), [], '--changed');
  }
  const broken = makeTree(t, { ...TREE, 'people/c.json': '{ "id": ' });
  const { stderr } = await runCli([], { cwd: broken });
  assert.deepEqual(
    warningsIn(stderr),
    [WARNINGS[1]],
    'the file that cannot be read may hold them: only the rule it is not in is warned about',
  );
});
