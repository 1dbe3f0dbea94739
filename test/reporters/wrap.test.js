// Lines broken between words at a terminal's width (reporters/wrap.js), as the default reporter
// prints them on a terminal: a terminal itself breaks a long line in the middle of a word.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { widthOf, wrapLine } from '../../reporters/wrap.js';

const DIM = (text) => `\u001b[2m${text}\u001b[22m`;
const plain = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

test('a line is broken between words, continued at the indent; a line that fits, or no width, is left as it is', () => {
  const line = '  a.json:3:7  /services/web: must have required property "image"';
  assert.equal(wrapLine(line, 80, 14), line);
  assert.equal(wrapLine(line, undefined, 14), line);
  assert.equal(
    wrapLine(line, 40, 4),
    ['  a.json:3:7  /services/web: must have', '    required property "image"'].join('\n'),
  );
  // The spaces a line starts with are kept; those where it is broken are not.
  assert.equal(
    wrapLine('Files: 1 failed, 3 passed, 2 of them only parsed, 4 total', 40, 7),
    ['Files: 1 failed, 3 passed, 2 of them', '       only parsed, 4 total'].join('\n'),
  );
});

test('a word longer than a line is cut where the line ends; one that fits on the next line goes there whole', () => {
  assert.equal(wrapLine(`ab ${'x'.repeat(25)}`, 10, 2), ['ab xxxxxxx', '  xxxxxxxx', '  xxxxxxxx', '  xx'].join('\n'));
  assert.equal(wrapLine('abc defghij', 10, 2), ['abc', '  defghij'].join('\n'));
});

test('colour codes take no room and stay with their words; a CJK character or an emoji takes two columns', () => {
  const coloured = `${DIM('path:1:2')}  must be ${DIM('(json-schema: schemas/x.json)')}`;
  const wrapped = wrapLine(coloured, 20, 2);
  assert.equal(plain(wrapped), ['path:1:2  must be', '  (json-schema:', '  schemas/x.json)'].join('\n'));
  assert.equal(wrapped.match(/\u001b\[2m/g).length, 2, 'no code lost or cut');
  assert.equal(widthOf('日本😀a'), 7);
  assert.equal(wrapLine('日本語 日本語', 8), '日本語\n日本語');
  // The width of every line, whatever the text: at most the terminal's.
  const text = `  ${'word '.repeat(30)}${'y'.repeat(90)} 日本語日本語日本語日本語日本語日本語日本語`;
  for (const columns of [20, 40, 41, 80]) {
    for (const piece of wrapLine(text, columns, 4).split('\n'))
      assert.ok(widthOf(piece) <= columns, `${columns}: ${piece}`);
  }
});
