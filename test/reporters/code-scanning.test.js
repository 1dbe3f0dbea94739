// What the code-scanning reporters share (reporters/code-scanning.js), and the JSON array the json,
// sarif and gitlab reports stream (reporters/json-array.js), as tables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeScanningFiles } from '../../reporters/code-scanning.js';
import { streamedArray } from '../../reporters/json-array.js';
import { fingerprints as fingerprintsOf } from '../../reporters/fingerprints.js';

const p1 = { validator: 'json-schema', message: 'a', pointer: '/a' };
const p2 = { validator: 'json-schema', message: 'a', pointer: '/a' }; // the same problem again: its own fingerprint

test('codeScanningFiles: each problem with its file relative to the repository root (and its fingerprint); a file without problems gives none; a file only parsed is said apart', () => {
  const rows = [
    // result, fingerprinted ─▶ the calls made
    [{ path: 'a.json', status: 'pass', problems: [] }, false, []],
    [{ path: 'a.json', status: 'skip', problems: [] }, true, []],
    [
      { path: 'a.json', status: 'fail', problems: [p1] },
      false,
      [
        ['file', 'sub/a.json', 'fail'],
        ['problem', p1, 'sub/a.json', undefined],
      ],
    ],
    [
      { path: 'a.json', status: 'fail', problems: [p1, p2] },
      true,
      [
        ['file', 'sub/a.json', 'fail'],
        ['problem', p1, 'sub/a.json', 64],
        ['problem', p2, 'sub/a.json', 64],
      ],
    ],
    [
      { path: 'a.json', status: 'pass', problems: [], onlyParsed: 'no schema' },
      true,
      [['onlyParsed', 'sub/a.json', 'no schema']],
    ],
    [
      { path: '../../out.json', status: 'pass', problems: [p1], onlyParsed: 'no schema' }, // a warning, outside the repository
      false,
      [
        ['onlyParsed', '/out.json', 'no schema'],
        ['file', '/out.json', 'pass'],
        ['problem', p1, '/out.json', undefined],
      ],
    ],
  ];
  for (const [result, fingerprinted, expected] of rows) {
    const calls = [];
    const files = codeScanningFiles(
      { cwd: '/repo/sub', root: '/repo' },
      {
        fingerprints: fingerprinted ? fingerprintsOf : undefined,
        onlyParsed: (file, why) => calls.push(['onlyParsed', file, why]),
        onFile: (file, { status }) => calls.push(['file', file, status]),
        onProblem: (p, file, fingerprint) => calls.push(['problem', p, file, fingerprint?.length]),
      },
    );
    files.onFileResult(result);
    assert.deepEqual(calls, expected, JSON.stringify(result));
  }
  const fingerprints = [];
  codeScanningFiles(
    { cwd: '/repo', root: '/repo' },
    { fingerprints: fingerprintsOf, onProblem: (_p, _file, fingerprint) => fingerprints.push(fingerprint) },
  ).onFileResult({ path: 'a.json', status: 'fail', problems: [p1, p2] });
  assert.notEqual(fingerprints[0], fingerprints[1]);
});

test('codeScanningFiles: pathOf names another place printably, relative to the repository root', () => {
  const { pathOf, repositoryPath } = codeScanningFiles({ cwd: '/repo/sub', root: '/repo' }, { onProblem() {} });
  assert.equal(repositoryPath('a\nb.json'), 'sub/a\nb.json');
  assert.equal(pathOf('a\nb.json'), 'sub/a\\nb.json');
});

test('streamedArray: nothing written before the first item; the end closes the array, or writes it whole when empty', () => {
  const rows = [
    // start, items ─▶ what was written, the end
    ['[', [], '', '[]'],
    ['[', ['1'], '[\n1', '\n]'],
    ['[', ['1', '{"a":2}'], '[\n1,\n{"a":2}', '\n]'],
    ['{"files":[', [], '', '{"files":[]'],
    ['{"files":[', ['1', '2'], '{"files":[\n1,\n2', '\n]'],
  ];
  for (const [start, items, written, end] of rows) {
    let text = '';
    const array = streamedArray((chunk) => {
      text += chunk;
    }, start);
    for (const item of items) array.add(item);
    assert.deepEqual([text, array.end()], [written, end], `${start} ${items.join(' ')}`);
  }
});
