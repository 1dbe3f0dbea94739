// --watch, end to end: the real CLI on a temporary tree, changed as a person would. Every step
// waits for the status line that ends the run it causes ("Watching …"), matched together with what
// that run must print, so a slow machine or an extra run (an editor's second write) only makes a
// step take longer: no timing is asserted, and a step that never comes fails by its timeout.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO, makeTree, writeTree, runCli, oneLine, parseJsonReport, gitInit, hasGit } from '../helpers/cli.js';
import { startWatch } from '../helpers/watch.js';

const TEST = { timeout: 240_000 };

const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

const SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  required: ['title'],
  properties: { title: { type: 'string' }, tags: { $ref: './defs.json#/definitions/tags' } },
};
const DEFS = { definitions: { tags: { type: 'array', items: { type: 'string' } } } };
const NO_TODO = (word) => `export const name = 'no-todo';
export default (doc) => (JSON.stringify(doc).includes('TODO') ? ['${word}'] : []);
`;

function projectTree(t, extra = {}) {
  return makeTree(t, {
    '.filecheckrc.json': json({
      rules: [{ files: ['data/**/*.json'], schema: 'schemas/item.schema.json', validators: ['./checks/no-todo.js'] }],
    }),
    '.gitignore': 'data/generated/\n',
    'schemas/item.schema.json': json(SCHEMA),
    'schemas/defs.json': json(DEFS),
    'checks/no-todo.js': NO_TODO('contains TODO'),
    'data/a.json': json({ title: 'A' }),
    'data/b.json': json({ tags: ['x'] }),
    ...extra,
  });
}

test(
  '--watch prints what changes: files fixed, broken, created, deleted; schemas, $refs and validator modules reloaded',
  TEST,
  async (t) => {
    const dir = projectTree(t);
    const watch = startWatch(t, [], { cwd: dir });

    const first = await watch.next(/^Watching 2 files: 1 failed\. Press Ctrl-C to quit\.\n/m);
    assert.match(
      first,
      /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*must have required property "title"(?: {2}\(json-schema\))?$/m,
      'the first run is an ordinary report',
    );
    assert.match(first, /^Files: 1 failed, 1 passed, 2 total$/m);

    writeTree(dir, { 'data/b.json': json({ title: 'B', tags: ['x'] }) });
    let run = await watch.next(
      /^PASS data\/b\.json \(fixed\)\n(?:.*\n)*?Watching 2 files: all passed\. Press Ctrl-C to quit\.\n/m,
    );
    assert.doesNotMatch(run, /FAIL|Files:/, 'only what changed, no full report');

    writeTree(dir, { 'data/a.json': json({ title: 'TODO' }) });
    run = await watch.next(
      /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*contains TODO(?: {2}\(no-todo\))?\n(?:.*\n)*?Watching 2 files: 1 failed\./m,
    );
    assert.doesNotMatch(run, /data\/b\.json/, 'a file whose verdict did not change is not printed');

    writeTree(dir, { 'data/new/c.json': '{', 'data/generated/ignored.json': '{', 'node_modules/x/data.json': '{' });
    run = await watch.next(
      /^ FAIL {2}data\/new\/c\.json(?: {2}\(.*\))?\n.*invalid JSON.*\n(?:.*\n)*?Watching 3 files: 2 failed\./m,
    );
    assert.doesNotMatch(run, /ignored\.json|node_modules/, 'gitignored files and node_modules are not checked');

    fs.rmSync(path.join(dir, 'data/new'), { recursive: true });
    await watch.next(/^GONE data\/new\/c\.json \(deleted\)\n(?:.*\n)*?Watching 2 files: 1 failed\./m);

    // The schema: every file of its rule is checked again.
    writeTree(dir, { 'schemas/item.schema.json': json({ ...SCHEMA, required: ['title', 'id'] }) });
    run = await watch.next(/^Watching 2 files: 2 failed\./m);
    assert.match(
      run,
      /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*must have required property "id".*\n(?:.*\n)*?.*contains TODO/m,
      'a failing file whose problems changed is printed again',
    );
    assert.match(run, /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*must have required property "id"/m);

    // A file the schema reaches through a $ref.
    writeTree(dir, {
      'schemas/defs.json': json({ definitions: { tags: { type: 'array', items: { type: 'number' } } } }),
    });
    run = await watch.next(
      /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n(?:.*\n)*?.*must be number(?: {2}\(json-schema\))?\n(?:.*\n)*?Watching 2 files: 2 failed\./m,
    );
    assert.doesNotMatch(run, /data\/a\.json/, 'a.json has no tags: its problems did not change');

    // The validator module is imported again.
    writeTree(dir, { 'checks/no-todo.js': NO_TODO('has a TODO') });
    run = await watch.next(
      /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n(?:.*\n)*?.*has a TODO(?: {2}\(no-todo\))?\n(?:.*\n)*?Watching 2 files: 2 failed\./m,
    );
    assert.doesNotMatch(run, /contains TODO/);

    watch.send('q');
    const { code, stderr } = await watch.exit();
    assert.equal(code, 1, 'q exits with the verdict of the files as they are: some fail');
    assert.equal(stderr, '');
  },
);

