// Nested configs (issue 29): a monorepo's packages keep their own .filecheckrc.json, whose rules
// apply below their folder, after those of the configs above them, from any way of running.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli, makeTree, writeTree, gitInit, hasGit, failedPaths, filesLine, oneLine } from '../helpers/cli.js';
import { startWatch } from '../helpers/watch.js';

const config = (rules, extra = {}) => JSON.stringify({ ...extra, rules });
// The root asks every data file for a title; package a asks its data for a version too.
const MONOREPO = {
  '.filecheckrc.json': config([{ name: 'titled', files: ['**/data/*.json'], require: ['title'] }]),
  'packages/a/.filecheckrc.json': config([{ name: 'versioned', files: ['data/*.json'], require: ['version'] }]),
  'packages/a/data/ok.json': '{ "title": "a", "version": 1 }',
  'packages/a/data/unversioned.json': '{ "title": "a" }',
  'packages/a/data/untitled.json': '{ "version": 1 }',
  'packages/b/data/b.json': '{ "title": "b" }',
  'data/top.json': '{ "title": "top" }',
};

test("from the root, a package config's rules apply to its files, after the root's (both executors)", async (t) => {
  const dir = makeTree(t, MONOREPO);
  for (const workers of ['0', '2']) {
    const { code, stdout } = await runCli(['--workers', workers], { cwd: dir });
    assert.equal(code, 1, stdout);
    assert.deepEqual(failedPaths(stdout), ['packages/a/data/untitled.json', 'packages/a/data/unversioned.json']);
    assert.match(stdout, /unversioned\.json:1:1 {2}missing required key "version"/);
    assert.equal(filesLine(stdout), 'Files: 2 failed, 3 passed, 5 total');
  }
});

test("from a package's folder, the root's rules apply too", async (t) => {
  const dir = makeTree(t, MONOREPO);
  const { code, stdout } = await runCli(['.'], { cwd: path.join(dir, 'packages/a') });
  assert.equal(code, 1, stdout);
  assert.deepEqual(failedPaths(stdout), ['data/untitled.json', 'data/unversioned.json']);
  assert.match(stdout, /untitled\.json:1:1 {2}missing required key "title"/);
});

test("files named on the command line (a pre-commit hook) get their nearest config's rules", async (t) => {
  const dir = makeTree(t, MONOREPO);
  const named = ['packages/a/data/unversioned.json', 'packages/b/data/b.json', 'data/top.json'];
  const { code, stdout } = await runCli(named, { cwd: dir });
  assert.equal(code, 1, stdout);
  assert.deepEqual(failedPaths(stdout), ['packages/a/data/unversioned.json']);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 2 passed, 3 total');
});

test('"root": true: a package gets its own rules alone', async (t) => {
  const dir = makeTree(t, {
    ...MONOREPO,
    'packages/a/.filecheckrc.json': config([{ name: 'versioned', files: ['data/*.json'], require: ['version'] }], {
      root: true,
    }),
  });
  for (const cwd of [dir, path.join(dir, 'packages/a')]) {
    const { code, stdout } = await runCli(['.'], { cwd });
    assert.equal(code, 1, stdout);
    assert.deepEqual(
      failedPaths(stdout).map((file) => path.basename(file)),
      ['unversioned.json'],
      `from ${cwd}: untitled.json passes, the root's rule is not the package's`,
    );
  }
});

