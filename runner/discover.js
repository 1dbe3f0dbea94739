// Config.rules × patterns ──fast-glob──▶ the sorted list of files to check, each with its rules.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from './errors.js';
import { gitignoreFilter } from './gitignore.js';

const require = createRequire(import.meta.url);
const NEVER = ['**/node_modules/**'];
const GLOB_CHARS = /[*?[\]{}()!]/;

/**
 * @typedef {{ path: string, rel: string, rules: number[] }} FileEntry  path absolute, rel as reported
 * @typedef {{ files: FileEntry[], skipped: { rel: string, reason: string }[] }} Discovery
 * @param {import('./config.js').Config} config
 * @returns {Discovery}
 */
export function discover(config) {
  const found = config.patterns.length ? expandPatterns(config) : expandRules(config);
  const named = config.patterns.length ? literalFiles(config) : new Set();
  const picomatch = require('picomatch');
  const matchers = config.rules.map((rule) => ({ rule, ...ruleMatchers(picomatch, rule) }));
  const ignored = globalIgnore(picomatch, config.ignore);
  const isGitignored = gitignoreFilter(config.configPath ? path.dirname(config.configPath) : config.cwd);

  const files = [];
  const skipped = [];
  for (const file of [...new Set(found)]) {
    const rel = toPosix(path.relative(config.cwd, file));
    // Ignored files are left out silently, unless they were named one by one.
    if (isInNodeModules(file) || ignored(file) || isGitignored(file)) {
      if (named.has(file)) skipped.push({ rel, reason: 'ignored' });
      continue;
    }
    const rules = matchers.filter((m) => m.matches(file)).map((m) => m.rule.id);
    if (config.cliRule) rules.push(config.cliRule.id);
    if (rules.length) files.push({ path: file, rel, rules });
    else skipped.push({ rel, reason: 'matches no rule' });
  }
  const byRel = (a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0);
  return { files: files.sort(byRel), skipped: skipped.sort(byRel) };
}

// Command-line patterns: a path that exists is taken literally (even `item [1].json`); a directory
// stands for the JSON files below it; anything else is a glob. A pattern that matches nothing is an error.
function expandPatterns(config) {
  const found = [];
  const unmatched = [];
  for (const pattern of config.patterns) {
    const literal = path.resolve(config.cwd, pattern);
    const stats = lstatOrNull(literal);
    let matches;
    if (stats && stats.isDirectory() && !path.extname(literal)) matches = glob(['**/*.json'], literal);
    else if (stats) matches = [literal];
    else if (GLOB_CHARS.test(pattern)) matches = glob([pattern], config.cwd);
    else matches = [];
    if (!matches.length) unmatched.push(pattern);
    found.push(...matches);
  }
  if (unmatched.length && !config.passWithNoFiles) {
    throw new UsageError(`no files match ${unmatched.map((p) => `"${p}"`).join(', ')} (use --pass-with-no-files to allow this)`);
  }
  return found;
}

function literalFiles(config) {
  return new Set(config.patterns.map((pattern) => path.resolve(config.cwd, pattern)));
}

function expandRules(config) {
  return config.rules.flatMap((rule) => glob(rule.files, rule.base));
}

function glob(patterns, cwd) {
  const fg = require('fast-glob');
  const entries = fg.sync(patterns, {
    cwd,
    absolute: true,
    // Directories and other non-files named like data files (`x.json/`) are returned too, so that
    // they are reported as failing instead of silently passing over them.
    onlyFiles: false,
    markDirectories: true,
    ignore: NEVER,
    suppressErrors: true,
  });
  return entries.filter((entry) => !entry.endsWith('/') || path.extname(entry.slice(0, -1))).map((entry) => path.normalize(entry.replace(/\/$/, '')));
}

function ruleMatchers(picomatch, rule) {
  const options = { dot: false };
  const include = picomatch(rule.files.map(stripDotSlash), options);
  const exclude = rule.ignore.length ? picomatch(rule.ignore.map(stripDotSlash), options) : () => false;
  return {
    matches(file) {
      const rel = toPosix(path.relative(rule.base, file));
      return include(rel) && !exclude(rel);
    },
  };
}

function globalIgnore(picomatch, ignores) {
  const tests = ignores.map(({ base, globs }) => {
    const match = picomatch(globs.map(stripDotSlash), { dot: true });
    return (file) => match(toPosix(path.relative(base, file)));
  });
  return (file) => tests.some((test) => test(file));
}

const stripDotSlash = (glob) => glob.replace(/^\.\//, '');
const toPosix = (p) => p.split(path.sep).join('/');
const isInNodeModules = (file) => file.split(path.sep).includes('node_modules');

function lstatOrNull(file) {
  try {
    return fs.lstatSync(file);
  } catch {
    return null;
  }
}
