// run()'s options, checked before anything runs: an unknown key or a value of the wrong type is a
// UsageError of one line, as a config file's are. The options are the command line's, camelCased,
// described once in runner/cli/options.js (a name, its type, `many`, and `takes`: the other types
// run() takes for its value), plus those only a caller in the same process can give (API_ONLY).
import { OPTIONS } from '../cli/options.js';
import { closest } from '../../shared/closest.js';
import { UsageError } from '../../shared/errors.js';

const camel = (name) => name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());

// The command line's options that a run() does not have: it checks once, and lists nothing.
const NOT_FOR_RUN = {
  watch: 'run() checks once; watch with the filecheck command',
  listFiles: 'run() checks the files; list them with the filecheck command',
  stdin: 'run() reads files; check a text with filecheck --stdin --stdin-filename <path>',
  stdinFilename: 'run() reads files; check a text with filecheck --stdin --stdin-filename <path>',
};

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value) =>
  typeof value === 'string' || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/** The options only run() has, each with the test of its value and the words for it. */
export const API_ONLY = {
  patterns: { test: isStrings, is: 'a string or an array of strings', many: true },
  cwd: { test: (v) => typeof v === 'string', is: 'a string' },
  env: { test: isObject, is: 'an object (name: value)' },
  signal: { test: (v) => v instanceof AbortSignal, is: 'an AbortSignal' },
  reporters: {
    test: (v) => Array.isArray(v) && v.every(isObject),
    is: 'an array of reporter objects (onRunStart, onFileResult, onRunComplete)',
  },
  onWarning: { test: (v) => typeof v === 'function', is: 'a function' },
  results: { test: (v) => v === 'problems' || v === 'all', is: '"problems" or "all"' },
};

const orList = (words) =>
  words.length > 2 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words.join(' or ');
const TYPE_WORDS = { string: 'a string', number: 'a number', boolean: 'a boolean' };

/** The command line's options run() takes, camelCased, each with the types of its value. */
export const RUN_OPTIONS = Object.fromEntries(
  Object.entries(OPTIONS)
    .filter(([name]) => !(camel(name) in NOT_FOR_RUN))
    .map(([name, { type, many, takes }]) => [camel(name), { types: takes ?? [type], many: !!many }]),
);

function fromTable({ types, many }) {
  const words = types.map((type) => TYPE_WORDS[type]);
  const single = (v) => types.includes(typeof v) && (typeof v !== 'number' || Number.isFinite(v));
  return {
    test: (v) => single(v) || (many && Array.isArray(v) && v.every(single)),
    is: many ? `${orList(words)}, or an array of them` : orList(words),
    many,
  };
}

const SPECS = {
  ...API_ONLY,
  ...Object.fromEntries(Object.entries(RUN_OPTIONS).map(([name, spec]) => [name, fromTable(spec)])),
};

/**
 * @param {unknown} options what run() was given
 * @returns {Record<string, any>} the options, each repeatable one an array (`require: 'title'` is
 *   `['title']`), undefined values left out
 */
export function checkRunOptions(options) {
  if (options === undefined) return {};
  if (!isObject(options)) throw new UsageError(`run() takes an object of options, not ${describe(options)}`);
  const checked = {};
  for (const [name, value] of Object.entries(options)) {
    if (value === undefined) continue; // as if not given: `{ bail: flags.bail }`
    const spec = SPECS[name];
    if (!spec) throw new UsageError(`run() options: ${unknownKey(name)}`);
    if (!spec.test(value)) throw new UsageError(`run() options: ${name} must be ${spec.is}, not ${describe(value)}`);
    checked[name] = spec.many ? [value].flat() : value;
  }
  return checked;
}

function unknownKey(name) {
  if (name in NOT_FOR_RUN) return `"${name}" is not an option of run(): ${NOT_FOR_RUN[name]}`;
  // `schemas` for `schema`, and the command line's spelling (`output-file`) for the camelCased one.
  const meant = closest(name, Object.keys(SPECS)) ?? (camel(name) in SPECS ? camel(name) : undefined);
  return `unknown key "${name}"${meant ? ` (did you mean "${meant}"?)` : ''}`;
}

function describe(value) {
  if (typeof value === 'function') return 'a function';
  if (Array.isArray(value)) return `an array (${short(JSON.stringify(value))})`;
  return short(JSON.stringify(value) ?? String(value));
}

const short = (text) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

// The configuration's errors name options as flags (`--bail takes…`): run()'s name them as its keys.
const FLAG = new RegExp(`--(${Object.keys(OPTIONS).join('|')})\\b(?!-)`, 'g');

// The checks given as options form a rule the configuration names "command line" (load-config.js).
const OPTIONS_RULE = /^command line: /;

/** @param {string} message a UsageError's, worded for the command line */
export const inRunWords = (message) =>
  message.replace(OPTIONS_RULE, 'run() options: ').replace(FLAG, (_, name) => camel(name));
