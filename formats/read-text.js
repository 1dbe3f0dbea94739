// Reads one file as UTF-8 text (or UTF-16 with its byte order mark), once, or says in one line why it cannot.
import { isUtf8, constants } from 'node:buffer';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

// O_NONBLOCK: opening a named pipe that nobody writes to must not block the run.
const FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);
// The longest string V8 can make. UTF-8 never takes fewer bytes than UTF-16 code units, so any
// file up to this many bytes fits; a larger one is refused before more than a first read (64 KiB, or the largest file read so far up to 4 MiB) is done.
const MAX_BYTES = constants.MAX_STRING_LENGTH;
const MIB = 1024 * 1024;

// Files are read into this buffer, reused file after file and grown to fit the largest one read so
// far, up to REUSED_MAX: with no size to ask first (most files fit in the first read), nothing to
// allocate and nothing to copy, that is as fast as Node's one-call readFileSync, and the text is the
// only garbage a file leaves. A file larger than REUSED_MAX is read into a buffer of its own.
let reused = Buffer.allocUnsafeSlow(64 * 1024);
const REUSED_MAX = 4 * MIB;

/**
 * A file that discovery saw as something else than a regular file (`special`: a link, a pipe…) is
 * looked at first, and a pipe, a socket or a device is not even opened (opening a pipe would release
 * a writer waiting for a reader). A regular file is read at once, its end confirmed by a read that
 * gives nothing; only one that fills the first read (or a device that gives more) is measured (on
 * its descriptor), and one over the limit is refused before more of it is read. A
 * file swapped for a pipe after discovery cannot block the read either: it is opened non-blocking.
 * @param {string} file absolute path
 * @param {boolean} [special] not known to be a regular file: check what it is before opening it
 * @param {() => void} [fault] called where the read happens, to fail it (the chaos monkey's `io`)
 * @returns {{ text: string } | { error: string }}
 */
