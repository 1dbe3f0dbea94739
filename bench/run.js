#!/usr/bin/env node
// filecheck's benchmark: runs filecheck and a reference command side by side on generated
// corpora and prints a Markdown table of medians and ratios. See bench/README.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { makeCorpus } from './make-corpus.js';
import { makeManySchemas, schemasDirOf } from './make-many-schemas.js';
import { makeConfigFiles, CONFIG_FILES } from './make-config-files.js';
import { makeMarkdownCorpus } from './make-markdown-corpus.js';
import { makeDocsSite } from './make-docs-site.js';
import { refClosure } from './many-schemas-lib.js';
import { detectRssMethod, runOnce, cleanup } from './measure.js';

const HELP = `usage: npm run bench -- [options]
  --rounds N      timed rounds per scenario, after one warm-up run (default 5)
  --only NAME     run only this scenario (repeatable)
  --peers DIR     a directory with node_modules/.bin/ajv (ajv-cli 5) and venv/bin/check-jsonschema
                  (bash ../shared/bench/peers.sh DIR installs both), for the rows against them
  --schemastore DIR  a SchemaStore clone (DIR/src/api/json/catalog.json, DIR/src/schemas/json/*.json),
                  for the config-* and many-schemas-* rows (issue 14); without it they are skipped
  --many-schemas N   schemas in the many-schemas repository (default all: every schema of the clone
                  that plain ajv compiles and that instances could be made for, the largest included)
  --node PATH     the node binary that runs filecheck and the Node baselines (default: this one)
  --hugo-docs DIR a checkout of gohugoio/hugoDocs: the docs-site rows check its own pages instead of
                  generated ones shaped like them
  --prev DIR      a checkout of an earlier filecheck (git worktree add DIR <commit>; npm ci there),
                  for the *-vs-prev rows: this tip against it, same corpus and flags
  --rss METHOD    time | probe: how peak RSS is measured (default: time if GNU time exists)
  --list          list the scenarios`;

const BENCH = path.dirname(fileURLToPath(import.meta.url));
const FILECHECK = path.join(BENCH, '..', 'bin', 'filecheck.js');
const WORK = path.join(os.tmpdir(), 'filecheck-bench'); // all corpora live here; also the cwd of every run

const { values: opts } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    only: { type: 'string', multiple: true },
    peers: { type: 'string' },
    schemastore: { type: 'string' },
    'many-schemas': { type: 'string', default: 'all' },
    node: { type: 'string' },
    prev: { type: 'string' },
    'hugo-docs': { type: 'string' },
    rss: { type: 'string' },
    list: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (opts.help) {
  console.log(HELP);
  process.exit(0);
}
const rounds = Number(opts.rounds);
if (!(Number.isInteger(rounds) && rounds > 0)) {
  console.error(`bad --rounds: ${opts.rounds}`);
  process.exit(2);
}
const manySchemas = opts['many-schemas'] === 'all' ? Number.POSITIVE_INFINITY : Number(opts['many-schemas']);
if (!(manySchemas === Number.POSITIVE_INFINITY || (Number.isInteger(manySchemas) && manySchemas > 0))) {
  console.error(`bad --many-schemas: ${opts['many-schemas']}`);
  process.exit(2);
}
// Every Node program measured (filecheck, the baselines, ajv-cli) runs on this binary.
const NODE = opts.node ? path.resolve(opts.node) : process.execPath;
const nodeVersion = spawnSync(NODE, ['--version'], { encoding: 'utf8' });
if (nodeVersion.status !== 0) {
  console.error(`--node ${opts.node}: does not run (${nodeVersion.error?.code ?? nodeVersion.stderr})`);
  process.exit(2);
}
// A SchemaStore clone, for issue 14's rows; none by default.
const CLONE = opts.schemastore && path.resolve(opts.schemastore);
const STORE_DIR = CLONE && schemasDirOf(CLONE);
const STORE_CATALOG = CLONE && path.join(CLONE, 'src', 'api', 'json', 'catalog.json');
if (CLONE && !(fs.existsSync(STORE_DIR) && fs.existsSync(STORE_CATALOG))) {
  console.error(`--schemastore ${opts.schemastore}: no src/schemas/json or src/api/json/catalog.json there`);
  process.exit(2);
}
const NO_CLONE = 'needs a SchemaStore clone: pass --schemastore DIR';

// --- what is measured -------------------------------------------------------------------------

const CORPORA = {
  kumadocs: { profile: 'kumadocs' },
  kumadocs10x: { profile: 'kumadocs', files: 40570 }, // memory must stay flat as files grow
  tiny: { profile: 'tiny' },
  ten: { profile: 'kumadocs', files: 10 },
  'kumadocs-yaml': { profile: 'kumadocs', format: 'yaml' }, // the same documents, as YAML
  // Issue 14. `make` corpora are written by their own generator, stamped with its files' hashes.
  config: { make: (dir) => makeConfigFiles(dir), generators: ['make-config-files.js'] },
  // A docs site: 12,899 Markdown pages with front matter, one front-matter schema (issue 14 item 6).
  markdown: { make: (dir) => makeMarkdownCorpus({ out: dir }), generators: ['make-markdown-corpus.js'] },
  // The same site 10× (128,990 pages, ~1.1 GB): how checks across files grow with the pages (issue 26).
  markdown10x: {
    files: 128_990,
    make: (dir) => makeMarkdownCorpus({ out: dir, files: 128_990 }),
    generators: ['make-markdown-corpus.js'],
  },
  // A Hugo docs site of ~1,000 small pages, shaped as gohugoio/hugoDocs, or its own pages (issue 25).
  'docs-site': {
    make: (dir) => makeDocsSite({ out: dir, from: opts['hugo-docs'] && path.resolve(opts['hugo-docs']) }),
    generators: ['make-docs-site.js'],
    from: opts['hugo-docs'] ? path.resolve(opts['hugo-docs']) : null,
  },
  'many-schemas': {
    schemas: manySchemas,
    needs: 'schemastore',
    generators: ['make-many-schemas.js', 'many-schemas-lib.js'],
    make: (dir) => {
      const r = makeManySchemas({ clone: CLONE, out: dir, schemas: manySchemas });
      fs.rmSync(`${dir}.cache`, { recursive: true, force: true }); // many-schemas-cache-warm's --cache-location
      return {
        files: `${r.schemas} schemas (${r.skipped} of the ${r.tried} tried skipped: see ${dir}/skipped.json; drafts ${JSON.stringify(r.drafts)}) and ${r.refFiles} they $ref, ${r.failing} invalid of ${r.files}`,
      };
    },
  },
};
const extensionOf = (corpus) => (CORPORA[corpus].format === 'yaml' ? 'yaml' : 'json');

