// runner/check/finish-problems.js: a file's problems as reporters receive them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { finishProblems } from '../../runner/check/finish-problems.js';

const DEFAULT = { verbose: false };

test('problems are in the order of the text: document, line, column', () => {
  const found = [
    { message: '17:9', line: 17, column: 9 },
    { message: '9:22', line: 9, column: 22 },
    { message: '9:3', line: 9, column: 3 },
  ];
  assert.deepEqual(
    finishProblems(found, DEFAULT).map((p) => p.message),
    ['9:3', '9:22', '17:9'],
  );
  const stream = [
    { message: 'document 2, 1:1', line: 1, column: 1, document: 2 },
    { message: 'document 1, 40:1', line: 40, column: 1, document: 1 },
  ];
  assert.deepEqual(
    finishProblems(stream, DEFAULT).map((p) => p.message),
    ['document 1, 40:1', 'document 2, 1:1'],
  );
});

test('a problem without a position follows the placed ones of its document, one without a document every document; ties keep their order', () => {
  const found = [
    { message: 'whole file' },
    { message: 'doc 1, no line', document: 1 },
    { message: 'doc 2, line 3', document: 2, line: 3, column: 1 },
    { message: 'doc 1, line 5, first', document: 1, line: 5, column: 2 },
    { message: 'doc 1, line 5, second', document: 1, line: 5, column: 2 },
    { message: 'doc 1, line 5, no column', document: 1, line: 5 },
  ];
  assert.deepEqual(
    finishProblems(found, DEFAULT).map((p) => p.message),
    [
      'doc 1, line 5, no column',
      'doc 1, line 5, first',
      'doc 1, line 5, second',
      'doc 1, no line',
      'doc 2, line 3',
      'whole file',
    ],
  );
});

test('the fields of the check (atKey) are removed, messages kept as they are, problems sorted by position', () => {
  const found = [
    {
      validator: 'v',
      message: 'must be integer',
      pointer: '/services/web/restart',
      line: 8,
      column: 5,
      kind: 'invalid',
    },
    { validator: 'v', message: 'extra', pointer: '/a/b', line: 2, column: 3, kind: 'invalid', atKey: true },
    { validator: 'v', message: 'no pointer', line: 9, column: 1, kind: 'invalid' },
  ];
  assert.deepEqual(finishProblems(found, DEFAULT), [
    { validator: 'v', message: 'extra', pointer: '/a/b', line: 2, column: 3, kind: 'invalid' },
    {
      validator: 'v',
      message: 'must be integer',
      pointer: '/services/web/restart',
      line: 8,
      column: 5,
      kind: 'invalid',
    },
    { validator: 'v', message: 'no pointer', line: 9, column: 1, kind: 'invalid' },
  ]);
});

test('the errors of alternatives that are not the best match are kept only when all are asked for (--verbose)', () => {
  const found = [
    { message: 'best', line: 2, column: 1 },
    { message: 'other branch', line: 1, column: 1, notBestMatch: true },
  ];
  assert.deepEqual(finishProblems(found, DEFAULT), [{ message: 'best', line: 2, column: 1 }]);
  assert.deepEqual(finishProblems(found, { verbose: true }), [
    { message: 'other branch', line: 1, column: 1 },
    { message: 'best', line: 2, column: 1 },
  ]);
});
