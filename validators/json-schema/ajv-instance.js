// One ajv instance for a schema dialect and a rule's `ajv` settings: formats, non-standard
// keywords, plugins, and ajv's warnings collected instead of printed.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../../shared/errors.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
require('./json-equal.cjs'); // before ajv generates or loads any code
require('./missing-property.cjs'); // before ajv generates any code
require('./keyword-results.cjs'); // before ajv creates an instance: each copies its keywords
require('./finite-integer.cjs'); // before ajv generates any code
require('./wide-alternatives.cjs'); // before ajv creates an instance: each copies its keywords

// A document's keys are its own: JSON.parse's objects inherit from Object.prototype, and without
// ownProperties ajv takes "constructor" or "toString" for keys every object has (`required` passes on {}).
// YAML's .inf and .nan and JSON5's Infinity and NaN are numbers, as YAML 1.2 and JSON5 say and as
// check-jsonschema and v8r read them: `"type": "number"` takes them, `maximum` and `minimum` judge
// them. ajv's strictNumbers would follow `strict` (a verdict that changed with --no-strict), and by
// default makes such a value no number, so that `maximum` passed it.
const SEMANTICS = { allErrors: true, ownProperties: true, strictNumbers: false };
// Unknown keywords and formats are reported once per schema, not fatal: the JSON Schema spec says
// unknown keywords are ignored, and real schemas carry many. `strict: true` makes them errors,
// `strict: false` silent. Style checks (strictTypes, strictTuples, a property that patternProperties
// also matches, as OpenAPI 3.1's schema has ten) are off: they judge the schema, not the data.
const DEFAULTS = {
  ...SEMANTICS,
  strictSchema: 'log',
  strictTypes: false,
  strictTuples: false,
  strictRequired: false,
  allowMatchingProperties: true,
};

const DIALECTS = {
  // ajv has no draft-03: its schemas are rewritten as draft-04 (migrate-draft-03.js), and its
  // meta-schema, so rewritten, is added to a draft-04 ajv.
  'draft-03': () => require('ajv-draft-04'),
  'draft-04': () => require('ajv-draft-04'),
  'draft-06': () => require('ajv').default,
  'draft-07': () => require('ajv').default,
  '2019-09': () => require('ajv/dist/2019').default,
  '2020-12': () => require('ajv/dist/2020').default,
};

/**
 * Imports a rule's ajv plugins, once per rule: creating an ajv instance is then synchronous, so a
 * schema chosen by a file while it is checked can be compiled there.
 * @param {Array<string | [string, unknown]>} plugins module names, resolved from `base`, each with its options
 * @param {string} base
 * @returns {Promise<Array<{ apply: Function, options: unknown }>>}
 */
export async function loadPlugins(plugins, base) {
  const loaded = [];
  for (const plugin of plugins) {
    const [name, options] = [plugin].flat();
    let resolved;
    let exported;
    try {
      resolved = createRequire(path.join(base, 'noop.js')).resolve(name);
      exported = await import(pathToFileURL(resolved).href);
    } catch (error) {
      const why = error.code === 'MODULE_NOT_FOUND' && !resolved ? notInstalled(name) : error.message.split('\n')[0];
      throw new UsageError(`ajv plugin "${name}" cannot be loaded from ${base}: ${why}`);
    }
    const apply = [exported.default, exported.default?.default, exported].find((f) => typeof f === 'function');
    if (!apply) throw new UsageError(`ajv plugin "${name}" does not export a function`);
    assertSharesAjv(name, resolved, base);
    loaded.push({ apply, options });
  }
  return loaded;
}

// A package's name (ajv-keywords of "ajv-keywords/dist/keywords/typeof", a scope's too) says how to
// install it; a file ("./plugins/x.js") is not installed.
function notInstalled(name) {
  const [, packageName] = /^((?:@[^/]+\/)?[^./][^/]*)/.exec(name) ?? [];
  return packageName ? `not installed (npm install -D ${packageName})` : 'not found';
}