// A command is { label, argv(corpus), cwd?(corpus), unset?, env?, before?() }: argv returns the argv array, or
// a string saying why it cannot run; unset names variables of this environment it runs without, env
// those it runs with besides;
// before runs ahead of each of its runs (emptying a cache folder, say).
//
// filecheck keeps small schemas compiled between runs, in the user's cache folder (docs/cache.md):
// here in a folder of the bench's, emptied as the bench starts, so that no row depends on what an
// earlier bench or use of the machine left there. A row's warm-up run records its schemas, its
// first round stores their code, and the rounds after load it, as a user's runs after the first
// two do. The rows that say they are cold (`cold`) keep nothing.
process.env.FILECHECK_COMPILE_CACHE = path.join(WORK, 'compile-cache');
delete process.env.FILECHECK_DISABLE_COMPILE_CACHE;
fs.rmSync(process.env.FILECHECK_COMPILE_CACHE, { recursive: true, force: true });
const cold = (cmd) => ({ ...cmd, env: { ...cmd.env, FILECHECK_DISABLE_COMPILE_CACHE: '1' } });
const help = spawnSync(NODE, [FILECHECK, '--help'], { encoding: 'utf8' });
const helpText = help.status === 0 ? help.stdout + help.stderr : '';
const REQUIRE = ['title', 'bodyHTML', 'quickLinksHTML', 'tocHTML'].flatMap((k) => [
  '--require',
  `documentData.${k}:string`,
]);
// `on` pins the corpus, for a scenario that compares filecheck on two corpora.
const filecheckOn = (on, label, ...extra) => ({
  label: `filecheck ${label}${on ? ` (${on})` : ''}`,
  argv: (corpus) => {
    if (!helpText) return 'bin/filecheck.js --help fails';
    // Flags the CLI does not document yet skip the scenario rather than fail it.
    const missing = extra.filter((a) => a.startsWith('--') && !helpText.includes(a));
    if (missing.length) return `filecheck --help does not mention ${missing.join(', ')}`;
    if (on) ensureCorpus(on);
    return [
      NODE,
      FILECHECK,
      `${on ?? corpus}/**/*.${extensionOf(on ?? corpus)}`,
      ...extra,
      ...(/(^|\W)-q\b/.test(helpText) ? ['-q'] : []),
    ];
  },
});
const filecheck = (label, ...extra) => filecheckOn(null, label, ...extra);
const FC_VERSION = { label: 'filecheck --version', argv: () => [NODE, FILECHECK, '--version'] };
// The same command run by the checkout given with --prev, for the rows that compare two versions.
const PREV = opts.prev && path.resolve(opts.prev, 'bin', 'filecheck.js');
const previous = ({ label, argv }) => ({
  label: `${label} (--prev)`,
  argv: (corpus) => {
    if (!PREV) return 'needs an earlier checkout: pass --prev DIR';
    if (!fs.existsSync(PREV)) return `--prev ${opts.prev}: no bin/filecheck.js there`;
    const own = argv(corpus);
    return typeof own === 'string' ? own : own.map((arg) => (arg === FILECHECK ? PREV : arg));
  },
});
const script = (label, file, ...extra) => ({
  label,
  argv: (corpus) => [NODE, path.join(BENCH, file), corpus, ...extra],
});
const scriptOn = (on, { label, argv }) => ({
  label: `${label} (${on})`,
  argv: () => {
    ensureCorpus(on);
    return argv(on);
  },
});
const ajvBin = opts.peers && path.resolve(opts.peers, 'node_modules', '.bin', 'ajv');
const ajvCli = {
  label: 'ajv-cli',
  argv: (corpus) =>
    ajvBin && fs.existsSync(ajvBin)
      ? // Run its script with this same node binary, not whatever `env node` finds.
        [
          NODE,
          fs.realpathSync(ajvBin),
          'validate',
          '-s',
          'kumadoc.schema.json',
          '-d',
          `${corpus}/**/*.json`,
          '-c',
          'ajv-formats',
        ]
      : 'ajv-cli not found (pass --peers DIR with DIR/node_modules/.bin/ajv)',
};

const checkJsonschemaBin = opts.peers && path.resolve(opts.peers, 'venv', 'bin', 'check-jsonschema');
const checkJsonschema = {
  label: 'check-jsonschema',
  argv: (corpus) =>
    checkJsonschemaBin && fs.existsSync(checkJsonschemaBin)
      ? [
          checkJsonschemaBin,
          '--schemafile',
          'kumadoc.schema.json',
          ...listJson(path.join(WORK, corpus)).map((f) => path.relative(WORK, f)),
        ]
      : 'check-jsonschema not found (pass --peers DIR with DIR/venv/bin/check-jsonschema; ../shared/bench/peers.sh installs it)',
};

// --- issue 14: one config file against check-jsonschema, many schemas against the plain loop ---

// How many files a run found failing, from its output: filecheck's summary, the loops' last line.
const failedOf = (stdout) => {
  const fc = /^Files:.*$/m.exec(stdout ?? '');
  if (fc) return Number(/(\d+) failed/.exec(fc[0])?.[1] ?? 0);
  const loop = /^(\d+) files, (\d+) failed$/m.exec(stdout ?? '');
  return loop ? Number(loop[2]) : NaN;
};
// filecheck's argv with these flags, or why it cannot run (an undocumented flag skips the row).
const filecheckArgv = (...args) => {
  if (!helpText) return 'bin/filecheck.js --help fails';
  const missing = args.filter((a) => a.startsWith('--') && !helpText.includes(a));
  if (missing.length) return `filecheck --help does not mention ${missing.join(', ')}`;
  return [NODE, FILECHECK, ...args, ...(/(^|\W)-q\b/.test(helpText) ? ['-q'] : [])];
};

// THE ONE PLACE that says how filecheck is pointed at SchemaStore, as a user would. With the
// URL-prefix store option (issue 14): the clone's catalog chooses the schema, and every SchemaStore
// URL is read from the clone. Until filecheck has it: --schema, and --ref for each schema the
// $refs reach (refClosure: what the store would read, and no more).
const HAS_STORE = helpText.includes('--schema-store');
const schemaStoreArgs = (schemaName) =>
  HAS_STORE
    ? [
        '--catalog',
        STORE_CATALOG,
        '--schema-store',
        `https://json.schemastore.org/=${STORE_DIR}`,
        '--schema-store',
        `https://www.schemastore.org/=${STORE_DIR}`,
      ]
    : [
        '--schema',
        path.join(STORE_DIR, schemaName),
        ...refClosure(STORE_DIR, schemaName).flatMap((r) => ['--ref', path.join(STORE_DIR, r)]),
      ];
