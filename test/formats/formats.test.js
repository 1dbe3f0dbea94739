// Every format is checked as JSON is: read once, parsed once, every validator on the parsed value,
// positions from the file's own text, the same report in-process and on a pool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  REPO,
  runCli,
  makeTree,
  writeTree,
  parseJsonReport,
  oneLine,
  checkBothExecutors as checkBoth,
} from '../helpers/cli.js';
import { parserOfName } from '../../formats/names.js';

// These tests compare what a format reads and where its problems are placed; a JSON Schema
// problem's ajv keyword (Problem.keyword) is left out, tested in json-schema/json-schema.test.js and suppress/suppress.test.js.
const checkBothExecutors = async (...args) => {
  const report = await checkBoth(...args);
  for (const file of report.files) for (const problem of file.problems) delete problem.keyword;
  return report;
};

// name and port required; what the formats' values are checked against.
const SCHEMA = JSON.stringify({
  type: 'object',
  required: ['name', 'port'],
  properties: {
    name: { type: 'string' },
    port: { type: 'integer' },
    public: { type: 'boolean' },
    tags: { type: 'array', items: { type: 'string' } },
    owner: { type: 'object', required: ['email'], properties: { name: { type: 'string' } } },
    servers: { type: 'array', items: { properties: { ip: { type: 'string' } } } },
    server: { type: 'object', required: ['host'], properties: { port: { type: 'integer' } } },
    merged: { type: 'object', required: ['host'], properties: { port: { type: 'integer' } } },
  },
});
// A validator that reports the value it is given, so that a test sees exactly what a format reads.
const ECHO = `export default (doc) => [JSON.stringify(doc, (key, value) => (typeof value === 'number' && !Number.isFinite(value) ? String(value) : value))];
export const name = 'echo';`;
const config = (...rules) => JSON.stringify({ rules });
const schemaRule = (files, more = {}) => ({ files, schema: 'schema.json', ...more });
const echoRule = (files, more = {}) => ({ files, validators: ['./echo.js'], ...more });

const invalid = (message, pointer, line, column, schema = 'schema.json') => ({
  validator: 'json-schema',
  message,
  kind: 'invalid',
  pointer,
  schema, // the schema that found it (Problem.schema)
  line,
  column,
});
const UNIQUE = "an object's keys must be unique (readers disagree on which value counts)";
const unparsable = (message, line, column) => ({ validator: 'parse', message, line, column, kind: 'parse' });
const echoed = (report, file) => {
  const problems = report.byPath[file]?.problems;
  assert.equal(problems?.length, 1, `${file}: ${JSON.stringify(problems)}`);
  return JSON.parse(problems[0].message);
};

test('each format: a syntax error at its own line and column, kind parse, the same in both executors', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    '.filecheckrc.json': config(schemaRule(['bad/*'])),
    'bad/tabs.yaml': 'name: a\nport:\n\t80\n',
    'bad/two-values.toml': 'name = "a"\nport = 80 81\n',
    'bad/double-comma.jsonc': '{\n  // a comment\n  "name": "a",,\n}\n',
    'bad/comment.jsonc': '{\n  "name": "a" /* never closed\n}\n',
    'bad/empty.jsonc': '',
    'bad/hex.json5': "{\n  name: 'a',\n  port: 0x1G,\n}\n",
    'bad/empty.json5': '',
    'bad/blank.json5': '\n  \n',
    'bad/blank.json': ' \r\n\t',
    'bad/indented.mdx': "---\ntitle: x\n  bad: indentation\n---\n# The front matter's lines are the file's\n",
  });
  const report = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(Object.fromEntries(report.files.map((file) => [file.path, file.problems])), {
    'bad/blank.json': [unparsable('invalid JSON: the file is empty (blank lines or spaces only)', 1, 1)],
    'bad/blank.json5': [unparsable('invalid JSON5: the file is empty (blank lines or spaces only)', 1, 1)],
    'bad/comment.jsonc': [unparsable('invalid JSONC: a /* comment is not closed', 2, 15)],
    'bad/double-comma.jsonc': [unparsable('invalid JSONC: Expected double-quoted property name', 3, 15)],
    'bad/empty.json5': [unparsable('invalid JSON5: the file is empty', 1, 1)],
    'bad/empty.jsonc': [unparsable('invalid JSONC: the file is empty', 1, 1)],
    'bad/hex.json5': [unparsable('invalid JSON5: Unexpected token Identifier found.', 3, 12)],
    'bad/indented.mdx': [
      unparsable('invalid YAML front matter: Nested mappings are not allowed in compact mappings', 2, 8),
    ],
    'bad/tabs.yaml': [unparsable('invalid YAML: Tabs are not allowed as indentation', 3, 1)],
    'bad/two-values.toml': [
      unparsable('invalid TOML: each key-value declaration must be followed by an end-of-line', 2, 11),
    ],
  });
});

test('columns count UTF-16 code units in every format (docs/formats.md): an emoji two, a CJK character one, a tab one', async (t) => {
  // Each file puts its failing value after "中" (1), "😀" (2), "👍🏽" (4), "𠀀" (2) and a tab (1).
  const dir = makeTree(t, {
    's.json': JSON.stringify({ properties: { n: { type: 'number' } } }),
    'a.json': '{"a": "中😀👍🏽𠀀",\t"n": "x"}',
    'a.json5': "{a: '中😀👍🏽𠀀',\tn: 'x'}",
    'a.yaml': '{a: "中😀👍🏽𠀀",\tn: x}',
    'a.toml': 'a = "中😀👍🏽𠀀"\nn = "x"\n',
    'bad.toml': 'a = "中😀👍🏽𠀀", n = 1\n',
  });
  const report = await checkBothExecutors(dir, ['-s', 's.json', 'a.json', 'a.json5', 'a.yaml', 'a.toml', 'bad.toml']);
  const at = (file) => report.byPath[file].problems.map((problem) => `${problem.line}:${problem.column}`);
  assert.deepEqual(at('a.json'), ['1:25'], '{"a": " is 7, the text 9, ", and a tab 3, "n": 5');
  assert.deepEqual(at('a.json5'), ['1:21']);
  assert.deepEqual(at('a.yaml'), ['1:21']);
  assert.deepEqual(at('a.toml'), ['2:5']);
  assert.deepEqual(at('bad.toml'), ['1:16'], "smol-toml's syntax error: the comma after the string");
});

test('YAML: every document of a stream is checked, each problem names its document, empty documents are skipped', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    '.filecheckrc.json': config(schemaRule(['*.yaml', '*.yml'])),
    'stream.yaml': '# the catalog\nname: a\nport: 1\n---\nname: b\nport: x\n---\n# nothing here\n---\nport: 3\n',
    'one.yml': '---\nname: a\nport: x\n',
    'empty.yaml': '# only a comment\n',
    'blank.yaml': '',
    'spaces.yaml': '\n  \n',
    'marker.yaml': '---\n',
    'markers.yaml': '---\n# nothing\n---\n',
    'null.yaml': 'null\n',
    'trailing.yaml': 'name: a\nport: 1\n---\n',
  });
  const { byPath } = await checkBothExecutors(dir, []);
  assert.deepEqual(byPath['stream.yaml'].problems, [
    { ...invalid('document 2: must be integer', '/port', 6, 7), document: 2 },
    { ...invalid('document 4: must have required property "name"', '', 10, 1), document: 4 },
  ]);
  assert.deepEqual(byPath['one.yml'].problems, [invalid('must be integer', '/port', 3, 7)], 'one document: no number');
  // A file with no document at all is one, null: it fails "type": "object" (as check-jsonschema
  // fails it), and the message says why, which "must be object" alone does not.
  const empty = 'must be object (the file is empty: YAML reads it as null)';
  assert.deepEqual(byPath['empty.yaml'].problems, [invalid(empty, '', 1, 1)], 'no document at all: one, null');
  assert.deepEqual(byPath['blank.yaml'].problems, [invalid(empty, '', 1, 1)]);
  assert.deepEqual(byPath['spaces.yaml'].problems, [invalid(empty, '', 1, 1)]);
  assert.deepEqual(byPath['marker.yaml'].problems, [invalid(empty, '', 1, 4)], 'a --- with nothing after it');
  assert.deepEqual(byPath['markers.yaml'].problems, [invalid(empty, '', 1, 4)], 'a stream of empty documents');
  assert.deepEqual(byPath['null.yaml'].problems, [invalid('must be object', '', 1, 1)], 'a null written: no hint');
  assert.equal(byPath['trailing.yaml'].status, 'pass', 'a last --- with nothing after it is no document to check');

  // Every reporter shows the document, since it is in the message.
  const human = await runCli(['stream.yaml'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
  assert.equal(human.code, 1);
  assert.match(human.stdout, /^ {2}stream\.yaml:6:7 {3}document 2: \/port: must be integer$/m);
  assert.match(
    human.stdout,
    /^::error file=stream\.yaml,line=10,col=1,title=filecheck \(json-schema%3A schema\.json\)::document 4: must have required property "name"$/m,
  );
});

