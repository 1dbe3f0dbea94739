// What filecheck promises of every file and the bare loop does not do, for the baselines that add it
// (baseline-promises.js, baseline-split-promises.js): the file read by formats/read-text.js (binary
// and UTF-16 found, the size limit, only regular files read) and parsed by formats/json.js (keys
// written twice and nesting too deep found), then checked as the bare loop checks it.
import { makeCheck } from './baseline-lib.js';
import { readText } from '../formats/read-text.js';
import { parseJson } from '../formats/json.js';

/** @returns {Promise<(file: string) => boolean>} whether a file reads, parses and is valid */
export async function makePromisedCheck(schemaFile) {
  const valid = await makeCheck(schemaFile, false, (text) => {
    const { value, problems } = parseJson(text);
    if (problems) throw new Error(problems[0].message);
    return value;
  });
  return (file) => {
    const read = readText(file);
    return !read.error && valid(read.text);
  };
}
