// The one SHA-256 of filecheck: of a file's text (the result cache compares files by it), of
// settings and files (digest.js), of a problem's identity (reporters' fingerprints).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let hash; // node:crypto, loaded at the first hash (~4 ms): a run without a cache or a lock makes none

/**
 * @param {string | Buffer} data
 * @param {'base64url' | 'hex'} [encoding] hex where a report's format expects it
 * @returns {string}
 */
export function sha256(data, encoding = 'base64url') {
  hash ??= require('node:crypto').hash;
  return hash('sha256', data, encoding);
}
