// Options + .filecheckrc.json (found upward from the working directory) ──▶ one validated Config.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UsageError, readOrExplain } from '../../shared/errors.js';
import { parseJson } from '../../formats/json.js';
import { DEFAULT_FILE_TIMEOUT_MS } from '../check/file-timeout.js';
import { findRepositoryRoot } from '../files/gitignore.js';
import { resolveReporters } from '../../reporters/specs.js';
import { FRONT_MATTER_SETTINGS, PARSER_NAMES } from '../../formats/index.js';
import { parseSchemaStore } from '../../validators/json-schema/schema-store.js';
import { splitSchemaPath } from '../../validators/json-schema/schema-fragment.js';
import { checkRefs } from '../files/schema-refs.js';
import { CONFIG_NAME } from '../files/nested-configs.js';
import { remoteSchemas } from '../schemas/remote-schemas.js';
import { SCHEMASTORE_CATALOG } from '../schemas/lock-file.js';
import {
  parseBail,
  parseCache,
  parseCompileCache,
  parseChanged,
  parseFileTimeout,
  parseMaxWarnings,
  parseShard,
  parseSuppressions,
  parseWorkers,
} from './option-values.js';
import { displayFrom } from '../../shared/messages.js';
import { hasGlobChars, isInside, lstatOrNull, relativePosix } from '../../shared/paths.js';
import { resolveChecks } from './severities.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

export { CONFIG_NAME };
// What a config below the run's may hold: its rules, the files its folder leaves out, and whether
// it is a root. The rest is the run's (reporters, cache, workers, catalogs, ajv…): one run, one set.
const NESTED_KEYS = new Set(['$schema', 'root', 'rules', 'ignore']);
const STRING_OPTIONS = [
  'config',
  'schema',
  'parser',
  'frontMatter',
  'outputFile',
  'chaosMonkey',
  'chaosSeed',
  'chaosKind',
  'fileTimeout',
  'since',
  'shard',
  'cacheLocation',
  'cacheStrategy',
  'maxWarnings',
  'suppressionsLocation',
];

/**
 * @typedef {{ module: string, options?: unknown, severity: 'error' | 'warn' }} ValidatorRef
 * @typedef {{ id: number, name: string, base: string, files: string[], ignore: string[],
 *   require: { key: string, severity: 'error' | 'warn' }[], schema: string | null, schemaFragment?: string,
 *   schemaSeverity: 'error' | 'warn' | 'off', refs: string[], validators: ValidatorRef[], ajv: Record<string, any>,
 *   parser: string | null, frontMatter: 'required' | 'optional' | null, yamlTags: string[] | null, allowDuplicateKeys: boolean,
 *   selection: import('../../validators/json-schema/schema-chooser.js').SchemaSelection | null, config?: string, ownName?: string,
 *   unique?: unknown, references?: unknown, sameKeysAs?: unknown }} Rule parser: overrides the
 *   file's extension (formats/index.js); schemaFragment: the part of the schema file that validates
 *   (`s.json#/$defs/a`: validators/json-schema/schema-fragment.js); yamlTags: the YAML tag sets its files may use (yaml-tags.js), the
 *   rule's and --yaml-tags'; selection: how a rule without a schema chooses one per file
 *   ($schema, catalogs); null: it does not; unique, references, sameKeysAs: its checks across files,
 *   as written in the config (validators/across-files/); require, schemaSeverity, validators and
 *   those: each check with its severity, none "off" but schemaSeverity (severities.js); config: the
 *   .filecheckrc.json it is written in (none: the command line's); ownName: its name there (name may add
 *   its config's folder, when two configs give one name)
 * @typedef {{ cwd: string, root: string, configPath: string | null, patterns: string[], rules: Rule[], cliRule: Rule | null,
 *   configs: import('../files/nested-configs.js').ConfigRecord[],
 *   readNestedConfig(file: string, parent: import('../files/nested-configs.js').ConfigRecord | null, into: Rule[]):
 *     { record: import('../files/nested-configs.js').ConfigRecord, ignore: string[] },
 *   ignore: { base: string, globs: string[] }[], bail: number, maxWarnings?: number, workers: 'auto' | number, reporters: { name: string, outputFile?: string }[],
 *   quiet: boolean, verbose: boolean, color: boolean | undefined, codeFrame: boolean, chaos: import('../check/chaos.js').Chaos | null,
 *   fileTimeout: number, fileTimeoutGiven: boolean,
 *   listFiles: boolean, passWithNoFiles: boolean, changed: { since: string | null } | null, shard: { index: number, count: number } | null,
 *   cache: { dir: string, strategy: 'metadata' | 'content' } | null, compileCache: string | null,
 *   suppressions: import('../suppress/suppress-run.js').SuppressionSettings | null }} Config
 *   configPath: the run's config, the topmost of those found up from cwd; configs: every config read, the
 *   run's first, then those below it (docs/monorepo.md), discovery adding those it finds;
 *   root: the project's folder (the config file's, else the git repository's root, else cwd); paths are
 *   hashed relative to it (chaos monkey, shards), so that a run gives the same answer from any folder of it;
 *   compileCache: without --cache, the folder that keeps small schemas compiled between runs (option-values.js);
 *   codeFrame: the human reporter shows the lines around a failing file's first problems (unless
 *   --no-code-frame or "codeFrame": false)
 */

