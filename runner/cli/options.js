// The command line's options, described once: the fast parser (yargs-parser) and yargs (help and
// usage errors) are both configured from this table, so they can never disagree. The lines that
// name the formats or the reporters read their tables (formats/index.js, reporters/specs.js).
import { PARSER_NAMES } from '../../formats/index.js';
import { DOCUMENT_NAMES, REPORTER_NAMES } from '../../reporters/specs.js';

// `takes`: the types run() takes for the option's value where it is not only the command line's
// string (a count, a number of milliseconds), the first its own (types/index.d.ts); a string is
// read as the command line's is. run()'s options are checked against this table (runner/api/).
/** @type {Record<string, {alias?: string, type: 'string'|'boolean'|'number', many?: boolean, takes?: ('string'|'number'|'boolean')[], describe: string, group?: string}>} */
export const OPTIONS = {
  config: {
    alias: 'c',
    type: 'string',
    describe: 'Config file (default: .filecheckrc.json found upward from the working directory)',
  },
  schema: { alias: 's', type: 'string', describe: 'Validate every matched file against this JSON Schema' },
  ref: {
    type: 'string',
    many: true,
    describe: 'Schema file or glob to preload so $ref by $id or relative path resolves offline (repeatable)',
  },
  'schema-from-document': {
    type: 'boolean',
    describe:
      'Validate each file against the schema its own "$schema" names (a local file, or a URL a catalog or --ref maps to one), where no rule or --schema names one',
  },
  catalog: {
    type: 'string',
    many: true,
    describe:
      "Schema catalog in SchemaStore's catalog.json format: its fileMatch globs choose the schemas of files no rule names one for, from local copies; a URL or schemastore (SchemaStore's) once filecheck schemas pull has pulled it (repeatable)",
  },
  'schema-store': {
    type: 'string',
    many: true,
    describe:
      "Map a URL prefix to a local folder, <url-prefix>=<folder>, for catalog entries, documents' $schema and $refs alike; a SchemaStore clone: https://json.schemastore.org/=<clone>/src/schemas/json (its www. host too) (repeatable)",
  },
  'yaml-tags': {
    type: 'string',
    many: true,
    describe:
      'YAML tags to read beyond the core schema, for every file: cloudformation (!Ref, !Sub…), gitlab (!reference), any (every tag, read as if it were not there) (repeatable)',
  },
  parser: {
    type: 'string',
    describe: `Read the files the patterns name with this parser, whatever their extension: ${PARSER_NAMES.join(', ')} (without a config file; in one, a rule's "parser")`,
  },
  'allow-duplicate-keys': {
    type: 'boolean',
    describe:
      'Read a key written twice in a JSON, JSONC or JSON5 object as JSON.parse does (the last value), for every file, instead of failing the file',
  },
  'front-matter': {
    type: 'string',
    describe:
      'Markdown files: required fails a page without front matter (a first line ---, +++ or {), optional (the default) passes it unchecked; for every file (in a config, a rule\'s "frontMatter")',
  },
  require: {
    alias: 'k',
    type: 'string',
    many: true,
    describe: 'Key that must exist, dot notation with an optional type: documentData.title:string (repeatable)',
  },
  validator: { type: 'string', many: true, describe: 'Custom validator module (repeatable)' },
  ignore: {
    type: 'string',
    many: true,
    describe: 'Glob of files never to check (repeatable); .gitignore and node_modules are always ignored',
  },
  strict: {
    type: 'boolean',
    describe: 'ajv strict mode; --no-strict accepts schemas with unknown keywords and formats silently',
  },
  bail: { type: 'string', takes: ['boolean', 'number', 'string'], describe: 'Stop after n failing files (default 1)' },
  'max-warnings': {
    type: 'string',
    takes: ['number', 'string'],
    describe:
      'Exit 1 when there are more than this many warnings in all, though every file passed (as ESLint; -1: no limit, the default)',
  },
  reporter: {
    alias: 'r',
    type: 'string',
    many: true,
    describe: `Reporter: ${REPORTER_NAMES.join(', ')}; name:file writes it to a file (repeatable). github is on by default in GitHub Actions`,
  },
  'output-file': {
    type: 'string',
    describe: `File for the ${DOCUMENT_NAMES.slice(0, -1).join(', ')} or ${DOCUMENT_NAMES.at(-1)} reporter given without one; alone, adds a json report there`,
  },
  quiet: { alias: 'q', type: 'boolean', describe: 'Print only failures and the summary' },
  verbose: {
    type: 'boolean',
    describe:
      'Print every file, every problem of a file (not its first 20), the execution plan, and the errors of every anyOf/oneOf alternative',
  },
  color: { type: 'boolean', describe: 'Colour the output (default: on a TTY unless NO_COLOR is set)' },
  'code-frame': {
    type: 'boolean',
    describe: "Show the file's lines around each problem, the column marked (default: on; --no-code-frame: off)",
  },
  workers: {
    type: 'string',
    takes: ['string', 'number'],
    describe:
      'auto (default): in-process, or a worker pool when the measured work pays for it; 0: in-process; N: a pool of N workers',
  },
  'file-timeout': {
    type: 'string',
    takes: ['number', 'string'],
    describe:
      'Fail a file whose check takes longer than this many ms, kind timeout (default 30000); a pool also stops a check that never returns',
  },
  'chaos-monkey': {
    type: 'string',
    takes: ['number', 'string'],
    describe: 'Inject a fault into each file with this probability, to test failure paths (env CHAOS_MONKEY)',
  },
  'chaos-seed': {
    type: 'string',
    takes: ['string', 'number'],
    describe: 'Seed for the chaos monkey: the same seed hits the same files (env CHAOS_SEED)',
  },
  'chaos-kind': {
    type: 'string',
    describe: 'The fault injected: throw (default), io, slow, hang, crash (env CHAOS_KIND)',
  },
  cache: {
    type: 'boolean',
    describe:
      'Skip files that passed before and have not changed since; also keeps compiled schemas (see docs/cache.md)',
  },
  'cache-location': {
    type: 'string',
    describe: 'Cache folder (default: node_modules/.cache/filecheck in the project)',
  },
  'cache-strategy': {
    type: 'string',
    describe:
      'How --cache tells a file is unchanged: metadata (default: size and times, else content) or content (always the content)',
  },
  'suppress-all': {
    type: 'boolean',
    describe:
      'Record every error found now in filecheck-suppressions.json (a count per file and check), so that later runs fail only on new ones (see docs/suppressions.md)',
  },
  'suppress-rule': {
    type: 'string',
    many: true,
    describe:
      "Record only this check's errors in the suppressions file: json-schema/<keyword> (json-schema/required), require, unique, a validator's name (repeatable)",
  },
  'prune-suppressions': {
    type: 'boolean',
    describe: 'Remove from the suppressions file what no longer occurs (lower counts to what is found); adds nothing',
  },
  'suppressions-location': {
    type: 'string',
    describe:
      'The suppressions file (default: filecheck-suppressions.json beside .filecheckrc.json, else in the working directory)',
  },
  'list-files': {
    type: 'boolean',
    describe:
      "Print the files that would be checked, one per line, and exit; with --verbose, also each file's parser, schemas and other checks, and why",
  },
  'pass-with-no-files': { type: 'boolean', describe: 'Exit 0 when no file matches' },
  changed: { type: 'boolean', describe: 'Check only files changed against HEAD: staged, unstaged and untracked (git)' },
  since: {
    type: 'string',
    describe: 'Check only files changed since the merge base of HEAD and this git revision, and uncommitted changes',
  },
  shard: {
    type: 'string',
    describe: 'Check one part of the files, i/n (e.g. 1/3): each file is in exactly one of n shards',
  },
  stdin: {
    type: 'boolean',
    describe:
      'Check the text of standard input, as JSON (or --parser), shown as <stdin>; with --stdin-filename, as that file (for editors)',
  },
  'stdin-filename': {
    type: 'string',
    describe:
      "The path of --stdin's text: its rules, ignores, parser, catalog entries and reported name are that path's (the file need not exist; its content on disk is not read)",
  },
  watch: {
    alias: 'w',
    type: 'boolean',
    describe:
      'Check, then check again the files that change (and those a changed schema, validator module or config affects), printing what changed; q quits',
  },
};