test(
  'a changed config or .gitignore starts over: every file checked again; a broken config is said and waited on',
  TEST,
  async (t) => {
    const dir = projectTree(t);
    const watch = startWatch(t, [], { cwd: dir });
    await watch.next(/^Watching 2 files: 1 failed\./m);

    writeTree(dir, { '.filecheckrc.json': '{ "rules": [' });
    await watch.next(/^Watching 2 files: 1 failed, stopped by the error above\./m);
    assert.match(watch.stderr, /^filecheck: .*\.filecheckrc\.json:\d+:\d+: not valid JSONC: .*$/m);

    writeTree(dir, { '.filecheckrc.json': json({ rules: [{ files: ['data/**/*.json'], require: ['id'] }] }) });
    const run = await watch.next(/^Watching 2 files: 2 failed\./m);
    assert.match(run, /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*missing required key "id"/m);
    assert.match(run, /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*missing required key "id"/m);
    assert.match(
      watch.stderr,
      /^filecheck: \.filecheckrc\.json changed: reading the config again and checking every file$/m,
    );

    // A severity is the config's too: the same problems, now warnings.
    const warned = { rules: [{ files: ['data/**/*.json'], require: [{ key: 'id', severity: 'warn' }] }] };
    writeTree(dir, { '.filecheckrc.json': json(warned) });
    const rerun = await watch.next(/^Watching 2 files: all passed\./m);
    assert.match(rerun, /^ WARN {2}data\/a\.json(?: {2}\(.*\))?\n.*warning {2}missing required key "id"/m);
    writeTree(dir, { '.filecheckrc.json': json({ rules: [{ files: ['data/**/*.json'], require: ['id'] }] }) });
    await watch.next(/^Watching 2 files: 2 failed\./m);

    writeTree(dir, { '.gitignore': 'data/generated/\ndata/b.json\n' });
    await watch.next(/^GONE data\/b\.json \(no longer checked\)\n(?:.*\n)*?Watching 1 file: 1 failed\./m);

    watch.child.kill('SIGINT');
    assert.equal((await watch.exit()).code, 130, 'Ctrl-C exits 130, as it does a run');
  },
);

test('SIGTERM ends the watch with 143; q with every file passing exits 0', TEST, async (t) => {
  const dir = projectTree(t, { 'data/b.json': json({ title: 'B' }) });
  const terminated = startWatch(t, [], { cwd: dir });
  await terminated.next(/^Watching 2 files: all passed\./m);
  terminated.child.kill('SIGTERM');
  assert.equal((await terminated.exit()).code, 143);

  const quit = startWatch(t, ['--workers', '0'], { cwd: dir });
  await quit.next(/^Watching 2 files: all passed\./m);
  quit.send('q');
  const { code, stdout, stderr } = await quit.exit();
  assert.equal(code, 0);
  assert.equal(stderr, '');
  assert.match(
    stdout,
    /Watching 2 files: all passed\. Press Ctrl-C to quit\.\n$/,
    'nothing after the last status line',
  );
});

