// reporters/code-frame.js: a captured frame as the human reporter prints it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeFrameLines } from '../../reporters/code-frame.js';
import { colorsFor } from '../../reporters/colors.js';
import { addCodeFrames } from '../../runner/check/capture-frames.js';

const plain = colorsFor({}, {}, false);
const framed = (text, line, column) => addCodeFrames([{ message: 'x', line, column }], text)[0];
const render = (text, line, column, options = {}) =>
  codeFrameLines(framed(text, line, column), { c: plain, warning: false, ...options });

test('a gutter of line numbers, > on the problem line, ^ under its column', () => {
  assert.deepEqual(render('{\n  "name": "x",\n  "level": "hihg"\n}\n', 3, 12), [
    '      1 | {',
    '      2 |   "name": "x",',
    '    > 3 |   "level": "hihg"',
    '        |            ^',
    '      4 | }',
  ]);
  // Line numbers of several widths are aligned on the right; an empty line has no trailing blank.
  assert.deepEqual(render(`${'\n'.repeat(8)}a\n\nb`, 10, 1), [
    '       8 |',
    '       9 | a',
    '    > 10 |',
    '         | ^',
    '      11 | b',
  ]);
});

test('tabs before the column are copied into the caret line, so that it lines up at any tab width', () => {
  const lines = render('a:\n\t\tb: 1\n', 2, 6);
  assert.equal(lines[1], '    > 2 | \t\tb: 1');
  assert.equal(lines[2], '        | \t\t   ^');
});

test('a wide character takes two blanks before the caret, an emoji (two code units) two', () => {
  assert.equal(render('名前: x', 1, 5)[1], `        | ${' '.repeat(6)}^`); // 名前 fill four cells, ": " two
  assert.equal(render('{"😀": 1, "b": x}', 1, 16)[1], `        | ${' '.repeat(15)}^`);
});

test('control characters of the file are escaped, and the caret moves past their escapes', () => {
  const lines = render('{"a\u001b[2J": x}', 1, 13);
  assert.equal(lines[0], '    > 1 | {"a\\u001b[2J": x}');
  assert.equal(lines[1], `        | ${' '.repeat(17)}^`);
});

test('no caret line for a problem without a column', () => {
  assert.deepEqual(render('a\nb', 2, undefined), ['      1 | a', '    > 2 | b']);
});

test('on a narrow terminal the window is cut again around the column', () => {
  const text = `${'x'.repeat(100)}!${'x'.repeat(100)}`;
  const lines = render(text, 1, 101, { columns: 60 });
  assert.ok(
    lines.every((line) => line.length <= 60),
    lines.join('\n'),
  );
  const caret = lines[1].indexOf('^');
  assert.equal(lines[0][caret], '!');
});

test('colours: the marks red for an error, yellow for a warning, the gutter dim', () => {
  const c = colorsFor({}, {}, true);
  const [line, caret] = codeFrameLines(framed('bad', 1, 1), { c, warning: false });
  assert.equal(line, '    \u001b[1m\u001b[31m>\u001b[39m\u001b[22m \u001b[2m1 |\u001b[22m bad');
  assert.equal(caret, '      \u001b[2m  |\u001b[22m \u001b[1m\u001b[31m^\u001b[39m\u001b[22m');
  const [warned] = codeFrameLines(framed('bad', 1, 1), { c, warning: true });
  assert.ok(warned.includes('\u001b[33m>'));
});
