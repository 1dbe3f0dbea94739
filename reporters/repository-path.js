// Reported paths are relative to the working directory; a CI system places a problem on a file by
// its path relative to the repository's root (GitHub's GITHUB_WORKSPACE, GitLab's CI_PROJECT_DIR),
// whatever folder filecheck ran from.
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {{ cwd: string, root: string }} places cwd: what reported paths are relative to; root: the repository's
 * @returns {(reported: string) => string} the path relative to the root, with forward slashes; a file
 *   outside the root keeps its absolute path: a CI system still lists its problems, it just cannot
 *   place them on a file of the repository
 */
export function repositoryPaths({ cwd, root }) {
  const realRoot = realpath(root);
  return (reported) => {
    const absolute = path.resolve(cwd, reported);
    const relative = path.relative(realRoot, absolute);
    if (relative === '..' || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative)) return absolute;
    return relative.split(path.sep).join('/');
  };
}

// The root may be reached through a symbolic link (a runner may set it so); reported paths are real.
function realpath(dir) {
  try {
    return fs.realpathSync(dir);
  } catch {
    return path.resolve(dir);
  }
}