test('--list-files --verbose names the config of each rule; a name two configs give shows its folder', async (t) => {
  const dir = makeTree(t, {
    ...MONOREPO,
    'packages/b/.filecheckrc.json': config([{ name: 'titled', files: ['data/*.json'], require: ['id'] }]),
  });
  const { code, stdout } = await runCli(['--list-files', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stdout);
  const line = (file) => stdout.split('\n').find((text) => text.startsWith(`${file}\t`));
  assert.equal(
    line('packages/a/data/ok.json'),
    'packages/a/data/ok.json\tjson\t(no schema); required keys title (rule "titled" of .filecheckrc.json); required keys version (rule "versioned" of packages/a/.filecheckrc.json)',
  );
  assert.match(
    line('packages/b/data/b.json'),
    /required keys id \(rule "titled \(packages\/b\)" of packages\/b\/\.filecheckrc\.json\)/,
  );
});

test('a nested config with an error: exit 2, one line naming that file', async (t) => {
  const cases = [
    ['{ "rules": [', /packages\/a\/\.filecheckrc\.json:1:13: not valid JSON/],
    [config([{ files: ['*.json'], requires: ['x'] }]), /packages\/a\/\.filecheckrc\.json: .*requires/],
    [config([], { workers: 2 }), /packages\/a\/\.filecheckrc\.json: "workers" is a setting of the whole run/],
  ];
  for (const [text, expected] of cases) {
    const dir = makeTree(t, { ...MONOREPO, 'packages/a/.filecheckrc.json': text });
    for (const cwd of [dir, path.join(dir, 'packages/a')]) {
      const { code, stderr } = await runCli([], { cwd });
      assert.equal(code, 2, stderr);
      assert.match(oneLine(stderr), expected);
    }
  }
});

test('--cache: a changed nested config checks its files again', async (t) => {
  const dir = makeTree(t, { ...MONOREPO, 'packages/a/data/unversioned.json': '{ "title": "a", "version": 2 }' });
  const first = await runCli(['--cache', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(first.code, 1, first.stderr);
  const second = await runCli(['--cache'], { cwd: dir });
  assert.equal(second.code, 1);
  fs.writeFileSync(
    path.join(dir, 'packages/a/.filecheckrc.json'),
    config([{ name: 'versioned', files: ['data/*.json'], require: ['version:string'] }]),
  );
  const third = await runCli(['--cache'], { cwd: dir });
  assert.equal(third.code, 1, third.stdout);
  assert.deepEqual(failedPaths(third.stdout), [
    'packages/a/data/ok.json',
    'packages/a/data/untitled.json',
    'packages/a/data/unversioned.json',
  ]);
});

test("--changed applies each package's rules to the changed files", {
  skip: !hasGit && 'git is not installed',
}, async (t) => {
  const dir = makeTree(t, { ...MONOREPO, 'packages/a/data/untitled.json': '{ "title": "x", "version": 1 }' });
  gitInit(dir);
  const git = (...args) => {
    const result = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
      cwd: dir,
      encoding: 'utf8',
    });
    assert.equal(result.status, 0, result.stderr);
  };
  git('add', '-A');
  git('commit', '-q', '-m', 'initial');
  // Committed, unversioned.json fails but is not changed; b.json changes and passes; new.json fails.
  fs.writeFileSync(path.join(dir, 'packages/b/data/b.json'), '{ "title": "b2" }');
  fs.writeFileSync(path.join(dir, 'packages/a/data/new.json'), '{ "title": "new" }');
  const { code, stdout } = await runCli(['--changed'], { cwd: dir });
  assert.equal(code, 1, stdout);
  assert.deepEqual(failedPaths(stdout), ['packages/a/data/new.json']);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 1 passed, 2 total');
});

test('--watch: a changed nested config is read again and its files checked again', { timeout: 120_000 }, async (t) => {
  const dir = makeTree(t, { ...MONOREPO, 'packages/a/data/untitled.json': '{ "title": "x", "version": 1 }' });
  const watch = startWatch(t, [], { cwd: dir });
  await watch.next(/^Watching 5 files: 1 failed\. Press Ctrl-C to quit\.\n/m);
  writeTree(dir, {
    'packages/a/.filecheckrc.json': config([{ name: 'versioned', files: ['data/*.json'], require: ['id'] }]),
  });
  const run = await watch.next(/^Watching 5 files: 3 failed\./m);
  assert.match(run, /packages\/a\/data\/ok\.json:1:1 {2}missing required key "id"/);
  // A config new in a watched folder: its folder's files get its rules.
  writeTree(dir, { 'packages/b/.filecheckrc.json': config([{ files: ['data/*.json'], require: ['id'] }]) });
  await watch.next(/^ FAIL {2}packages\/b\/data\/b\.json(?:.*\n)*?Watching 5 files: 4 failed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 1);
});

test('a reference\'s "in" names a rule of its own config first, though the root has one of that name', async (t) => {
  const people = (folder) => ({ name: 'people', files: [`${folder}*.json`], unique: ['/id'] });
  const dir = makeTree(t, {
    '.filecheckrc.json': config([people('people/')]),
    'people/ada.json': '{ "id": "ada" }',
    'site/.filecheckrc.json': config([
      people('people/'),
      { name: 'posts', files: ['posts/*.json'], references: [{ from: '/author', to: '/id', in: 'people' }] },
    ]),
    'site/people/grace.json': '{ "id": "grace" }',
    'site/posts/one.json': '{ "author": "grace" }',
    'site/posts/two.json': '{ "author": "ada" }',
  });
  const { code, stdout } = await runCli(['-r', 'json'], { cwd: dir });
  assert.equal(code, 1, stdout);
  const failed = JSON.parse(stdout).files.filter((file) => file.status === 'fail');
  assert.deepEqual(
    failed.map((file) => file.path),
    ['site/posts/two.json'],
  );
  assert.match(failed[0].problems[0].message, /"ada" is not an \/id of any file of rule "people \(site\)"/);
});

test("a config in a gitignored folder or in the root's ignore is not read, nor its rules applied", async (t) => {
  const dir = makeTree(t, {
    ...MONOREPO,
    '.filecheckrc.json': config([{ name: 'titled', files: ['**/data/*.json'], require: ['title'] }], {
      ignore: ['vendor/**'],
    }),
    '.gitignore': 'build/\n',
    'build/.filecheckrc.json': '{ not json',
    'build/data/x.json': '{}',
    'vendor/lib/.filecheckrc.json': '{ not json',
    'vendor/lib/data/y.json': '{}',
  });
  gitInit(dir);
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['packages/a/data/untitled.json', 'packages/a/data/unversioned.json']);
});

