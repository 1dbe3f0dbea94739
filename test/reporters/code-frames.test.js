// Code frames end to end: the human report shows each problem's lines, the column marked, in every
// format, through both executors, the cache and the checks across files; --no-code-frame and
// "codeFrame": false turn them off; the other reports keep their shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { makeTree, parseJsonReport, runCli, writeTree } from '../helpers/cli.js';

const SCHEMA = JSON.stringify({
  type: 'object',
  properties: { level: { enum: ['low', 'high'] }, n: { type: 'number' } },
});
// The output without its last line (the time a run took); without the summary.
const report = (stdout) => stdout.replace(/^Time: .*\n/m, '');
const blocks = (stdout) => stdout.replace(/^(Files|Time): .*\n/gm, '');
// The frame printed under the problem at `place` (path:line:col): the lines up to the blank after it.
function frameAt(stdout, place) {
  const lines = stdout.split('\n');
  const at = lines.findIndex((line) => line.startsWith(`  ${place} `));
  assert.ok(at >= 0, `no problem at ${place} in:\n${stdout}`);
  const end = lines.indexOf('', at);
  return lines.slice(at + 1, end);
}

async function check(t, files, args = []) {
  const dir = makeTree(t, { 's.json': SCHEMA, ...files });
  const run = await runCli([...Object.keys(files), '-s', 's.json', '--workers', '0', ...args], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  return run.stdout;
}

test('every format: the lines of the file around the problem, > on its line, ^ under its column', async (t) => {
  const stdout = await check(t, {
    'a.json': '{\n  "level": "hihg",\n  "n": 1\n}\n',
    'b.jsonc': '{\n  // the level\n  "level": "hihg", /* typo */\n}\n',
    'c.json5': "{\n  level: 'hihg',\n}\n",
    'd.toml': 'n = 1\nlevel = "hihg"\n',
  });
  assert.deepEqual(frameAt(stdout, 'a.json:2:12'), [
    '      1 | {',
    '    > 2 |   "level": "hihg",',
    '        |            ^',
    '      3 |   "n": 1',
  ]);
  assert.deepEqual(frameAt(stdout, 'b.jsonc:3:12'), [
    '      1 | {',
    '      2 |   // the level',
    '    > 3 |   "level": "hihg", /* typo */',
    '        |            ^',
    '      4 | }',
  ]);
  assert.deepEqual(frameAt(stdout, 'c.json5:2:10'), [
    '      1 | {',
    "    > 2 |   level: 'hihg',",
    '        |          ^',
    '      3 | }',
  ]);
  assert.deepEqual(frameAt(stdout, 'd.toml:2:9'), [
    '      1 | n = 1',
    '    > 2 | level = "hihg"',
    '        |         ^',
  ]);
});

test("a YAML stream's second document and a Markdown file's front matter are framed at the file's own lines", async (t) => {
  const stdout = await check(t, {
    'stream.yaml': 'level: low\n---\n# second\nlevel: hihg\n',
    'page.md': '---\ntitle: x\nlevel: hihg\n---\n\n# Body\n',
  });
  assert.deepEqual(frameAt(stdout, 'stream.yaml:4:8'), [
    '      2 | ---',
    '      3 | # second',
    '    > 4 | level: hihg',
    '        |        ^',
  ]);
  assert.deepEqual(frameAt(stdout, 'page.md:3:8'), [
    '      1 | ---',
    '      2 | title: x',
    '    > 3 | level: hihg',
    '        |        ^',
    '      4 | ---',
  ]);
});

test('CRLF line ends, a byte order mark, tabs and characters beyond the BMP: the caret stays on its character', async (t) => {
  const stdout = await check(t, {
    'crlf.json': '{\r\n  "n": 1,\r\n  "level": "hihg"\r\n}\r\n',
    'bom.json': '\uFEFF{"level": "hihg"}',
    'tabs.yaml': 'a:\n\tb: 1\nlevel: hihg\n',
    'emoji.json': '{"😀": 1, "level": "hihg"}',
  });
  assert.deepEqual(frameAt(stdout, 'crlf.json:3:12'), [
    '      1 | {',
    '      2 |   "n": 1,',
    '    > 3 |   "level": "hihg"',
    '        |            ^',
    '      4 | }',
  ]);
  assert.deepEqual(frameAt(stdout, 'bom.json:1:11'), ['    > 1 | {"level": "hihg"}', '        |           ^']);
  assert.ok(!stdout.includes('\r'));
  assert.ok(!stdout.includes('\uFEFF'));
  // The YAML parser refuses the tab-indented line: its syntax error is framed, the tab kept.
  const tabs = frameAt(stdout, 'tabs.yaml:2:1');
  assert.ok(tabs.includes('    > 2 | \tb: 1'), tabs.join('\n'));
  assert.deepEqual(frameAt(stdout, 'emoji.json:1:20'), [
    '    > 1 | {"😀": 1, "level": "hihg"}',
    `        | ${' '.repeat(19)}^`, // the emoji counts two columns, and takes two cells
  ]);
});

test('a minified line shows a window around the column, cut with an ellipsis, and the caret on the value', async (t) => {
  const line = `{"items":[${'{"id":1},'.repeat(100_000)}{"id":"x"}],"level":"hihg"}`;
  const stdout = await check(t, { 'min.json': line });
  const column = line.indexOf('"hihg"') + 1;
  const frame = frameAt(stdout, `min.json:1:${column}`);
  assert.equal(frame.length, 2);
  assert.ok(frame[0].startsWith('    > 1 | …'));
  assert.ok(frame[0].length < 200, `${frame[0].length} characters`);
  assert.equal(frame[0].slice(frame[1].indexOf('^'), frame[1].indexOf('^') + 6), '"hihg"');
  assert.ok(stdout.length < 2_000, 'the report stays small');
});

test('many problems: the first five are framed, then a line says how many more have none', async (t) => {
  const items = Array.from({ length: 12 }, (_, i) => `  "k${i}": "x"`).join(',\n');
  const dir = makeTree(t, {
    's.json': JSON.stringify({ type: 'object', additionalProperties: { type: 'number' } }),
    'many.json': `{\n${items}\n}\n`,
  });
  const run = await runCli(['many.json', '-s', 's.json', '--workers', '0'], { cwd: dir });
  assert.equal(run.code, 1);
  assert.equal((run.stdout.match(/^ {4}> /gm) ?? []).length, 5);
  const note = run.stdout.split('\n').indexOf('  (7 more problems without a code frame)');
  assert.ok(note > 0, run.stdout);
  assert.ok(run.stdout.split('\n')[note + 1].startsWith('  many.json:7:9 '), 'said before the first of them');
});

test("a problem at the document's root (a required key, a missing key nothing closer holds) has no frame; the five go to the others", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        { files: ['locales/*.json'], sameKeysAs: 'locales/en.json' },
        { files: ['doc.json'], schema: 's.json' },
      ],
    }),
    's.json': JSON.stringify({ type: 'object', required: ['title'], properties: { n: { type: 'number' } } }),
    'doc.json': '{\n  "n": "x"\n}\n',
    // Six keys missing at the root, placed at 1:1 before the two missing from objects.
    'locales/en.json': JSON.stringify({ k0: '', k1: '', k2: '', k3: '', k4: '', k5: '', c: { d: 'D' }, e: { f: 'F' } }),
    'locales/de.json': '{\n  "c": {},\n  "e": {}\n}\n',
  });
  const run = await runCli(['--workers', '0'], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  assert.match(run.stdout, /^ {2}locales\/de\.json:1:1 {2}missing key \/k5 /m);
  assert.doesNotMatch(run.stdout, /> 1 \|/, 'no frame of the first line');
  assert.equal((run.stdout.match(/^ {4}> /gm) ?? []).length, 3);
  assert.doesNotMatch(run.stdout, /without a code frame/);
  assert.deepEqual(frameAt(run.stdout, 'doc.json:2:8'), [
    '      1 | {',
    '    > 2 |   "n": "x"',
    '        |        ^',
    '      3 | }',
  ]);
  assert.deepEqual(frameAt(run.stdout, 'locales/de.json:3:8').slice(1), [
    '      1 | {',
    '      2 |   "c": {},',
    '    > 3 |   "e": {}',
    '        |        ^',
    '      4 | }',
  ]);
});

