// Every format is checked as JSON is: read once, parsed once, every validator on the parsed value,
// positions from the file's own text, the same report in-process and on a pool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, runCli, makeTree, writeTree, parseJsonReport, failedPaths, oneLine, checkBothExecutors } from './helpers/cli.js';

const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['name', 'port'],
  properties: { name: { type: 'string' }, port: { type: 'integer' }, public: { type: 'boolean' }, tags: { type: 'array', items: { type: 'string' } } },
});
const CONFIG = (rules) => JSON.stringify({ rules: rules.map((rule) => ({ schema: 'schema.json', ...rule })) });
const problemsOf = (report, file) => report.byPath[file]?.problems;
const at = (validator, kind, message, line, column, pointer) => ({ validator, message, ...(pointer !== undefined && { pointer }), line, column, kind });
const schemaProblem = (message, pointer, line, column) => at('json-schema', 'invalid', message, line, column, pointer);
const parseProblem = (message, line, column) => at('parse', 'parse', message, line, column);

test('each format: a syntax error at its own line and column, kind parse, the same in both executors', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    '.filecheckrc.json': CONFIG([{ files: ['bad.*'] }]),
    'bad.yaml': 'name: a\nport: [1, 2\ntags: []\n',
    'bad.toml': 'name = "a"\nport = 80\ntags = [1,\n',
    'bad.jsonc': '{\n  // a comment\n  "name": "a",,\n}\n',
    'bad.json5': "{\n  name: 'a',\n  port: 0x1G,\n}\n",
    'bad.md': '# not a heading: front matter must come first\n',
    'bad.mdx': '---\ntitle: x\n  bad: indentation\n---\n# body\n',
  });
  const report = await checkBothExecutors(dir, []);
  const actual = Object.fromEntries(report.files.map((file) => [file.path, file.problems]));
  assert.deepEqual(actual, {});
});
