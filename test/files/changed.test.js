// --changed and --since: only the files git says changed, in real temporary repositories.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
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

const GOOD = '{"a": 1}\n';
const BAD = '{"a": 1,}\n';
const skip = !hasGit && 'git is not installed';
const CONFIG = JSON.stringify({ rules: [{ files: ['**/*.json'] }] });

/** Runs git in `dir` with an identity and no signing, whatever the machine's configuration. */
function git(dir, ...args) {
  const result = spawnSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
    { cwd: dir, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A repository on branch main holding `files`, all committed. */
function repo(t, files) {
  const dir = makeTree(t, files);
  gitInit(dir);
  git(dir, 'symbolic-ref', 'HEAD', 'refs/heads/main');
  commitAll(dir, 'initial');
  return dir;
}

function commitAll(dir, message) {
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '--allow-empty', '-m', message);
}

const listed = (stdout) => stdout.split('\n').filter(Boolean);

test('--changed checks staged, unstaged and untracked files; not unchanged, ignored or deleted ones; a rename under its new name', {
  skip,
}, async (t) => {
  const dir = repo(t, {
    '.filecheckrc.json': CONFIG,
    '.gitignore': 'ignored.json\n',
    'unstaged.json': GOOD,
    'staged.json': GOOD,
    'unchanged.json': BAD,
    'deleted.json': GOOD,
    'deleted-staged.json': GOOD,
    'old-name.json': GOOD,
  });
  writeTree(dir, {
    'unstaged.json': '{"a": 2}',
    'staged.json': BAD,
    'untracked/deep/new.json': GOOD,
    'ignored.json': BAD,
  });
  git(dir, 'add', 'staged.json');
  fs.rmSync(path.join(dir, 'deleted.json'));
  git(dir, 'rm', '-q', 'deleted-staged.json');
  git(dir, 'mv', 'old-name.json', 'new-name.json');

  const { code, stdout, stderr } = await runCli(['--changed', '--list-files'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.deepEqual(listed(stdout), ['new-name.json', 'staged.json', 'unstaged.json', 'untracked/deep/new.json']);

  // A real run: the changed files only; the unchanged and the ignored broken files are not reported.
  const run = await runCli(['--changed'], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(failedPaths(run.stdout), ['staged.json']);
  assert.match(filesLine(run.stdout), /^Files: 1 failed, 3 passed, 4 total$/);
});

test('a file git reports as deleted from the index but still on disk (untracked again) is checked', {
  skip,
}, async (t) => {
  const dir = repo(t, { '.filecheckrc.json': CONFIG, 'kept.json': GOOD, 'other.json': GOOD });
  git(dir, 'rm', '-q', '--cached', 'kept.json');
  const { code, stdout, stderr } = await runCli(['--changed', '--list-files'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.deepEqual(listed(stdout), ['kept.json']);
});

test('--changed handles any file name: spaces, quotes, unicode, a newline, a leading dash', { skip }, async (t) => {
  const names = [
    'with space.json',
    'quote"d.json',
    'ünï çødé/日本.json',
    '-dash.json',
    "it's.json",
    'back\\slash.json',
  ];
  if (process.platform !== 'win32') names.push('new\nline.json');
  const dir = repo(t, { '.filecheckrc.json': CONFIG, 'same.json': GOOD });
  writeTree(dir, Object.fromEntries(names.map((name) => [name, GOOD])));
  git(dir, 'add', names[0]); // one staged, the others untracked
  const { code, stdout, stderr } = await runCli(['--changed', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stderr);
  const report = parseJsonReport(stdout);
  assert.deepEqual(
    report.files.map((f) => f.path),
    [...names].sort(),
  );
  assert.equal(report.summary.passed, names.length);
});

test("--since <ref>: the commits since the merge base, plus uncommitted and untracked files; not the other branch's changes", {
  skip,
}, async (t) => {
  const dir = repo(t, {
    '.filecheckrc.json': CONFIG,
    'base.json': GOOD,
    'committed.json': GOOD,
    'main-only.json': GOOD,
    'gone.json': GOOD,
  });
  git(dir, 'checkout', '-q', '-b', 'feature');
  writeTree(dir, { 'committed.json': '{"a": 2}', 'added.json': GOOD });
  fs.rmSync(path.join(dir, 'gone.json'));
  commitAll(dir, 'feature work');
  git(dir, 'checkout', '-q', 'main');
  writeTree(dir, { 'main-only.json': BAD });
  commitAll(dir, 'main moves on');
  git(dir, 'checkout', '-q', 'feature');
  writeTree(dir, { 'base.json': '{"a": 5}', 'untracked.json': GOOD });

  const { code, stdout, stderr } = await runCli(['--since', 'main', '--list-files'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.deepEqual(listed(stdout), ['added.json', 'base.json', 'committed.json', 'untracked.json']);
  // A commit works as well as a branch; --since wins over a --changed beside it.
  const sha = git(dir, 'rev-parse', 'main').trim();
  const bySha = await runCli(['--changed', `--since=${sha}`, '--list-files'], { cwd: dir });
  assert.deepEqual(listed(bySha.stdout), listed(stdout));
  // --changed alone sees only what is not committed.
  const changed = await runCli(['--changed', '--list-files'], { cwd: dir });
  assert.deepEqual(listed(changed.stdout), ['base.json', 'untracked.json']);
});

test('--verbose says how many files changed and how many of them are checked', { skip }, async (t) => {
  const dir = repo(t, { '.filecheckrc.json': CONFIG, 'a.json': GOOD, 'b.json': GOOD });
  writeTree(dir, { 'a.json': '{"a": 2}', 'notes.md': 'x' });
  const { code, stderr } = await runCli(['--changed', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.match(stderr, /^filecheck: 2 files changed against HEAD, 1 of them matched by the rules$/m);
});

test('works from a subfolder, with the config in a subfolder of the repository', { skip }, async (t) => {
  const dir = repo(t, {
    'project/.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/**/*.json'] }] }),
    'project/data/a.json': GOOD,
    'project/data/deep/b.json': GOOD,
    'project/data/c.json': GOOD,
    'project/other/x.json': GOOD,
    'top.json': GOOD,
  });
  writeTree(dir, {
    'project/data/a.json': BAD,
    'project/data/deep/b.json': '{"b": 1}',
    'project/other/x.json': BAD,
    'top.json': BAD,
  });
  for (const [cwd, expected] of [
    ['project', ['data/a.json', 'data/deep/b.json']],
    ['project/data/deep', ['../a.json', 'b.json']],
  ]) {
    const { code, stdout, stderr } = await runCli(['--changed', '--list-files'], { cwd: path.join(dir, cwd) });
    assert.equal(code, 0, stderr);
    assert.deepEqual(listed(stdout).sort(), [...expected].sort(), cwd);
  }
  const run = await runCli(['--changed'], { cwd: path.join(dir, 'project/data') });
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(failedPaths(run.stdout), ['a.json']);
  assert.match(filesLine(run.stdout), /1 failed, 1 passed, 2 total/);
});

test('--changed narrows the patterns of the command line, and a changed file no rule matches is passed over silently', {
  skip,
}, async (t) => {
  const dir = repo(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['content/**/*.json'] }] }),
    'content/a.json': GOOD,
    'content/b.json': GOOD,
    'data/c.json': GOOD,
  });
  writeTree(dir, { 'content/a.json': BAD, 'content/b.json': '{"b": 2}', 'data/c.json': BAD, 'content/readme.md': 'x' });
  git(dir, 'commit', '-q', '-m', 'b.json changes', '--', 'content/b.json');
  const byPattern = await runCli(['--changed', 'content/*.json'], { cwd: dir });
  assert.equal(byPattern.code, 1, byPattern.stderr);
  assert.deepEqual(failedPaths(byPattern.stdout), ['content/a.json']);
  assert.match(filesLine(byPattern.stdout), /^Files: 1 failed, 0 passed, 1 total$/);

  const byRules = await runCli(['--changed', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(byRules.code, 1, byRules.stderr);
  assert.deepEqual(
    parseJsonReport(byRules.stdout).files.map((f) => [f.path, f.status]),
    [['content/a.json', 'fail']],
  );
});

test('no changed file to check: exit 0 with "no changed files to check", and the reports are still written', {
  skip,
}, async (t) => {
  const dir = repo(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['content/**/*.json'] }] }),
    '.gitignore': 'report.json\n',
    'content/a.json': BAD,
    'other.json': GOOD,
  });
  const clean = await runCli(['--changed', '--output-file', 'report.json'], { cwd: dir });
  assert.equal(clean.code, 0, clean.stderr);
  assert.equal(clean.stderr, 'filecheck: no changed files to check (nothing changed against HEAD)\n');
  assert.match(clean.stdout, /^No files to check\./);
  assert.deepEqual(parseJsonReport(fs.readFileSync(path.join(dir, 'report.json'), 'utf8')).files, []);

  writeTree(dir, { 'other.json': BAD, 'notes.txt': 'x' });
  const unmatched = await runCli(['--changed'], { cwd: dir });
  assert.equal(unmatched.code, 0, unmatched.stderr);
  assert.equal(
    unmatched.stderr,
    'filecheck: no changed files to check (2 files changed against HEAD, none of them matched by the rules)\n',
  );
});