test('Markdown front matter: lines counted in the Markdown file; no front matter passes unless a rule requires it', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    '.filecheckrc.json': config(
      schemaRule(['posts/*.md'], { frontMatter: 'required' }),
      schemaRule(['notes/*.md', 'notes/*.mdx']),
    ),
    'posts/wrong.md': '---\n# the post\nname: a\nport: x\n---\n# Title\n\nport: not front matter\n',
    'posts/missing.md': '---\ntags: [a]\n---\n',
    'posts/crlf.md': '---\r\nname: a\r\nport: x\r\n...\r\nbody\r\n',
    'posts/none.md': '# A post without front matter\n',
    'posts/empty.md': '---\n---\n# empty front matter: {}\n',
    'notes/none.md': '# A note without front matter: nothing to check\n\n---\n\nname: 1\n',
    'notes/good.mdx': '---\nname: a\nport: 1\n---\n<Note>MDX</Note>\n',
    // A first line "---" never closed is a horizontal rule, as Jekyll, remark and MkDocs read it.
    'notes/rule.md': '---\nname: 1\n\n# never closed\n',
    'posts/unclosed.md': '---\nname: a\n\n# never closed\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['posts', 'posts/*.md', 'notes/*.md', 'notes/*.mdx']);
  assert.deepEqual(byPath['posts/wrong.md'].problems, [invalid('must be integer', '/port', 4, 7)]);
  assert.deepEqual(byPath['posts/missing.md'].problems, [
    invalid('must have required property "name"', '', 2, 1),
    invalid('must have required property "port"', '', 2, 1),
  ]);
  assert.deepEqual(
    byPath['posts/crlf.md'].problems,
    [invalid('must be integer', '/port', 3, 7)],
    'CRLF lines, closed by "..."',
  );
  assert.deepEqual(byPath['posts/none.md'].problems, [
    {
      validator: 'front-matter',
      message:
        'the file has no front matter, which its rules require (the first line that is not blank opens it: "---" YAML front matter, "+++" TOML, "{" JSON, and "---json", "---yaml" or "---toml" the language it names)',
      line: 1,
      column: 1,
      kind: 'invalid',
    },
  ]);
  assert.deepEqual(
    byPath['posts/empty.md'].problems,
    [invalid('must have required property "name"', '', 2, 1), invalid('must have required property "port"', '', 2, 1)],
    'placed where the empty block is',
  );
  assert.deepEqual(byPath['posts/unclosed.md'].problems, [
    {
      validator: 'front-matter',
      message:
        'the file has no front matter, which its rules require (no "---" line closes the block its first line opens)',
      line: 1,
      column: 1,
      kind: 'invalid',
    },
  ]);
  assert.equal(byPath['notes/none.md'].status, 'pass', 'front matter is optional by default');
  assert.equal(byPath['notes/rule.md'].status, 'pass', 'an unclosed first "---" is no front matter');
  assert.equal(byPath['notes/good.mdx'].status, 'pass');
});

test('Markdown front matter in TOML (+++) and JSON ({), as Hugo writes it: read, its problems at the lines of the file', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'echo.js': ECHO,
    'toml.md': '+++\nname = "a"\nport = "x"\n+++\n# Body\n\nport = "not front matter"\n',
    'toml-crlf.md': '+++\r\nname = "a"\r\nport = 1\r\nday = 2024-02-30\r\n+++\r\n',
    'json.md': '{\n  "name": "a",\n  "port": "x",\n  "note": "a } and a \\" do not close it"\n}\n# Body {\n',
    'json-nested.md': '{\n"name": "a",\n"port": {\n"x": 1\n}\n}\nbody\n',
    'json-bad.md': '{\n  "name": "a",,\n}\n',
    'json-twice.md': '{\n  "name": "a",\n  "name": "b"\n}\n',
    'toml-unclosed.md': '+++\nname = "a"\n',
    'json-unclosed.md': '{\n  "name": "a"\n',
    'toml-empty.md': '+++\n+++\n',
    'values/toml.md': '+++\ntitle = "T"\nweight = 2\ndate = 2024-01-02\ntags = ["a"]\n+++\n',
    'values/json.md': '{\n  "title": "T",\n  "weight": 2\n}\n\nBody.\n',
  });
  const pages = ['toml.md', 'toml-crlf.md', 'json.md', 'json-nested.md', 'json-bad.md', 'json-twice.md'];
  const more = ['toml-unclosed.md', 'json-unclosed.md', 'toml-empty.md'];
  const { byPath } = await checkBothExecutors(dir, [...pages, ...more, '-s', 'schema.json']);
  assert.deepEqual(byPath['toml.md'].problems, [invalid('must be integer', '/port', 3, 8)]);
  assert.deepEqual(byPath['toml-crlf.md'].problems, [
    unparsable('invalid TOML front matter: the date 2024-02-30 does not exist', 4, 7),
  ]);
  assert.deepEqual(byPath['json.md'].problems, [invalid('must be integer', '/port', 3, 11)]);
  assert.deepEqual(
    byPath['json-nested.md'].problems,
    [invalid('must be integer', '/port', 3, 9)],
    'the "}" that closes the object ends it, not the first "}" line',
  );
  assert.deepEqual(byPath['json-bad.md'].problems, [
    unparsable('invalid JSON front matter: Expected double-quoted property name', 2, 15),
  ]);
  assert.deepEqual(byPath['json-twice.md'].problems, [
    unparsable(`duplicate key "name" (first at 2:3): ${UNIQUE}`, 3, 3),
  ]);
  assert.deepEqual(byPath['toml-unclosed.md'].problems, [
    unparsable('invalid TOML front matter: no "+++" line closes the block its first line opens', 1, 1),
  ]);
  assert.deepEqual(byPath['json-unclosed.md'].problems, [
    unparsable('invalid JSON front matter: no "}" closes the "{" of its first line', 1, 1),
  ]);
  assert.deepEqual(byPath['toml-empty.md'].problems, [
    invalid('must have required property "name"', '', 1, 1),
    invalid('must have required property "port"', '', 1, 1),
  ]);

  const values = await checkBothExecutors(dir, ['values/*.md', '--validator', './echo.js']);
  assert.deepEqual(echoed(values, 'values/toml.md'), { title: 'T', weight: 2, date: '2024-01-02', tags: ['a'] });
  assert.deepEqual(echoed(values, 'values/json.md'), { title: 'T', weight: 2 });

  // -k and --schema check such pages; --front-matter required fails a page with none, as a rule's "frontMatter" does.
  writeTree(dir, { 'none.md': '# No front matter\n' });
  const keys = await runCli(['values/toml.md', 'values/json.md', 'none.md', '-k', 'title', '-k', 'weight:string'], {
    cwd: dir,
  });
  assert.equal(keys.code, 1);
  assert.equal((keys.stdout.match(/"weight" must be a string/g) ?? []).length, 2, keys.stdout);
  const required = await runCli(
    ['none.md', 'values/json.md', '--front-matter', 'required', '-r', 'json', '--verbose'],
    {
      cwd: dir,
    },
  );
  assert.equal(required.code, 1, required.stderr);
  assert.deepEqual(
    JSON.parse(required.stdout).files.map((file) => [file.path, file.status, file.problems.map((p) => p.validator)]),
    [
      ['none.md', 'fail', ['front-matter']],
      ['values/json.md', 'pass', []],
    ],
  );
  const optional = await runCli(['none.md', '--front-matter', 'optional'], { cwd: dir });
  assert.equal(optional.code, 0, optional.stdout);
  const bad = await runCli(['none.md', '--front-matter', 'yes'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.equal(oneLine(bad.stderr), '--front-matter takes required or optional, not "yes"');

  // --list-files --verbose says which pages have no front matter, and so are not checked.
  const listed = await runCli(['none.md', 'values/toml.md', '-k', 'title', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(listed.stdout.trim().split('\n'), [
    'none.md\tmarkdown\t(no front matter: passes, none of its checks run); required keys title (--require)',
    'values/toml.md\tmarkdown\t(no schema); required keys title (--require)',
  ]);
  const requiredList = await runCli(['none.md', '--front-matter', 'required', '--list-files', '--verbose'], {
    cwd: dir,
  });
  assert.equal(requiredList.stdout, 'none.md\tmarkdown\t(no front matter: fails, as its rules require it)\n');
});

test('Markdown front matter with a language after its dashes (---json, ---yaml, ---toml), as gray-matter and Eleventy read it: read with that parser, at the lines of the file; one filecheck cannot read fails', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'echo.js': ECHO,
    'json.md': '---json\n{\n  "name": "a",\n  "port": "x"\n}\n---\n# Body\n',
    'yaml.md': '---yaml\nname: a\nport: x\n---\n# Body\n',
    'yml.md': '--- yml\r\nname: a\r\nport: x\r\n---\r\n',
    'toml.md': '---toml\nname = "a"\nport = "x"\n---\n',
    'json-bad.md': '---json\n{ "name": "a",, }\n---\n',
    'json-twice.md': '---json\n{ "name": "a", "name": "b" }\n---\n',
    'json-unclosed.md': '---json\n{ "name": "a" }\n',
    'json-empty.md': '---json\n---\n',
    'js.md': '---js\n{ name: "a", port: 1 }\n---\n',
    'javascript.md': '---javascript\nmodule.exports = {};\n',
    'coffee.md': '---coffee\nname: "a"\n---\n',
    'rule.md': '----\nA thematic break, no front matter.\n',
    'values/json.md': '---JSON\n{ "title": "T", "weight": 2 }\n---\nBody.\n',
    'values/yaml.md': '---yaml\ntitle: T\nweight: 2\n---\nBody\n\n---\n\nnot: front matter\n',
  });
  const pages = ['json.md', 'yaml.md', 'yml.md', 'toml.md', 'json-bad.md', 'json-twice.md', 'json-unclosed.md'];
  const more = ['json-empty.md', 'js.md', 'javascript.md', 'coffee.md', 'rule.md'];
  const { byPath } = await checkBothExecutors(dir, [...pages, ...more, '-s', 'schema.json']);
  assert.deepEqual(byPath['json.md'].problems, [invalid('must be integer', '/port', 4, 11)]);
  assert.deepEqual(byPath['yaml.md'].problems, [invalid('must be integer', '/port', 3, 7)]);
  assert.deepEqual(byPath['yml.md'].problems, [invalid('must be integer', '/port', 3, 7)]);
  assert.deepEqual(byPath['toml.md'].problems, [invalid('must be integer', '/port', 3, 8)]);
  assert.deepEqual(byPath['json-bad.md'].problems, [
    unparsable('invalid JSON front matter: Expected double-quoted property name', 2, 15),
  ]);
  assert.deepEqual(byPath['json-twice.md'].problems, [
    unparsable(`duplicate key "name" (first at 2:3): ${UNIQUE}`, 2, 16),
  ]);
  assert.deepEqual(byPath['json-unclosed.md'].problems, [
    unparsable('invalid JSON front matter: no "---" line closes the block its first line opens', 1, 1),
  ]);
  assert.deepEqual(byPath['json-empty.md'].problems, [
    invalid('must have required property "name"', '', 2, 1),
    invalid('must have required property "port"', '', 2, 1),
  ]);
  const CANNOT = 'cannot be read: filecheck reads YAML, TOML and JSON front matter';
  assert.deepEqual(byPath['js.md'].problems, [unparsable(`front matter in JavaScript ("---js") ${CANNOT}`, 1, 1)]);
  assert.deepEqual(byPath['javascript.md'].problems, [
    unparsable(`front matter in JavaScript ("---javascript") ${CANNOT}`, 1, 1),
  ]);
  assert.deepEqual(byPath['coffee.md'].problems, [
    unparsable(`front matter in CoffeeScript ("---coffee") ${CANNOT}`, 1, 1),
  ]);
  assert.equal(byPath['rule.md'].status, 'pass', 'a first line "----" is a thematic break, as gray-matter reads it');

  const values = await checkBothExecutors(dir, ['values/*.md', '--validator', './echo.js']);
  assert.deepEqual(echoed(values, 'values/json.md'), { title: 'T', weight: 2 });
  assert.deepEqual(echoed(values, 'values/yaml.md'), { title: 'T', weight: 2 });

  // Such pages are never said to have no front matter.
  const listed = await runCli(['json.md', 'js.md', '-k', 'name', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  assert.doesNotMatch(listed.stdout, /no front matter/);
  const required = await runCli(['js.md', 'yaml.md', '-k', 'name', '--front-matter', 'required'], { cwd: dir });
  assert.equal(required.code, 1);
  assert.doesNotMatch(required.stdout, /has no front matter/);
  assert.match(required.stdout, /front matter in JavaScript \("---js"\) cannot be read/);
});

test("Markdown front matter after blank lines (Zola's theme pages) is checked, with a warning that Jekyll and gray-matter read none; a one-line JSON object is read, as Hugo reads it", async (t) => {
  const LATE =
    'after blank lines: Hugo and Zola read it; Jekyll and gray-matter (Astro, Docusaurus, Eleventy) read none';
  const dir = makeTree(t, {
    'page.schema.json': JSON.stringify({ type: 'object', required: ['title', 'date'] }),
    '.filecheckrc.json': config({ name: 'themes', files: ['*.md'], schema: 'page.schema.json', require: ['date'] }),
    'index.md': '\n+++\ntitle = "Project Portfolio"\ntemplate = "theme.html"\n+++        \n\n# Project Portfolio\n',
    'dated.md': '\n\n---\ntitle: T\ndate: 2024-01-02\n---\nBody\n',
    'hugo-json.md': '{ "title": "x" }\nbody { not JSON }\n',
    'none.md': '\n# A page\n\n+++\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['index.md', 'dated.md', 'hugo-json.md', 'none.md']);
  assert.deepEqual(byPath['index.md'].problems, [
    {
      validator: 'front-matter',
      message: `front matter starts on line 2, ${LATE}`,
      line: 1,
      column: 1,
      kind: 'invalid',
      severity: 'warning',
    },
    { validator: 'require', message: 'missing required key "date"', kind: 'invalid', pointer: '', line: 2, column: 1 },
    invalid('must have required property "date"', '', 2, 1, 'page.schema.json'),
  ]);
  assert.equal(byPath['dated.md'].status, 'pass', 'a warning does not fail the page');
  assert.deepEqual(
    byPath['dated.md'].problems.map((p) => [p.message, p.severity]),
    [[`front matter starts on line 3, ${LATE}`, 'warning']],
  );
  assert.deepEqual(
    byPath['hugo-json.md'].problems.map((p) => [p.validator, p.message, p.line, p.column]),
    [
      ['require', 'missing required key "date"', 1, 1],
      ['json-schema', 'must have required property "date"', 1, 1],
    ],
    'read up to the "}" that closes it: the line after it is the page',
  );
  assert.equal(byPath['none.md'].status, 'pass', 'a first non-blank line that opens nothing: no front matter');

  const required = await runCli(['index.md', '--front-matter', 'required'], { cwd: dir });
  assert.equal(required.code, 1, required.stdout);
  assert.doesNotMatch(required.stdout, /has no front matter/);
  assert.match(required.stdout, /missing required key "date"/);
  assert.match(required.stdout, /front matter starts on line 2, after blank lines/);

  // A page no validator validated is only parsed, its warning or not.
  const bare = makeTree(t, { 'dated.md': '\n---\ntitle: T\n---\n' });
  const parsedOnly = await runCli(['dated.md', '--schema-from-document', '-r', 'json'], { cwd: bare });
  assert.equal(parsedOnly.code, 0, parsedOnly.stderr);
  const report = JSON.parse(parsedOnly.stdout);
  assert.equal(report.summary.onlyParsed, 1);
  assert.match(report.files[0].onlyParsed, /schema/);
});

test('JSONC and JSON5: what they allow beyond JSON, the values they give, problems placed in their text', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'echo.js': ECHO,
    '.filecheckrc.json': config(schemaRule(['check/*']), echoRule(['values/*']), {
      files: ['**/tsconfig.json'],
      parser: 'jsonc',
    }),
    'check/settings.jsonc': '{\n  // the name\n  "name": "a", /* inline */\n  "port": "80",\n  "tags": [1,],\n}\n',
    'check/app.json5': "{\n  // JSON5\n  name: 'a',\n  port: 0x50,\n  public: 'yes',\n  tags: ['x', 2,],\n}\n",
    'values/a.jsonc': '{"a": 2, "__proto__": {"b": 1}, "c": "// not a comment, /* nor this */", /* c */ "d": [1, 2,],}',
    'values/b.json5':
      "{unquoted: 'single', hex: 0xFF, plus: +1, half: .5, inf: -Infinity, nan: NaN, multi: 'a\\\nb', a: 2, '__proto__': 1, trailing: [1,],}",
    'sub/tsconfig.json': '{\n  // tsconfig.json has comments\n  "compilerOptions": {},\n}\n',
  });
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(report.byPath['check/settings.jsonc'].problems, [
    invalid('must be integer', '/port', 4, 11),
    invalid('must be string', '/tags/0', 5, 12),
  ]);
  assert.deepEqual(report.byPath['check/app.json5'].problems, [
    invalid('must be boolean', '/public', 5, 11),
    invalid('must be string', '/tags/1', 6, 15),
  ]);
  assert.deepEqual(echoed(report, 'values/a.jsonc'), {
    a: 2,
    ['__proto__']: { b: 1 },
    c: '// not a comment, /* nor this */',
    d: [1, 2],
  });
  assert.deepEqual(echoed(report, 'values/b.json5'), {
    unquoted: 'single',
    hex: 255,
    plus: 1,
    half: 0.5,
    inf: '-Infinity',
    nan: 'NaN',
    multi: 'ab',
    a: 2,
    ['__proto__']: 1,
    trailing: [1],
  });
  assert.equal(report.byPath['sub/tsconfig.json'].status, 'pass', "a rule's parser reads a .json file as JSONC");
});

