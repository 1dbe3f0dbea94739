// The `json-schema` validator: ajv 8, the dialect taken from the schema's $schema, $refs resolved
// from preloaded and local files only. Each schema is compiled once per process; with --cache, once
// until it changes, later runs loading the standalone code the first one stored (schema-cache.js).
import path from 'node:path';
import { createRequire } from 'node:module';
import { UsageError } from '../runner/errors.js';
import { createAjv, dialectOf, loadPlugins, withKnownMetaSchema, META_SCHEMAS } from './ajv-instance.js';
import { toProblems } from './schema-problems.js';
import { readSchema as readSchemaFile, idOf, withId, localFileFor, localPathFor } from './schema-files.js';

const readSchema = (file, display) => withKnownMetaSchema(readSchemaFile(file, display));

const require = createRequire(import.meta.url);

/**
 * @typedef {{ name: 'json-schema', key?: string, files: string[], validate(doc: unknown): object[] }} SchemaValidator
 *   key: the schema's compiled-schema cache key (with --cache), which a file's cached pass depends on;
 *   files: those it was compiled from (the schema, its preloaded refs, the local files its $refs
 *   reached), which --watch watches
 * @typedef {{ validator(schema: string, refs: string[]): SchemaValidator, metaValidator(dialect: string): SchemaValidator,
 *   compileMs: number }} SchemaLoader
 *   Both are synchronous, so a schema a file chooses can be compiled while it is checked; each
 *   schema is compiled once (a schema that cannot be used throws the same UsageError every time).
 *   compileMs: the time spent compiling (or loading stored code) so far
 */

/**
 * The schemas of one set of ajv settings (a rule's `ajv` and the folder its plugins resolve from).
 * @param {{ ajv: Record<string, any>, base: string }} settings
 * @param {{ warn(message: string): void, display(file: string): string, schemaCache?: string }} context
 *   schemaCache: the folder of compiled schemas (--cache), see schema-cache.js
 * @returns {Promise<SchemaLoader>}
 */
export async function createSchemaLoader({ ajv, base }, { warn, display, schemaCache }) {
  const cache = schemaCache ? (await import('./schema-cache.js')).schemaCacheAt(schemaCache, warn, display) : null;
  const plugins = await loadPlugins(ajv.plugins ?? [], base);
  const built = new Map(); // what was asked ─▶ { validator } | { error }
  let compileMs = 0;
  const once = (key, build) => {
    if (!built.has(key)) {
      const started = performance.now();
      try {
        built.set(key, { validator: build() });
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        built.set(key, { error });
      } finally {
        compileMs += performance.now() - started;
      }
    }
    const { validator, error } = built.get(key);
    if (error) throw error;
    return validator;
  };
  const make = (rule, shown) => {
    const { validate, notes, files } = loadStored(cache, rule) ?? compileSchema(rule, shown, plugins, cache, display);
    for (const note of notes) warn(`schema ${shown}: ${note}`);
    return {
      name: 'json-schema',
      ...(cache && { key: cache.keyOf(rule) }),
      files,
      validate(doc) {
        return validate(doc) ? [] : toProblems(validate.errors);
      },
    };
  };
  return {
    get compileMs() {
      return compileMs;
    },
    validator: (schema, refs) => once(JSON.stringify([schema, refs]), () => make({ schema, refs, ajv, base }, display(schema))),
    metaValidator: (dialect) => once(dialect, () => make({ schema: null, meta: dialect, refs: [], ajv, base }, `${dialect} meta-schema`)),
  };
}

/**
 * @param {{ schema: string, refs: string[], ajv: Record<string, any>, base: string }} rule
 * @param {{ warn(message: string): void, display(file: string): string, schemaCache?: string }} context
 * @returns {Promise<SchemaValidator>}
 */
export async function createJsonSchemaValidator(rule, context) {
  return (await createSchemaLoader(rule, context)).validator(rule.schema, rule.refs);
}

// Stored code that does not load is compiled, and stored, again.
function loadStored(cache, rule) {
  const entry = cache?.lookup(rule);
  if (!entry?.code) return null;
  try {
    return { validate: cache.load(entry.code), notes: entry.notes, files: entry.deps.map(([file]) => file) };
  } catch {
    return null;
  }
}

