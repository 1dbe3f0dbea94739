// V8's compiled code kept between runs (runner/shared/compile-cache.js): Node's own on Node 22.1
// and later, filecheck's for CommonJS modules on Node 20 (keep-commonjs-code.js), which is run here
// on whatever runtime runs the tests, in a child process so the patched loader stays there.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Module from 'node:module';
import { pathToFileURL } from 'node:url';
import { makeTree, writeTree, runCli, REPO } from './helpers/cli.js';
import { readKeptCode, writeKeptCode } from '../runner/shared/keep-commonjs-code.js';

const KEEP_COMMONJS_CODE = pathToFileURL(path.join(REPO, 'runner', 'shared', 'keep-commonjs-code.js')).href;

// A process that keeps CommonJS code in `kept` and prints what `main.cjs` of `dir` exports.
function requireWithKeptCode(dir, kept, timeout = 30_000) {
  const script = `
    import { createRequire } from 'node:module';
    import { keepCommonJsCode } from ${JSON.stringify(KEEP_COMMONJS_CODE)};
    keepCommonJsCode(${JSON.stringify(kept)});
    const value = createRequire(${JSON.stringify(path.join(dir, 'x.js'))})('./main.cjs');
    console.log(JSON.stringify(await value));`;
  const { status, stdout, stderr } = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout,
  });
  return { status, value: stdout.trim() && JSON.parse(stdout), stderr };
}

// The one file of kept code in `kept` (one per V8 version: the child's is this process's), and what it holds.
const keptFile = (kept) => path.join(kept, `v8-${process.versions.v8}.code`);
const keptModules = (kept) => [...readKeptCode(keptFile(kept)).keys()].sort();
const mtime = (file) => fs.statSync(file).mtimeMs;

test('the code of each CommonJS module is kept, and read by the next run', (t) => {
  const dir = makeTree(t, {
    'main.cjs': "module.exports = { answer: require('./dep.cjs'), file: require.resolve('./dep.cjs') };",
    'dep.cjs': 'module.exports = 42;',
  });
  const kept = path.join(dir, 'kept');
  const first = requireWithKeptCode(dir, kept);
  assert.deepEqual(first, { status: 0, value: { answer: 42, file: path.join(dir, 'dep.cjs') }, stderr: '' });
  assert.deepEqual(fs.readdirSync(kept), [path.basename(keptFile(kept))]);
  assert.deepEqual(keptModules(kept), [path.join(dir, 'dep.cjs'), path.join(dir, 'main.cjs')]);
  const written = mtime(keptFile(kept));

  assert.deepEqual(requireWithKeptCode(dir, kept), first);
  assert.equal(mtime(keptFile(kept)), written, 'code that was read is not written again');
});

test('a module whose text changed, to text of the same length, is compiled again', (t) => {
  // V8 takes kept code for any text of the length it was made from: the key must be the text.
  const dir = makeTree(t, { 'main.cjs': "module.exports = 'aaa';", 'other.cjs': 'module.exports = 1;' });
  const kept = path.join(dir, 'kept');
  assert.equal(requireWithKeptCode(dir, kept).value, 'aaa');
  writeTree(dir, { 'main.cjs': "module.exports = 'bbb';" });
  assert.equal(requireWithKeptCode(dir, kept).value, 'bbb');
  assert.deepEqual(keptModules(kept), [path.join(dir, 'main.cjs')], 'its old code is dropped');

  // What another run kept stays: a run that loads other.cjs alone adds it.
  writeTree(dir, { 'main.cjs': "module.exports = require('./other.cjs');" });
  requireWithKeptCode(dir, kept);
  writeTree(dir, { 'main.cjs': "module.exports = 'bbb';" });
  assert.equal(requireWithKeptCode(dir, kept).value, 'bbb');
  assert.deepEqual(keptModules(kept), [path.join(dir, 'main.cjs'), path.join(dir, 'other.cjs')]);
});

