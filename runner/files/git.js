// Runs the git command line, synchronously: one short call, before any file is checked. Callers
// list paths with -z, so that any file name (newlines, quotes, non-ASCII) arrives as it is,
// whatever core.quotePath says.
import { createRequire } from 'node:module';

// Loaded at the first call (~4 ms): discovery asks git only when some file turns out ignored.
const require = createRequire(import.meta.url);

/** git could not be run, or failed; `message` is git's own first line, without "fatal: ". */
export class GitError extends Error {
  name = 'GitError';
}

/**
 * @param {string[]} args
 * @param {string} cwd
 * @returns {string} what git printed on stdout
 * @throws {GitError} with `notFound` when there is no git to run, else git's `status`
 */
export function git(args, cwd) {
  try {
    // --no-optional-locks: `status` would otherwise refresh the index and take its lock, which can
    // collide with the git command that runs us (a hook) or with an editor's.
    return require('node:child_process').execFileSync('git', ['--no-optional-locks', ...args], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      maxBuffer: 2 ** 30,
      windowsHide: true,
    });
  } catch (error) {
    if (error.code === 'ENOENT') throw Object.assign(new GitError('git was not found on PATH'), { notFound: true });
    const line = String(error.stderr ?? '')
      .split('\n')
      .find((text) => text.trim());
    throw Object.assign(new GitError(line?.replace(/^(fatal|error): /, '') ?? error.message), { status: error.status });
  }
}
