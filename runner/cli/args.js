// Turns argv into options. The common case (a valid command line) is parsed by Node's own
// util.parseArgs, ~1 ms; yargs costs ~130 ms to load, so it is loaded only to print --help or
// --version or to explain a usage error. Both are configured from the one table in options.js
// (a subcommand, `merge`, brings its own table).
import { createRequire } from 'node:module';
import { OPTIONS, USAGE, EXAMPLES, EPILOGUE } from './options.js';
import { UsageError } from '../../shared/errors.js';

const require = createRequire(import.meta.url);
const { parseArgs: parseWithNode } = require('node:util');

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

// util.parseArgs has no --no-x negation on Node 20: each boolean gets its negated twin.
function nodeParserOptions(table) {
  const options = {};
  for (const [name, spec] of Object.entries(table)) {
    options[name] = {
      type: spec.type === 'boolean' ? 'boolean' : 'string',
      multiple: true,
      ...(spec.alias && { short: spec.alias }),
    };
    if (spec.type === 'boolean') options[`no-${name}`] = { type: 'boolean', multiple: true };
  }
  return options;
}

const isHelpOrVersion = (a) => a === '--help' || a === '-h' || a === '--version';

const CHECK_COMMAND = {
  usage: USAGE,
  positional: ['patterns', 'Globs or file paths to check'],
  options: OPTIONS,
  examples: EXAMPLES,
  epilogue: EPILOGUE,
};

/**
 * @param {string[]} argv the arguments after the script name (after the subcommand's name, for one)
 * @param {{ usage: string, positional?: [string, string], options: typeof OPTIONS, examples: string[][], epilogue: string }} [command] default: checking files
 * @returns {Promise<{ print: string, code: number } | { options: Record<string, any> }>}
 */
export async function parseArgs(argv, command = CHECK_COMMAND) {
  const table = command.options;
  if (!argv.some(isHelpOrVersion)) {
    const known = nodeParserOptions(table);
    let parsed;
    try {
      parsed = parseWithNode({ args: argv, options: known, allowPositionals: true, strict: true, tokens: true });
    } catch (error) {
      const unknown = error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && unknownOptions(argv, known);
      if (unknown) throw unknown;
      return explainWithYargs(argv, command); // yargs words the usage error
    }
    const values = { ...parsed.values };
    // The later of --x and --no-x wins, as with yargs: the tokens keep the order the values lose.
    for (const { kind, name, inlineValue } of parsed.tokens) {
      if (kind !== 'option') continue;
      // `--bail=abc` (written with "=") is a bad count, where `--bail abc` is bail at 1 and a pattern.
      if (name === 'bail' && inlineValue)
        values.bail = values.bail.map((value) => (BAIL_VALUE.test(value) ? value : badBail(value)));
      if (table[name]?.type === 'boolean') values[name] = [true];
      else if (name.startsWith('no-') && table[name.slice(3)]?.type === 'boolean') values[name.slice(3)] = [false];
    }
    return {
      options: normalize(
        { _: parsed.positionals, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [camel(k), v])) },
        table,
      ),
    };
  }
  return explainWithYargs(argv, command);
}

// Every option not known (null: none), as typed, once, with the one meant: yargs said `Unknown arguments:
// code-frames, codeFrames` of --no-code-frames (its own reading, twice) and guessed at none.
function unknownOptions(argv, known) {
  const { tokens } = parseWithNode({ args: argv, options: known, allowPositionals: true, strict: false, tokens: true });
  const typed = new Set(
    tokens.filter((token) => token.kind === 'option' && !(token.name in known)).map((t) => t.rawName),
  );
  const { closest } = require('../../shared/closest.js'); // loaded by a usage error alone
  const names = [...Object.keys(known), 'help', 'version'];
  const said = [...typed].map((flag) => {
    const meant = flag.startsWith('--') ? closest(flag.slice(2), names) : undefined;
    return meant ? `${flag} (did you mean --${meant}?)` : flag;
  });
  return said.length ? new UsageError(`Unknown argument${said.length > 1 ? 's' : ''}: ${said.join(', ')}`) : null;
}

const BAIL_VALUE = /^\d+$|^(true|false)$/;
const badBail = (value) => {
  throw new UsageError(`--bail takes a whole number of failures, not "${value}"`);
};

// Repeatable options are arrays, others keep their last value. `--bail content/**` means
// "bail at 1" and a pattern, as `jest --bail` reads it.
function normalize(argv, table) {
  const options = { patterns: argv._.map(String) };
  for (const [name, spec] of Object.entries(table)) {
    const value = argv[camel(name)];
    if (value === undefined) continue;
    options[camel(name)] = spec.many ? [value].flat() : [value].flat().at(-1);
  }
  if (options.bail !== undefined && options.bail !== '' && !BAIL_VALUE.test(options.bail)) {
    options.patterns.push(options.bail);
    options.bail = '';
  }
  return options;
}

async function explainWithYargs(argv, { usage, positional, options, examples, epilogue }) {
  const { default: yargs } = await import('yargs');
  const { version } = require('../../package.json');
  const cli = yargs(argv).scriptName('filecheck').usage(usage);
  if (positional) cli.positional(positional[0], { describe: positional[1], type: 'string' });
  cli
    .options(Object.fromEntries(Object.entries(options).map(([name, { many, ...spec }]) => [name, spec])))
    .example(examples)
    .epilogue(epilogue)
    .version(version)
    .help()
    .alias('h', 'help')
    // Options only: yargs' strict() also calls every positional beyond its demanded commands an
    // "unknown argument", so `filecheck a.json --bail` (which the fast parser hands over) failed.
    .strictOptions()
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
  return { options: normalize(parsed, options) };
}