test(
  'the pool is kept warm between runs, and started again with the module imported again when the module changes',
  TEST,
  async (t) => {
    const dir = makeTree(t, { 'data/a.json': json({ bad: true }), 'data/b.json': json({}) });
    const log = path.join(dir, 'loads.log');
    // Each import of the module logs its version and thread: the main thread is 0, workers count up.
    const write = (version) =>
      writeTree(dir, {
        'check.js': `import fs from 'node:fs';
import { threadId } from 'node:worker_threads';
fs.appendFileSync(${JSON.stringify(log)}, 'load ${version} ' + threadId + '\\n');
export default (doc) => (doc.bad ? ['bad (${version})'] : []);
`,
      });
    write('v1');
    const loads = () => fs.readFileSync(log, 'utf8').trim().split('\n');
    const watch = startWatch(t, ['data', '--validator', './check.js', '--workers', '1'], { cwd: dir });
    await watch.next(/^Watching 2 files: 1 failed\./m);
    const before = loads();
    assert.ok(
      before.some((line) => /^load v1 [1-9]\d*$/.test(line)),
      `a worker imported the module: ${before}`,
    );

    writeTree(dir, { 'data/b.json': json({ bad: 1 }) });
    await watch.next(
      /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*bad \(v1\)(?: {2}\(check\))?\n(?:.*\n)*?Watching 2 files: 2 failed\./m,
    );
    assert.deepEqual(loads(), before, 'no worker was started and nothing imported again for a changed file');

    write('v2');
    await watch.next(
      /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*bad \(v2\)(?: {2}\(check\))?\n FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*bad \(v2\)(?: {2}\(check\))?\n(?:.*\n)*?Watching 2 files: 2 failed\./m,
    );
    const oldest = Math.max(...before.map((line) => Number(line.split(' ')[2])));
    const fresh = loads().slice(before.length);
    assert.ok(
      fresh.some((line) => line.startsWith('load v2 ') && Number(line.split(' ')[2]) > oldest),
      `a new worker imported v2: ${fresh}`,
    );
    assert.ok(
      fresh.every((line) => line.startsWith('load v2 ')),
      `only v2 was imported: ${fresh}`,
    );
    assert.ok(fresh.includes('load v2 0'), `the main thread imported v2 as well: ${fresh}`);

    watch.send('q');
    assert.equal((await watch.exit()).code, 1);
  },
);

for (const [executor, workers] of [
  ['in-process', '0'],
  ['pool', '1'],
]) {
  test(
    `--bail stops each run; the files it did not reach are checked with the next change (${executor})`,
    TEST,
    async (t) => {
      const dir = makeTree(t, { 'a.json': '{', 'b.json': '{', 'c.json': '{}' });
      const watch = startWatch(t, ['*.json', '--bail', '--workers', workers], { cwd: dir });
      const first = await watch.next(/^Watching 3 files: 1 failed, 2 not checked\./m);
      assert.match(first, /^Stopped after 1 failing file \(--bail\)\.$/m);

      writeTree(dir, { 'a.json': '{}' });
      const run = await watch.next(/^Watching 3 files: 1 failed, 1 not checked\./m);
      assert.match(
        run,
        /^PASS a\.json \(fixed\)\n FAIL {2}b\.json(?: {2}\(.*\))?\n(?:.*\n)*?Stopped after 1 failing file \(--bail\): the files not checked are checked with the next change\.$/m,
      );

      writeTree(dir, { 'b.json': '{}' });
      await watch.next(/^PASS b\.json \(fixed\)\n(?:.*\n)*?Watching 3 files: all passed\./m);

      // Two files broken in one save: the second, not reached, is counted as not checked (its old pass is stale).
      writeTree(dir, { 'a.json': '{', 'c.json': '{' });
      await watch.next(/^Watching 3 files: 1 failed, 1 not checked\./m);
      writeTree(dir, { 'a.json': '{}', 'c.json': '{}' });
      await watch.next(/^Watching 3 files: all passed\./m);
      watch.send('q');
      assert.equal((await watch.exit()).code, 0);
    },
  );
}

