// Fingerprints that tell a CI system which problem of one run is which problem of another: GitLab's
// merge request widget compares the branch's report with the target branch's, GitHub's code scanning
// matches alerts across runs. A fingerprint comes from what the problem is: its file, its validator,
// where in the document (the JSON pointer; the line and column only for a problem that has none,
// such as a syntax error) and its message. Never from when it was found, and not from its line, so
// that a line inserted above a problem does not make it look fixed and found again.
import { sha256 } from '../shared/sha256.js';

/**
 * @param {string} file the file as the report names it
 * @param {import('../runner/check/check-file.js').Problem[]} problems its problems, in the order reported
 * @returns {string[]} a fingerprint per problem (64 hex digits), each distinct: a problem reported
 *   twice at the same place (a custom validator may) is told apart by its order
 */
export function fingerprints(file, problems) {
  const repeats = new Map();
  return problems.map((p) => {
    const where = p.pointer ?? (p.line === undefined ? '' : `${p.line}:${p.column}`);
    const identity = JSON.stringify([file, p.validator, where, p.message]);
    const repeat = repeats.get(identity) ?? 0;
    repeats.set(identity, repeat + 1);
    return sha256(repeat ? `${identity}#${repeat}` : identity, 'hex');
  });
}