test('a problem without a line and a file that cannot be read have no frame', async (t) => {
  const dir = makeTree(t, {
    'v.js': "export default () => ['no position here'];\n",
    'a.json': '{\n  "n": 1\n}\n',
    'bad.json': Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), // not UTF-8
  });
  const run = await runCli(['a.json', 'bad.json', '--validator', './v.js', '--workers', '0'], { cwd: dir });
  assert.equal(run.code, 1);
  const [blocks] = run.stdout.split('\nFiles:');
  assert.equal(
    blocks,
    [
      ' FAIL  a.json  (v)',
      '  a.json  no position here',
      ' FAIL  bad.json  (read)',
      '  bad.json  file is not valid UTF-8 text (binary, or another encoding)',
      '',
    ].join('\n'),
  );
});

test('--no-code-frame and "codeFrame": false print the problems alone; the json report never has frames', async (t) => {
  const files = { 's.json': SCHEMA, 'a.json': '{\n  "level": "hihg"\n}\n' };
  const dir = makeTree(t, files);
  const framed = await runCli(['a.json', '-s', 's.json'], { cwd: dir });
  assert.match(framed.stdout, /^ {4}> 2 \| {3}"level": "hihg"$/m);
  const off = await runCli(['a.json', '-s', 's.json', '--no-code-frame'], { cwd: dir });
  assert.equal(off.code, 1);
  assert.equal(
    report(off.stdout),
    ' FAIL  a.json  (json-schema: s.json)\n  a.json:2:12  /level: must be one of "low", "high"; did you mean "high"?\n\nFiles: 1 failed, 0 passed, 1 total\n',
  );
  writeTree(dir, {
    '.filecheckrc.json': JSON.stringify({ codeFrame: false, rules: [{ files: ['a.json'], schema: 's.json' }] }),
  });
  const config = await runCli([], { cwd: dir });
  assert.equal(report(config.stdout), report(off.stdout));
  // --code-frame wins over the config, as every option does.
  const again = await runCli(['--code-frame'], { cwd: dir });
  assert.equal(report(again.stdout), report(framed.stdout));
  const json = await runCli(['-r', 'default', '-r', 'json:r.json'], { cwd: dir });
  assert.equal(json.code, 1);
  const written = parseJsonReport(fs.readFileSync(path.join(dir, 'r.json'), 'utf8'));
  assert.deepEqual(Object.keys(written.files[0].problems[0]).sort(), [
    'column',
    'keyword', // the ajv keyword, which suppressions count by
    'kind',
    'line',
    'message',
    'pointer',
    'schema',
    'validator',
  ]);
});