/**
 * @param {Record<string, any>} options parsed command-line options (see options.js)
 * @param {{ cwd: string, env: Record<string, string | undefined>, pulling?: boolean }} context pulling:
 *   for `filecheck schemas pull`, URLs name the store files the pull is to write (config.remote)
 * @returns {Config}
 */
export function loadConfig(options, { cwd, env, pulling = false }) {
  for (const name of STRING_OPTIONS) {
    if (options[name] === '') throw new UsageError(`--${kebab(name)} needs a value`);
  }
  const patterns = options.patterns ?? [];
  // An empty pattern would resolve to the working directory and check all of it.
  if (patterns.includes(''))
    throw new UsageError('a pattern is empty: name files, folders or globs ("." for the working directory)');
  // The configs from cwd up, nearest first; the last is the run's: its settings are the run's.
  let chain = options.config ? [readConfig(path.resolve(cwd, options.config))] : findConfigChain(cwd);
  if (!chain.length && !options.config) chain = projectOfPatterns(patterns, cwd);
  const configPath = chain.at(-1)?.file ?? null;
  const file = chain.at(-1)?.data ?? { rules: [] };
  for (const nested of chain.slice(0, -1)) checkNested(nested, configPath);
  const base = configPath ? path.dirname(configPath) : cwd;
  // filecheck.lock.json beside the config (else in cwd): URLs read the pulled store.
  const remote = remoteSchemas({ root: base, pulling });
  const store = withPulled(
    parseSchemaStore({ given: options.schemaStore, config: file.schemaStore }, { cwd, base }),
    remote,
  );
  const selecting = schemaSelection(options, file, { cwd, base, store, remote });
  // A config without rules checks what a catalog's fileMatch globs name; with neither, nothing.
  if (configPath && !file.rules && !selecting.catalogs.length && !checksGiven(options))
    throw new UsageError(
      `${configPath}: needs "rules" (which files to check, and how) or a "catalog" (its fileMatch globs choose the files and their schemas; or --catalog)`,
    );
  // Without patterns, a catalog says what to check: every file of the project that some entry's
  // fileMatch names (discover.js), as v8r does, beside the files of the config's rules; so it does
  // for an editor's buffer (--stdin-filename), and, under a config, for the files patterns find (a
  // commit hook's), whether the config or the command line names the catalog: each is checked as a
  // run of the project checks it. Without a config, the command line's rule checks every file
  // patterns find, its schemas chosen by the catalog.
  const byCatalog =
    (!patterns.length || options.stdinFilename !== undefined || !!configPath) && !!selecting.catalogs.length;
  if (options.parser !== undefined) checkParserOption(options.parser, configPath);
  if (options.frontMatter !== undefined && !FRONT_MATTER_SETTINGS.includes(options.frontMatter))
    throw new UsageError(`--front-matter takes ${FRONT_MATTER_SETTINGS.join(' or ')}, not "${options.frontMatter}"`);
  // The config's top-level ajv settings are every rule's, a rule's own keys first: the command line's
  // rule too, whose schemas a catalog or the documents choose in a run without rules of the config.
  const context = { options, selecting, store, remote, ajv: file.ajv ?? {} };
  const cliRule = cliChecks(cwd, !configPath || byCatalog, context);
  // A rule never drops a file the catalog would check: the files catalog discovery finds that no
  // rule of the config matches are checked by the catalog alone (discover.js), those a rule
  // matches with the rule's settings (its parser, its ajv), its schema first (as ever).
  if (cliRule && byCatalog && (file.rules?.length || patterns.length) && !checksGiven(options))
    cliRule.unruledOnly = true;
  if (!configPath && !patterns.length && !byCatalog) {
    throw new UsageError(
      `no files to check: give patterns, a catalog (--catalog), or create ${CONFIG_NAME} (see README)`,
    );
  }

  const rules = [];
  const configs = [];
  // A config's rules, after those of the configs read before it: ids stay unique across configs.
  // into: the run's rules as the caller holds them (--watch holds a copy: rule-dependencies.js).
  const addConfig = ({ file: at, data }, parent, into = rules) => {
    const folder = path.dirname(at);
    const ids = (data.rules ?? []).map((rule, index) => {
      const id = into.length;
      into.push({ ...resolveRule(rule, { id, index }, folder, context), config: at });
      return id;
    });
    const record = { file: at, folder, parent, rules: ids };
    configs.push(record);
    nameRules(into, base);
    return record;
  };
  chain.reduceRight((parent, read) => addConfig(read, parent), null);
  // Each ref once, though many rules (and --ref) name it: a glob is expanded for each.
  const refs = new Set([...rules.flatMap((rule) => rule.refs), ...givenRefs(options, cwd, remote)]);
  checkRefs(
    [...refs].filter((ref) => !remote.isRemote(ref)),
    displayFrom(cwd),
  );
  // The configs' top-level ignore (the run's, and those found on the way up from cwd; discovery adds
  // those below) leaves files out of every run, as --ignore does: those a folder or a glob finds,
  // and a named file (a hook's) is passed over (discover.js), so that a file's verdict is the same
  // whichever way it is reached. An editor's buffer (--stdin) is checked as a run of the project would check its file.
  const ignore = [
    ...chain.map((read) => ({ base: path.dirname(read.file), globs: read.data.ignore ?? [] })),
    { base: cwd, globs: options.ignore ?? [] },
  ];
  const root = configPath ? base : (findRepositoryRoot(cwd) ?? cwd);
  const cache = parseCache(options, file, { cwd, base, root });
  const reporters = resolveReporters(options.reporter ?? file.reporters ?? ['default'], {
    outputFile: options.outputFile,
    cwd,
    base: options.reporter ? cwd : base,
    env,
  });
  if (cache) ignore.push({ base: cache.dir, globs: ['**'] }); // the cache's own JSON files are never checked
  if (remote.lock || pulling) ignore.push({ base: remote.storeFolder, globs: ['**'] }); // nor the pulled schemas
  const suppressions = parseSuppressions(options, { cwd, base });
  // Nor is the suppressions file, which a rule of every *.json would match.
  if (suppressions)
    ignore.push({ base: path.dirname(suppressions.file), globs: [picomatchEscape(path.basename(suppressions.file))] });
  return {
    cwd,
    root,
    configPath,
    patterns,
    ...(byCatalog && { catalogFiles: { base, catalogs: selecting.catalogs } }),
    rules,
    cliRule,
    configs,
    // Discovery's way to read a config it finds below the run's folder (nested-configs.js): its
    // rules are added to `into`, with the next ids.
    readNestedConfig: (at, parent, into) => {
      const read = readConfig(at);
      if (parent && !read.data.root) checkNested(read, configPath);
      else checkOwnSettings(read, configPath, cwd);
      return { record: addConfig(read, read.data.root ? null : parent, into), ignore: read.data.ignore ?? [] };
    },
    ignore: ignore.filter((entry) => entry.globs.length),
    bail: parseBail(options.bail ?? file.bail),
    maxWarnings: parseMaxWarnings(options.maxWarnings ?? file.maxWarnings),
    workers: parseWorkers(options.workers ?? file.workers ?? 'auto'),
    reporters,
    quiet: !!options.quiet,
    verbose: !!options.verbose,
    color: options.color,
    codeFrame: options.codeFrame ?? file.codeFrame ?? true,
    chaos: chaosOf(options, env, root),
    fileTimeout: parseFileTimeout(options.fileTimeout ?? file.fileTimeout ?? DEFAULT_FILE_TIMEOUT_MS),
    fileTimeoutGiven: (options.fileTimeout ?? file.fileTimeout) !== undefined,
    listFiles: !!options.listFiles,
    passWithNoFiles: !!(options.passWithNoFiles ?? file.passWithNoFiles),
    changed: parseChanged(options.changed, options.since),
    shard: parseShard(options.shard),
    cache,
    compileCache: cache ? null : parseCompileCache(options, env, cwd),
    suppressions,
    ...(pulling && { remote }),
  };
}

