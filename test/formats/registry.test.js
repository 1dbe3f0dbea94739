// formats/index.js' FORMATS, the one table of formats, and every place made from it or that must
// say what it says: the config schema's parsers (scripts/build-config-validator.js writes them),
// --parser's help line, the packages the result cache's fingerprint digests, the types pre-commit's
// hook is given, the API's types.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { parse as parseYaml } from 'yaml';
import { FORMATS, PARSER_NAMES } from '../../formats/index.js';
import { OPTIONS } from '../../runner/cli/options.js';
import validate from '../../schema/filecheckrc.validate.js';
import { withRegisteredNames } from '../../scripts/registered-names.js';
import { importsOf, readModules } from '../helpers/import-graph.js';

const REPO = path.join(import.meta.dirname, '../..');
const read = (file) => fs.readFileSync(path.join(REPO, file), 'utf8');
const require = createRequire(import.meta.url);
// JSON's parser has no row's module: it is always loaded (formats/index.js).
const moduleOf = (format) => path.posix.join('formats', format.module ?? './json.js');

test('FORMATS is the parsers a rule or --parser may name, in its order', () => {
  assert.deepEqual(PARSER_NAMES, Object.keys(FORMATS));
});

test("the config schema's parsers are FORMATS' (npm run build:config-validator writes them)", () => {
  const schema = JSON.parse(read('schema/filecheckrc.schema.json'));
  assert.deepEqual(schema.definitions.rule.properties.parser.enum, PARSER_NAMES);
  const config = (parser) => ({ rules: [{ name: 'r', files: ['*'], parser }] });
  for (const parser of PARSER_NAMES) assert.equal(validate(config(parser)), true, parser);
  assert.equal(validate(config('no-such-parser')), false, 'a parser FORMATS does not have');
});

test("--parser's help line names every format, in FORMATS' order", () => {
  assert.ok(OPTIONS.parser.describe.includes(`: ${PARSER_NAMES.join(', ')} (`), OPTIONS.parser.describe);
});

test("types/index.d.ts's parser option is FORMATS' names", () => {
  const union = /^\s*parser\?: (.+);$/m.exec(read('types/index.d.ts'))[1];
  assert.deepEqual(
    union.split(' | ').map((name) => JSON.parse(name.replaceAll("'", '"'))),
    PARSER_NAMES,
  );
});

test(".pre-commit-hooks.yaml's hook is given the files of the formats with a preCommit type", () => {
  const [hook] = parseYaml(read('.pre-commit-hooks.yaml'));
  assert.deepEqual(
    hook.types_or,
    Object.values(FORMATS).flatMap((format) => format.preCommit ?? []),
  );
});

test("each format's module is there and has a parse; JSON's is always loaded", () => {
  for (const [name, format] of Object.entries(FORMATS)) {
    assert.equal(typeof require(path.join(REPO, moduleOf(format))).parse, 'function', name);
    assert.ok(format.extensions.length > 0 && format.extensions.every((e) => /^\.[a-z0-9]+$/.test(e)), name);
  }
  assert.equal(FORMATS.json.module, undefined);
});

// The cache digests the packages of FORMATS (runner/cache/rule-fingerprint.js): a package a parser
// reads with and its row leaves out would let a new version of it keep a stale verdict.
test("each format's packages are those its module and the formats' modules it loads read with", () => {
  const modules = new Map([...readModules(REPO)].filter(([rel]) => rel.startsWith('formats/')));
  const edges = importsOf(modules);
  const PACKAGE = /\b(?:from\s*|require\s*\(\s*)(['"])([^'".][^'"]*)\1/g;
  for (const [name, format] of Object.entries(FORMATS)) {
    const reached = new Set([moduleOf(format)]);
    assert.ok(modules.has(moduleOf(format)), `${name}: ${moduleOf(format)} is not there`);
    for (const rel of reached) for (const { from, to } of edges) if (from === rel) reached.add(to);
    const packages = new Set();
    for (const rel of reached)
      for (const [, , spec] of modules.get(rel).matchAll(PACKAGE)) if (!spec.startsWith('node:')) packages.add(spec);
    assert.deepEqual([...packages].sort(), [...format.packages].sort(), name);
  }
});

test("the build writes the tables' lists into the schema, the rest of its text as it was", () => {
  const committed = read('schema/filecheckrc.schema.json');
  assert.equal(withRegisteredNames(committed), committed, 'the schema is stale: run npm run build:config-validator');
  const stale = committed
    .replace(/("parser": \{[^}]*"enum": )\[[^\]]*\]/, '$1["json"]')
    .replace(/"\^\(default\|[a-z|]+\):\.\+\$"/, '"^(json):.+$"')
    .replace(/("enum": )\["default"[^\]]*\]/, '$1[]');
  assert.notEqual(stale, committed);
  assert.equal(withRegisteredNames(stale), committed);
});
