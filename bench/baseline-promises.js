#!/usr/bin/env node
// The bare loop (baseline-sync.js) with what filecheck promises of every file and the bare loop does
// not do: read by formats/read-text.js (binary and UTF-16 found, the size limit, only regular files
// read) and parsed by formats/json.js (keys written twice and nesting too deep found). Its ratio to
// the bare loop is what those promises cost; filecheck's ratio to it, what all the rest costs (the
// command line, the config, discovery with .gitignore, the reporters, the scheduling).
// usage: node bench/baseline-promises.js <dir> [--schema file.json]
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';
import { readText } from '../formats/read-text.js';
import { parseJson } from '../formats/json.js';

const { dir, schema } = parseCli('baseline-promises.js');
const valid = await makeCheck(schema, false, (text) => {
  const { value, problems } = parseJson(text);
  if (problems) throw new Error(problems[0].message);
  return value;
});
const files = walk(dir, '.json');
let failed = 0;
for (const f of files) {
  const read = readText(f);
  if (read.error || !valid(read.text)) failed++;
}
report(files.length, failed);
