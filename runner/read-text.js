// Reads one file as UTF-8 text, once, or says in one line why it cannot.
import fs from 'node:fs';
import { isUtf8 } from 'node:buffer';

// O_NONBLOCK: opening a named pipe that nobody writes to must not block the run.
const FLAGS = fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0);

/**
 * @param {string} file absolute path
 * @param {boolean} [special] not known to be a regular file: check what it is before reading
 * @param {() => void} [fault] called where the read happens, to fail it (the chaos monkey's `io`)
 * @returns {{ text: string } | { error: string }}
 */
export function readText(file, special = false, fault = undefined) {
  if (special) {
    const notAFile = whyNotAFile(file);
    if (notAFile) return { error: notAFile };
  }
  let text;
  try {
    fault?.();
    // Node's one-call UTF-8 read (open, read, decode, close in C++) is the fastest way in.
    text = fs.readFileSync(file, { encoding: 'utf8', flag: FLAGS });
  } catch (error) {
    return { error: describeReadError(file, error) };
  }
  // Bytes that are not UTF-8 decode to U+FFFD: only then is the slower byte-level check paid for,
  // so corrupt bytes never pass unnoticed inside a string.
  if (text.includes('\uFFFD')) {
    const problem = encodingProblem(fs.readFileSync(file, { flag: FLAGS }));
    if (problem) return { error: problem };
  }
  return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
}

function encodingProblem(buffer) {
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff)) return 'is UTF-16 text; filecheck reads UTF-8';
  return isUtf8(buffer) ? null : 'is not valid UTF-8 text (binary, or another encoding)';
}

function whyNotAFile(file) {
  let stats;
  try {
    stats = fs.statSync(file);
  } catch (error) {
    return describeReadError(file, error);
  }
  if (stats.isDirectory()) return 'is a directory, not a file';
  if (stats.isFIFO()) return 'is not a regular file (a named pipe)';
  if (stats.isSocket()) return 'is not a regular file (a socket)';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'is not a regular file (a device)';
  return null;
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
    case 'ERR_STRING_TOO_LONG':
    case 'ERR_FS_FILE_TOO_LARGE':
      return 'is too large to check (over 512 MiB of text)';
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
