// End to end: files made to break a checker. Each fails alone, with one clear problem, the same in
// both executors; none crashes the run or a worker, blocks it, or is read when it must not be.
// Large fixtures are made by the tests (sparse, or on tmpfs where there is one), never committed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import {
  runCli,
  makeTree,
  writeTree,
  parseJsonReport,
  failedPaths,
  filesLine,
  checkBothExecutors,
} from '../helpers/cli.js';
import { parseXml } from '../helpers/xml.js';

const isWindows = process.platform === 'win32';
const GOOD = '{"a": 1}';
const EXECUTORS = { 'in-process': '0', pool: '2' };
const checkBoth = (dir, args, code) => checkBothExecutors(dir, args, code, { noErrors: true });

const PROBE = new URL('../../bench/rss-probe.js', import.meta.url).href; // a URL survives spaces in paths

/** runCli with the process's peak RSS (MiB, every thread) and, if given, a cap on the main thread's heap. */
async function runMeasured(t, args, { cwd, heapMb, timeout }) {
  const rssFile = path.join(makeTree(t), 'rss.txt');
  const flags = [`--import=${PROBE}`, ...(heapMb ? [`--max-old-space-size=${heapMb}`] : [])];
  const run = await runCli(args, {
    cwd,
    timeout,
    env: { NODE_OPTIONS: flags.join(' '), FILECHECK_BENCH_RSS_FILE: rssFile },
  });
  const kib = fs.existsSync(rssFile) ? Number(fs.readFileSync(rssFile, 'utf8').trim()) : NaN;
  return { ...run, peakMiB: Math.round(kib / 1024) };
}

// ── deep nesting ─────────────────────────────────────────────────────────────────────────────────