const picomatchEscape = (name) => name.replace(/[*?[\]{}()!+@\\]/g, '\\$&');
const kebab = (name) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** @returns {string | null} the .filecheckrc.json a run from `cwd` reads, if any */
export const findConfigFile = (cwd) => findConfigChain(cwd).at(-1)?.file ?? null;

// The nearest config up from cwd, then the configs above it, up to one that says "root": true or
// the one in the repository's root folder (outside a repository, the file system's root): a stray
// config above the repository is never inherited.
function findConfigChain(cwd) {
  const chain = [];
  let repository; // found once, for the first config's folder
  for (let found = findUp(cwd, CONFIG_NAME); found; ) {
    const read = readConfig(found);
    chain.push(read);
    const folder = path.dirname(found);
    if (repository === undefined) repository = findRepositoryRoot(folder);
    const above = path.dirname(folder);
    if (read.data.root || above === folder || folder === repository) break;
    found = findUp(above, CONFIG_NAME, repository);
  }
  return chain;
}

function findUp(dir, name, stop = null) {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    if (fs.existsSync(candidate)) return candidate;
    if (current === stop || path.dirname(current) === current) return null;
  }
}

const readConfig = (file) => ({ file, data: readConfigFile(file) });

// No config up from cwd (a run from the folder above a repository): when every pattern (or the
// --stdin-filename) lies in one project, that project's config is the run's, as in a run from inside
// it, so that a file's verdict does not depend on the folder the run starts in. Patterns that reach
// several projects, or none, meet the projects' configs in discovery (checkOwnSettings).
function projectOfPatterns(patterns, cwd) {
  const nearest = new Map(); // folder ─▶ the nearest config at or above it, below cwd (null: none)
  const configAt = (folder) => {
    // None at cwd or above it: the search from cwd found none.
    if (folder === cwd || isInside(folder, cwd)) return null;
    if (!nearest.has(folder)) {
      const candidate = path.join(folder, CONFIG_NAME);
      nearest.set(folder, fs.existsSync(candidate) ? candidate : configAt(path.dirname(folder)));
    }
    return nearest.get(folder);
  };
  const configs = new Set(patterns.map((pattern) => configAt(folderOf(pattern, cwd))));
  if (configs.size !== 1 || configs.has(null)) return [];
  const [config] = configs;
  return [findConfigChain(path.dirname(config)).at(-1)];
}

