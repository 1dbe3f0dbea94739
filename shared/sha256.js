// The one SHA-256 of filecheck: of a file's text (the result cache compares files by it), of
// settings and files (digest.js), of a problem's identity (reporters' fingerprints).
import { hash } from 'node:crypto';

/**
 * @param {string | Buffer} data
 * @param {'base64url' | 'hex'} [encoding] hex where a report's format expects it
 * @returns {string}
 */
export const sha256 = (data, encoding = 'base64url') => hash('sha256', data, encoding);
