// A key written twice in one object fails its file in JSON, JSONC and JSON5 as in YAML and TOML, at the
// second one, in-process and on a pool alike; what only looks like one (`":` inside a string, a space
// before a colon, the same key in two objects) passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTree, writeTree, checkBothExecutors, runCli } from '../helpers/cli.js';
import { duplicateKeyProblems } from '../../formats/duplicate-keys.js';
import { parseJson } from '../../formats/json.js';

const UNIQUE = "an object's keys must be unique (readers disagree on which value counts)";
const twice = (key, first) => `duplicate key "${key}" (first at ${first}): ${UNIQUE}`;
const problemsOf = (file) =>
  file.problems.map(({ message, line, column, kind }) => `${kind} ${line}:${column} ${message}`);

test('a key written twice fails the file at the second one, in every JSON format and both executors; validators do not run on it', async (t) => {
  const dir = makeTree(t, {
    's.json': JSON.stringify({ required: ['missing'] }),
    'twice.json': '{\n  "title": "A",\n  "body": "b",\n  "title": "B"\n}\n',
    'nested.json': '[\n  {"id": 1},\n  {"id": 2, "tags": {"x": 1,\n    "x": 2, "x": 3}}\n]\n',
    'escaped.json': '{"caf\\u00e9": 1, "café": 2}',
    'commented.jsonc':
      '{\n  // "title": "in a comment does not count"\n  "title": "A",\n  "title": "B", // trailing\n}\n',
    'five.json5': "{\n  title: 'A',\n  \"title\": 'B',\n  list: [{k: 1, k: 2}],\n}\n",
    'front.md': '---\ntitle: A\ntitle: B\n---\n',
    'key.toml': 'title = "A"\n"title" = "B"\n',
    'table.toml': '[server]\nport = 1\n\n[ server ]\nhost = "x"\n',
  });
  const { byPath } = await checkBothExecutors(dir, [
    '-s',
    's.json',
    'twice.json',
    'nested.json',
    'escaped.json',
    'commented.jsonc',
    'five.json5',
    'front.md',
    'key.toml',
    'table.toml',
  ]);
  assert.deepEqual(
    problemsOf(byPath['twice.json']),
    [`parse 4:3 ${twice('title', '2:3')}`],
    "the schema's own problem is not added: the document is not read",
  );
  assert.deepEqual(problemsOf(byPath['nested.json']), [
    `parse 4:5 ${twice('x', '3:22')}`,
    `parse 4:13 ${twice('x', '3:22')}`,
  ]);
  assert.deepEqual(
    problemsOf(byPath['escaped.json']),
    [`parse 1:18 ${twice('café', '1:2')}`],
    'keys are compared as read, escapes decoded',
  );
  assert.deepEqual(problemsOf(byPath['commented.jsonc']), [`parse 4:3 ${twice('title', '3:3')}`]);
  assert.deepEqual(problemsOf(byPath['five.json5']), [
    `parse 3:3 ${twice('title', '2:3')}`,
    `parse 4:17 ${twice('k', '4:11')}`,
  ]);
  assert.equal(
    byPath['front.md'].problems[0].message,
    `invalid YAML front matter: duplicate key "title" (first at 2:1): ${UNIQUE}`,
    'quoted as in JSON',
  );
  // smol-toml says "trying to redefine an already defined table or value": the key or header is named.
  assert.deepEqual(problemsOf(byPath['key.toml']), [
    'parse 2:1 invalid TOML: duplicate key "title" (first at 1:1): TOML defines a key or table once',
  ]);
  assert.deepEqual(problemsOf(byPath['table.toml']), [
    'parse 4:2 invalid TOML: duplicate key server (first at 1:2): TOML defines a key or table once',
  ]);
});