const filecheckConfig = (key) =>
  cold({
    label: `filecheck ${HAS_STORE ? '--catalog --schema-store' : '--schema --ref…'}`,
    argv: () =>
      CLONE
        ? filecheckArgv(path.join('config', CONFIG_FILES[key][0]), ...schemaStoreArgs(CONFIG_FILES[key][1]))
        : NO_CLONE,
    failed: failedOf,
  });
// The schema named, as check-jsonschema's --schemafile names it, where the rows above have the
// clone's catalog choose it among its 1,400 entries (a lookup check-jsonschema does not do); the
// schemas its $refs reach are read from the clone, as --base-uri makes check-jsonschema read them.
const filecheckSchemaConfig = (key) =>
  cold({
    label: `filecheck --schema${HAS_STORE ? ' --schema-store' : ' --ref…'}`,
    argv: () => {
      if (!CLONE) return NO_CLONE;
      const [file, schema] = CONFIG_FILES[key];
      if (!HAS_STORE) return filecheckArgv(path.join('config', file), ...schemaStoreArgs(schema));
      return filecheckArgv(
        path.join('config', file),
        '--schema',
        path.join(STORE_DIR, schema),
        '--schema-store',
        `https://json.schemastore.org/=${STORE_DIR}`,
        '--schema-store',
        `https://www.schemastore.org/=${STORE_DIR}`,
      );
    },
    failed: failedOf,
  });
// check-jsonschema on the clone's schema file. It fetches every $ref that leaves the file, even
// one to a schema beside it ("ava.json" under the $id https://json.schemastore.org/package.json),
// and on this offline machine such a fetch fails the run. --base-uri (the schema's file: URL in
// place of its $id) makes the relative $refs local files; it resolves $refs lazily, so only those
// the instance reaches are read (none of the three files reaches an absolute one, such as
// package.json's "prettier" -> https://www.schemastore.org/prettierrc.json, which no flag makes
// local). Its --builtin-schema vendor.github-workflows is its own vendored copy, not the clone's.
const checkJsonschemaConfig = (key) => ({
  label: 'check-jsonschema --schemafile --base-uri',
  argv: () => {
    if (!CLONE) return NO_CLONE;
    if (!(checkJsonschemaBin && fs.existsSync(checkJsonschemaBin))) return checkJsonschema.argv('config');
    const schema = path.join(STORE_DIR, CONFIG_FILES[key][1]);
    return [
      checkJsonschemaBin,
      '--schemafile',
      schema,
      '--base-uri',
      pathToFileURL(schema).href,
      path.join('config', CONFIG_FILES[key][0]),
    ];
  },
  failed: (stdout) => (/validation done/.test(stdout) ? 0 : NaN),
});
// The floor of those rows (baseline-config.js): a plain ajv process, the same schemas, the same file.
const floorConfig = (key) => ({
  label: 'baseline-config',
  argv: () => {
    if (!CLONE) return NO_CLONE;
    const [file, schema] = CONFIG_FILES[key];
    return [
      NODE,
      path.join(BENCH, 'baseline-config.js'),
      path.join(STORE_DIR, schema),
      path.join('config', file),
      ...refClosure(STORE_DIR, schema).map((r) => path.join(STORE_DIR, r)),
    ];
  },
  failed: failedOf,
});
// The many-schema repository is checked from its folder, whose .filecheckrc.json has the rules.
const MANY = path.join(WORK, 'many-schemas');
const filecheckMany = (label, ...extra) =>
  cold({
    label: `filecheck ${label}`,
    argv: () => (CLONE ? filecheckArgv(...extra) : NO_CLONE),
    cwd: () => MANY,
    failed: failedOf,
  });
const FC_MANY_AUTO = filecheckMany('--workers auto', '--workers', 'auto');
const FC_MANY_WARM = filecheckMany(
  '--workers auto --cache (warm)',
  '--workers',
  'auto',
  '--cache',
  '--cache-location',
  `${MANY}.cache`,
);
// The first run with --cache: a cache folder of its own, emptied before each run.
const FIRST_CACHE = `${MANY}.first-cache`;
const FC_MANY_FIRST_CACHE = {
  ...filecheckMany(
    '--workers auto --cache (first run)',
    '--workers',
    'auto',
    '--cache',
    '--cache-location',
    FIRST_CACHE,
  ),
  before: () => fs.rmSync(FIRST_CACHE, { recursive: true, force: true }),
};
const LOOP_MANY = {
  label: 'baseline-many-schemas',
  argv: () => (CLONE ? [NODE, path.join(BENCH, 'baseline-many-schemas.js'), MANY] : NO_CLONE),
  failed: failedOf,
};

// The runtime's start in this machine's environment. Node 20 reads the certificates that
// NODE_EXTRA_CA_CERTS names as it starts, before any of the program runs (Node 22.23 and 24.21,
// measured here, start no later with it): where it names a system bundle (~140
// certificates), every Node 20 process starts 45-50 ms later. A machine that sets it for every
// process (a sandbox behind a TLS proxy, some company laptops) makes a one-file run of any Node tool
// that much slower against a Python or native one; the rows below say how much.
const EXTRA_CA = 'NODE_EXTRA_CA_CERTS';
const NODE_START = { label: 'node -e 0', argv: () => [NODE, '-e', '0'] };
const withoutExtraCa = (cmd) => ({
  ...cmd,
  label: `${cmd.label}, no ${EXTRA_CA}`,
  unset: [EXTRA_CA],
  argv: (corpus) => (process.env[EXTRA_CA] ? cmd.argv(corpus) : `${EXTRA_CA} is not set here`),
});

// The markdown corpus is checked from its folder too (its .filecheckrc.json: one rule, **/*.md).
const MARKDOWN = path.join(WORK, 'markdown');
const filecheckMarkdown = (label, ...extra) => ({
  label: `filecheck ${label}`,
  argv: () => filecheckArgv(...extra),
  cwd: () => MARKDOWN,
});
// `auto`'s projection against the run (issue 14 item 6): the json report's summary.plan.reason
// names the projected total of the run (time so far + the rest, for the mode chosen), and
// summary.durationMs the real one, both from the start of the checks.
const projection = (label, cwd, ...args) => ({
  label: `filecheck ${label} (projected / real)`,
  argv: () =>
    args.includes(null)
      ? NO_CLONE
      : helpText
        ? [NODE, FILECHECK, ...args, '--workers', 'auto', '-r', 'json']
        : 'bin/filecheck.js --help fails',
  cwd: () => cwd,
  projection: (stdout) => {
    const { summary } = JSON.parse(stdout);
    const projected = Number(/projected (\d+) ms/.exec(summary.plan.reason)?.[1]);
    return { projected: projected / 1000, real: summary.durationMs / 1000, mode: summary.plan.mode };
  },
});
const PROJ_MANY = cold(projection('many-schemas', MANY, ...(CLONE ? [] : [null])));
const PROJ_MARKDOWN = projection('markdown', MARKDOWN);

