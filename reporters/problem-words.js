// A problem in words, as every reporter shows it: where in the document, by its JSON pointer, then
// what is wrong (`/services/proxy/depends_on: must be array or object`), and which validator says
// so (and, for JSON Schema, which schema). The root's pointer ("") says nothing, and is left out. A
// problem that names a property in its words (`must have required property "x"`) is about the
// object that lacks it: its pointer is that object's. Control characters a message may quote from
// a file or a schema (a pattern with a raw line break) are escaped (printable.js) in every report: a
// raw line break would cut a GitHub annotation, a JUnit line, a terminal line in two.
import { printableText } from './printable.js';

/**
 * "json-schema: schemas/tsconfig.json": the validator, and the schema that found the problem when one
 * did; a schema a catalog chose says by which glob of its fileMatch (`json-schema: browser.i18n.json,
 * catalog fileMatch "messages.json"`): a glob may catch a file of another kind.
 */
export const sourceOf = (p) =>
  printableText(
    p.schema ? `${p.validator}: ${p.schema}${p.fileMatch ? `, catalog fileMatch "${p.fileMatch}"` : ''}` : p.validator,
  );

/**
 * "/compilerOptions/target: must be integer"; in a stream of YAML documents, whose problems name
 * their document first (check-file.js), "document 2: /name: must be string".
 */
export function located(p) {
  if (!p.pointer) return printableText(p.message);
  const document = p.document === undefined ? '' : `document ${p.document}: `;
  const message = p.message.startsWith(document) ? p.message.slice(document.length) : p.message;
  return printableText(`${document}${p.pointer}: ${message}`);
}

/** "/compilerOptions/target: must be integer (json-schema: tsconfig.json)", for the reports read away from a terminal. */
export const problemText = (p) => `${located(p)} (${sourceOf(p)})`;

/** "3:15 /compilerOptions/target: must be integer (json-schema: tsconfig.json)": the same, after its line:column when it has one. */
export const problemInWords = (p) => `${p.line === undefined ? '' : `${positionOf(p)} `}${problemText(p)}`;

/** "3:15", or "3" from a custom validator that gives a line without a column. */
export const positionOf = (p) => (p.column === undefined ? `${p.line}` : `${p.line}:${p.column}`);