// The folder a pattern's files are all in: a folder's, a file's, a glob's literal start.
function folderOf(pattern, cwd) {
  const literal = path.resolve(cwd, pattern);
  const stats = lstatOrNull(literal);
  if (stats) return stats.isDirectory() ? literal : path.dirname(literal);
  if (!hasGlobChars(pattern)) return path.dirname(literal);
  const segments = pattern.split('/');
  return path.resolve(cwd, segments.slice(0, segments.findIndex(hasGlobChars)).join('/'));
}

// What a file is checked against is the run's to say; a project's own config (no config above it, or
// "root": true) whose files a run from outside it reaches cannot say it there: rather than drop
// its settings silently, the run stops. Its other settings (reporters, workers, cache…) shape a run, not a verdict.
const VERDICT_SETTINGS = ['catalog', 'schemaStore', 'schemaFromDocument', 'ajv'];
function checkOwnSettings({ file, data }, runConfig, cwd) {
  const key = VERDICT_SETTINGS.find((name) => data[name] !== undefined);
  if (key === undefined) return;
  const settings = runConfig ? `${runConfig}'s` : `the command line's (no ${CONFIG_NAME} up from ${cwd})`;
  throw new UsageError(
    `${file}: "${key}" decides what its files are checked against, and this run cannot apply it: the run's settings are ${settings}; run filecheck in ${path.dirname(file)}, or name that config with -c`,
  );
}

