import path from 'node:path';
import { temporaryBeside } from '../shared/temporary-name.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

// Written to a temporary file and renamed at the end, so a report is never seen half-written: a run
// stopped by a signal completes it, and an exit that cannot wait (a second Ctrl-C) removes it.
// Opened on the first write: a usage error found after the reporters are made (an invalid schema)
// must not leave an empty `.tmp` file behind.
export function createFileSink(file, atHardExit) {
  const temporary = temporaryBeside(file);
  let fd;
  const discard = () => {
    if (fd === undefined) return;
    fs.closeSync(fd);
    fd = undefined;
    fs.rmSync(temporary, { force: true });
  };
  const open = () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fd = fs.openSync(temporary, 'w');
    atHardExit?.(discard);
    return fd;
  };
  return {
    write: (text) => fs.writeSync(fd ?? open(), text),
    // Rewrites bytes already written, for counts known only at the end (the junit reporter).
    writeAt: (position, text) => fs.writeSync(fd ?? open(), text, position),
    end: () => {
      fs.closeSync(fd ?? open());
      fd = undefined;
      fs.renameSync(temporary, file);
    },
    discard,
  };
}
