// End to end: .filecheckrc.json, found or named, its validation, and how it meets the command line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { runCli, makeTree, parseJsonReport, failedPaths, filesLine, oneLine, REPO } from '../helpers/cli.js';

const GOOD = '{"title": "ok"}\n';
const config = (object) => JSON.stringify(object, null, 2);

test('the config is found upward from a subdirectory, and paths are shown relative to the working directory', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({ rules: [{ files: ['data/**/*.json'], require: ['title:string'] }] }),
    'data/ok.json': GOOD,
    'data/bad.json': '{"title": 1}',
    'src/deep/er/.keep': '',
  });
  const { code, stdout, stderr } = await runCli([], { cwd: path.join(dir, 'src/deep/er') });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['../../../data/bad.json']);
  assert.match(
    stdout,
    /^ FAIL {2}\.\.\/\.\.\/\.\.\/data\/bad\.json {2}\(require\)\n {2}\.\.\/\.\.\/\.\.\/data\/bad\.json:1:11 {2}\/title: "title" must be a string, found number$/m,
  );
  assert.equal(filesLine(stdout), 'Files: 1 failed, 1 passed, 2 total');
});

test('-c names the config, instead of the one found upward', async (t) => {
  const dir = makeTree(t, {
    // The config that would be found: it requires a key no file has.
    '.filecheckrc.json': config({ rules: [{ files: ['data/*.json'], require: ['absent'] }] }),
    'conf/checks.json': config({ rules: [{ files: ['../data/*.json'], require: ['title'] }] }),
    'data/a.json': GOOD,
  });
  const found = await runCli([], { cwd: dir });
  assert.equal(found.code, 1, 'the upward config fails every file');
  for (const flag of ['-c', '--config']) {
    const named = await runCli([flag, 'conf/checks.json'], { cwd: dir });
    assert.equal(named.code, 0, named.stdout + named.stderr);
    assert.equal(filesLine(named.stdout), 'Files: 1 passed, 1 total');
  }
});

test('paths in a config are relative to the config file, not to the working directory', async (t) => {
  const dir = makeTree(t, {
    'project/.filecheckrc.json': config({
      rules: [
        {
          files: ['docs/*.json'],
          schema: 'schemas/doc.json',
          refs: ['schemas/shared/*.json'],
          validators: [{ module: './checks/no-todo.js', options: { word: 'TODO' } }],
        },
      ],
      reporters: ['default', 'json:reports/filecheck.json'],
    }),
    'project/schemas/doc.json': JSON.stringify({
      type: 'object',
      properties: { size: { $ref: 'https://example.com/size.json' } },
    }),
    'project/schemas/shared/size.json': JSON.stringify({ $id: 'https://example.com/size.json', type: 'integer' }),
    'project/checks/no-todo.js':
      'export default (doc, ctx) => (JSON.stringify(doc).includes(ctx.options.word) ? [`contains ${ctx.options.word}`] : []);\n',
    'project/docs/ok.json': '{"size": 1}',
    'project/docs/todo.json': '{"size": 1, "note": "TODO"}',
    'project/docs/big.json': '{"size": "big"}',
    'elsewhere/docs/ignored.json': '{"size": "not mine"}',
  });
  const cwd = path.join(dir, 'elsewhere');
  const { code, stdout, stderr } = await runCli(['-c', '../project/.filecheckrc.json'], { cwd });
  assert.equal(code, 1, stderr);
  assert.deepEqual(failedPaths(stdout), ['../project/docs/big.json', '../project/docs/todo.json']);
  assert.match(
    stdout,
    /^ FAIL {2}\.\.\/project\/docs\/big\.json {2}\(json-schema: \.\.\/project\/schemas\/doc\.json\)\n.*\/size: must be integer$/m,
  );
  assert.match(stdout, /^ FAIL {2}\.\.\/project\/docs\/todo\.json {2}\(no-todo\)\n.*contains TODO$/m);
  // The report file is beside the config, not in the working directory.
  assert.equal(fs.existsSync(path.join(cwd, 'reports')), false);
  const report = parseJsonReport(fs.readFileSync(path.join(dir, 'project/reports/filecheck.json'), 'utf8'));
  assert.deepEqual(
    report.files.map((f) => f.path),
    ['../project/docs/big.json', '../project/docs/todo.json'],
  );
  assert.equal(report.summary.total, 3);
});