// The docs site is checked from its folder too (one rule, content/**/*.md).
const DOCS_SITE = path.join(WORK, 'docs-site');
const filecheckDocs = (label, ...extra) => ({
  label: `filecheck ${label}`,
  argv: () => filecheckArgv(...extra),
  cwd: () => DOCS_SITE,
});
const PROJ_DOCS_SITE = projection('docs-site', DOCS_SITE);
const PROJ_KUMADOCS = projection('kumadocs --schema', WORK, 'kumadocs/**/*.json', '--schema', 'kumadoc.schema.json');

const workers = (n) => ['--workers', n];
const FC_INLINE = filecheck('--require ×4 --workers 0', ...REQUIRE, ...workers('0'));
const FC_AUTO = filecheck('--require ×4', ...REQUIRE, ...workers('auto'));
const FC_W2 = filecheck('--require ×4 --workers 2', ...REQUIRE, ...workers('2'));
const FC_W1 = filecheck('--require ×4 --workers 1', ...REQUIRE, ...workers('1'));
const FC_SCHEMA = filecheck('--schema', '--schema', 'kumadoc.schema.json', ...workers('auto'));
const FC_SCHEMA_W0 = filecheck('--schema --workers 0', '--schema', 'kumadoc.schema.json', ...workers('0'));
const FC_SCHEMA_W2 = filecheck('--schema --workers 2', '--schema', 'kumadoc.schema.json', ...workers('2'));
const SYNC = script('baseline-sync', 'baseline-sync.js');
const SYNC_SCHEMA = script('baseline-sync --schema', 'baseline-sync.js', '--schema', 'kumadoc.schema.json');
const PROMISE_ALL = script('baseline-promise-all', 'baseline-promise-all.js');
const SPLIT = script('baseline-split', 'baseline-split.js');
const SPLIT_SCHEMA = script('baseline-split --schema', 'baseline-split.js', '--schema', 'kumadoc.schema.json');
const PROMISES_SCHEMA = script('baseline-promises --schema', 'baseline-promises.js', '--schema', 'kumadoc.schema.json');
const SPLIT_PROMISES_SCHEMA = script(
  'baseline-split-promises --schema',
  'baseline-split-promises.js',
  '--schema',
  'kumadoc.schema.json',
);
const SPLIT_CORE_SCHEMA = script(
  'baseline-split-core --schema',
  'baseline-split-core.js',
  '--schema',
  'kumadoc.schema.json',
);
const SPLIT_YAML = script('baseline-split --yaml', 'baseline-split.js', '--yaml');
const SYNC_YAML = script('baseline-sync --yaml', 'baseline-sync.js', '--yaml');
const SYNC_YAML_SCHEMA = script(
  'baseline-sync --yaml --schema',
  'baseline-sync.js',
  '--yaml',
  '--schema',
  'kumadoc.schema.json',
);

// Issue 27, code frames: a schema every kumadocs document fails three times (a title that is no
// number, a locale not allowed, a bodyHTML too long), each problem on the document's one minified
// line (55 KB), so that every file's frames are captured, cut to a window, and printed. Written into
// the work folder beside kumadoc.schema.json (below). With frames against --no-code-frame.
const FAILING_SCHEMA = 'kumadoc-failing.schema.json';
const failingSchema = () => {
  const schema = JSON.parse(fs.readFileSync(path.join(BENCH, 'kumadoc.schema.json'), 'utf8'));
  const data = schema.properties.documentData.properties;
  Object.assign(data, { title: { type: 'number' }, locale: { enum: ['tlh'] }, bodyHTML: { maxLength: 100 } });
  return `${JSON.stringify({ ...schema, $id: 'https://filecheck.invalid/bench/kumadoc-failing.schema.json' }, null, 2)}\n`;
};
const failing = (label, ...extra) => ({
  ...filecheck(`--schema ${FAILING_SCHEMA} ${label}`, '--schema', FAILING_SCHEMA, ...extra),
  failed: failedOf,
});
const FC_FAILING_FRAMES = failing('--workers auto', ...workers('auto'));
const FC_FAILING_NO_FRAMES = failing('--no-code-frame --workers auto', '--no-code-frame', ...workers('auto'));

