// A file's problems as every reporter receives them, from either executor: in the order of the
// text, and without the errors of the alternatives that were not the best match unless they are
// asked for. Where a problem is in the document is its pointer, which every reporter shows beside
// its line:column: a position only near its node (an alias, a merge key, a missing key's object)
// needs no other word.
import { byTextOrder } from '../../shared/file-result.js';

/**
 * The fields validators and locators pass along to this step, which it removes: `atKey` (place
 * the problem on its key, read by the locators), `notBestMatch` (an error of an
 * anyOf/oneOf alternative that another one matches better: validators/json-schema/schema-problems.js),
 * `wantsBoolean` (the schema asks for a boolean where the value is a string, read by YAML's locator:
 * formats/yaml.js).
 * @param {import('./check-file.js').Problem[]} problems
 * @param {{ verbose: boolean }} settings verbose: keep every alternative's errors (--verbose)
 * @returns {import('./check-file.js').Problem[]} sorted by document, line and column; a problem
 *   without a position (one about the whole file or document) comes after those placed in its
 *   document, one without a document after every document; ties keep the order they were found in
 */
export function finishProblems(problems, { verbose }) {
  const finished = [];
  for (const problem of problems) {
    if (problem.notBestMatch && !verbose) continue;
    const { atKey, notBestMatch, wantsBoolean, ...rest } = problem;
    finished.push(rest);
  }
  return finished.sort(byTextOrder);
}
