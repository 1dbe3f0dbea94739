// What both baselines do per file, so they differ only in how they schedule the reads.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const REQUIRED = ['title', 'bodyHTML', 'quickLinksHTML', 'tocHTML'];

// Parses `<dir> [--schema file] [--yaml]`; exits 2 on bad usage.
export function parseCli(name) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { schema: { type: 'string' }, yaml: { type: 'boolean' } },
  });
  if (positionals.length !== 1) {
    console.error(`usage: node bench/${name} <dir> [--schema file.json] [--yaml]`);
    process.exit(2);
  }
  return { dir: positionals[0], schema: values.schema, yaml: !!values.yaml };
}

export function walk(dir, extension = '.json', acc = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, extension, acc);
    else if (e.name.endsWith(extension)) acc.push(p);
  }
  return acc;
}

// Returns check(text) -> true when valid. A file that does not parse counts as a failure.
// With a schema: ONE validator compiled up front, as a careful hand-written script would.
// ajv is imported only then, so the plain loop does not pay for loading it; yaml (the parser
// filecheck uses, in one call, as a script would) only with --yaml.
// parse: another reader of the text (baseline-promises.js), which throws on a document it refuses.
export async function makeCheck(schemaFile, yaml = false, parse = undefined) {
  parse ??= yaml ? (await import('yaml')).parse : JSON.parse;
  let valid = (doc) => {
    const d = doc?.documentData;
    return d != null && typeof d === 'object' && REQUIRED.every((k) => typeof d[k] === 'string');
  };
  if (schemaFile) {
    const { default: Ajv } = await import('ajv');
    const { default: addFormats } = await import('ajv-formats');
    const ajv = new Ajv({ allErrors: true });
    addFormats(ajv);
    valid = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
  }
  return (text) => {
    try {
      return valid(parse(text));
    } catch {
      return false;
    }
  };
}

export function report(total, failed) {
  console.log(`${total} files, ${failed} failed`);
  process.exitCode = failed ? 1 : 0;
}
