// Answers "does git ignore this file?" from the .gitignore files between the repository root and
// the file (and .git/info/exclude), read lazily, once per directory, with the `ignore` package.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @param {string} start a directory inside the repository (or any directory, outside one) */
export function gitignoreFilter(start) {
  const root = findRepositoryRoot(start) ?? start;
  const createIgnore = require('ignore');
  const perDirectory = new Map();

  function rulesOf(dir) {
    if (!perDirectory.has(dir)) {
      const sources = [path.join(dir, '.gitignore')];
      if (dir === root) sources.push(path.join(root, '.git', 'info', 'exclude'));
      const text = sources.map(readIfExists).filter(Boolean).join('\n');
      perDirectory.set(dir, text ? createIgnore().add(text) : null);
    }
    return perDirectory.get(dir);
  }

  /** @param {string} file an absolute path */
  return function isIgnored(file) {
    const relative = path.relative(root, file);
    if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
    // Deeper .gitignore files override shallower ones, as in git.
    let ignored = false;
    let dir = root;
    for (const part of path.dirname(relative).split(path.sep).filter((p) => p && p !== '.').concat([null])) {
      const rules = rulesOf(dir);
      if (rules) {
        const verdict = rules.test(path.relative(dir, file).split(path.sep).join('/'));
        if (verdict.ignored) ignored = true;
        else if (verdict.unignored) ignored = false;
      }
      if (part === null) break;
      dir = path.join(dir, part);
    }
    return ignored;
  };
}

function findRepositoryRoot(start) {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function readIfExists(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}
