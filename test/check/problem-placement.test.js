// Where a document's problems are shown, from the command line: an extra property on its key in
// every format, a file's problems in the order of its text, and a problem whose position is only
// near it (a YAML merge key) naming where it is. In-process and on a pool alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli, makeTree, parseJsonReport } from '../helpers/cli.js';

const SCHEMA = JSON.stringify({
  type: 'object',
  additionalProperties: false,
  properties: {
    a: { type: 'object', additionalProperties: false, properties: { n: { type: 'number' } } },
    restart: { enum: ['no', 'always'] },
    services: {
      type: 'object',
      additionalProperties: { type: 'object', properties: { restart: { enum: ['no', 'always'] } } },
    },
  },
});

/** Runs the json reporter in-process and on a pool of 2, asserts they agree, returns the problems by path. */
async function problemsOfBoth(dir, args) {
  const runs = await Promise.all(
    ['0', '2'].map((workers) => runCli([...args, '--workers', workers, '-r', 'json'], { cwd: dir })),
  );
  const [inline, pool] = runs.map((run) => {
    assert.equal(run.code, 1, run.stderr);
    return Object.fromEntries(parseJsonReport(run.stdout).files.map((file) => [file.path, file.problems]));
  });
  assert.deepEqual(pool, inline, 'the pool reports what the in-process run does');
  return inline;
}

const at = (problems) => problems.map(({ message, line, column }) => `${line}:${column} ${message}`);

test('an extra property is placed on its key, in every format; problems are in the order of the text', async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'd.json': '{\n  "a": {\n    "n": 1,\n    "extra": {\n      "deep": true\n    }\n  },\n  "top": 1\n}\n',
    'd.jsonc': '// c\n{\n  "a": {"n": 1, "extra": [1]},\n  "top": 1,\n}\n',
    'd.json5': '{\n  a: { n: 1, extra: 2 },\n  top: 1,\n}\n',
    'd.yaml': 'a:\n  n: 1\n  extra:\n    deep: true\ntop: 1\n',
    'd.toml': 'top = 1\n[a]\nn = 1\nextra = { deep = true }\n',
    'd.md': '---\na:\n  n: 1\n  extra: 2\ntop: 1\n---\n# Title\n',
  });
  const problems = await problemsOfBoth(dir, [
    '-s',
    's.json',
    'd.json',
    'd.jsonc',
    'd.json5',
    'd.yaml',
    'd.toml',
    'd.md',
  ]);
  const extra = 'must NOT have additional property "extra"';
  const top = 'must NOT have additional property "top"';
  assert.deepEqual(Object.fromEntries(Object.entries(problems).map(([path, list]) => [path, at(list)])), {
    'd.json': [`4:5 ${extra}`, `8:3 ${top}`],
    'd.json5': [`2:14 ${extra}`, `3:3 ${top}`],
    'd.jsonc': [`3:17 ${extra}`, `4:3 ${top}`],
    'd.md': [`4:3 ${extra}`, `5:1 ${top}`],
    // ajv finds "top" first here: the order is the text's, not the validator's.
    'd.toml': [`1:1 ${top}`, `4:1 ${extra}`],
    'd.yaml': [`3:3 ${extra}`, `5:1 ${top}`],
  });
  assert.deepEqual(
    problems['d.json'].map((p) => p.pointer),
    ['/a/extra', '/top'],
    "the pointer is still the property's",
  );
});

test('a problem placed on a merge key, not on its own node, is on that line, and its pointer says where it is', async (t) => {
  const dir = makeTree(t, {
    's.json': SCHEMA,
    'compose.yaml': [
      'x-common: &common',
      '  restart: sometimes',
      '',
      'services:',
      '  web:',
      '    <<: *common',
      '  db:',
      '    restart: never',
      '',
    ].join('\n'),
  });
  const problems = await problemsOfBoth(dir, ['-s', 's.json', 'compose.yaml']);
  const allowed = 'must be one of "no", "always"';
  assert.deepEqual(at(problems['compose.yaml']), [
    `1:1 must NOT have additional property "x-common"`,
    `6:9 ${allowed}`,
    `8:14 ${allowed}`,
  ]);
  assert.deepEqual(
    problems['compose.yaml'].map((p) => p.pointer),
    ['/x-common', '/services/web/restart', '/services/db/restart'],
  );
  const human = await runCli(['-s', 's.json', 'compose.yaml'], { cwd: dir });
  assert.match(human.stdout, /^ {2}compose\.yaml:6:9 {3}\/services\/web\/restart: must be one of "no", "always"$/m);
});

test('a problem with a YAML block mapping or sequence is placed on its key, the line JSON gives; flow collections and the root on their start', async (t) => {
  const schema = {
    type: 'object',
    properties: {
      jobs: {
        type: 'object',
        additionalProperties: {
          type: 'object',
          required: ['runs-on'],
          properties: { steps: { type: 'array', minItems: 2 } },
        },
      },
      flow: { type: 'object', required: ['x'] },
    },
    required: ['name'],
  };
  const dir = makeTree(t, {
    's.json': JSON.stringify(schema),
    'w.yaml': ['jobs:', '  build:', '    steps:', '      - run: a', 'flow: {y: 1}', ''].join('\n'),
    'w.json':
      '{\n  "jobs": {\n    "build": {\n      "steps": [\n        {"run": "a"}\n      ]\n    }\n  },\n  "flow": {"y": 1}\n}\n',
    'w.md': ['---', 'jobs:', '  build:', '    steps:', '      - run: a', 'flow: {y: 1}', '---', ''].join('\n'),
  });
  const problems = await problemsOfBoth(dir, ['-s', 's.json', 'w.yaml', 'w.json', 'w.md']);
  const expected = (shift) => [
    `${1 + shift}:1 must have required property "name"`,
    `${2 + shift}:3 must have required property "runs-on"`,
    `${3 + shift}:5 must NOT have fewer than 2 items`,
    `${5 + shift}:7 must have required property "x"`,
  ];
  assert.deepEqual(at(problems['w.yaml']), expected(0));
  assert.deepEqual(at(problems['w.md']), expected(1));
  // In JSON the same mappings open on their keys' lines: "build": { and "steps": [
  assert.deepEqual(at(problems['w.json']).slice(1, 3), [
    '3:14 must have required property "runs-on"',
    '4:16 must NOT have fewer than 2 items',
  ]);
});
