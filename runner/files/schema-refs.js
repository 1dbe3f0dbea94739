// The schemas a rule preloads (`refs`, --ref): files, or globs of files, so that a $ref by $id
// resolves offline.
import { createRequire } from 'node:module';
import { A_FOLDER, UsageError } from '../../shared/errors.js';
import { hasGlobChars } from '../../shared/paths.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/** Whether a ref is a glob: an existing file is taken literally, as on the command line (`schemas/a(1).json`). */
export const isRefGlob = (ref) => hasGlobChars(ref) && !fs.existsSync(ref);

/**
 * @param {string[]} refs absolute, as load-config.js resolves them
 * @param {(file: string) => string} [display]
 * @returns {string[]} a rule's `refs`, globs expanded, as its schema is compiled with them
 */
export function expandRefs(refs, display = (file) => file) {
  return refs.flatMap((ref) => {
    if (!isRefGlob(ref)) return [ref];
    const found = globFiles(ref);
    if (!found.length) throw missing(ref, 'no file matches it', display);
    return found;
  });
}

/**
 * Each ref names a file, or a glob some files match: one that names none is a usage error at once,
 * as a missing schema is, whether or not a schema of the run needs it.
 * @param {string[]} refs absolute
 * @param {(file: string) => string} display
 */
export function checkRefs(refs, display) {
  for (const file of expandRefs(refs, display)) {
    const stats = fs.statSync(file, { throwIfNoEntry: false });
    if (!stats) throw missing(file, 'no such file', display);
    if (stats.isDirectory()) throw missing(file, A_FOLDER, display);
  }
}

const globFiles = (ref) => require('fast-glob').sync(ref.split('\\').join('/'), { absolute: true }).sort();

// Said as a missing schema is (validators/json-schema/schema-files.js).
const missing = (ref, why, display) => new UsageError(`cannot read ref ${display(ref)}: ${why}`);
