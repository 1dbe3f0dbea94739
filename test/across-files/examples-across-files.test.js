// The examples of the checks across files (docs/across-files.md): examples/site and examples/i18n,
// each with its own .filecheckrc.json, fail on purpose as their READMEs say. Run as a user would:
// `cd examples/<name> && npx filecheck`, and with named files, as a pre-commit hook runs it.
import assert from 'node:assert/strict';
import path from 'node:path';
import test from 'node:test';
import { REPO, failedPaths, filesLine, makeTree, runCli } from '../helpers/cli.js';

const SITE = path.join(REPO, 'examples/site');
const I18N = path.join(REPO, 'examples/i18n');

test('examples/site: a duplicate slug fails both posts, a dangling author fails its post (exit 1)', async () => {
  const { code, stdout, stderr } = await runCli([], { cwd: SITE });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), [
    'posts/hello-again.json',
    'posts/hello-world.json',
    'posts/release-notes.json',
  ]);
  assert.match(
    stdout,
    /^ {2}posts\/hello-again\.json:2:11 {2}\/slug: "hello-world" is also at posts\/hello-world\.json$/m,
  );
  assert.match(stdout, /^ +also at posts\/hello-world\.json:2:11 \(\/slug: "hello-world"\)$/m);
  assert.match(
    stdout,
    /^ {2}posts\/release-notes\.json:4:15 {2}\/authors\/0: "grce" is not an \/id of any file of rule "people"; did you mean "grace"\?$/m,
  );
  assert.doesNotMatch(stdout, /names no file/, 'the images the posts name exist');
  assert.equal(filesLine(stdout), 'Files: 3 failed, 2 passed, 5 total');
});

test('examples/site: a named file (a pre-commit hook) is checked against the files not named', async () => {
  const { code, stdout, stderr } = await runCli(['posts/hello-world.json'], { cwd: SITE });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['posts/hello-world.json']);
  assert.match(stdout, /\/slug: "hello-world" is also at posts\/hello-again\.json/);
  assert.equal(filesLine(stdout), 'Files: 1 failed, 0 passed, 1 total');
});

test('examples/i18n: a placeholder {{mix}} for {{max}} fails, a missing key warns (exit 1)', async () => {
  const { code, stdout, stderr } = await runCli([], { cwd: I18N });
  assert.equal(code, 1, stdout + stderr);
  assert.deepEqual(failedPaths(stdout), ['locales/de.json']);
  assert.match(
    stdout,
    /^ {2}locales\/de\.json:4:14 {2}\/cart\/limit: placeholders differ from locales\/en\.json: has \{\{mix\}\}, the source has \{\{max\}\}$/m,
  );
  assert.match(stdout, /^ WARN {2}locales\/fr\.json {2}\(sameKeysAs\)$/m);
  assert.match(
    stdout,
    /^ {2}locales\/fr\.json:1:1 {2}warning {2}missing key \/checkout \(locales\/en\.json has it\)$/m,
  );
  assert.doesNotMatch(stdout, /ja\.json/, "Japanese's single plural form is not a problem");
  assert.equal(filesLine(stdout), 'Files: 1 failed, 3 passed, 4 total');
  assert.match(stdout, /^Problems: 1 error, 1 warning$/m);
});

test('examples/i18n: a warning alone passes, unless --max-warnings allows fewer', async () => {
  const passes = await runCli(['locales/fr.json'], { cwd: I18N });
  assert.equal(passes.code, 0, passes.stdout + passes.stderr);
  assert.equal(filesLine(passes.stdout), 'Files: 1 passed, 1 total');

  const strict = await runCli(['locales/fr.json', '--max-warnings', '0'], { cwd: I18N });
  assert.equal(strict.code, 1, strict.stdout + strict.stderr);
  assert.match(strict.stdout, /^Failed: 1 warning, more than --max-warnings 0\.$/m);
});

test("--list-files --verbose names each file's checks across files, with the rule that gives them", async () => {
  const site = await runCli(['--list-files', '--verbose'], { cwd: SITE });
  assert.equal(site.code, 0, site.stderr);
  assert.deepEqual(site.stdout.trim().split('\n'), [
    'people/ada.json\tjson\t(no schema); unique /id (rule "people")',
    'people/grace.json\tjson\t(no schema); unique /id (rule "people")',
    ...['hello-again', 'hello-world', 'release-notes'].map(
      (post) =>
        `posts/${post}.json\tjson\t(no schema); unique /slug (rule "posts"); references /authors/* to /id in rule "people", /image to a file (rule "posts")`,
    ),
  ]);
  const i18n = await runCli(['--list-files', '--verbose'], { cwd: I18N });
  assert.equal(i18n.code, 0, i18n.stderr);
  assert.deepEqual(i18n.stdout.trim().split('\n'), [
    'locales/de.json\tjson\t(no schema); same keys and i18next placeholders as locales/en.json (rule "locales")',
    'locales/en.json\tjson\t(no schema); the source of sameKeysAs (rule "locales")',
    'locales/fr.json\tjson\t(no schema); same keys and i18next placeholders as locales/en.json (rule "locales")',
    'locales/ja.json\tjson\t(no schema); same keys and i18next placeholders as locales/en.json (rule "locales")',
  ]);
});

test('--list-files --verbose: a folder per locale names each file\'s own source; unique says what it ignores; references without "in" name their own rule', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { name: 'locales', files: ['locales/**/*.json'], sameKeysAs: 'locales/en/**/*.json' },
        {
          name: 'pages',
          files: ['pages/*.json'],
          unique: [
            { pointer: '/slug', ignoreCase: true },
            { pointer: '/id', severity: 'off' },
          ],
          references: [{ from: '/parent', to: '/slug' }],
        },
      ],
    }),
    'locales/en/app.json': '{}',
    'locales/de/app.json': '{}',
    'locales/de/extra.json': '{}',
    'pages/a.json': '{}',
  });
  const { code, stdout, stderr } = await runCli(['--list-files', '--verbose'], { cwd: dir });
  assert.equal(code, 0, stderr);
  assert.deepEqual(stdout.trim().split('\n'), [
    'locales/de/app.json\tjson\t(no schema); same keys as locales/en/app.json (rule "locales")',
    'locales/de/extra.json\tjson\t(no schema); same keys as: no source file locales/en/extra.json for this file (rule "locales")',
    'locales/en/app.json\tjson\t(no schema); the source of sameKeysAs (rule "locales")',
    'pages/a.json\tjson\t(no schema); unique /slug ignoring case (rule "pages"); references /parent to /slug in the same rule (rule "pages")',
  ]);
});
