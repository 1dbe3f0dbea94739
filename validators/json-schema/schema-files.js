// Reads schema files and finds the local file behind a $ref, never the network.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { createRequire } from 'node:module';
import { keysWrittenTwice } from '../../formats/json.js';

const require = createRequire(import.meta.url);
// Where a syntax error or a problem is in the schema's text: asked for an unusable schema only.
const positions = () => require('../../formats/json-positions.js');
const fs = require('node:fs');

/**
 * @param {string} file
 * @param {(file: string) => string} [display] names the file in messages
 * @returns {Record<string, any> | boolean} the parsed schema; a schema that cannot be read is a usage error
 */
export const readSchema = (file, display) => parseSchemaFile(file, display).schema;

/**
 * For a schema to compile: readSchema's, and a note for each key written twice in one of its JSON
 * objects (the first value is lost: a warning, as schemas are often third parties'). Not looked for
 * in a schema read for its $id alone (schema-chooser.js): it is warned of when it is compiled.
 * @param {string} file
 * @param {(file: string) => string} [display] names the file in messages
 * @returns {{ schema: Record<string, any> | boolean, twice: string[] }}
 */
export function readSchemaFile(file, display = (name) => name) {
  const { schema, text, yaml } = parseSchemaFile(file, display);
  // YAML's reader refuses a key written twice (yaml.js).
  const twice = yaml
    ? []
    : keysWrittenTwice(text, schema).map(
        ({ message, line, column }) => `${display(file)}:${line}:${column}: ${message}`,
      );
  return { schema, twice };
}

/**
 * Fills in the line and column of problems with a JSON pointer into a schema file, as a document's
 * are placed. The file is read again: only a schema that cannot be used needs it.
 * @param {string} file
 * @param {Array<{ pointer: string, atKey?: boolean, line?: number, column?: number }>} problems
 */
export function locateInSchemaFile(file, problems) {
  let text;
  try {
    text = readSchemaText(file);
  } catch {
    return; // gone since it was read: the problems keep no place
  }
  if (isYaml(file)) require('../../formats/yaml.js').parseYaml(text)[0].locate?.(problems);
  else positions().locateProblems(text, problems);
}

const readSchemaText = (file, display = (name) => name) =>
  readOrExplain(file, `schema ${display(file)}`, { files: [file] }).replace(/^\uFEFF/, '');
const isYaml = (file) => /\.ya?ml$/i.test(file);

function parseSchemaFile(file, display = (name) => name) {
  const text = readSchemaText(file, display);
  const yaml = isYaml(file);
  const schema = yaml ? parseYamlSchema(text, file, display) : parseJsonSchema(text, file, display);
  // `true` and `false` are schemas too (draft-06 on; ajv takes them in draft-04 as well).
  if (typeof schema !== 'boolean' && (typeof schema !== 'object' || schema === null || Array.isArray(schema))) {
    throw new UsageError(`schema ${display(file)} is not a schema: a schema file holds a JSON object or a boolean`, {
      files: [file],
    });
  }
  return { schema, text, yaml };
}

function parseJsonSchema(text, file, display) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const { message, line, column } = positions().describeSyntaxError(text, error);
    throw new UsageError(`schema ${display(file)}:${line}:${column} is not valid JSON: ${message}`, { files: [file] });
  }
}

// Schemas kept as YAML (OpenAPI's, many repositories'), read by the reader of YAML data files
// (formats/yaml.js: YAML 1.2 core, duplicate keys an error, quoted lines under their key…),
// loaded only for them.
function parseYamlSchema(text, file, display) {
  const documents = require('../../formats/yaml.js').parseYaml(text);
  const fail = (message) => new UsageError(message, { files: [file] });
  const problem = documents.find((document) => document.problems)?.problems[0];
  if (problem) {
    const at = problem.line === undefined ? '' : `:${problem.line}:${problem.column}`;
    throw fail(`schema ${display(file)}${at} is not valid YAML: ${problem.message.replace(/^invalid YAML: /, '')}`);
  }
  if (documents.length > 1)
    throw fail(`schema ${display(file)} holds ${documents.length} YAML documents; a schema file holds one`);
  return documents[0].value;
}

/**
 * The URL a schema is identified by: its own id (`$id`, draft-04's `id`) resolved against its
 * file's URL, so a relative one (`"$id": "compose_spec.json"`) names a file beside it; else that
 * file's URL, so that relative $refs resolve to files.
 */
export function idOf(schema, file) {
  const own = schema.$id ?? schema.id;
  const base = pathToFileURL(file).href;
  if (typeof own !== 'string') return base;
  try {
    return new URL(own, base).href;
  } catch {
    return own;
  }
}

/**
 * The local file for a $ref ajv could not resolve: a file: URL, or a URL on the origin of a
 * schema's own id mapped to the same relative place beside that schema's file (`../lib/x.json`
 * under `https://example.com/schemas/a/root.json` is `../lib/x.json` from the root's folder). The
 * schemas are tried in order, the root's first.
 * @param {string} missingUrl
 * @param {Array<{ id: string, file: string }>} bases
 * @returns {string | null} the first of those that exists
 */
export function localFileFor(missingUrl, bases) {
  return candidateFiles(missingUrl, bases).find(existing) ?? null;
}

/** @returns {string | null} the local file a $ref's URL stands for first, whether or not it exists */
export function localPathFor(missingUrl, bases) {
  return candidateFiles(missingUrl, bases)[0] ?? null;
}

/**
 * Every local file a $ref's URL may stand for, one per schema of its origin, whether or not it
 * exists (localFileFor takes the first that does).
 * @param {string} missingUrl
 * @param {Array<{ id: string, file: string }>} bases
 * @returns {string[]}
 */
export function candidateFiles(missingUrl, bases) {
  if (missingUrl.startsWith('file:')) return [fileURLToPath(missingUrl)];
  let missing;
  try {
    missing = new URL(missingUrl);
  } catch {
    return [];
  }
  const files = [];
  for (const { id, file } of bases) {
    let base;
    try {
      base = new URL('.', id);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(base.protocol) || base.origin !== missing.origin) continue;
    try {
      const relative = decodeURIComponent(path.posix.relative(base.pathname, missing.pathname));
      files.push(path.join(path.dirname(file), ...relative.split('/')));
    } catch {
      // a malformed %-escape names no file
    }
  }
  return [...new Set(files)];
}

function existing(file) {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}
