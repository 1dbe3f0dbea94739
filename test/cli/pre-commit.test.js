// filecheck as a pre-commit hook: the file names a hook passes, .pre-commit-hooks.yaml, and a real
// commit through the pre-commit framework (when its executable is on PATH; .ci/run installs it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import {
  REPO,
  runCli,
  makeTree,
  writeTree,
  gitInit,
  hasGit,
  parseJsonReport,
  failedPaths,
  filesLine,
  oneLine,
} from '../helpers/cli.js';

const CONFIG = JSON.stringify({ rules: [{ files: ['data/**/*.json'], require: ['title:string'] }] });
const GOOD = '{\n  "title": "fine"\n}\n';
const BAD = '{\n  "name": "no title"\n}\n';
// Staged files that are none of filecheck's business: JSON with comments, generated output.
const UNRELATED = {
  'tsconfig.json': '{\n  // comments are not JSON\n  "compilerOptions": {}\n}\n',
  'package.json': '{"name": "p"}\n',
  '.gitignore': 'build/\n',
  'build/out.json': '{ not json',
};

test('named files that match no rule or are ignored are passed over silently; a batch of only those exits 0', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, 'data/good.json': GOOD, 'data/bad.json': BAD, ...UNRELATED });
  if (hasGit) gitInit(dir);
  const unrelated = ['tsconfig.json', 'package.json', hasGit ? 'build/out.json' : null].filter(Boolean);

  const none = await runCli(unrelated, { cwd: dir });
  assert.equal(none.code, 0, none.stdout + none.stderr);
  assert.equal(none.stderr, '');
  for (const name of [...unrelated, 'skipped'])
    assert.ok(!none.stdout.includes(name), `"${name}" is not mentioned:\n${none.stdout}`);

  const mixed = await runCli([...unrelated, 'data/good.json', 'data/bad.json'], { cwd: dir });
  assert.equal(mixed.code, 1);
  assert.deepEqual(failedPaths(mixed.stdout), ['data/bad.json']);
  assert.equal(filesLine(mixed.stdout), 'Files: 1 failed, 1 passed, 2 total');
  // lint-staged passes absolute paths.
  const absolute = await runCli(
    [...unrelated, 'data/good.json', 'data/bad.json'].map((name) => path.join(dir, name)),
    { cwd: dir },
  );
  assert.equal(absolute.code, 1);
  assert.deepEqual(failedPaths(absolute.stdout), ['data/bad.json']);
  assert.equal(filesLine(absolute.stdout), 'Files: 1 failed, 1 passed, 2 total');

  // Counted where asked for: the json summary, and --verbose.
  const json = await runCli([...unrelated, '-r', 'json'], { cwd: dir });
  assert.equal(json.code, 0);
  assert.deepEqual(
    [parseJsonReport(json.stdout).summary.skipped, parseJsonReport(json.stdout).summary.total],
    [unrelated.length, unrelated.length],
  );
  const verbose = await runCli([...unrelated, '--verbose'], { cwd: dir });
  assert.match(verbose.stdout, /^SKIP tsconfig\.json \(matches no rule\)$/m);
  if (hasGit) assert.match(verbose.stdout, /^SKIP build\/out\.json \(ignored\)$/m);
});

