// simple-glob.js makes the regex of a catalog's simple globs itself, without picomatch: it must
// answer as picomatch does with { dot: true }, as catalog.js reads every glob (`**/` before it).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { simpleGlobRegex } from '../../validators/json-schema/simple-glob.js';

const picomatch = createRequire(import.meta.url)('picomatch');

// The shapes of SchemaStore's globs, and paths that take each wildcard to its edges: nothing, a
// dot name, several folders, empty and `.`/`..` folders, a leading slash (a path outside the
// project). Only a file's path: never empty, never ending in a slash.
const GLOBS = [
  'package.json',
  '.github/workflows/*.yml',
  '**/.github/workflows/*.yaml',
  'tsconfig.*.json',
  '*.schema.json',
  '.vscode/settings.json',
  'jobs/*/config/bpm.yml',
  'charts/*/tests/*.yaml',
  '**/config/**/*.json',
  'docker-compose.*.yml',
  'a b/@scope-x/*',
  '*',
  '*.*',
  'x**y.json',
];
const FILLS = ['', 'a', '.a', 'a.b', 'x/y', '.github', '..x', 'a b', '@s-c'];
const EXTRA = ['.', '..', './package.json', 'a/./package.json', '../package.json', 'a/../package.json'];

test('a simple glob matches what picomatch matches, { dot: true }, on paths that take it to its edges', () => {
  let compared = 0;
  for (const glob of GLOBS) {
    const full = `**/${glob}`;
    const ours = simpleGlobRegex(full);
    assert.ok(ours, `${glob} is simple`);
    const theirs = picomatch(full, { dot: true });
    const paths = new Set(EXTRA);
    for (const a of FILLS)
      for (const b of FILLS) {
        const filled = glob.replace(/\*\*/g, a).replace(/\*/g, b);
        for (const prefix of ['', 'p/', '/abs/', 'p//', '.hidden/']) paths.add(`${prefix}${filled}`);
      }
    for (const path of [...paths].filter((each) => each && !each.endsWith('/'))) {
      assert.equal(ours.test(path), theirs(path), `${glob} on ${JSON.stringify(path)}`);
      compared++;
    }
  }
  assert.ok(compared > 1000, `${compared} paths compared`);
});

test('any other glob is left to picomatch', () => {
  for (const glob of [
    '**/manifests/?/*.yaml',
    '**/.github/ISSUE_TEMPLATE/!(config).yml',
    '**/*.{yml,yaml}',
    '**/[ab].json',
    '**/a\\*.json',
    '**/config/**',
    '**/./package.json',
    '**/../package.json',
    '**/a//b.json',
    '**/***',
    '**/a+(b).json',
    '**/$schema.json',
  ])
    assert.equal(simpleGlobRegex(glob), null, glob);
});
