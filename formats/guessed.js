// A file that only a catalog's fileMatch found, whose name says no data format (`.prettierrc`,
// `.clang-format`, `*.patch`): read as the tools of such names read them, JSON or YAML, some with
// comments. JSON first (the usual case, and its fast path), then JSONC, then YAML: the first that
// reads it gives its documents, each saying which parser read it, placed in the file's own text.
// YAML reads any text (a line of words is a string), so its reading counts only when it is data:
// objects or arrays. When none reads it, JSON's problems say why: the file is not that kind of file,
// which check-file.js skips. JSONC and YAML are loaded only by a file JSON does not read.
import { createRequire } from 'node:module';
import { parse as parseJson } from './json.js';

const require = createRequire(import.meta.url);

/** @type {import('./index.js').Parser['parse']} */
export function parse(text, entry) {
  const json = parseJson(text, entry);
  if (!json[0].problems) return readBy(json, 'json');
  const jsonc = require('./jsonc.js').parse(text, entry);
  if (!jsonc[0].problems) return readBy(jsonc, 'jsonc');
  const yaml = require('./yaml.js').parse(text, entry);
  if (yaml.length && yaml.every((document) => !document.problems && isData(document.value)))
    return readBy(yaml, 'yaml');
  return json;
}

const isData = (value) => value !== null && typeof value === 'object';

function readBy(documents, parser) {
  for (const document of documents) document.parser = parser;
  return documents;
}
