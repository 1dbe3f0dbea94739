#!/usr/bin/env node
// Every file in flight at once: Promise.all(files.map(readFile)). Fast to write, memory-hungry:
// all file texts are held at the same time. Kept as the memory reference point.
// usage: node bench/baseline-promise-all.js <dir> [--schema file.json]
import fs from 'node:fs';
import { parseCli, walk, makeCheck, report } from './baseline-lib.js';

const { dir, schema, yaml } = parseCli('baseline-promise-all.js');
const check = await makeCheck(schema, yaml);
const files = walk(dir, yaml ? '.yaml' : '.json');
const results = await Promise.all(files.map((f) => fs.promises.readFile(f, 'utf8').then(check)));
report(files.length, results.filter((ok) => !ok).length);