// A plugin builds code with the classes of the ajv it requires; a copy of ajv other than
// filecheck's takes them for plain values, and the code it compiles fails, or worse, runs wrong (a
// project that pins its own ajv, with filecheck's nested apart; a filecheck run from outside the
// project, installed globally or by npx, beside the project's plugin and ajv).
function assertSharesAjv(name, resolved, base) {
  const ours = ajvPackageFrom(require);
  const theirs = ajvPackageFrom(createRequire(resolved));
  if (!theirs || theirs.folder === ours.folder) return;
  throw new UsageError(
    `ajv plugin "${name}" uses its own copy of ajv (${theirs.version} at ${theirs.folder}), not filecheck's (${ours.version} at ${ours.folder}): ` +
      `the code it builds would not work; ${oneAjv(base, theirs.version === ours.version)}`,
  );
}

// How to have one ajv: filecheck installed in the project resolves the project's (npm puts one copy
// where both can reach it); installed there, a second copy is npm's to fold, or a pinned version's.
function oneAjv(base, sameVersion) {
  const filecheck = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
  let installed;
  try {
    installed = fs.realpathSync(createRequire(path.join(base, 'noop.js')).resolve('filecheck/package.json'));
  } catch {} // not installed there
  if (installed !== fs.realpathSync(path.join(filecheck, 'package.json')))
    return `filecheck runs from ${filecheck}, not from the project: install it there (npm install --save-dev filecheck) so that both resolve one ajv`;
  return sameVersion ? 'make them one (npm dedupe)' : 'make them one (npm dedupe, or the same ajv version)';
}

function ajvPackageFrom(requireFrom) {
  let file;
  try {
    file = fs.realpathSync(requireFrom.resolve('ajv/package.json'));
  } catch {
    return null; // a plugin that does not use ajv itself
  }
  return { folder: path.dirname(file), version: JSON.parse(fs.readFileSync(file, 'utf8')).version };
}

const PLUGIN_KEYWORDS = new WeakMap(); // ajv ─▶ the keywords its plugins added (ajv-errors' errorMessage…)

/**
 * @param {string} dialect a key of DIALECTS
 * @param {Record<string, any>} settings the rule's `ajv` object
 * @param {Awaited<ReturnType<typeof loadPlugins>>} plugins its plugins, loaded
 * @param {string[]} warnings receives ajv's warnings
 * @param {{ source?: boolean }} [options] source: keep the generated code, for ajv's standalone code
 */
export function createAjv(dialect, settings, plugins, warnings, { source = false } = {}) {
  const { formats = 'full', keywords = [], plugins: _loadedApart, ...options } = settings;
  const Ajv = DIALECTS[dialect]();
  const strictness = options.strict === undefined ? DEFAULTS : SEMANTICS;
  // Under strictSchema false ajv still logs each unknown format; `strict: false` promises silence.
  const collect = (message) => {
    if (!(options.strict === false && /^unknown format /.test(message))) warnings.push(message);
  };
  const ajv = new Ajv({
    ...strictness,
    ...options,
    validateFormats: formats !== false,
    // Stored code (--cache) finds the formats where validators/json-schema/string-formats.cjs says, not in ajv-formats.
    code: { ...options.code, formats: formatsCode(formats), ...(source && { source: true }) },
    logger: { log() {}, warn: (...args) => collect(args.join(' ')), error: (...args) => warnings.push(args.join(' ')) },
  });
  // Not checked against itself as it is added (ajv's own copy): that would compile its validator.
  if (dialect === 'draft-06' && options.meta !== false)
    ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'), undefined, false);
  if (dialect === 'draft-03' && options.meta !== false)
    ajv.addMetaSchema(require('./migrate-draft-03.js').draft03MetaSchema());
  if (formats !== false) {
    require('ajv-formats')(ajv, { mode: formats });
    const added = require('./string-formats.cjs').addedTo[formats === 'fast' ? 'fast' : 'full'];
    for (const [name, format] of Object.entries(added)) ajv.addFormat(name, format);
  }
  if (!source && usesPrecompiledMeta(settings)) withPrecompiledMeta(ajv, dialect);
  const lender = shareMetaSchemas(ajv, `${dialect}${source ? ' source' : ''}`, settings, plugins);
  withKeywordMetaSchemasOf(lender, ajv, () => {
    for (const keyword of keywords) ajv.addKeyword(keyword);
    // ajv resolves $anchor but does not list it among its keywords: a subschema with one that a $ref
    // reaches warned "unknown keyword".
    if ((dialect === '2019-09' || dialect === '2020-12') && !ajv.getKeyword('$anchor')) ajv.addKeyword('$anchor');
    const before = new Set(Object.keys(ajv.RULES.keywords));
    for (const { apply, options: pluginOptions } of plugins) apply(ajv, pluginOptions);
    const added = Object.keys(ajv.RULES.keywords).filter((keyword) => !before.has(keyword));
    if (added.length) PLUGIN_KEYWORDS.set(ajv, new Set(added));
  });
  return ajv;
}

