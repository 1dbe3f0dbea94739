// The `json-schema` validator: ajv 8, the dialect taken from the schema's $schema, $refs resolved
// from preloaded and local files only (compile-offline.js). Each schema is compiled once per
// process; with --cache, once until it changes, later runs loading the standalone code stored the
// second time a run compiled it (compiled-schema-cache.js).
import { createRequire } from 'node:module';
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { withFragment } from './schema-fragment.js';

const require = createRequire(import.meta.url);
// What compiles a schema, loaded when a run first compiles one: a run whose schemas are all loaded
// as stored code (compiled-schema-cache.js) loads none of it, nor ajv's compiler (~30 modules).
const ajvInstance = () => require('./ajv-instance.js');
const schemaResources = () => require('./schema-resources.js');
const schemaClosureResources = (...args) => require('./schema-closure.js').schemaClosureResources(...args);
// A failing file's problems are worded by code a passing run never loads.
const schemaProblems = () => require('./schema-problems.js');
// Why ajv ran out of stack on a document, read from the schema's files when it has.
const stackOverflow = () => require('./stack-overflow.js');
// The code that keeps plugins' values in stored code, for --cache and ajv plugins alone.
const pluginCode = () => require('./plugin-code.js');

/**
 * @typedef {{ name: 'json-schema', key?: string, files: string[], validate(doc: unknown, ctx?: object,
 *   source?: { applied?: string[] }): object[] }} SchemaValidator
 *   key: the schema's compiled-schema cache key (with --cache), which a file's cached pass depends on;
 *   files: those it was compiled from (the schema, its preloaded refs, the local files its $refs
 *   reached), which --watch watches; source.applied: the schemas already applied to the document,
 *   which it adds itself to, and validates nothing if it is there already
 * @typedef {{ validator(schema: string, refs: string[], fragment?: string | null): SchemaValidator,
 *   metaValidator(dialect: string): SchemaValidator, compileMs: number }} SchemaLoader
 *   validator: the schema file's, or (fragment) its part the fragment names (schema-fragment.js). Both are synchronous, so a schema a file chooses can be compiled while it is checked; each
 *   schema is compiled once (a schema that cannot be used throws the same UsageError every time).
 *   compileMs: the time spent compiling (or loading stored code) so far
 */

// Numbers each loader: a schema's identity (validate's source.applied) names its ajv settings too.
let loaderCount = 0;

// Whether the wording of a document's errors reads ajv's verbose errors (the schema beside the
// keyword): an anyOf/oneOf's alternatives, what a `not` matches, or the properties declared beside
// an extra key.
function verboseNeed(errors) {
  let need = null;
  for (const { keyword } of errors) {
    if (keyword === 'anyOf' || keyword === 'oneOf' || keyword === 'not') return 'alternatives';
    if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') need = 'keys';
  }
  return need;
}

const ENDLESS =
  'the schema applies itself to the same value without end: a $ref (in allOf, extends…) leads back to where it started without going deeper into the data';

// A document on which ajv ran out of stack, which is no deeper than depth-limit.js allows: the
// schema goes round without reading deeper, ajv's code for its $dynamicRef goes round, or its
// code is too deep for ajv (stack-overflow.js).
// No verdict on the file: a problem of kind error.
function outOfStack(rule, shown, display) {
  const files = rule.meta ? new Map() : schemaClosureResources(rule);
  const { loopsInPlace, dynamicRefOf } = stackOverflow();
  const loops = loopsInPlace(files);
  const dynamic = loops ? null : dynamicRefOf(files);
  let why = "ajv ran out of stack validating this file: the schema is too deep for ajv's code";
  if (loops) why = ENDLESS;
  else if (dynamic) {
    const root = files.keys().next().value;
    const place = `${dynamic.file === root ? '' : display(dynamic.file)}#${dynamic.pointer}`;
    why = `ajv's handling of its ${dynamic.keyword} "${dynamic.ref}" at ${place} recursed without end (a known limitation of ajv), so this file cannot be validated against it`;
  }
  return { validator: 'json-schema', message: `schema ${shown}: ${why}`, kind: 'error' };
}

