// Writes a file so that a reader never sees it half-written: to a temporary name beside it, then
// renamed over it (atomic on one filesystem). Two runs writing at once: the last rename wins whole.
import fs from 'node:fs';
import path from 'node:path';

/** @param {string} file @param {string} text */
export function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
