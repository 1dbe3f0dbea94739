// Answers "does git ignore this file?" from the .gitignore files between the repository root and
// the file (and .git/info/exclude), read lazily, once per directory, with the `ignore` package.
import path from 'node:path';
import { createRequire } from 'node:module';
import { isDirectlyIn, relativePosix } from '../../shared/paths.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
// git matches patterns with the case its core.ignorecase says, which `git init` sets from the
// filesystem: case-sensitive on Linux, folding case on macOS and Windows. The `ignore` package folds
// case unless told (its README says so): on Linux `build/` left a `Build/` that git tracks out of
// the run, unchecked.
const IGNORE_CASE = process.platform === 'darwin' || process.platform === 'win32';

/**
 * @param {string} start a directory inside the repository (or any directory, outside one)
 * @param {Map<string, boolean>} [walked] folders a walk read, each with whether it holds a
 *   .gitignore (simple-walk.js): those are not asked of the file system again
 */
export function gitignoreFilter(start, walked = new Map()) {
  const repository = findRepositoryRoot(start);
  const root = repository ?? start;
  let tracked = null; // the repository's tracked files that its ignore rules match, asked of git once
  const rulesByDir = new Map(); // dir ─▶ ignore instance | null
  const chains = new Map(); // dir ─▶ [{ dir, rules }] from the root down, only dirs that have rules

  function rulesOf(dir) {
    if (!rulesByDir.has(dir)) {
      const sources = walked.get(dir) === false ? [] : [path.join(dir, '.gitignore')];
      if (dir === root) sources.push(path.join(root, '.git', 'info', 'exclude'));
      const text = sources.map(readIfExists).filter(Boolean).join('\n');
      rulesByDir.set(dir, text ? require('ignore')({ ignoreCase: IGNORE_CASE }).add(text) : null);
    }
    return rulesByDir.get(dir);
  }

  function chainOf(dir) {
    if (!chains.has(dir)) {
      // `dir` is below the root (isIgnored checks): the climb ends there, or at `/` for a path not normalised.
      const parent = dir === root || path.dirname(dir) === dir ? [] : chainOf(path.dirname(dir));
      const rules = rulesOf(dir);
      chains.set(dir, rules ? [...parent, { dir, rules }] : parent);
    }
    return chains.get(dir);
  }

  const inside = root + path.sep;
  // Files come sorted by name, most in the folder of the file before: its chain is looked up once.
  let lastDir = null;
  let lastChain = [];
  /**
   * @param {string} file an absolute path
   * @param {boolean} [directory] the path is a folder: patterns such as `build/` match folders only
   */
  return function isIgnored(file, directory = false) {
    if (!isDirectlyIn(file, lastDir)) {
      const dir = path.dirname(file);
      lastDir = dir;
      lastChain = dir === root || dir.startsWith(inside) ? chainOf(dir) : [];
    }
    if (!lastChain.length) return false;
    // Deeper .gitignore files override shallower ones, as in git.
    let ignored = false;
    for (const { dir: at, rules } of lastChain) {
      const verdict = rules.test(directory ? `${relativePosix(at, file)}/` : relativePosix(at, file));
      if (verdict.ignored) ignored = true;
      else if (verdict.unignored) ignored = false;
    }
    // As in git, a file already committed is not ignored: .gitignore keeps only new files out.
    if (ignored && !directory && repository) {
      tracked ??= trackedButIgnored(repository);
      return !tracked.has(file);
    }
    return ignored;
  };
}

// Asked only when some file turns out ignored, so a run that meets none never starts git.
function trackedButIgnored(repository) {
  try {
    const listed = require('./git.js').git(
      ['ls-files', '-z', '--cached', '--ignored', '--exclude-standard'],
      repository,
    );
    return new Set(
      listed
        .split('\0')
        .filter(Boolean)
        .map((name) => path.join(repository, name)),
    );
  } catch {
    return new Set(); // no git to ask: the ignore files alone decide
  }
}

/** @returns {string | null} the nearest folder at or above `start` that holds `.git` */
export function findRepositoryRoot(start) {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

// Asked once per directory of the tree: a failed read throws, which costs ~50 µs a directory,
// so most directories (with no .gitignore) are answered by existsSync alone.
function readIfExists(file) {
  if (!fs.existsSync(file)) return '';
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return ''; // unreadable: as if absent
  }
}