/**
 * The schemas of one set of ajv settings (a rule's `ajv` and the folder its plugins resolve from).
 * @param {{ ajv: Record<string, any>, base: string, schemaStore?: import('./schema-store.js').SchemaStore }} settings
 *   schemaStore: where the $refs it maps are read
 * @param {{ warn(message: string): void, display(file: string): string, schemaCache?: { dir: string, run: string },
 *   keep?: number, strategy?: string }} context
 *   schemaCache: the folder of compiled schemas (--cache), see compiled-schema-cache.js, and a mark of
 *   the run (its workers' too), which tells a schema compiled by an earlier run; keep: how many
 *   compiled schemas to keep, the least recently used dropped first; strategy: how every schema is
 *   compiled (compileStrategy's `forced`), FILECHECK_SCHEMA_COMPILE's when not given
 * @returns {Promise<SchemaLoader>}
 */
export async function createSchemaLoader(
  { ajv, base, schemaStore },
  { warn, display, schemaCache, keep = Infinity, strategy: forced = process.env.FILECHECK_SCHEMA_COMPILE },
) {
  // The folder kept without --cache says nothing of its own troubles (a folder it cannot write, an
  // entry it cannot read): what it keeps only saves time.
  const kept = schemaCache
    ? require('./compiled-schema-cache.js').schemaCacheAt(
        schemaCache.dir,
        schemaCache.smallOnly ? () => {} : warn,
        display,
        { digests: !schemaCache.smallOnly },
      )
    : null;
  const runMark = schemaCache?.run;
  const plugins = ajv.plugins?.length ? await ajvInstance().loadPlugins(ajv.plugins, base) : [];
  // Stored code gets a plugin's functions back from an ajv with the rule's plugins (plugin-code.js).
  const storedRequire = kept && plugins.length ? pluginCode().storedCodeRequire({ ajv, base }, plugins) : undefined;
  const loaderId = ++loaderCount;
  const built = new Map(); // what was asked ─▶ { validator } | { error }
  const refIndexes = new Map(); // a list of refs ─▶ its index, read when a schema compiled with it first needs it
  const refIndexOf = (refs) => {
    const key = JSON.stringify(refs);
    if (!refIndexes.has(key)) refIndexes.set(key, schemaResources().createRefIndex(refs, display, schemaStore));
    return refIndexes.get(key);
  };
  let compileMs = 0;
  const once = (key, build) => {
    let found = built.get(key);
    if (found) {
      built.delete(key); // the most recently used last
    } else {
      const started = performance.now();
      try {
        found = { validator: build() };
      } catch (error) {
        if (!(error instanceof UsageError)) throw error;
        found = { error };
      } finally {
        compileMs += performance.now() - started;
      }
      // Files come in path order, a schema's mostly together: one not used for a while is
      // dropped, so that memory does not grow with the number of schemas (compiled again if asked).
      if (built.size >= keep) built.delete(built.keys().next().value);
    }
    built.set(key, found);
    if (found.error) throw found.error;
    return found.validator;
  };
  const make = (rule, shown, identity) => {
    // Without --cache, only a small schema is kept, whose code loads faster than it compiles; the
    // others are compiled as by a run that keeps nothing (compiled-schema-cache.js, isSmall).
    const cache = kept && (!schemaCache.smallOnly || kept.isSmall(rule)) ? kept : null;
    // With --cache, a schema an earlier run compiled apart is compiled whole now, and its code stored;
    // so is one whose stored code does not load (loadStored).
    const entry = cache?.lookup(rule);
    const store = (entry?.compiled === 'apart' && entry.run !== runMark) || !!entry?.hasCode;
    // A meta-schema is compiled whole, as ajv has it (compileSchema).
    let strategy = rule.meta ? 'eager' : compileStrategy({ store, strictChecks: strictChecks(ajv), forced });
    const spent = (ms) => (compileMs += ms);
    const compile = (how) =>
      loadStored(cache, rule, storedRequire) ??
      compileSchema(rule, shown, {
        plugins,
        cache,
        runMark,
        store: store && how === 'eager',
        storedRequire,
        display,
        refIndexOf,
        lazy: how !== 'eager',
        apart: how === 'apart',
        spent,
      });
    let { validate, notes, files } = compile(strategy);
    let broken; // the problem of every file that reaches a part of the schema that cannot be compiled
    let offline; // when that is a $ref to a schema of the web that is not here (compile-offline.js)
    for (const note of notes) warn(`schema ${shown}: ${note}`);
    // Code compiled apart says where its errors are from otherwise (a schemaPath from each $ref'd
    // subschema's own root): a document whose problems are worded from where its errors are from
    // is checked again by the code with $refs inlined, as lazy compiles it (when first needed).
    let inlined;
    const errorsOf = (doc, errors) => {
      if (strategy !== 'apart' || !schemaProblems().wordedFromSchemaPaths(errors)) return errors;
      try {
        inlined ??= compileSchema(rule, shown, {
          plugins,
          cache: null,
          storedRequire,
          display,
          refIndexOf,
          lazy: true,
          spent,
        }).validate;
        if (!inlined(doc)) return inlined.errors;
      } catch {
        // A copy that cannot be compiled, or run as far as this document: the errors found.
      }
      return errors;
    };
    // The schema again with ajv's verbose errors, which carry an anyOf/oneOf's alternatives for its
    // wording (schema-alternatives.js), and the properties declared beside an additionalProperties
    // or unevaluatedProperties that refused a key, for "did you mean" (did-you-mean.js): compiled
    // (never stored) when a failing document first has such an error. Verbose code takes 6-9%
    // longer to compile, which passing files would pay for (bench/RESULTS.md). Two copies at most:
    // `inlined`, whose errors say where they are from as lazy's do (what an anyOf's wording and
    // errorsOf read); and, for an extra key alone under `apart`, `apart`, compiled as the schema
    // is, which compiles only the parts a document reaches (one tsconfig.json against SchemaStore's
    // schema: 70 ms more than without suggestions, where the inlined copy took 250).
    const verbose = new Map(); // how ─▶ the verbose copy's validate
    const problemsOf = (doc, errors) => {
      const need = verboseNeed(errors);
      if (!need) return schemaProblems().toProblems(errorsOf(doc, errors), doc);
      const how =
        need === 'keys' && strategy === 'apart' && !schemaProblems().wordedFromSchemaPaths(errors)
          ? 'apart'
          : 'inlined';
      try {
        if (!verbose.has(how))
          verbose.set(
            how,
            compileSchema(rule, shown, {
              plugins,
              cache: null,
              storedRequire,
              display,
              refIndexOf,
              lazy: strategy !== 'eager',
              apart: how === 'apart',
              spent,
              verbose: true,
            }).validate,
          );
        const copy = verbose.get(how);
        if (!copy(doc)) return schemaProblems().toProblems(copy.errors, doc);
      } catch {
        // A copy that cannot be compiled, or run as far as this document: the plain errors' words.
      }
      return schemaProblems().toProblems(errorsOf(doc, errors), doc);
    };
    // Code that throws on a document (a fault of filecheck's, or of a plugin's keyword) gives no
    // verdict on the file: its problem says whose failure it is, with the schema's name.
    const internalError = (error) => ({
      validator: 'json-schema',
      message: `schema ${shown} could not be run on this file: ${error?.message ?? String(error)} (an internal error of ${plugins.length ? "filecheck or of the rule's ajv plugins" : 'filecheck'}, not a fault of the file: please report it)`,
      kind: 'error',
    });
    const run = (doc) => {
      try {
        return validate(doc) ? [] : problemsOf(doc, validate.errors);
      } catch (error) {
        if (error instanceof RangeError && /call stack/.test(error.message)) return [outOfStack(rule, shown, display)];
        if (!(error instanceof require('./lazy-refs.js').LazyCompileError)) return [internalError(error)];
        // A part compiled on first use that cannot be: the whole schema is compiled as it would
        // have been at first, which says why it cannot be used (or validates as it should). Such
        // a schema fails the files that reach its broken part (docs/json-schema.md, "How schemas are compiled").
        if (broken) return broken;
        const started = performance.now();
        try {
          strategy = 'eager';
          ({ validate, files } = compile(strategy));
        } catch (failure) {
          if (!(failure instanceof UsageError)) return [internalError(failure)];
          // As the schema fails when it is compiled whole (a rule's: a configuration error, run.js).
          broken = [{ validator: 'json-schema', message: failure.message, kind: 'error', unusableSchema: true }];
          offline = failure.offline;
          return broken;
        } finally {
          spent(performance.now() - started);
        }
        return run(doc);
      }
    };
    // Every problem says which schema found it, for the reporters (a catalog's choice is renamed
    // after its entry: chosen-schemas.js).
    const named = (problems) => {
      for (const problem of problems) problem.schema = shown;
      return problems;
    };
    return {
      name: 'json-schema',
      ...(cache && { key: cache.keyOf(rule) }),
      get files() {
        return files();
      },
      // Why the schema cannot be used by the documents that reach its broken part, when a $ref
      // there names a schema of the web that is not here, as a compilation of all of it says by
      // throwing: a file a catalog chose it for is then only parsed (chosen-schemas.js).
      get offline() {
        return broken && offline;
      },
      // A schema applies once to a document, however many of the file's rules bring it in; one
      // that a document finds not here is not applied, so that each rule leaves it out alike.
      validate: (doc, _ctx, source) => {
        if (source?.applied?.includes(identity)) return [];
        const problems = named(run(doc));
        if (source && !(problems === broken && offline)) (source.applied ??= []).push(identity);
        return problems;
      },
    };
  };
  return {
    get compileMs() {
      return compileMs;
    },
    validator: (schema, refs, fragment = null) => {
      const key = JSON.stringify([schema, refs, fragment]);
      return once(key, () =>
        make(
          { schema, refs, ajv, base, schemaStore, ...(fragment && { schemaFragment: fragment }) },
          withFragment(display(schema), fragment),
          `${loaderId} ${key}`,
        ),
      );
    },
    metaValidator: (dialect) =>
      once(dialect, () =>
        make({ schema: null, meta: dialect, refs: [], ajv, base }, `${dialect} meta-schema`, `${loaderId} ${dialect}`),
      ),
  };
}

