// Property: for random trees (dot names, node_modules, folders named like data files, symbolic links
// to files, to folders, out of the project, broken, and looping) and random simple patterns,
// simple-walk.js finds exactly the entries but folders fast-glob finds with the options discover.js
// gave it, each with the same kind (file, link, other); and walkAll those catalog discovery gave it.
// Repeat a failure with FUZZ_SEED=<seed>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { createRandom, fuzzSeed } from '../helpers/random.js';
import { areSimple, walkAll, walkSimple } from '../../runner/files/simple-walk.js';
import { linkPolicy } from '../../runner/files/symlink-policy.js';

const require = createRequire(import.meta.url);
const fastGlob = require('fast-glob');
const picomatch = require('picomatch');

const SEED = fuzzSeed();
const TREES = 12;
const PATTERNS = 40; // per tree
const NAMES = ['a', 'b', 'content', 'en', 'x.json', '.hidden', '.git', 'node_modules', 'data', 'a b', '[x]'];
const FILES = ['a.json', 'b.yaml', 'c.yml', 'd.toml', 'e.md', '.dot.json', 'f.JSON', 'g.json5', 'h', 'index.json'];
const SEGMENTS = [
  '*',
  '**',
  'a',
  'content',
  'en',
  'x.json',
  'data',
  '*.json',
  'a*',
  '?',
  '{a,b}',
  '*.{json,yaml}',
  '.hidden',
  '.*',
];
const LAST = [
  '*.json',
  '*',
  '**',
  '*.{json,yaml,yml}',
  'a.json',
  '?.json',
  '*.@(json|toml)',
  'index.json',
  '[ab].*',
  '.dot.json',
  '.*.json',
];

function makeRandomTree(random, root, outside) {
  const folders = [root];
  for (let i = 0; i < random.int(4, 12); i++) {
    const folder = path.join(random.pick(folders), random.pick(NAMES));
    fs.mkdirSync(folder, { recursive: true });
    folders.push(folder);
  }
  for (const folder of folders)
    for (const name of random.subset(FILES, 0.4)) fs.writeFileSync(path.join(folder, name), '{}');
  const targets = [
    () => path.join(random.pick(folders), random.pick(FILES)), // a file, maybe absent: a broken link
    () => random.pick(folders), // a folder, maybe one that holds the link: a loop
    () => outside, // out of the project
  ];
  for (let i = 0; i < random.int(0, 4); i++) {
    const link = path.join(random.pick(folders), `link${i}${random.pick(['', '.json'])}`);
    try {
      fs.symlinkSync(random.pick(targets)(), link);
    } catch {} // a name taken already
  }
}

function randomPattern(random) {
  const segments = Array.from({ length: random.int(0, 3) }, () => random.pick(SEGMENTS));
  return [...segments, random.pick(LAST)].join('/');
}

// Each entry but folders as `path kind`, sorted, once: what discover.js reads of them (it drops
// duplicates and folders).
const described = (entries) =>
  entries
    .filter(({ dirent }) => !dirent.isDirectory())
    .map(({ path: listed, dirent }) => {
      const kind = dirent.isSymbolicLink() ? 'link' : dirent.isFile() ? 'file' : 'other';
      return `${listed} ${kind}`;
    })
    .filter((entry, index, all) => all.indexOf(entry) === index) // fast-glob lists a file once per pattern
    .sort();

test(`simple walk finds what fast-glob finds (FUZZ_SEED=${SEED})`, () => {
  const random = createRandom(SEED);
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-simple-walk-'));
  try {
    const outside = path.join(top, 'outside');
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'o.json'), '{}');
    let compared = 0;
    for (let t = 0; t < TREES; t++) {
      const root = path.join(top, `tree${t}`);
      fs.mkdirSync(root);
      makeRandomTree(random, root, outside);
      for (let p = 0; p < PATTERNS; p++) {
        const patterns = Array.from({ length: random.int(1, 2) }, () => randomPattern(random));
        if (!areSimple(patterns)) continue;
        const expected = fastGlob.sync(patterns, {
          cwd: root,
          objectMode: true,
          fs: linkPolicy(root).fs,
          onlyFiles: false,
          ignore: ['**/node_modules/**'],
          dot: false,
          suppressErrors: true,
          unique: false,
        });
        const actual = walkSimple(patterns, root, linkPolicy(root).fs, picomatch);
        assert.deepEqual(
          described(actual),
          described(expected),
          `tree${t}, patterns ${JSON.stringify(patterns)} (FUZZ_SEED=${SEED})`,
        );
        compared++;
      }
      // Catalog discovery's walk: every name, but node_modules, .git, and the subfolders of a dot folder not named.
      const named = random.subset(['.hidden'], 0.5);
      const unnamed = named.length ? `**/.!(${named.map((name) => name.slice(1)).join('|')})/*/**` : '**/.*/*/**';
      const expected = fastGlob.sync(['**'], {
        cwd: root,
        objectMode: true,
        fs: linkPolicy(root).fs,
        onlyFiles: false,
        ignore: ['**/node_modules/**', '**/.git/**', unnamed],
        dot: true,
        suppressErrors: true,
        unique: false,
      });
      const inNamedFolders = ({ path: rel }) =>
        rel
          .split('/')
          .slice(0, -2)
          .every((folder) => !folder.startsWith('.') || named.includes(folder));
      assert.deepEqual(
        described(walkAll(root, linkPolicy(root).fs, new Set(named))),
        described(expected.filter(inNamedFolders)),
        `tree${t}, catalog discovery's walk, dot folders ${JSON.stringify(named)} (FUZZ_SEED=${SEED})`,
      );
    }
    assert.ok(compared >= TREES * PATTERNS * 0.5, `only ${compared} simple cases drawn`);
  } finally {
    fs.rmSync(top, { recursive: true, force: true });
  }
});

test('what is simple, and what goes to fast-glob', () => {
  for (const pattern of [
    'content/**/*.json',
    '*.yaml',
    '**/*.{json,yaml}',
    'locales/*.json',
    'a/b/c.json',
    'x.json/**',
    '**',
    '.github/*.yml',
    '**/.x/*.json',
    '**/?.json',
  ])
    assert.ok(areSimple([pattern]), pattern);
  for (const pattern of [
    '../up/*.json',
    './a/*.json',
    '/abs/*.json',
    '!a.json',
    'a\\*.json',
    '?/*.json',
    '{a/b,c}/*.json',
    '{.a,b}/*.json',
  ])
    assert.ok(!areSimple([pattern]), pattern);
});
