// `--stdin`: the one file of the run is standard input's text, under the path --stdin-filename gives
// (as if the file were there: its rules, ignores, parser and catalog entries are that path's), or,
// without one, `<stdin>`, checked by the command line's checks alone. The text is decoded by
// formats/read-text.js as a file's is (readEntry: UTF-8, BOM, UTF-16, binary, the size limit).
import path from 'node:path';
import { discover } from './discover.js';
import { formatChooser } from '../../formats/index.js';
import { MAX_TEXT_BYTES } from '../../formats/read-text.js';
import { rulesOf } from '../../shared/rules.js';
import { UsageError } from '../../shared/errors.js';

export const STDIN_NAME = '<stdin>';

/**
 * @param {import('../config/load-config.js').Config} config loaded with the given path as its one pattern
 * @param {AsyncIterable<Buffer>} stream standard input, read to its end (a closed one is an empty text)
 * @param {string | undefined} filename --stdin-filename, relative to the working directory
 * @returns {Promise<import('./discover.js').Discovery>} one file, or none and why in `skipped`
 */
export async function discoverStdin(config, stream, filename) {
  const input = await readAll(stream);
  if (filename === undefined) {
    if (!config.cliRule)
      throw new UsageError(
        `--stdin without --stdin-filename: the rules of ${path.relative(config.cwd, config.configPath) || config.configPath} choose files by path; give the file's path with --stdin-filename, or checks (--schema, --require, --validator)`,
      );
    const rules = [config.cliRule.id];
    const format = formatChooser(rulesOf(config))(STDIN_NAME, rules, 'stdin');
    return {
      files: [{ path: path.join(config.cwd, STDIN_NAME), rel: STDIN_NAME, rules, ...format, input }],
      skipped: [],
    };
  }
  const found = discover(config, { given: path.resolve(config.cwd, filename) });
  for (const entry of found.files) entry.input = input;
  return found;
}

// Every chunk up to the limit a text may have; beyond it the rest is read and counted, not kept, so
// that the writer is never left blocked and the file fails as too large, as one on disk does.
async function readAll(stream) {
  const chunks = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size <= MAX_TEXT_BYTES) chunks.push(chunk);
  }
  return { bytes: size <= MAX_TEXT_BYTES ? Buffer.concat(chunks, size) : Buffer.alloc(0), size };
}
