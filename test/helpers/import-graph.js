// The import rules of docs/ARCHITECTURE.md, as data, and the check of a tree of modules against
// them: which room (folder) each module is in, which rooms each room may import, no cycle
// between rooms. Read by test/architecture.test.js, on the real tree and on altered copies.
import fs from 'node:fs';
import path from 'node:path';

/** The folders that hold filecheck's code, each a room, and the rooms each may import. */
export const RULES = {
  bin: ['runner/cli', 'shared'],
  runner: ['runner/api', 'shared'], // runner/index.js: the package's entry
  // run(): its options checked against the command line's table, the chain run, the json report's results kept.
  'runner/api': ['runner/cli', 'runner/config', 'runner/files', 'runner/execute', 'shared', 'reporters'],
  // --list-files --verbose: what each file would be checked against (check/describe-schemas.js).
  'runner/cli': [
    'runner/config',
    'runner/files',
    'formats', // --parser's help names the formats of formats/index.js' table
    'runner/check',
    'runner/execute',
    'runner/watch',
    'runner/merge',
    'runner/collect', // `merge` runs the checks across files over the shards' facts
    'runner/suppress', // `merge` applies the suppressions to the problems the checks across files add
    'runner/schemas', // `schemas pull`
    'shared',
    'reporters',
  ],
  // Each option is parsed by the room that owns it (a chaos kind, a YAML tag set, a store prefix).
  'runner/config': [
    'runner/files',
    'formats',
    'runner/check',
    'runner/schemas', // schema URLs read the pulled store through filecheck.lock.json
    'shared',
    'validators',
    'validators/json-schema',
    'reporters',
    'schema',
  ],
  'runner/files': ['formats', 'shared', 'validators/json-schema'], // a catalog's fileMatch drives discovery
  formats: ['shared'],
  'runner/check': [
    'runner/files',
    'formats',
    'shared',
    'validators',
    'validators/json-schema',
    'validators/across-files',
  ],
  'runner/execute': [
    'runner/check',
    'runner/cache',
    'runner/collect',
    'runner/suppress', // applied to each result before the reporters get it
    'formats',
    'shared',
  ],
  // The checks across files: the run's ledger of facts and the reduce step over it.
  'runner/collect': ['runner/check', 'runner/files', 'formats', 'shared'],
  'runner/cache': ['runner/files', 'formats', 'shared', 'validators', 'validators/json-schema'],
  'runner/watch': ['runner/config', 'runner/files', 'runner/execute', 'shared', 'validators', 'reporters'],
  'runner/merge': ['shared'],
  // `filecheck schemas pull`: the lock, the store, the HTTP client (the only code that uses the
  // network); what a run would choose.
  'runner/schemas': ['runner/files', 'formats', 'shared', 'validators/json-schema'],
  // Bulk suppressions: filecheck-suppressions.json, and each result's problems within its counts.
  'runner/suppress': ['shared'],
  shared: [],
  validators: ['shared'],
  'validators/across-files': ['shared'],
  // Schema files and catalogs are documents: read by the formats' own JSON and YAML readers.
  'validators/json-schema': ['shared', 'formats'],
  reporters: ['shared'],
  schema: [], // the generated validator of .filecheckrc.json
};

/**
 * The top-level folders from the ground floor up: a module imports from its own folder or from those
 * below it, never up (ESLint's lib/shared/ is so). runner/ holds the program; what validators/ and
 * reporters/ use is below them, in shared/ and formats/.
 */
export const FLOORS = ['schema', 'shared', 'formats', 'validators', 'reporters', 'runner', 'bin'];
const FOLDERS = FLOORS;

/** @returns {Map<string, string>} each module under the code folders (relative path) ─▶ its text */
export function readModules(root) {
  const modules = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(c|m)?js$/.test(entry.name)) modules.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  for (const folder of FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return modules;
}

/** The room of a module: its folder, with validators/json-schema/'s subfolders part of it. */
export function roomOf(rel) {
  const folder = path.posix.dirname(rel);
  const room = Object.keys(RULES)
    .filter((name) => folder === name || folder.startsWith(`${name}/`))
    .sort((a, b) => b.length - a.length)[0];
  // runner/'s subfolders are rooms of their own: a new one must be named in RULES.
  if (room === 'runner' && folder !== 'runner') return null;
  return room ?? null;
}