test('an invalid config exits 2 with one line naming the file and the key', async (t) => {
  const cases = [
    ['{"rules": [], "bogus": 1}', '(top level): unknown key "bogus"'],
    ['{"rules": [{"files": ["*.json"], "shema": "s.json"}]}', 'rules[0]: unknown key "shema"'],
    ['{"rules": "all"}', 'rules must be array'],
    ['{"rules": [{"files": "*.json"}]}', 'rules[0].files must be array'],
    ['{"rules": [], "bail": "yes"}', 'bail must be boolean or integer'],
    ['{"rules": [], "bail": -1}', 'bail must be >= 0'],
    // A value that fails a pattern is said as the command line says it, not as "not valid here".
    [
      '{"rules": [{"files": ["*.json"], "require": ["title:strnig"]}]}',
      'rules[0].require[0]: "title:strnig": unknown type "strnig" (expected string, number, integer, boolean, object, array, null; a colon in a key is written \\:)',
    ],
    [
      '{"rules": [{"files": ["*.json"], "require": [":string"]}]}',
      'rules[0].require[0]: ":string" is not a key path (expected e.g. documentData.title or documentData.title:string)',
    ],
    ['{"rules": [{"files": [" "]}]}', 'rules[0].files[0] must not be blank'],
    ['{"rules": [], "workers": "many"}', 'workers takes "auto", 0 or a number of workers, not "many"'],
    ['{"rules": [], "workers": 1.5}', 'workers takes "auto", 0 or a number of workers, not 1.5'],
    ['{"rules": [], "workers": -1}', 'workers takes "auto", 0 or a number of workers, not -1'],
    [
      '{"rules": [], "reporters": ["xml"]}',
      'reporters[0] must be one of "default", "json", "junit", "github", "sarif", "gitlab"',
    ],
    [
      '{"rules": [{"files": ["*.json"], "validators": [{"module": "./v.js", "option": 1}]}]}',
      'rules[0].validators[0]: unknown key "option"',
    ],
    [
      '{"rules": [{"files": ["*.json"], "ajv": {"strict": "yes"}}]}',
      'rules[0].ajv.strict must be one of true, false, "log"',
    ],
    [
      '{}',
      'needs "rules" (which files to check, and how) or a "catalog" (its fileMatch globs choose the files and their schemas; or --catalog)',
    ],
    [
      '{"schemaStore": {"https://json.schemastore.org/": "."}}',
      'needs "rules" (which files to check, and how) or a "catalog" (its fileMatch globs choose the files and their schemas; or --catalog)',
    ],
    // A JSON pointer written as a key: said what a pointer is, and the one meant.
    [
      '{"rules": [{"files": ["*.json"], "unique": ["slug"]}]}',
      'rules[0].unique[0]: "slug" is not a JSON pointer, which starts with "/" (did you mean "/slug"?)',
    ],
    [
      '{"rules": [{"files": ["*.json"], "unique": [{"pointer": "slug"}]}]}',
      'rules[0].unique[0].pointer: "slug" is not a JSON pointer, which starts with "/" (did you mean "/slug"?)',
    ],
    [
      '{"rules": [{"files": ["*.json"], "references": [{"from": "authors/*", "to": "/id"}]}]}',
      'rules[0].references[0].from: "authors/*" is not a JSON pointer, which starts with "/" (did you mean "/authors/*"?)',
    ],
    [
      '{"rules": [{"files": ["*.json"], "unique": ["/a~2"]}]}',
      'rules[0].unique[0]: "/a~2" is not a JSON pointer: a "~" in a key is written ~0, a "/" ~1 (a "~" at its end matches keys: "/*~")',
    ],
    [
      '{"rules": [{"files": ["*.json"], "references": [{"from": "/a", "to": "~"}]}]}',
      'rules[0].references[0].to: "~" is not a JSON pointer, which starts with "/"',
    ],
    // A schema written inline: refused, saying how a rule names one.
    [
      '{"rules": [{"files": ["a.json"]}, {"files": ["*.json"], "schema": {"type": "object", "required": ["title"]}}]}',
      'rules[1].schema: a schema is given by its file\'s path (or { "path", "severity" }); save this inline schema in a file and name it',
    ],
    [
      '{"rules": [{"files": ["*.json"], "schema": {"$ref": "s.json#/definitions/page"}}]}',
      'rules[0].schema: a schema is given by its file\'s path (or { "path", "severity" }); save this inline schema in a file and name it',
    ],
    ['{"rules": [{"files": ["*.json"], "schema": {"pathh": "s.json"}}]}', 'rules[0].schema: unknown key "pathh"'],
  ];
  const dir = makeTree(t, { 'a.json': GOOD });
  const configPath = path.join(dir, '.filecheckrc.json');
  for (const [text, expected] of cases) {
    fs.writeFileSync(configPath, text);
    const { code, stdout, stderr } = await runCli([], { cwd: dir });
    assert.equal(code, 2, `${text}: ${stderr}`);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), `${configPath}: ${expected}`, text);
  }
});