test('deep nesting: 100,000 levels fail with one parse problem in both executors; 1,000 levels are checked in full', {
  timeout: 60_000,
}, async (t) => {
  const depth = 100_000;
  const dir = makeTree(t, {
    'a-good.json': '[1]',
    'deep-array.json': `${'['.repeat(depth)}${']'.repeat(depth)}`,
    'deep-object.json': `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    'deep-broken.json': `${'['.repeat(depth)}x`,
    'deep-breaks-schema.json': `${'['.repeat(1000)}"x"${']'.repeat(1000)}`, // valid JSON, at the limit
    'z-good.json': '[[1, 2], [3]]',
    'schema/recursive.json': JSON.stringify({ type: ['array', 'number'], items: { $ref: '#' } }), // one call per level
  });
  const tooDeep = (column) => [
    {
      validator: 'parse',
      message: 'the document is nested too deeply (more than 1000 levels)',
      line: 1,
      column,
      kind: 'parse',
    },
  ];
  for (const rules of [[], ['-s', 'schema/recursive.json']]) {
    const { byPath, summary } = await checkBoth(dir, ['*.json', ...rules]);
    assert.deepEqual(byPath['deep-array.json'].problems, tooDeep(1001));
    assert.deepEqual(byPath['deep-object.json'].problems, tooDeep(5001));
    assert.deepEqual(
      byPath['deep-broken.json'].problems,
      tooDeep(1001),
      'not JSON, and too deep to place its syntax error',
    );
    assert.equal(byPath['a-good.json'].status, 'pass');
    assert.equal(byPath['z-good.json'].status, 'pass');
    assert.equal(summary.total, 6);
    if (rules.length) {
      assert.deepEqual(byPath['deep-breaks-schema.json'].problems, [
        {
          validator: 'json-schema',
          keyword: 'type',
          message: 'must be array or number',
          kind: 'invalid',
          pointer: '/0'.repeat(1000),
          line: 1,
          column: 1001,
          schema: 'schema/recursive.json',
        },
      ]);
    } else {
      assert.equal(byPath['deep-breaks-schema.json'].status, 'pass');
    }
  }
});

// ── size ─────────────────────────────────────────────────────────────────────────────────────────

test('a 600 MiB file fails with kind io, found or named, unread: no memory spike', { timeout: 60_000 }, async (t) => {
  const dir = makeTree(t, { 'good.json': GOOD, 'huge.json': '' });
  fs.truncateSync(path.join(dir, 'huge.json'), 600 * 1024 * 1024); // sparse: costs no disk
  const problem = [
    { validator: 'read', message: 'file is too large to check (600 MiB; the limit is 512 MiB)', kind: 'io' },
  ];
  for (const args of [['.'], ['huge.json', 'good.json']]) {
    const { byPath } = await checkBoth(dir, args);
    assert.deepEqual(byPath['huge.json'].problems, problem);
    assert.equal(byPath['good.json'].status, 'pass');
  }
  for (const workers of Object.values(EXECUTORS)) {
    const run = await runMeasured(t, ['.', '--workers', workers], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    t.diagnostic(`peak RSS with a 600 MiB file, --workers ${workers}: ${run.peakMiB} MiB`);
    assert.ok(run.peakMiB < 300, `peak RSS ${run.peakMiB} MiB: the file was not read`);
  }
});

// ── encodings ────────────────────────────────────────────────────────────────────────────────────

test('invalid UTF-8, a NUL byte, UTF-16 and a name that is not UTF-8: the same one-line problem in both executors', {
  timeout: 60_000,
}, async (t) => {
  const dir = makeTree(t, {
    'good.json': GOOD,
    'latin1.json': Buffer.from('{"a": "caf\xe9"}', 'latin1'),
    'nul.json': Buffer.from('{"a": "\0"}'),
    'utf16le.json': Buffer.from('{"a": 1}', 'utf16le'), // without a byte order mark
    'utf16be.json': Buffer.from('{"a": 1}', 'utf16le').swap16(),
  });
  const badName = Buffer.from(`${dir}/caf\xe9.json`, 'latin1'); // bytes no UTF-8 name has
  let hasBadName = true;
  try {
    fs.writeFileSync(badName, GOOD);
  } catch {
    hasBadName = false; // a file system that takes UTF-8 names only (APFS, NTFS)
  }
  const { byPath } = await checkBoth(dir, ['.']);
  assert.deepEqual(byPath['latin1.json'].problems, [
    { validator: 'read', message: 'file is not valid UTF-8 text (binary, or another encoding)', kind: 'io' },
  ]);
  assert.deepEqual(byPath['nul.json'].problems, [
    {
      validator: 'parse',
      message: 'invalid JSON: Bad control character in string literal (the file contains a NUL byte: binary?)',
      line: 1,
      column: 8,
      kind: 'parse',
    },
  ]);
  for (const name of ['utf16le.json', 'utf16be.json']) {
    assert.deepEqual(
      byPath[name].problems,
      [
        {
          validator: 'read',
          message: 'file looks like UTF-16 without a byte order mark: save it as UTF-8 (or UTF-16 with a BOM)',
          kind: 'io',
        },
      ],
      name,
    );
  }
  if (hasBadName)
    assert.deepEqual(byPath['caf\uFFFD.json'].problems, [
      { validator: 'read', message: 'file cannot be opened: its name is not valid UTF-8', kind: 'io' },
    ]);
  assert.equal(byPath['good.json'].status, 'pass');
});

// ── files that are not files ─────────────────────────────────────────────────────────────────────

test('a named pipe (found, named, behind a link, with a writer), a socket and a device fail with kind io and never block', {
  skip: isWindows && 'no named pipes or sockets in the file system',
  timeout: 60_000,
}, async (t) => {
  const dir = makeTree(t, { 'good.json': GOOD, 'z-good.json': GOOD });
  execFileSync('mkfifo', [path.join(dir, 'pipe.json'), path.join(dir, 'fed.json')]);
  fs.symlinkSync('pipe.json', path.join(dir, 'link-to-pipe.json'));
  const writer = fs.openSync(path.join(dir, 'fed.json'), 'r+'); // Linux: holds the pipe open without a reader
  fs.writeSync(writer, GOOD);
  const server = net.createServer().listen(path.join(dir, 'socket.json'));
  await new Promise((resolve) => server.once('listening', resolve));
  t.after(() => {
    fs.closeSync(writer);
    server.close();
  });

  const pipe = [{ validator: 'read', message: 'file is not a regular file (a named pipe)', kind: 'io' }];
  const found = await checkBoth(dir, ['.']);
  for (const name of ['pipe.json', 'fed.json', 'link-to-pipe.json'])
    assert.deepEqual(found.byPath[name].problems, pipe, name);
  assert.deepEqual(found.byPath['socket.json'].problems, [
    { validator: 'read', message: 'file is not a regular file (a socket)', kind: 'io' },
  ]);
  assert.equal(found.summary.passed, 2);

  const zero = path.relative(dir, '/dev/zero').split(path.sep).join('/');
  const named = await checkBoth(dir, [
    'pipe.json',
    'fed.json',
    'link-to-pipe.json',
    'socket.json',
    '/dev/zero',
    'good.json',
  ]);
  assert.deepEqual(named.byPath['link-to-pipe.json'].problems, pipe);
  assert.deepEqual(
    named.byPath[zero].problems,
    [{ validator: 'read', message: 'file is not a regular file (a device)', kind: 'io' }],
    'an endless device is not read',
  );
  assert.deepEqual(named.summary, {
    total: 6,
    passed: 1,
    failed: 5,
    skipped: 0,
    onlyParsed: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    warnings: 0,
  });
});

// ── many failures ────────────────────────────────────────────────────────────────────────────────

// On tmpfs where there is one: making 100,000 files on a busy disk takes half a minute, in memory 2 s.
function fastTempDir(t) {
  const base = ['/dev/shm', os.tmpdir()].find((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.W_OK);
      return true;
    } catch {
      return false;
    }
  });
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(base, 'filecheck-many-')));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('100,000 failing files: every one reported, output streamed within an 80 MB heap, whole json, junit, sarif and gitlab reports', {
  timeout: 180_000,
}, async (t) => {
  const dir = fastTempDir(t);
  for (let d = 0; d < 100; d++) {
    fs.mkdirSync(path.join(dir, `d${d}`));
    for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(dir, `d${d}`, `${i}.json`), '{}');
  }
  // Every file lacks "k". The main thread's heap is capped at 80 MB: the run needs ~55 MB (mostly
  // the list of 100,000 files); holding every result or the output until the end needs over 96 MB.
  const args = ['.', '--require', 'k'];
  const inline = await runMeasured(t, [...args, '--workers', '0'], { cwd: dir, heapMb: 80, timeout: 120_000 });
  assert.equal(inline.code, 1, inline.stderr.slice(0, 2000));
  assert.equal(inline.stdout.match(/^ FAIL {2}/gm)?.length, 100_000);
  assert.equal(filesLine(inline.stdout), 'Files: 100000 failed, 0 passed, 100000 total');

  const reports = makeTree(t);
  const files = ['json:report.json', 'junit:report.xml', 'sarif:report.sarif', 'gitlab:report-gl.json'].flatMap(
    (spec) => ['-r', spec.replace(':', `:${reports}/`)],
  );
  const pool = await runMeasured(t, [...args, '--workers', '2', ...files], { cwd: dir, heapMb: 80, timeout: 120_000 });
  assert.equal(pool.code, 1, pool.stderr.slice(0, 2000));
  const json = parseJsonReport(fs.readFileSync(path.join(reports, 'report.json'), 'utf8'));
  assert.equal(json.files.length, 100_000);
  assert.deepEqual(json.files[0].problems, [
    { validator: 'require', message: 'missing required key "k"', kind: 'invalid', pointer: '', line: 1, column: 1 },
  ]);
  assert.equal(json.summary.failed, 100_000);
  const suite = parseXml(fs.readFileSync(path.join(reports, 'report.xml'), 'utf8')).children[0];
  assert.deepEqual(
    [suite.attributes.tests, suite.attributes.failures, suite.children.length],
    ['100000', '100000', 100_000],
  );
  assert.equal(
    parseJsonReport(fs.readFileSync(path.join(reports, 'report.sarif'), 'utf8')).runs[0].results.length,
    100_000,
  );
  assert.equal(parseJsonReport(fs.readFileSync(path.join(reports, 'report-gl.json'), 'utf8')).length, 100_000);

  t.diagnostic(
    `peak RSS, 100,000 failures: in-process ${inline.peakMiB} MiB, pool with json, junit, sarif and gitlab files ${pool.peakMiB} MiB`,
  );
  for (const run of [inline, pool]) assert.ok(run.peakMiB < 300, `peak RSS ${run.peakMiB} MiB`);
});

// ── file names ───────────────────────────────────────────────────────────────────────────────────

// Each name as the default reporter prints it: as it is, or quoted with escapes when it holds a
// character that could fake or hide a line (or starts with a quote).
const NAMES = {
  'with space.json': 'with space.json',
  'q"uote.json': 'q"uote.json',
  "apos'.json": "apos'.json",
  'ünï 日本 😀.json': 'ünï 日本 😀.json',
  '100%.json': '100%.json',
  '50%0A.json': '50%0A.json',
  'c:d.json': 'c:d.json',
  'e,f.json': 'e,f.json',
  'x.json\n FAIL  forged.json': '"x.json\\n FAIL  forged.json"',
  'cr\rname.json': '"cr\\rname.json"',
  'esc\u001b[2Kname.json': '"esc\\u001b[2Kname.json"',
  'tab\tname.json': '"tab\\tname.json"',
  '"quoted".json': '"\\"quoted\\".json"',
  'back\\slash\n.json': '"back\\\\slash\\n.json"',
};

// GitHub's runner decodes a property value's %25, %0D, %0A, %3A and %2C (actions/toolkit, command.ts).
const githubProperty = (value) =>
  value.replace(/%(25|0D|0A|3A|2C)/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

test('odd file names: quoted in the human report, exact in json, well-formed in junit, escaped in GitHub annotations', {
  skip: isWindows && 'most of these names are not allowed',
  timeout: 60_000,
}, async (t) => {
  const names = Object.keys(NAMES).sort();
  // One file quotes its own content in its message: a line break and an escape sequence.
  const dir = makeTree(t, {
    ...Object.fromEntries(names.map((name) => [name, '{'])),
    'snippet.json': '{"a":\n x\u001b[2K }',
    'good.json': GOOD,
  });

  const human = await runCli(['.'], { cwd: dir });
  assert.equal(human.code, 1, human.stderr);
  assert.doesNotMatch(human.stdout, /[\u001b\r]/, 'no raw escape or carriage return reaches the terminal');
  assert.deepEqual(
    failedPaths(human.stdout),
    [...names, 'snippet.json'].sort().map((name) => NAMES[name] ?? name),
  );
  assert.equal(
    human.stdout.split('\n').filter((line) => line.startsWith(' FAIL ')).length,
    names.length + 1,
    'one FAIL line per failing file: none forged',
  );
  assert.match(
    human.stdout,
    /^ {2}snippet\.json:2:2 {2}invalid JSON: Unexpected token 'x', "\{"a":\\n x\\u001b\[2K }" is not valid JSON$/m,
    'the quoted content is escaped too',
  );

  const list = await runCli(['.', '--list-files'], { cwd: dir });
  assert.equal(list.stdout.split('\n').length - 1, names.length + 2, 'one line per file');

  const { byPath } = await checkBoth(dir, ['.']);
  assert.deepEqual(
    Object.keys(byPath).sort(),
    [...names, 'good.json', 'snippet.json'].sort(),
    'json: every name exact',
  );

  await runCli(['.', '-r', 'junit:report.xml'], { cwd: dir });
  const cases = parseXml(fs.readFileSync(path.join(dir, 'report.xml'), 'utf8')).children[0].children.filter(
    (c) => c.name === 'testcase',
  );
  // XML 1.0 cannot hold ESC at all: it becomes U+FFFD; line breaks and tabs come back exactly.
  assert.deepEqual(
    cases
      .map((c) => c.attributes.name)
      .filter((name) => name !== 'good.json' && name !== 'snippet.json')
      .sort(),
    names.map((name) => name.replace('\u001b', '\uFFFD')).sort(),
  );

  const github = await runCli(['.', '-r', 'github'], { cwd: dir });
  const commands = github.stdout.split('\n').filter(Boolean);
  assert.ok(
    commands.every((line) => line.startsWith('::error file=')),
    `one workflow command per line:\n${github.stdout}`,
  );
  assert.equal(commands.length, names.length + 1);
  const files = commands.map((line) => githubProperty(/^::error file=([^,:]*)[,:]/.exec(line)[1]));
  assert.deepEqual(files.sort(), [...names, 'snippet.json'].sort(), 'the file property decodes to the exact name');
});

// ── symbolic links ───────────────────────────────────────────────────────────────────────────────

test('symbolic links: loops end, links inside the project are followed, a link out of it fails unread', {
  skip: isWindows && 'symlinks need privileges on Windows',
  timeout: 60_000,
}, async (t) => {
  const outside = makeTree(t, { 'secret.json': 'not json: SECRET', 'folder/other.json': 'SECRET too' });
  const dir = makeTree(t, { 'data/a.json': GOOD, 'shared/b.json': GOOD });
  const link = (target, at) => fs.symlinkSync(target, path.join(dir, at));
  link('..', 'data/loop'); // to its own parent
  link('../data', 'data/self'); // to itself
  link('../../data', 'shared/up'); // to a folder that, through data/shared, contains it: a loop over two links
  link('../shared', 'data/shared'); // inside the project: followed
  link(path.join(outside, 'secret.json'), 'data/secret.json'); // out of the project
  link(path.join(outside, 'folder'), 'data/outside'); // a folder out of the project: not entered

  const refused = (to) => [
    { validator: 'read', message: `file is a symbolic link out of the project (to ${to}); not followed`, kind: 'io' },
  ];
  const found = await checkBoth(dir, ['data']);
  assert.deepEqual(Object.keys(found.byPath), ['data/a.json', 'data/secret.json', 'data/shared/b.json']);
  assert.deepEqual(found.byPath['data/secret.json'].problems, refused(path.join(outside, 'secret.json')));

  const named = await checkBoth(dir, ['data/secret.json', 'data/outside/other.json', 'data/a.json']);
  assert.deepEqual(named.byPath['data/secret.json'].problems, refused(path.join(outside, 'secret.json')));
  assert.deepEqual(named.byPath['data/outside/other.json'].problems, [
    {
      validator: 'read',
      message: `file is behind a symbolic link out of the project (to ${path.join(outside, 'folder/other.json')}); not followed`,
      kind: 'io',
    },
  ]);
  const human = await runCli(['data', 'data/outside/other.json'], { cwd: dir });
  assert.doesNotMatch(human.stdout + human.stderr, /SECRET/, 'nothing behind the links was read');

  // From outside the project, a link leads anywhere: the user named that place.
  const fromOutside = await runCli([path.join(dir, 'data/secret.json')], { cwd: outside });
  assert.match(fromOutside.stdout, /invalid JSON/);
});

// ── a file that goes away ────────────────────────────────────────────────────────────────────────

test('a file deleted between discovery and reading fails with kind io; the run goes on', {
  timeout: 60_000,
}, async (t) => {
  // The validator module deletes b.json when it is loaded: after discovery, before any file is
  // checked, in the main thread or in each worker alike.
  const dir = makeTree(t, {
    'deleter.js': "import fs from 'node:fs';\nfs.rmSync('data/b.json', { force: true });\nexport default () => {};\n",
    'data/a.json': GOOD,
    'data/b.json': GOOD,
    'data/c.json': GOOD,
  });
  const runs = [];
  for (const workers of Object.values(EXECUTORS)) {
    writeTree(dir, { 'data/b.json': GOOD });
    const run = await runCli(['data', '--validator', './deleter.js', '--workers', workers, '-r', 'json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    runs.push(parseJsonReport(run.stdout));
  }
  for (const { files, summary } of runs) {
    assert.deepEqual(files, [
      {
        path: 'data/b.json',
        status: 'fail',
        problems: [{ validator: 'read', message: 'file no longer exists (deleted after it was found?)', kind: 'io' }],
      },
    ]);
    assert.equal(summary.passed, 2);
  }
});