test('a file of kept code that is not one is compiled around and written again', (t) => {
  const dir = makeTree(t, { 'main.cjs': 'module.exports = 42;' });
  const kept = path.join(dir, 'kept');
  requireWithKeptCode(dir, kept);
  for (const garbled of ['', 'garbage', fs.readFileSync(keptFile(kept)).subarray(0, -1)]) {
    fs.writeFileSync(keptFile(kept), garbled);
    assert.deepEqual(requireWithKeptCode(dir, kept), { status: 0, value: 42, stderr: '' });
    assert.deepEqual(keptModules(kept), [path.join(dir, 'main.cjs')]);
  }
});

test('a folder others may write to is neither read nor written', { skip: !process.getuid && 'no users' }, (t) => {
  // Kept code is run as it is: code kept for other text of the same length, put in the place of
  // this module's, is what V8 runs if it is read.
  const dir = makeTree(t, { 'main.cjs': 'module.exports = 41;' });
  const kept = path.join(dir, 'kept');
  requireWithKeptCode(dir, kept);
  const [[, other]] = readKeptCode(keptFile(kept));
  writeTree(dir, { 'main.cjs': 'module.exports = 42;' });
  requireWithKeptCode(dir, kept);
  const [[module, own]] = readKeptCode(keptFile(kept));
  writeKeptCode(keptFile(kept), new Map([[module, { text: own.text, data: other.data }]]));
  const planted = mtime(keptFile(kept));

  fs.chmodSync(kept, 0o777);
  assert.deepEqual(requireWithKeptCode(dir, kept), { status: 0, value: 42, stderr: '' });
  assert.equal(mtime(keptFile(kept)), planted, 'not written either');

  fs.chmodSync(kept, 0o700); // the user's own folder: what is in it is run
  assert.equal(requireWithKeptCode(dir, kept).value, 41);
});

test('a folder that cannot be made: the run ends as it would without', {
  skip: !fs.existsSync('/proc/self') && 'no /proc',
}, (t) => {
  // Node's recursive mkdir never returns for a path under one /proc does not have.
  const dir = makeTree(t, { 'main.cjs': 'module.exports = 42;' });
  assert.deepEqual(requireWithKeptCode(dir, '/proc/filecheck-none/kept', 10_000), { status: 0, value: 42, stderr: '' });
});

test("what it cannot keep, Node compiles as before: a #! line, a syntax error, a module's import()", (t) => {
  const dir = makeTree(t, {
    'main.cjs': "#!/usr/bin/env node\nmodule.exports = import('./esm.mjs');",
    'esm.mjs': 'export const esm = true;',
  });
  const kept = path.join(dir, 'kept');
  assert.deepEqual(requireWithKeptCode(dir, kept), { status: 0, value: { esm: true }, stderr: '' });

  writeTree(dir, { 'main.cjs': 'module.exports = {;' });
  const broken = requireWithKeptCode(dir, kept);
  assert.equal(broken.status, 1);
  assert.match(broken.stderr, /main\.cjs:1\b[\s\S]*SyntaxError: Unexpected token ';'/);
});

test('a run keeps compiled code in the temporary folder, unless NODE_DISABLE_COMPILE_CACHE is set', async (t) => {
  const tmp = makeTree(t, { 'a.json': '{}', 's.json': '{ "type": "object" }' }); // ajv: CommonJS
  const folders = () => fs.readdirSync(tmp).filter((name) => /compile-cache/.test(name));
  const own = Module.enableCompileCache ? 'node-compile-cache' : /^filecheck-compile-cache-/;

  assert.equal(
    (
      await runCli(['a.json', '--schema', 's.json'], {
        cwd: tmp,
        env: { TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: '1' },
      })
    ).code,
    0,
  );
  assert.deepEqual(folders(), []);

  assert.equal(
    (
      await runCli(['a.json', '--schema', 's.json'], {
        cwd: tmp,
        env: { TMPDIR: tmp, NODE_DISABLE_COMPILE_CACHE: undefined },
      })
    ).code,
    0,
  );
  assert.equal(folders().length, 1);
  assert.match(folders()[0], own instanceof RegExp ? own : new RegExp(`^${own}$`));
});