test('a config with a catalog needs no "rules": the files its fileMatch globs name are checked against their schemas, and so with a schemaStore and --catalog', async (t) => {
  const catalog = JSON.stringify({
    schemas: [{ name: 'app', url: 'https://example.com/app.schema.json', fileMatch: ['app.json'] }],
  });
  const dir = makeTree(t, {
    'mirror/catalog.json': catalog,
    'mirror/example.com/app.schema.json': JSON.stringify({ type: 'object', required: ['name'] }),
    'app.json': '{}',
    'other.json': '{}',
  });
  const only = async (config, args = []) => {
    fs.writeFileSync(path.join(dir, '.filecheckrc.json'), JSON.stringify(config));
    const { code, stdout, stderr } = await runCli(['-r', 'json', ...args], { cwd: dir });
    assert.equal(code, 1, stderr);
    return parseJsonReport(stdout).files.map((file) => `${file.path} ${file.status}`);
  };
  assert.deepEqual(await only({ catalog: 'mirror/catalog.json' }), ['app.json fail']);
  assert.deepEqual(
    await only({ schemaStore: { 'https://example.com/': 'mirror/example.com' } }, ['--catalog', 'mirror/catalog.json']),
    ['app.json fail'],
  );
});

test('a config is read as JSONC, found or named with -c: comments and trailing commas, a key written twice still an error', async (t) => {
  const text = [
    '// .filecheckrc.json',
    '{',
    '  /* the pages */',
    '  "rules": [',
    '    { "files": ["data/*.json"], "require": ["title:string"], }, // each page has a title',
    '  ],',
    '}',
    '',
  ].join('\n');
  const dir = makeTree(t, { '.filecheckrc.json': text, 'other.json': text, 'data/bad.json': '{"title": 1}' });
  for (const args of [[], ['-c', 'other.json']]) {
    const { code, stdout, stderr } = await runCli(args, { cwd: dir });
    assert.equal(code, 1, stderr);
    assert.deepEqual(failedPaths(stdout), ['data/bad.json']);
  }
  fs.writeFileSync(path.join(dir, '.filecheckrc.json'), `${text}// again\n{}`);
  assert.equal(
    oneLine((await runCli([], { cwd: dir })).stderr),
    `${path.join(dir, '.filecheckrc.json')}:9:1: not valid JSONC: Unexpected non-whitespace character after JSON`,
  );
  fs.writeFileSync(path.join(dir, '.filecheckrc.json'), text.replace('  ],', '  ],\n  // twice\n  "rules": [],'));
  assert.equal(
    oneLine((await runCli([], { cwd: dir })).stderr),
    `${path.join(dir, '.filecheckrc.json')}:8:3: duplicate key "rules" (first at 4:3): an object's keys must be unique (readers disagree on which value counts)`,
  );
});

