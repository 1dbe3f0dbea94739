// Through the real bin: a pointer's trailing `~` names the keys of a keyed data file (Docusaurus'
// blog/authors.yml, Jekyll's _data, Hugo's data), and `"file": { "root": … }` resolves root-relative
// paths against the folders a site serves `/` from (Docusaurus' static/, Next.js' public/).
import assert from 'node:assert/strict';
import test from 'node:test';
import { failedPaths, makeTree, runCli } from '../helpers/cli.js';

const config = (rules) => JSON.stringify({ rules });

const AUTHORS = 'hector:\n  name: Hector\n  url: https://x.org\nlorenzo:\n  name: Lorenzo\n';

test('references: "to": "/*~" matches the keys of a keyed data file, and a failure names its place', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config([
      { name: 'authors', files: ['blog/authors.yml'] },
      {
        name: 'posts',
        files: ['blog/*.md'],
        references: [{ from: '/authors/*', to: '/*~', in: 'authors' }],
      },
    ]),
    'blog/authors.yml': AUTHORS,
    'blog/good.md': '---\ntitle: Good\nauthors: [hector, lorenzo]\n---\nText\n',
    'blog/bad.md': '---\ntitle: Bad\nauthors:\n  - hectr\n---\nText\n',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['blog/bad.md']);
  assert.match(
    stdout,
    /blog\/bad\.md:4:5 {2}\/authors\/0: "hectr" is not a \/\*~ of any file of rule "authors"; did you mean "hector"\?/,
  );
});

test('references: a "to" that finds only objects says so, and how to match their keys', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config([
      { name: 'authors', files: ['blog/authors.yml'] },
      { name: 'posts', files: ['blog/*.md'], references: [{ from: '/authors/*', to: '/*', in: 'authors' }] },
    ]),
    'blog/authors.yml': AUTHORS,
    'blog/good.md': '---\nauthors: [hector]\n---\n',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.match(
    stdout,
    /\/authors\/0: "hector" is not a \/\* of any file of rule "authors" \(the values at \/\* of rule "authors" are objects: to match their keys, write "\/\*~"\)/,
  );
});

test('unique: "/*~" finds a key written in two files, placed at each key', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config([{ name: 'data', files: ['data/*.yml'], unique: ['/*~'] }]),
    'data/a.yml': 'one: 1\nshared:\n  x: 1\n',
    'data/b.yml': '# b\nshared: 2\ntwo: 2\n',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.match(stdout, /data\/a\.yml:2:1 {2}\/shared: "shared" is also at data\/b\.yml/);
  assert.match(stdout, /also at data\/b\.yml:2:1 \(\/shared: "shared"\)/);
  assert.match(stdout, /data\/b\.yml:2:1 {2}\/shared: "shared" is also at data\/a\.yml/);
});

test('a pointer that ends in ~ with nothing to name is a configuration error (exit 2)', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config([{ name: 'data', files: ['data/*.yml'], unique: ['~'] }]),
    'data/a.yml': 'a: 1\n',
  });
  const { code, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 2, stderr);
  assert.match(stderr, /unique/);
});

const SITE = {
  'static/blog/assets/dark-hero.png': 'png',
  'public/logo.svg': 'svg',
  'blog/a.md': '---\nhero: /blog/assets/dark-hero.png\nlogo: /logo.svg\nlocal: ./b.md\n---\n',
  'blog/b.md': '---\nhero: /blog/assets/gone.png\n---\n',
};

test('references: "file": { "root": "static" } resolves root-relative paths against static/', async (t) => {
  const dir = makeTree(t, {
    ...SITE,
    '.filecheckrc.json': config([
      { name: 'posts', files: ['blog/*.md'], references: [{ from: '/hero', file: { root: 'static' } }] },
    ]),
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['blog/b.md']);
  assert.match(
    stdout,
    /blog\/b\.md:2:7 {2}\/hero: "\/blog\/assets\/gone\.png" names no file or folder \(no static\/blog\/assets\/gone\.png\)/,
  );
});

test("references: several roots: a root-relative path is found in any; a relative one is still the file's", async (t) => {
  const dir = makeTree(t, {
    ...SITE,
    '.filecheckrc.json': config([
      {
        name: 'posts',
        files: ['blog/*.md'],
        references: [
          { from: '/hero', file: { root: ['static', 'public'] } },
          { from: '/logo', file: { root: ['static', 'public'] } },
          { from: '/local', file: { root: 'static' } },
        ],
      },
    ]),
  });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['blog/b.md']);
  assert.match(stdout, /\(no static\/blog\/assets\/gone\.png or public\/blog\/assets\/gone\.png\)/);
  const listed = await runCli(['--list-files', '--verbose'], { cwd: dir });
  assert.match(
    listed.stdout,
    /references \/hero to a file \(\/ from static, public\), .*\/local to a file \(\/ from static\)/,
  );
});

test('references: "file": true still resolves root-relative paths against the config\'s folder', async (t) => {
  const dir = makeTree(t, {
    ...SITE,
    '.filecheckrc.json': config([{ name: 'posts', files: ['blog/a.md'], references: [{ from: '/hero', file: true }] }]),
  });
  const { code, stdout } = await runCli([], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stdout, /\(no blog\/assets\/dark-hero\.png\)/);
});

test('references: a "root" that is not a folder name or list is a configuration error (exit 2)', async (t) => {
  for (const file of [{ root: '' }, { root: [] }, { root: 3 }, { roots: 'static' }, false]) {
    const dir = makeTree(t, {
      ...SITE,
      '.filecheckrc.json': config([{ name: 'posts', files: ['blog/*.md'], references: [{ from: '/hero', file }] }]),
    });
    const { code, stderr } = await runCli([], { cwd: dir });
    assert.equal(code, 2, `${JSON.stringify(file)}: ${stderr}`);
    assert.match(stderr, /references|file|root/, JSON.stringify(file));
  }
});

test('sameKeysAs: a missing array or object is one problem, for its key; the indexes a shorter array lacks come in numeric order', async (t) => {
  const items = (n) => Array.from({ length: n }, (_, i) => `a${i}`);
  const dir = makeTree(t, {
    '.filecheckrc.json': config([{ name: 'l', files: ['*.json'], sameKeysAs: { source: 'en.json', missing: 'warn' } }]),
    'en.json': JSON.stringify({ adjectives: items(20), obj: { a: 'x', b: { c: 'y' } }, short: items(12) }),
    'de.json': JSON.stringify({ short: items(2) }),
  });
  const run = await runCli(['-r', 'json', '--workers', '0'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  const [de] = JSON.parse(run.stdout).files;
  assert.deepEqual(
    de.problems.map((p) => `${p.line}:${p.column} ${p.message}`),
    [
      '1:1 missing key /adjectives (en.json has it)',
      '1:1 missing key /obj (en.json has it)',
      ...items(12)
        .slice(2)
        .map((_, i) => `1:10 missing key /short/${i + 2} (en.json has it)`),
    ],
  );
  assert.deepEqual(
    de.problems[0].related.map((r) => `${r.path}:${r.line}:${r.column}`),
    ['en.json:1:15'],
  );
});