// A schema file, or (`meta`) the meta-schema of a dialect as ajv has it built in: a document whose
// $schema names a meta-schema is a schema, checked offline.
function compileSchema(rule, shown, plugins, cache, display) {
  const notes = [];
  const warnings = [];
  // Standalone code cannot carry what a plugin adds (functions, formats of its own): schemas of
  // rules with plugins are compiled on every run.
  const storable = !!cache && !plugins.length;
  const deps = [];
  let ajv;
  let validate;
  if (rule.meta) {
    ajv = createAjv(rule.meta, rule.ajv, plugins, warnings, { source: storable });
    validate = ajv.getSchema(META_SCHEMAS[rule.meta]);
  } else {
    const schemaFile = rule.schema;
    const raw = readSchema(schemaFile, display);
    let dialect = dialectOf(raw);
    if (!dialect) {
      notes.push(`unknown $schema "${raw.$schema}", validating it as draft-07`);
      dialect = 'draft-07';
    }
    const schema = withId(dialectOf(raw) ? raw : { ...raw, $schema: undefined }, schemaFile, dialect);
    ajv = createAjv(dialect, rule.ajv, plugins, warnings, { source: storable });
    preloadRefs(ajv, rule.refs, schemaFile, dialect, display);
    validate = compile(ajv, schema, schemaFile, shown, dialect, warnings, deps, display);
  }
  for (const message of new Set(warnings)) notes.push(inOurWords(message));
  if (cache) {
    let code = storable ? standaloneCode(ajv, validate) : null;
    // The stored code is what runs from the first run on, so a cold run and a warm one agree.
    try {
      if (code) validate = cache.load(code);
    } catch {
      code = null;
    }
    cache.save(rule, { deps, notes, code });
  }
  return { validate, notes, files: rule.meta ? [] : [...new Set([rule.schema, ...rule.refs, ...deps])] };
}

// A keyword whose code refers to a function cannot be written out: ajv throws, and the schema is
// compiled on every run.
function standaloneCode(ajv, validate) {
  try {
    return require('ajv/dist/standalone').default(ajv, validate);
  } catch {
    return null;
  }
}

function preloadRefs(ajv, refs, schemaFile, dialect, display) {
  for (const file of refs) {
    if (path.resolve(file) === path.resolve(schemaFile)) continue;
    const ref = readSchema(file, display);
    if (ajv.getSchema(idOf(ref, file))) continue;
    try {
      ajv.addSchema(withId(ref, file, dialect));
    } catch (error) {
      throw new UsageError(`schema ${display(file)} (preloaded ref): ${error.message}`);
    }
  }
}

// As ajv's compileAsync does, but synchronously and offline: each missing $ref is looked up on
// disk, added, and the compile retried (the files read are pushed onto `deps`). So is each unknown
// format, once warned about.
function compile(ajv, schema, schemaFile, shown, dialect, warnings, deps, display) {
  const rootId = idOf(schema, schemaFile);
  const tried = new Set();
  for (;;) {
    try {
      return ajv.compile(schema);
    } catch (error) {
      if (error.missingSchema === undefined) {
        const format = ignorableFormat(ajv, error);
        if (format === null) throw new UsageError(`schema ${shown} is invalid: ${error.message}`, { files: [schemaFile, ...deps] });
        warnings.push(error.message);
        ajv.addFormat(format, true);
        continue;
      }
      const url = error.missingSchema;
      const local = tried.has(url) ? null : localFileFor(url, rootId, schemaFile);
      if (!local) {
        // The file the $ref names, when it is a local one: --watch tries again once it is there.
        const expected = tried.has(url) ? null : localPathFor(url, rootId, schemaFile);
        const files = [schemaFile, ...deps, ...(expected ? [expected] : [])];
        // A relative $ref of a schema without an $id is a local file, missing; a URL may be an $id to preload.
        if (expected && url.startsWith('file:')) throw new UsageError(`schema ${shown}: $ref "${error.missingRef}": no such file (${display(expected)})`, { files });
        throw new UsageError(`schema ${shown}: $ref "${error.missingRef}" cannot be resolved offline; preload the schema it names with --ref or the rule's "refs"`, { files });
      }
      tried.add(url);
      deps.push(local);
      const ref = readSchema(local, display);
      const id = ref.$id ?? ref.id;
      // Registered under the URL that was asked for, whatever id the file gives itself.
      ajv.addSchema(id ? ref : { [dialect === 'draft-04' ? 'id' : '$id']: url, ...ref }, id && id.replace(/#$/, '') !== url ? url : undefined);
    }
  }
}

// ajv throws on an unknown format unless strictSchema is false (then it only logs), whereas an
// unknown keyword is only logged under strictSchema "log": filecheck treats both alike, as the
// README says (warned about and ignored, an error only with strict: true).
function ignorableFormat(ajv, error) {
  if (ajv.opts.strictSchema === true) return null;
  return /^unknown format "(.+)" ignored in schema at path "[^"]*"$/.exec(error.message)?.[1] ?? null;
}

function inOurWords(message) {
  const keyword = /unknown keyword: "([^"]+)"/.exec(message);
  if (keyword?.[1] === 'errorMessage') return 'unknown keyword "errorMessage" is ignored: it is the ajv-errors plugin\'s (add it to the rule\'s ajv.plugins to show its messages)';
  if (keyword) return `unknown keyword "${keyword[1]}" is ignored (list it in the rule's ajv.keywords, or use --no-strict to silence this)`;
  const format = /unknown format "([^"]+)" ignored in schema at path "([^"]*)"/.exec(message);
  if (format) return `unknown format "${format[1]}" is not checked (at ${format[2]})`;
  return message.replace(/^strict mode: /, '');
}
