// A key written twice in one JSON object: JSON.parse keeps the last value and drops the first
// without a word (a translation overwritten by a pasted block, a setting defined twice), where other
// readers keep the first or refuse the file. YAML and TOML readers refuse such a file; JSON, JSONC
// (here) and JSON5 (json5.js) files fail the same way, and every format says it in one wording.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * @param {string} text the JSON that was parsed (for JSONC, with comments blanked: offsets kept)
 * @param {{ keys: number, colonFirst: number }} shape of JSON.parse's value of it (json.js): its
 *   keys, each once, and its strings (keys too) that start with spaces and a colon. The value must be
 *   no deeper than depth-limit.js allows: the visitor that places a duplicate recurses once per level.
 * @param {string} [why] what it means, when not that the file fails (duplicateKeyMessage)
 * @returns {import('../runner/check/check-file.js').Problem[]} one `parse` problem at each key met again in its object
 */
export function duplicateKeyProblems(text, { keys, colonFirst }, why = undefined) {
  // Cheap first, as most files have no duplicate. countKeyEnds counts each key as written, and each
  // string written as spaces and a colon first (a raw quote inside a string is escaped, a raw tab or
  // line break not allowed). The value has the same strings, but for those of a dropped duplicate
  // (more in the text) and those whose first space or colon is an escape (which only a value with
  // such strings can have): without those, equal counts mean no key is written twice. Only a file
  // where they differ is read again.
  const trusted = keys + colonFirst === countKeyEnds(text) && (colonFirst === 0 || !SPACE_OR_COLON_ESCAPED.test(text));
  if (trusted) return [];
  const problems = [];
  const objects = []; // for each object open around the visitor: its keys' offsets
  let locate;
  require('jsonc-parser').visit(text, {
    onObjectBegin: () => {
      objects.push(new Map());
    },
    onObjectEnd: () => {
      objects.pop();
    },
    onObjectProperty: (name, offset) => {
      const seen = objects[objects.length - 1];
      if (!seen.has(name)) {
        seen.set(name, offset);
        return;
      }
      locate ??= require('./json-positions.js').lineLocator(text);
      problems.push(duplicateKeyProblem(name, locate(seen.get(name)), locate(offset), why));
    },
  });
  return problems;
}

/**
 * The one wording of a key written twice, in every format: it fails the file, and why.
 * @param {string} shown the key as messages show it (JSON's quoted, TOML's as written)
 * @param {{ line: number, column: number }} first where it is first written
 * @param {string} [why] TOML's readers all refuse such a file, where JSON's and YAML's disagree
 */
export const duplicateKeyMessage = (shown, first, why = KEYS_ARE_UNIQUE) =>
  `duplicate key ${shown} (first at ${first.line}:${first.column}): ${why}`;

const KEYS_ARE_UNIQUE = "an object's keys must be unique (readers disagree on which value counts)";

/**
 * @param {string} name the key
 * @param {{ line: number, column: number }} first where it is first
 * @param {{ line: number, column: number }} at where it is again
 * @param {string} [why] as duplicateKeyMessage's
 * @returns {import('../runner/check/check-file.js').Problem}
 */
export const duplicateKeyProblem = (name, first, at, why = undefined) => ({
  validator: 'parse',
  message: duplicateKeyMessage(JSON.stringify(name), first, why),
  ...at,
  kind: 'parse',
});

const SPACE_OR_COLON_ESCAPED = /\\u00(?:20|3[aA])/;

// The colons that follow a quote that is not escaped, blanks between allowed: each key's, and those
// of a string that starts with spaces and a colon (`":"`). indexOf scans natively, and a colon is
// rarer than a quote in JSON: 2.5 times faster than searching for `":` (4 µs for a 50 KB page of HTML).
function countKeyEnds(text) {
  let count = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    let before = i - 1;
    let c = text.charCodeAt(before);
    while (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) c = text.charCodeAt(--before); // JSON's blanks
    if (c !== 0x22) continue; // not a quote
    let backslashes = 0;
    while (text.charCodeAt(before - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) count++;
  }
  return count;
}
