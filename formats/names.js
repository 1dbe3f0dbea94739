// Files whose name says how their own tools read them, whatever their extension says: JSON with
// comments (most), JSON5 (Babel's), either JSONC or YAML (ESLint's legacy .eslintrc), or TOML
// (Pipenv's Pipfile). As in VS Code, a name counts in any folder, whatever its case. A rule's
// "parser" (or --parser) still decides.

// JSONC: the names VS Code's built-in language modes give "JSON with Comments" (jsonc), so that a
// tsconfig.json or a .vscode/settings.json with comments is read as TypeScript and VS Code read it,
// not failed as JSON.

// Whole names: TypeScript's, VS Code's (settings, launch, tasks… are found in .vscode/, but VS Code
// reads them as JSONC anywhere), dev containers', TypeDoc's, Bun's lockfile, Ember's; and
// those whose own tools read comments though VS Code does not say so: CSpell's (its config loader
// reads JSON with comments, and `cspell init` writes them), Turborepo's turbo.json (comments since
// 1.1), markdownlint-cli's and markdownlint-cli2's .markdownlint.json (read with jsonc-parser),
// API Extractor's (Rush Stack's JsonFile), TSLint's (comments stripped before JSON.parse), Renovate's
// (JSONC for its .json files and its config files without an extension: renovate.json,
// .github/renovate.json, .renovaterc), Jest's jest.config.json (jest-config's
// readConfigFileAndSetRootDir: `parseJson(stripJsonComments(text))`), Nx's nx.json and project.json
// (nx's readJsonFile: jsonc-parser once JSON.parse fails), Deno's deno.json (its config file is
// read with jsonc_parser, deno.json as deno.jsonc) and filecheck's own .filecheckrc.json. Not
// biome.json (Biome reads comments in biome.jsonc only), nodemon.json (nodemon's JSON.parse) nor
// .prettierrc.json (Prettier's parse-json).
const NAMES = new Set([
  'tsconfig.json',
  'jsconfig.json',
  'settings.json',
  'launch.json',
  'tasks.json',
  'mcp.json',
  'keybindings.json',
  'extensions.json',
  'argv.json',
  'profiles.json',
  'devcontainer.json',
  '.devcontainer.json',
  'typedoc.json',
  'bun.lock',
  '.ember-cli',
  'cspell.json',
  '.cspell.json',
  'cspell.config.json',
  'turbo.json',
  '.markdownlint.json',
  'api-extractor.json',
  'tslint.json',
  'renovate.json',
  '.renovaterc',
  '.renovaterc.json',
  'jest.config.json',
  'nx.json',
  'project.json',
  'deno.json',
  '.filecheckrc.json',
]);
// Endings of a name (VS Code's "extensions" for jsonc; `.jsonc` itself is an extension, formats/index.js):
// those that are what follows the name's last dot (`.eslintrc` and `.babelrc` alone are the whole
// names above), and those that end in .json.
const EXTENSIONS = new Set(['.eslintrc', '.babelrc', '.swcrc', '.jshintrc', '.jsfmtrc', '.hintrc', '.code-workspace']);
const JSON_ENDINGS = ['.eslintrc.json', 'language-configuration.json', 'icon-theme.json', 'color-theme.json'];
// tsconfig.*.json, jsconfig.*.json, tsconfig-*.json, jsconfig-*.json (tsconfig.build.json…).
const TS_CONFIG = /^[tj]sconfig[.-]/;

// JSON5: Babel's config files, which babel-core reads with json5.parse (unquoted keys, single
// quotes…), though VS Code calls them JSONC.
const JSON5_NAMES = new Set(['.babelrc', '.babelrc.json', 'babel.config.json']);

// JSONC or YAML: ESLint's legacy `.eslintrc`, which ESLint reads as YAML once its comments are
// stripped (JSON being YAML): read as JSONC first, then YAML (formats/guessed.js), the order that
// never misreads a JSON file (`.eslintrc.json` is JSONC, `.eslintrc.yaml` YAML, by their endings).
const JSONC_OR_YAML_NAMES = new Set(['.eslintrc']);

// TOML: Pipenv's Pipfile, which has no extension.
const TOML_NAMES = new Set(['pipfile']);

/**
 * Asked of every file a run discovers: the usual `.json` file costs a few comparisons.
 * @param {string} file a path, relative or absolute, with forward slashes (discover.js)
 * @returns {'jsonc' | 'json5' | 'jsonc|yaml' | 'toml' | null} the parser its name says; null: its name says none
 */
export function parserOfName(file) {
  const written = file.slice(file.lastIndexOf('/') + 1);
  // The usual file, answered by one test of its name (and of its folder, for Copilot's hooks).
  if (!NAMED_JSON.test(written) && written.endsWith('.json') && !file.includes(HOOKS)) return null;
  const name = written.toLowerCase();
  if (NAMES.has(name)) return 'jsonc';
  if (JSON5_NAMES.has(name)) return 'json5';
  if (JSONC_OR_YAML_NAMES.has(name)) return 'jsonc|yaml';
  if (TOML_NAMES.has(name)) return 'toml';
  const extension = name.slice(name.lastIndexOf('.'));
  if (extension !== '.json') return EXTENSIONS.has(extension) ? 'jsonc' : null;
  return TS_CONFIG.test(name) || JSON_ENDINGS.some((ending) => name.endsWith(ending)) || inCopilotHooks(file, written)
    ? 'jsonc'
    : null;
}

// Any name ending in .json that one of the lists above may name (any case): the others are JSON.
const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const NAMED_JSON = new RegExp(
  [
    `^(?:${[...NAMES, ...JSON5_NAMES]
      .filter((name) => name.endsWith('.json'))
      .map(escaped)
      .join('|')})$`,
    `(?:${JSON_ENDINGS.map(escaped).join('|')})$`,
    TS_CONFIG.source,
  ].join('|'),
  'i',
);

// GitHub Copilot's hooks: **/.github/hooks/*.json
const HOOKS = '.github/hooks/';
function inCopilotHooks(file, name) {
  const at = file.length - name.length - HOOKS.length;
  return file.startsWith(HOOKS, at) && (at === 0 || file[at - 1] === '/');
}