export function readText(file, special = false, fault = undefined) {
  let fd;
  try {
    if (special) {
      const notReadable = whyNotReadable(fs.statSync(file));
      if (notReadable) return { error: notReadable };
    }
    fault?.();
    fd = fs.openSync(file, FLAGS);
    let first = fs.readSync(fd, reused, 0, reused.length, null);
    // A short read is the end of a regular file, and a device's chunk (/dev/zero under load): the
    // end is confirmed by a read that gives nothing (a syscall, ~1 µs), else it is measured below.
    if (first < reused.length) {
      const more = first === 0 ? 0 : fs.readSync(fd, reused, first, reused.length - first, null);
      if (more === 0) return decode(reused.subarray(0, first));
      first += more;
    }
    const stats = fs.fstatSync(fd);
    const notReadable = whyNotReadable(stats);
    if (notReadable) return { error: notReadable };
    return decode(readRest(fd, stats.size, first));
  } catch (error) {
    return { error: describeReadError(file, error) };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/**
 * A file's text as a check reads it: refused (its problem), given (`--stdin`: the bytes read from
 * standard input, decoded as a file's are), else read from disk.
 * @param {{ path: string, special?: boolean, refused?: string, input?: { bytes: Buffer, size: number } }} entry
 *   input.size: the bytes given, which is more than input.bytes holds once it is over the limit
 * @param {() => void} [fault] as readText's
 * @returns {{ text: string } | { error: string }}
 */
export function readEntry(entry, fault = undefined) {
  if (entry.refused) return { error: entry.refused };
  if (!entry.input) return readText(entry.path, entry.special, fault);
  try {
    fault?.(); // the chaos monkey's `io` fails a given text's read as a file's
  } catch (error) {
    return { error: describeReadError(entry.path, error) };
  }
  return entry.input.size > MAX_BYTES ? { error: tooLarge(entry.input.size) } : decode(entry.input.bytes);
}

/** The most bytes a text may have (a larger file is refused, unread). */
export const MAX_TEXT_BYTES = MAX_BYTES;

const tooLarge = (size) =>
  `is too large to check (${Math.round(size / MIB)} MiB; the limit is ${Math.round(MAX_BYTES / MIB)} MiB)`;

function whyNotReadable(stats) {
  if (!stats.isFile()) return whyNotAFile(stats);
  if (stats.size > MAX_BYTES) return tooLarge(stats.size);
  return null;
}

// The first bytes are read already, into `reused`. Up to the size fstat gave: a file that grows
// meanwhile is read as it was, one that shrank as it is.
function readRest(fd, size, first) {
  let buffer = reused;
  if (size > reused.length) {
    buffer = Buffer.allocUnsafeSlow(size <= REUSED_MAX ? Math.min(REUSED_MAX, 2 ** Math.ceil(Math.log2(size))) : size);
    reused.copy(buffer, 0, 0, first);
    if (buffer.length <= REUSED_MAX) reused = buffer;
  }
  let length = first;
  while (length < size) {
    const read = fs.readSync(fd, buffer, length, size - length, null);
    if (read === 0) break;
    length += read;
  }
  return buffer.subarray(0, length);
}

function decode(bytes) {
  // A UTF-8 file never starts with the bytes FF or FE: those are UTF-16's byte order marks.
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeUtf16(bytes, false);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeUtf16(bytes, true);
  // Text, in UTF-8, does not start with a NUL byte: only then are the first bytes looked at.
  if ((bytes[0] === 0 || bytes[1] === 0) && looksLikeUtf16(bytes))
    return { error: 'looks like UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with a BOM)' };
  const text = bytes.toString('utf8');
  // Bytes that are not UTF-8 decode to U+FFFD: only then is the byte-level check paid for, so
  // corrupt bytes never pass unnoticed inside a string.
  if (text.includes('\uFFFD') && !isUtf8(bytes))
    return { error: 'is not valid UTF-8 text (binary, or another encoding)' };
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

let utf16Decoder;
// UTF-16 with its byte order mark (Windows' editors save it so): its text, the mark left out, so
// that lines and columns are those of the text as for UTF-8. Big-endian is swapped to little-endian
// on a copy (a TextDecoder for UTF-16BE needs Node's ICU).
function decodeUtf16(bytes, bigEndian) {
  if (bytes.length % 2 === 0) {
    utf16Decoder ??= new TextDecoder('utf-16le', { fatal: true, ignoreBOM: true });
    try {
      return { text: utf16Decoder.decode((bigEndian ? Buffer.from(bytes).swap16() : bytes).subarray(2)) };
    } catch {}
  }
  return { error: 'is not valid UTF-16 text (an odd number of bytes, or half of a surrogate pair alone)' };
}

// UTF-16 without a byte order mark: in its first bytes, one byte of each pair is NUL (the high byte
// of ASCII characters) and the other is not.
function looksLikeUtf16(bytes) {
  const pairs = Math.min(bytes.length, 256) >> 1;
  const nul = [0, 0];
  for (let i = 0; i < pairs * 2; i++) if (bytes[i] === 0) nul[i & 1]++;
  return pairs > 0 && Math.max(...nul) >= pairs * 0.75 && Math.min(...nul) <= pairs * 0.25;
}

function whyNotAFile(stats) {
  if (stats.isDirectory()) return 'is a directory, not a file';
  if (stats.isFIFO()) return 'is not a regular file (a named pipe)';
  if (stats.isSocket()) return 'is not a regular file (a socket)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'is not a regular file (a device)';
  return 'is not a regular file';
}

function describeReadError(file, error) {
  switch (error.code) {
    case 'ENOENT':
      if (isBrokenLink(file)) return `is a broken symbolic link (-> ${linkTarget(file)})`;
      // A name that is not UTF-8 reaches Node with U+FFFD in place of its bytes: that name does not exist.
      if (file.includes('\uFFFD')) return 'cannot be opened: its name is not valid UTF-8';
      return 'no longer exists (deleted after it was found?)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: permission denied';
    case 'ELOOP':
      return 'is a symbolic link loop';
    case 'EISDIR':
      return 'is a directory, not a file';
    case 'ENXIO': // opening a socket
      return 'is not a regular file (a socket)';
    default:
      return `cannot be read: ${error.code ?? error.message}`;
  }
}

// The target as the link holds it, as `ls -l` shows it (a submodule not checked out: `common/x.yaml`).
function linkTarget(file) {
  try {
    return fs.readlinkSync(file);
  } catch {
    return '?';
  }
}

function isBrokenLink(file) {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}
