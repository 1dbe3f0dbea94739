#!/usr/bin/env node
// The bare loop (baseline-sync.js) with what filecheck promises of every file and the bare loop does
// not do (promises-lib.js). Its ratio to the bare loop is what those promises cost; filecheck's ratio
// to it, what all the rest costs (the command line, the config, discovery with .gitignore, the
// reporters, the scheduling).
// usage: node bench/baseline-promises.js <dir> [--schema file.json]
import { parseCli, walk, report } from './baseline-lib.js';
import { makePromisedCheck } from './promises-lib.js';

const { dir, schema } = parseCli('baseline-promises.js');
const check = await makePromisedCheck(schema);
const files = walk(dir, '.json');
let failed = 0;
for (const f of files) if (!check(f)) failed++;
report(files.length, failed);