test('TOML: values as JSON data (dates as strings, plain objects), problems at their key, table or element', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'echo.js': `${ECHO}\nexport const own = (doc) => doc.hasOwnProperty('a');`,
    'own.js': "export default (doc) => (doc.hasOwnProperty('name') ? [] : ['no own name']);",
    '.filecheckrc.json': config(schemaRule(['check/*'], { validators: ['./own.js'] }), echoRule(['values/*'])),
    'check/app.toml': [
      'name = "a"', // 1
      'port = "80"', // 2
      '', // 3
      '[owner] # a table', // 4
      'name = 3', // 5
      '', // 6
      '[[servers]]', // 7
      'ip = "10.0.0.1"', // 8
      '[[servers]]', // 9
      'ip = 10', // 10
    ].join('\n'),
    'values/dates.toml':
      'offset = 1979-05-27T00:32:00.999999-07:00\nutc = 1979-05-27T07:32:00Z\nspace = 1979-05-27 07:32:00z\nlocal = 1979-05-27T07:32:00\nday = 1979-05-27 # a comment\ntime = 07:32:00\n[t]\nd = [1979-05-27, { at = 07:32:00.50 }]',
    'values/big.toml': 'id = 9007199254740993\n',
    'values/toml-1.1.toml': 'it = {\n  a = 1,\n}\nesc = "\\e\\x41"\nt = 07:32\n',
  });
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(
    report.byPath['check/app.toml'].problems,
    [
      invalid('must be integer', '/port', 2, 8),
      invalid('must have required property "email"', '/owner', 4, 1),
      invalid('must be string', '/owner/name', 5, 8),
      invalid('must be string', '/servers/1/ip', 10, 6),
    ],
    'and own.js, calling doc.hasOwnProperty, did not throw',
  );
  assert.deepEqual(
    echoed(report, 'values/dates.toml'),
    {
      offset: '1979-05-27T00:32:00.999999-07:00',
      utc: '1979-05-27T07:32:00Z',
      space: '1979-05-27T07:32:00z',
      local: '1979-05-27T07:32:00',
      day: '1979-05-27',
      time: '07:32:00',
      t: { d: ['1979-05-27', { at: '07:32:00.50' }] },
    },
    "each date and time as written: its precision and case kept, nothing added; a space between date and time is RFC 3339's T",
  );
  assert.deepEqual(echoed(report, 'values/toml-1.1.toml'), { it: { a: 1 }, esc: '\u001bA', t: '07:32' }, 'TOML 1.1');
  assert.deepEqual(
    echoed(report, 'values/big.toml'),
    { id: 9007199254740992 },
    'the nearest number, as JSON.parse reads it',
  );
});

