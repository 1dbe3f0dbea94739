// runner/files/discover.js: config rules × patterns ──▶ the sorted files to check, each with its rule ids.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadConfig } from '../../runner/config/load-config.js';
import { discover } from '../../runner/files/discover.js';
import { gitignoreFilter } from '../../runner/files/gitignore.js';
import { UsageError } from '../../shared/errors.js';

/** A temp tree: `files` maps a relative path to its content (a string, or an object written as JSON). */
function tree(t, files, config) {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-discover-')));
  t.after(() => fs.rmSync(root, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  if (config) fs.writeFileSync(path.join(root, '.filecheckrc.json'), JSON.stringify(config));
  return root;
}

/** discover() with a Config from loadConfig, as the CLI builds it. */
function run(root, options = {}, cwd = root) {
  return discover(loadConfig({ patterns: [], ...options }, { cwd, env: {} }));
}

const rels = (discovery) => discovery.files.map((file) => file.rel);
const ALL = { rules: [{ files: ['**/*.json'] }] };

test('files come sorted, with absolute paths and rule ids, also with unicode and spaces in names', (t) => {
  const names = [
    'b.json',
    'a.json',
    'B.json',
    '10.json',
    '9.json',
    'é/ü.json',
    'e/z.json',
    'sp ace/s p.json',
    'a b.json',
    'ab.json',
    '日本.json',
    'z/a.json',
  ];
  const root = tree(t, Object.fromEntries(names.map((name) => [name, '{}'])), ALL);
  const { files, skipped } = run(root);
  const sorted = [
    '10.json',
    '9.json',
    'B.json',
    'a b.json',
    'a.json',
    'ab.json',
    'b.json',
    'e/z.json',
    'sp ace/s p.json',
    'z/a.json',
    'é/ü.json',
    '日本.json',
  ];
  assert.deepEqual(
    files,
    sorted.map((rel) => ({ path: path.join(root, rel), rel, rules: [0] })),
  );
  assert.deepEqual(skipped, []);
});

test('the order does not depend on the order of the patterns', (t) => {
  const root = tree(t, { 'c.json': '{}', 'a.json': '{}', 'b/x.json': '{}' }, ALL);
  assert.deepEqual(rels(run(root, { patterns: ['c.json', 'b', 'a.json'] })), ['a.json', 'b/x.json', 'c.json']);
  assert.deepEqual(rels(run(root, { patterns: ['a.json', 'c.json', 'b'] })), ['a.json', 'b/x.json', 'c.json']);
});

test('a path that exists is taken literally, even with glob characters in it', (t) => {
  const names = ['item [1].json', 'a{b,c}.json', 'what?.json', '(x).json', '!bang.json', 'star*.json'];
  const decoys = ['item 1.json', 'ab.json', 'ac.json', 'whatX.json', 'x.json', 'bang.json', 'starry.json'];
  const root = tree(t, Object.fromEntries([...names, ...decoys].map((name) => [name, '{}'])), ALL);
  for (const name of names) {
    assert.deepEqual(
      run(root, { patterns: [name] }),
      { files: [{ path: path.join(root, name), rel: name, rules: [0] }], skipped: [] },
      name,
    );
  }
});

test('a pattern that is not an existing path is a glob', (t) => {
  const root = tree(t, { 'a/1.json': '{}', 'a/2.json': '{}', 'a/3.txt': '{}', 'b/1.json': '{}' }, ALL);
  assert.deepEqual(rels(run(root, { patterns: ['a/*.json'] })), ['a/1.json', 'a/2.json']);
  assert.deepEqual(rels(run(root, { patterns: ['*/1.json'] })), ['a/1.json', 'b/1.json']);
});

test('a directory argument stands for the JSON files below it', (t) => {
  const root = tree(
    t,
    { 'd/a.json': '{}', 'd/deep/er/b.json': '{}', 'd/c.txt': 'x', 'd/.hidden.json': '{}', 'other.json': '{}' },
    ALL,
  );
  for (const pattern of ['d', 'd/', './d']) {
    assert.deepEqual(
      run(root, { patterns: [pattern] }),
      {
        files: [
          { path: path.join(root, 'd/a.json'), rel: 'd/a.json', rules: [0] },
          { path: path.join(root, 'd/deep/er/b.json'), rel: 'd/deep/er/b.json', rules: [0] },
        ],
        skipped: [],
      },
      pattern,
    );
  }
});

test('a directory argument stands for the data files below it: JSON, JSONC, JSON5, YAML and TOML, not Markdown', (t) => {
  const names = [
    'd/a.json',
    'd/b.jsonc',
    'd/c.json5',
    'd/e.yaml',
    'd/f.yml',
    'd/g.toml',
    'd/h.md',
    'd/i.mdx',
    'd/j.txt',
    'd/K.YAML',
  ];
  const root = tree(t, Object.fromEntries(names.map((name) => [name, ''])), { rules: [{ files: ['**'] }] });
  assert.deepEqual(rels(run(root, { patterns: ['d'] })), [
    'd/a.json',
    'd/b.jsonc',
    'd/c.json5',
    'd/e.yaml',
    'd/f.yml',
    'd/g.toml',
  ]);
});

test('each file has the parser of its extension, or the one a rule that matches it names', (t) => {
  const names = [
    'a.json',
    'b.jsonc',
    'c.json5',
    'd.yaml',
    'e.yml',
    'F.TOML',
    'g.md',
    'h.mdx',
    'i.markdown',
    'j.txt',
    '.babelrc',
    'tsconfig.json',
    'posts/p.md',
  ];
  const root = tree(t, Object.fromEntries(names.map((name) => [name, ''])), {
    rules: [
      { files: ['**'] },
      { files: ['tsconfig.json', '.babelrc'], parser: 'jsonc' },
      { files: ['posts/*.md'], frontMatter: 'required' },
      { files: ['*.md'], frontMatter: 'optional' },
    ],
  });
  const formats = Object.fromEntries(
    run(root).files.map(({ rel, parser, frontMatter }) => [rel, [parser, frontMatter]]),
  );
  assert.deepEqual(formats, {
    '.babelrc': ['jsonc', undefined],
    'F.TOML': ['toml', undefined],
    'a.json': [undefined, undefined], // JSON: no field, the fast path
    'b.jsonc': ['jsonc', undefined],
    'c.json5': ['json5', undefined],
    'd.yaml': ['yaml', undefined],
    'e.yml': ['yaml', undefined],
    'g.md': ['markdown', undefined],
    'h.mdx': ['markdown', undefined],
    'i.markdown': ['markdown', undefined],
    'j.txt': [undefined, undefined], // an unknown extension is JSON, as before
    'posts/p.md': ['markdown', 'required'],
    'tsconfig.json': ['jsonc', undefined],
  });
});

test('two rules that match one file and name different parsers are a usage error naming both', (t) => {
  const root = tree(
    t,
    { 'a.json': '{}', 'b.json': '{}' },
    {
      rules: [
        { name: 'relaxed', files: ['*.json'], parser: 'jsonc' },
        { name: 'five', files: ['b.json'], parser: 'json5' },
      ],
    },
  );
  assert.throws(
    () => run(root),
    (error) =>
      error instanceof UsageError &&
      error.message ===
        'b.json is matched by rules that name different parsers: relaxed (jsonc), five (json5); a file is parsed once, by one parser',
  );
});

test('paths are reported relative to the working directory', (t) => {
  const root = tree(t, { 'top.json': '{}', 'sub/a.json': '{}' }, ALL);
  const cwd = path.join(root, 'sub');
  assert.deepEqual(rels(run(root, {}, cwd)), ['../top.json', 'a.json']);
  assert.deepEqual(run(root, { patterns: ['a.json'] }, cwd).files, [
    { path: path.join(cwd, 'a.json'), rel: 'a.json', rules: [0] },
  ]);
});

test('node_modules is never searched', (t) => {
  const root = tree(
    t,
    { 'a.json': '{}', 'node_modules/p/x.json': '{}', 'd/node_modules/q/y.json': '{}', 'd/b.json': '{}' },
    { rules: [{ files: ['**/*.json'] }, { files: ['node_modules/**/*.json'] }] },
  );
  assert.deepEqual(rels(run(root)), ['a.json', 'd/b.json']);
  assert.deepEqual(rels(run(root, { patterns: ['d'] })), ['d/b.json']);
  assert.deepEqual(rels(run(root, { patterns: ['**/*.json'] })), ['a.json', 'd/b.json']);
  // Named one by one, it is reported as skipped rather than silently dropped.
  assert.deepEqual(run(root, { patterns: ['node_modules/p/x.json'] }), {
    files: [],
    skipped: [{ rel: 'node_modules/p/x.json', reason: 'ignored' }],
  });
});

test('a pattern that climbs with ../ reports normalised paths, and a file named twice is checked once', (t) => {
  const root = tree(t, { 'pkg/a.json': '{}', 'pkg/sub/b.json': '{}', 'other/c.json': '{}' }, ALL);
  const cwd = path.join(root, 'pkg');
  assert.deepEqual(run(root, { patterns: ['../**/*.json', 'a.json', 'sub'] }, cwd).files, [
    { path: path.join(root, 'other/c.json'), rel: '../other/c.json', rules: [0] },
    { path: path.join(cwd, 'a.json'), rel: 'a.json', rules: [0] },
    { path: path.join(cwd, 'sub/b.json'), rel: 'sub/b.json', rules: [0] },
  ]);
});

test('a pattern or a rule written with ./ finds each file once, under the name it has without ./', (t) => {
  const root = tree(t, { 'content/a/x.json': '{}', 'content/a/y.json': '{}' });
  assert.deepEqual(rels(run(root, { patterns: ['./content/a/*.json', 'content/a/*.json', './content/./a/y.json'] })), [
    'content/a/x.json',
    'content/a/y.json',
  ]);
  const configured = tree(t, { 'content/x.json': '{}' }, { rules: [{ files: ['./content/**/*.json'] }] });
  assert.deepEqual(rels(run(configured)), ['content/x.json']);
});

test('a symbolic link to a folder inside the project, named, stands for the data files below it; one out of the project is not followed', (t) => {
  const root = tree(t, { 'langs/en.json': '{}', 'langs/fr.json': '{}' });
  fs.symlinkSync('langs', path.join(root, 'dirlink'));
  assert.deepEqual(rels(run(root, { patterns: ['dirlink'] })), ['dirlink/en.json', 'dirlink/fr.json']);
  const outside = tree(t, { 'secret.json': '{}' });
  fs.symlinkSync(outside, path.join(root, 'outlink'));
  const [entry] = run(root, { patterns: ['outlink'] }).files;
  assert.equal(entry.rel, 'outlink');
  assert.match(entry.refused, /is a symbolic link out of the project/);
});

test('as in the shell, * and ** match no name starting with a dot; a pattern that spells the dot does', (t) => {
  const root = tree(t, {
    'a.yml': '{}',
    '.gitlab-ci.yml': '{}',
    '.github/workflows/ci.yml': '{}',
    'sub/.hidden/x.yml': '{}',
  });
  assert.deepEqual(rels(run(root, { patterns: ['**/*.yml'] })), ['a.yml']);
  assert.deepEqual(rels(run(root, { patterns: ['.github/**/*.yml', '.gitlab-ci.yml', '**/.hidden/*.yml'] })), [
    '.github/workflows/ci.yml',
    '.gitlab-ci.yml',
    'sub/.hidden/x.yml',
  ]);
  // A config's rule is a glob too: its files are those it spells.
  fs.writeFileSync(
    path.join(root, '.filecheckrc.json'),
    JSON.stringify({ rules: [{ files: ['**/*.yml'] }, { files: ['.github/**/*.yml'] }] }),
  );
  assert.deepEqual(rels(run(root)), ['.github/workflows/ci.yml', 'a.yml']);
});

test('an absolute glob finds each file once under its own path, also inside a git repository', (t) => {
  const root = tree(t, { '.gitignore': 'drop.json\n', 'a.json': '{}', 'sub/b.json': '{}', 'drop.json': '{}' }, ALL);
  execFileSync('git', ['init', '-q'], { cwd: root });
  const cwd = path.join(root, 'sub');
  assert.deepEqual(run(root, { patterns: [path.join(root, '**/*.json')] }, cwd).files, [
    { path: path.join(root, 'a.json'), rel: '../a.json', rules: [0] },
    { path: path.join(cwd, 'b.json'), rel: 'b.json', rules: [0] },
  ]);
});

test('node_modules is never searched, also from a directory argument inside it or a pattern that climbs with ../', (t) => {
  const root = tree(
    t,
    { 'node_modules/dep/data.json': '{}', 'pkg/node_modules/dep/x.json': '{}', 'pkg/good.json': '{}' },
    ALL,
  );
  assert.deepEqual(run(root, { patterns: ['node_modules/dep'], passWithNoFiles: true }), { files: [], skipped: [] });
  assert.deepEqual(run(root, { patterns: ['node_modules/dep/*.json'], passWithNoFiles: true }), {
    files: [],
    skipped: [],
  });
  const cwd = path.join(root, 'pkg');
  assert.deepEqual(run(root, { patterns: ['../**/*.json'] }, cwd).files, [
    { path: path.join(cwd, 'good.json'), rel: 'good.json', rules: [0] },
  ]);
  // A folder merely named like it is searched.
  const other = tree(t, { 'node_modules_backup/a.json': '{}', 'my_node_modules/b.json': '{}' }, ALL);
  assert.deepEqual(rels(run(other)), ['my_node_modules/b.json', 'node_modules_backup/a.json']);
});

test('.gitignore files are honoured inside a git repository: root, nested, negation, info/exclude', (t) => {
  const root = tree(
    t,
    {
      '.gitignore': 'drop.json\nbuild/\n',
      'keep.json': '{}',
      'drop.json': '{}',
      'build/out.json': '{}',
      'sub/.gitignore': '*.json\n!keep.json\n',
      'sub/keep.json': '{}',
      'sub/drop.json': '{}',
      'sub/deeper/keep.json': '{}',
      'sub/deeper/other.json': '{}',
      'anchored/.gitignore': '/here.json\n',
      'anchored/here.json': '{}',
      'anchored/below/here.json': '{}',
      'excluded.json': '{}',
    },
    ALL,
  );
  execFileSync('git', ['init', '-q'], { cwd: root });
  fs.appendFileSync(path.join(root, '.git', 'info', 'exclude'), 'excluded.json\n');
  assert.deepEqual(rels(run(root)), ['anchored/below/here.json', 'keep.json', 'sub/deeper/keep.json', 'sub/keep.json']);
  // The same through a pattern's walk, which tells which folders hold a .gitignore (gitignore.js).
  assert.deepEqual(rels(run(root, { patterns: ['**/*.json'] })), [
    'anchored/below/here.json',
    'keep.json',
    'sub/deeper/keep.json',
    'sub/keep.json',
  ]);
  // Named files are ignored too, and said to be.
  assert.deepEqual(run(root, { patterns: ['drop.json', 'sub/drop.json', 'keep.json'] }), {
    files: [{ path: path.join(root, 'keep.json'), rel: 'keep.json', rules: [0] }],
    skipped: [
      { rel: 'drop.json', reason: 'ignored' },
      { rel: 'sub/drop.json', reason: 'ignored' },
    ],
  });
});

test("gitignoreFilter takes a walk's word on which folders hold a .gitignore, and reads the others", (t) => {
  const root = tree(
    t,
    { '.gitignore': 'a.json\n', 'sub/.gitignore': 'b.json\n', 'sub/b.json': '{}', 'a.json': '{}' },
    ALL,
  );
  execFileSync('git', ['init', '-q'], { cwd: root });
  // The walk read sub/ and saw no .gitignore there (it was written after): sub/'s is not read.
  const walked = new Map([[path.join(root, 'sub'), false]]);
  const isIgnored = gitignoreFilter(root, walked);
  assert.equal(isIgnored(path.join(root, 'sub', 'b.json')), false);
  assert.equal(isIgnored(path.join(root, 'a.json')), true); // root: not walked, read
  assert.equal(gitignoreFilter(root)(path.join(root, 'sub', 'b.json')), true);
});

test('a file git tracks is checked even when a .gitignore matches it, as git itself does not ignore it', (t) => {
  const root = tree(t, { 'data/fr.json': '{}', 'data/en.json': '{}' }, ALL);
  const git = (...args) =>
    execFileSync(
      'git',
      ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', '-c', 'commit.gpgsign=false', ...args],
      { cwd: root },
    );
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'data');
  fs.writeFileSync(path.join(root, '.gitignore'), 'data/fr.json\ndata/new.json\n');
  fs.writeFileSync(path.join(root, 'data/new.json'), '{}');
  assert.deepEqual(rels(run(root)), ['data/en.json', 'data/fr.json']);
});

test("a rule's ignore leaves its files out of the rule, silently in a run without patterns", (t) => {
  const root = tree(
    t,
    { 'a.json': '{}', 'drafts/b.json': '{}', 'drafts/c.json': '{}' },
    { rules: [{ files: ['**/*.json'], ignore: ['drafts/**'] }] },
  );
  assert.deepEqual(run(root), { files: [{ path: path.join(root, 'a.json'), rel: 'a.json', rules: [0] }], skipped: [] });
  // Named on the command line: the rule still does not apply.
  assert.deepEqual(run(root, { patterns: ['drafts/b.json'] }), {
    files: [],
    skipped: [{ rel: 'drafts/b.json', reason: 'ignored by rule "rules[0]"' }],
  });
});

test("a rule's ignore does not hide the file from another rule", (t) => {
  const root = tree(
    t,
    { 'drafts/b.json': '{}' },
    { rules: [{ files: ['**/*.json'], ignore: ['drafts/**'] }, { files: ['drafts/*.json'] }] },
  );
  assert.deepEqual(run(root).files, [{ path: path.join(root, 'drafts/b.json'), rel: 'drafts/b.json', rules: [1] }]);
});

test("the config's ignore and --ignore apply to every run: a folder's and a glob's files are left out, a named file skipped", (t) => {
  const root = tree(
    t,
    { 'a.json': '{}', 'broken/x.json': '{}', 'broken/y.json': '{}', 'tmp/z.json': '{}' },
    { rules: [{ files: ['**/*.json'] }], ignore: ['broken/**'] },
  );
  assert.deepEqual(rels(run(root)), ['a.json', 'tmp/z.json']);
  assert.deepEqual(run(root, { patterns: ['broken/x.json'] }), {
    files: [],
    skipped: [{ rel: 'broken/x.json', reason: 'ignored' }],
  });
  assert.deepEqual(run(root, { patterns: ['broken/*.json'] }), { files: [], skipped: [] });
  assert.deepEqual(run(root, { patterns: ['broken'] }), { files: [], skipped: [] });
  assert.deepEqual(rels(run(root, { patterns: ['.'] })), ['a.json', 'tmp/z.json']);
  // --ignore (relative to the working directory) applies in both kinds of run.
  assert.deepEqual(rels(run(root, { ignore: ['tmp/**'] })), ['a.json']);
  assert.deepEqual(rels(run(root, { patterns: ['**/*.json'], ignore: ['tmp/**'] })), ['a.json']);
  assert.deepEqual(run(root, { patterns: ['tmp/z.json'], ignore: ['tmp/**'] }), {
    files: [],
    skipped: [{ rel: 'tmp/z.json', reason: 'ignored' }],
  });
});

test('a folder ignored whole ("**": the cache\'s, the pulled schemas\') leaves out what is below it, and only that', (t) => {
  const root = tree(t, {
    'a.json': '{}',
    'cache/r.json': '{}',
    'cache/.d/s.json': '{}',
    'cache2/b.json': '{}',
    'sub/cache/c.json': '{}',
  });
  const config = loadConfig({ patterns: ['**/*.json', 'cache/.d/s.json'] }, { cwd: root, env: {} });
  // As the cache's own folder is left out (load-config.js), and the same written by hand from a
  // subfolder, where the other files' paths relative to it climb out with ../
  for (const base of [path.join(root, 'cache'), path.join(root, 'sub', 'cache')]) {
    const found = discover({ ...config, ignore: [{ base, globs: ['**'] }] });
    const left = base.endsWith('sub/cache')
      ? ['cache/.d/s.json', 'cache/r.json', 'cache2/b.json']
      : ['cache2/b.json', 'sub/cache/c.json'];
    assert.deepEqual(rels(found), ['a.json', ...left]);
  }
});

test('a file matched by two rules gets both rule ids; command-line checks add one more rule', (t) => {
  const root = tree(
    t,
    { 'a/x.json': '{}', 'b/y.json': '{}' },
    { rules: [{ files: ['a/*.json'] }, { files: ['**/*.json'] }, { files: ['b/**'] }] },
  );
  const { files } = run(root);
  assert.deepEqual(files, [
    { path: path.join(root, 'a/x.json'), rel: 'a/x.json', rules: [0, 1] },
    { path: path.join(root, 'b/y.json'), rel: 'b/y.json', rules: [1, 2] },
  ]);
  const withCli = run(root, { patterns: ['a/x.json'], require: ['k'] });
  assert.deepEqual(withCli.files, [{ path: path.join(root, 'a/x.json'), rel: 'a/x.json', rules: [0, 1, -1] }]);
});

test('files with the same rules share one rules array', (t) => {
  const root = tree(t, { 'a.json': '{}', 'b.json': '{}' }, ALL);
  const { files } = run(root);
  assert.equal(files[0].rules, files[1].rules);
});

test('named files that match no rule are skipped with a reason', (t) => {
  const root = tree(t, { 'a.json': '{}', 'notes.txt': 'x', 'other/b.json': '{}' }, { rules: [{ files: ['*.json'] }] });
  assert.deepEqual(run(root, { patterns: ['a.json', 'notes.txt', 'other/b.json'] }), {
    files: [{ path: path.join(root, 'a.json'), rel: 'a.json', rules: [0] }],
    skipped: [
      { rel: 'notes.txt', reason: 'matches no rule' },
      { rel: 'other/b.json', reason: 'matches no rule' },
    ],
  });
  assert.deepEqual(run(root, { patterns: ['**/*.json'] }).skipped, [
    { rel: 'other/b.json', reason: 'matches no rule' },
  ]);
});

test('without a config every matched file gets the command-line rule', (t) => {
  const root = tree(t, { 'a.json': '{}', 'b.txt': 'x' });
  assert.deepEqual(run(root, { patterns: ['a.json', 'b.txt'] }), {
    files: [
      { path: path.join(root, 'a.json'), rel: 'a.json', rules: [-1] },
      { path: path.join(root, 'b.txt'), rel: 'b.txt', rules: [-1], jsonByDefault: true }, // its name says no format
    ],
    skipped: [],
  });
});

test('a dangling symlink is included as a special entry; a directory named like a data file is a folder', (t) => {
  const root = tree(t, { 'a.json': '{}', 'x.json/inner.txt': 'x', 'x.json/in.json': '{}' }, ALL);
  fs.symlinkSync('missing.json', path.join(root, 'dangling.json'));
  const a = { path: path.join(root, 'a.json'), rel: 'a.json', rules: [0] };
  const dangling = { path: path.join(root, 'dangling.json'), rel: 'dangling.json', rules: [0], special: true };
  const inner = { path: path.join(root, 'x.json', 'in.json'), rel: 'x.json/in.json', rules: [0] };
  assert.deepEqual(run(root), { files: [a, dangling, inner], skipped: [] });
  assert.deepEqual(run(root, { patterns: ['*.json'] }), { files: [a, dangling], skipped: [] });
  assert.deepEqual(run(root, { patterns: ['a.json', 'dangling.json', 'x.json'] }), {
    files: [a, dangling, inner],
    skipped: [],
  });
});

test('a symlink to a file: found by a glob it is a file; named, it is checked with care', (t) => {
  const root = tree(t, { 'a.json': '{}' }, ALL);
  fs.symlinkSync('a.json', path.join(root, 'link.json'));
  assert.deepEqual(run(root).files[1], { path: path.join(root, 'link.json'), rel: 'link.json', rules: [0] });
  assert.deepEqual(run(root, { patterns: ['link.json'] }).files, [
    { path: path.join(root, 'link.json'), rel: 'link.json', rules: [0], special: true },
  ]);
});

test('a named pipe found by a glob is a special entry', (t) => {
  const root = tree(t, {}, ALL);
  execFileSync('mkfifo', [path.join(root, 'pipe.json')]);
  assert.deepEqual(run(root).files, [
    { path: path.join(root, 'pipe.json'), rel: 'pipe.json', rules: [0], special: true },
  ]);
});

test('a pattern that matches nothing is a UsageError, unless --pass-with-no-files', (t) => {
  const root = tree(t, { 'a.json': '{}' }, ALL);
  assert.throws(
    () => run(root, { patterns: ['a.json', 'nope.json', 'none/*.json'] }),
    (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(error.message, 'no files match "nope.json", "none/*.json" (use --pass-with-no-files to allow this)');
      return true;
    },
  );
  assert.deepEqual(rels(run(root, { patterns: ['a.json', 'nope.json'], passWithNoFiles: true })), ['a.json']);
});

test('a pattern typed with Windows backslashes that matches nothing is told that patterns use "/", with the pattern so written', (t) => {
  const root = tree(t, { 'content/a/x.json': '{}' }, ALL);
  assert.throws(
    () => run(root, { patterns: ['content\\**\\*.json', 'nope.json'] }),
    (error) => {
      assert.ok(error instanceof UsageError);
      assert.equal(
        error.message,
        'no files match "content\\**\\*.json", "nope.json" (use --pass-with-no-files to allow this); patterns use "/" between folders, also on Windows, where "\\" escapes the next character: write "content/**/*.json"',
      );
      return true;
    },
  );
  assert.deepEqual(rels(run(root, { patterns: ['content/**/*.json'] })), ['content/a/x.json']);
});

test('a pattern that matches only files another pattern already found is not "matching nothing"', (t) => {
  const root = tree(t, { 'a.json': '{}', 'b.json': '{}' }, ALL);
  assert.deepEqual(rels(run(root, { patterns: ['*.json', 'a.json', 'a*.json'] })), ['a.json', 'b.json']);
});

test('rules relative to one folder share one walk and each keeps its own globs and ignores', (t) => {
  const root = tree(
    t,
    { 'a/x.json': '{}', 'a/skip.json': '{}', 'b/y.json': '{}', 'c/z.json': '{}' },
    {
      rules: [
        { files: ['a/*.json'], ignore: ['a/skip.json'] },
        { files: ['a/*.json', 'b/*.json'] },
        { files: ['c/*.json', 'a/x.json'] },
      ],
    },
  );
  assert.deepEqual(
    run(root).files.map(({ rel, rules }) => [rel, rules]),
    [
      ['a/skip.json', [1]],
      ['a/x.json', [0, 1, 2]],
      ['b/y.json', [1]],
      ['c/z.json', [2]],
    ],
  );
});

test('a config whose rules match nothing gives no files and no error', (t) => {
  const root = tree(t, { 'a.txt': 'x' }, ALL);
  assert.deepEqual(run(root), { files: [], skipped: [] });
});
