// formats/read-text.js: one file ──▶ UTF-8 text, or one line saying why not.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { readText } from '../../formats/read-text.js';

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-read-text-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Writes `bytes` to a new file and returns its path. */
function file(t, bytes, name = 'f.json') {
  const target = path.join(tempDir(t), name);
  fs.writeFileSync(target, bytes);
  return target;
}

test('a normal file: its text', (t) => {
  assert.deepEqual(readText(file(t, '{"a": "é ü 日本 😀"}\n')), { text: '{"a": "é ü 日本 😀"}\n' });
});

test('a UTF-8 byte order mark is stripped', (t) => {
  assert.deepEqual(readText(file(t, Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"a":1}')]))), { text: '{"a":1}' });
});

test('only the leading BOM is stripped', (t) => {
  assert.deepEqual(readText(file(t, '{"a":"\uFEFF"}')), { text: '{"a":"\uFEFF"}' });
});

test('an empty file is the empty text', (t) => {
  assert.deepEqual(readText(file(t, '')), { text: '' });
});

test('bytes that are not UTF-8', (t) => {
  const latin1 = Buffer.from('{"a": "caf\xe9"}', 'latin1');
  assert.deepEqual(readText(file(t, latin1)), { error: 'is not valid UTF-8 text (binary, or another encoding)' });
  assert.deepEqual(readText(file(t, Buffer.from([0x7b, 0xc3, 0x7d]))), {
    error: 'is not valid UTF-8 text (binary, or another encoding)',
  });
});

/** text as UTF-16 with a byte order mark: little-endian, or big-endian. */
const utf16 = (text, endian = 'le') => {
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
  return endian === 'le' ? le : le.swap16();
};

test('UTF-16 with a byte order mark, little- and big-endian, is read as its text, the mark left out', (t) => {
  const text = '{"a": "é ü 日本 😀"}\r\n';
  assert.deepEqual([...utf16(text, 'be').subarray(0, 2)], [0xfe, 0xff]);
  assert.deepEqual(readText(file(t, utf16(text))), { text });
  assert.deepEqual(readText(file(t, utf16(text, 'be'))), { text });
  assert.deepEqual(readText(file(t, utf16(''))), { text: '' }, 'only the mark');
  assert.deepEqual(readText(file(t, utf16('\uFEFF[1]'))), { text: '\uFEFF[1]' }, 'only the first mark is left out');
});

test('UTF-16 larger than one read (64 KiB), special or not', (t) => {
  const text = `["${'日'.repeat(40000)}", "${'x'.repeat(40000)}"]`;
  for (const endian of ['le', 'be']) {
    const target = file(t, utf16(text, endian));
    assert.deepEqual(readText(target), { text }, endian);
    assert.deepEqual(readText(target, true), { text }, `${endian}, special`);
  }
});

test('UTF-16 with a byte order mark that is not valid UTF-16: an odd number of bytes, an unpaired surrogate', (t) => {
  const error = 'is not valid UTF-16 text (an odd number of bytes, or half of a surrogate pair alone)';
  const odd = Buffer.concat([utf16('{"a":1}'), Buffer.from([0x20])]);
  assert.deepEqual(readText(file(t, odd)), { error });
  assert.deepEqual(
    readText(file(t, Buffer.concat([utf16('{"a":1}', 'be'), Buffer.from([0x20])]))),
    { error },
    'big-endian',
  );
  const lone = Buffer.concat([utf16('["'), Buffer.from([0x00, 0xd8]), utf16('"]').subarray(2)]);
  assert.deepEqual(readText(file(t, lone)), { error });
  assert.deepEqual(readText(file(t, Buffer.from(lone).swap16())), { error }, 'big-endian');
});

test('UTF-16 without a byte order mark is named, little- and big-endian, ASCII or not', (t) => {
  const error = 'looks like UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with a BOM)';
  for (const text of ['{"a": 1}\n', '{"a": "café"}', 'a: 1\n', '[1]']) {
    const le = Buffer.from(text, 'utf16le');
    assert.deepEqual(readText(file(t, le)), { error }, `${text}, little-endian`);
    assert.deepEqual(readText(file(t, Buffer.from(le).swap16())), { error }, `${text}, big-endian`);
  }
});

test('a NUL byte in UTF-8 text is left for the parser to name; binary is not UTF-8', (t) => {
  assert.deepEqual(readText(file(t, '{"a": "\0"}')), { text: '{"a": "\0"}' });
  assert.deepEqual(readText(file(t, '\0\0\0\0{}')), { text: '\0\0\0\0{}' }, 'NUL bytes in a row: not UTF-16');
  assert.deepEqual(readText(file(t, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0xff]))), {
    error: 'is not valid UTF-8 text (binary, or another encoding)',
  });
});

test('valid UTF-8 that contains U+FFFD itself is accepted', (t) => {
  const text = '{"replacement": "\uFFFD", "more": "a\uFFFDb"}';
  assert.deepEqual([...Buffer.from(text).subarray(17, 20)], [0xef, 0xbf, 0xbd]);
  assert.deepEqual(readText(file(t, text)), { text });
});