for (const [executor, workers] of [
  ['in-process', '0'],
  ['pool', '1'],
]) {
  test(
    `the schemas files choose ($schema, a yaml-language-server comment, a catalog) are watched: each file is checked again when its schema changes or appears (${executor})`,
    TEST,
    async (t) => {
      const max = (n) => json({ type: 'object', properties: { n: { type: 'integer', maximum: n } } });
      const dir = makeTree(t, {
        '.filecheckrc.json': json({
          schemaFromDocument: true,
          catalog: 'schemas/catalog.json',
          rules: [{ files: ['data/**'] }],
        }),
        'schemas/catalog.json': json({
          version: 1,
          schemas: [{ name: 'D', url: 'd.json', fileMatch: ['data/d.json'] }],
        }),
        'schemas/a.json': max(10),
        'schemas/b.json': max(10),
        'schemas/d.json': max(10),
        'schemas/lax.json': json({}),
        'data/a.json': json({ $schema: '../schemas/a.json', n: 5 }),
        'data/b.yaml': '# yaml-language-server: $schema=../schemas/b.json\nn: 5\n',
        'data/c.json': json({ $schema: '../schemas/missing.json', n: 5 }),
        'data/d.json': json({ n: 5 }),
      });
      const watch = startWatch(t, ['--workers', workers], { cwd: dir });
      const first = await watch.next(/^Watching 4 files: 1 failed\./m);
      assert.match(first, /^ FAIL {2}data\/c\.json(?: {2}\(.*\))?\n.*no such schema file \(schemas\/missing\.json\)/m);

      writeTree(dir, { 'schemas/a.json': max(1) });
      let run = await watch.next(/^Watching 4 files: 2 failed\./m);
      assert.match(run, /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*must be <= 1/m, 'the file whose $schema names it');
      assert.doesNotMatch(run, /data\/[bcd]/);

      writeTree(dir, { 'schemas/b.json': max(1) });
      run = await watch.next(/^Watching 4 files: 3 failed\./m);
      assert.match(run, /^ FAIL {2}data\/b\.yaml(?: {2}\(.*\))?\n.*must be <= 1/m, 'the file whose comment names it');

      writeTree(dir, { 'schemas/missing.json': max(10) });
      run = await watch.next(/^PASS data\/c\.json \(fixed\)\n(?:.*\n)*?Watching 4 files: 2 failed\./m);

      writeTree(dir, { 'schemas/d.json': max(1) });
      run = await watch.next(/^Watching 4 files: 3 failed\./m);
      assert.match(run, /^ FAIL {2}data\/d\.json(?: {2}\(.*\))?\n.*must be <= 1/m, 'the file a catalog entry gives it');

      writeTree(dir, {
        'schemas/catalog.json': json({
          version: 1,
          schemas: [{ name: 'D', url: 'lax.json', fileMatch: ['data/d.json'] }],
        }),
      });
      await watch.next(/^PASS data\/d\.json \(fixed\)\n(?:.*\n)*?Watching 4 files: 2 failed\./m);

      watch.send('q');
      const { code, stderr } = await watch.exit();
      assert.equal(code, 1);
      assert.equal(stderr, '');
    },
  );
}

test('with --cache, the passes of a watch are recorded for the next run', TEST, async (t) => {
  const dir = projectTree(t);
  const watch = startWatch(t, ['--cache'], { cwd: dir });
  await watch.next(/^Watching 2 files: 1 failed\./m);
  writeTree(dir, { 'data/b.json': json({ title: 'B' }) });
  await watch.next(/^PASS data\/b\.json \(fixed\)\n(?:.*\n)*?Watching 2 files: all passed\./m);
  const recorded = () =>
    Object.keys(
      JSON.parse(fs.readFileSync(path.join(dir, 'node_modules/.cache/filecheck/results.json'), 'utf8')).files,
    ).sort();
  assert.deepEqual(recorded(), ['data/a.json', 'data/b.json'], 'a re-run of one file keeps the records of the others');
  // The compiled schema is read from the cache again: an edited schema is not taken for the stored one.
  writeTree(dir, { 'schemas/item.schema.json': json({ ...SCHEMA, required: ['title', 'id'] }) });
  await watch.next(/^Watching 2 files: 2 failed\./m);
  writeTree(dir, { 'schemas/item.schema.json': json(SCHEMA) });
  await watch.next(/^Watching 2 files: all passed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 0);

  const next = await runCli(['--cache', '-r', 'json', '--verbose'], { cwd: dir });
  assert.equal(next.code, 0, next.stderr);
  assert.deepEqual(
    parseJsonReport(next.stdout)
      .files.filter((file) => file.cached)
      .map((file) => file.path),
    ['data/a.json', 'data/b.json'],
  );
});

