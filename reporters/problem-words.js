// A problem in words, for the reports read away from the file's text (a CI test view, a job summary,
// a code-scanning alert, a merge request's widget): what is wrong, which validator says so (and,
// for JSON Schema, which schema), and where in the document, by its JSON pointer, so that a reader
// can find the place without a line to look at. The root's pointer ("") says nothing, and is left out.

/** "json-schema: schemas/tsconfig.json": the validator, and the schema that found the problem when one did. */
export const sourceOf = (p) => (p.schema ? `${p.validator}: ${p.schema}` : p.validator);

/** "must be integer (json-schema: tsconfig.json, at /compilerOptions/target)" */
export const problemText = (p) =>
  `${p.message} (${sourceOf(p)}${p.pointer && !saysWhere(p) ? `, at ${p.pointer}` : ''})`;

// A problem placed near its node, not on it, already ends with its pointer (finish-problems.js).
const saysWhere = (p) => p.message.endsWith(`(at ${p.pointer})`);

/** "3:15 must be integer (json-schema: tsconfig.json, at /compilerOptions/target)": the same, after its line:column when it has one. */
export const problemInWords = (p) => `${p.line === undefined ? '' : `${position(p)} `}${problemText(p)}`;

// A custom validator may give a line without a column.
const position = (p) => (p.column === undefined ? `${p.line}` : `${p.line}:${p.column}`);
