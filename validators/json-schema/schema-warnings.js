// ajv's warnings about one schema ──▶ filecheck's notes: one line for its unknown keywords, one for
// its unknown formats, whatever their number (real schemas carry a dozen), and none for keywords
// known never to change what is valid. The unknown keywords and formats are found by walking the
// schema's files, not left to ajv, which warns only of the parts it compiles (a schema compiled on
// first use, the parts no document has reached yet: none) and names a part a $ref copied in by
// where it was copied to.
import { walkSchema } from './schema-walk.js';

// Annotations, which never change what is valid, by whom they are read:
const ANNOTATIONS = new Set([
  // editors: those VS Code's JSON language service reads (vscode-json-languageservice's
  // JSONSchema type); SchemaStore's and many tools' schemas carry them
  'allowComments',
  'allowTrailingCommas',
  'completionDetail',
  'defaultSnippets',
  'deprecationMessage',
  'doNotSuggest',
  'enumDescriptions',
  'enumDetails',
  'enumSortTexts',
  'markdownDescription',
  'markdownEnumDescriptions',
  'patternErrorMessage',
  'suggestSortText',
  // OpenAPI's of a schema object (its 3.1 base vocabulary; AsyncAPI's schemas too)
  'discriminator',
  'example',
  'externalDocs',
  'xml',
  // code generators: json-schema-to-typescript's (SchemaStore's package.json has tsType),
  // typescript-json-schema's output, and jsonschema2pojo's (its "reference" page)
  'tsType',
  'tsEnumNames',
  'defaultProperties',
  'javaType',
  'existingJavaType',
  'javaName',
  'javaEnumNames',
  'javaEnums',
  'javaInterfaces',
  'javaJsonView',
  'excludedFromEqualsAndHashCode',
  'customDatePattern',
  'customTimePattern',
  'customDateTimePattern',
  'customTimezone',
  // annotations of later drafts, met in draft-04 and draft-06 schemas, whose ajv does not know them
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  'contentMediaType',
  'contentEncoding',
  '$comment',
]);
// An `x-` keyword is an extension by convention (OpenAPI, Angular, Nx).
/** Whether ajv's warning about this unknown keyword is left out of the notes. */
export const isAnnotation = (keyword) => ANNOTATIONS.has(keyword) || keyword.startsWith('x-');

// Keywords that a plugin gives meaning to: without it they check nothing, which the note says.
const AJV_KEYWORDS = new Set([
  'typeof',
  'instanceof',
  'range',
  'exclusiveRange',
  'regexp',
  'transform',
  'uniqueItemProperties',
  'allRequired',
  'anyRequired',
  'oneRequired',
  'patternRequired',
  'prohibited',
  'deepProperties',
  'deepRequired',
  'dynamicDefaults',
  'select',
  'selectCases',
  'selectDefault',
]);

// Keywords with a note of their own.
const OWN_NOTE = new Set(['errorMessage', 'nullable']);

// A schema generated with an unknown keyword on each of its thousands of properties stays one
// readable line: the first few named, then how many more.
const NAMED = 10;
const listed = (items) =>
  items.slice(0, NAMED).join(', ') + (items.length > NAMED ? ` and ${items.length - NAMED} more` : '');
const quoted = (names) => listed(names.map((name) => `"${name}"`));

/**
 * The warnings ajv gives when it compiles all of these schema files, in ajv's words, each format
 * placed where it is written.
 * @param {import('ajv').default} ajv the compilation's: its keywords and formats are the known ones
 * @param {{ raw: unknown, place(pointer: string): string }[]} schemas each file's schema as parsed,
 *   and how a place in it is named
 * @returns {string[]}
 */
export function unknownsIn(ajv, schemas) {
  const { keywords } = ajv.RULES;
  const { strictSchema, strict, validateFormats } = ajv.opts;
  // A format filecheck ignored after ajv refused it is there as `true` (compile-offline.js).
  const checkFormats = validateFormats && strict !== false;
  const unknownFormat = (format) => ajv.formats[format] === undefined || ajv.formats[format] === true;
  const warnings = [];
  for (const { raw, place } of schemas) {
    if (typeof raw !== 'object' || raw === null) continue;
    walkSchema(raw, (node, pointer) => {
      if (strictSchema) {
        for (const key in node) if (!keywords[key]) warnings.push(`strict mode: unknown keyword: "${key}"`);
      }
      if (checkFormats && typeof node.format === 'string' && unknownFormat(node.format))
        warnings.push(`unknown format "${node.format}" ignored in schema at path "${place(pointer)}"`);
    });
  }
  return warnings;
}

/**
 * @param {string[]} warnings ajv's, in the order it gave them (repeats allowed)
 * @returns {string[]} the notes, one per kind of warning: unknown keywords, those of ajv-errors and
 *   of ajv-keywords, unknown formats (each where first met), then any other warning as ajv words it
 */
export function schemaNotes(warnings) {
  const keywords = new Set();
  const formats = new Map(); // format ─▶ the schema path where it is first met
  const others = new Set();
  for (const message of warnings) {
    const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
    const format = /unknown format "([^"]+)" ignored in schema at path "([^"]*)"/.exec(message);
    if (keyword !== undefined) {
      if (!isAnnotation(keyword)) keywords.add(keyword);
    } else if (format) {
      if (!formats.has(format[1])) formats.set(format[1], format[2]);
    } else {
      others.add(message.replace(/^strict mode: /, ''));
    }
  }
  const notes = [];
  if (keywords.has('errorMessage')) {
    notes.push(
      "unknown keyword \"errorMessage\" is ignored: it is the ajv-errors plugin's (add it to the rule's or the config's ajv.plugins to show its messages)",
    );
  }
  if (keywords.has('nullable')) {
    notes.push(
      'unknown keyword "nullable" is ignored: it is OpenAPI 3.0\'s (JSON Schema allows null with "type": ["string", "null"])',
    );
  }
  const plugin = [...keywords].filter((keyword) => AJV_KEYWORDS.has(keyword));
  if (plugin.length === 1)
    notes.push(
      `unknown keyword "${plugin[0]}" is ignored: it is the ajv-keywords plugin's (add it to the rule's or the config's ajv.plugins)`,
    );
  if (plugin.length > 1)
    notes.push(
      `unknown keywords ${quoted(plugin)} are ignored: they are the ajv-keywords plugin's (add it to the rule's or the config's ajv.plugins)`,
    );
  const rest = [...keywords].filter((keyword) => !OWN_NOTE.has(keyword) && !AJV_KEYWORDS.has(keyword));
  if (rest.length === 1)
    notes.push(
      `unknown keyword "${rest[0]}" is ignored (list it in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
    );
  if (rest.length > 1)
    notes.push(
      `unknown keywords ${quoted(rest)} are ignored (list them in the rule's or the config's ajv.keywords, or use --no-strict to silence this)`,
    );
  const [[format, at] = []] = formats;
  if (formats.size === 1) notes.push(`unknown format "${format}" is not checked (at ${at})`);
  if (formats.size > 1)
    notes.push(
      `unknown formats ${listed([...formats].map(([name, path]) => `"${name}" (at ${path})`))} are not checked`,
    );
  return [...notes, ...others];
}