test('a config that is not JSONC, or not there, exits 2 with one line naming the file', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': '// the rules\n{"rules": [], /* none */ "ignore": [,]}',
    'a.json': GOOD,
  });
  const invalid = await runCli([], { cwd: dir });
  assert.equal(invalid.code, 2);
  assert.ok(
    oneLine(invalid.stderr).startsWith(
      `${path.join(dir, '.filecheckrc.json')}:2:37: not valid JSONC: Unexpected token ','`,
    ),
    invalid.stderr,
  );

  const empty = makeTree(t, { '.filecheckrc.json': '' });
  assert.match(
    oneLine((await runCli([], { cwd: empty })).stderr),
    /\.filecheckrc\.json:1:1: not valid JSONC: the file is empty$/,
  );
  const open = makeTree(t, { '.filecheckrc.json': '{"rules": []} /* open' });
  assert.match(
    oneLine((await runCli([], { cwd: open })).stderr),
    /\.filecheckrc\.json:1:15: not valid JSONC: a \/\* comment is not closed$/,
  );

  // Read as data files are: the first "rules" would be dropped without a word.
  const twice = makeTree(t, {
    '.filecheckrc.json': '{\n  "rules": [{"files": ["*.json"], "require": ["title"]}],\n  "rules": []\n}\n',
    'a.json': GOOD,
  });
  const duplicate = await runCli([], { cwd: twice });
  assert.equal(duplicate.code, 2);
  assert.equal(
    oneLine(duplicate.stderr),
    `${path.join(twice, '.filecheckrc.json')}:3:3: duplicate key "rules" (first at 2:3): an object's keys must be unique (readers disagree on which value counts)`,
  );

  const missing = await runCli(['-c', 'nowhere.json'], { cwd: dir });
  assert.equal(missing.code, 2);
  assert.equal(missing.stdout, '');
  assert.equal(oneLine(missing.stderr), `cannot read config ${path.join(dir, 'nowhere.json')}: no such file`);

  // A folder, named or found upward: said in words, not as the system's EISDIR.
  const folder = makeTree(t, { 'conf/': '', 'sub/.filecheckrc.json/': '', 'sub/a.json': GOOD });
  for (const [args, cwd, shown] of [
    [['-c', 'conf'], folder, 'conf'],
    [['a.json'], path.join(folder, 'sub'), 'sub/.filecheckrc.json'],
  ]) {
    const { code, stdout, stderr } = await runCli(args, { cwd });
    assert.equal(code, 2, stderr);
    assert.equal(stdout, '');
    assert.equal(oneLine(stderr), `cannot read config ${path.join(folder, shown)}: a folder, not a file`);
  }
});

test("a file matched by two rules gets both rules' checks, each once", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({
      rules: [
        { name: 'all', files: ['data/*.json'], validators: ['./v/first.js', './v/shared.js'], require: ['title'] },
        {
          name: 'special',
          files: ['data/special*.json'],
          validators: ['./v/second.js', './v/shared.js'],
          require: ['title:string'],
        },
      ],
    }),
    'v/first.js': 'export default (doc, ctx) => [`first saw ${ctx.path}`];\n',
    'v/second.js': 'export default (doc, ctx) => [`second saw ${ctx.path}`];\n',
    'v/shared.js': 'export default (doc, ctx) => [`shared saw ${ctx.path}`];\n',
    'data/plain.json': '{"title": 1}',
    'data/special.json': '{"title": 1}',
  });
  const { code, stdout, stderr } = await runCli(['-r', 'json'], { cwd: dir });
  assert.equal(code, 1, stderr);
  const report = parseJsonReport(stdout);
  const messages = Object.fromEntries(
    report.files.map((f) => [f.path, f.problems.map((p) => `${p.validator}: ${p.message}`).sort()]),
  );
  assert.deepEqual(messages, {
    'data/plain.json': ['first: first saw data/plain.json', 'shared: shared saw data/plain.json'],
    'data/special.json': [
      'first: first saw data/special.json',
      'require: "title" must be a string, found number',
      'second: second saw data/special.json',
      'shared: shared saw data/special.json',
    ],
  });
});