test('in-process and on a pool, and from the cache: the same frames', async (t) => {
  const files = {
    's.json': SCHEMA,
    ...Object.fromEntries(
      Array.from({ length: 30 }, (_, i) => [
        `d/f${i}.yaml`,
        `# file ${i}\nn: ${i}\nlevel: ${i % 3 ? 'low' : 'hihg'}\n`,
      ]),
    ),
  };
  const dir = makeTree(t, files);
  const args = ['d', '-s', 's.json', '--cache', '--cache-location', 'cache'];
  const inline = await runCli([...args, '--workers', '0'], { cwd: dir });
  assert.equal(inline.code, 1);
  assert.match(inline.stdout, /^ {4}> 3 \| level: hihg$/m);
  fs.rmSync(path.join(dir, 'cache'), { recursive: true });
  const pool = await runCli([...args, '--workers', '2'], { cwd: dir });
  assert.equal(report(pool.stdout), report(inline.stdout));
  const cached = await runCli([...args, '--workers', '0'], { cwd: dir });
  assert.equal(blocks(cached.stdout), blocks(inline.stdout));
  assert.match(cached.stdout, /10 failed \(10 from the cache\)/);
  // Failures recorded with frames are checked again by a run without them, and the other way round.
  const off = await runCli([...args, '--no-code-frame', '--workers', '0', '--verbose'], { cwd: dir });
  assert.ok(!/^ {4}> /m.test(off.stdout));
  assert.match(off.stdout, /Cache: 20 files unchanged since checked \(20 passed, 0 failed\), 10 files to check/);
  const on = await runCli([...args, '--workers', '0'], { cwd: dir });
  assert.equal(blocks(on.stdout), blocks(inline.stdout));
  assert.match(on.stdout, /Files: 10 failed, 20 passed \(20 from the cache\)/);
});

test('problems of the checks across files are framed too, at their place in the file', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['posts/*.json'], unique: ['/slug'] }] }),
    'posts/a.json': '{\n  "title": "A",\n  "slug": "intro"\n}\n',
    'posts/b.json': '{\n  "slug": "intro"\n}\n',
  });
  const run = await runCli(['--workers', '0'], { cwd: dir });
  assert.equal(run.code, 1, run.stderr);
  assert.deepEqual(frameAt(run.stdout, 'posts/a.json:3:11'), [
    '                     also at posts/b.json:2:11 (/slug: "intro")',
    '      1 | {',
    '      2 |   "title": "A",',
    '    > 3 |   "slug": "intro"',
    '        |           ^',
    '      4 | }',
  ]);
});