test('TOML dates and times, in TOML files and front matter, are the strings written: each kind passes the formats docs/formats.md says; a pattern sees the text as typed', async (t) => {
  const kinds = {
    offset: '1979-05-27T07:32:00Z',
    spaced: '1979-05-27 07:32:00.5+01:00',
    minutes: '1979-05-27T07:32Z',
    local: '1979-05-27T07:32:00',
    day: '1979-05-27',
    time: '07:32:00',
  };
  const formats = ['date-time', 'date', 'time', 'iso-date-time', 'iso-time'];
  // One property per kind and format: `<kind>-<format>`, which fails where the value does not pass it.
  const properties = Object.fromEntries(
    Object.keys(kinds).flatMap((kind) => formats.map((format) => [`${kind}-${format}`, { type: 'string', format }])),
  );
  const toml = Object.entries(kinds)
    .flatMap(([kind, value]) => formats.map((format) => `${kind}-${format} = ${value}`))
    .join('\n');
  const dir = makeTree(t, {
    'formats.json': JSON.stringify({ type: 'object', properties }),
    'typed.json': JSON.stringify({ properties: { at: { pattern: '^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$' } } }),
    'kinds.toml': `${toml}\n`,
    'page.md': `+++\n${toml}\n+++\n`,
    'typed.toml': 'at = 1979-05-27T07:32:00Z\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['kinds.toml', 'page.md', '-s', 'formats.json']);
  const failing = (file) => byPath[file].problems.map((problem) => problem.pointer.slice(1)).sort();
  const expected = [
    'offset-date',
    'offset-time',
    'offset-iso-time',
    'spaced-date',
    'spaced-time',
    'spaced-iso-time',
    ...formats.map((format) => `minutes-${format}`), // RFC 3339 and ISO's formats want seconds
    'local-date-time', // RFC 3339 wants an offset
    'local-date',
    'local-time',
    'local-iso-time',
    'day-date-time',
    'day-time',
    'day-iso-date-time',
    'day-iso-time',
    'time-date-time',
    'time-date',
    'time-time', // ajv-formats' time wants an offset
    'time-iso-date-time',
  ].sort();
  assert.deepEqual(failing('kinds.toml'), expected);
  assert.deepEqual(failing('page.md'), expected, 'front matter reads them as TOML files do');
  await checkBothExecutors(dir, ['typed.toml', '-s', 'typed.json'], 0);
});

test('YAML edge cases: 1.2 core schema (yes, dates), anchors and merge keys, duplicate keys, big integers, tags, alias bombs and cycles', async (t) => {
  // A "billion laughs": ten uses of ten uses of… a list, 10^7 values in all, where an anchor used
  // 1,001 times adds what the file would hold written out.
  const bomb = [
    `a: &a [${Array(10).fill('"lol"').join(',')}]`,
    ...[...'abcde'].map((prev, i) => `${'bcdef'[i]}: &${'bcdef'[i]} [${Array(10).fill(`*${prev}`).join(',')}]`),
    `g: [${Array(10).fill('*f').join(',')}]`,
  ];
  const usedOften = [
    'name: a',
    'port: &p 1',
    'base: &base {cpu: 100m, memory: 1Gi}',
    'extra:',
    ...Array.from({ length: 1001 }, (_, i) => `  - {name: x${i}, port: *p, <<: *base}`),
  ];
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    'echo.js': ECHO,
    '.filecheckrc.json': config(schemaRule(['check/*']), echoRule(['values/*'])),
    'values/core.yaml': [
      'yes: yes',
      'on: on',
      'true: true',
      'capital: True',
      'date: 2024-01-01',
      'time: 12:30:00',
      'octal: 0o17',
      'hex: 0x1F',
      'inf: .inf',
      'nothing: ~',
      'base: &base {a: 1, b: 2}',
      'ref: *base',
      'merged:',
      '  <<: *base',
      '  b: 3',
      'quoted: "12345678901234567890"',
      'float: 1e20',
    ].join('\n'),
    'values/directive.yaml': [
      '%YAML 1.1',
      '---',
      'flag: yes',
      'off: Off',
      'y: n',
      'mode: 0755',
      'time: 1:30',
      'big: 1_000',
      'day: 2001-12-14',
      'base: &base {a: 1}',
      'merged: {<<: *base, b: 2}',
      'quoted: "yes"',
      '...',
      '---',
      'next: yes', // the stream is YAML 1.1 from there on, as yaml reads it
    ].join('\n'),
    'check/directive.yaml':
      '%YAML 1.1\n---\nname: a\nport: 0x1F\npublic: yes\nserver: {host: on, port: 010}\ntags: [on]\n',
    'check/yes.yaml': 'name: a\nport: 1\npublic: yes\n',
    'check/alias.yaml': 'name: a\nport: 1\nbase: &base\n  port: x\nserver: *base\nmerged:\n  <<: *base\n',
    'check/duplicate.yaml': 'name: a\nport: 1\nname: b\n',
    'check/duplicate-nested.yaml': 'name: a\nport: 1\nsub:\n  k: 1\n  &x k: 2\n  f: {p: 1, p: 2}\nname: b\n',
    'check/big.yaml': 'name: a\nport: 12345678901234567890\n',
    'check/hex-big.yaml': 'name: a\nport: 0x20000000000001\n',
    'check/binary.yaml': 'name: a\nport: 1\ndata: !!binary aGk=\n',
    'check/timestamp.yaml': 'name: a\nport: 1\nat: !!timestamp 2001-12-14\n',
    'check/ref.yaml': 'name: !Ref Name\nport: 1\n',
    'check/bomb.yaml': bomb.join('\n'),
    'check/used-often.yaml': usedOften.join('\n'),
    'check/cycle.yaml': 'name: a\nport: &x [1, *x]\n',
    'check/unknown-alias.yaml': 'name: *nowhere\nport: 1\n',
  });
  const report = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(echoed(report, 'values/core.yaml'), {
    yes: 'yes',
    on: 'on',
    true: true,
    capital: true,
    date: '2024-01-01',
    time: '12:30:00',
    octal: 15,
    hex: 31,
    inf: 'Infinity',
    nothing: null,
    base: { a: 1, b: 2 },
    ref: { a: 1, b: 2 },
    merged: { a: 1, b: 3 },
    quoted: '12345678901234567890',
    float: 1e20,
  });
  const stream = report.byPath['values/directive.yaml'].problems.map((problem) =>
    JSON.parse(problem.message.replace(/^document \d+: /, '')),
  );
  assert.deepEqual(
    stream,
    [
      {
        flag: true,
        false: false, // a key is a string: YAML 1.1's off is false
        true: false,
        mode: 493,
        time: 90,
        big: 1000,
        day: '2001-12-14', // a date is its text, as in 1.2: JSON data has no date
        base: { a: 1 },
        merged: { a: 1, b: 2 },
        quoted: 'yes',
      },
      { next: true },
    ],
    "a document that declares %YAML 1.1 is read with YAML 1.1's schema",
  );
  const problems = (file) => report.byPath[`check/${file}`]?.problems;
  assert.deepEqual(problems('yes.yaml'), [
    invalid('must be boolean ("yes" is a string in YAML 1.2, a boolean in YAML 1.1: write true)', '/public', 3, 9),
  ]);
  assert.deepEqual(
    problems('directive.yaml'),
    [invalid('must be string', '/tags/0', 7, 8)],
    'yes and on are booleans in a %YAML 1.1 document, at their places',
  );
  assert.deepEqual(problems('alias.yaml'), [
    invalid('must have required property "host"', '/server', 5, 9), // at the alias: where the value is used
    invalid('must be integer', '/server/port', 5, 9), // the value is the anchor's: the pointer says where
    invalid('must have required property "host"', '/merged', 6, 1), // a block mapping: on its key, the line JSON would give
    invalid('must be integer', '/merged/port', 7, 7), // at the merge key's alias
  ]);
  assert.deepEqual(problems('duplicate.yaml'), [
    unparsable(`invalid YAML: duplicate key "name" (first at 1:1): ${UNIQUE}`, 3, 1),
  ]);
  assert.deepEqual(
    problems('duplicate-nested.yaml'),
    [unparsable(`invalid YAML: duplicate key "k" (first at 4:3): ${UNIQUE}`, 5, 6)],
    'the first duplicate in the text',
  );
  assert.deepEqual(problems('big.yaml'), [], 'the nearest number: an integer');
  assert.deepEqual(problems('hex-big.yaml'), []);
  const untagged = (tag) =>
    `invalid YAML: the tag ${tag} cannot be read (filecheck reads the tags of the YAML 1.2 core schema: !!str, !!int, !!float, !!bool, !!null, !!seq, !!map; to read its value as written, use --yaml-tags any, or "yamlTags" in a rule)`;
  assert.deepEqual(problems('binary.yaml'), [unparsable(untagged('!!binary'), 3, 7)]);
  assert.deepEqual(problems('timestamp.yaml'), [unparsable(untagged('!!timestamp'), 3, 5)]);
  assert.deepEqual(problems('ref.yaml'), [
    unparsable(
      'invalid YAML: the tag !Ref cannot be read (to read CloudFormation\'s !Ref, use --yaml-tags cloudformation, or "yamlTags" in a rule)',
      1,
      7,
    ),
  ]);
  assert.deepEqual(problems('bomb.yaml'), [
    unparsable(
      'invalid YAML: its aliases expand to more than 1,000,000 values, which every check would walk: an alias bomb? (&f adds the most)',
      6,
      7,
    ),
  ]);
  assert.deepEqual(problems('used-often.yaml'), [], 'anchors used 1,001 times: what the file would hold written out');
  assert.deepEqual(problems('cycle.yaml'), [
    unparsable('invalid YAML: the alias *x is inside the value it names: the value would contain itself', 2, 14),
  ]);
  assert.deepEqual(problems('unknown-alias.yaml'), [
    unparsable('invalid YAML: Unresolved alias (the anchor must be set before the alias): nowhere', 1, 7),
  ]);
});

test('YAML: a quoted string whose next lines are not indented past its key is read, as PyYAML, ruamel, js-yaml and go-yaml read it', async (t) => {
  // Real files do this (Kubernetes status messages, Ansible msg:, front matter): YAML 1.2 wants the
  // lines indented more than the key, yaml cuts the string there ("Missing closing quote"), and
  // every tool these files are written for reads the string whole.
  const dir = makeTree(t, {
    'echo.js': ECHO,
    'schema.json': JSON.stringify({ properties: { a: { items: { type: 'string' } }, after: { type: 'string' } } }),
    '.filecheckrc.json': config(echoRule(['values/*']), schemaRule(['check/*'])),
    'values/status.yaml':
      "status:\n  conditions:\n    - message: 'Apply response: {\"a\":\n      1} ''done'''\n      reason: Applied\n",
    'values/task.yml': '- fail:\n    msg: "Install on \'{{ os }}\'\n    is not\n\n    implemented."\n',
    'values/crlf.yaml': 'a:\r\n  b: "one\r\n  two"\r\n',
    'values/escaped-end.yaml': "- rule: 'self == ''GRPC''\n  : true'\n",
    'values/front.md': "---\ntitle: x\ndescription: 'a long\nline'\n---\n# text\n",
    'check/flow.yaml': "a: ['x\ny', true]\nafter: 1\n",
    'check/marker.yaml': 'a: "x\n---\ny"\n',
  });
  const report = await checkBothExecutors(dir, ['values', 'values/front.md', 'check'], 1, { noErrors: true });
  assert.deepEqual(echoed(report, 'values/status.yaml'), {
    status: { conditions: [{ message: 'Apply response: {"a": 1} \'done\'', reason: 'Applied' }] },
  });
  assert.deepEqual(echoed(report, 'values/task.yml'), [
    { fail: { msg: "Install on '{{ os }}' is not\nimplemented." } },
  ]);
  assert.deepEqual(echoed(report, 'values/crlf.yaml'), { a: { b: 'one two' } });
  assert.deepEqual(
    echoed(report, 'values/escaped-end.yaml'),
    [{ rule: "self == 'GRPC' : true" }],
    'a line that ends with an escaped quote',
  );
  assert.deepEqual(echoed(report, 'values/front.md'), { title: 'x', description: 'a long line' });
  // Problems after such a string, and on its lines, are placed in the file as written.
  assert.deepEqual(report.byPath['check/flow.yaml'].problems, [
    invalid('must be string', '/a/1', 2, 5),
    invalid('must be string', '/after', 3, 8),
  ]);
  // A document marker inside quotes still ends the document, as it does for PyYAML.
  assert.equal(report.byPath['check/marker.yaml'].problems[0].kind, 'parse');
});

test('YAML: a key that is a mapping or a list fails at the key; a problem on a line with a {{ }} template says what it is', async (t) => {
  const dir = makeTree(t, {
    'templates/configmap.yaml': 'apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Values.name }}\n',
    'templates/if.yaml': '{{- if .Values.enabled }}\napiVersion: v1\n{{- end }}\n',
    'complex.yaml': 'a: 1\n? [b, c]\n: d\n',
    'flow.yaml': 'x: [{k: 1}: 2]\n',
    'front.md': '---\ntitle: {{ site.title }}\n---\n',
    'workflow.yml': 'run: echo ${{ github.sha }} {{ x }}\n',
    'templates/deployment.yaml':
      'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "chart.fullname" . }}\n  labels:\n    {{- include "chart.labels" . | nindent 4 }}\nspec:\n  replicas: {{ .Values.replicaCount }}\n',
    'archetypes/default.md':
      '---\ntitle: "{{ replace .File.ContentBaseName "-" " " | title }}"\ndate: {{ .Date }}\ndraft: true\n---\n',
    'after.yaml': 'title: "{{ .Name }}"\ntags: [a\nnext: 1\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['.', 'front.md', 'archetypes/default.md'], 1, { noErrors: true });
  const hint = ' ({{ }} is a template expression: quote it if it is a string; a template is YAML only once rendered)';
  assert.deepEqual(byPath['templates/configmap.yaml'].problems, [
    unparsable(
      `invalid YAML: the key { .Values.name } is a mapping, which JSON data cannot have as a key${hint}`,
      4,
      10,
    ),
  ]);
  assert.deepEqual(byPath['templates/if.yaml'].problems, [
    unparsable(`invalid YAML: Block collections are not allowed within flow collections${hint}`, 1, 1),
  ]);
  // YAML finds the fault two lines below the first unquoted {{ }}, whose flow mapping ran on: placed at the template.
  assert.deepEqual(byPath['templates/deployment.yaml'].problems, [
    unparsable(`invalid YAML: Block collections are not allowed within flow collections${hint}`, 4, 9),
  ]);
  // A Hugo archetype: the hint names no tool.
  assert.deepEqual(byPath['archetypes/default.md'].problems, [
    unparsable(`invalid YAML front matter: Unexpected scalar at node end${hint}`, 2, 43),
  ]);
  assert.deepEqual(
    byPath['after.yaml'].problems,
    [
      unparsable(
        'invalid YAML: Flow sequence in block collection must be sufficiently indented and end with a ]',
        3,
        1,
      ),
    ],
    'a quoted template before a fault that is not its own is no template problem',
  );
  assert.deepEqual(byPath['complex.yaml'].problems, [
    unparsable('invalid YAML: the key [b, c] is a list, which JSON data cannot have as a key', 2, 3),
  ]);
  assert.deepEqual(byPath['flow.yaml'].problems, [
    unparsable('invalid YAML: the key {k: 1} is a mapping, which JSON data cannot have as a key', 1, 5),
  ]);
  assert.deepEqual(byPath['front.md'].problems, [
    unparsable(
      `invalid YAML front matter: the key { site.title } is a mapping, which JSON data cannot have as a key${hint}`,
      2,
      9,
    ),
  ]);
  assert.equal(byPath['workflow.yml'].status, 'pass', 'a plain string may hold ${{ }} and {{ }}');
});

test("an integer past 2^53 is read as the nearest number, as JSON.parse reads JSON's: exactly when a number holds it (YAML and TOML)", async (t) => {
  // Kubernetes CRDs carry int64 bounds (maximum: 9223372036854775807): failing them would fail every such manifest.
  const dir = makeTree(t, {
    'echo.js': ECHO,
    '.filecheckrc.json': config(echoRule(['*'])),
    'exact.yaml': 'ns: 31536000000000000\nmin: -9223372036854775808\nhex: 0x20000000000000\n',
    'exact.toml':
      'ns = 31536000000000000\nmin = -9223372036854775808\nhex = 0x20_0000_0000_0000\n[t]\nl = [1, 1_000_000_000_000_000_000]\n',
    'inexact.yaml': 'a: 1\nmax: 9223372036854775807\n',
    'inexact.toml': 'a = 1\n[t]\nl = [1, 9223372036854775807]\n',
  });
  const report = await checkBothExecutors(dir, ['.'], 1, { noErrors: true }); // echo fails every file, saying its value
  assert.deepEqual(echoed(report, 'exact.yaml'), { ns: 31536000000000000, min: -9223372036854775808, hex: 2 ** 53 });
  assert.deepEqual(echoed(report, 'exact.toml'), {
    ns: 31536000000000000,
    min: -9223372036854775808,
    hex: 2 ** 53,
    t: { l: [1, 1e18] },
  });
  assert.deepEqual(echoed(report, 'inexact.yaml'), { a: 1, max: JSON.parse('9223372036854775807') });
  assert.deepEqual(echoed(report, 'inexact.toml'), { a: 1, t: { l: [1, JSON.parse('9223372036854775807')] } });
});

test('YAML: a YAML 1.1 boolean word (yes, off…) written plain where a schema asks for a boolean says what it is in 1.1 and 1.2', async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({
      properties: {
        comment: { anyOf: [{ type: 'object' }, { const: false }] }, // Codecov's
        fail_fast: { type: 'boolean' },
        mode: { enum: [true, false, 'auto'] },
        either: { anyOf: [{ type: 'boolean' }, { type: 'array' }] },
        quoted: { type: 'boolean' },
        tagged: { type: 'boolean' },
        number: { type: 'number' },
        word: { type: 'boolean' },
      },
    }),
    '.filecheckrc.json': config(schemaRule(['*.yml', '*.md', '*.json'])),
    'codecov.yml': [
      'comment: off',
      'fail_fast: yes',
      'mode: On',
      'either: N',
      'quoted: "off"', // a string in YAML 1.1 too
      'tagged: !!str no',
      'number: off',
      'word: maybe',
    ].join('\n'),
    'page.md': '---\nfail_fast: NO\n---\n# Title\n',
    'data.json': '{"fail_fast": "no"}',
  });
  const report = await checkBothExecutors(dir, []);
  const at = (file) => report.byPath[file].problems.map(({ message, line, column }) => `${line}:${column} ${message}`);
  const hint = (word, value) => ` ("${word}" is a string in YAML 1.2, a boolean in YAML 1.1: write ${value})`;
  assert.deepEqual(at('codecov.yml'), [
    '1:10 must be object', // an alternative's own line (--verbose), as ajv words it
    '1:10 must be equal to false',
    `1:10 must be object, or be equal to false${hint('off', 'false')}`,
    `2:12 must be boolean${hint('yes', 'true')}`,
    `3:7 must be one of true, false, "auto"${hint('On', 'true')}`,
    '4:9 must be boolean',
    '4:9 must be array',
    `4:9 must be boolean or array${hint('N', 'false')}`,
    '5:9 must be boolean',
    '6:15 must be boolean',
    '7:9 must be number',
    '8:7 must be boolean',
  ]);
  assert.deepEqual(at('page.md'), [`2:12 must be boolean${hint('NO', 'false')}`], 'YAML front matter too');
  assert.deepEqual(at('data.json'), ['1:15 must be boolean'], 'JSON has no YAML 1.1');
});