/**
 * @param {{ schema: string, schemaFragment?: string | null, refs: string[], ajv: Record<string, any>, base: string }} rule
 * @param {{ warn(message: string): void, display(file: string): string, schemaCache?: { dir: string, run: string }, strategy?: string }} context
 * @returns {Promise<SchemaValidator>}
 */
export async function createJsonSchemaValidator(rule, context) {
  return (await createSchemaLoader(rule, context)).validator(rule.schema, rule.refs, rule.schemaFragment);
}

/**
 * How a schema is compiled: `eager` all of it before its first document, as ajv does; `lazy` each
 * $ref'd subschema when a document first reaches it (lazy-refs.js), where ajv inlines the small
 * ones into the code of every place that uses them; `apart` as lazy, but each $ref'd subschema
 * compiled once, when first reached, and called, none inlined, and large property subschemas
 * likewise (defer-properties.js): less code to generate (bench/RESULTS.md), the same verdicts. Its
 * errors say where they are from otherwise: a failing document whose problems depend on that (an
 * anyOf, a type and an enum at one place: wordedFromSchemaPaths) is checked again by lazy's code.
 * Apart is what a run takes (a schema that uses a keyword of the rule's ajv plugins, which may
 * read where an error is from, as ajv-errors' errorMessage does, is compiled as lazy does:
 * compile-offline.js); lazy for a rule with ajv's stricter checks (strictTypes…), which apart would
 * say only of the parts a document reaches; eager when its code is to be stored (--cache, a schema
 * compiled by an earlier run: compiled-schema-cache.js), the code of the whole schema. `forced`
 * (FILECHECK_SCHEMA_COMPILE) names one, for tests that compare them (docs/json-schema.md, "How
 * schemas are compiled").
 * @param {{ store: boolean, strictChecks: boolean, forced?: string }} context
 * @returns {'apart' | 'lazy' | 'eager'}
 */
