// The files filecheck is given (a config, a schema, a catalog, a report, a suppressions file, the
// lock) read through one reader (shared/errors.js' readOrExplain): a missing file and a folder are
// said in the same words by each of them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { loadConfig } from '../../runner/config/load-config.js';
import { readSchemaFile } from '../../validators/json-schema/schema-files.js';
import { loadCatalog } from '../../validators/json-schema/catalog.js';
import { readReport } from '../../runner/merge/read-report.js';
import { readSuppressions } from '../../runner/suppress/suppressions-file.js';
import { readLock } from '../../runner/schemas/lock-file.js';

const failure = (read) => {
  try {
    read();
  } catch (error) {
    assert.ok(error instanceof UsageError, String(error));
    return error.message;
  }
  return assert.fail('no error');
};

test('readOrExplain: the text; a missing file or a folder in words, one line naming the file; an optional file that is missing is null', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-read-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  fs.writeFileSync(path.join(dir, 'a.json'), '{}');
  fs.mkdirSync(path.join(dir, 'folder'));
  const at = (name) => path.join(dir, name);
  assert.equal(readOrExplain(at('a.json'), 'config a.json'), '{}');
  assert.equal(readOrExplain(at('a.json'), 'config a.json', { optional: true }), '{}');
  assert.equal(readOrExplain(at('none.json'), 'config none.json', { optional: true }), null);
  const rows = [
    // file, how ─▶ message, files (for --watch)
    ['none.json', {}, 'cannot read x: no such file', []],
    ['folder', {}, 'cannot read x: a folder, not a file', []],
    ['folder', { optional: true }, 'cannot read x: a folder, not a file', []], // only a missing file is optional
    ['none.json', { files: ['s'] }, 'cannot read x: no such file', ['s']],
  ];
  for (const [name, how, message, files] of rows) {
    try {
      readOrExplain(at(name), 'x', how);
      assert.fail(`${name} was read`);
    } catch (error) {
      assert.ok(error instanceof UsageError, name);
      assert.deepEqual([error.message, error.files], [message, files], name);
    }
  }
});

test('every file filecheck is given says a folder in the same words', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-read-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const folder = path.join(dir, 'folder.json');
  fs.mkdirSync(folder);
  fs.mkdirSync(path.join(dir, 'filecheck.lock.json'));
  const rows = [
    ['config', () => loadConfig({ config: folder }, { cwd: dir, env: {} }), `cannot read config ${folder}`],
    ['schema', () => readSchemaFile(folder, path.basename), 'cannot read schema folder.json'],
    ['catalog', () => loadCatalog(folder, path.basename), 'cannot read catalog folder.json'],
    ['report', () => readReport(folder, 'folder.json'), 'cannot read report folder.json'],
    [
      'suppressions file',
      () => readSuppressions(folder, 'folder.json'),
      'cannot read the suppressions file folder.json',
    ],
    ['lock', () => readLock(dir), `cannot read ${path.join(dir, 'filecheck.lock.json')}`],
  ];
  for (const [what, read, named] of rows) assert.equal(failure(read), `${named}: a folder, not a file`, what);
});
