#!/usr/bin/env node
// The floor of issue 14's config rows: the least an ajv-based process does to check one config file
// against its SchemaStore schema, cold. Node starts, loads the ajv of the schema's draft with
// ajv-formats (and yaml for a YAML file), reads the schema and those its $refs reach (given), compiles
// them as filecheck does cold (no code optimisation; the schema checked against its meta-schema),
// reads the file and validates it. No catalog, no config, no places in the file, no report: what
// filecheck costs beyond this is its own.
// Prints `1 files, F failed`; exit 1 if it failed.
// usage: node bench/baseline-config.js <schema.json> <file> [ref.json...]
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { draftOf, idOf, newAjv } from './many-schemas-lib.js';
import { report } from './baseline-lib.js';

const require = createRequire(import.meta.url);
const [schemaFile, file, ...refFiles] = process.argv.slice(2);
if (!schemaFile || !file) {
  console.error('usage: node bench/baseline-config.js <schema.json> <file> [ref.json...]');
  process.exit(2);
}
const read = (f) => JSON.parse(fs.readFileSync(f, 'utf8'));
const schema = read(schemaFile);
// As filecheck compiles cold: no plugin, no code optimisation.
const ajv = newAjv(draftOf(schema), { optimize: false, plugin: false });
for (const r of refFiles) {
  const ref = read(r);
  ajv.addSchema(ref, idOf(ref, r));
}
const key = idOf(schema, schemaFile);
ajv.addSchema(schema, key);
const validate = ajv.getSchema(key);
const text = fs.readFileSync(file, 'utf8');
const data = /\.ya?ml$/.test(file) ? require('yaml').parse(text) : JSON.parse(text);
report(1, validate(data) ? 0 : 1);