test('a schema or a required key that a rule and the command line both bring in is checked once, from any folder', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({
      rules: [{ name: 'docs', files: ['content/**/*.json'], schema: 'schemas/doc.schema.json', require: ['title'] }],
    }),
    'schemas/doc.schema.json': JSON.stringify({ required: ['id'], properties: { id: { type: 'string' } } }),
    'content/en-US/a.json': '{"id": 1}',
    'content/en-US/b.json': '{}',
  });
  const content = path.join(dir, 'content');
  const schemas = ['../schemas/doc.schema.json', path.join(dir, 'schemas/doc.schema.json')];
  for (const [cwd, schema] of [[dir, 'schemas/doc.schema.json'], ...schemas.map((s) => [content, s])]) {
    const files = cwd === dir ? 'content' : '.';
    const { code, stdout, stderr } = await runCli([files, '-s', schema, '-k', 'title:string', '-r', 'json'], { cwd });
    assert.equal(code, 1, stderr);
    const messages = parseJsonReport(stdout).files.map((f) => f.problems.map((p) => p.message).sort());
    assert.deepEqual(
      messages,
      [
        ['missing required key "title"', 'must be string'],
        ['missing required key "title"', 'must have required property "id"'],
      ],
      `from ${cwd} with -s ${schema}`,
    );
    const listed = await runCli([files, '-s', schema, '--list-files', '--verbose'], { cwd });
    const shown =
      path.isAbsolute(schema) || cwd === dir ? path.relative(cwd, path.join(dir, 'schemas/doc.schema.json')) : schema;
    assert.match(
      listed.stdout,
      new RegExp(`\\t${shown.replaceAll('.', '\\.')} \\(rule "docs", --schema\\);`),
      listed.stdout,
    );
  }
});

test('files named on the command line are checked by the config rules they match; the others are skipped', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({
      rules: [{ files: ['docs/*.json'], require: ['title'] }],
      ignore: ['docs/draft-*.json'],
    }),
    'docs/a.json': '{}',
    'docs/draft-b.json': '{}',
    'other/c.json': '{}',
  });
  const unmatched = await runCli(['other/c.json', '--verbose'], { cwd: dir });
  assert.equal(unmatched.code, 0, unmatched.stdout);
  assert.match(unmatched.stdout, /^SKIP other\/c\.json \(matches no rule\)$/m);
  assert.equal(filesLine(unmatched.stdout), 'Files: 1 skipped, 0 passed, 1 total');

  const mixed = await runCli(['other/c.json', 'docs/a.json'], { cwd: dir });
  assert.equal(mixed.code, 1);
  assert.deepEqual(failedPaths(mixed.stdout), ['docs/a.json']);
  assert.equal(filesLine(mixed.stdout), 'Files: 1 failed, 0 passed, 1 total'); // skipped silently without --verbose

  // The config's top-level ignore leaves a file out of every run: a named one is passed over silently.
  assert.equal((await runCli(['--list-files'], { cwd: dir })).stdout, 'docs/a.json\n');
  assert.equal((await runCli(['docs', '--list-files'], { cwd: dir })).stdout, 'docs/a.json\n');
  const draft = await runCli(['docs/draft-b.json', '--verbose'], { cwd: dir });
  assert.equal(draft.code, 0, draft.stdout);
  assert.match(draft.stdout, /^SKIP docs\/draft-b\.json \(ignored\)$/m);

  // Checks given on the command line apply to every named file, matched by a rule or not.
  const withChecks = await runCli(['other/c.json', '-k', 'id'], { cwd: dir });
  assert.equal(withChecks.code, 1);
  assert.deepEqual(failedPaths(withChecks.stdout), ['other/c.json']);
  assert.match(withChecks.stdout, /^ FAIL {2}other\/c\.json {2}\(require\)\n.*missing required key "id"$/m);
});

test('command-line flags override the config: bail', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({ rules: [{ files: ['*.json'], require: ['title'] }], bail: true }),
    'a.json': '{}',
    'b.json': '{}',
    'c.json': '{}',
  });
  const fromConfig = await runCli([], { cwd: dir });
  assert.equal(fromConfig.code, 1);
  assert.deepEqual(failedPaths(fromConfig.stdout), ['a.json']);
  assert.equal(filesLine(fromConfig.stdout), 'Files: 1 failed, 2 not checked, 0 passed, 3 total');

  for (const args of [['--bail', '0'], ['--bail', 'false'], ['--bail=false']]) {
    const off = await runCli(args, { cwd: dir });
    assert.equal(off.code, 1, off.stderr);
    assert.deepEqual(failedPaths(off.stdout), ['a.json', 'b.json', 'c.json'], args.join(' '));
  }
  const two = await runCli(['--bail', '2'], { cwd: dir });
  assert.deepEqual(failedPaths(two.stdout), ['a.json', 'b.json']);
});

