// The files git says changed: `--changed` (against HEAD: staged, unstaged and untracked files) and
// `--since <ref>` (the same, plus every commit since the merge base of HEAD and ref). Two or three
// git calls, whatever the size of the repository.
import path from 'node:path';
import { git, GitError } from './git.js';
import { UsageError } from '../../shared/errors.js';

/**
 * @param {{ since: string | null }} changed from the Config
 * @param {string} dir a folder of the repository (the project's); git runs there
 * @returns {{ files: Set<string>, where: string }} absolute paths of the changed files that were not
 *   deleted (a renamed file counts under its new name), and the words for "changed <where>"
 * @throws {UsageError} outside a git repository, without git, or with a revision git does not know
 */
export function changedFiles({ since }, dir) {
  const flag = since === null ? '--changed' : `--since ${since}`;
  try {
    const prefix = repositoryPrefix(dir, since);
    const changed = uncommitted(dir);
    if (since !== null) changed.push(...committedSince(dir, since, flag));
    const files = new Set();
    for (const file of changed) files.add(absolute(dir, prefix, file));
    return { files, where: since === null ? 'against HEAD' : `since the merge base of HEAD and ${since}` };
  } catch (error) {
    if (!(error instanceof GitError)) throw error;
    if (error.notFound) throw new UsageError(`${flag} needs git, and ${error.message}`);
    throw new UsageError(
      `${flag}: ${/not a git repository/i.test(error.message) ? `${dir} is not in a git repository` : `git: ${error.message}`}`,
    );
  }
}

// Where `dir` is in the repository (`sub/dir/`, or '' at the top): git names files from the top.
// The revision is checked in the same call; an unknown one is exit status 1 with -q.
function repositoryPrefix(dir, since) {
  if (since === null) return git(['rev-parse', '--show-prefix'], dir).slice(0, -1);
  let output;
  try {
    output = git(['rev-parse', '--show-prefix', '--verify', '-q', `${since}^{commit}`], dir);
  } catch (error) {
    if (error instanceof GitError && error.status === 1)
      throw new UsageError(`--since: git knows no revision "${since}" (a branch, tag or commit; fetch it first?)`);
    throw error;
  }
  // "prefix\nsha\n": the prefix may itself hold a newline, the hash cannot.
  return output.slice(0, output.lastIndexOf('\n', output.length - 2));
}

// Staged, unstaged and untracked (not ignored) files, from the top of the repository. Without rename
// detection a rename is a deletion and an addition, so the new name is listed and the old one dropped.
function uncommitted(dir) {
  const entries = git(
    ['status', '--porcelain', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=all'],
    dir,
  ).split('\0');
  const files = [];
  for (const entry of entries) {
    // "XY path": X is the index's state, Y the working tree's. A file deleted from the index but
    // still on disk is listed again as untracked ("?? path").
    if (entry.length > 3 && entry[0] !== 'D' && entry[1] !== 'D') files.push(entry.slice(3));
  }
  return files;
}

// Files changed by the commits on HEAD's side since the merge base (`ref...HEAD`), deletions left out.
function committedSince(dir, since, flag) {
  try {
    return git(
      [
        'diff',
        '--name-only',
        '-z',
        '--no-renames',
        '--diff-filter=d',
        '--ignore-submodules=all',
        `${since}...HEAD`,
        '--',
      ],
      dir,
    )
      .split('\0')
      .filter(Boolean);
  } catch (error) {
    if (error instanceof GitError && /no merge base/i.test(error.message)) {
      throw new UsageError(
        `${flag}: ${since} and HEAD have no common history (a shallow clone? fetch the history, e.g. actions/checkout with fetch-depth: 0)`,
      );
    }
    throw error;
  }
}

// Paths are made absolute from `dir` (not from the top-level path git would print) so that they read
// like discovery's even when `dir` was reached through a symbolic link.
function absolute(dir, prefix, file) {
  const fromDir = file.startsWith(prefix) ? file.slice(prefix.length) : path.posix.relative(`/${prefix}`, `/${file}`);
  return path.resolve(dir, fromDir);
}
