// What --list-files --verbose says of each file: the schemas it would be checked against and why
// (a rule's own, or what the file chooses: catalog, $schema), then its rules' other checks, those
// across files included (unique, references, sameKeysAs: with the source this file is compared with).
import { createRequire } from 'node:module';
import path from 'node:path';
import { byId, rulesOf } from '../../shared/rules.js';
import { displayFrom } from '../../shared/messages.js';
import { readEntry } from '../../formats/read-text.js';
import { loadParsers, parserNamed } from '../../formats/index.js';
import { expandRefs } from '../files/schema-refs.js';
import { ajvSettings } from './compile-rules.js';
import { loadCatalog } from '../../validators/json-schema/catalog.js';
import { createSchemaChooser } from '../../validators/json-schema/schema-chooser.js';
import { withFragment } from '../../validators/json-schema/schema-fragment.js';
import { notThatKind } from './check-file.js';
import { sourceSpec } from '../../validators/across-files/source-files.js';
import { syntaxOf } from '../../validators/across-files/locale-keys.js';

const require = createRequire(import.meta.url);

/**
 * entry ─▶ its schemas and why, from its rules: a rule's own schema, else what the file chooses.
 * @param {import('../config/load-config.js').Config} config
 * @param {import('../files/discover.js').FileEntry[]} files
 * @returns {(entry: import('../files/discover.js').FileEntry) => string}
 */
export function schemaDescriber(config, files) {
  const rules = byId(rulesOf(config));
  const display = displayFrom(config.cwd);
  loadParsers(files);
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

  // With configs below the run's, each rule says which config gave it.
  const ofConfig = (rule) => (config.configs?.length > 1 ? ` of ${display(rule.config)}` : '');
  return (entry) => {
    const bare = withoutFrontMatter(entry) ?? notThatKindOfFile(entry);
    const parts = bare ? [bare] : [];
    const checks = []; // the rules' other validators, after the schemas
    const schemas = new Map(); // a rule's schema, as it is compiled ─▶ the rules that bring it in
    let documents; // read once, when a rule reads the documents' $schema
    for (const id of entry.rules) {
      const rule = rules.get(id);
      const why = (flag) => (rule.id === -1 ? flag : `rule "${rule.name}"${ofConfig(rule)}`);
      if (rule.schema && !bare) {
        // One that several rules bring in, with the same settings, validates the file once: said once.
        const key = JSON.stringify([rule.schema, rule.schemaFragment, rule.refs, ...ajvSettings(rule)]);
        if (!schemas.has(key))
          parts.push(schemas.set(key, { schema: rule.schema, fragment: rule.schemaFragment, whys: [] }).get(key));
        schemas.get(key).whys.push(why('--schema'));
      }
      if (rule.require.length)
        checks.push(`required keys ${rule.require.map(({ key }) => key).join(', ')} (${why('--require')})`);
      for (const { module } of rule.validators)
        checks.push(`validator ${path.isAbsolute(module) ? display(module) : module} (${why('--validator')})`);
      for (const check of acrossFiles(rule, entry, display)) checks.push(`${check} (${why()})`);
      if (!rule.selection || bare) continue;
      if (rule.selection.document) documents ??= readDocuments(entry);
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
    const said = parts.map((part) =>
      typeof part === 'string'
        ? part
        : `${withFragment(display(part.schema), part.fragment)} (${part.whys.join(', ')})`,
    );
    return [...new Set(said.length ? said : ['(no schema)']), ...new Set(checks)].join('; ');
  };
}

// The rule's checks across files, as this file takes part in them (the config's severities resolved:
// those "off" are gone).
function acrossFiles(rule, entry, display) {
  const said = [];
  if (rule.unique) said.push(`unique ${rule.unique.map(uniqueEntry).join(', ')}`);
  if (rule.references) said.push(`references ${rule.references.map(reference).join(', ')}`);
  if (rule.sameKeysAs) said.push(sameKeysOf(rule, entry, display));
  return said;
}

const uniqueEntry = ({ pointer, ignoreCase }) => (ignoreCase ? `${pointer} ignoring case` : pointer);

const reference = ({ from, to, in: inRule, file }) =>
  `${from} to ${file ? `a file${fileRoots(file)}` : `${to} in ${inRule === undefined ? 'the same rule' : `rule "${inRule}"`}`}`;

// `"file": { "root": "static" }`: where a path starting with "/" is looked for.
const fileRoots = (file) => (file.root === undefined ? '' : ` (/ from ${[file.root].flat().join(', ')})`);

// The source file this one is compared with (of a folder per locale: its own), or that it is one;
// one that is not there, in the words of the check.
function sameKeysOf(rule, entry, display) {
  const { source, placeholders } = rule.sameKeysAs;
  const pairing = sourceSpec(source).sourceOf(path.relative(rule.base, entry.path).split(path.sep).join('/'));
  if (pairing.self) return 'the source of sameKeysAs';
  const syntax = placeholders && syntaxOf(placeholders, entry.path);
  const what = syntax && syntax !== 'off' ? `same keys and ${syntax} placeholders` : 'same keys';
  if (pairing.none) return `${what} as: ${pairing.none}`;
  const file = path.join(rule.base, pairing.source);
  return require('node:fs').existsSync(file)
    ? `${what} as ${display(file)}`
    : `${what} as: no source file ${display(file)} for this file`;
}

// A Markdown page with no front matter (none of its forms opens the file) has nothing its checks
// could read: said instead of its schemas.
function withoutFrontMatter(entry) {
  if (entry.parser !== 'markdown' || entry.refused) return null;
  const read = readEntry(entry);
  if (read.error || parserNamed('markdown').parse(read.text, { ...entry, frontMatter: undefined }).length) return null;
  return entry.frontMatter === 'required'
    ? '(no front matter: fails, as its rules require it)'
    : '(no front matter: passes, none of its checks run)';
}

// A file only a catalog's fileMatch found that its parsers do not read is skipped (check-file.js):
// said instead of its schemas, in the words of the skip.
function notThatKindOfFile(entry) {
  if (!entry.guessedBy || entry.refused) return null;
  const read = readEntry(entry);
  if (read.error) return null;
  const documents = parserNamed(entry.parser ?? 'json').parse(read.text, entry);
  if (!documents.length || !documents.every((document) => document.problems)) return null;
  return `(skipped: ${notThatKind(entry, documents[0].problems[0])})`;
}

function describeChoice({ why, schema, fragment, meta, problem, missing }, display) {
  if (problem) return `(fails: ${problem.message})`;
  if (missing) return `(not validated: ${missing})`;
  return `${meta ? `${meta} meta-schema` : withFragment(display(schema), fragment)} (${why})`;
}

function readDocuments(entry) {
  const read = readEntry(entry);
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
    read: documents.map(({ value, range, comments, parser = entry.parser }) => ({
      value,
      source: { text, parser, range, comments },
    })),
  };
}
