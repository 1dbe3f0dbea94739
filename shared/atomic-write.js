// Writes a file so that a reader never sees it half-written: to a temporary name beside it, then
// renamed over it (atomic on one filesystem). Two runs writing at once: the last rename wins whole.
import path from 'node:path';
import { temporaryBeside } from './temporary-name.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/** @param {string} file @param {string} text */
export function writeFileAtomic(file, text) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temporary = temporaryBeside(file);
  try {
    fs.writeFileSync(temporary, text);
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}