export const USAGE = '$0 [patterns..] [options]';

export const EXAMPLES = [
  ['$0', 'Check the files named by .filecheckrc.json'],
  ["$0 'content/**/*.json' --require documentData.title:string", 'Require a string key in every file'],
  ["$0 'content/**/*.json' -s schema.json --bail", 'Validate against a JSON Schema, stop at the first failure'],
  [
    "$0 'deploy/**/*.yaml' -s service.schema.json",
    'Validate YAML (every document), TOML, JSONC, JSON5 or Markdown front matter the same way',
  ],
  ['$0 a.json b.json', 'Check these files with the config rules they match (as a pre-commit hook does)'],
  [
    '$0 --schema-from-document --catalog catalog.json',
    'Validate each file against the schema it names, else those a local catalog gives it',
  ],
  [
    '$0 --catalog store/src/api/json/catalog.json --schema-store https://json.schemastore.org/=store/src/schemas/json',
    'Check every file a SchemaStore clone has a schema for, against its local copy',
  ],
  ['$0 --list-files --verbose', 'List the files that would be checked, with their parser and schemas, and why'],
  ['$0 --output-file report.json', 'Also write a JSON report to a file'],
  ['$0 -r json > report.json', 'Only the JSON report, on stdout'],
  ['$0 -r default -r junit:report.xml', 'The human report, and JUnit XML for CI'],
  ['$0 --since origin/main', 'Check the files a pull request changes'],
  ['$0 --shard 2/3 --output-file shard-2.json', 'Check the second of three parts, e.g. on one of three CI machines'],
  ['$0 merge shard-*.json', 'Combine the JSON reports of several runs (shards) into one summary'],
  [
    '$0 schemas pull --catalog schemastore',
    'Download the schemas the files need into .filecheck/schemas/ and lock them in filecheck.lock.json (see filecheck schemas pull --help)',
  ],
  ['$0 --suppress-all', 'Adopt a stricter rule: record the errors found now, so that later runs fail only on new ones'],
  ['$0 --watch', 'Check, then check again whatever changes, until q'],
  [
    'cat x.yaml | $0 --stdin --stdin-filename content/x.yaml -r json',
    "Check an editor's buffer as the file content/x.yaml (see docs/cli.md, Editors)",
  ],
];

