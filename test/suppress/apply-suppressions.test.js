import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applySuppressions, countById, problemId, staleEntries } from '../../runner/suppress/apply-suppressions.js';
import { readSuppressions, suppressionsText } from '../../runner/suppress/suppressions-file.js';
import { UsageError } from '../../shared/errors.js';

const required = (n) => ({ validator: 'json-schema', keyword: 'required', message: `r${n}`, kind: 'invalid' });
const extra = (n) => ({ validator: 'json-schema', keyword: 'additionalProperties', message: `x${n}`, kind: 'invalid' });
const unique = { validator: 'unique', message: 'dup', kind: 'invalid' };

test('an id is the validator, and its keyword when the problem has one', () => {
  assert.equal(problemId(required(1)), 'json-schema/required');
  assert.equal(problemId(unique), 'unique');
  assert.equal(
    problemId({ validator: 'slugs', keyword: 'lowercase', message: 'm', kind: 'invalid' }),
    'slugs/lowercase',
  );
});

test('only errors a check found in the content are counted: not warnings, parse errors, unreadable files or broken checks', () => {
  const counted = countById([
    required(1),
    required(2),
    unique,
    { ...unique, severity: 'warning' },
    { validator: 'parse', message: 'invalid JSON', kind: 'parse' },
    { validator: 'read', message: 'EACCES', kind: 'io' },
    { validator: 'custom', message: 'threw: x', kind: 'error' },
    { validator: 'timeout', message: 'slow', kind: 'timeout' },
  ]);
  assert.deepEqual(
    [...counted],
    [
      ['json-schema/required', 2],
      ['unique', 1],
    ],
  );
});

test('the decision per file and id: up to the count suppressed, beyond it every problem of the id reported', () => {
  const cases = [
    // [what, problems, allowed, kept messages, suppressed messages]
    ['no entry for the file', [required(1)], undefined, ['r1'], []],
    ['as many as suppressed', [required(1), required(2)], [['json-schema/required', 2]], [], ['r1', 'r2']],
    ['fewer than suppressed (stale)', [required(1)], [['json-schema/required', 2]], [], ['r1']],
    [
      'one more than suppressed: all of them',
      [required(1), required(2), required(3)],
      [['json-schema/required', 2]],
      ['r1', 'r2', 'r3'],
      [],
    ],
    [
      'another id is not suppressed by this one',
      [required(1), extra(1)],
      [['json-schema/required', 1]],
      ['x1'],
      ['r1'],
    ],
    ['a warning stays, reported', [{ ...required(1), severity: 'warning' }], [['json-schema/required', 1]], ['r1'], []],
  ];
  for (const [what, problems, allowed, kept, suppressed] of cases) {
    const decided = applySuppressions(problems, allowed && new Map(allowed));
    assert.deepEqual(
      decided.kept.map((p) => p.message),
      kept,
      what,
    );
    assert.deepEqual(
      decided.suppressed.map((p) => p.message),
      suppressed,
      what,
    );
    assert.ok(
      decided.suppressed.every((p) => p.suppressed === true),
      what,
    );
  }
});

test('stale entries: fewer found than suppressed, or none; a validator the run cannot judge is never stale', () => {
  const allowed = new Map([
    ['json-schema/required', 2],
    ['json-schema/additionalProperties', 1],
    ['unique', 1],
  ]);
  const found = new Map([
    ['json-schema/required', 1],
    ['json-schema/additionalProperties', 1],
  ]);
  assert.deepEqual(staleEntries(allowed, found), [
    { id: 'json-schema/required', count: 2, found: 1 },
    { id: 'unique', count: 1, found: 0 },
  ]);
  assert.deepEqual(
    staleEntries(allowed, found, (validator) => validator !== 'unique'),
    [{ id: 'json-schema/required', count: 2, found: 1 }],
  );
});

test('the file: sorted, one id to a line, so that a change is a one-line diff; read back as written', (t) => {
  const suppressions = new Map([
    ['content/b.json', new Map([['unique', 1]])],
    [
      'content/a.json',
      new Map([
        ['json-schema/required', 2],
        ['json-schema/additionalProperties', 1],
      ]),
    ],
    ['content/empty.json', new Map()],
  ]);
  const text = suppressionsText(suppressions);
  assert.equal(
    text,
    `{
  "content/a.json": {
    "json-schema/additionalProperties": { "count": 1 },
    "json-schema/required": { "count": 2 }
  },
  "content/b.json": {
    "unique": { "count": 1 }
  }
}
`,
  );
  assert.equal(suppressionsText(new Map()), '{}\n');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-suppressions-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'filecheck-suppressions.json');
  fs.writeFileSync(file, text);
  assert.equal(suppressionsText(readSuppressions(file, 'f.json')), text);
  assert.equal(readSuppressions(path.join(dir, 'none.json'), 'none.json'), null);
  const bad = [
    ['[]', 'suppressions file f.json: expected an object of files, e.g. {"a.json": {"require": {"count": 1}}}'],
    ['{"a.json": 1}', 'suppressions file f.json: "a.json": expected an object of ids, e.g. {"require": {"count": 1}}'],
    [
      '{"a.json": {"require": {"count": 1.5}}}',
      'suppressions file f.json: "a.json" › "require": expected {"count": n}, n a whole number from 1, not {"count":1.5}',
    ],
    [
      '{"a.json": {"require": {"count": 1, "more": 2}}}',
      'suppressions file f.json: "a.json" › "require": expected {"count": n}, n a whole number from 1, not {"count":1,"more":2}',
    ],
  ];
  for (const [written, message] of bad) {
    fs.writeFileSync(file, written);
    assert.throws(
      () => readSuppressions(file, 'f.json'),
      (error) => error instanceof UsageError && error.message === message,
      written,
    );
  }
  fs.writeFileSync(file, '{');
  assert.throws(() => readSuppressions(file, 'f.json'), /^UsageError: suppressions file f\.json is not valid JSON: /);
});
