import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/** A problem with how filecheck was called or configured: `bin` turns it into exit code 2 and one line. */
export class UsageError extends Error {
  name = 'UsageError';

  /**
   * @param {string} message
   * @param {{ files?: string[] }} [details] files: those whose creation or change may mend it (a
   *   schema, a file its $refs name that is missing), which --watch watches
   */
  constructor(message, { files = [] } = {}) {
    super(message);
    this.files = files;
  }
}

// A path that names a folder where a file is wanted, in the words every message uses.
export const A_FOLDER = 'a folder, not a file';

/**
 * A file filecheck was given (a config, a schema, a catalog, a report, a suppressions file, the
 * lock), read as text, or a UsageError that says why not in one line: "cannot read <named>: <why>",
 * a missing file and a folder said in the same words wherever one is read. (The checked files have
 * their own reader, formats/read-text.js, whose problems are a file's result, not a usage error.)
 * @param {string} file
 * @param {string} named what the message calls it: what it is and the file as shown (`schema a.json`)
 * @param {{ files?: string[], optional?: boolean }} [how] files: see UsageError; optional: a file
 *   that does not exist is no error, and gives null
 * @returns {string | null}
 */
export function readOrExplain(file, named, { files, optional = false } = {}) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    if (optional && error.code === 'ENOENT') return null;
    const why = error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? A_FOLDER : error.message;
    throw new UsageError(`cannot read ${named}: ${why}`, { files });
  }
}