test('outside a git repository: exit 2 with one line', { skip }, async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, 'a.json': GOOD });
  for (const args of [['--changed'], ['--since', 'main']]) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir });
    assert.equal(code, 2);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), `${args.join(' ')}: ${dir} is not in a git repository`);
  }
});

test('an unknown revision, a revision that looks like an option, or no common history: exit 2 with one line', {
  skip,
}, async (t) => {
  const dir = repo(t, { '.filecheckrc.json': CONFIG, 'a.json': GOOD });
  const unknown = await runCli(['--since', 'no-such-branch'], { cwd: dir });
  assert.equal(unknown.code, 2);
  assert.equal(
    oneLine(unknown.stderr),
    '--since: git knows no revision "no-such-branch" (a branch, tag or commit; fetch it first?)',
  );

  const option = await runCli(['--since=--output=x'], { cwd: dir });
  assert.equal(option.code, 2);
  assert.match(oneLine(option.stderr), /^--since takes a git revision .*not "--output=x"$/);
  assert.equal(fs.existsSync(path.join(dir, 'x')), false);

  git(dir, 'checkout', '-q', '--orphan', 'unrelated');
  commitAll(dir, 'unrelated history');
  git(dir, 'checkout', '-q', 'main');
  const unrelated = await runCli(['--since', 'unrelated'], { cwd: dir });
  assert.equal(unrelated.code, 2);
  assert.match(
    oneLine(unrelated.stderr),
    /^--since unrelated: unrelated and HEAD have no common history \(a shallow clone\?/,
  );
});

test('without git on PATH: exit 2 with one line', { skip }, async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, 'a.json': GOOD });
  const { code, stderr } = await runCli(['--changed'], { cwd: dir, env: { PATH: path.join(dir, 'no-such-dir') } });
  assert.equal(code, 2);
  assert.equal(oneLine(stderr), '--changed needs git, and git was not found on PATH');
});

test('--since without a value is a usage error', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, 'a.json': GOOD });
  const { code, stderr } = await runCli(['--since='], { cwd: dir });
  assert.equal(code, 2);
  assert.equal(oneLine(stderr), '--since needs a value');
});

test('a repository without any commit: --changed sees the staged and untracked files', { skip }, async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': CONFIG, 'staged.json': GOOD, 'untracked.json': BAD });
  gitInit(dir);
  git(dir, 'add', 'staged.json');
  const { code, stdout, stderr } = await runCli(['--changed'], { cwd: dir });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['untracked.json']);
  assert.match(filesLine(stdout), /^Files: 1 failed, 1 passed, 2 total$/);
});