// A config with a config above it adds rules to that config's run: the run's settings are not its own to give.
function checkNested({ file, data }, runConfig) {
  const key = Object.keys(data).find((name) => !NESTED_KEYS.has(name));
  if (key)
    throw new UsageError(
      `${file}: "${key}" is a setting of the whole run, which ${runConfig} gives; a config below it holds "rules" and "ignore" (or says "root": true to be a project of its own; see docs/monorepo.md)`,
    );
}

// Rule names are the config's; a name that two configs give is shown with its config's folder
// (relative to the run's), so that a message says which rule it is.
function nameRules(rules, top) {
  const byName = new Map();
  for (const rule of rules) {
    rule.ownName ??= rule.name;
    const configs = byName.get(rule.ownName) ?? new Set();
    byName.set(rule.ownName, configs.add(rule.config));
  }
  for (const rule of rules) {
    const folder = path.dirname(rule.config);
    const shared = byName.get(rule.ownName).size > 1 && folder !== top;
    rule.name = shared ? `${rule.ownName} (${relativePosix(top, folder) || '.'})` : rule.ownName;
  }
}

function readConfigFile(configPath) {
  const text = readOrExplain(configPath, `config ${configPath}`).replace(/^\uFEFF/, '');
  // JSONC, as tsconfig.json and .eslintrc.json are: comments and trailing commas, with the line and
  // column of the text as written. Read as data files are: a key written twice (two "rules") would
  // drop the first silently. A config that parses as JSON (most) does not load the JSONC reader.
  const json = parseJson(text);
  const { value: data, problems } = json.problems ? require('../../formats/jsonc.js').parse(text)[0] : json;
  if (problems) {
    const [{ message, line, column }] = problems;
    throw new UsageError(
      `${configPath}:${line}:${column}: ${message.replace(/^invalid JSONC: /, 'not valid JSONC: ')}`,
    );
  }
  // The validator of .filecheckrc.json (generated, 46 KB) is loaded by a run that has one.
  const validateConfigFile = require('../../schema/filecheckrc.validate.js').default;
  if (!validateConfigFile(data)) {
    const { describeConfigError } = require('./config-errors.js');
    throw new UsageError(`${configPath}: ${describeConfigError(validateConfigFile.errors, data)}`);
  }
  return data;
}

