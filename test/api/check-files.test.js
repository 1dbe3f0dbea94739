// filecheck/test: one test per file in a test runner. A node:test file that uses it on a tree of
// files is run as a child `node --test`: each file is a test, a failing file a failing test whose
// message is its problems.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { checkFiles, assertPassed } from 'filecheck/test';
import { makeTree, cliEnv, REPO } from '../helpers/cli.js';

const SCHEMA = JSON.stringify({ type: 'object', properties: { title: { type: 'string' } }, required: ['title'] });

// Beside the package as a project that installed it: node_modules/filecheck is this repository.
function project(t, files) {
  const dir = makeTree(t, { 'package.json': JSON.stringify({ type: 'module' }), ...files });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'filecheck'), 'dir');
  return dir;
}

test('a node:test file gets one test per file; a failing file fails its test with its problems as the message', (t) => {
  const dir = project(t, {
    'page.schema.json': SCHEMA,
    'content/a.json': '{"title": "A"}',
    'content/b.json': '{\n  "title": 2\n}',
    'content/c.yaml': 'name: C\n',
    'content.test.js': `
import { test } from 'node:test';
import { checkFiles, assertPassed } from 'filecheck/test';

for (const file of await checkFiles({ patterns: ['content'], schema: 'page.schema.json' }))
  test(file.path, () => assertPassed(file));
`,
  });
  const child = spawnSync(process.execPath, ['--test', '--test-reporter=tap', 'content.test.js'], {
    cwd: dir,
    env: cliEnv(),
    encoding: 'utf8',
  });
  assert.equal(child.status, 1, child.stdout + child.stderr);
  const verdicts = [...child.stdout.matchAll(/^(not ok|ok) \d+ - (.+)$/gm)].map((m) => `${m[1]} ${m[2]}`);
  assert.deepEqual(verdicts, ['ok content/a.json', 'not ok content/b.json', 'not ok content/c.yaml']);
  assert.match(child.stdout, /content\/b\.json failed with 1 problem:\n\s+content\/b\.json:2:12 must be string\n/);
  assert.match(
    child.stdout,
    /content\/c\.yaml failed with 1 problem:\n\s+content\/c\.yaml:1:1 must have required property "title"\n/,
  );
  assert.match(child.stdout, /^# pass 1$/m);
  assert.match(child.stdout, /^# fail 2$/m);
});

test('checkFiles resolves to every file in path order; assertPassed lets a passing file, a skipped one and warnings through', async (t) => {
  const dir = makeTree(t, { 'a.json': '{"title": "A"}', 'b.json': '{}', 'c.json': '{"title": 1}' });
  const files = await checkFiles({ cwd: dir, patterns: ['*.json'], require: 'title:string' });
  assert.deepEqual(
    files.map((file) => [file.path, file.status]),
    [
      ['a.json', 'pass'],
      ['b.json', 'fail'],
      ['c.json', 'fail'],
    ],
  );
  assert.doesNotThrow(() => assertPassed(files[0]));
  assert.throws(() => assertPassed(files[1]), {
    name: 'AssertionError',
    message: 'b.json failed with 1 problem:\nb.json:1:1 missing required key "title"',
  });
  const warned = {
    path: 'x.json',
    status: 'pass',
    problems: [{ validator: 'unique', message: 'x', kind: 'invalid', severity: 'warning' }],
  };
  assert.doesNotThrow(() => assertPassed(warned));
  assert.doesNotThrow(() => assertPassed({ path: 'x.md', status: 'skip', problems: [] }));
  // A file failing with an error and a warning: the error is the message.
  assert.throws(
    () =>
      assertPassed({
        path: 'y.json',
        status: 'fail',
        problems: [...warned.problems, { validator: 'require', message: 'bad', kind: 'invalid', line: 3, column: 4 }],
      }),
    { message: 'y.json failed with 1 problem:\ny.json:3:4 bad' },
  );
});
