// Reads schema files and finds the local file behind a $ref, never the network.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../runner/errors.js';
import { createRequire } from 'node:module';
import { describeSyntaxError, lineLocator } from '../runner/positions.js';

const require = createRequire(import.meta.url);

/**
 * @param {string} file
 * @param {(file: string) => string} [display] names the file in messages
 * @returns {Record<string, any>} the parsed schema; a schema that cannot be read is a usage error
 */
export function readSchema(file, display = (name) => name) {
  let text;
  try {
    text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  } catch (error) {
    const why = error.code === 'ENOENT' ? 'no such file' : error.code === 'EISDIR' ? 'a folder, not a file' : error.message;
    throw new UsageError(`cannot read schema ${display(file)}: ${why}`, { files: [file] });
  }
  const schema = /\.ya?ml$/i.test(file) ? parseYamlSchema(text, file, display) : parseJsonSchema(text, file, display);
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    throw new UsageError(`schema ${display(file)} is not a schema: a schema file holds a JSON object`, { files: [file] });
  }
  return schema;
}

function parseJsonSchema(text, file, display) {
  try {
    return JSON.parse(text);
  } catch (error) {
    const { message, line, column } = describeSyntaxError(text, error);
    throw new UsageError(`schema ${display(file)}:${line}:${column} is not valid JSON: ${message}`, { files: [file] });
  }
}

// Schemas kept as YAML (OpenAPI's, many repositories'), read as data files are: YAML 1.2 core,
// duplicate keys an error. yaml is loaded only for them.
function parseYamlSchema(text, file, display) {
  const doc = require('yaml').parseDocument(text, { schema: 'core', uniqueKeys: true, prettyErrors: false, logLevel: 'error' });
  const error = doc.errors[0];
  if (error) {
    const { line, column } = lineLocator(text)(error.pos[0]);
    throw new UsageError(`schema ${display(file)}:${line}:${column} is not valid YAML: ${error.message.split('\n')[0]}`, { files: [file] });
  }
  return doc.toJS({ maxAliasCount: 1000 });
}

/** The key a schema is identified by: its own id, else its file's URL, so relative $refs resolve to files. */
export function idOf(schema, file) {
  return schema.$id ?? schema.id ?? pathToFileURL(file).href;
}

/** A copy of the schema that carries an id, in the keyword its dialect uses. */
export function withId(schema, file, dialect) {
  if (schema.$id || schema.id) return schema;
  return dialect === 'draft-04' ? { id: pathToFileURL(file).href, ...schema } : { $id: pathToFileURL(file).href, ...schema };
}

/**
 * The local file for a $ref ajv could not resolve: a file: URL, or a URL under the root schema's
 * own $id mapped to the same relative path beside the root schema's file.
 * @returns {string | null}
 */
export function localFileFor(missingUrl, rootId, rootFile) {
  const file = localPathFor(missingUrl, rootId, rootFile);
  return file && existing(file);
}

/** @returns {string | null} the local file a $ref's URL stands for, whether or not it exists */
export function localPathFor(missingUrl, rootId, rootFile) {
  if (missingUrl.startsWith('file:')) return fileURLToPath(missingUrl);
  let relative;
  try {
    const missing = new URL(missingUrl);
    const rootDir = new URL('.', rootId);
    if (missing.origin !== rootDir.origin || !missing.pathname.startsWith(rootDir.pathname)) return null;
    relative = decodeURIComponent(missing.pathname.slice(rootDir.pathname.length));
  } catch {
    return null;
  }
  return path.join(path.dirname(rootFile), relative);
}

function existing(file) {
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}