function resolveRule(rule, { id, index }, base, { options, selecting, store, remote, ajv: defaults }) {
  const ajv = { ...defaults, ...rule.ajv };
  if (options.strict !== undefined) ajv.strict = options.strict;
  const name = rule.name ?? `rules[${index}]`;
  const schemaPath = typeof rule.schema === 'object' ? rule.schema.path : rule.schema;
  const { base: schemaFile, fragment: schemaFragment } = schemaPath ? splitSchemaPath(schemaPath) : {};
  if (schemaPath && rule.schemaFromDocument) {
    throw new UsageError(
      `${name}: "schemaFromDocument" cannot apply to a rule with a "schema": the rule's schema always wins (see README "Which schema validates which file")`,
    );
  }
  const checks = resolveChecks(rule);
  // Off, the schema is not read, and the rule chooses none per file either.
  const schemaOn = checks.schemaSeverity !== 'off';
  const selection = schemaPath || !schemaOn ? null : selecting(rule);
  if (rule.schema !== undefined && !schemaPath && !selection && schemaOn)
    throw new UsageError(
      `${name}: "schema" has no "path", and the rule chooses no schema per file (no catalog, no "schemaFromDocument") for its "severity" to apply to`,
    );
  return {
    id,
    name,
    base,
    files: rule.files,
    ignore: rule.ignore ?? [],
    require: checks.require,
    schema:
      schemaPath && schemaOn
        ? localFile(schemaFile, base, index === -1 ? '--schema' : `${name}: schema`, remote)
        : null,
    ...(schemaFragment && schemaOn && { schemaFragment }),
    schemaSeverity: checks.schemaSeverity,
    refs: (rule.refs ?? []).map((ref) => localFile(ref, base, index === -1 ? '--ref' : `${name}: refs`, remote)),
    validators: checks.validators.map((v) => ({ ...v, module: moduleSpecifier(v.module, base) })),
    ajv,
    parser: rule.parser ?? null,
    frontMatter: options.frontMatter ?? rule.frontMatter ?? null, // --front-matter: every rule's, as --yaml-tags
    yamlTags: yamlTagSets(rule.yamlTags, options.yamlTags),
    allowDuplicateKeys: !!(options.allowDuplicateKeys || rule.allowDuplicateKeys),
    selection,
    schemaStore: store,
    // The checks across files, as written with their severities resolved (validators/across-files/ reads them).
    unique: checks.unique,
    references: checks.references,
    sameKeysAs: checks.sameKeysAs,
  };
}

// A rule without a schema of its own may take the one each document names (`$schema`: the command
// line, else the rule, else the config's top level) and the catalogs' (the command line's, else the
// config's). Documents may name schemas inside the project only: the config's folder, else cwd.
function schemaSelection(options, file, { cwd, base, store, remote }) {
  const named = options.catalog === undefined ? undefined : [options.catalog].flat(); // the API may give one string
  if (named?.some((catalog) => !catalog)) throw new UsageError('--catalog needs a value');
  const given = named
    ? named.map((catalog) => localFile(catalogUrl(catalog), cwd, '--catalog', remote))
    : [file.catalog ?? []].flat().map((catalog) => localFile(catalogUrl(catalog), base, 'catalog', remote));
  const catalogs = [...new Set(given)];
  const selecting = (rule) => {
    const document = options.schemaFromDocument ?? rule.schemaFromDocument ?? file.schemaFromDocument ?? false;
    return document || catalogs.length ? { document, catalogs, project: base, store } : null;
  };
  selecting.catalogs = catalogs;
  return selecting;
}

// --parser is the command line's rule's "parser": with a config file, whose rules say how their
// files are read, it would contradict them.
function checkParserOption(parser, configPath) {
  if (!PARSER_NAMES.includes(parser))
    throw new UsageError(
      `--parser takes ${PARSER_NAMES.slice(0, -1).join(', ')} or ${PARSER_NAMES.at(-1)}, not "${parser}"`,
    );
  if (configPath)
    throw new UsageError(
      `--parser applies to runs without a config file; ${configPath} is one: give its rules a "parser"`,
    );
}