export function compileStrategy({ store, strictChecks, forced }) {
  if (forced === 'apart' || forced === 'lazy' || forced === 'eager') return forced;
  if (store) return 'eager';
  return strictChecks ? 'lazy' : 'apart';
}

// Whether a rule's ajv settings turn on ajv's checks of a schema beyond its unknown keywords and
// formats (ajv-instance.js leaves them off).
const strictChecks = (settings) =>
  ['strict', 'strictTypes', 'strictTuples', 'strictRequired'].some(
    (key) => settings[key] !== undefined && settings[key] !== false,
  );

// Stored code that does not load is compiled, and stored, again.
function loadStored(cache, rule, storedRequire) {
  const entry = cache?.lookup(rule);
  if (!entry?.code) return null;
  try {
    return {
      validate: cache.load(entry.code, storedRequire),
      notes: entry.notes,
      files: () => entry.deps.map(([file]) => file),
    };
  } catch {
    return null;
  }
}

// A schema file, or (`meta`) the meta-schema of a dialect as ajv has it built in: a document whose
// $schema names a meta-schema is a schema, checked offline. cache: what was compiled is kept there
// (--cache), marked by this run (`runMark`); store: compiled whole, its standalone code with it.
function compileSchema(
  rule,
  shown,
  {
    plugins,
    cache,
    runMark,
    store = false,
    storedRequire,
    display,
    refIndexOf,
    lazy,
    apart = false,
    spent,
    verbose = false,
  },
) {
  const notes = [];
  let warnings = [];
  // What a plugin adds by value (a keyword's function, a format) is given code that gets it back
  // (plugin-code.js); a schema that uses a plugin's keyword which cannot be is not stored.
  const storable = !!cache && store;
  const dialects = new WeakMap(); // ajv ─▶ the dialect it was created for
  const newAjv = (dialect, options, collected) => {
    const created = ajvInstance().createAjv(dialect, options, plugins, collected, { source: storable });
    dialects.set(created, dialect);
    if (storable && plugins.length) pluginCode().watchCompiles(created);
    return created;
  };
  let deps = [];
  let ajv;
  let validate;
  let resources; // the schema files the compilation read, which the cache's record need not read again
  if (rule.meta) {
    // ajv compiles its own meta-schemas with formats off (a pattern that is no regular expression
    // passes): here they are added as schemas like any other, their formats checked.
    ajv = newAjv(rule.meta, { ...rule.ajv, meta: false, validateSchema: false, ...(verbose && { verbose }) }, warnings);
    validate = compileMetaSchema(ajv, ajvInstance().META_SCHEMAS[rule.meta]);
  } else {
    const compiled = require('./compile-offline.js').compileOffline(
      schemaResources().readResource(rule.schema, display),
      {
        naming: { shown, display },
        refs: { index: refIndexOf(rule.refs), store: rule.schemaStore },
        ajvSettings: {
          newAjv: (dialect, options, collected) =>
            newAjv(dialect, { ...rule.ajv, ...options, ...(verbose && { verbose }) }, collected),
          unicodeRegExp: rule.ajv.unicodeRegExp,
        },
        strategy: { lazy: lazy && !storable, optimize: storable, inline: !apart, spent },
        fragment: rule.schemaFragment ?? null,
      },
    );
    ({ ajv, validate, deps, warnings, resources } = compiled);
    notes.push(...compiled.notes);
    warnings = [...unknownsInFiles(rule, ajv, dialects.get(ajv), resources, display), ...warnings];
  }
  notes.push(...require('./schema-warnings.js').schemaNotes(warnings));
  if (storable) {
    const complete = plugins.length
      ? pluginCode().givePluginValuesCode(ajv, dialects.get(ajv), rule.ajv.formats ?? 'full')
      : (code) => code;
    let code = standaloneCode(ajv, validate, complete);
    // The stored code is what runs from the run that stores it on, so that run and a warm one agree.
    try {
      if (code) validate = cache.load(code, storedRequire);
    } catch {
      code = null;
    }
    cache.save(rule, { deps, notes, code, whole: true, run: runMark, resources });
  } else if (cache) {
    cache.save(rule, { deps, notes, code: null, whole: false, run: runMark, resources });
  }
  // A lazy compilation adds to deps as documents reach more of the schema.
  return { validate, notes, files: () => (rule.meta ? [] : [...new Set([rule.schema, ...rule.refs, ...deps])]) };
}

