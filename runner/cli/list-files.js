// --list-files: the files a run would check, one per line, for scripts. With --verbose, for people
// asking why a file is or is not checked: every file, skipped ones too, in path order, one line
// each, tab-separated: its path, its parser and the schemas that validate it, then its other
// checks (required keys, custom validators), each saying why:
//   content/a.json     json  schemas/doc.schema.json (rule "docs")
//   config/app.json    json  schemas/app.json ($schema "../schemas/app.json")
//   package.json       json  schemas/package.json (catalog entry "package.json")
//   data/b.json        json  (no schema); required keys title (rule "data")
//   notes/x.json       -     skipped: matches no rule
import { createRequire } from 'node:module';
import { printablePath, printableText } from '../../reporters/printable.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../files/discover.js').Discovery} discovery
 * @param {import('../config/load-config.js').Config} config
 * @param {{ write(text: string): unknown }} stdout
 */
export function listFiles({ files, skipped }, config, stdout) {
  if (!config.verbose) {
    // One per line, so a name holding a line break is quoted, as git ls-files does.
    for (const file of files) stdout.write(`${printablePath(file.rel)}\n`);
    return;
  }
  const describe = require('../check/describe-schemas.js').schemaDescriber(config, files);
  let next = 0; // files and skipped are each in path order
  const skip = ({ rel, reason }) => stdout.write(`${printablePath(rel)}\t-\tskipped: ${reason}\n`);
  for (const entry of files) {
    while (next < skipped.length && skipped[next].rel < entry.rel) skip(skipped[next++]);
    stdout.write(`${printablePath(entry.rel)}\t${entry.parser ?? 'json'}\t${printableText(describe(entry))}\n`);
  }
  while (next < skipped.length) skip(skipped[next++]);
}