test(
  'patterns without a config: new files matching them are checked, others not; --schema reloads; Enter checks every file again',
  TEST,
  async (t) => {
    const dir = makeTree(t, {
      's.json': json({ type: 'object', required: ['n'] }),
      'data/a.json': json({ n: 1 }),
      'other/x.json': json({ n: 1 }),
    });
    const watch = startWatch(t, ['data/*.json', '--schema', 's.json', '--verbose'], { cwd: dir });
    await watch.next(/^Watching 1 file: all passed\./m);

    writeTree(dir, { 'other/y.json': '{', 'data/b.json': json({}) });
    const run = await watch.next(/^Watching 2 files: 1 failed\./m);
    assert.match(run, /^ FAIL {2}data\/b\.json(?: {2}\(.*\))?\n.*must have required property "n"/m);
    assert.doesNotMatch(run, /other\//);

    writeTree(dir, { 's.json': json({ type: 'object' }) });
    await watch.next(/^PASS data\/b\.json \(fixed\)\n(?:.*\n)*?Watching 2 files: all passed\./m);

    watch.send(''); // Enter
    const all = await watch.next(/^Watching 2 files: all passed\./m);
    assert.match(all, /^PASS data\/a\.json/m, '--verbose shows every file checked again');
    assert.match(all, /^PASS data\/b\.json/m);
    watch.send('q');
    assert.equal((await watch.exit()).code, 0);
  },
);

test(
  'the folder a rule starts from, deleted and made again (a branch without it checked out, then back), is watched again',
  TEST,
  async (t) => {
    const dir = makeTree(t, {
      '.filecheckrc.json': json({ rules: [{ files: ['content/**/*.json'], require: ['n'] }] }),
      'content/a/x.json': json({ n: 1 }),
      'content/b.json': json({ n: 1 }),
    });
    const watch = startWatch(t, [], { cwd: dir });
    await watch.next(/^Watching 2 files: all passed\./m);

    fs.rmSync(path.join(dir, 'content'), { recursive: true });
    await watch.next(/^Watching 0 files: all passed\./m);

    writeTree(dir, { 'content/a/x.json': json({ n: 1 }), 'content/b.json': json({ n: 1 }) });
    await watch.next(/^Watching 2 files: all passed\./m);

    writeTree(dir, { 'content/a/x.json': json({}) });
    await watch.next(/^ FAIL {2}content\/a\/x\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 2 files: 1 failed\./m);
    watch.send('q');
    assert.equal((await watch.exit()).code, 1);
  },
);

test('a CommonJS validator module is loaded again when it changes', TEST, async (t) => {
  const dir = makeTree(t, { 'a.json': '{}', 'check.cjs': "module.exports = () => ['v1'];\n" });
  const watch = startWatch(t, ['a.json', '--validator', './check.cjs', '--workers', '0'], { cwd: dir });
  await watch.next(/^Watching 1 file: 1 failed\./m);
  writeTree(dir, { 'check.cjs': "module.exports = () => ['v2'];\n" });
  await watch.next(/^ FAIL {2}a\.json(?: {2}\(.*\))?\n.*v2(?: {2}\(check\))?\n(?:.*\n)*?Watching 1 file: 1 failed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 1);
});

for (const [executor, workers] of [
  ['in-process', '0'],
  ['pool', '1'],
]) {
  test(
    `what a usage error names is watched: a schema the config names, written after it; a file a $ref names, created later (${executor})`,
    TEST,
    async (t) => {
      const dir = makeTree(t, {
        '.filecheckrc.json': json({
          schemaFromDocument: true,
          rules: [{ files: ['data/*.json'], schema: 'schemas/item.json' }, { files: ['docs/*.json'] }],
        }),
        'schemas/item.json': json({ type: 'object', required: ['n'] }),
        'schemas/doc.json': json({ $ref: './parts/doc-part.json' }),
        'data/a.json': json({ n: 1 }),
        'docs/d.json': json({ $schema: '../schemas/doc.json', title: 3 }),
      });
      const watch = startWatch(t, ['--workers', workers], { cwd: dir });
      const first = await watch.next(/^Watching 2 files: 1 failed\./m);
      assert.match(
        first,
        /^ FAIL {2}docs\/d\.json(?: {2}\(.*\))?\n.*\$ref "[^"]*parts\/doc-part\.json": no such file \(schemas\/parts\/doc-part\.json\)/m,
      );

      // The $ref'd file a document's schema misses, created: the document is checked again.
      writeTree(dir, { 'schemas/parts/doc-part.json': json({ properties: { title: { type: 'string' } } }) });
      const mended = await watch.next(
        /^ FAIL {2}docs\/d\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 2 files: 1 failed\./m,
      );
      assert.match(mended, /must be string/);

      // The config names a schema not written yet: its files fail until it is there, which is said
      // once, not on each of them.
      writeTree(dir, {
        '.filecheckrc.json': json({
          schemaFromDocument: true,
          rules: [{ files: ['data/*.json'], schema: 'schemas/new.json' }, { files: ['docs/*.json'] }],
        }),
      });
      const missing = await watch.next(/^Watching 2 files: 2 failed\./m);
      assert.doesNotMatch(missing, /cannot read schema/);
      await watch.said(/^filecheck: cannot read schema schemas\/new\.json: no such file$/m);
      writeTree(dir, { 'schemas/new.json': json({ type: 'object', required: ['m'] }) });
      await watch.next(
        /^ FAIL {2}data\/a\.json(?: {2}\(.*\))?\n.*must have required property "m"(?:.*\n)*?Watching 2 files: 2 failed\./m,
      );

      // A rule's schema whose $ref names a missing file, which is then created.
      writeTree(dir, { 'schemas/new.json': json({ $ref: './parts/new-part.json' }) });
      await watch.next(/^Watching 2 files: 2 failed\./m);
      await watch.said(/\$ref "[^"]*parts\/new-part\.json": no such file \(schemas\/parts\/new-part\.json\)/);
      writeTree(dir, { 'schemas/parts/new-part.json': json({ type: 'object' }) });
      await watch.next(/^PASS data\/a\.json \(fixed\)\n(?:.*\n)*?Watching 2 files: 1 failed\./m);
      watch.send('q');
      assert.equal((await watch.exit()).code, 1);
    },
  );
}

