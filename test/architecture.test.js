// The rooms of docs/ARCHITECTURE.md and who may import whom: every import under bin/, runner/,
// reporters/ and validators/ follows the rules (test/helpers/import-graph.js), and the rules bite.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FLOORS, RULES, importsOf, readModules, roomOf, violations } from './helpers/import-graph.js';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const modules = readModules(REPO);

test('every import follows the rules of docs/ARCHITECTURE.md, and no rooms import each other in a cycle', () => {
  assert.ok(modules.size > 100, `only ${modules.size} modules found`);
  assert.deepEqual(violations(modules), []);
});

test('runner/ is rooms: index.js (the API) and at most 15 entries at its top level, each a room of the rules', () => {
  const top = fs.readdirSync(new URL('../runner/', import.meta.url), { withFileTypes: true });
  assert.ok(top.length <= 15, top.map((entry) => entry.name).join(' '));
  assert.deepEqual(
    top.filter((entry) => entry.isFile()).map((entry) => entry.name),
    ['index.js'],
  );
  for (const entry of top.filter((each) => each.isDirectory()))
    assert.ok(`runner/${entry.name}` in RULES, `runner/${entry.name}/ is not a room of the rules`);
});

test('no arrow between top-level folders runs back up: each imports only its own floor and those below', () => {
  const arrows = new Set();
  for (const { from, to } of importsOf(modules)) {
    const [a, b] = [from, to].map((rel) => rel.split('/')[0]);
    if (a !== b && FLOORS.includes(b)) arrows.add(`${a} -> ${b}`);
  }
  const up = [...arrows].filter((arrow) => {
    const [a, b] = arrow.split(' -> ');
    return FLOORS.indexOf(b) > FLOORS.indexOf(a);
  });
  assert.deepEqual(up, []);
  // The ground floor is used: validators/ and reporters/ stand on shared/ (and validators/ on formats/).
  for (const arrow of ['validators -> shared', 'validators -> formats', 'reporters -> shared', 'runner -> formats'])
    assert.ok(arrows.has(arrow), `${arrow} not found among ${[...arrows].join(', ')}`);
  assert.ok(
    ![...arrows].some((arrow) => arrow.endsWith('-> runner') && !arrow.startsWith('bin')),
    [...arrows].join(', '),
  );
});

test('docs/ARCHITECTURE.md names every room the rules have', () => {
  const doc = fs.readFileSync(new URL('../docs/ARCHITECTURE.md', import.meta.url), 'utf8');
  for (const room of Object.keys(RULES))
    assert.ok(doc.includes(`\`${room}/\``), `docs/ARCHITECTURE.md does not name ${room}/`);
});

// The test of the test: the same check on the tree with one import added.
const withImport = (file, spec) => new Map([...modules, [file, `import { x } from '${spec}';\n${modules.get(file)}`]]);

test('the rules bite: a reporter that imports the scheduler, a validator that imports the CLI, a module in no room', () => {
  assert.ok(modules.has('reporters/default.js') && modules.has('validators/json-schema/json-schema.js'));
  assert.deepEqual(violations(withImport('reporters/default.js', '../runner/execute/run.js')), [
    'reporters/default.js imports runner/execute/run.js: runner/ is above reporters/',
  ]);
  assert.deepEqual(violations(withImport('validators/json-schema/json-schema.js', '../../runner/cli/main.js')), [
    'validators/json-schema/json-schema.js imports runner/cli/main.js: runner/ is above validators/',
    'rooms import each other in a cycle: runner/cli, runner/config, runner/files, runner/check, runner/execute, runner/collect, runner/cache, runner/watch, runner/schemas, validators/json-schema',
  ]);
  // An import in a comment or a JSDoc type is no import.
  assert.deepEqual(
    violations(
      new Map([
        ...modules,
        [
          'reporters/default.js',
          `/** @param {import('../runner/execute/run.js').Summary} s */\n// from '../runner/cli/main.js'\n${modules.get('reporters/default.js')}`,
        ],
      ]),
    ),
    [],
  );
  assert.deepEqual(violations(new Map([...modules, ['runner/new-room/thing.js', 'export const x = 1;\n']])), [
    'runner/new-room/thing.js is in no room of docs/ARCHITECTURE.md',
  ]);
  assert.deepEqual(violations(withImport('formats/json.js', './no-such-module.js')), [
    'formats/json.js imports formats/no-such-module.js, which is not a module of the tree',
  ]);
});

test('the rules bite: rooms that import each other form a cycle', () => {
  // formats/ may import shared/, and shared/ nothing: an import back is refused and makes a cycle.
  assert.deepEqual(violations(withImport('shared/paths.js', '../formats/json.js')), [
    'shared/paths.js imports formats/json.js: formats/ is above shared/',
    'rooms import each other in a cycle: formats, shared',
  ]);
});

test("the rules bite: one of filecheck's modules loaded with import(), however allowed its room", () => {
  const file = 'reporters/index.js';
  const lazy = `export const later = () => import('./junit.js');\n${modules.get(file)}`;
  assert.deepEqual(violations(new Map([...modules, [file, lazy]])), [
    "reporters/index.js loads reporters/junit.js with import(): filecheck's own modules are loaded with require",
  ]);
});

test('the rules bite: node:fs, node:util and node:crypto imported, whose namespaces load all of them', () => {
  const file = 'formats/read-text.js';
  const imported = `import fs from 'node:fs';\nimport { isDeepStrictEqual } from "node:util";\n${modules.get(file)}`;
  assert.deepEqual(violations(new Map([...modules, [file, imported]])), [
    'formats/read-text.js imports node:fs: it is loaded with require (its namespace loads all of it)',
    'formats/read-text.js imports node:util: it is loaded with require (its namespace loads all of it)',
  ]);
});

test("the rules bite: a pool's worker requiring its code, which on Node 20 a terminated worker cannot survive", () => {
  const file = 'runner/execute/worker.js';
  const required = modules.get(file).replace(/await import\('\.\/worker-batch\.js'\)/, "require('./worker-batch.js')");
  assert.notEqual(required, modules.get(file));
  assert.deepEqual(violations(new Map([...modules, [file, required]])), [
    'runner/execute/worker.js must load runner/execute/worker-batch.js with import() (see its comment)',
  ]);
});

test('roomOf: a module is in the deepest room that holds it', () => {
  const rows = [
    ['bin/filecheck.js', 'bin'],
    ['runner/index.js', 'runner'],
    ['runner/check/check-file.js', 'runner/check'],
    ['validators/custom.js', 'validators'],
    ['validators/json-schema/meta-schemas/draft-07.cjs', 'validators/json-schema'],
    ['reporters/sarif.js', 'reporters'],
    ['runner/somewhere/new.js', null],
  ];
  for (const [rel, room] of rows) assert.equal(roomOf(rel), room, rel);
});