// Issue 26, checks across files: the markdown corpus's rule with `unique: ["/slug"]` (every page's
// front matter has a slug, unique as MDN's are), against the same rule without it (the corpus's own
// .filecheckrc.json). Its config file is written into the corpus folder before each run (a corpus made
// again loses it); both sides name theirs with --config.
const UNIQUE_CONFIG = 'unique.filecheckrc.json';
const writeUniqueConfig = (dir) => {
  const { rules } = JSON.parse(fs.readFileSync(path.join(dir, '.filecheckrc.json'), 'utf8'));
  const text = `${JSON.stringify({ rules: rules.map((rule) => ({ ...rule, unique: ['/slug'] })) }, null, 2)}\n`;
  const file = path.join(dir, UNIQUE_CONFIG);
  if (!fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text) fs.writeFileSync(file, text);
};
// on: the corpus (markdown or markdown10x); unique: with the rule's unique; a scenario's corpus is made
// by the bench, and a command on the other one makes it first.
const filecheckPages = (on, unique, label, ...extra) => {
  const dir = path.join(WORK, on);
  return {
    label: `filecheck ${unique ? 'unique ' : ''}${label} (${on})`,
    argv: () => {
      const argv = filecheckArgv('--config', unique ? UNIQUE_CONFIG : '.filecheckrc.json', ...extra);
      if (typeof argv !== 'string') ensureCorpus(on);
      return argv;
    },
    cwd: () => dir,
    before: () => unique && writeUniqueConfig(dir),
  };
};
const FC_MD = (n) => filecheckPages('markdown', false, `--workers ${n}`, ...workers(n));
const FC_MD_UNIQUE = (n) => filecheckPages('markdown', true, `--workers ${n}`, ...workers(n));
const FC_MD10X = filecheckPages('markdown10x', false, '--workers auto', ...workers('auto'));
const FC_MD10X_UNIQUE = filecheckPages('markdown10x', true, '--workers auto', ...workers('auto'));
// The pre-commit case: one page named, the rule's other 12,898 pages' facts taken from a warm cache.
// The cache is filled once per bench run by the whole site's run with --cache (untimed), then every
// timed run names the page; the reference is the whole site's cold run (no cache), with unique.
const UNIQUE_CACHE = `${MARKDOWN}.unique-cache`;
const ONE_PAGE = 'docs/guides/topic0/page0.md';
let uniqueCacheFilled = false;
const FC_MD_UNIQUE_PRECOMMIT = {
  ...filecheckPages(
    'markdown',
    true,
    `${ONE_PAGE} --cache (warm)`,
    ONE_PAGE,
    '--cache',
    '--cache-location',
    UNIQUE_CACHE,
  ),
  before: () => {
    writeUniqueConfig(MARKDOWN);
    if (uniqueCacheFilled) return;
    fs.rmSync(UNIQUE_CACHE, { recursive: true, force: true });
    const fill = filecheckArgv('--config', UNIQUE_CONFIG, '--cache', '--cache-location', UNIQUE_CACHE);
    const r = spawnSync(fill[0], fill.slice(1), { cwd: MARKDOWN, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`filling ${UNIQUE_CACHE} failed: ${r.stderr || r.stdout}`);
    uniqueCacheFilled = true;
  },
};

// One line per scenario: name, corpus, candidate, reference, targets (max candidate/reference ratios).
// The issue each target comes from is in bench/RESULTS.md.
const SCENARIOS = [
  // The in-process path against the bare loop (issue 2).
  ['kumadocs-inline', 'kumadocs', FC_INLINE, SYNC, { wall: 1.3, rss: 1.3 }],
  ['tiny-inline', 'tiny', FC_INLINE, SYNC, { wall: 1.3, rss: 1.3 }],
  ['ten', 'ten', FC_AUTO, SYNC, { wall: 2 }],
  ['ten-schema-ajv-cli', 'ten', FC_SCHEMA, ajvCli, { wall: 0.8 }],
  // --workers auto against the bare loop and the tools users run today (issue 3).
  ['kumadocs-auto', 'kumadocs', FC_AUTO, SYNC, { wall: 0.7, rss: 1.6 }],
  ['kumadocs-schema-auto', 'kumadocs', FC_SCHEMA, SYNC_SCHEMA, { wall: 0.6 }],
  ['tiny-auto', 'tiny', FC_AUTO, SYNC, { wall: 0.75 }],
  ['kumadocs-schema-ajv-cli', 'kumadocs', FC_SCHEMA, ajvCli, { wall: 0.4 }],
  ['kumadocs-schema-check-jsonschema', 'kumadocs', FC_SCHEMA, checkJsonschema, { wall: 0.4 }],
  ['kumadocs-auto-promise-all', 'kumadocs', FC_AUTO, PROMISE_ALL, { rss: 0.35 }],
  [
    'kumadocs-10x-memory',
    'kumadocs10x',
    FC_AUTO,
    filecheckOn('kumadocs', '--require ×4', ...REQUIRE, ...workers('auto')),
    { rss: 1.25 },
  ],
  // auto is never much slower than the best fixed choice (issue 3).
  ['kumadocs-auto-vs-0', 'kumadocs', FC_AUTO, FC_INLINE, { wall: 1.05 }],
  ['kumadocs-auto-vs-2', 'kumadocs', FC_AUTO, FC_W2, { wall: 1.05 }],
  ['tiny-auto-vs-0', 'tiny', FC_AUTO, FC_INLINE, { wall: 1.05 }],
  ['tiny-auto-vs-2', 'tiny', FC_AUTO, FC_W2, { wall: 1.05 }],
  ['kumadocs-schema-auto-vs-0', 'kumadocs', FC_SCHEMA, FC_SCHEMA_W0, { wall: 1.05 }],
  ['kumadocs-schema-auto-vs-2', 'kumadocs', FC_SCHEMA, FC_SCHEMA_W2, { wall: 1.05 }],
  ['ten-auto-vs-0', 'ten', FC_AUTO, FC_INLINE, { wall: 1.05 }],
  // YAML, the same goals as JSON (issue 6): the same documents, read with the same parser as the
  // bare loop's. Parsing YAML costs several times JSON.parse, so the pool has more to win.
  ['kumadocs-yaml-inline', 'kumadocs-yaml', FC_INLINE, SYNC_YAML, { wall: 1.3, rss: 1.3 }],
  ['kumadocs-yaml-auto', 'kumadocs-yaml', FC_AUTO, SYNC_YAML, { wall: 0.7, rss: 1.6 }],
  ['kumadocs-yaml-schema-auto', 'kumadocs-yaml', FC_SCHEMA, SYNC_YAML_SCHEMA, { wall: 0.6 }],
  ['kumadocs-yaml-auto-vs-0', 'kumadocs-yaml', FC_AUTO, FC_INLINE, { wall: 1.05 }],
  ['kumadocs-yaml-auto-vs-2', 'kumadocs-yaml', FC_AUTO, FC_W2, { wall: 1.05 }],
  // How time scales with the number of workers (no target: for judging the heuristic).
  ['kumadocs-workers-1', 'kumadocs', FC_W1, SYNC, {}],
  ['kumadocs-workers-2', 'kumadocs', FC_W2, SYNC, {}],
  ['kumadocs-promise-all', 'kumadocs', PROMISE_ALL, SYNC, {}], // memory reference
  // Issue 25: the in-process path's own cost over the bare loop, and auto against the two-thread
  // ceiling, with the schema (reading, parsing and validating; no --require).
  ['kumadocs-schema-inline', 'kumadocs', FC_SCHEMA_W0, SYNC_SCHEMA, { wall: 1.1 }],
  ['kumadocs-schema-auto-vs-ceiling', 'kumadocs', FC_SCHEMA, SPLIT_SCHEMA, { wall: 1.1 }],
  // What bounds the two above (no target): the bare loop with what filecheck promises of each file
  // (formats/read-text.js, formats/json.js) against the bare loop; filecheck against that; and the
  // start each pays before its first file, on ten files (the walls' difference: filecheck's start
  // that no worker can share, against the ceiling's margin of 10%).
  ['kumadocs-schema-promises', 'kumadocs', PROMISES_SCHEMA, SYNC_SCHEMA, {}],
  ['kumadocs-schema-inline-vs-promises', 'kumadocs', FC_SCHEMA_W0, PROMISES_SCHEMA, {}],
  ['ten-schema-start', 'ten', FC_SCHEMA_W0, SYNC_SCHEMA, {}],
  // The same for auto against the ceiling, whose ratio is these three's product (no target): the
  // ceiling with the promises against the ceiling (the floor no schedule goes below); filecheck's own
  // check of each file in the ceiling's schedule against that (its check beyond the promises); and
  // auto against filecheck's check in the ceiling's schedule (discovery, the plan, the queue, the
  // main thread's share, the reporters).
  ['kumadocs-schema-split-promises', 'kumadocs', SPLIT_PROMISES_SCHEMA, SPLIT_SCHEMA, {}],
  ['kumadocs-schema-split-core', 'kumadocs', SPLIT_CORE_SCHEMA, SPLIT_PROMISES_SCHEMA, {}],
  ['kumadocs-schema-auto-vs-split-core', 'kumadocs', FC_SCHEMA, SPLIT_CORE_SCHEMA, {}],
  // The machine's ceiling (no target): the bare loop itself in fixed slices, a thread per core. The
  // pool targets above are ratios to the bare loop; this is the best any pool could do against it.
  ['kumadocs-ceiling', 'kumadocs', SPLIT, SYNC, {}],
  ['kumadocs-schema-ceiling', 'kumadocs', SPLIT_SCHEMA, SYNC_SCHEMA, {}],
  ['tiny-ceiling', 'tiny', SPLIT, SYNC, {}],
  ['kumadocs-yaml-ceiling', 'kumadocs-yaml', SPLIT_YAML, SYNC_YAML, {}],
  // How much the bare loops' own peak RSS grows with 10× the files, beside kumadocs-10x-memory's.
  ['sync-10x-memory', 'kumadocs10x', SYNC, scriptOn('kumadocs', SYNC), {}],
  ['split-10x-memory', 'kumadocs10x', SPLIT, scriptOn('kumadocs', SPLIT), {}],
  // Many schemas, cold (issue 14): one config file against its SchemaStore schema, cold, filecheck
  // as a user runs it against check-jsonschema on the same file and schema (--schemastore DIR).
  [
    'config-package-json-vs-cjs',
    'config',
    filecheckConfig('package-json'),
    checkJsonschemaConfig('package-json'),
    { wall: 1.0 },
  ],
  ['config-tsconfig-vs-cjs', 'config', filecheckConfig('tsconfig'), checkJsonschemaConfig('tsconfig'), { wall: 1.0 }],
  ['config-workflow-vs-cjs', 'config', filecheckConfig('workflow'), checkJsonschemaConfig('workflow'), { wall: 1.0 }],
  // The same, both without NODE_EXTRA_CA_CERTS (above), as on a machine that does not set it.
  ...['package-json', 'tsconfig', 'workflow'].map((key) => [
    `config-${key}-vs-cjs-no-extra-ca`,
    'config',
    withoutExtraCa(filecheckConfig(key)),
    withoutExtraCa(checkJsonschemaConfig(key)),
    { wall: 1.0 },
  ]),
  // What that variable costs the runtime's start here (no target: a fact of the machine).
  ['node-start-extra-ca', null, NODE_START, withoutExtraCa(NODE_START), {}],
  // The same file and schema as check-jsonschema's, the schema named rather than looked up.
  [
    'config-package-json-schema-vs-cjs',
    'config',
    filecheckSchemaConfig('package-json'),
    checkJsonschemaConfig('package-json'),
    { wall: 1.0 },
  ],
  [
    'config-tsconfig-schema-vs-cjs',
    'config',
    filecheckSchemaConfig('tsconfig'),
    checkJsonschemaConfig('tsconfig'),
    { wall: 1.0 },
  ],
  [
    'config-workflow-schema-vs-cjs',
    'config',
    filecheckSchemaConfig('workflow'),
    checkJsonschemaConfig('workflow'),
    { wall: 1.0 },
  ],
  // Their floor (no target): what a plain ajv process takes, against check-jsonschema; filecheck's
  // rows above, less these, is what filecheck itself costs on this runtime. Not for package.json:
  // the plain process compiles the ten schemas its $refs reach, where filecheck and check-jsonschema
  // compile only what the file reaches (lazily) — that row says what compiling lazily saves.
  ['config-package-json-floor', 'config', floorConfig('package-json'), checkJsonschemaConfig('package-json'), {}],
  ['config-tsconfig-floor', 'config', floorConfig('tsconfig'), checkJsonschemaConfig('tsconfig'), {}],
  ['config-workflow-floor', 'config', floorConfig('workflow'), checkJsonschemaConfig('workflow'), {}],
  // A repository of every SchemaStore schema plain ajv compiles (issue 24: 857 of the 951 here,
  // utcm-monitor.json's 2.7 MB included) with ajv-errors on every rule, a few valid and invalid
  // files each (so both exit 1, and must agree on how many files fail): cold against the plain
  // loop; the first --cache run against the run without it, and its memory against the loop's;
  // warm --cache against cold.
  [
    'many-schemas-auto',
    'many-schemas',
    FC_MANY_AUTO,
    LOOP_MANY,
    { wall: 0.35, rss: 1.0 },
    { exit: [1], verdicts: true },
  ],
  [
    'many-schemas-cache-first',
    'many-schemas',
    FC_MANY_FIRST_CACHE,
    FC_MANY_AUTO,
    { wall: 1.1 },
    { exit: [1], verdicts: true },
  ],
  [
    'many-schemas-cache-first-vs-loop',
    'many-schemas',
    FC_MANY_FIRST_CACHE,
    LOOP_MANY,
    { rss: 1.0 },
    { exit: [1], verdicts: true },
  ],
  ['many-schemas-cache-warm', 'many-schemas', FC_MANY_WARM, FC_MANY_AUTO, { wall: 0.1 }, { exit: [1], verdicts: true }],
  // This tip against an earlier one (--prev DIR): a change that is not about speed keeps it
  // (issue 14: kumadocs with its schema no slower than before, ≤ 1.03; issue 16: JSON, YAML and
  // --schema, in-process and auto, within 3% of the tip before the move into rooms; issue 30, the
  // house's second pass: the same rows within 2%, and the start within 3%).
  ['kumadocs-schema-vs-prev', 'kumadocs', FC_SCHEMA, previous(FC_SCHEMA), { wall: 1.02 }],
  ['kumadocs-schema-0-vs-prev', 'kumadocs', FC_SCHEMA_W0, previous(FC_SCHEMA_W0), { wall: 1.02 }],
  ['kumadocs-auto-vs-prev', 'kumadocs', FC_AUTO, previous(FC_AUTO), { wall: 1.02 }],
  ['kumadocs-yaml-auto-vs-prev', 'kumadocs-yaml', FC_AUTO, previous(FC_AUTO), { wall: 1.02 }],
  ['kumadocs-0-vs-prev', 'kumadocs', FC_INLINE, previous(FC_INLINE), { wall: 1.02 }],
  ['kumadocs-yaml-0-vs-prev', 'kumadocs-yaml', FC_INLINE, previous(FC_INLINE), { wall: 1.02 }],
  ['version-vs-prev', 'tiny', FC_VERSION, previous(FC_VERSION), { wall: 1.03 }],
  // Issue 27: every file fails (4,057, three problems each): code frames cost at most half again.
  [
    'kumadocs-failing-frames',
    'kumadocs',
    FC_FAILING_FRAMES,
    FC_FAILING_NO_FRAMES,
    { wall: 1.5 },
    { exit: [1], verdicts: true },
  ],
  // Issue 14 item 6: auto's projected run time against the real one (target: within 1.5× either
  // way; the reference columns are the projection), and auto against both fixed choices.
  ['plan-projection-many-schemas', 'many-schemas', PROJ_MANY, null, { projection: 1.5 }, { exit: [1] }],
  ['plan-projection-markdown', 'markdown', PROJ_MARKDOWN, null, { projection: 1.5 }],
  ['plan-projection-kumadocs', 'kumadocs', PROJ_KUMADOCS, null, { projection: 1.5 }],
  [
    'markdown-auto-vs-0',
    'markdown',
    filecheckMarkdown('--workers auto', ...workers('auto')),
    filecheckMarkdown('--workers 0', ...workers('0')),
    { wall: 1.05 },
  ],
  [
    'markdown-auto-vs-2',
    'markdown',
    filecheckMarkdown('--workers auto', ...workers('auto')),
    filecheckMarkdown('--workers 2', ...workers('2')),
    { wall: 1.05 },
  ],
  // Issue 25: a docs site of ~1,000 small pages (gohugoio/hugoDocs' shape, or its own pages with
  // --hugo-docs DIR), where auto used to start a pool and run 1.2-1.4× --workers 0.
  ['plan-projection-docs-site', 'docs-site', PROJ_DOCS_SITE, null, { projection: 1.5 }],
  [
    'docs-site-auto-vs-0',
    'docs-site',
    filecheckDocs('--workers auto', ...workers('auto')),
    filecheckDocs('--workers 0', ...workers('0')),
    { wall: 1.05 },
  ],
  [
    'docs-site-auto-vs-2',
    'docs-site',
    filecheckDocs('--workers auto', ...workers('auto')),
    filecheckDocs('--workers 2', ...workers('2')),
    { wall: 1.05 },
  ],
  // Issue 26: checks across files. `unique: ["/slug"]` on the markdown site costs ≤ 10% in time and
  // peak RSS, in-process, with auto and with 2 workers; 10× the pages cost ≤ 11× the time, and at 10×
  // the facts' memory is still ≤ 10% of the run's (it grows with the facts, not the documents); one
  // page named with a warm --cache (the pre-commit hook) takes ≤ 0.25× the whole site's cold run.
  ['markdown-unique', 'markdown', FC_MD_UNIQUE('auto'), FC_MD('auto'), { wall: 1.1, rss: 1.1 }],
  ['markdown-unique-0', 'markdown', FC_MD_UNIQUE('0'), FC_MD('0'), { wall: 1.1, rss: 1.1 }],
  ['markdown-unique-2', 'markdown', FC_MD_UNIQUE('2'), FC_MD('2'), { wall: 1.1, rss: 1.1 }],
  ['markdown-unique-10x-growth', 'markdown10x', FC_MD10X_UNIQUE, FC_MD_UNIQUE('auto'), { wall: 11 }],
  ['markdown-unique-10x-memory', 'markdown10x', FC_MD10X_UNIQUE, FC_MD10X, { wall: 1.1, rss: 1.1 }],
  ['markdown-unique-precommit', 'markdown', FC_MD_UNIQUE_PRECOMMIT, FC_MD_UNIQUE('auto'), { wall: 0.25 }],
  [
    'many-schemas-auto-vs-0',
    'many-schemas',
    FC_MANY_AUTO,
    filecheckMany('--workers 0', ...workers('0')),
    { wall: 1.1 },
    { exit: [1], verdicts: true },
  ],
  [
    'many-schemas-auto-vs-2',
    'many-schemas',
    FC_MANY_AUTO,
    filecheckMany('--workers 2', ...workers('2')),
    { wall: 1.1 },
    { exit: [1], verdicts: true },
  ],
].map(([name, corpus, a, b, target, more]) => ({ name, corpus, a, b, target, exit: [0], ...more }));

function listJson(dir, found = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listJson(full, found);
    else if (entry.name.endsWith('.json')) found.push(full);
  }
  return found;
}