test('U+FFFD and a BOM together', (t) => {
  assert.deepEqual(readText(file(t, '\uFEFF["\uFFFD"]')), { text: '["\uFFFD"]' });
});

test('a directory', (t) => {
  const dir = path.join(tempDir(t), 'x.json');
  fs.mkdirSync(dir);
  assert.deepEqual(readText(dir), { error: 'is a directory, not a file' });
});

test('a dangling symbolic link', (t) => {
  const link = path.join(tempDir(t), 'link.json');
  fs.symlinkSync('missing.json', link);
  assert.deepEqual(readText(link), { error: 'is a broken symbolic link (-> missing.json)' });
});

test('a symbolic link to a file is read through', (t) => {
  const target = file(t, '[1]', 'target.json');
  const link = path.join(path.dirname(target), 'link.json');
  fs.symlinkSync('target.json', link);
  assert.deepEqual(readText(link), { text: '[1]' });
});

test('a symbolic link loop', (t) => {
  const dir = tempDir(t);
  fs.symlinkSync('b.json', path.join(dir, 'a.json'));
  fs.symlinkSync('a.json', path.join(dir, 'b.json'));
  assert.deepEqual(readText(path.join(dir, 'a.json')), { error: 'is a symbolic link loop' });
});

test('a file deleted after it was found', (t) => {
  assert.deepEqual(readText(path.join(tempDir(t), 'gone.json')), {
    error: 'no longer exists (deleted after it was found?)',
  });
});

test('a named pipe, as discovery marks it (special), is refused unread, whether anybody writes to it or not', {
  timeout: 10_000,
}, (t) => {
  const fifo = path.join(tempDir(t), 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  assert.deepEqual(readText(fifo, true), { error: 'is not a regular file (a named pipe)' });
  const writer = fs.openSync(fifo, 'r+'); // Linux: opens without waiting for a reader
  t.after(() => fs.closeSync(writer));
  fs.writeSync(writer, '{"a": 1}');
  assert.deepEqual(readText(fifo, true), { error: 'is not a regular file (a named pipe)' });
});

test('a regular file swapped for a pipe after discovery does not block the read', { timeout: 10_000 }, (t) => {
  const fifo = path.join(tempDir(t), 'pipe.json');
  execFileSync('mkfifo', [fifo]);
  assert.deepEqual(readText(fifo), { text: '' }, 'no writer: nothing to read');
  const writer = fs.openSync(fifo, 'r+');
  t.after(() => fs.closeSync(writer));
  assert.deepEqual(readText(fifo), { error: 'cannot be read: EAGAIN' }, 'a writer that writes nothing: no wait');
});

test('a device, even an endless one, special or not', () => {
  assert.deepEqual(readText('/dev/null', true), { error: 'is not a regular file (a device)' });
  assert.deepEqual(readText('/dev/zero', true), { error: 'is not a regular file (a device)' });
  assert.deepEqual(readText('/dev/zero'), { error: 'is not a regular file (a device)' }, 'one chunk, then measured');
});

test('a file too large to hold as a string is refused by its size, after one chunk at most', (t) => {
  const huge = file(t, '');
  fs.truncateSync(huge, 600 * 1024 * 1024); // sparse: no disk used
  assert.deepEqual(readText(huge), { error: 'is too large to check (600 MiB; the limit is 512 MiB)' });
  assert.deepEqual(readText(huge, true), { error: 'is too large to check (600 MiB; the limit is 512 MiB)' });
});

test('files around the size of one read (64 KiB) are read whole, a character across its end too', (t) => {
  // 'é' takes two bytes: 65,535, 65,536 (exactly one read), 65,537 (an 'é' across the end) and 300,001 bytes.
  for (const text of [
    `a${'é'.repeat(32767)}`,
    `ab${'é'.repeat(32767)}`,
    `a${'é'.repeat(32768)}`,
    `a${'é'.repeat(150000)}`,
  ]) {
    const target = file(t, text);
    assert.deepEqual(readText(target), { text }, `${Buffer.byteLength(text)} bytes`);
    assert.deepEqual(readText(target, true), { text }, `${Buffer.byteLength(text)} bytes, special`);
  }
});

test('the buffer reused between files: each file is its own text only, before and after it grows', (t) => {
  // 100,000 bytes grow it to 128 KiB; then a shorter file, one of exactly 128 KiB, one over 4 MiB
  // (a buffer of its own) and a short one again.
  for (const text of ['x'.repeat(100_000), '[1]', 'y'.repeat(131_072), 'z'.repeat(4 * 1024 * 1024 + 3), '{}', ''])
    assert.deepEqual(readText(file(t, text)), { text }, `${text.length} bytes`);
});

test('a name that is not UTF-8 cannot be opened, and says why', (t) => {
  assert.deepEqual(readText(path.join(tempDir(t), 'caf\uFFFD.json')), {
    error: 'cannot be opened: its name is not valid UTF-8',
  });
});

test('permission denied', {
  skip: process.getuid?.() === 0 ? 'root reads any file' : process.platform === 'win32' && 'no chmod on Windows',
}, (t) => {
  const target = file(t, '{}');
  fs.chmodSync(target, 0o000);
  assert.deepEqual(readText(target), { error: 'cannot be read: permission denied' });
});