test('with a catalog and no patterns, the configs below apply too', async (t) => {
  const dir = makeTree(t, {
    ...MONOREPO,
    '.filecheckrc.json': config([], { catalog: 'catalog.json' }),
    'catalog.json': JSON.stringify({ schemas: [] }),
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['packages/a/data/unversioned.json']);
});

test("the API applies each package's rules as the command line does", async (t) => {
  const dir = makeTree(t, MONOREPO);
  const { run } = await import('../../runner/index.js');
  const failed = [];
  const reporter = { onFileResult: (result) => result.status === 'fail' && failed.push(result.path) };
  const summary = await run({ cwd: path.join(dir, 'packages/a'), patterns: ['.'], reporters: [reporter] });
  assert.equal(summary.failed, 2);
  assert.deepEqual(failed.sort(), ['data/untitled.json', 'data/unversioned.json']);
});

test('a package config\'s "ignore" leaves its files out of runs without patterns, from the root or the package', async (t) => {
  const dir = makeTree(t, {
    ...MONOREPO,
    'packages/a/.filecheckrc.json': config([{ name: 'versioned', files: ['data/*.json'], require: ['version'] }], {
      ignore: ['data/untitled.json'],
    }),
  });
  for (const cwd of [dir, path.join(dir, 'packages/a')]) {
    const { code, stdout } = await runCli([], { cwd });
    assert.equal(code, 1, stdout);
    assert.deepEqual(
      failedPaths(stdout).map((file) => path.basename(file)),
      ['unversioned.json'],
    );
  }
});

test('a config\'s "ignore" leaves files out of folder and glob patterns too, from the package or the root; a named one is passed over silently', async (t) => {
  // changesets' packages/cli/.filecheckrc.json ignores its fixtures, which its own rule names.
  const dir = makeTree(t, {
    '.filecheckrc.json': config(
      [
        { name: 'packages', files: ['packages/*/package.json'], require: ['name'] },
        { name: 'kinds', files: ['**/*.yaml'], require: ['kind'] },
      ],
      { ignore: ['**/kustomization.yaml'] },
    ),
    'deploy/app.yaml': 'kind: App\n',
    'deploy/kustomization.yaml': 'resources: []\n',
    'packages/cli/.filecheckrc.json': config([{ name: 'fx', files: ['fx/*.json'], require: ['input'] }], {
      ignore: ['fx/**'],
    }),
    'packages/cli/fx/a.json': '{ "x": 1 }',
    'packages/cli/package.json': '{ "name": "cli" }',
  });
  const pkg = path.join(dir, 'packages/cli');
  const runs = [
    [[], dir, ['deploy/app.yaml', 'packages/cli/package.json']],
    [['.'], dir, ['deploy/app.yaml', 'packages/cli/package.json']],
    [['deploy'], dir, ['deploy/app.yaml']],
    [['**/*.yaml'], dir, ['deploy/app.yaml']],
    [['packages/cli'], dir, ['packages/cli/package.json']],
    [['packages/cli/**'], dir, ['packages/cli/package.json']],
    [['.'], pkg, ['package.json']],
    [['**/*.json'], pkg, ['package.json']],
  ];
  for (const [args, cwd, files] of runs) {
    const from = `filecheck ${args.join(' ')} in ${path.relative(dir, cwd) || '.'}`;
    const list = await runCli([...args, '--list-files'], { cwd });
    assert.equal(list.stdout, files.map((file) => `${file}\n`).join(''), `${from} --list-files: ${list.stderr}`);
    const run = await runCli(args, { cwd });
    assert.equal(run.code, 0, `${from}: ${run.stdout}${run.stderr}`);
    assert.equal(filesLine(run.stdout), `Files: ${files.length} passed, ${files.length} total`, from);
  }
  // Named one by one (a pre-commit hook), ignored files are passed over silently; --verbose counts them.
  const named = ['packages/cli/fx/a.json', 'deploy/kustomization.yaml', 'deploy/app.yaml'];
  const hook = await runCli([...named, '--verbose'], { cwd: dir });
  assert.equal(hook.code, 0, hook.stdout);
  assert.match(hook.stdout, /^SKIP packages\/cli\/fx\/a\.json \(ignored\)$/m);
  assert.equal(filesLine(hook.stdout), 'Files: 2 skipped, 1 passed, 3 total');
  const inPackage = await runCli(['fx/a.json'], { cwd: pkg });
  assert.equal(inPackage.code, 0, inPackage.stdout);
  // An editor's buffer of an ignored file is not checked, and says so.
  const buffer = await runCli(['--stdin', '--stdin-filename', 'packages/cli/fx/a.json'], { cwd: dir, input: '{}' });
  assert.equal(buffer.code, 0, buffer.stdout);
  assert.match(buffer.stderr, /not checked: ignored/);
});

// A repository whose config names a catalog, checked from the folder above it.
const PROJECT = {
  'repo/.filecheckrc.json': config([{ name: 'pkgs', files: ['pkg/*.json'], require: ['name'] }], {
    catalog: 'catalog.json',
  }),
  'repo/catalog.json': JSON.stringify({
    version: 1,
    schemas: [{ name: 'app', url: 'app.schema.json', fileMatch: ['app.json'] }],
  }),
  'repo/app.schema.json': '{ "type": "object", "required": ["port"] }',
  'repo/app.json': '{ "host": "x" }',
  'repo/pkg/app.json': '{ "host": "x" }',
  'other/b.json': '{}',
};

test("from outside a project, the files named in it get its config's settings (its catalog), as from inside", async (t) => {
  const dir = makeTree(t, PROJECT);
  gitInit(path.join(dir, 'repo'));
  const port = /must have required property "port"/;
  for (const [cwd, prefix] of [
    [path.join(dir, 'repo'), ''],
    [dir, 'repo/'],
  ]) {
    const from = `from ${path.relative(dir, cwd) || '.'}`;
    const named = await runCli([`${prefix}app.json`], { cwd });
    assert.equal(named.code, 1, `${from}: ${named.stdout}${named.stderr}`);
    assert.match(named.stdout, port, from);
    const pkg = await runCli([`${prefix}pkg/app.json`], { cwd });
    assert.equal(pkg.code, 1, `${from}: ${pkg.stdout}${pkg.stderr}`);
    assert.match(pkg.stdout, port, from);
    assert.match(pkg.stdout, /missing required key "name"/, from);
    const globbed = await runCli([`${prefix}**/app.json`], { cwd });
    assert.deepEqual(failedPaths(globbed.stdout), [`${prefix}app.json`, `${prefix}pkg/app.json`], from);
    const buffer = await runCli(['--stdin', '--stdin-filename', `${prefix}pkg/app.json`], {
      cwd,
      input: '{ "host": "x" }',
    });
    assert.equal(buffer.code, 1, `${from}: ${buffer.stdout}${buffer.stderr}`);
    assert.match(buffer.stdout, port, from);
  }
});

test("a run whose settings cannot be a project's config's (its files among others) exits 2 naming that config", async (t) => {
  const dir = makeTree(t, PROJECT);
  gitInit(path.join(dir, 'repo'));
  const project = path.join(dir, 'repo');
  const refusal = (settings) =>
    `${project}/.filecheckrc.json: "catalog" decides what its files are checked against, and this run cannot apply it: the run's settings are ${settings}; run filecheck in ${project}, or name that config with -c`;
  for (const args of [['repo/app.json', 'other/b.json'], ['.'], ['**/*.json', '-s', 'repo/app.schema.json']]) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir });
    assert.equal(code, 2, `${args.join(' ')}: ${stdout}${stderr}`);
    assert.equal(oneLine(stderr), refusal(`the command line's (no .filecheckrc.json up from ${dir})`), args.join(' '));
  }
  // A project of its own ("root": true) inside a run's project: the run's settings are its config's.
  writeTree(dir, {
    '.filecheckrc.json': config([{ name: 'other', files: ['other/*.json'] }]),
    'repo/.filecheckrc.json': config([], { root: true, catalog: 'catalog.json' }),
  });
  const { code, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 2, stderr);
  assert.equal(oneLine(stderr), refusal(`${dir}/.filecheckrc.json's`));
  // Run in the project, or with -c, its settings are the run's.
  const inside = await runCli([], { cwd: project });
  assert.equal(inside.code, 1, inside.stderr);
  const named = await runCli(['-c', 'repo/.filecheckrc.json', 'repo/app.json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
  assert.match(named.stdout, /must have required property "port"/);
});
