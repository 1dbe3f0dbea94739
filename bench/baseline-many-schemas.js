#!/usr/bin/env node
// The plain loop of issue 14 ("Many schemas, cold"), for a repository made by make-many-schemas.js:
// for each rule of its .filecheckrc.json, one ajv of the schema's draft with ajv-formats and the
// rule's plugin (ajv-errors), the schemas its $refs reach added, compile, then readFileSync +
// JSON.parse + validate each of its files. Prints `N files, F failed`; exit 1 if any failed.
// usage: node bench/baseline-many-schemas.js <dir>
import fs from 'node:fs';
import path from 'node:path';
import { compileSchema } from './many-schemas-lib.js';
import { report } from './baseline-lib.js';

const dir = process.argv[2];
if (!dir || process.argv.length !== 3) {
  console.error('usage: node bench/baseline-many-schemas.js <dir>');
  process.exit(2);
}
const { rules } = JSON.parse(fs.readFileSync(path.join(dir, '.filecheckrc.json'), 'utf8'));
let total = 0;
let failed = 0;
for (const rule of rules) {
  const validate = compileSchema(
    path.join(dir, rule.schema),
    (rule.refs ?? []).map((r) => path.join(dir, r)),
  );
  // The generator's rules name one folder each: `instances/<slug>/*.json`.
  const folder = path.join(dir, path.dirname(rule.files[0]));
  for (const name of fs.readdirSync(folder).sort()) {
    if (!name.endsWith('.json')) continue;
    total++;
    let ok = false;
    try {
      ok = validate(JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')));
    } catch {}
    if (!ok) failed++;
  }
}
report(total, failed);