test(
  "a file that comes to match a rule's refs glob is preloaded: a document naming its $id is checked again",
  TEST,
  async (t) => {
    const dir = makeTree(t, {
      '.filecheckrc.json': json({
        rules: [{ files: ['docs/*.json'], schemaFromDocument: true, refs: ['schemas/ids/*.json'] }],
      }),
      'schemas/ids/x.json': json({ $id: 'https://example.com/x.json', type: 'object' }),
      'docs/x.json': json({ $schema: 'https://example.com/x.json' }),
      'docs/y.json': json({ $schema: 'https://example.com/y.json' }),
    });
    const watch = startWatch(t, [], { cwd: dir });
    const first = await watch.next(/^Watching 2 files: 1 failed\./m);
    assert.match(first, /^ FAIL {2}docs\/y\.json(?: {2}\(.*\))?\n.*is not available offline/m);

    writeTree(dir, { 'schemas/ids/y.json': json({ $id: 'https://example.com/y.json', required: ['zz'] }) });
    const run = await watch.next(/^ FAIL {2}docs\/y\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 2 files: 1 failed\./m);
    assert.match(run, /must have required property "zz"/);
    watch.send('q');
    assert.equal((await watch.exit()).code, 1);
  },
);

test(
  'a file that comes to match a ** refs glob in a subfolder, new or made meanwhile, is preloaded too',
  TEST,
  async (t) => {
    const dir = makeTree(t, {
      '.filecheckrc.json': json({
        rules: [{ files: ['docs/*.json'], schemaFromDocument: true, refs: ['schemas/**/*.json'] }],
      }),
      'schemas/ids/x.json': json({ $id: 'https://example.com/x.json', type: 'object' }),
      'docs/x.json': json({ $schema: 'https://example.com/x.json' }),
      'docs/y.json': json({ $schema: 'https://example.com/y.json' }),
      'docs/z.json': json({ $schema: 'https://example.com/z.json' }),
    });
    const watch = startWatch(t, [], { cwd: dir });
    await watch.next(/^Watching 3 files: 2 failed\./m);

    writeTree(dir, { 'schemas/ids/y.json': json({ $id: 'https://example.com/y.json', required: ['yy'] }) });
    assert.match(
      await watch.next(/^ FAIL {2}docs\/y\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 3 files: 2 failed\./m),
      /must have required property "yy"/,
    );
    writeTree(dir, { 'schemas/ids/new/deeper/z.json': json({ $id: 'https://example.com/z.json', required: ['zz'] }) });
    assert.match(
      await watch.next(/^ FAIL {2}docs\/z\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 3 files: 2 failed\./m),
      /must have required property "zz"/,
    );
    watch.send('q');
    assert.equal((await watch.exit()).code, 1);
  },
);