/** @returns {Set<string>} the keywords the rule's plugins added to this ajv (none without plugins) */
export const pluginKeywordsOf = (ajv) => PLUGIN_KEYWORDS.get(ajv) ?? new Set();

/** The dialects whose meta-schema's validator is precompiled (scripts/build-meta-validators.js). */
export const PRECOMPILED_META_DIALECTS = ['draft-04', 'draft-06', 'draft-07', '2019-09', '2020-12'];

// The settings under which ajv would compile a meta-schema's validator as it was precompiled: those
// the precompiled code was built with (none), or only settings that do not reach a meta-schema's
// code (formats, which ajv leaves out of it; keywords and plugins, which add keywords and formats a
// meta-schema does not use; strictness, which a meta-schema meets; how the code is optimised;
// whether $refs are inlined, which changes only an error's schemaPath: the precompiled code inlines
// them, as ajv does by default, so a schema's faults are worded as ever). Not `verbose`, `$data`,
// `allErrors`, the regular expressions' engine and the like, which change it.
const META_NEUTRAL = new Set([
  'formats',
  'keywords',
  'plugins',
  'strict',
  'strictSchema',
  'strictTypes',
  'strictTuples',
  'strictRequired',
  'allowMatchingProperties',
  'inlineRefs',
]);
const usesPrecompiledMeta = ({ code = {}, ...settings }) =>
  Object.keys(settings).every((key) => META_NEUTRAL.has(key)) && Object.keys(code).every((key) => key === 'optimize');

