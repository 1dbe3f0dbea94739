// Turns argv into options. The common case (a valid command line) is parsed by yargs-parser alone,
// ~10 ms; yargs itself costs ~130 ms to load, so it is loaded only to print --help or --version
// or to explain a usage error. Both are configured from the one table in options.js.
import { createRequire } from 'node:module';
import { OPTIONS, USAGE, EXAMPLES, EPILOGUE } from './options.js';
import { UsageError } from './errors.js';

const require = createRequire(import.meta.url);

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
const KNOWN = new Set(['_', ...Object.keys(OPTIONS).map(camel)]);

function parserConfig() {
  const config = { alias: {}, boolean: [], string: [], number: [], configuration: { 'strip-aliased': true, 'strip-dashed': true } };
  for (const [name, spec] of Object.entries(OPTIONS)) {
    config[spec.type].push(name);
    if (spec.alias) config.alias[name] = [spec.alias];
  }
  return config;
}

const isHelpOrVersion = (a) => a === '--help' || a === '-h' || a === '--version';

/**
 * @param {string[]} argv the arguments after the script name
 * @returns {Promise<{ print: string, code: number } | { options: Record<string, any> }>}
 */
export async function parseArgs(argv) {
  if (!argv.some(isHelpOrVersion)) {
    const parsed = require('yargs-parser').detailed(argv, parserConfig());
    const unknown = Object.keys(parsed.argv).some((key) => !KNOWN.has(key));
    if (!parsed.error && !unknown) return { options: normalize(parsed.argv) };
  }
  return explainWithYargs(argv);
}

// Repeatable options arrive as a string once and an array when repeated; `_` holds the patterns.
function normalize(argv) {
  const options = { patterns: argv._.map(String) };
  for (const [name, spec] of Object.entries(OPTIONS)) {
    const value = argv[camel(name)];
    if (value === undefined) continue;
    options[camel(name)] = spec.many ? [value].flat() : Array.isArray(value) ? value.at(-1) : value;
  }
  return options;
}

async function explainWithYargs(argv) {
  const { default: yargs } = await import('yargs');
  const { version } = require('../package.json');
  const cli = yargs(argv)
    .scriptName('filecheck')
    .usage(USAGE)
    .positional('patterns', { describe: 'Globs or file paths to check', type: 'string' })
    .options(Object.fromEntries(Object.entries(OPTIONS).map(([name, { many, ...spec }]) => [name, spec])))
    .example(EXAMPLES)
    .epilogue(EPILOGUE)
    .version(version)
    .help()
    .alias('h', 'help')
    .strict()
    .wrap(Math.min(100, process.stdout.columns || 100))
    .exitProcess(false)
    .fail((message, error) => {
      throw new UsageError(message || error?.message);
    });
  let output = '';
  const parsed = await cli.parse(argv, {}, (_error, _argv, text) => {
    output = text;
  });
  if (output) return { print: output, code: 0 };
  // yargs accepted what the fast path did not: trust yargs.
  return { options: normalize(parsed) };
}
