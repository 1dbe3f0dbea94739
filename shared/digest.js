// The digests the caches compare: of a file's bytes, of a module (its file and, for a package, its
// version: a package's entry file often only re-exports files that change with it).
import path from 'node:path';
import { sha256 } from './sha256.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/** @returns {string | null} the digest of the file's bytes, or null when it cannot be read */
export function digestFile(file) {
  try {
    return sha256(fs.readFileSync(file));
  } catch {
    return null;
  }
}

/** @returns {string | null} the digest of a module's file and of the version of the package holding it */
export function digestModule(file) {
  const own = digestFile(file);
  const packageDir = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(file)?.[1];
  if (own === null || !packageDir) return own;
  let version = null;
  try {
    version = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')).version ?? null;
  } catch {
    // no readable package.json: the file's own digest must do
  }
  return sha256(`${own}\0${version}`);
}
