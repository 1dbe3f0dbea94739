#!/usr/bin/env node
// filecheck/test under Vitest, which is not a dependency of filecheck: a project in a temporary
// folder installs Vitest (npm, from the registry), links this repository as node_modules/filecheck,
// and runs a test file of `test.each(await checkFiles(…))('$path', assertPassed)`. Checks that each
// file is a test, and that the failing file's test fails with its problems as the message.
// usage: node bench/vitest-check-files.js [vitest version, default 4]
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const version = process.argv[2] ?? '4';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-vitest-'));
const write = (rel, text) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), text);
};
try {
  write('package.json', JSON.stringify({ type: 'module', private: true }));
  write('page.schema.json', JSON.stringify({ type: 'object', properties: { title: { type: 'string' } } }));
  write('content/index.json', '{"title": "Home"}\n');
  write('content/about.json', '{\n  "title": 2\n}\n');
  write(
    'content.test.js',
    `import { test } from 'vitest';
import { checkFiles, assertPassed } from 'filecheck/test';

test.each(await checkFiles({ patterns: ['content/*.json'], schema: 'page.schema.json' }))('$path', assertPassed);
`,
  );
  const npm = spawnSync('npm', ['install', '--no-audit', '--no-fund', `vitest@${version}`], {
    cwd: dir,
    encoding: 'utf8',
  });
  assert.equal(npm.status, 0, npm.stderr);
  fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'filecheck'), 'dir');
  const vitest = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--reporter=verbose'], {
    cwd: dir,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1' },
  });
  const output = vitest.stdout + vitest.stderr;
  process.stdout.write(output);
  assert.equal(vitest.status, 1);
  // Vitest names a test by $path's value, quoted: 'content/index.json'.
  assert.match(output, /✓ content\.test\.js > 'content\/index\.json'/);
  assert.match(output, /× content\.test\.js > 'content\/about\.json'/);
  assert.match(
    output,
    /AssertionError: content\/about\.json failed with 1 problem:\ncontent\/about\.json:2:12 must be string/,
  );
  assert.match(output, /Tests {2}1 failed \| 1 passed \(2\)/);
  console.log(`\nVitest ${version}: one test per file, the failing file's problems its message: as expected`);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
