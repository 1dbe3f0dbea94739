#!/usr/bin/env node
// The bare loop filecheck is measured against: walk, readFileSync, JSON.parse, check.
// usage: node bench/baseline-sync.js <dir> [--schema file.json]
import fs from 'node:fs';
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';

const { dir, schema } = parseCli('baseline-sync.js');
const check = await makeCheck(schema);
const files = walk(dir);
let failed = 0;
for (const f of files) if (!check(fs.readFileSync(f, 'utf8'))) failed++;
report(files.length, failed);