test("YAML: the core schema's tags read what they name (!!float 1 is 1); a value a core tag cannot read fails, saying so", async (t) => {
  const dir = makeTree(t, {
    'echo.js': ECHO,
    '.filecheckrc.json': config(echoRule(['*'])),
    'tags.yaml': 'a: !!float 1\nb: !!float -.inf\nc: !!float "2.5"\nd: !!int "3"\ne: !!str 1\nf: !!null\n',
    'not-int.yaml': 'a: !!int 1.5\n',
    'not-bool.yaml': 'x: 1\nb: !!bool yes # YAML 1.1\n',
    'not-float.yaml': 'a: !!float one\n',
  });
  const report = await checkBothExecutors(dir, ['.'], 1, { noErrors: true });
  assert.deepEqual(echoed(report, 'tags.yaml'), { a: 1, b: '-Infinity', c: 2.5, d: 3, e: '1', f: null });
  assert.deepEqual(report.byPath['not-int.yaml'].problems, [
    unparsable('invalid YAML: the value 1.5 is not a !!int (YAML 1.2 core schema)', 1, 4),
  ]);
  assert.deepEqual(report.byPath['not-bool.yaml'].problems, [
    unparsable('invalid YAML: the value yes is not a !!bool (YAML 1.2 core schema)', 2, 4),
  ]);
  assert.deepEqual(report.byPath['not-float.yaml'].problems, [
    unparsable('invalid YAML: the value one is not a !!float (YAML 1.2 core schema)', 1, 4),
  ]);
});

test('YAML: a lone CR (old Mac line ends) is a line break, as YAML 1.2 says; problems are placed on its lines', async (t) => {
  const dir = makeTree(t, {
    'echo.js': ECHO,
    'schema.json': JSON.stringify({ properties: { b: { type: 'string' } } }),
    '.filecheckrc.json': config(echoRule(['values/*']), schemaRule(['check/*'])),
    'values/cr.yaml': 'a: "x\ry"\r\rb: |\r  one\r  two\r',
    'check/cr.yaml': 'a: 1\rb: 2\r',
  });
  const report = await checkBothExecutors(dir, ['values', 'check'], 1, { noErrors: true });
  assert.deepEqual(echoed(report, 'values/cr.yaml'), { a: 'x y', b: 'one\ntwo\n' });
  assert.deepEqual(report.byPath['check/cr.yaml'].problems, [invalid('must be string', '/b', 2, 4)]);
});

test('YAML tags of CloudFormation and GitLab CI are read as those tools read them where a rule, or --yaml-tags, says so; elsewhere they fail', async (t) => {
  const template = [
    'Conditions:',
    '  Prod: !Equals [!Ref Env, prod]',
    'Resources:',
    '  Bucket:',
    '    Properties:',
    '      Name: !Sub "${AWS::StackName}-b"',
    '      Arn: !GetAtt Bucket.Arn',
    '      Nested: !GetAtt [Bucket, Outputs.Url]',
    '      Kept: !If [Prod, !Ref AWS::NoValue, 3]',
    '',
  ].join('\n');
  const dir = makeTree(t, {
    'echo.js': ECHO,
    'arn.schema.json': JSON.stringify({
      properties: {
        Resources: {
          additionalProperties: {
            properties: {
              Properties: { properties: { Arn: { properties: { 'Fn::GetAtt': { items: { type: 'number' } } } } } },
            },
          },
        },
      },
    }),
    '.filecheckrc.json': config(
      echoRule(['cfn/*'], { yamlTags: ['cloudformation'] }),
      echoRule(['ci/*'], { yamlTags: ['gitlab'] }),
      echoRule(['posts/*'], { yamlTags: ['cloudformation'] }),
      echoRule(['plain/*']),
    ),
    'cfn/template.yaml': template,
    'cfn/rules.yaml':
      'Rules:\n  R:\n    RuleCondition: !Contains [[a, b], !Ref Env]\n    Assertions:\n      - Assert: !EachMemberIn [!ValueOfAll [Ids, Tag], !RefAll Ids]\n',
    'ci/gitlab-ci.yml':
      '.setup:\n  script: [echo hi]\njob:\n  script:\n    - !reference [.setup, script]\n    - echo more\n',
    'ci/cfn-tag.yml': 'a: !Ref x\n',
    'posts/front.md': '---\nref: !Ref Name\n---\n# text\n',
    'plain/template.yaml': template,
    'plain/gitlab-ci.yml': 'include:\n  - local: setup.yml\njob:\n  script:\n    - !reference [.setup, script]\n',
  });
  const report = await checkBothExecutors(dir, [], 1, { noErrors: true });
  assert.deepEqual(echoed(report, 'cfn/template.yaml'), {
    Conditions: { Prod: { 'Fn::Equals': [{ Ref: 'Env' }, 'prod'] } },
    Resources: {
      Bucket: {
        Properties: {
          Name: { 'Fn::Sub': '${AWS::StackName}-b' },
          Arn: { 'Fn::GetAtt': ['Bucket', 'Arn'] },
          Nested: { 'Fn::GetAtt': ['Bucket', 'Outputs.Url'] },
          Kept: { 'Fn::If': ['Prod', { Ref: 'AWS::NoValue' }, 3] },
        },
      },
    },
  });
  assert.deepEqual(
    echoed(report, 'cfn/rules.yaml'),
    {
      Rules: {
        R: {
          RuleCondition: { 'Fn::Contains': [['a', 'b'], { Ref: 'Env' }] },
          Assertions: [
            { Assert: { 'Fn::EachMemberIn': [{ 'Fn::ValueOfAll': ['Ids', 'Tag'] }, { 'Fn::RefAll': 'Ids' }] } },
          ],
        },
      },
    },
    "the rule functions of a template's Rules",
  );
  assert.deepEqual(echoed(report, 'ci/gitlab-ci.yml'), {
    '.setup': { script: ['echo hi'] },
    job: { script: [['.setup', 'script'], 'echo more'] },
  });
  assert.deepEqual(echoed(report, 'posts/front.md'), { ref: { Ref: 'Name' } }, 'in front matter too');
  // A tag that a set reads, where it is not read, names that set.
  const unread = (tag, tool, set) =>
    `invalid YAML: the tag ${tag} cannot be read (to read ${tool}'s ${tag}, use --yaml-tags ${set}, or "yamlTags" in a rule)`;
  assert.deepEqual(
    report.byPath['ci/cfn-tag.yml'].problems,
    [unparsable(unread('!Ref', 'CloudFormation', 'cloudformation'), 1, 4)],
    'a set reads its own tags only',
  );
  assert.deepEqual(report.byPath['plain/template.yaml'].problems, [
    unparsable(unread('!Equals', 'CloudFormation', 'cloudformation'), 2, 9),
  ]);
  assert.deepEqual(report.byPath['plain/gitlab-ci.yml'].problems, [
    unparsable(unread('!reference', 'GitLab CI', 'gitlab'), 5, 7),
  ]);

  // --yaml-tags, for every file; a problem inside a tagged value is placed on it, and says where it is.
  const cli = await runCli(
    ['plain/template.yaml', '--yaml-tags', 'cloudformation', '-s', 'arn.schema.json', '-r', 'json'],
    { cwd: dir },
  );
  assert.equal(cli.code, 1, cli.stderr);
  const fromSchema = parseJsonReport(cli.stdout).files[0].problems.filter(
    (problem) => problem.validator === 'json-schema',
  );
  assert.deepEqual(
    fromSchema.map(({ message, pointer, line, column }) => [message, pointer, line, column]),
    [
      ['must be number', '/Resources/Bucket/Properties/Arn/Fn::GetAtt/0', 7, 20],
      ['must be number', '/Resources/Bucket/Properties/Arn/Fn::GetAtt/1', 7, 20],
    ],
  );
  const unknown = await runCli(['plain', '--yaml-tags', 'cfn'], { cwd: dir });
  assert.equal(unknown.code, 2);
  assert.equal(oneLine(unknown.stderr), '--yaml-tags: unknown tag set "cfn" (known: cloudformation, gitlab, any)');
});

