// --list-files: the files a run would check, one per line, for scripts. With --verbose, for people
// asking why a file is or is not checked: every file, skipped ones too, in path order, one line
// each, tab-separated: its path, its parser and the schemas that validate it, then its other
// checks (required keys, custom validators), each saying why:
//   content/a.json     json  schemas/doc.schema.json (rule "docs")
//   config/app.json    json  schemas/app.json ($schema "../schemas/app.json")
//   package.json       json  schemas/package.json (catalog entry "package.json")
//   data/b.json        json  (no schema); required keys title (rule "data")
//   notes/x.json       -     skipped: matches no rule
import { printablePath, printableText } from '../../reporters/printable.js';
import path from 'node:path';
import { byId, rulesOf } from '../shared/rules.js';
import { displayFrom } from '../shared/messages.js';

/**
 * @param {import('../files/discover.js').Discovery} discovery
 * @param {import('../config/load-config.js').Config} config
 * @param {{ write(text: string): unknown }} stdout
 */
export async function listFiles({ files, skipped }, config, stdout) {
  if (!config.verbose) {
    // One per line, so a name holding a line break is quoted, as git ls-files does.
    for (const file of files) stdout.write(`${printablePath(file.rel)}\n`);
    return;
  }
  const describe = await schemaDescriber(config, files);
  let next = 0; // files and skipped are each in path order
  const skip = ({ rel, reason }) => stdout.write(`${printablePath(rel)}\t-\tskipped: ${reason}\n`);
  for (const entry of files) {
    while (next < skipped.length && skipped[next].rel < entry.rel) skip(skipped[next++]);
    stdout.write(`${printablePath(entry.rel)}\t${entry.parser ?? 'json'}\t${printableText(describe(entry))}\n`);
  }
  while (next < skipped.length) skip(skipped[next++]);
}

// entry ─▶ its schemas and why, from its rules: a rule's own schema, else what the file chooses.
async function schemaDescriber(config, files) {
  const rules = byId(rulesOf(config));
  const display = displayFrom(config.cwd);
  const [{ readText }, { expandRefs }, { loadCatalog }, { createSchemaChooser }, { loadParsers, parserNamed }] =
    await Promise.all(
      [
        '../formats/read-text.js',
        '../files/schema-refs.js',
        '../../validators/json-schema/catalog.js',
        '../../validators/json-schema/schema-chooser.js',
        '../formats/index.js',
      ].map((module) => import(module)),
    );
  await loadParsers(files);
  const catalogs = new Map();
  const catalog = (file) => catalogs.get(file) ?? catalogs.set(file, loadCatalog(file, display)).get(file);
  const choosers = new Map();
  for (const rule of rules.values()) {
    if (!rule.selection) continue;
    choosers.set(
      rule.id,
      createSchemaChooser(rule.selection, {
        catalogs: rule.selection.catalogs.map(catalog),
        refs: expandRefs(rule.refs),
        display,
      }),
    );
  }

  return (entry) => {
    const parts = [];
    const checks = []; // the rules' other validators, after the schemas
    let documents; // read once, when a rule reads the documents' $schema
    for (const id of entry.rules) {
      const rule = rules.get(id);
      const why = (flag) => (rule.id === -1 ? flag : `rule "${rule.name}"`);
      if (rule.schema) parts.push(`${display(rule.schema)} (${why('--schema')})`);
      if (rule.require.length) checks.push(`required keys ${rule.require.join(', ')} (${why('--require')})`);
      for (const { module } of rule.validators)
        checks.push(`validator ${path.isAbsolute(module) ? display(module) : module} (${why('--validator')})`);
      if (!rule.selection) continue;
      if (rule.selection.document) documents ??= readDocuments(entry, readText, parserNamed);
      if (rule.selection.document && documents.unknown) {
        parts.push(`(not known: ${documents.unknown})`);
        continue;
      }
      // A stream of several documents (YAML): each may name its own schema.
      for (const { value, source } of documents?.read ?? [{}]) {
        for (const choice of choosers.get(id).choose(entry.path, value, source))
          parts.push(describeChoice(choice, display));
      }
    }
    return [...new Set(parts.length ? parts : ['(no schema)']), ...new Set(checks)].join('; ');
  };
}

function describeChoice({ why, schema, meta, problem, missing }, display) {
  if (problem) return `(fails: ${problem.message})`;
  if (missing) return `(not validated: ${missing})`;
  return `${meta ? `${meta} meta-schema` : display(schema)} (${why})`;
}

function readDocuments(entry, readText, parserNamed) {
  const read = entry.refused ? { error: entry.refused } : readText(entry.path, entry.special);
  if (read.error) return { unknown: `file ${read.error}` };
  const { text } = read;
  if (!entry.parser) {
    try {
      return { read: [{ value: JSON.parse(text), source: { text, parser: 'json' } }] };
    } catch {
      return { unknown: 'not valid JSON' };
    }
  }
  // In a YAML stream, a document that does not parse leaves the others' schemas known, as the check does.
  const documents = parserNamed(entry.parser)
    .parse(text, entry)
    .filter((document) => !document.problems);
  if (!documents.length) return { unknown: `not valid ${entry.parser}` };
  return {
    read: documents.map(({ value, range, comments }) => ({
      value,
      source: { text, parser: entry.parser, range, comments },
    })),
  };
}