test('what only looks like a key written twice passes: ":" in strings, spaces before colons, one key in two objects', async (t) => {
  const dir = makeTree(t, {
    'strings.json': JSON.stringify({ a: '"a": 1', b: 'x":y', c: [{ d: 1 }, { d: 2 }], e: { a: 1 } }),
    'spaced.json': '{ "a" : 1, "b"\n: {"a" :2}, "c": "\\":" }',
    'proto.json': '{"__proto__": 1, "constructor": 2, "toString": 3}',
    'empty.json': '{"": 1, " ": 2}',
    'scalar.json': '"\\"a\\": 1"',
  });
  const { files } = await checkBothExecutors(dir, ['.'], 0);
  assert.deepEqual(
    files.map((file) => `${file.path} ${file.status}`),
    ['empty.json pass', 'proto.json pass', 'scalar.json pass', 'spaced.json pass', 'strings.json pass'],
  );
});

test('duplicateKeyProblems reads the text again only when its count of `":` differs from the value\'s keys', () => {
  // A count that matches is trusted: the text is not read again (this text has a duplicate).
  assert.deepEqual(duplicateKeyProblems('{"a": 1, "a": 2}', { keys: 2, colonFirst: 0 }), []);
  const [problem] = duplicateKeyProblems('{"a": 1,\n "a": 2}', { keys: 1, colonFirst: 0 });
  assert.deepEqual(problem, { validator: 'parse', message: twice('a', '1:2'), line: 2, column: 2, kind: 'parse' });
  assert.deepEqual(
    duplicateKeyProblems('{"a": ": x", "b": 2}', { keys: 2, colonFirst: 0 }),
    [],
    'counts that differ for another reason (a string that starts with a colon) find nothing',
  );
  // A quote inside a string is escaped: its colon is not counted, so this count (2, as if the keys
  // were different) is trusted too. A key may end with an escaped backslash: its colon is counted.
  assert.deepEqual(duplicateKeyProblems('{"a": "x\\": 1, \\"y\\":", "a": 2}', { keys: 2, colonFirst: 0 }), []);
  assert.equal(duplicateKeyProblems('{"a\\\\": 1, "a\\\\": 2}', { keys: 1, colonFirst: 0 }).length, 1);
  // A space before a colon hides no duplicate (found by the fuzz test, FUZZ_SEED=1).
  assert.equal(duplicateKeyProblems('{"a" \n :1, "a": 2}', { keys: 1, colonFirst: 0 }).length, 1);
});

test('a document too deep is said to be, not searched for duplicate keys (whose visitor recurses)', async (t) => {
  const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const dir = makeTree(t, { 'deep.json': deep.replace('{"a":1}', '{"a":1,"a":2}') });
  for (const allow of [[], ['--allow-duplicate-keys']]) {
    const { byPath } = await checkBothExecutors(dir, ['deep.json', ...allow]);
    assert.deepEqual(
      byPath['deep.json'].problems.map((p) => p.message),
      ['the document is nested too deeply (more than 1000 levels)'],
      allow.join(''),
    );
  }
});

test('a schema file with a key written twice is used as JSON.parse reads it, with a warning naming the place, in both executors and from the cache', async (t) => {
  const dir = makeTree(t, {
    's.json':
      '{\n  "type": "object",\n  "properties": {"a": {"type": "string"}},\n  "properties": {"b": {"$ref": "common.json#/definitions/n"}}\n}\n',
    'common.json': '{"definitions": {"n": {"type": "number"}, "n": {"type": "string"}}}',
    'd.json': '{"a": 1, "b": "x"}',
  });
  const warnings = [
    'warning: schema s.json: s.json:4:3: duplicate key "properties" (first at 3:3): the last value is used, as JSON.parse reads it',
    'warning: schema s.json: common.json:1:43: duplicate key "n" (first at 1:18): the last value is used, as JSON.parse reads it',
  ];
  for (const args of [['--workers', '0'], ['--workers', '2'], ['--cache'], ['--cache']]) {
    const result = await runCli(['d.json', '-s', 's.json', ...args], { cwd: dir });
    assert.equal(result.code, 0, `${args.join(' ')}: the last "properties" and "n" are the schema: ${result.stdout}`);
    assert.deepEqual(
      result.stderr
        .trim()
        .split('\n')
        .map((line) => line.replace(/^filecheck: /, '')),
      warnings,
      args.join(' '),
    );
  }
});