// The command line's refs, which its rule preloads (if it has one): a ref that names no file is an
// error whether or not a schema needs it.
function givenRefs(options, cwd, remote) {
  const given = options.ref ?? [];
  if (given.some((ref) => !ref)) throw new UsageError('--ref needs a value');
  return given.map((ref) => localFile(ref, cwd, '--ref', remote));
}

// The checks given on the command line form one more rule, applied to every file the patterns match.
// Without a config file it exists even with no checks: every file must at least parse.
function cliChecks(cwd, withoutConfig, context) {
  const { options } = context;
  if (!withoutConfig && !checksGiven(options)) return null;
  return resolveRule(
    {
      name: 'command line',
      files: ['**'],
      require: options.require,
      refs: options.ref,
      validators: options.validator,
      schema: options.schema,
      parser: options.parser,
    },
    { id: -1, index: -1 },
    cwd,
    context,
  );
}

const checksGiven = (options) => !!(options.schema || options.require?.length || options.validator?.length);

// `--catalog schemastore`: SchemaStore's catalog, pulled as any URL is.
const catalogUrl = (given) => (given === 'schemastore' ? SCHEMASTORE_CATALOG : given);

// The lock's mappings beside --schema-store's (config "schemaStore"), which win for the same prefix.
function withPulled(store, remote) {
  const given = new Set(store.map(([prefix]) => prefix));
  const pulled = remote.store.filter(([prefix]) => !given.has(prefix));
  return pulled.length ? [...store, ...pulled].sort(([a], [b]) => b.length - a.length) : store;
}

// A schema URL (http, https) is the pulled store's file for it (remote-schemas.js). Other URLs,
// which the path module would make a path (`ftp:/host/…`) that is then "no such file", are refused.
function localFile(given, base, what, remote) {
  if (!/^[a-z][a-z\d+.-]+:\/\//i.test(given)) return path.resolve(base, given);
  if (/^https?:/i.test(given)) return remote.fileFor(given, what);
  if (/^file:/i.test(given)) {
    try {
      return fileURLToPath(given);
    } catch (error) {
      throw new UsageError(`${what} "${given}": ${error.message}`);
    }
  }
  throw new UsageError(
    `${what} "${given}" is a URL: filecheck fetches no schema, so that runs are offline and repeatable; download it and name the local file, or map the URL to a local copy in a catalog (see README "Which schema validates which file")`,
  );
}

// "./x.js" and "../x.js" are files relative to their base; a bare name is a package resolved from there.
// A rule's tag sets and the command line's, which apply to every rule.
function yamlTagSets(own = [], given = []) {
  const named = [given].flat();
  const known = named.length ? require('../../formats/yaml-tags.js').YAML_TAG_SETS : []; // for --yaml-tags only
  const unknown = named.find((name) => !known.includes(name));
  if (unknown !== undefined)
    throw new UsageError(`--yaml-tags: unknown tag set "${unknown}" (known: ${known.join(', ')})`);
  const sets = [...new Set([...own, ...named])].sort();
  return sets.length ? sets : null;
}

// The chaos monkey's settings (chaos.js), its module loaded only by a run that asks for one.
function chaosOf(options, env, root) {
  const probability = options.chaosMonkey ?? env.CHAOS_MONKEY;
  const kind = options.chaosKind ?? env.CHAOS_KIND;
  if (probability === undefined && kind === undefined) return null;
  return require('../check/chaos.js').parseChaos(probability, options.chaosSeed ?? env.CHAOS_SEED, root, kind);
}

function moduleSpecifier(specifier, base) {
  return specifier.startsWith('.') || path.isAbsolute(specifier) ? path.resolve(base, specifier) : specifier;
}