test('YAML tags "any": every tag beyond the core schema is read as if it were not there (Ansible\'s !vault, MkDocs\' !ENV and !!python/name), core tags as ever', async (t) => {
  const dir = makeTree(t, {
    'echo.js': ECHO,
    '.filecheckrc.json': config(
      echoRule(['any/*'], { yamlTags: ['any'] }),
      echoRule(['mixed/*'], { yamlTags: ['any', 'cloudformation'] }),
    ),
    'any/mkdocs.yml': [
      'site_name: x',
      'markdown_extensions:',
      '  - pymdownx.emoji:',
      '      emoji_index: !!python/name:material.extensions.emoji.twemoji',
      'extra:',
      '  key: !ENV [API_KEY, none]',
      'secret: !vault |',
      '  $ANSIBLE_VAULT;1.1;AES256',
      'n: !!str 12',
      'f: !!float 1',
    ].join('\n'),
    'any/bad-core.yaml': 'b: !!bool yes\n',
    'mixed/template.yaml': 'a: !Ref x\nb: !include other.yaml\n',
    'plain/mkdocs.yml': 'extra:\n  key: !ENV [API_KEY, none]\n',
  });
  const report = await checkBothExecutors(dir, ['any', 'mixed', 'plain/mkdocs.yml', '--validator', './echo.js'], 1, {
    noErrors: true,
  });
  // Where no rule reads it, a tag no set names says how to read it.
  assert.deepEqual(report.byPath['plain/mkdocs.yml'].problems, [
    unparsable(
      'invalid YAML: the tag !ENV cannot be read (filecheck reads the tags of the YAML 1.2 core schema: !!str, !!int, !!float, !!bool, !!null, !!seq, !!map; to read its value as written, use --yaml-tags any, or "yamlTags" in a rule)',
      2,
      8,
    ),
  ]);
  assert.deepEqual(echoed(report, 'any/mkdocs.yml'), {
    site_name: 'x',
    markdown_extensions: [{ 'pymdownx.emoji': { emoji_index: '' } }],
    extra: { key: ['API_KEY', 'none'] },
    secret: '$ANSIBLE_VAULT;1.1;AES256\n',
    n: '12',
    f: 1,
  });
  assert.deepEqual(report.byPath['any/bad-core.yaml'].problems, [
    unparsable('invalid YAML: the value yes is not a !!bool (YAML 1.2 core schema)', 1, 4),
  ]);
  assert.deepEqual(
    echoed(report, 'mixed/template.yaml'),
    { a: { Ref: 'x' }, b: 'other.yaml' },
    "a set's own tags as it reads them",
  );
});

test('YAML tags "any": a problem with a value a tag was read from says so, and the catalog footer does not take its file for another kind', async (t) => {
  const schema = { properties: { site_name: { type: 'string' }, nav: { type: 'array', items: { type: 'string' } } } };
  const dir = makeTree(t, {
    'mkdocs.json': JSON.stringify(schema),
    'catalog.json': JSON.stringify({ schemas: [{ name: 'MkDocs', url: './mkdocs.json', fileMatch: ['mkdocs.yml'] }] }),
    'mkdocs.yml': 'site_name: !ENV [SITE_NAME, "My docs"]\nnav: !include [a.md, 5]\n',
    'other/mkdocs.yml': 'site_name: !ENV [SITE_NAME, "My docs"]\nnav: [a.md, 5]\n',
  });
  const args = ['--catalog', 'catalog.json', '--yaml-tags', 'any'];
  const report = await checkBothExecutors(dir, args);
  const at = (file) =>
    report.byPath[file].problems.map(({ message, line, column, yamlTag }) => [`${line}:${column} ${message}`, yamlTag]);
  const tagged = (tag) => ` (the value of ${tag}, read as written by --yaml-tags any)`;
  assert.deepEqual(at('mkdocs.yml'), [
    [`1:17 must be string${tagged('!ENV')}`, '!ENV'],
    [`2:22 must be string${tagged('!include')}`, '!include'], // inside the tagged value
  ]);
  assert.deepEqual(at('other/mkdocs.yml'), [
    [`1:17 must be string${tagged('!ENV')}`, '!ENV'],
    ['2:13 must be string', undefined],
  ]);
  // The footer that says a catalog's glob may have caught a file of another kind counts the file
  // whose every error is about a tag's value out.
  const human = await runCli(args, { cwd: dir });
  assert.equal(human.code, 1, human.stderr);
  assert.match(human.stdout, /^1 file failed against a schema a catalog's fileMatch chose/m);
  fs.rmSync(path.join(dir, 'other'), { recursive: true });
  const taggedOnly = await runCli(args, { cwd: dir });
  assert.equal(taggedOnly.code, 1, taggedOnly.stderr);
  assert.doesNotMatch(taggedOnly.stdout, /fileMatch chose/);
});

test('keys that become one string are duplicates (200: and "200":, ~: and ""); a NUL fails YAML and front matter, at its place', async (t) => {
  const dir = makeTree(t, {
    'echo.js': ECHO,
    '.filecheckrc.json': config(echoRule(['*'])),
    'status.yaml': 'responses:\n  200:\n    description: OK\n  "200":\n    description: Dup\n',
    'null-key.yaml': '~: a\n"": b\n',
    'distinct.yaml': '1: a\n"1.0": b\ntrue: c\n"yes": d\n',
    'merges.yaml': 'a: &a {x: 1}\nb: &b {y: 2}\nc:\n  <<: *a\n  <<: *b\n  "<<": z\n',
    'nul.yaml': 'a: b\0c\n',
    'only-nul.yaml': '\0',
    'nul.md': '---\nt: x\na: "\0"\n---\n',
    'escaped.yaml': 'a: "\\x00 and \\a"\nb: tab\there\r\n',
  });
  const report = await checkBothExecutors(dir, ['*.yaml', '*.md'], 1, { noErrors: true });
  const problems = (file) => report.byPath[file].problems;
  assert.deepEqual(problems('status.yaml'), [
    unparsable(`invalid YAML: duplicate key "200" (first at 2:3): ${UNIQUE}`, 4, 3),
  ]);
  assert.deepEqual(problems('null-key.yaml'), [
    unparsable(`invalid YAML: duplicate key "" (first at 1:1): ${UNIQUE}`, 2, 1),
  ]);
  assert.deepEqual(
    echoed(report, 'merges.yaml'),
    { a: { x: 1 }, b: { y: 2 }, c: { x: 1, y: 2, '<<': 'z' } },
    'merge keys may repeat, as PyYAML, js-yaml, go-yaml and yamllint allow',
  );
  assert.deepEqual(echoed(report, 'distinct.yaml'), { 1: 'a', '1.0': 'b', true: 'c', yes: 'd' });
  const nul = (format = 'YAML') =>
    `invalid ${format}: the file contains a NUL byte (binary content?), which YAML text cannot hold; in a double-quoted string, write it as "\\0"`;
  assert.deepEqual(problems('nul.yaml'), [unparsable(nul(), 1, 5)]);
  assert.deepEqual(problems('only-nul.yaml'), [unparsable(nul(), 1, 1)]);
  assert.deepEqual(problems('nul.md'), [unparsable(nul('YAML front matter'), 3, 5)]);
  assert.deepEqual(
    echoed(report, 'escaped.yaml'),
    { a: '\u0000 and \u0007', b: 'tab\there' },
    'escapes are text, not control characters',
  );
});

test("TOML: a date that does not exist fails where it is written; a missing key is placed at its own table's header", async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({ properties: { tool: { properties: { poetry: { required: ['version'] } } } } }),
    'dates/feb30.toml': 'd = 2024-02-30\n',
    'dates/not-leap.toml': 'x = 1\nd = 2023-02-29T10:00:00Z\n',
    'dates/in-array.toml': 'l = [2023-01-31, 2023-04-31]\n',
    'dates/fine.toml': 's = "2024-02-30"\nleap = 2024-02-29\nt = 07:32:00\n[x]\nd = 2000-02-29\n',
    'pyproject.toml': '[tool.poetry.dependencies]\npython = "^3.11"\n\n[tool.poetry]\nname = "demo"\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['dates', 'pyproject.toml', '-s', 'schema.json'], 1, {
    noErrors: true,
  });
  const missing = (date) => `invalid TOML: the date ${date} does not exist`;
  assert.deepEqual(byPath['dates/feb30.toml'].problems, [unparsable(missing('2024-02-30'), 1, 5)]);
  assert.deepEqual(byPath['dates/not-leap.toml'].problems, [unparsable(missing('2023-02-29'), 2, 5)]);
  assert.deepEqual(byPath['dates/in-array.toml'].problems, [unparsable(missing('2023-04-31'), 1, 18)]);
  assert.equal(byPath['dates/fine.toml'].status, 'pass', 'a string that looks like a date is a string');
  assert.deepEqual(byPath['pyproject.toml'].problems, [
    invalid('must have required property "version"', '/tool/poetry', 4, 1),
  ]);
});

