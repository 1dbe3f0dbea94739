// The config schema's lists that the tables of reporters (reporters/specs.js) and formats
// (formats/index.js) decide: build-config-validator.js writes them into
// schema/filecheckrc.schema.json, so that a new reporter or format is a module and a row.
import { createRequire } from 'node:module';
import { PARSER_NAMES } from '../formats/index.js';
import { REPORTER_NAMES, REPORTERS } from '../reporters/specs.js';

const require = createRequire(import.meta.url);
const { findNodeAtLocation, parseTree } = require('jsonc-parser');

const WITH_FILE = REPORTER_NAMES.filter((name) => !REPORTERS[name].noFile);

/** Each place in the schema a table decides, and its value there. */
export const REGISTERED = [
  [['properties', 'reporters', 'items', 'anyOf', 0, 'enum'], REPORTER_NAMES],
  [['properties', 'reporters', 'items', 'anyOf', 1, 'pattern'], `^(${WITH_FILE.join('|')}):.+$`],
  [['definitions', 'rule', 'properties', 'parser', 'enum'], PARSER_NAMES],
];

/**
 * @param {string} text the schema's
 * @returns {string} the schema with the tables' values in their places, the rest of its text as it was
 */
export function withRegisteredNames(text) {
  const tree = parseTree(text);
  const edits = REGISTERED.map(([path, value]) => {
    const node = findNodeAtLocation(tree, path);
    if (!node) throw new Error(`the config schema has no ${path.join('.')}`);
    return { start: node.offset, end: node.offset + node.length, value: inline(value) };
  });
  // From the last place to the first: each edit leaves the places before it where they were.
  return edits
    .sort((a, b) => b.start - a.start)
    .reduce((out, { start, end, value }) => out.slice(0, start) + value + out.slice(end), text);
}

// On one line, as the schema writes its lists: ["a", "b"]
const inline = (value) =>
  Array.isArray(value) ? `[${value.map((item) => JSON.stringify(item)).join(', ')}]` : JSON.stringify(value);