// Checking a schema against a meta-schema (ajv's validateSchema, which asks its `validate` for the
// meta-schema by id) runs the precompiled validator of that meta-schema: ajv never compiles its
// own. A schema that $refs a meta-schema still has ajv compile it, as a part of that schema. Not in
// an ajv whose code is kept (--cache).
const metaId = (dialect) => META_SCHEMAS[dialect].replace(/#$/, '');
// The meta-schema a schema without $schema is checked against, in each dialect's ajv (its class's).
const DEFAULT_META = {
  'draft-04': 'draft-04',
  'draft-06': 'draft-07',
  'draft-07': 'draft-07',
  '2019-09': '2019-09',
  '2020-12': '2020-12',
};
function withPrecompiledMeta(ajv, dialect) {
  const precompiled = new Map(); // id ─▶ dialect, of the precompiled meta-schemas this ajv has
  for (const each of PRECOMPILED_META_DIALECTS) if (ajv.schemas[metaId(each)]) precompiled.set(metaId(each), each);
  // What ajv's defaultMeta() would find: it compiles the meta-schema's validator to know it is there.
  const fallback = DEFAULT_META[dialect];
  if (fallback && ajv.opts.defaultMeta === undefined && precompiled.has(metaId(fallback)))
    ajv.opts.defaultMeta = metaId(fallback);
  const validate = ajv.validate;
  ajv.validate = function validateWithPrecompiledMeta(keyRef, data) {
    const own = typeof keyRef === 'string' && precompiled.get(keyRef.replace(/#$/, ''));
    if (!own) return validate.call(this, keyRef, data);
    const check = require(`./meta-schemas/${own}.cjs`);
    const valid = check(data);
    this.errors = check.errors;
    return valid;
  };
}

// Each schema is compiled by an ajv of its own (compile-offline.js), and each ajv compiles the
// meta-schema it checks schemas against, and a plugin keyword's meta-schema (ajv-errors'), the first
// time it needs them: 4-5 ms an ajv, 1.5 s of 320 SchemaStore schemas. The first ajv of a dialect
// and settings lends the meta-schemas it has compiled to the next ones: the same code, generated
// from the same schema and options.
const lenders = new WeakMap(); // plugins ─▶ dialect and settings ─▶ the first ajv created with them
// @returns the lender, or null when this ajv is the first
function shareMetaSchemas(ajv, dialect, settings, plugins) {
  if (!lenders.has(plugins)) lenders.set(plugins, new Map());
  const key = `${dialect}\0${JSON.stringify(settings, (_, value) => (typeof value === 'function' ? `${value.name}:${value.code ?? ''}` : value))}`;
  const lender = lenders.get(plugins).get(key);
  if (!lender) {
    lenders.get(plugins).set(key, ajv);
    ajv.keywordMetaSchemas = new Map(); // a keyword's meta-schema (JSON) ─▶ its compiled validator
    return null;
  }
  for (const [id, env] of Object.entries(ajv.schemas)) {
    const lent = lender.schemas[id];
    if (env.meta && !env.validate && lent?.meta && lent.validate && lent.schema === env.schema)
      env.validate = lent.validate;
  }
  return lender;
}

// A keyword's meta-schema is compiled when the keyword is added (ajv-errors builds a new one each
// time): the lender's, compiled from the same JSON, serves.
function withKeywordMetaSchemasOf(lender, ajv, addKeywords) {
  const compile = ajv.compile;
  const compiled = (lender ?? ajv).keywordMetaSchemas;
  ajv.compile = (schema, meta) => {
    if (meta !== true) return compile.call(ajv, schema, meta);
    const key = JSON.stringify(schema);
    if (!compiled.has(key)) compiled.set(key, compile.call(ajv, schema, meta));
    return compiled.get(key);
  };
  try {
    addKeywords();
  } finally {
    ajv.compile = compile;
  }
}

/**
 * ajv's `code.regExp` for a schema with patterns that are not valid Unicode regular expressions:
 * those are compiled without the u flag, the others with it (validators/json-schema/regexp.cjs, where stored
 * code finds it too).
 * @returns {Function & { code: string }}
 */
export function lenientRegExp() {
  const regExp = require('./regexp.cjs').lenientRegExp;
  regExp.code = 'require("./regexp.cjs").lenientRegExp'; // ajv's useFunc takes the code as a string
  return regExp;
}

// Where stored code finds the formats of a `formats` setting (a name, not a string, in ajv's code).
function formatsCode(formats) {
  const { _, Name } = require('ajv');
  return _`require("./string-formats.cjs").${new Name(formats === 'fast' ? 'fast' : 'full')}`;
}

/**
 * The dialect named by a schema's `$schema`, or null when filecheck does not know it.
 * @returns {keyof typeof DIALECTS | null}
 */
export function dialectOf(schema) {
  const uri = typeof schema.$schema === 'string' ? schema.$schema.replace(/^https?:\/\//, '').replace(/#$/, '') : '';
  if (uri === '') return 'draft-07';
  const known = {
    'json-schema.org/draft-03/schema': 'draft-03',
    'json-schema.org/draft-04/schema': 'draft-04',
    'json-schema.org/draft-06/schema': 'draft-06',
    'json-schema.org/draft-07/schema': 'draft-07',
    'json-schema.org/draft/2019-09/schema': '2019-09',
    'json-schema.org/draft/2020-12/schema': '2020-12',
    'json-schema.org/schema': '2020-12',
    // OpenAPI 3.1's dialect: 2020-12 and a vocabulary of annotations (discriminator, xml…).
    'spec.openapis.org/oas/3.1/dialect/base': '2020-12',
  };
  return known[uri] ?? null;
}

/** Each dialect's meta-schema id, as ajv registers it. */
export const META_SCHEMAS = {
  'draft-03': 'http://json-schema.org/draft-03/schema#',
  'draft-04': 'http://json-schema.org/draft-04/schema#',
  'draft-06': 'http://json-schema.org/draft-06/schema#',
  'draft-07': 'http://json-schema.org/draft-07/schema#',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
};

/**
 * The schema with its `$schema` spelt as ajv knows it: dialectOf accepts http and https, with or
 * without "#", but ajv finds each meta-schema under one spelling only and rejects the others.
 * An absent or unknown `$schema` is left as it is.
 */
export function withKnownMetaSchema(schema) {
  if (typeof schema.$schema !== 'string' || schema.$schema === '') return schema;
  const dialect = dialectOf(schema);
  return dialect ? { ...schema, $schema: META_SCHEMAS[dialect] } : schema;
}