// --- corpora ----------------------------------------------------------------------------------

// Regenerates a corpus only when its parameters or the generator changed; the stamp sits
// beside the corpus, not in it, so no tool ever scans it.
function ensureCorpus(name) {
  if (name === null) return; // a row that reads no files
  const dir = path.join(WORK, name);
  const stampFile = `${dir}.stamp`;
  const { make, generators = ['make-corpus.js'], needs, ...params } = CORPORA[name];
  const hash = createHash('sha256');
  for (const g of generators) hash.update(fs.readFileSync(path.join(BENCH, g)));
  // A corpus made from the SchemaStore clone is made again when the clone's schemas change.
  if (needs === 'schemastore') {
    hash.update(`${CLONE}\n${BENCH}\n`); // BENCH: its node_modules/ajv-errors is this checkout's
    for (const n of fs.readdirSync(STORE_DIR).sort())
      hash.update(`${n} ${fs.statSync(path.join(STORE_DIR, n)).size}\n`);
  }
  const generator = hash.digest('hex');
  const stamp = JSON.stringify({ ...params, seed: 1, generator });
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === stamp) return;
  process.stderr.write(`generating ${dir} ... `);
  fs.rmSync(stampFile, { force: true });
  fs.rmSync(dir, { recursive: true, force: true });
  const r = make ? make(dir) : makeCorpus({ out: dir, ...params, seed: 1 });
  fs.writeFileSync(stampFile, stamp);
  process.stderr.write(`${r.files} files\n`);
}

