#!/usr/bin/env node
// The bare loop filecheck is measured against: walk, readFileSync, JSON.parse (or yaml's parse, with
// --yaml: .yaml files), check.
// usage: node bench/baseline-sync.js <dir> [--schema file.json] [--yaml]
import fs from 'node:fs';
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';

const { dir, schema, yaml } = parseCli('baseline-sync.js');
const check = await makeCheck(schema, yaml);
const files = walk(dir, yaml ? '.yaml' : '.json');
let failed = 0;
for (const f of files) if (!check(fs.readFileSync(f, 'utf8'))) failed++;
report(files.length, failed);
