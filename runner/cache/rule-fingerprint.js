// What a file's verdict depends on besides its own content, rule by rule: filecheck's version and
// its parsers' versions (and the parsers it gives some names), the rule's parser and front matter settings, the required keys, the schema
// (its compiled-schema cache entry: a key covering the ajv settings and plugins, and the digests of
// the schema, its refs and the files its $refs reached), how a rule without a schema chooses one per
// file (reading `$schema` or not; the catalogs and refs, by content) and the validator modules (file,
// package version, options, and the working directory, which ctx.path is relative to), and the checks
// across files of every rule (the facts a file gives depend on them, and a rule's `references` give
// another rule's files a collector); each check's severity with it (runner/config/severities.js: a
// file's warnings are cached with its result, and a check "off" is no check). A pass is
// cached against these fingerprints; a file that chose its schema also against that schema's entry
// (result-cache.js).
import { createRequire } from 'node:module';
import { digestFile, digestModule } from '../../shared/digest.js';
import { sha256 } from '../../shared/sha256.js';
import { expandRefs } from '../files/schema-refs.js';
import { FORMATS } from '../../formats/index.js';
import { resolveValidatorModule } from '../../validators/custom.js';

const require = createRequire(import.meta.url);
// How files are read: the packages of the parsers (formats/index.js), and the parsers some names
// are read with by default (names.js: a name added there reads a file that failed as JSON, at the
// same filecheck version).
const readers = () => [
  ...new Set(Object.values(FORMATS).flatMap((format) => format.packages)),
  '../../formats/names.js',
];
let parsers = null;

/**
 * A schema not in the compiled-schema cache gets an entry here, the files its $refs may name read
 * (not compiled: schema-closure.js); it is compiled where a file needs it. The warnings a stored
 * schema's compilation gave are said again, as when it was compiled, even if no file needs it.
 * @param {import('../config/load-config.js').Rule[]} rules every rule of the run
 * @param {{ used?: Set<number>, schemaCache: import('../../validators/json-schema/compiled-schema-cache.js').SchemaCache,
 *   place: string, warn(message: string): void, display(file: string): string }} context used: the
 *   rules to fingerprint (all, when absent); the checks across files are those of every rule, whichever
 *   rules a run's files are in; place: where the run is made from, relative to the project
 * @returns {Promise<{ fingerprints: Map<number, string | null>, schemas: { cached: number, compiled: number } }>}
 *   null: the rule cannot be fingerprinted (a module that cannot be found), its files are always checked
 */
export async function fingerprintRules(rules, { used, schemaCache, place, warn, display }) {
  const { version } = require('../../package.json');
  const cached = new Set();
  const compiled = new Set();
  const fingerprints = new Map();
  const across = rules.map(({ unique, references, sameKeysAs }) => [unique, references, sameKeysAs]);
  const acrossFiles = across.some((keys) => keys.some((key) => key !== undefined)) ? across : null;
  for (const rule of rules) {
    if (used && !used.has(rule.id)) continue;
    let schema = null;
    if (rule.schema) {
      const schemaRule = { ...rule, refs: expandRefs(rule.refs) };
      let entry = schemaCache.lookup(schemaRule);
      const stored = entry !== null;
      if (stored) {
        for (const note of entry.notes) warn(`schema ${display(rule.schema)}: ${note}`);
      } else {
        entry = schemaCache.record(schemaRule);
      }
      if (entry) (stored && !compiled.has(entry.key) ? cached : compiled).add(entry.key);
      schema = entry && [entry.key, entry.deps];
    }
    const modules = rule.validators.map((ref) => {
      try {
        return [digestModule(resolveValidatorModule(ref, rule.base)), ref.options ?? null, ref.severity];
      } catch {
        return [null];
      }
    });
    const selection = rule.selection && selectionParts(rule, schemaCache);
    const known =
      (!rule.schema || schema) &&
      modules.every(([module]) => module) &&
      !selection?.[1].some(([, sum]) => sum === null);
    const parts = [
      version,
      rule.require,
      schema,
      rule.schemaSeverity,
      modules,
      modules.length ? place : null,
      ...(selection ? [selection] : []),
    ];
    // How the rule's files are read: another parser, or another version of one, may read them otherwise.
    if (rule.parser || rule.frontMatter || rule.yamlTags) parts.push(rule.parser, rule.frontMatter, rule.yamlTags);
    if (rule.allowDuplicateKeys) parts.push('allowDuplicateKeys');
    if (acrossFiles) parts.push(acrossFiles);
    parts.push((parsers ??= readers().map((name) => digestModule(require.resolve(name)))));
    fingerprints.set(rule.id, known ? sha256(JSON.stringify(parts)) : null);
  }
  return { fingerprints, schemas: { cached: cached.size, compiled: compiled.size } };
}

// The files that decide which schema a file chooses (the catalogs, and the refs whose $id a
// `$schema` URL may name), and how the schemas chosen are compiled: the key of the rule's ajv
// settings and plugins (a file's record keeps the keys of its schemas compiled with the old ones,
// which stay current: other settings must miss here).
function selectionParts(rule, schemaCache) {
  const { document, catalogs, store } = rule.selection;
  const files = [...catalogs, ...(document ? expandRefs(rule.refs) : [])];
  const settings = schemaCache.keyOf({ schema: null, meta: 'settings', refs: [], ajv: rule.ajv, base: rule.base });
  // The store's mappings decide which file an entry or a `$schema` URL names (not read: too many).
  return [document, files.map((file) => [file, digestFile(file)]), settings, ...(store?.length ? [store] : [])];
}