test('a catalog with a key written twice is read as JSON.parse reads it, with a warning naming the place, once, in both executors', async (t) => {
  const dir = makeTree(t, {
    'catalog.json':
      '{\n  "schemas": [{\n    "url": "./s.json",\n    "fileMatch": ["*.x.json"],\n    "fileMatch": ["a.json"]\n  }]\n}\n',
    's.json': '{"required": ["id"]}',
    'a.json': '{}',
    'b.x.json': '{}',
  });
  for (const workers of ['0', '2']) {
    const result = await runCli(
      ['a.json', 'b.x.json', '--catalog', 'catalog.json', '--workers', workers, '-r', 'json'],
      { cwd: dir },
    );
    assert.equal(result.code, 1, result.stderr);
    assert.equal(
      result.stderr,
      'filecheck: warning: catalog catalog.json:5:5: duplicate key "fileMatch" (first at 4:5): the last value is used, as JSON.parse reads it\n',
      `--workers ${workers}`,
    );
    const failed = JSON.parse(result.stdout)
      .files.filter((file) => file.status === 'fail')
      .map((file) => file.path);
    assert.deepEqual(failed, ['a.json'], 'the last "fileMatch" is the one read');
  }
});

test('parseJson: strings that start with a colon (a time separator ":") are counted, so they neither hide a duplicate nor send every file to the slow path', () => {
  const found = (text) => (parseJson(text).problems ?? []).map((p) => `${p.line}:${p.column} ${p.message}`);
  assert.deepEqual(found('{"timeSeparator": ":", "list": [" :", ":x"], ":key": 1, "spaced" :  ":"}'), []);
  assert.deepEqual(found('{"t": ":", "t": ":"}'), [`1:12 ${twice('t', '1:2')}`]);
  assert.deepEqual(found('{":k": 1, ":k": 2}'), [`1:11 ${twice(':k', '1:2')}`]);
  // A colon written as an escape is no colon in the text: the count is not trusted then.
  assert.deepEqual(found('{"t": "\\u003a", "a": 1, "a": 2}'), [`1:25 ${twice('a', '1:17')}`]);
  assert.deepEqual(found('{"t": "\\u0020:", "a": 1, "a": 2}'), [`1:26 ${twice('a', '1:18')}`]);
  assert.deepEqual(found('":"'), [], 'a document that is a string');
});

test('--allow-duplicate-keys, or a rule\'s "allowDuplicateKeys", reads a key written twice as JSON.parse does; the cache does not serve a pass across the change', async (t) => {
  const dir = makeTree(t, {
    'pkg/package.json': '{"//": "a comment", "name": "x", "//": "another"}',
    'data/d.jsonc': '{"a": 1, // c\n "a": 2}',
    'data/d.json5': '{a: 1, a: 2}',
    's.json': JSON.stringify({ properties: { a: { const: 2 } } }),
  });
  const flagged = await checkBothExecutors(
    dir,
    ['pkg', 'data/d.jsonc', 'data/d.json5', '-s', 's.json', '--allow-duplicate-keys'],
    0,
  );
  assert.deepEqual(
    flagged.files.map((file) => file.status),
    ['pass', 'pass', 'pass'],
    'the last value is the one validated (a: 2)',
  );

  const rules = (allow) =>
    JSON.stringify({
      rules: [
        { name: 'pkg', files: ['pkg/*.json'], allowDuplicateKeys: allow },
        { name: 'data', files: ['data/*'] },
      ],
    });
  writeTree(dir, { '.filecheckrc.json': rules(true) });
  const { byPath } = await checkBothExecutors(dir, []);
  assert.equal(byPath['pkg/package.json'].status, 'pass');
  assert.deepEqual(
    [byPath['data/d.jsonc'].problems[0].kind, byPath['data/d.json5'].problems[0].kind],
    ['parse', 'parse'],
    'only the rule that allows it',
  );

  assert.equal((await runCli(['--cache'], { cwd: dir })).code, 1);
  writeTree(dir, { '.filecheckrc.json': rules(false) });
  const strict = await runCli(['--cache', '-r', 'json'], { cwd: dir });
  assert.equal(strict.code, 1);
  assert.match(
    strict.stdout,
    /"path":"pkg\/package\.json","status":"fail"/,
    'checked again, not passed from the cache',
  );
});
