// --watch and the checks across files (issue 26): a re-run checks only the changed files, but the
// checks across files see every file as it is now, and a file whose problems across files changed
// because another file changed is printed again with its new verdict. Each step waits for the
// output its run must print (helpers/watch.js): no timing is asserted.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { makeTree, writeTree } from '../helpers/cli.js';
import { startWatch } from '../helpers/watch.js';

const TEST = { timeout: 240_000 };
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;
const config = (rule) => ({ '.filecheckrc.json': json({ rules: [rule] }) });
const PAGES = { name: 'pages', files: ['pages/*.json'], unique: ['/slug'] };
const LOCALES = { name: 'locales', files: ['locales/*.json'], sameKeysAs: { source: 'locales/en.json' } };
const fail = (file) => new RegExp(`^ FAIL {2}${file.replace('.', '\\.')}`, 'm');

for (const workers of ['0', '2']) {
  test(
    `a duplicate fixed in one file clears the other; a deleted duplicate leaves its partner passing (--workers ${workers})`,
    TEST,
    async (t) => {
      const dir = makeTree(t, {
        ...config(PAGES),
        'pages/a.json': json({ slug: 'a' }),
        'pages/b.json': json({ slug: 'a' }),
        'pages/c.json': json({ slug: 'c' }),
      });
      const watch = startWatch(t, ['--workers', workers], { cwd: dir });
      const first = await watch.next(/^Watching 3 files: 2 failed\./m);
      assert.match(first, fail('pages/a.json'));
      assert.match(first, fail('pages/b.json'));

      writeTree(dir, { 'pages/b.json': json({ slug: 'b' }) });
      let run = await watch.next(/^Watching 3 files: all passed\./m);
      assert.match(run, /^PASS pages\/a\.json \(fixed\)$/m, 'a.json, not changed, passes in the same run');
      assert.match(run, /^PASS pages\/b\.json \(fixed\)$/m);

      writeTree(dir, { 'pages/c.json': json({ slug: 'b' }) });
      run = await watch.next(/^Watching 3 files: 2 failed\./m);
      assert.match(run, fail('pages/b.json'), 'b.json, not changed, now has a duplicate');
      assert.match(run, fail('pages/c.json'));
      assert.doesNotMatch(run, /pages\/a\.json/, 'a file whose verdict did not change is not printed');

      fs.rmSync(path.join(dir, 'pages/c.json'));
      run = await watch.next(/^Watching 2 files: all passed\./m);
      assert.match(run, /^GONE pages\/c\.json \(deleted\)$/m);
      assert.match(run, /^PASS pages\/b\.json \(fixed\)$/m, 'the deleted file leaves the checks');

      watch.send('q');
      const { code, stderr } = await watch.exit();
      assert.equal(code, 0);
      assert.equal(stderr, '');
    },
  );

  test(
    `a key removed from the sameKeysAs source fails the translations that have it, in the same run (--workers ${workers})`,
    TEST,
    async (t) => {
      const dir = makeTree(t, {
        ...config(LOCALES),
        'locales/en.json': json({ hello: 'Hello', bye: 'Bye' }),
        'locales/de.json': json({ hello: 'Hallo', bye: 'Tschüss' }),
        'locales/fr.json': json({ hello: 'Bonjour', bye: 'Salut' }),
      });
      const watch = startWatch(t, ['--workers', workers], { cwd: dir });
      await watch.next(/^Watching 3 files: all passed\./m);

      writeTree(dir, { 'locales/en.json': json({ hello: 'Hello' }) });
      let run = await watch.next(/^Watching 3 files: 2 failed\./m);
      assert.match(run, new RegExp(`${fail('locales/de.json').source}(?:.*\\n)+?.*bye`, 'm'));
      assert.match(run, new RegExp(`${fail('locales/fr.json').source}(?:.*\\n)+?.*bye`, 'm'));

      writeTree(dir, { 'locales/fr.json': json({ hello: 'Bonjour' }) });
      run = await watch.next(/^Watching 3 files: 1 failed\./m);
      assert.match(run, /^PASS locales\/fr\.json \(fixed\)$/m);
      assert.doesNotMatch(run, /de\.json/);

      writeTree(dir, { 'locales/en.json': json({ hello: 'Hello', bye: 'Bye' }) });
      run = await watch.next(/^Watching 3 files: 1 failed\./m);
      assert.match(run, /^PASS locales\/de\.json \(fixed\)$/m);
      assert.match(run, new RegExp(`${fail('locales/fr.json').source}(?:.*\\n)+?.*missing key.*bye`, 'm'));

      watch.send('q');
      assert.equal((await watch.exit()).code, 1);
    },
  );
}

test('a change to the checks across files in the config checks every file again', TEST, async (t) => {
  const dir = makeTree(t, {
    ...config({ ...PAGES, unique: undefined }),
    'pages/a.json': json({ slug: 'a' }),
    'pages/b.json': json({ slug: 'a' }),
  });
  const watch = startWatch(t, [], { cwd: dir });
  await watch.next(/^Watching 2 files: all passed\./m);

  writeTree(dir, config(PAGES));
  const run = await watch.next(/^Watching 2 files: 2 failed\./m);
  assert.match(run, fail('pages/a.json'));
  assert.match(run, fail('pages/b.json'));

  writeTree(dir, config({ ...PAGES, unique: ['/title'] }));
  await watch.next(/^Watching 2 files: all passed\./m);
  watch.send('q');
  assert.equal((await watch.exit()).code, 0);
});
