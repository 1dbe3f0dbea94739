// Which parser reads a file: by its extension, or its name for files their tools read otherwise
// (names.js: JSON with comments, JSON5, JSONC or YAML), unless a rule that matches it names one. Each format is a module with
// one `parse`. JSON's (json.js, JSON.parse: the fast path) is always here; every other is loaded only
// by a process that meets such a file, so a JSON-only run loads none of them.
import { createRequire } from 'node:module';
import { UsageError } from '../shared/errors.js';
import { parserOfName } from './names.js';
import { byId } from '../shared/rules.js';
import * as json from './json.js';

const require = createRequire(import.meta.url);

// Every format, a row each: the one place that adds one. The config schema's "parser" names
// (scripts/build-config-validator.js), --parser's help line and the result cache's fingerprint
// (runner/cache/rule-fingerprint.js) are made from it.
// - extensions: the names' endings that are the format's;
// - module: the module that reads it, loaded by a process that meets such a file (JSON's is always here);
// - inDirectories: whether a directory named on the command line stands for its files. Markdown's
//   do not: a folder's README.md files are documents, not data; name them with a glob or a rule;
// - packages: those its module and the modules it imports load (test/formats/registry.test.js
//   checks): another version of one may read a file otherwise;
// - preCommit: the type (pre-commit's, from the file's name) by which the hook in
//   .pre-commit-hooks.yaml is given the format's staged files; none: the hook is not given them.
export const FORMATS = {
  json: {
    extensions: ['.json'],
    inDirectories: true,
    // smol-toml, yaml: a failing file whose name says no format, to say whether TOML or YAML reads it
    packages: ['jsonc-parser', 'smol-toml', 'yaml'],
    preCommit: 'json',
  },
  jsonc: {
    extensions: ['.jsonc'],
    module: './jsonc.js',
    inDirectories: true,
    // momoa: a failing file's hint that it is JSON5; smol-toml, yaml: json.js's hint, which it loads
    packages: ['jsonc-parser', '@humanwhocodes/momoa', 'smol-toml', 'yaml'],
  },
  json5: {
    extensions: ['.json5'],
    module: './json5.js',
    inDirectories: true,
    packages: ['@humanwhocodes/momoa', 'jsonc-parser'],
  },
  yaml: {
    extensions: ['.yaml', '.yml', '.cff'], // .cff: the Citation File Format, YAML 1.2
    module: './yaml.js',
    inDirectories: true,
    packages: ['yaml', 'jsonc-parser'],
    preCommit: 'yaml',
  },
  toml: {
    extensions: ['.toml'],
    module: './toml.js',
    inDirectories: true,
    packages: ['smol-toml', 'jsonc-parser'],
    preCommit: 'toml',
  },
  markdown: {
    extensions: ['.md', '.mdx', '.markdown'],
    module: './markdown.js',
    inDirectories: false,
    packages: ['yaml', 'smol-toml', 'jsonc-parser'],
  },
};

const BY_EXTENSION = new Map(
  Object.entries(FORMATS).flatMap(([name, { extensions }]) => extensions.map((extension) => [extension, name])),
);

/** What a directory named on the command line stands for: the data files below it. */
export const DIRECTORY_GLOB = `**/*.{${Object.values(FORMATS)
  .filter((format) => format.inDirectories)
  .flatMap((format) => format.extensions.map((extension) => extension.slice(1)))
  .join(',')}}`;

/**
 * The parser of a file that only a catalog's fileMatch found, whose name says no data format
 * (`.prettierrc`, `*.patch`): the first of these formats that reads it (guessed.js). Not a name a
 * rule may give: a rule says what its files are. A parser of several formats, each tried in
 * turn, is written so (names.js gives `.eslintrc` `jsonc|yaml`).
 */
export const GUESSED = 'json|jsonc|yaml';

/** @returns {boolean} whether a file of this parser may be read as that format (`yaml` of `json|jsonc|yaml`) */
const mayRead = (parser, format) => parser === format || (parser.includes('|') && parser.split('|').includes(format));

