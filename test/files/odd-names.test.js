// Names that hold a line terminator (LF, CR, U+2028, U+2029) or another control character are
// names like any other for every way discovery finds files: a folder named on the command line, a
// glob with `**`, a rule's globs, a catalog's fileMatch, --ignore, the config's ignore, .gitignore,
// the configs below the run's. picomatch's `**` once matched none of them: they went unchecked,
// without a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { filesLine, makeTree, runCli, writeTree } from '../helpers/cli.js';
import { refGlobs } from '../../runner/watch/rule-dependencies.js';

// One of each kind of odd character: LF, CR, another control character, the two Unicode line terminators.
const ODD = ['a\nb', 'c\rd', 'e\u0001f', 'g\u2028h', 'i\u2029j'];

// Whether this filesystem takes such names (some refuse control characters): else the tests skip.
const accepted = (() => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-odd-'));
  try {
    for (const name of ODD) fs.writeFileSync(path.join(dir, name), '');
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
})();
const skip = !accepted && 'this filesystem refuses names with control characters';

// `--list-files` quotes such a name as git does (docs/cli.md): the list, read back.
const listed = (stdout) =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => (line.startsWith('"') ? JSON.parse(line) : line))
    .sort();

// Under x/: ok.json, then for each odd name a file `<odd>.json` and a folder `<odd>/` holding package.json.
function oddTree(t, extra = {}) {
  const files = { 'x/ok.json': '{}', ...extra };
  for (const name of ODD) {
    files[`x/${name}.json`] = '{';
    files[`x/${name}/package.json`] = '{';
  }
  return makeTree(t, files);
}
const ALL_ODD = [...ODD.flatMap((name) => [`x/${name}.json`, `x/${name}/package.json`]), 'x/ok.json'].sort();
const PACKAGES = ODD.map((name) => `x/${name}/package.json`).sort();

test('a folder named on the command line and a glob with ** find every name below them', { skip }, async (t) => {
  const dir = oddTree(t);
  for (const args of [['x'], ['x/**'], ['x/**/*.json'], ['**/*.json']]) {
    const { code, stdout, stderr } = await runCli(['--list-files', ...args], { cwd: dir });
    assert.equal(code, 0, stderr);
    assert.deepEqual(listed(stdout), ALL_ODD, args.join(' '));
  }
  // A pattern that spells a dot folder, which simple-walk.js walks too.
  writeTree(dir, Object.fromEntries(ODD.map((name) => [`.github/${name}/w.yml`, 'a: 1'])));
  const dotted = await runCli(['--list-files', '.github/**/*.yml'], { cwd: dir });
  assert.deepEqual(listed(dotted.stdout), ODD.map((name) => `.github/${name}/w.yml`).sort());
  const { code, stdout } = await runCli(['x/**/package.json'], { cwd: dir });
  assert.equal(code, 1);
  assert.equal(filesLine(stdout), `Files: ${ODD.length} failed, 0 passed, ${ODD.length} total`);
});

test("a rule's globs and a catalog's fileMatch find every name, in a run without patterns", { skip }, async (t) => {
  const dir = oddTree(t, {
    'schema.json': JSON.stringify({ type: 'object' }),
    'catalog.json': JSON.stringify({
      schemas: [
        { name: 'package', url: 'schema.json', fileMatch: ['package.json'] },
        { name: 'data', url: 'schema.json', fileMatch: ['x/*.{json,yaml}'] },
      ],
    }),
  });
  writeTree(dir, { '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['**/package.json'] }] }) });
  let run = await runCli(['--list-files'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(listed(run.stdout), PACKAGES);
  fs.rmSync(path.join(dir, '.filecheckrc.json'));
  run = await runCli(['--list-files', '--catalog', 'catalog.json'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(listed(run.stdout), ALL_ODD);
});

test("--ignore, the config's ignore and .gitignore leave out such names", { skip }, async (t) => {
  const dir = oddTree(t);
  const oddFiles = ODD.map((name) => `x/${name}.json`).sort();
  let run = await runCli(['--list-files', '--ignore', '**/package.json', '--ignore', '**/?*?.json', 'x'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(listed(run.stdout), []);
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({ ignore: ['**/package.json'], rules: [{ files: ['x/**'] }] }),
  });
  run = await runCli(['--list-files'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(listed(run.stdout), [...oddFiles, 'x/ok.json']);
  writeTree(dir, { '.gitignore': '?*?.json\n!ok.json\n' });
  run = await runCli(['--list-files', 'x'], { cwd: dir });
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(listed(run.stdout), ['x/ok.json']);
});

test('a config in a folder with such a name gives the files below it its rules', { skip }, async (t) => {
  const name = 'p\nq';
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['top.json'] }] }),
    'top.json': '{}',
    [`packages/${name}/.filecheckrc.json`]: JSON.stringify({ rules: [{ files: ['data/**/*.json'] }] }),
    [`packages/${name}/data/${name}/bad.json`]: '{',
  });
  const { code, stdout } = await runCli([], { cwd: dir });
  assert.equal(code, 1);
  assert.match(stdout, /FAIL {2}"packages\/p\\nq\/data\/p\\nq\/bad\.json"/);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 1 passed, 2 total');
});

test("--watch matches a rule's refs glob against such a name", () => {
  const [glob] = refGlobs([{ id: 0, schema: 's.json', refs: ['schemas/**/*.json'] }]);
  assert.ok(glob.matches('schemas/a\nb/c.json'));
  assert.ok(glob.matches('schemas/\u2028.json'));
});