test('Markdown: an empty front matter block, or one of comments only, is {}', async (t) => {
  const dir = makeTree(t, {
    'schema.json': JSON.stringify({ type: 'object' }),
    'empty.md': '---\n---\n# text\n',
    'comments.md': '---\n# only a comment\r\n\n---\n',
    'null.md': '---\n~\n---\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['*.md', '-s', 'schema.json'], 1, { noErrors: true });
  assert.equal(byPath['empty.md'].status, 'pass');
  assert.equal(byPath['comments.md'].status, 'pass');
  assert.deepEqual(byPath['null.md'].problems, [invalid('must be object', '', 2, 1)], 'a written null is null');
});

test('a schema may be YAML (.yaml, .yml), its $refs too; a broken one is a usage error at its line and column', async (t) => {
  const dir = makeTree(t, {
    'schemas/service.yaml':
      'type: object\nrequired: [name]\nproperties:\n  name: {type: string}\n  port: {$ref: "./defs.yml#/definitions/port"}\n',
    'schemas/defs.yml': 'definitions:\n  port: {type: integer}\n',
    'schemas/broken.yaml': 'type: [\n',
    'data/ok.json': JSON.stringify({ name: 'a', port: 1 }),
    'data/bad.yaml': 'port: eighty\n',
  });
  const { byPath } = await checkBothExecutors(dir, ['data', '-s', 'schemas/service.yaml'], 1, { noErrors: true });
  assert.equal(byPath['data/ok.json'].status, 'pass');
  assert.deepEqual(byPath['data/bad.yaml'].problems, [
    invalid('must have required property "name"', '', 1, 1, 'schemas/service.yaml'),
    invalid('must be integer', '/port', 1, 7, 'schemas/service.yaml'),
  ]);
  const broken = await runCli(['data', '-s', 'schemas/broken.yaml'], { cwd: dir });
  assert.equal(broken.code, 2);
  assert.match(oneLine(broken.stderr), /^schema schemas\/broken\.yaml:2:1 is not valid YAML: /);
});

test('a YAML schema is read as YAML data files are: a quoted line under its key, a duplicate key named; two documents are no schema', async (t) => {
  const dir = makeTree(t, {
    'schemas/quoted.yaml': "type: object\ndescription: 'a description written\non the next line'\nrequired: [name]\n",
    'schemas/twice.yaml': 'type: object\nrequired: [a]\nrequired: [b]\n',
    'schemas/two.yaml': 'type: object\n---\ntype: string\n',
    'data/a.json': '{}',
  });
  const quoted = await runCli(['data', '-s', 'schemas/quoted.yaml'], { cwd: dir });
  assert.equal(quoted.code, 1, quoted.stderr);
  assert.match(quoted.stdout, /must have required property "name"/);
  const twice = await runCli(['data', '-s', 'schemas/twice.yaml'], { cwd: dir });
  assert.equal(twice.code, 2);
  assert.equal(
    oneLine(twice.stderr),
    `schema schemas/twice.yaml:3:1 is not valid YAML: duplicate key "required" (first at 2:1): ${UNIQUE}`,
  );
  const two = await runCli(['data', '-s', 'schemas/two.yaml'], { cwd: dir });
  assert.equal(two.code, 2);
  assert.equal(oneLine(two.stderr), 'schema schemas/two.yaml holds 2 YAML documents; a schema file holds one');
});

test('the nesting limit holds for every format, measured before a parser recurses, the same in both executors', async (t) => {
  const nest = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  // Four anchors of 300 levels each, each holding the one before: 1,200 levels through aliases.
  const chain = ['a', 'b', 'c', 'd']
    .map((name, i) => `${name}: &${name} ${'['.repeat(300)}${i ? `*${'abc'[i - 1]}` : '1'}${']'.repeat(300)}`)
    .join('\n');
  const dir = makeTree(t, {
    'yaml/flow-500.yaml': nest(499), // the document is level 1
    'yaml/flow-501.yaml': nest(501),
    'yaml/block.yaml': `${'- '.repeat(600)}x`,
    'yaml/front-matter.md': `---\nk: ${nest(1000)}\n---\n`,
    'yaml/aliases.yaml': chain,
    'toml/arrays.toml': `a = ${nest(999)}`,
    'toml/too-deep.toml': `a = ${nest(5000)}`,
    'toml/dotted.toml': `${Array(1001).fill('k').join('.')} = 1`,
    'json5/ok.json5': nest(1000),
    'json5/too-deep.json5': nest(5000),
    'jsonc/too-deep.jsonc': `// deep\n${nest(5000)}`,
  });
  const { byPath } = await checkBothExecutors(dir, ['yaml', 'yaml/*.md', 'toml', 'json5', 'jsonc'], 1, {
    noErrors: true,
  });
  const tooDeep = (line, column, limit = 1000) => [
    {
      validator: 'parse',
      message: `the document is nested too deeply (more than ${limit} levels)`,
      line,
      column,
      kind: 'parse',
    },
  ];
  assert.equal(byPath['yaml/flow-500.yaml'].status, 'pass');
  assert.deepEqual(byPath['yaml/flow-501.yaml'].problems, tooDeep(1, 501, 500));
  assert.deepEqual(byPath['yaml/block.yaml'].problems, tooDeep(1, 1001, 500));
  assert.deepEqual(byPath['yaml/front-matter.md'].problems, tooDeep(2, 503, 500));
  assert.deepEqual(
    byPath['yaml/aliases.yaml'].problems,
    tooDeep(4, 307),
    'at the alias that nests the value too deeply',
  );
  assert.deepEqual(byPath['toml/arrays.toml'].status, 'pass');
  assert.deepEqual(byPath['toml/too-deep.toml'].problems, tooDeep(1, 1004));
  assert.deepEqual(byPath['toml/dotted.toml'].problems, tooDeep(1, 1));
  assert.equal(byPath['json5/ok.json5'].status, 'pass');
  assert.deepEqual(byPath['json5/too-deep.json5'].problems, tooDeep(1, 1001));
  assert.deepEqual(byPath['jsonc/too-deep.jsonc'].problems, tooDeep(2, 1001));
});

test("files their own tools read as JSON with comments are read as JSONC by name, as VS Code reads them; a rule's parser still decides", async (t) => {
  const COMMENTED = '{\n  // a comment\n  "a": [1,],\n}\n';
  const jsonc = [
    'tsconfig.json',
    'packages/app/tsconfig.build.json',
    'tsconfig-base.json',
    'jsconfig.json',
    'jsconfig.app.json',
    'jsconfig-x.json',
    '.vscode/settings.json',
    '.vscode/launch.json',
    '.vscode/tasks.json',
    '.vscode/extensions.json',
    '.vscode/mcp.json',
    '.devcontainer.json',
    '.devcontainer/devcontainer.json',
    '.devcontainer/python/devcontainer.json',
    '.eslintrc.json',
    '.swcrc',
    '.jshintrc',
    '.hintrc',
    'typedoc.json',
    'project.code-workspace',
    'themes/dark-color-theme.json',
    'icons/my-icon-theme.json',
    'language-configuration.json',
    '.github/hooks/pre.json',
    'cspell.json',
    '.cspell.json',
    '.vscode/cspell.json',
    'cSpell.json',
    'cspell.config.json',
    'turbo.json',
    'apps/web/turbo.json',
    '.markdownlint.json',
    'api-extractor.json',
    'tslint.json',
    'renovate.json',
    '.github/renovate.json',
    '.renovaterc',
    '.renovaterc.json',
    'jest.config.json',
    'e2e/multiple-configs/jest.config.json',
    'nx.json',
    'apps/web/project.json',
    'deno.json',
  ];
  const json = [
    'data.json',
    'my-tsconfig.json',
    'tsconfig.json.bak/x.json',
    'biome.json',
    'strict/tsconfig.json',
    'nodemon.json', // JSON.parse (nodemon's lib/config/load.js)
    '.prettierrc.json', // parse-json (prettier's config loaders)
  ];
  const files = Object.fromEntries([...jsonc, ...json].map((file) => [file, COMMENTED]));
  const dir = makeTree(t, {
    ...files,
    '.filecheckrc.json': config({ files: ['**/*', '**/.*', '**/.*/**'] }, { files: ['strict/*.json'], parser: 'json' }),
  });
  const report = await checkBothExecutors(dir, [...jsonc, ...json]);
  const failed = report.files
    .filter((file) => file.status === 'fail')
    .map((file) => file.path)
    .sort();
  assert.deepEqual(failed, [...json].sort(), 'only the files read as JSON fail on the comment');
  assert.match(
    report.byPath['data.json'].problems[0].message,
    /\(JSON has no comments: to read it as JSONC, give its rule "parser": "jsonc", or use --parser jsonc\)$/,
  );

  const listed = await runCli(['tsconfig.json', 'data.json', '.swcrc', '--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(
    listed.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t').slice(0, 2).join(' ')),
    ['.swcrc jsonc', 'data.json json', 'tsconfig.json jsonc'],
  );
  // filecheck's own config is read with comments too (runner/config/load-config.js).
  assert.equal(parserOfName('.filecheckrc.json'), 'jsonc');
  assert.equal(parserOfName('packages/app/.filecheckrc.json'), 'jsonc');
});

test("Babel's config files are read as JSON5 and ESLint's .eslintrc as JSONC or YAML, as their tools read them; .eslintrc.json stays JSONC, .eslintrc.yaml YAML; a rule's parser still decides", async (t) => {
  const dir = makeTree(t, {
    '.babelrc': "{\n  comments: true,\n  presets: ['x'],\n}\n", // babel-core reads these with json5.parse
    'packages/a/.babelrc.json': '{\n  // a comment\n  plugins: [],\n}\n',
    'babel.config.json': "{ 'presets': [0x1] }\n",
    'yaml/.eslintrc': 'env:\n    node: 1\nrules:\n    quotes: [2, "double"]\n', // ESLint: yaml.load, comments stripped
    'flow/.eslintrc': '{\n    rules: {\n        eqeqeq: 2\n    }\n}\n',
    'jsonc/.eslintrc': '{\n  // a comment\n  "env": { "node": 1 },\n}\n',
    'neither/.eslintrc': '{\n  "rules": [\n', // neither reads it: JSONC's words
    'empty/.eslintrc': '',
    '.eslintrc.json': '{\n  rules: {}\n}\n', // JSONC, as ESLint reads it (strip-json-comments, JSON.parse)
    '.eslintrc.yaml': 'env: { node: 1 }\n',
    'strict/.babelrc': '{\n  comments: true\n}\n',
    'schema.json': JSON.stringify({ properties: { env: { properties: { node: { type: 'boolean' } } } } }),
    '.filecheckrc.json': config(
      { files: ['**/.babelrc', '**/.babelrc.json', 'babel.config.json', '**/.eslintrc*'], schema: 'schema.json' },
      { files: ['strict/.babelrc'], parser: 'jsonc' },
    ),
  });
  const report = await checkBothExecutors(dir, []);
  const byPath = Object.fromEntries(report.files.map((file) => [file.path, file]));
  const at = (file) => byPath[file].problems.map(({ message, line, column }) => `${line}:${column} ${message}`);
  for (const file of ['.babelrc', 'packages/a/.babelrc.json', 'babel.config.json', 'flow/.eslintrc'])
    assert.equal(byPath[file].status, 'pass', `${file}: ${JSON.stringify(byPath[file].problems)}`);
  assert.deepEqual(at('yaml/.eslintrc'), ['2:11 must be boolean'], 'read as YAML, placed at its line');
  assert.deepEqual(at('jsonc/.eslintrc'), ['3:20 must be boolean'], 'read as JSONC');
  assert.deepEqual(at('neither/.eslintrc'), ['3:1 invalid JSONC: Unexpected end of input']);
  assert.deepEqual(at('empty/.eslintrc'), ['1:1 invalid JSONC: the file is empty']);
  assert.deepEqual(at('.eslintrc.yaml'), ['1:14 must be boolean']);
  // A file read as JSONC that JSON5 reads says how to read it as JSON5, as JSON's says JSONC.
  const asJson5 = ' (it is valid JSON5: to read it as JSON5, give its rule "parser": "json5", or use --parser json5)';
  assert.deepEqual(at('.eslintrc.json'), [`2:3 invalid JSONC: Expected property name or '}'${asJson5}`]);
  assert.deepEqual(at('strict/.babelrc'), [`2:3 invalid JSONC: Expected property name or '}'${asJson5}`]);

  const listed = await runCli(['--list-files', '--verbose'], { cwd: dir });
  assert.equal(listed.code, 0, listed.stderr);
  const parsers = Object.fromEntries(
    listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t').slice(0, 2)),
  );
  assert.deepEqual(parsers, {
    '.babelrc': 'json5',
    '.eslintrc.json': 'jsonc',
    '.eslintrc.yaml': 'yaml',
    'babel.config.json': 'json5',
    'empty/.eslintrc': 'jsonc|yaml',
    'flow/.eslintrc': 'jsonc|yaml',
    'jsonc/.eslintrc': 'jsonc|yaml',
    'neither/.eslintrc': 'jsonc|yaml',
    'packages/a/.babelrc.json': 'json5',
    'strict/.babelrc': 'jsonc',
    'yaml/.eslintrc': 'jsonc|yaml',
  });
});

test("Pipenv's Pipfile is read as TOML by its name, named or matched by a rule, as the catalog's Pipfile.lock is JSON", async (t) => {
  const dir = makeTree(t, {
    Pipfile: '[[source]]\nurl = "https://pypi.org/simple"\nverify_ssl = true\n\n[packages]\nrequests = "*"\n',
    'app/Pipfile': '[requires]\npython_version = 3\n',
    'schema.json': JSON.stringify({ properties: { requires: { properties: { python_version: { type: 'string' } } } } }),
  });
  const named = await runCli(['Pipfile', 'app/Pipfile', '-s', 'schema.json'], { cwd: dir });
  assert.equal(named.code, 1, named.stderr);
  assert.match(named.stdout, /app\/Pipfile:2:18 {2}\/requires\/python_version: must be string/);
  assert.doesNotMatch(named.stdout, /invalid JSON/);
  assert.equal(parserOfName('app/Pipfile'), 'toml');
  assert.equal(parserOfName('Pipfile.lock'), null);
});

test('a .cff file (Citation File Format) is YAML, named, by a pattern or found by a catalog alike', async (t) => {
  const cff = '# This CITATION.cff file was generated with cffinit.\ncff-version: 1.2.0\ntitle: 5\n';
  const dir = makeTree(t, {
    'CITATION.cff': cff,
    'docs/CITATION.cff': cff,
    'cff.json': JSON.stringify({ properties: { title: { type: 'string' } } }),
    'catalog.json': JSON.stringify({ schemas: [{ name: 'CFF', url: './cff.json', fileMatch: ['CITATION.cff'] }] }),
  });
  const problems = (report) =>
    report.files.flatMap((file) => file.problems.map((p) => `${file.path} ${p.line}:${p.column} ${p.message}`));
  const catalog = await checkBothExecutors(dir, ['--catalog', 'catalog.json']);
  const named = await checkBothExecutors(dir, ['CITATION.cff', '-s', 'cff.json']);
  const pattern = await checkBothExecutors(dir, ['**/*.cff', '-s', 'cff.json']);
  const folder = await checkBothExecutors(dir, ['docs', '-s', 'cff.json']);
  assert.deepEqual(problems(named), ['CITATION.cff 3:8 must be string']);
  assert.deepEqual(problems(catalog), ['CITATION.cff 3:8 must be string', 'docs/CITATION.cff 3:8 must be string']);
  assert.deepEqual(problems(pattern), problems(catalog));
  assert.deepEqual(
    problems(folder),
    ['docs/CITATION.cff 3:8 must be string'],
    'a folder stands for its .cff files too',
  );
});

test('a file read as JSON only because its name says no format, which JSON does not read but TOML or YAML reads as data, says how to read it so', async (t) => {
  const dir = makeTree(t, {
    Procfile: '[[source]]\nurl = "https://pypi.org/simple"\n', // TOML
    'app.conf': '[server]\nport = 8080\n', // TOML, which YAML would read as a list
    'notes.txt': '# settings\nname: a\nports: [1, 2]\n', // a YAML mapping
    'list.txt': '- a\n- b\n', // a YAML sequence
    words: 'just some words\n', // a YAML string: no hint
    broken: '# data\n{"a": 1,}\n', // JSON gone wrong, though YAML reads it: no hint
    'empty.conf': '# nothing\n', // an empty TOML table: no hint
    'named.json': 'a = 1\n', // its name says JSON: no hint
  });
  const files = ['Procfile', 'app.conf', 'notes.txt', 'list.txt', 'words', 'broken', 'empty.conf', 'named.json'];
  const report = await checkBothExecutors(dir, files);
  const hints = Object.fromEntries(
    report.files.map(({ path: file, problems }) => [file, / \(it reads as (.*)\)$/.exec(problems[0].message)?.[1]]),
  );
  const as = (format) =>
    `${format}: to read it as ${format}, give its rule "parser": "${format.toLowerCase()}", or use --parser ${format.toLowerCase()}`;
  assert.deepEqual(hints, {
    Procfile: as('TOML'),
    'app.conf': as('TOML'),
    'notes.txt': as('YAML'),
    'list.txt': as('YAML'),
    words: undefined,
    broken: undefined,
    'empty.conf': undefined,
    'named.json': undefined,
  });
  const human = await runCli(['Procfile', '--no-code-frame'], { cwd: dir });
  assert.equal(human.code, 1, human.stderr);
  assert.match(
    human.stdout,
    /^ {2}Procfile:1:3 {2}invalid JSON: Unexpected token 's', .* \(it reads as TOML: to read it as TOML, give its rule "parser": "toml", or use --parser toml\)$/m,
  );
  // A rule, or --parser, that says JSON: no hint.
  for (const args of [
    ['--parser', 'json'],
    ['-c', 'json.filecheckrc.json'],
  ]) {
    writeTree(dir, { 'json.filecheckrc.json': config({ files: ['Procfile'], parser: 'json' }) });
    const { code, stdout, stderr } = await runCli(['Procfile', ...args], { cwd: dir });
    assert.equal(code, 1, stderr);
    assert.match(stdout, /invalid JSON/);
    assert.doesNotMatch(stdout, /reads as/, args.join(' '));
  }
});

test("--parser reads the command line's files with that parser, without a config; a bad value, or a config, exits 2", async (t) => {
  const dir = makeTree(t, {
    'conf/a.json': '{\n  // a comment\n  "a": 1,\n}\n',
    'conf/b.txt': 'a: 1\n',
    'tsconfig.json': '{ /* comment */ }',
    'a.json5': "{a: 'x'}",
  });
  for (const [args, code] of [
    [['conf/a.json'], 1],
    [['conf/a.json', '--parser', 'jsonc'], 0],
    [['conf/b.txt', '--parser', 'yaml', '-k', 'a:integer'], 0],
    [['conf/b.txt', '-k', 'a'], 1],
    [['tsconfig.json', '--parser', 'json'], 1],
    [['a.json5', '--parser', 'json5'], 0],
  ]) {
    await checkBothExecutors(dir, args, code);
  }
  const bad = await runCli(['conf/a.json', '--parser', 'xml'], { cwd: dir });
  assert.equal(bad.code, 2, bad.stdout);
  assert.equal(oneLine(bad.stderr), '--parser takes json, jsonc, json5, yaml, toml or markdown, not "xml"');
  const empty = await runCli(['conf/a.json', '--parser', ''], { cwd: dir });
  assert.equal(empty.code, 2, empty.stdout);
  assert.equal(oneLine(empty.stderr), '--parser needs a value');

  writeTree(dir, { '.filecheckrc.json': config({ files: ['conf/*'] }) });
  const withConfig = await runCli(['conf/a.json', '--parser', 'jsonc'], { cwd: dir });
  assert.equal(withConfig.code, 2, withConfig.stdout);
  assert.equal(
    oneLine(withConfig.stderr),
    `--parser applies to runs without a config file; ${path.join(dir, '.filecheckrc.json')} is one: give its rules a "parser"`,
  );
});

test("a rule's parser and frontMatter are checked by the config; two parsers for one file exit 2", async (t) => {
  const dir = makeTree(t, { 'a.json': '{}' });
  const cases = [
    [
      config({ files: ['*.json'], parser: 'xml' }),
      'rules[0].parser must be one of "json", "jsonc", "json5", "yaml", "toml", "markdown"',
    ],
    [config({ files: ['*.md'], frontMatter: 'yes' }), 'rules[0].frontMatter must be one of "required", "optional"'],
    [
      config({ name: 'loose', files: ['*.json'], parser: 'jsonc' }, { name: 'yaml', files: ['a.*'], parser: 'yaml' }),
      'a.json is matched by rules that name different parsers: loose (jsonc), yaml (yaml); a file is parsed once, by one parser',
    ],
  ];
  for (const [text, message] of cases) {
    writeTree(dir, { '.filecheckrc.json': text });
    const { code, stderr } = await runCli([], { cwd: dir });
    assert.equal(code, 2, stderr);
    assert.match(oneLine(stderr), new RegExp(`${message.replace(/[()[\].*+?^$|\\]/g, '\\$&')}$`));
  }
});

test('a parser is loaded only by a run, and a worker, that meets its files: a JSON run loads none', async (t) => {
  const PARSERS = [
    'formats/yaml',
    'formats/toml',
    'formats/toml-positions',
    'formats/jsonc',
    'formats/json5',
    'formats/markdown',
    'formats/other-format-hint',
  ];
  // e: JSON with no extension, which a failure would try as TOML and YAML.
  const files = {
    'a.json': '{"a": 1}',
    e: '{"a": 1}',
    'b.yaml': 'a: 1\n',
    'c.toml': 'a = 1\n',
    'd.md': '---\na: 1\n---\n',
  };
  for (let i = 0; i < 40; i++) files[`many/${i}.json`] = '{"a": 1}';
  const dir = makeTree(t, files);
  const hook = pathToFileURL(path.join(REPO, 'test/helpers/trace-imports.js')).href;
  const loaded = async (args) => {
    const trace = path.join(dir, `trace-${Math.random().toString(36).slice(2)}.txt`);
    const run = await runCli([...args, '-q'], {
      cwd: dir,
      env: { NODE_OPTIONS: `--import=${hook}`, TRACE_IMPORTS: trace },
    });
    assert.equal(run.code, 0, run.stderr);
    const urls = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      urls.some((url) => url.endsWith('/formats/index.js')),
      'the hook sees filecheck load',
    );
    return [...new Set(PARSERS.filter((name) => urls.some((url) => url.endsWith(`/${name}.js`))))];
  };
  assert.deepEqual(await loaded(['a.json', 'e', 'many', '--workers', '0']), []);
  assert.deepEqual(await loaded(['a.json', 'e', 'many', '--workers', '2']), [], 'nor do the workers');
  assert.deepEqual(await loaded(['b.yaml', '--workers', '0']), ['formats/yaml']);
  assert.deepEqual(
    await loaded(['c.toml', 'd.md', '--workers', '0']),
    ['formats/yaml', 'formats/toml', 'formats/toml-positions', 'formats/markdown'],
    'front matter is YAML',
  );
  assert.deepEqual(
    await loaded(['b.yaml', 'many', '--workers', '2']),
    ['formats/yaml'],
    'the worker that meets a YAML file loads its parser',
  );
});

test('the chaos monkey, the cache and the file timeout treat every format as JSON', async (t) => {
  const dir = makeTree(t, {
    'schema.json': SCHEMA,
    '.filecheckrc.json': config(schemaRule(['data/*'])),
    'data/a.yaml': 'name: a\nport: 1\n---\nname: b\nport: 2\n',
    'data/b.toml': 'name = "b"\nport = 2\n',
    'data/c.md': '---\nname: c\nport: 3\n---\n',
    'data/d.json5': "{name: 'd', port: 4}",
  });
  const chaos = await checkBothExecutors(dir, ['--chaos-monkey', '1', '--chaos-seed', '7']);
  for (const file of chaos.files) {
    assert.deepEqual(
      file.problems,
      [{ validator: 'chaos-monkey', message: 'chaos monkey: injected throw (probability 1, seed 7)', kind: 'chaos' }],
      file.path,
    );
  }
  const cached = async () =>
    parseJsonReport((await runCli(['--cache', '-r', 'json', '--workers', '0'], { cwd: dir })).stdout).summary.cache;
  assert.deepEqual(await cached(), {
    hits: 0,
    failedHits: 0,
    passed: 0,
    failed: 0,
    misses: 4,
    schemas: { cached: 0, compiled: 1 },
  });
  assert.deepEqual(await cached(), {
    hits: 4,
    failedHits: 0,
    passed: 4,
    failed: 0,
    misses: 0,
    schemas: { cached: 1, compiled: 0 },
  });
  writeTree(dir, { '.filecheckrc.json': config(schemaRule(['data/*'], { frontMatter: 'required' })) });
  assert.equal((await cached()).hits, 0, "a rule's front matter setting is part of its fingerprint");
  const timeout = await checkBothExecutors(dir, ['--file-timeout', '60000'], 0);
  assert.equal(timeout.summary.passed, 4);
});