test("a hook names a file that only the config's catalog matches: it is checked against the catalog's schema, as a full run checks it", async (t) => {
  const catalog = { schemas: [{ name: 'Thing', fileMatch: ['thing.json'], url: 'thing.schema.json' }] };
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      catalog: 'catalog.json',
      rules: [{ files: ['data/**/*.json'], require: ['title'] }],
    }),
    'catalog.json': JSON.stringify(catalog),
    'thing.schema.json': JSON.stringify({ type: 'object', required: ['size'] }),
    'thing.json': '{ "colour": "red" }\n',
    'data/good.json': GOOD,
    'tsconfig.json': UNRELATED['tsconfig.json'],
  });
  const full = await runCli([], { cwd: dir });
  assert.equal(full.code, 1, full.stdout + full.stderr);
  assert.deepEqual(failedPaths(full.stdout), ['thing.json']);
  // The hook's run names the staged files: the same verdict for thing.json; tsconfig.json still passed over.
  const hook = await runCli(['thing.json', 'data/good.json', 'tsconfig.json'], { cwd: dir });
  assert.equal(hook.code, 1, hook.stdout + hook.stderr);
  assert.deepEqual(failedPaths(hook.stdout), ['thing.json']);
  assert.match(hook.stdout, /thing\.json:1:1 +must have required property "size"/);
  assert.equal(filesLine(hook.stdout), 'Files: 1 failed, 1 passed, 2 total');
});

// One verdict per file, whatever finds it: a run of the project, a hook's named files, a glob,
// --changed, an editor's buffer; and wherever the catalog and schemaFromDocument come from (the
// config, the command line, both). thing.json is the catalog's and fails its schema; doc.json is
// the catalog's too, valid against its entry and invalid against the schema its $schema names;
// tsconfig.json is no rule's and no entry's, and JSON with comments: checked, it would fail.
test('a file the catalog finds gets one verdict whether it is found or named, and wherever the catalog or schemaFromDocument is given', async (t) => {
  const catalog = { schemas: [{ name: 'Thing', fileMatch: ['thing.json', 'doc.json'], url: 'thing.schema.json' }] };
  const texts = {
    'thing.json': '{ "colour": "red" }\n',
    'doc.json': '{ "$schema": "./doc.schema.json", "size": 1, "n": "x" }\n',
    'tsconfig.json': UNRELATED['tsconfig.json'],
  };
  const tree = {
    'catalog.json': JSON.stringify(catalog),
    'thing.schema.json': JSON.stringify({ type: 'object', required: ['size'] }),
    'doc.schema.json': JSON.stringify({ properties: { n: { type: 'integer' } } }),
    ...texts,
  };
  const settings = [
    { config: { catalog: 'catalog.json' }, args: [], document: false },
    { config: {}, args: ['--catalog', 'catalog.json'], document: false },
    { config: { catalog: 'catalog.json' }, args: ['--catalog', 'catalog.json'], document: false },
    { config: { catalog: 'catalog.json', schemaFromDocument: true }, args: [], document: true },
    { config: {}, args: ['--catalog', 'catalog.json', '--schema-from-document'], document: true },
  ];
  const ways = [
    { name: 'a run of the project', args: [] },
    { name: 'named files', args: Object.keys(texts) },
    { name: 'a glob', args: ['*.json'] },
    ...(hasGit ? [{ name: '--changed', args: ['--changed'] }] : []),
    ...['thing.json', 'doc.json'].map((file) => ({
      name: `--stdin ${file}`,
      args: ['--stdin', '--stdin-filename', file],
      input: texts[file],
    })),
  ];
  for (const { config, args, document } of settings) {
    const dir = makeTree(t, { ...tree, '.filecheckrc.json': JSON.stringify({ root: true, ...config, rules: [] }) });
    if (hasGit) gitInit(dir);
    const expected = { 'thing.json': 'fail', 'doc.json': document ? 'fail' : 'pass' };
    for (const way of ways) {
      const run = await runCli([...way.args, ...args, '-r', 'json', '--verbose'], { cwd: dir, input: way.input });
      const where = `${way.name}, config ${JSON.stringify(config)}, ${args.join(' ') || 'no options'}`;
      const inRun = way.input ? { [way.args.at(-1)]: expected[way.args.at(-1)] } : expected;
      const code = Object.values(inRun).includes('fail') ? 1 : 0;
      assert.equal(run.code, code, `${where}: ${run.stdout}${run.stderr}`);
      const checked = parseJsonReport(run.stdout).files.filter((file) => file.status !== 'skip');
      const verdicts = Object.fromEntries(
        checked.map((file) => [file.path, file.onlyParsed ? `${file.status}, only parsed` : file.status]),
      );
      assert.deepEqual(verdicts, inRun, where);
    }
  }
});