// --- running ----------------------------------------------------------------------------------

const median = (xs) => {
  const s = [...xs].sort((x, y) => x - y);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Interleaves a and b (a, b, a, b, ...) so machine noise hits both; the first pair is a
// warm-up (fills the page cache) and is not counted. Every run must exit 0: corpora are valid.
function runScenario(s, method) {
  if (!s.b) return runProjection(s, method);
  const argvs = [s.a.argv(s.corpus), s.b.argv(s.corpus)];
  const why = argvs.find((v) => typeof v === 'string');
  if (why) return { note: `skipped: ${why}` };
  ensureCorpus(s.corpus);
  const samples = [[], []];
  const failed = [new Set(), new Set()];
  const cmds = [s.a, s.b];
  for (let round = 0; round <= rounds; round++) {
    for (const i of [0, 1]) {
      cmds[i].before?.();
      const r = runOnce(argvs[i], {
        cwd: cmds[i].cwd?.(s.corpus) ?? WORK,
        method,
        unset: cmds[i].unset,
        env: cmds[i].env,
      });
      if (!s.exit.includes(r.code)) {
        return {
          note: `error: ${cmds[i].label} exited ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`,
        };
      }
      if (s.verdicts) failed[i].add(cmds[i].failed(r.stdout));
      if (round > 0) samples[i].push(r);
    }
  }
  const med = (i, k) => median(samples[i].map((r) => r[k]));
  // Ratios are medians of per-round pairs: a pair ran back to back, under the same load.
  const ratio = (k) => median(samples[0].map((r, j) => r[k] / samples[1][j][k]));
  // Both sides must find the same number of failing files, in every round.
  const counts = failed.map((c) => [...c].join('/'));
  const verdicts = s.verdicts && {
    text: `failing files ${counts[0]} vs ${counts[1]}`,
    differ: counts[0] !== counts[1] || counts[0].includes('NaN'),
  };
  return {
    wall: [med(0, 'wall'), med(1, 'wall')],
    rss: [med(0, 'rssMiB'), med(1, 'rssMiB')],
    ratio: { wall: ratio('wall'), rss: ratio('rssMiB') },
    verdicts,
  };
}

// A projection row: the candidate alone, one warm-up run then `rounds`; wall is [real, projected],
// the ratio projected / real (median of the rounds').
function runProjection(s, method) {
  const argv = s.a.argv(s.corpus);
  if (typeof argv === 'string') return { note: `skipped: ${argv}` };
  ensureCorpus(s.corpus);
  const samples = [];
  for (let round = 0; round <= rounds; round++) {
    const r = runOnce(argv, { cwd: s.a.cwd?.(s.corpus) ?? WORK, method, unset: s.a.unset, env: s.a.env });
    if (!s.exit.includes(r.code))
      return {
        note: `error: ${s.a.label} exited ${r.code}: ${(r.stderr || r.stdout).trim().split('\n').slice(-3).join(' / ')}`,
      };
    const p = s.a.projection(r.stdout);
    process.stderr.write(
      `  ${round ? `round ${round}` : 'warm-up'}: ${p.mode}, projected ${p.projected.toFixed(2)} s, real ${p.real.toFixed(2)} s\n`,
    );
    if (round > 0) samples.push({ ...p, rssMiB: r.rssMiB });
  }
  const med = (k) => median(samples.map((p) => p[k]));
  const ratio = median(samples.map((p) => p.projected / p.real));
  return {
    wall: [med('real'), med('projected')],
    rss: [med('rssMiB'), NaN],
    ratio: { wall: ratio, rss: NaN, projection: ratio },
  };
}

function verdict(target, ratio) {
  if (target.projection) {
    const within = ratio.projection <= target.projection && ratio.projection >= 1 / target.projection;
    return [`projected/real within ${target.projection}× either way`, within ? 'pass' : 'FAIL (projection)'];
  }
  const keys = Object.keys(target);
  if (!keys.length) return ['—', '—']; // a reference row: no target
  const failed = keys.filter((k) => !(ratio[k] <= target[k]));
  return [keys.map((k) => `${k} ≤ ${target[k]}×`).join(', '), failed.length ? `FAIL (${failed.join(', ')})` : 'pass'];
}

// --- main -------------------------------------------------------------------------------------

if (opts.list) {
  for (const s of SCENARIOS)
    console.log(`${s.name.padEnd(26)} ${(s.corpus ?? '—').padEnd(13)} ${s.a.label}${s.b ? `  vs  ${s.b.label}` : ''}`);
  process.exit(0);
}
const chosen = opts.only ? SCENARIOS.filter((s) => opts.only.includes(s.name)) : SCENARIOS;
if (opts.only && chosen.length !== opts.only.length) {
  console.error(`unknown scenario in --only ${opts.only.join(', ')}; see --list`);
  process.exit(2);
}
if (!helpText) {
  const lines = (help.stderr || help.stdout || '').split('\n');
  const why = lines.find((l) => /error/i.test(l)) ?? lines.find((l) => l.trim()) ?? `exit ${help.status}`;
  console.error(`warning: \`node bin/filecheck.js --help\` fails, so filecheck rows are skipped (${why.trim()})`);
}

const method = opts.rss ?? detectRssMethod();
fs.mkdirSync(WORK, { recursive: true });
fs.copyFileSync(path.join(BENCH, 'kumadoc.schema.json'), path.join(WORK, 'kumadoc.schema.json'));
fs.writeFileSync(path.join(WORK, FAILING_SCHEMA), failingSchema());

const f2 = (x) => x.toFixed(2);
const rows = [];
let errors = 0;
for (const s of chosen) {
  process.stderr.write(`${s.name}: ${s.a.label}${s.b ? ` vs ${s.b.label}` : ''}\n`);
  const r = runScenario(s, method);
  if (r.note?.startsWith('error')) errors++;
  if (r.note) process.stderr.write(`  ${r.note}\n`);
  let [targets, result] = r.note ? [verdict(s.target, {})[0], r.note] : verdict(s.target, r.ratio);
  if (r.verdicts) {
    result = r.verdicts.differ
      ? `FLAG: verdicts differ (${r.verdicts.text}); ${result}`
      : `${result} (${r.verdicts.text})`;
    if (r.verdicts.differ) errors++;
    process.stderr.write(`  ${r.verdicts.text}${r.verdicts.differ ? ': THEY DIFFER' : ''}\n`);
  }
  rows.push(
    r.note
      ? [s.name, s.a.label, s.b?.label ?? 'its projection', '', '', '', '', '', '', targets, result]
      : [
          s.name,
          s.a.label,
          s.b?.label ?? 'its projection',
          f2(r.wall[0]),
          f2(r.wall[1]),
          `${f2(r.ratio.wall)}×`,
          r.rss[0].toFixed(0),
          Number.isNaN(r.rss[1]) ? '—' : r.rss[1].toFixed(0),
          Number.isNaN(r.ratio.rss) ? '—' : `${f2(r.ratio.rss)}×`,
          targets,
          result,
        ],
  );
}
cleanup();

const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
console.log(
  `\nnode ${nodeVersion.stdout.trim()}${opts.node ? ` (${NODE})` : ''}, ${cpu}, availableParallelism ${os.availableParallelism()}, ` +
    `${rounds} interleaved rounds after 1 warm-up, medians, peak RSS via ${method === 'time' ? 'GNU time' : 'rss-probe.js'}\n`,
);
const header = [
  'scenario',
  'candidate',
  'reference',
  'wall s',
  'ref wall s',
  'wall ratio',
  'peak MiB',
  'ref peak MiB',
  'RSS ratio',
  'target',
  'result',
];
for (const row of [header, header.map(() => '---'), ...rows]) console.log(`| ${row.join(' | ')} |`);
process.exitCode = errors ? 1 : 0;