test('command-line flags override the config: reporters', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': config({ rules: [{ files: ['*.json'], require: ['title'] }], reporters: ['json'] }),
    'a.json': '{}',
  });
  const fromConfig = await runCli([], { cwd: dir });
  assert.equal(fromConfig.code, 1);
  assert.equal(parseJsonReport(fromConfig.stdout).summary.failed, 1);

  const overridden = await runCli(['-r', 'default'], { cwd: dir });
  assert.equal(overridden.code, 1);
  assert.deepEqual(failedPaths(overridden.stdout), ['a.json']);
  assert.throws(() => JSON.parse(overridden.stdout));
});

test('a rule whose globs match no file, in a run over the project, is a warning naming them; a run of named files says nothing of it; -c says where its globs start', async (t) => {
  const rules = [
    { name: 'docs', files: ['content/**/*.json'] },
    { name: 'locales', files: ['locale/*.json'], require: ['hello'] }, // the folder is locales/
  ];
  const dir = makeTree(t, {
    '.filecheckrc.json': config({ rules }),
    'ci/filecheck.json': config({ rules }),
    'content/a.json': '{}',
    'locales/en.json': '{"hello": "x"}',
  });
  const whole = await runCli([], { cwd: dir });
  assert.equal(whole.code, 0, whole.stderr);
  assert.equal(whole.stderr, 'filecheck: warning: rule "locales" matches no file: "locale/*.json"\n');
  const fromBelow = await runCli([], { cwd: path.join(dir, 'content') });
  assert.equal(
    fromBelow.stderr,
    'filecheck: warning: rule "locales" matches no file: "locale/*.json" (relative to ../)\n',
  );
  const named = await runCli(['content/a.json'], { cwd: dir });
  assert.equal(named.code, 0, named.stderr);
  assert.equal(named.stderr, '');
  const quiet = await runCli(['-q'], { cwd: dir });
  assert.equal(quiet.stderr, '');

  const elsewhere = await runCli(['-c', 'ci/filecheck.json'], { cwd: dir });
  assert.equal(elsewhere.code, 2);
  assert.equal(
    oneLine(elsewhere.stderr),
    'no files match the rules of ci/filecheck.json (their globs are relative to ci/) (use --pass-with-no-files to allow this)',
  );
});

test('passWithNoFiles in the config', async (t) => {
  const dir = makeTree(t, { '.filecheckrc.json': config({ rules: [{ files: ['none/*.json'] }] }) });
  const strict = await runCli([], { cwd: dir });
  assert.equal(strict.code, 2);
  assert.equal(
    oneLine(strict.stderr),
    'no files match the rules of .filecheckrc.json (use --pass-with-no-files to allow this)',
  );
  fs.writeFileSync(
    path.join(dir, '.filecheckrc.json'),
    config({ rules: [{ files: ['none/*.json'] }], passWithNoFiles: true }),
  );
  const allowed = await runCli([], { cwd: dir });
  assert.equal(allowed.code, 0, allowed.stderr);
  assert.equal(filesLine(allowed.stdout), 'Files: 0 passed, 0 total');
});

test('with neither a config nor patterns, exits 2 saying what to do', async (t) => {
  const dir = makeTree(t, { 'a.json': GOOD });
  const { code, stdout, stderr } = await runCli([], { cwd: dir });
  assert.equal(code, 2);
  assert.equal(stdout, '');
  assert.equal(
    oneLine(stderr),
    'no files to check: give patterns, a catalog (--catalog), or create .filecheckrc.json (see README)',
  );
});

test('the precompiled config validator is up to date with schema/filecheckrc.schema.json', () => {
  const built = spawnSync(process.execPath, ['scripts/build-config-validator.js'], { cwd: REPO, encoding: 'utf8' });
  assert.equal(built.status, 0, built.stderr);
  const committed = fs.readFileSync(path.join(REPO, 'schema/filecheckrc.validate.js'), 'utf8');
  assert.ok(built.stdout === committed, 'schema/filecheckrc.validate.js is stale: run npm run build:config-validator');
});