test('a glob or a file name that matches nothing stays a usage error, also beside skipped files', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, ...UNRELATED });
  const glob = await runCli(['package.json', 'data/*.json'], { cwd: dir });
  assert.equal(glob.code, 2);
  assert.equal(oneLine(glob.stderr), 'no files match "data/*.json" (use --pass-with-no-files to allow this)');
  const missing = await runCli(['package.json', 'data/gone.json'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.equal(oneLine(missing.stderr), 'no files match "data/gone.json" (use --pass-with-no-files to allow this)');
});

test(".pre-commit-hooks.yaml declares the filecheck hook: node, the package's bin, staged JSON, YAML and TOML file names", () => {
  const hooks = parse(fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml'), 'utf8'));
  const { bin } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  assert.equal(hooks.length, 1);
  const [hook] = hooks;
  assert.equal(hook.id, 'filecheck');
  assert.ok(hook.name);
  assert.equal(hook.language, 'node');
  assert.ok(hook.entry in bin, `entry "${hook.entry}" is a bin of the package`);
  assert.equal(hook.types, undefined);
  assert.deepEqual(hook.types_or, ['json', 'yaml', 'toml']);
  assert.notEqual(hook.pass_filenames, false);
});

// The README's example is what users paste: its rev must be a tag of this repository at which
// .pre-commit-hooks.yaml declares its hooks. A shallow clone (CI's usual), or one that fetched
// no tags, has none to ask: there the check is skipped, never passed.
const git = (...args) => spawnSync('git', args, { cwd: REPO, encoding: 'utf8' });
const skipTags = !hasGit
  ? 'git is not installed'
  : git('rev-parse', '--is-shallow-repository').stdout.trim() !== 'false'
    ? 'not a full git clone of filecheck (its tags are not here)'
    : git('tag', '--list').stdout.trim() === ''
      ? 'this clone fetched no tags (git fetch --tags)'
      : false;

test("the README's pre-commit example works as written: its rev is a tag whose .pre-commit-hooks.yaml declares its hooks", {
  skip: skipTags,
}, () => {
  const readme = fs.readFileSync(path.join(REPO, 'README.md'), 'utf8');
  const example = parse(/^## pre-commit\n\n```yaml\n([^`]*)```/m.exec(readme)[1]);
  const [{ rev, hooks }] = example.repos;
  assert.equal(
    git('rev-parse', '--verify', '-q', `refs/tags/${rev}`).status,
    0,
    `rev ${rev} is no tag of this repository (git tag -a ${rev})`,
  );
  const declared = git('show', `${rev}:.pre-commit-hooks.yaml`);
  assert.equal(declared.status, 0, `${rev} has no .pre-commit-hooks.yaml`);
  const ids = parse(declared.stdout).map((hook) => hook.id);
  for (const { id } of hooks) assert.ok(ids.includes(id), `hook "${id}" is declared at ${rev}`);
});

const preCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' });
const skipFramework = !hasGit
  ? 'git is not installed'
  : preCommit.status !== 0
    ? 'the pre-commit executable is not on PATH (pip install pre-commit; .ci/run does)'
    : false;

// The hook as users get it: pre-commit clones a repository at a rev, installs it with npm (system
// node) and runs its entry. The repository is a snapshot of this working tree's package (what
// `npm pack` would take, the lockfile and the hook definition), so uncommitted work is what is tested.
test("through the pre-commit framework, a commit with a broken JSON file (the root's rules, a package's) is refused and a fixed one goes through", {
  skip: skipFramework,
  timeout: 300_000,
}, (t) => {
  const home = makeTree(t);
  const env = {
    ...process.env,
    PRE_COMMIT_HOME: path.join(home, 'cache'),
    // The user's git and npm settings stay out: no global hooksPath, signing, or registry wait.
    GIT_CONFIG_GLOBAL: path.join(home, 'gitconfig'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_AUTHOR_NAME: 'filecheck test',
    GIT_AUTHOR_EMAIL: 'test@example.com',
    GIT_COMMITTER_NAME: 'filecheck test',
    GIT_COMMITTER_EMAIL: 'test@example.com',
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
  };
  delete env.SKIP; // pre-commit's list of hooks not to run
  const sh = (cwd, command, ...args) => {
    const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 240_000 });
    if (result.error) throw result.error;
    return { code: result.status, output: result.stdout + result.stderr };
  };
  const ok = (cwd, command, ...args) => {
    const result = sh(cwd, command, ...args);
    assert.equal(result.code, 0, `${command} ${args.join(' ')}:\n${result.output}`);
    return result.output.trim();
  };

  const hookRepo = makeTree(t, {
    '.pre-commit-hooks.yaml': fs.readFileSync(path.join(REPO, '.pre-commit-hooks.yaml')),
  });
  const { files } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  for (const name of [...files, 'package.json', 'package-lock.json'])
    fs.cpSync(path.join(REPO, name), path.join(hookRepo, name), { recursive: true });
  ok(hookRepo, 'git', 'init', '-q');
  ok(hookRepo, 'git', 'add', '-A');
  ok(hookRepo, 'git', 'commit', '-q', '-m', 'filecheck snapshot');
  const rev = ok(hookRepo, 'git', 'rev-parse', 'HEAD');

  const project = makeTree(t, {
    '.filecheckrc.json': CONFIG,
    '.pre-commit-config.yaml': [
      'default_language_version:',
      '  node: system',
      'repos:',
      `  - repo: ${JSON.stringify(hookRepo)}`,
      `    rev: ${rev}`,
      '    hooks:',
      '      - id: filecheck',
      '',
    ].join('\n'),
    'data/good.json': GOOD,
    'data/doc.json': BAD,
    'tsconfig.json': UNRELATED['tsconfig.json'],
    // A monorepo's package with rules of its own (docs/monorepo.md): the hook runs at the root.
    'packages/a/.filecheckrc.json': JSON.stringify({
      rules: [{ name: 'items', files: ['items/*.json'], require: ['id'] }],
    }),
    'packages/a/items/one.json': '{ "title": "One" }\n',
  });
  ok(project, 'git', 'init', '-q');
  ok(project, 'pre-commit', 'install');
  ok(project, 'git', 'add', '-A');

  const refused = sh(project, 'git', 'commit', '-m', 'add docs');
  assert.notEqual(refused.code, 0, refused.output);
  assert.match(refused.output, /^filecheck\.+Failed$/m);
  assert.match(
    refused.output,
    /FAIL {2}data\/doc\.json {2}\(require\)\n {2}data\/doc\.json:1:1 +missing required key "title"/,
  );
  assert.match(
    refused.output,
    /FAIL {2}packages\/a\/items\/one\.json {2}\(require\)\n {2}packages\/a\/items\/one\.json:1:1 +missing required key "id"/,
  );
  assert.ok(!refused.output.includes('tsconfig.json'), 'the unrelated JSON file is passed over silently');
  assert.notEqual(sh(project, 'git', 'rev-parse', '--verify', '-q', 'HEAD').code, 0, 'nothing was committed');

  writeTree(project, { 'data/doc.json': GOOD, 'packages/a/items/one.json': '{ "title": "One", "id": 1 }\n' });
  ok(project, 'git', 'add', 'data/doc.json', 'packages/a/items/one.json');
  const accepted = sh(project, 'git', 'commit', '-m', 'add docs');
  assert.equal(accepted.code, 0, accepted.output);
  assert.match(accepted.output, /^filecheck\.+Passed$/m);
  assert.equal(ok(project, 'git', 'log', '--format=%s'), 'add docs');
});
