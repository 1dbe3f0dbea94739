// Reads one file as UTF-8 text, once, or says in one line why it cannot.
import fs from 'node:fs';
import { constants as bufferConstants, isUtf8 } from 'node:buffer';

const { O_RDONLY, O_NONBLOCK = 0 } = fs.constants;
const MAX_TEXT = bufferConstants.MAX_STRING_LENGTH;

/**
 * @param {string} file absolute path
 * @returns {{ text: string } | { error: string }}
 */
export function readText(file) {
  let fd;
  try {
    // O_NONBLOCK: opening a FIFO that nobody writes to must not block the run.
    fd = fs.openSync(file, O_RDONLY | O_NONBLOCK);
    const stats = fs.fstatSync(fd);
    if (stats.isDirectory()) return { error: 'is a directory, not a file' };
    if (!stats.isFile()) return { error: `is not a regular file (${kindOf(stats)})` };
    if (stats.size > MAX_TEXT) return { error: `is too large to check (${megabytes(stats.size)}; the limit is ${megabytes(MAX_TEXT)})` };
    return decode(readAll(fd, stats.size));
  } catch (error) {
    return { error: describeReadError(file, error) };
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

function readAll(fd, size) {
  const buffer = Buffer.allocUnsafe(size);
  let total = 0;
  while (total < size) {
    const n = fs.readSync(fd, buffer, total, size - total, null);
    if (n === 0) break;
    total += n;
  }
  return total < size ? buffer.subarray(0, total) : buffer;
}

function decode(buffer) {
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) {
    return { error: 'is UTF-16 text; filecheck reads UTF-8' };
  }
  // A replacement character would let corrupt bytes pass unnoticed inside a string, so check first.
  if (!isUtf8(buffer)) return { error: 'is not valid UTF-8 text (binary, or another encoding)' };
  const bom = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return { text: buffer.toString('utf8', bom) };
}

function describeReadError(file, error) {
  switch (error.code) {
    case 'ENOENT':
      return isBrokenLink(file) ? 'is a broken symbolic link' : 'no longer exists (deleted after it was found?)';
    case 'EACCES':
    case 'EPERM':
      return 'cannot be read: permission denied';
    case 'ELOOP':
      return 'is a symbolic link loop';
    case 'EISDIR':
      return 'is a directory, not a file';
    default:
      return `cannot be read: ${error.code ?? error.message}`;
  }
}

function isBrokenLink(file) {
  try {
    return fs.lstatSync(file).isSymbolicLink();
  } catch {
    return false;
  }
}

function kindOf(stats) {
  if (stats.isFIFO()) return 'a named pipe';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a file';
}

const megabytes = (bytes) => `${Math.round(bytes / 2 ** 20)} MiB`;