// What every file the schema may draw on holds that the compilation's ajv does not know, found
// when the schema is loaded whichever way it is compiled (a part compiled on first use is warned
// about now, not never), each format placed in the file it is written in. A file of another
// dialect, migrated before ajv sees it, is left to ajv's own warnings.
function unknownsInFiles(rule, ajv, dialect, resources, display) {
  const root = path.resolve(rule.schema);
  const files = [...schemaClosureResources(rule, resources)].filter(
    ([, resource]) => resource && (resource.dialect ?? resources.get(root)?.dialect ?? 'draft-07') === dialect,
  );
  return require('./schema-warnings.js').unknownsIn(
    ajv,
    files.map(([file, { raw }]) => ({
      raw,
      place: (pointer) => (file === root ? `#${pointer}` : `${display(file)}#${pointer}`),
    })),
  );
}

// The meta-schema with this id, and those its $refs reach (2019-09's and 2020-12's vocabularies),
// as ajv ships them (draft-03's, as filecheck does).
function compileMetaSchema(ajv, id) {
  // Draft-03's, as its schemas are: rewritten as draft-04 (migrate-draft-03.js).
  ajv.addSchema(
    id === ajvInstance().META_SCHEMAS['draft-03']
      ? require('./migrate-draft-03.js').draft03MetaSchema()
      : schemaResources().metaSchemaResource(id).raw,
  );
  for (;;) {
    try {
      return ajv.getSchema(id);
    } catch (error) {
      const missing = error.missingSchema && schemaResources().metaSchemaResource(error.missingSchema);
      if (!missing) throw error;
      ajv.addSchema(missing.raw, error.missingSchema);
    }
  }
}

// A keyword whose code refers to a function without code (plugin-code.js) cannot be written out:
// ajv throws, and the schema is compiled on every run.
function standaloneCode(ajv, validate, complete) {
  try {
    return complete(require('ajv/dist/standalone').default(ajv, validate));
  } catch {
    return null;
  }
}