// What a module loads when it runs: static imports and re-exports, import(), require() and a
// worker's `new URL(…, import.meta.url)`. Comments are dropped first, JSDoc types with them.
const LOADS = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\bnew URL\(\s*)(['"])(\.{1,2}\/[^'"]*)\2/g;
// Strings are skipped whole: a glob such as '**/.*/*/**' holds a `/*` that is no comment's start.
const withoutComments = (text) =>
  text.replace(
    /('(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`)|\/\*[\s\S]*?\*\/|\/\/[^\n]*/g,
    (_comment, string) => string ?? '',
  );

/**
 * @returns {{ from: string, to: string, dynamic: boolean }[]} every relative module each module
 *   loads, as paths from the root; dynamic: with import()
 */
export function importsOf(modules) {
  const edges = [];
  for (const [rel, text] of modules) {
    for (const [, how, , spec] of withoutComments(text).matchAll(LOADS)) {
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(rel), spec));
      edges.push({ from: rel, to, dynamic: how.startsWith('import') && how.includes('(') });
    }
  }
  return edges;
}

// Node's modules whose ES module namespace loads every lazy part of them (node:fs's `promises`, and
// with it streams and readline; node:util's; all of node:crypto): 2-4 ms each at start, where
// `require()` loads what is used (docs/ARCHITECTURE.md, "Loading modules").
const REQUIRED_BUILTINS = /\bimport\s[^;]*?\bfrom\s*['"]node:(fs|util|crypto)['"]/g;

// The one load of filecheck's own code with import(): a pool's worker loads its code so (on Node 20,
// a worker terminated inside require() of ES modules aborts the process; worker.js says more).
const IMPORTED = { 'runner/execute/worker.js': 'runner/execute/worker-batch.js' };

/**
 * Every way the modules break the rules: a module in no room, an import of a module that is not
 * there, one of filecheck's modules loaded with import() (docs/ARCHITECTURE.md, "Loading
 * modules"), node:fs, node:util or node:crypto imported, an import across rooms the rules do not allow, a cycle between rooms.
 * @param {Map<string, string>} modules
 * @returns {string[]}
 */
export function violations(modules) {
  const found = [];
  for (const rel of modules.keys()) if (!roomOf(rel)) found.push(`${rel} is in no room of docs/ARCHITECTURE.md`);
  const graph = new Map(Object.keys(RULES).map((room) => [room, new Set()]));
  for (const { from, to, dynamic } of importsOf(modules)) {
    if (dynamic && IMPORTED[from] !== to)
      found.push(`${from} loads ${to} with import(): filecheck's own modules are loaded with require`);
    if (!dynamic && IMPORTED[from] === to) found.push(`${from} must load ${to} with import() (see its comment)`);
    if (to === 'package.json') continue; // the package's own metadata (its version), for every room
    if (!modules.has(to) && !/\.json$/.test(to)) {
      found.push(`${from} imports ${to}, which is not a module of the tree`);
      continue;
    }
    const [a, b] = [roomOf(from), roomOf(to)];
    if (!a || !b || a === b) continue;
    graph.get(a).add(b);
    const [up, down] = [to, from].map((rel) => rel.split('/')[0]);
    if (FLOORS.indexOf(up) > FLOORS.indexOf(down)) found.push(`${from} imports ${to}: ${up}/ is above ${down}/`);
    else if (!RULES[a].includes(b)) found.push(`${from} imports ${to}: ${a}/ may not import ${b}/`);
  }
  for (const [rel, text] of modules)
    for (const [, name] of withoutComments(text).matchAll(REQUIRED_BUILTINS))
      found.push(`${rel} imports node:${name}: it is loaded with require (its namespace loads all of it)`);
  for (const group of cyclesOf(graph)) found.push(`rooms import each other in a cycle: ${group.join(', ')}`);
  return found;
}

// The groups of rooms that reach each other (a cycle runs through each), each once, in RULES' order.
function cyclesOf(graph) {
  const reach = new Map();
  for (const start of graph.keys()) {
    const seen = new Set();
    const stack = [start];
    while (stack.length)
      for (const next of graph.get(stack.pop())) if (!seen.has(next)) stack.push(seen.add(next) && next);
    reach.set(start, seen);
  }
  const grouped = new Set();
  const cycles = [];
  for (const room of graph.keys()) {
    if (grouped.has(room) || !reach.get(room).has(room)) continue;
    const group = [...graph.keys()].filter((other) => reach.get(room).has(other) && reach.get(other).has(room));
    group.forEach((each) => grouped.add(each));
    cycles.push(group);
  }
  return cycles;
}
