// Where symbolic links may lead while files are found. A link inside the project (the config
// file's folder, else the working directory) to anything outside it is not followed, and a file
// behind one fails unread: a pull request could otherwise have CI read, and quote in its log, any
// file of the machine. A link to a folder that contains it, or to any folder on the way to it, is
// not followed either, so link loops end. Links in folders outside the project (named, or reached
// by a `../` pattern) lead anywhere: the user chose that place.
import path from 'node:path';
import { isInside, realpathOrNull } from '../../shared/paths.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {string} root the project's folder
 * @returns {{ fs: { statSync: Function }, refused: Map<string, string>, refusal(file: string): string | undefined }}
 *   fs: for fast-glob's `fs` option; refused: each link it was kept from following (absolute path)
 *   and why; refusal: why a path named by the user is not to be read, if it is not
 */
export function linkPolicy(root) {
  const realRoot = realpathOrNull(root) ?? root;
  const realpaths = new Map();
  const real = (file) => {
    if (!realpaths.has(file)) realpaths.set(file, realpathOrNull(file));
    return realpaths.get(file);
  };
  const refused = new Map(); // absolute link path ─▶ why it is not followed
  const refusal = (file) => {
    const target = real(file);
    if (target === null || !isInside(root, file) || isInside(realRoot, target)) return undefined;
    const how = fs.lstatSync(file).isSymbolicLink() ? 'is a symbolic link' : 'is behind a symbolic link';
    return `${how} out of the project (to ${target}); not followed`;
  };
  const loops = (link, target) => {
    for (let folder = path.dirname(link); ; folder = path.dirname(folder)) {
      const at = real(folder);
      if (at !== null && isInside(target, at)) return true;
      if (folder === path.dirname(folder)) return false;
    }
  };
  return {
    refused,
    refusal,
    // fast-glob asks stat() of each symbolic link it meets, and of nothing else. Given the link's
    // own stats for a link it must not follow, it neither enters nor reads it: it lists it as a link.
    fs: {
      statSync(link, options) {
        const stats = fs.statSync(link, options); // a broken link or a loop throws, as it always did
        const why =
          refusal(link) ??
          (stats.isDirectory() && loops(link, real(link))
            ? 'is a symbolic link to a folder that contains it; not followed'
            : undefined);
        if (!why) return stats;
        refused.set(path.resolve(link), why);
        return fs.lstatSync(link, options);
      },
    },
  };
}
