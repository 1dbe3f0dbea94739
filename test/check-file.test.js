// runner/check-file.js: read once, parse once, run every validator, one FileResult.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkFile } from '../runner/check-file.js';
import { createChaosValidator } from '../runner/chaos.js';

/** A file entry as discover() makes it, for a temp file holding `text`. */
function entry(t, text, rel = 'dir/doc.json') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-check-file-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'doc.json');
  if (text !== null) fs.writeFileSync(file, text);
  return { path: file, rel, rules: [0] };
}

/** checkFile without its timing; with `chaos`, the chaos monkey runs last, as compileRules puts it. */
function check(fileEntry, validators, chaos = null) {
  const { durationMs, ...result } = checkFile(fileEntry, chaos ? [...validators, createChaosValidator(chaos)] : validators);
  assert.equal(typeof durationMs, 'number');
  assert.ok(durationMs >= 0);
  return result;
}

const validator = (name, validate, options) => ({ name, validate, ...(options !== undefined && { options }) });
const DOC = '{\n  "title": "T",\n  "items": [\n    {"id": 1}\n  ]\n}\n';

test('a passing file: no problems, and every validator sees the parsed document and its context', (t) => {
  const file = entry(t, DOC);
  const seen = [];
  const record = (name) => validator(name, (doc, ctx) => void seen.push([name, doc, { ...ctx }]), { max: 1 });
  assert.deepEqual(check(file, [record('one'), record('two')]), { path: 'dir/doc.json', status: 'pass', problems: [] });
  const doc = { title: 'T', items: [{ id: 1 }] };
  const ctx = { path: 'dir/doc.json', absolutePath: file.path, options: { max: 1 } };
  assert.deepEqual(seen, [['one', doc, ctx], ['two', doc, ctx]]);
});

test('a throwing validator is a problem of kind error, and the other validators still run', (t) => {
  const ran = [];
  const result = check(entry(t, DOC), [
    validator('first', () => void ran.push('first')),
    validator('thrower', () => {
      throw new Error('boom');
    }),
    validator('throws-a-string', () => {
      throw 'plain'; // eslint-disable-line no-throw-literal
    }),
    validator('last', () => {
      ran.push('last');
      return ['still reported'];
    }),
  ]);
  assert.deepEqual(ran, ['first', 'last']);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'thrower', message: 'threw: boom', kind: 'error' },
      { validator: 'throws-a-string', message: 'threw: plain', kind: 'error' },
      { validator: 'last', message: 'still reported', kind: 'invalid' },
    ],
  });
});

test('a validator returning a Promise is a problem of kind error, and its rejection is not unhandled', async (t) => {
  const unhandled = [];
  const onUnhandled = (reason) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  t.after(() => process.off('unhandledRejection', onUnhandled));

  const result = check(entry(t, DOC), [
    validator('async-rejects', async () => {
      throw new Error('late');
    }),
    validator('async-resolves', async () => ['never read']),
    validator('sync', () => []),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'async-rejects', message: 'returned a Promise; validators must be synchronous', kind: 'error' },
    { validator: 'async-resolves', message: 'returned a Promise; validators must be synchronous', kind: 'error' },
  ]);
  assert.equal(result.status, 'fail');
  // Let the rejection settle, and any unhandled-rejection report be emitted.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(unhandled, []);
});

test('strings, single problems and partial problems are normalised', (t) => {
  const result = check(entry(t, DOC), [
    validator('string', () => 'just a string'),
    validator('object', () => ({ message: 'one object', pointer: '/title' })),
    validator('list', () => ['a', { message: 'b', line: 9, column: 4 }, { message: 42 }, { message: 'k', kind: 'chaos', extra: 1, pointer: '/items/0/id' }]),
    validator('empty', () => []),
    validator('nothing', () => undefined),
    validator('falsy', () => false),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'string', message: 'just a string', kind: 'invalid' },
    { validator: 'object', message: 'one object', kind: 'invalid', pointer: '/title', line: 2, column: 12 },
    { validator: 'list', message: 'a', kind: 'invalid' },
    { validator: 'list', message: 'b', kind: 'invalid', line: 9, column: 4 },
    { validator: 'list', message: '42', kind: 'invalid' },
    { validator: 'list', message: 'k', kind: 'invalid', pointer: '/items/0/id', line: 4, column: 12 },
  ]);
});

test('positions are filled from pointers on failing files; a problem that names its position keeps it', (t) => {
  const result = check(entry(t, DOC), [
    validator('v', () => [
      { message: 'root', pointer: '' },
      { message: 'missing below items', pointer: '/items/0/name' },
      { message: 'placed', pointer: '/title', line: 1, column: 1 },
    ]),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'v', message: 'root', kind: 'invalid', pointer: '', line: 1, column: 1 },
    { validator: 'v', message: 'missing below items', kind: 'invalid', pointer: '/items/0/name', line: 4, column: 5 },
    { validator: 'v', message: 'placed', kind: 'invalid', pointer: '/title', line: 1, column: 1 },
  ]);
});

test('the chaos monkey with probability 1 fails the file as kind chaos, after the real validators', (t) => {
  const result = check(entry(t, DOC), [validator('real', () => ['real problem'])], { probability: 1, seed: 'fixed' });
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'real', message: 'real problem', kind: 'invalid' },
      { validator: 'chaos-monkey', message: 'chaos monkey: injected failure (probability 1, seed fixed)', kind: 'chaos' },
    ],
  });
  assert.deepEqual(check(entry(t, DOC), [], { probability: 1, seed: 's' }).problems, [
    { validator: 'chaos-monkey', message: 'chaos monkey: injected failure (probability 1, seed s)', kind: 'chaos' },
  ]);
});

test('the chaos monkey does not depend on where the files live: the same rel paths in another folder get the same verdicts', (t) => {
  const chaos = { probability: 0.5, seed: 'k' };
  const rels = Array.from({ length: 40 }, (_, i) => `f${i}.json`);
  const verdicts = rels.map((rel) => check(entry(t, '{}', rel), [], chaos).status);
  const again = rels.map((rel) => check(entry(t, '{}', rel), [], chaos).status);
  assert.deepEqual(again, verdicts, 'a new temp folder each time: only the rel path decides');
  assert.ok(verdicts.includes('pass') && verdicts.includes('fail'));
});

test('invalid JSON: one parse problem with its position, and no validator runs', (t) => {
  let ran = false;
  const result = check(entry(t, '{\n  "a": 1,\n}\n'), [validator('v', () => void (ran = true))], { probability: 1, seed: 's' });
  assert.equal(ran, false);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [{ validator: 'parse', message: 'invalid JSON: Expected double-quoted property name', line: 3, column: 1, kind: 'parse' }],
  });
});

test('an empty file and a file with a NUL byte get their own words', (t) => {
  assert.deepEqual(check(entry(t, ''), []).problems, [{ validator: 'parse', message: 'invalid JSON: the file is empty', line: 1, column: 1, kind: 'parse' }]);
  assert.deepEqual(check(entry(t, '{"a":\0}'), []).problems, [
    { validator: 'parse', message: 'invalid JSON: Unexpected token \'\0\', "{"a":\0}" is not valid JSON (the file contains a NUL byte: binary?)', line: 1, column: 6, kind: 'parse' },
  ]);
});

test('a file that cannot be read: one io problem', (t) => {
  const gone = entry(t, null);
  assert.deepEqual(check({ ...gone, special: true }, [validator('v', () => ['x'])]), {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [{ validator: 'read', message: 'file no longer exists (deleted after it was found?)', kind: 'io' }],
  });
});
