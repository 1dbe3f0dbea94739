// What makes a schema file unusable ──▶ one line's worth: each fault by the path of its keyword,
// in the file's order, the first placed at its line:column, as a document's problems are placed.
import { toProblems } from './schema-problems.js';
import { locateInSchemaFile } from './schema-files.js';

// The faults a one-line error names; the rest are counted.
const NAMED = 3;

/**
 * @param {import('ajv').ErrorObject[]} errors a meta-schema's, from ajv's validateSchema
 * @returns {Array<{ pointer: string, message: string, atKey?: boolean }>} worded as a document's
 *   problems are (schema-problems.js): `must be one of …`, an anyOf's best match
 */
export const metaSchemaFaults = (errors) => toProblems(errors).filter((problem) => !problem.notBestMatch);

/**
 * @param {Array<{ pointer: string, message: string, atKey?: boolean }>} faults
 * @param {string | null} file the schema's file (none: a schema not read from a file)
 * @returns {{ at: string, said: string }} at: `:3:11`, where the first fault is in the file ('' when
 *   unknown); said: `/properties/a/type must be one of …; … and 2 more`
 */
export function sayFaults(faults, file) {
  faults = faults.map((fault) => ({ ...fault }));
  if (file) {
    locateInSchemaFile(file, faults);
    faults.sort(inFileOrder);
  }
  const [first] = faults;
  const said = faults.slice(0, NAMED).map(({ pointer, message }) => (pointer ? `${pointer} ${message}` : message));
  if (faults.length > NAMED) said.push(`and ${faults.length - NAMED} more`);
  return { at: first?.line === undefined ? '' : `:${first.line}:${first.column}`, said: said.join('; ') };
}

// Placed faults first, by line and column; the others (a file changed since it was read) as they came.
const inFileOrder = (a, b) => (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? 0) - (b.column ?? 0);