/** @returns {string} what a file read by this parser is, for people: `JSON`, `JSON, JSONC or YAML` */
export function formatNames(parser) {
  const names = parser.split('|').map((name) => name.toUpperCase());
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)}` : names[0];
}

/** The parsers a rule's "parser" or --parser may name. */
export const PARSER_NAMES = Object.keys(FORMATS);

/** What a rule's "frontMatter" or --front-matter may say of Markdown files (markdown.js). */
export const FRONT_MATTER_SETTINGS = ['required', 'optional'];

/**
 * @typedef {{ parser?: string, frontMatter?: 'required', yamlTags?: string[], allowDuplicateKeys?: true,
 *   jsonByDefault?: true }} Format
 *   parser: unset for JSON; frontMatter: set when required; yamlTags: the tag sets its rules read in
 *   YAML and front matter (yaml-tags.js); allowDuplicateKeys: a rule lets its JSON, JSONC and JSON5
 *   files repeat a key (duplicate-keys.js); jsonByDefault: read as JSON because neither its name nor
 *   a rule names a format (a failing one's message says when TOML or YAML reads it, json.js)
 * Builds the function discovery asks for each file's format. What the rules of a set say is worked
 * out once per set of rules (sets are few), so a file costs a look at its name and extension.
 * @param {import('../runner/config/load-config.js').Rule[]} rules
 * @returns {(file: string, ruleIds: number[], key: string, guessed?: boolean) => Format | null} key:
 *   the set's identity; guessed: only a catalog's fileMatch found it, and its name says no format
 *   (GUESSED, unless its rules name a parser); null: JSON with no setting (json.js)
 * @throws {UsageError} when two rules that match one file name different parsers
 */
export function formatChooser(rules) {
  const rulesById = byId(rules);
  const sets = new Map(); // key ─▶ { parser, frontMatter, yamlTags, allowDuplicateKeys }
  return (file, ruleIds, key, guessed = false) => {
    let set = sets.get(key);
    if (!set)
      sets.set(
        key,
        (set = whatRulesSay(
          ruleIds.map((id) => rulesById.get(id)),
          file,
        )),
      );
    const duplicates = set.allowDuplicateKeys ? ALLOW_DUPLICATE_KEYS : null;
    const parser = set.parser ?? (guessed ? GUESSED : formatOfName(file));
    if (parser === 'json') return duplicates;
    if (!parser) return duplicates ? { ...JSON_BY_DEFAULT, ...duplicates } : JSON_BY_DEFAULT;
    const format = parser === 'markdown' && set.frontMatter ? { parser, frontMatter: set.frontMatter } : { parser };
    if (set.yamlTags && (mayRead(parser, 'yaml') || parser === 'markdown'))
      Object.assign(format, { yamlTags: set.yamlTags });
    return duplicates && (parser === 'jsonc' || parser === 'json5' || parser.includes('|'))
      ? { ...format, ...duplicates }
      : format;
  };
}

function whatRulesSay(rules, file) {
  const naming = rules.filter((rule) => rule?.parser);
  const parsers = [...new Set(naming.map((rule) => rule.parser))];
  if (parsers.length > 1) {
    const who = naming.map((rule) => `${rule.name} (${rule.parser})`).join(', ');
    throw new UsageError(
      `${file} is matched by rules that name different parsers: ${who}; a file is parsed once, by one parser`,
    );
  }
  // Tags only add what a file may say: a file matched by several rules reads the tags of all of them.
  const yamlTags = [...new Set(rules.flatMap((rule) => rule?.yamlTags ?? []))].sort();
  return {
    parser: parsers[0],
    frontMatter: rules.some((rule) => rule?.frontMatter === 'required') ? 'required' : undefined,
    yamlTags: yamlTags.length ? yamlTags : undefined,
    allowDuplicateKeys: rules.some((rule) => rule?.allowDuplicateKeys), // as tags: what one rule allows
  };
}

const ALLOW_DUPLICATE_KEYS = { allowDuplicateKeys: true };
// Read as JSON since nothing says otherwise (json.js: when it fails, whether it is TOML or YAML).
const JSON_BY_DEFAULT = { jsonByDefault: true };

/** @returns {string | null} the format a file's name says (by name, names.js, else its extension's); null: none */
export function formatOfName(file) {
  const byName = parserOfName(file);
  if (byName) return byName;
  if (file.endsWith('.json')) return 'json';
  return BY_EXTENSION.get(extensionOf(file)) ?? null;
}

// The last dot of the name, lower-cased: `Data.YAML` is YAML, `.json` (a dotfile) has none.
function extensionOf(file) {
  const slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
  const dot = file.lastIndexOf('.');
  return dot > slash + 1 ? file.slice(dot).toLowerCase() : '';
}

/**
 * @typedef {({ value: unknown, locate(problems: object[]): void, depthChecked?: true, parser?: string } | { problems: object[] }) & { number?: number,
 *   range?: [number, number], comments?: Set<string>, warnings?: object[] }} ParsedDocument
 *   a document that parsed, with `locate` filling in line and column of problems with a pointer
 *   into it; or a document that did not, with its `parse` problems (already placed). number: its
 *   place in a stream of several documents, 1-based, which its problems are to name; range: where
 *   its text is in the file (YAML), where a comment naming its schema is looked for; comments: its
 *   comment lines, trimmed (YAML, when one may name its schema); depthChecked: its parser kept it
 *   within the nesting limit (depth-limit.js), which check-file need not measure again; parser: the
 *   format that read it, when the entry's parser is several (GUESSED); warnings: problems of its
 *   reading (placed, severity 'warning') reported with the others, which do not fail the file
 *   (front matter after blank lines, markdown.js)
 * @typedef {{ parse(text: string, entry: import('../runner/files/discover.js').FileEntry): ParsedDocument[] }} Parser
 *   every document of the file, in order: YAML streams hold several, a Markdown file without front
 *   matter none
 */
const loaded = new Map([['json', json]]); // name ─▶ Parser

/**
 * Loads the parsers these files need that this process has not loaded yet (before their files are
 * timed: a parser's loading counts as preparing, inline.js). A parser of several formats (GUESSED)
 * loads each of them when a file first needs it: JSONC and YAML, by a file JSON does not read.
 * @param {Iterable<{ parser?: string }>} entries
 * @returns {boolean} whether it loaded one (the usual case: no)
 */
export function loadParsers(entries) {
  let loadedOne = false;
  for (const { parser } of entries) {
    if (!parser || loaded.has(parser)) continue;
    loaded.set(
      parser,
      parser.includes('|')
        ? require('./guessed.js').firstThatReads(parser.split('|').map((name) => [name, () => loadOne(name)]))
        : loadOne(parser),
    );
    loadedOne = true;
  }
  return loadedOne;
}

function loadOne(name) {
  if (!loaded.has(name)) loaded.set(name, require(FORMATS[name].module));
  return loaded.get(name);
}

/** @returns {Parser} a parser loadParsers has loaded */
export function parserNamed(name) {
  const parser = loaded.get(name);
  if (!parser) throw new Error(`internal: the ${name} parser is used before it is loaded`);
  return parser;
}
