// runner/check/capture-frames.js: the lines around a failing file's first problems, bounded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { addCodeFrames } from '../../runner/check/capture-frames.js';
import { FRAMES_PER_FILE } from '../../shared/code-frame-bounds.js';

const frameOf = (text, line, column) => addCodeFrames([{ message: 'x', line, column }], text)[0].frame;

test('two lines before the problem, one after; the first lines of the file have fewer before', () => {
  const text = 'one\ntwo\nthree\nfour\nfive\n';
  assert.deepEqual(frameOf(text, 3, 2), { line: 1, lines: ['one', 'two', 'three', 'four'], column: 2 });
  assert.deepEqual(frameOf(text, 1, 1), { line: 1, lines: ['one', 'two'], column: 1 });
});

test('lines end at LF, CRLF or a lone CR, as positions count them: no \\r is left in a line', () => {
  assert.deepEqual(frameOf('a\r\nb\r\nc\r\n', 2, 1).lines, ['a', 'b', 'c']);
  assert.deepEqual(frameOf('a\rb\rc', 3, 1).lines, ['a', 'b', 'c']);
  assert.deepEqual(frameOf('a\r\n\r\nc', 3, 1), { line: 1, lines: ['a', '', 'c'], column: 1 });
});

test('the empty line after a final line break is shown only when the problem is on it (an unexpected end)', () => {
  assert.deepEqual(frameOf('{\n  "a": 1\n', 2, 3).lines, ['{', '  "a": 1']);
  assert.deepEqual(frameOf('{\n  "a": 1\n', 3, 1), { line: 1, lines: ['{', '  "a": 1', ''], column: 1 });
});

test('a line the text does not have, a problem without a line, and a text holding a NUL get no frame', () => {
  const problems = addCodeFrames(
    [{ message: 'far', line: 9, column: 1 }, { message: 'no line' }, { message: 'no column', line: 1 }],
    'a\nb',
  );
  assert.equal(problems[0].frame, undefined);
  assert.equal(problems[1].frame, undefined);
  assert.deepEqual(problems[2].frame, { line: 1, lines: ['a', 'b'] }); // no column: no caret
  assert.equal(frameOf('\u0000\u0001PNG\nbinary', 1, 1), undefined);
});

test(`the first ${FRAMES_PER_FILE} problems with a line get a frame, the others none`, () => {
  const text = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n');
  const problems = [
    { message: 'whole file' },
    ...Array.from({ length: 20 }, (_, i) => ({ message: 'x', line: i + 1, column: 1 })),
  ];
  addCodeFrames(problems, text);
  assert.deepEqual(
    problems.map((p) => !!p.frame),
    [false, ...Array.from({ length: 20 }, (_, i) => i < FRAMES_PER_FILE)],
  );
  assert.deepEqual(problems[5].frame.lines, ['line 3', 'line 4', 'line 5', 'line 6']);
});

test('a minified line is cut to a window around the column, with an ellipsis at each cut end, and the caret still on its character', () => {
  const line = `{"a":[${'1,'.repeat(2_500_000)}"bad"]}`; // 5 MB on one line
  const column = line.indexOf('"bad"') + 1;
  const frame = frameOf(`${line}\n`, 1, column);
  assert.equal(frame.lines.length, 1);
  const [shown] = frame.lines;
  assert.ok(shown.length <= 162, `${shown.length} code units kept`);
  assert.ok(shown.startsWith('…') && shown.includes('1,1,1,'));
  assert.ok(shown.endsWith('"bad"]}'), 'the line ends within the window: no ellipsis there');
  assert.equal(shown.slice(frame.column - 1, frame.column + 4), '"bad"');
  // Every line of the frame is cut at the same place, so that they stay aligned.
  const lines = ['x'.repeat(1000), `${'y'.repeat(500)}!${'y'.repeat(499)}`, 'short'];
  const cut = addCodeFrames([{ message: 'x', line: 2, column: 501 }], lines.join('\n'))[0].frame;
  assert.equal(cut.lines[1][cut.column - 1], '!');
  assert.equal(cut.lines[0].length, cut.lines[1].length);
  assert.equal(cut.lines[2], '…', 'a line that ends before the window shows only that it was cut');
});

test('a window never starts or ends in the middle of an emoji, and columns count UTF-16 code units', () => {
  const line = `${'😀'.repeat(200)}x${'😀'.repeat(200)}`;
  const column = 401; // after 200 emoji of two code units each
  const frame = frameOf(line, 1, column);
  const [shown] = frame.lines;
  assert.equal(shown[frame.column - 1], 'x');
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(shown), 'no lone surrogate');
  const short = frameOf('{ "name": "😀", "n": 1 }', 1, 18); // the emoji counts two
  assert.equal(short.lines[0][short.column - 1], 'n');
});
