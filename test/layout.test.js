// test/'s layout (test/README.md): `npm test` runs every *.test.js under test/. Its script names the
// files by sh globs, as npm runs it with sh and Node 20's `node --test` expands no glob itself: a test
// file one folder deeper than the globs reach, or a glob that reaches nothing, would go unrun in silence.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const script = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).scripts.test;
const globs = script.split(/\s+/).filter((word) => word.startsWith('test/'));

/** An sh glob's regex: `*` is any name or part of one, never a `/`. */
const globRegex = (glob) => new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '[^/]*')}$`);

/** Every *.test.js under test/, by its path from the repository; fixtures are data, never run. */
function testFiles(dir = 'test') {
  return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return rel === 'test/fixtures' ? [] : testFiles(rel);
    return entry.name.endsWith('.test.js') ? [rel] : [];
  });
}

test("npm test's globs reach every test file under test/, and each glob reaches one at least", () => {
  assert.match(script, /^node --test /);
  assert.ok(globs.length > 0, script);
  for (const glob of globs) assert.ok(!glob.includes('**'), `${glob}: sh has no **, it is read as *`);
  const files = testFiles();
  assert.ok(files.length > 70, `only ${files.length} test files found`);
  const regexes = globs.map(globRegex);
  assert.deepEqual(
    files.filter((file) => !regexes.some((regex) => regex.test(file))),
    [],
    `test files the script "${script}" does not run`,
  );
  for (const [i, glob] of globs.entries())
    assert.ok(
      files.some((file) => regexes[i].test(file)),
      `${glob} reaches no file: sh would pass it to node as it is`,
    );
});

test('npm run fuzz runs every test file that draws its cases from a seed (fuzzSeed), and only those', () => {
  const listed = [
    ...fs.readFileSync(path.join(REPO, 'scripts', 'fuzz.js'), 'utf8').matchAll(/'(test\/[^']+\.test\.js)'/g),
  ].map(([, file]) => file);
  const seeded = testFiles().filter((file) => /\bfuzzSeed\(/.test(fs.readFileSync(path.join(REPO, file), 'utf8')));
  assert.ok(seeded.length >= 5, `only ${seeded.length} seeded test files found`);
  assert.deepEqual([...listed].sort(), seeded.sort());
});
