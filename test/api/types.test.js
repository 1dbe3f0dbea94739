// The package's TypeScript types (types/*.d.ts): a small TypeScript program that uses the API is
// compiled against them (`tsc --noEmit`), as a project that installed filecheck would; every option
// of the command line's table is an option of the types, and a misspelled option is an error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { makeTree, REPO } from '../helpers/cli.js';
import { API_ONLY, RUN_OPTIONS } from '../../runner/api/options.js';

const TSC = path.join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

// A project beside the package: node_modules/filecheck is this repository, found through its
// package.json's "types" and "exports" as a user's TypeScript finds it.
function compile(t, source) {
  const dir = makeTree(t, {
    'package.json': JSON.stringify({ type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        module: 'nodenext',
        moduleResolution: 'nodenext',
        target: 'es2022',
        lib: ['es2022', 'dom'],
        types: [],
      },
      files: ['check.mts'],
    }),
    'check.mts': source,
  });
  fs.mkdirSync(path.join(dir, 'node_modules'));
  fs.symlinkSync(REPO, path.join(dir, 'node_modules', 'filecheck'), 'dir');
  const { status, stdout, stderr } = spawnSync(process.execPath, [TSC, '-p', dir], { encoding: 'utf8' });
  return { status, output: stdout + stderr };
}

// A value of each option's type: the first of those it takes (the literal unions' first member).
const LITERALS = {
  workers: "'auto'",
  parser: "'json'",
  frontMatter: "'required'",
  cacheStrategy: "'metadata'",
  chaosKind: "'throw'",
};
const SAMPLES = { string: "'x'", boolean: 'true', number: '1' };
const API_SAMPLES = {
  patterns: "['*.json']",
  cwd: "'.'",
  env: '{ CI: undefined }',
  signal: 'AbortSignal.timeout(1000)',
  reporters: '[{ onFileResult: (result) => void result.durationMs }]',
  onWarning: '(message) => void message.length',
  results: "'all'",
};
const sample = (name, { types, many }) => {
  const value = LITERALS[name] ?? SAMPLES[types[0]];
  return many ? `[${value}]` : value;
};

test('a program using run(), its options and results, and filecheck/test compiles against the types', (t) => {
  assert.deepEqual(Object.keys(API_SAMPLES).sort(), Object.keys(API_ONLY).sort(), 'a sample for each API-only option');
  // Required<RunOptions>: an option of the table missing from the types is an excess property; one of
  // the types that the table lacks is a missing property.
  const every = [
    ...Object.entries(API_SAMPLES),
    ...Object.entries(RUN_OPTIONS).map(([name, spec]) => [name, sample(name, spec)]),
  ];
  const source = `
import { run, UsageError, EXIT, exitCodeFor, type RunOptions, type RunResult, type FileReport } from 'filecheck';
import { checkFiles, assertPassed } from 'filecheck/test';

const every: Required<RunOptions> = {
${every.map(([name, value]) => `  ${name}: ${value},`).join('\n')}
};
void every;

const result: RunResult = await run({ patterns: 'data/*.json', require: 'title', reporter: 'default', bail: true });
const failed: number = result.failed;
const first: FileReport | undefined = result.files[0];
const where: string | undefined = first && \`\${first.path}:\${first.problems[0]?.line}\`;
const warnings: string[] = result.warningMessages;
const code: number = exitCodeFor(result);
if (code === EXIT.failed) void [failed, where, warnings];
try {
  await run({ workers: 'auto', maxWarnings: 0, outputFile: 'report.json' });
} catch (error) {
  if (error instanceof UsageError) void error.summary?.files.length;
}
for (const file of await checkFiles({ patterns: ['**/*.json'], require: ['title:string'] })) assertPassed(file);
`;
  const { status, output } = compile(t, source);
  assert.equal(output, '');
  assert.equal(status, 0);
});

test('the types refuse a misspelled option, a value of the wrong type, and a result field that is not there', (t) => {
  const source = `
import { run } from 'filecheck';
import { checkFiles } from 'filecheck/test';
await run({ patterns: ['*.json'], schemas: 'page.schema.json' });
await run({ bail: 'often' });
const { total } = await checkFiles({ results: 'all' });
`;
  const { status, output } = compile(t, source);
  assert.notEqual(status, 0);
  const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
  assert.equal(errors.length, 4, output);
  assert.match(errors[0], /check\.mts\(4,35\).*'schemas' does not exist in type 'RunOptions'/);
  assert.match(errors[1], /check\.mts\(5,13\).*Type 'string' is not assignable to type 'number \| boolean/);
  assert.match(errors[2], /check\.mts\(6,9\).*Property 'total' does not exist/);
  assert.match(errors[3], /check\.mts\(6,38\).*'results' does not exist/);
});

// TypeScript's `moduleResolution: node10` (`node`, many a CommonJS project's) reads no "exports": a
// subpath's types are found through "typesVersions", the package's own through "types". TypeScript 7
// no longer has node10, so the mapping is checked here as node10 reads it.
test('under moduleResolution node10, every entry of "exports" finds the types "exports" gives it', () => {
  const pkg = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const file = (relative) => path.join(REPO, relative);
  for (const [subpath, entry] of Object.entries(pkg.exports)) {
    if (typeof entry !== 'object' || !entry.types) continue;
    const name = subpath.replace(/^\.\/?/, '');
    const found = name ? pkg.typesVersions?.['*']?.[name]?.[0] : pkg.types;
    assert.ok(found, `filecheck${name ? `/${name}` : ''}: no types under node10`);
    assert.equal(file(found), file(entry.types), subpath);
    assert.ok(fs.existsSync(file(found)), found);
  }
});