export const EPILOGUE = `Exit codes: 0 all files passed · 1 some file failed · 2 usage or configuration error · 130 interrupted (SIGINT) · 141 the output was closed early · 143 terminated (SIGTERM). More warnings than --max-warnings exit 1 too.
Docs: README.md`;

const pick = (names) => Object.fromEntries(names.map((name) => [name, OPTIONS[name]]));

/** `filecheck merge`: its own usage and options, parsed by the same machinery (args.js). */
export const MERGE_COMMAND = {
  usage:
    '$0 merge <reports..> [options]\n\nCombine the JSON reports of several runs (the shards of one run, on several machines) into one summary',
  positional: ['reports', 'JSON reports written by filecheck -r json (files or globs)'],
  options: {
    ...pick([
      'config',
      'reporter',
      'output-file',
      'quiet',
      'verbose',
      'color',
      'max-warnings',
      'suppressions-location',
    ]),
    // The human report's options are the runs': a script may give the merge the ones it gives them.
    'code-frame': {
      type: 'boolean',
      describe:
        "Taken as a run takes it; the merged human report has no code frames (json reports do not keep a file's lines)",
    },
  },
  examples: [
    ['$0 merge reports/*.json', 'Print the combined report and exit with the combined exit code'],
    ['$0 merge reports/*.json --output-file merged.json', 'Also write the combined JSON report'],
  ],
  epilogue: `Exit codes: 0 all files passed · 1 some file failed, or more warnings than --max-warnings · 2 a report is missing, unreadable or not a filecheck JSON report, or a shard has no report · 130 a run was interrupted.
Docs: docs/changed-and-shards.md`,
};

/** `filecheck schemas pull`: downloads the schemas the project's files need, and locks them. */
export const PULL_COMMAND = {
  usage:
    "$0 schemas pull [options]\n\nDownload the schemas this project's files need (catalog entries whose fileMatch matches a file, $schema URLs, the rules' schema URLs, and every $ref of theirs) into .filecheck/schemas/, and record each one's SHA-256 in filecheck.lock.json; runs then read them offline. It takes no patterns: the files are those the config and the catalogs choose, as for a run without patterns; give it the options a run that needs the schemas is given (--catalog, --schema, --ref, --schema-from-document…)",
  options: {
    ...pick(['config', 'schema', 'ref', 'schema-from-document', 'schema-store', 'quiet']),
    catalog: {
      type: 'string',
      many: true,
      describe:
        "Schema catalog: a URL (pulled and locked too), schemastore (SchemaStore's, https://www.schemastore.org/api/json/catalog.json) or a local file (repeatable)",
    },
    frozen: {
      type: 'boolean',
      describe:
        'Download nothing: exit 2 when a locked schema is missing from the store or changed, or a schema the files need is not locked (for CI)',
    },
    update: { type: 'boolean', describe: 'Download every schema again, and rewrite filecheck.lock.json' },
  },
  examples: [
    ['$0 schemas pull --catalog schemastore', "Pull the SchemaStore schemas of this project's files, and lock them"],
    ['$0 schemas pull --frozen', 'In CI: check that the lock and the store agree, downloading nothing'],
    ['$0 schemas pull --update', 'Download every locked schema again (newer versions), and rewrite the lock'],
  ],
  epilogue: `Exit codes: 0 every schema pulled · 1 some schema could not be downloaded (the others are) · 2 usage error, or with --frozen: the lock, the store and the files disagree.
Docs: docs/schemas-pull.md`,
};