test('a schema broken while it is edited is said once, and its files are checked when it is fixed', TEST, async (t) => {
  const dir = projectTree(t);
  const watch = startWatch(t, [], { cwd: dir });
  await watch.next(/^Watching 2 files: 1 failed\./m);

  writeTree(dir, { 'schemas/item.schema.json': '{ "type": ' });
  await watch.next(/^Watching 2 files: 2 failed\./m);
  const said = 'schema schemas/item.schema.json:1:11 is not valid JSON: Unexpected end of input';
  await watch.said(/^filecheck: schema schemas\/item\.schema\.json:1:11 is not valid JSON/m);
  assert.equal(watch.stderr.split(`filecheck: ${said}\n`).length, 2, 'said once');
  assert.ok(!watch.stdout.includes(said), 'and not on each file of the rule');

  writeTree(dir, { 'schemas/item.schema.json': json({ ...SCHEMA, required: [] }) });
  await watch.next(/^PASS data\/b\.json \(fixed\)\n(?:.*\n)*?Watching 2 files: all passed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 0);
});

test('a burst of changes (a checkout) is checked in a few runs, and every file gets its verdict', TEST, async (t) => {
  const FILES = 300;
  const dir = makeTree(t, { 'data/ok.json': '{}' });
  const watch = startWatch(t, ['data'], { cwd: dir });
  await watch.next(/^Watching 1 file: all passed\./m);
  const burst = {};
  for (let i = 0; i < FILES; i++) burst[`data/${String(i).padStart(3, '0')}.json`] = i % 3 ? '{}' : '{';
  writeTree(dir, burst);
  const run = await watch.next(new RegExp(`^Watching ${FILES + 1} files: ${FILES / 3} failed\\.`, 'm'));
  assert.equal((run.match(/^ FAIL /gm) ?? []).length, FILES / 3, 'each failing file is printed once');
  const runs = (run.match(/^Watching /gm) ?? []).length;
  assert.ok(runs < FILES / 10, `${runs} runs for ${FILES} files: the burst is batched`);
  watch.send('q');
  assert.equal((await watch.exit()).code, 1);
});

test('--watch --changed checks the changed files first, then whatever changes', TEST, async (t) => {
  if (!hasGit) return t.skip('git is not installed');
  const dir = makeTree(t, { 'a.json': '{}', 'b.json': '{}' });
  gitInit(dir);
  const git = (...args) =>
    spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: dir });
  git('add', '.');
  git('commit', '-qm', 'files');
  writeTree(dir, { 'b.json': '{' });
  const watch = startWatch(t, ['*.json', '--changed'], { cwd: dir });
  const first = await watch.next(/^Watching 2 files: 1 failed, 1 not checked\./m);
  assert.match(first, /^ FAIL {2}b\.json(?: {2}\(.*\))?$/m);
  assert.doesNotMatch(first, /a\.json/);
  writeTree(dir, { 'a.json': '[' });
  await watch.next(/^ FAIL {2}a\.json(?: {2}\(.*\))?\n(?:.*\n)*?Watching 2 files: 2 failed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 1);
});

test('--watch with a report for a single run, --shard or --list-files is a usage error', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  for (const [args, message] of [
    [['-r', 'json'], '--watch prints its report to the terminal only: -r json is for a single run'],
    [
      ['-r', 'default', '-r', 'junit:r.xml', '--output-file', 'r.json'],
      '--watch prints its report to the terminal only: -r junit:r.xml, --output-file are for a single run',
    ],
    [['--shard', '1/2'], '--watch cannot be combined with --shard (a shard is one part of a CI run)'],
    [['--list-files'], '--watch cannot be combined with --list-files'],
  ]) {
    const { code, stdout, stderr } = await runCli(['a.json', '--watch', ...args], { cwd: dir });
    assert.equal(code, 2, args.join(' '));
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), message);
  }
});

test('a run without --watch loads no watch code', async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const trace = path.join(dir, 'trace.txt');
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  const { code, stderr } = await runCli(['a.json'], {
    cwd: dir,
    env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace },
  });
  assert.equal(code, 0, stderr);
  const urls = fs.readFileSync(trace, 'utf8').split('\n');
  assert.ok(
    urls.some((url) => url.endsWith('/runner/check/check-file.js')),
    'the hook sees filecheck load',
  );
  assert.deepEqual(
    urls.filter((url) => /\/runner\/watch|\/reporters\/watch/.test(url)),
    [],
  );
});
