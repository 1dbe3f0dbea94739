// Compiles a schema file as ajv's compileAsync would, but synchronously and offline: each $ref ajv
// cannot resolve is looked up (a meta-schema ajv ships, a preloaded ref by its $id, a local file),
// added, and the compile retried. Drafts mix (docs/json-schema.md, "Drafts mix"): the compile runs in the
// newest dialect among the schemas it reaches, starting again when it meets a newer one, and each
// older schema is checked against its own draft's meta-schema, then migrated (migrate-schema.js).
// Each attempt ends compiled, or says why it must start again (a newer dialect, a schema to compile
// whole, a shared $dynamicAnchor, a pattern that is no Unicode one): nextAttempt, a pure function,
// decides the next one, and compileOffline loops until one compiles.
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../../shared/errors.js';
import { createAjv, lenientRegExp, META_SCHEMAS, pluginKeywordsOf } from './ajv-instance.js';
import { compiledAs, isNewer, migrateSchema } from './migrate-schema.js';
import { anchorsOf, scopeChains, staticDynamicRefs } from './dynamic-refs.js';
import { withoutNullable } from './openapi-nullable.js';
import { withProtoPatterns } from './proto-properties.js';
import { withEnumAlternatives } from './enum-alternatives.js';
import { localFileFor, localPathFor } from './schema-files.js';
import { urlKey } from './url-key.js';
import { metaSchemaResource, readResource } from './schema-resources.js';
import { isSchema, pointerInto, walkSchema } from './schema-walk.js';
import { enableLazyRefs } from './lazy-refs.js';
import { compiledSoFar } from './failed-compilation.js';
import { DEFERRED, deferProperties, quietIn } from './defer-properties.js';
import { existingStoreFile, isPulled, storeFilesFor } from './schema-store.js';

const require = createRequire(import.meta.url);
// Why a schema cannot be used is worded by code a run with usable schemas never loads.
const schemaInvalid = () => require('./schema-invalid.js');

/**
 * @typedef {{ dialect: string, unicode: boolean, lazy: boolean, sharedAnchors: Set<string> }} Attempt
 *   how one compilation is attempted: in which dialect, patterns with the u flag or not, lazily or
 *   not, and the $dynamicAnchor names found declared by two schemas (dynamic-refs.js)
 * @typedef {{ why: 'newer dialect', dialect: string } | { why: 'not lazy' } | { why: 'shared anchor', name: string }
 *   | { why: 'not unicode', error: Error | null, resources: import('./schema-resources.js').SchemaResource[] }} Restart
 *   why an attempt stopped before its end, which the next one takes into account (nextAttempt): a
 *   schema of a newer draft than the attempt's; one ajv must compile whole (compiledWhole); a
 *   $dynamicAnchor name an earlier rewrite took for declared once, declared again; a pattern that
 *   is no Unicode regular expression (error: ajv's, when ajv found it)
 */

/**
 * @param {import('./schema-resources.js').SchemaResource} schema the root schema
 * @param {{ naming: { shown: string, display(file: string): string },
 *   refs: { index: ReturnType<typeof import('./schema-resources.js').createRefIndex>, store?: import('./schema-store.js').SchemaStore },
 *   ajvSettings: { newAjv(dialect: string, options: { code?: { regExp: Function } }, warnings: string[]): import('ajv').default,
 *     unicodeRegExp?: boolean },
 *   strategy: { lazy: boolean, optimize: boolean, inline: boolean, spent(ms: number): void }, fragment?: string | null }} options
 *   naming: the schema as messages name it, and how they name a file; refs: where a $ref is looked
 *   up, the preloaded refs and the URL prefixes mapped to folders (--schema-store); ajvSettings:
 *   newAjv, an ajv of the rule's settings, and the rule's own unicodeRegExp (when it has none, a
 *   schema whose patterns are not all Unicode ones is compiled again, those patterns without the u
 *   flag, the others with it); strategy (json-schema.js compileStrategy): lazy, compile each $ref'd
 *   subschema when a document first reaches it (lazy-refs.js), not all before the first document;
 *   optimize, run ajv's optimisation passes; inline, let ajv inline a small $ref'd subschema into
 *   the code of each place that uses it (false: it is compiled once, apart, and called; when lazy,
 *   not before a document reaches it); spent, receives the time each such later compilation takes;
 *   fragment: the part of the schema that validates (schema-fragment.js), as a $ref's fragment
 *   names it; none, all of it
 * @returns {{ ajv: import('ajv').default, validate: Function, deps: string[], warnings: string[], notes: string[], lazy: boolean,
 *   resources: Map<string, import('./schema-resources.js').SchemaResource> }}
 *   deps: the local files the $refs reached (so far, when lazy); warnings: ajv's; notes: filecheck's,
 *   for people; lazy: whether it was compiled lazily (not for a schema with $dynamicRef or $recursiveRef);
 *   resources: the files read so far, by path
 */
export function compileOffline(schema, { naming, refs, ajvSettings, strategy, fragment = null }) {
  const root = refs.index.inMetaDialect(schema);
  const words = schemaWords(root, naming);
  const job = {
    root,
    rootDialect: root.dialect ?? 'draft-07', // the dialect of the schemas without a $schema
    words,
    sources: schemaSources(root, refs, words),
    ajvSettings,
    strategy,
    notes: [], // filecheck's, for people, from every attempt: said once
    rootAnchors: rootAnchorsOf(root),
    fragment,
  };
  let attempt = {
    dialect: compiledAs(job.rootDialect),
    unicode: ajvSettings.unicodeRegExp !== false,
    lazy: strategy.lazy,
    sharedAnchors: new Set(),
  };
  try {
    job.sources.preloadedWithId(root.id, root);
    for (;;) {
      const outcome = compileAttempt(job, attempt);
      if (outcome.compiled) {
        return {
          ...outcome.compiled,
          lazy: attempt.lazy,
          notes: [...new Set(job.notes)],
          resources: job.sources.files,
        };
      }
      const next = nextAttempt(attempt, outcome.restart, ajvSettings.unicodeRegExp);
      if (next.invalid !== undefined) throw words.fail(`schema ${naming.shown} is invalid: ${next.invalid}`);
      if (next.refused) throw words.refused(next.refused.resource, [next.refused]);
      if (next.withoutUFlag) job.notes.push(words.compiledWithoutUFlag(next.withoutUFlag));
      attempt = next.attempt;
    }
  } catch (error) {
    throw withUnknownDialects(error, job.notes);
  }
}

/**
 * The attempt after one that stopped, or why there is none. A pattern written for an engine
 * without the u flag, as many real schemas' are, is compiled without it (the schema's others keep
 * it), unless the rule's ajv settings say how, or it is broken anyway.
 * @param {Attempt} attempt the one that stopped
 * @param {Restart} restart why
 * @param {boolean | undefined} unicodeRegExp the rule's own setting
 * @returns {{ attempt: Attempt, withoutUFlag?: { at: object | null, reason: string } } | { refused: object } | { invalid: string }}
 *   withoutUFlag: the pattern compiled without the u flag from now on (null: not found), for a note;
 *   refused: the fault of a pattern that is no regular expression, where it is (badPattern) and
 *   what it is; invalid: the schema cannot be compiled, in ajv's words
 */
export function nextAttempt(attempt, restart, unicodeRegExp) {
  if (restart.why === 'newer dialect') return { attempt: { ...attempt, dialect: restart.dialect } };
  if (restart.why === 'not lazy') return { attempt: { ...attempt, lazy: false } };
  if (restart.why === 'shared anchor')
    return { attempt: { ...attempt, sharedAnchors: new Set(attempt.sharedAnchors).add(restart.name) } };
  const broken = badPattern(restart.resources, false);
  if (broken || !attempt.unicode || unicodeRegExp !== undefined) {
    const at = broken ?? badPattern(restart.resources, attempt.unicode);
    if (!at) return { invalid: restart.error.message };
    return {
      refused: { ...at, message: `is not a valid ${broken ? '' : 'Unicode '}regular expression (${at.reason})` },
    };
  }
  const at = badPattern(restart.resources, true);
  return { attempt: { ...attempt, unicode: false }, withoutUFlag: { at, reason: at?.reason ?? restart.error.message } };
}

/**
 * The options of an attempt's ajv, beside the rule's. ajv's optimisation passes over the generated
 * code take a third of a large schema's compile time and gain nothing measurable in validation
 * (kumadocs' schema), nor change what is valid: they are kept only for code that is stored
 * (--cache), loaded by many runs.
 * @param {{ unicode: boolean, optimize: boolean, inline: boolean }} how
 * @returns {{ code?: { regExp?: Function, optimize?: false }, inlineRefs?: false }}
 */
export function attemptAjvOptions({ unicode, optimize, inline }) {
  const code = { ...(!unicode && { regExp: lenientRegExp() }), ...(!optimize && { optimize: false }) };
  return { ...(Object.keys(code).length && { code }), ...(!inline && { inlineRefs: false }) };
}

// One compilation in the attempt's dialect and ways: ajv compiles the root schema, each $ref it
// cannot resolve is looked up and added, and the compilation is tried again.
// @returns {{ compiled: { ajv, validate, deps: string[], warnings: string[] } } | { restart: Restart }}
function compileAttempt(job, attempt) {
  const compiling = startAttempt(job, attempt);
  const { ajv, deps, warnings, loaded } = compiling;
  const { shown, fail } = job.words;
  const first = addResource(compiling, job.root, job.root.id);
  if (first.restart) return first;
  const rootId = urlKey(first.id);
  for (;;) {
    const forgetFailed = compiledSoFar(ajv);
    try {
      const validate = job.fragment === null ? ajv.getSchema(rootId) : partOf(job, ajv, rootId, deps);
      return { compiled: { ajv, validate, deps, warnings } };
    } catch (error) {
      forgetFailed();
      if (compiling.restart) return { restart: compiling.restart };
      if (!(error instanceof Error) || error instanceof UsageError) throw error;
      // ajv recurses without end on some valid schemas (an $id and a relative $ref it loops between).
      if (error instanceof RangeError)
        throw fail(`schema ${shown} cannot be compiled: ajv runs out of stack on it (${error.message})`, deps);
      if (error instanceof SyntaxError && /^Invalid regular expression/.test(error.message))
        return { restart: { why: 'not unicode', error, resources: loaded.map(({ resource }) => resource) } };
      const mended = mendError(compiling, error);
      if (compiling.restart) return { restart: compiling.restart };
      if (!mended) throw fail(`schema ${shown} is invalid: ${error.message}`, deps);
    }
  }
}

// The part of the root schema its fragment names, compiled; one it names nothing with, or something
// other than a schema (`#/properties/a/type`, a string, which ajv would take for a schema that
// passes everything), cannot be used. The error is marked `badFragment`: the fault is in what named
// the schema (a rule's "schema" says which rule: runner/check/compile-rules.js), not in the schema.
function partOf({ fragment, root, words }, ajv, rootId, deps) {
  const validate = ajv.getSchema(`${rootId}#${fragment}`);
  const other = validate && !isSchema(validate.schema) && typeof validate.schema !== 'boolean';
  if (!validate || other) {
    const found = other
      ? `${kindOf(validate.schema)} in ${words.nameOf(root)}, not a schema`
      : `nothing in ${words.nameOf(root)}`;
    const error = words.fail(`schema ${words.shown}: the fragment #${fragment} points at ${found}`, deps);
    throw Object.assign(error, { badFragment: true });
  }
  return validate;
}

const kindOf = (value) => (Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`);

// An attempt's ajv, and what it was given so far.
function startAttempt(job, { dialect, unicode, lazy, sharedAnchors }) {
  const apart = lazy && !job.strategy.inline;
  const warnings = [];
  const ajv = job.ajvSettings.newAjv(dialect, attemptAjvOptions({ unicode, ...job.strategy }), warnings);
  if (apart) ajv.addKeyword(DEFERRED);
  const quiet = apart ? quietIn(ajv) : null;
  const compiling = {
    job,
    dialect,
    unicode,
    lazy,
    apart,
    ajv,
    warnings,
    quiet,
    // A plugin's keyword may read where an error is from (ajv-errors' errorMessage takes the errors
    // whose schemaPath is under its own), which code compiled apart says otherwise: what is at or
    // under a node that uses one is compiled as lazy compiles it (defer-properties.js).
    plugins: { pluginKeywords: apart ? pluginKeywordsOf(ajv) : new Set(), guardedRefs: new Set() },
    staticRefs: dynamicRefRewriter(
      job.rootAnchors,
      sharedAnchors,
      scopeChains(job.root, (url) => chainedSchemaAt(compiling, url)),
    ),
    added: new Map(), // resource key ─▶ the schema given to ajv
    claimed: new Map(), // id ─▶ the resource that has it
    loaded: [], // { resource, id, schema }, the root first
    reached: new Map(), // URL ─▶ the resource added for it
    tried: new Set(), // the URLs loaded
    deps: [], // the local files added, but the root
    chained: [], // { resource, id }, those scopeChains read ahead of ajv (chainedSchemaAt)
    // Why the attempt stops, when a $ref loaded while ajv compiles says so: the load says there is
    // no such schema, ajv's compilation fails, and the attempt returns this.
    restart: null,
  };
  // A subschema compiled on first use that cannot be compiled is so at the first document that
  // reaches it: the validator then compiles the whole schema (json-schema.js), which says why.
  if (lazy)
    enableLazyRefs(ajv, {
      load: (url, ref) => !compiling.tried.has(url) && loadRef(compiling, url, ref),
      peek: (url, ref) => peekRef(compiling, url, ref),
      retry: (error) => mendError(compiling, error),
      spent: job.strategy.spent,
      quiet,
      guardedRefs: compiling.plugins.guardedRefs,
    });
  return compiling;
}

// Gives ajv a schema resource, under the URL a $ref reached it by.
// @returns {{ id?: string } | { restart: Restart }} id: its id, unless it was given before
function addResource(compiling, resource, url) {
  const { job, ajv, dialect, apart, added, claimed } = compiling;
  const { root, words, notes } = job;
  const own = resource.dialect ?? job.rootDialect;
  // A copy of a meta-schema ajv has built in (schemas checked against a local copy) is
  // compiled as the file it is, without the $id ajv has taken.
  const copy = resource === root && metaSchemaResource(resource.id) && ajv.getSchema(urlKey(resource.id));
  const named = !copy && typeof (resource.raw.$id ?? resource.raw.id) === 'string';
  const id = named ? resource.id : copy ? fileUrl(resource.file) : url;
  const ids = named ? resource.ids : new Set([urlKey(id)]);
  compiling.reached.set(url, resource);
  if (added.has(resource.key)) {
    // The same schema asked for by another URL (its file's, say, and its $id).
    if (!ids.has(urlKey(url))) ajv.addSchema(added.get(resource.key), url);
    return {};
  }
  for (const each of ids) {
    const other = claimed.get(each);
    if (other)
      throw words.fail(
        `schema ${words.shown}: $id "${each}" is given by both ${words.nameOf(other)} and ${words.nameOf(resource)}`,
        [other.file, resource.file].filter(Boolean),
      );
  }
  if (resource.unknown) notes.push(words.unknown(resource));
  if (resource.twice) notes.push(...resource.twice);
  const prepared = prepareSchema(compiling, resource, own, id);
  if (prepared.restart) return prepared;
  let { schema } = prepared;
  // A bundle may embed its own copy of a meta-schema ajv has built in (AsyncAPI's embeds
  // draft-07's): the embedded resource is what its $id names here, so ajv's gives way.
  for (const each of ids) {
    if (each !== urlKey(id) && urlKey(metaSchemaResource(each)?.id ?? '') === each) ajv.removeSchema(each);
  }
  try {
    // A boolean schema has no $id to be found by: it is added under its URL.
    const key = typeof schema === 'boolean' ? id : ids.has(urlKey(url)) || copy ? undefined : url;
    const checked = own === dialect ? undefined : false;
    if (apart) {
      // Checked as written, compiled with its large properties deferred (defer-properties.js).
      if (checked === undefined && ajv.opts.validateSchema !== false) ajv.validateSchema(schema, true);
      // The part of the root its fragment names stays where the fragment finds it.
      schema = deferProperties(schema, compiling.quiet, {
        ...compiling.plugins,
        ...(resource === root && job.fragment !== null && { fragments: [job.fragment] }),
      });
      ajv.addSchema(schema, key, undefined, false);
    } else {
      ajv.addSchema(schema, key, undefined, checked);
    }
  } catch (error) {
    // ajv checks the schema against its meta-schema, throws `schema is invalid: ` and its own
    // words, and leaves the meta-schema's errors in ajv.errors.
    if (error.message.startsWith('schema is invalid: ') && ajv.errors?.length)
      throw words.refused(resource, schemaInvalid().metaSchemaFaults(ajv.errors));
    throw words.fail(`${words.invalid(resource)}: ${error.message}`, [resource.file].filter(Boolean));
  }
  added.set(resource.key, schema);
  for (const each of ids) claimed.set(each, resource);
  compiling.loaded.push({ resource, id, schema });
  if (resource.file && resource !== root) compiling.deps.push(resource.file);
  return { id };
}

// The schema as ajv is given it: its id where its draft keeps it; an older draft's checked against
// its own meta-schema and migrated; a 2020-12 one's $dynamicRefs made static where they can be;
// without OpenAPI's nullable; a property named __proto__ declared to ajv too; an anyOf or oneOf of values alone an enum. @returns {{ schema: object | boolean } | { restart: Restart }}
function prepareSchema(compiling, resource, own, id) {
  const { job, ajv, dialect, unicode, lazy, warnings } = compiling;
  const { words } = job;
  // A keyword taken out of the schema is an unknown keyword, as ajv treats one in its own dialect.
  const unknownKeyword = (keyword) => {
    const message = `strict mode: unknown keyword: "${keyword}"`;
    if (ajv.opts.strictSchema === true)
      throw words.fail(`${words.invalid(resource)}: ${message}`, [resource.file].filter(Boolean));
    if (ajv.opts.strictSchema) warnings.push(message);
  };
  let schema = typeof resource.raw === 'boolean' ? resource.raw : withId(resource.raw, own, id);
  // Found before ajv compiles (a large schema takes seconds), rather than by ajv's failure.
  if (unicode && job.ajvSettings.unicodeRegExp === undefined && badPattern([resource], true))
    return { restart: { why: 'not unicode', error: null, resources: [resource] } };
  if (own !== dialect) {
    const errors = ownDraftErrors(resource.raw, own, ajv.opts.validateSchema);
    if (errors) throw words.refused(resource, schemaInvalid().metaSchemaFaults(errors));
    const migrated = migrateSchema(schema, own, dialect);
    schema = migrated.schema;
    migrated.ignored.forEach(unknownKeyword);
  } else if (own === '2020-12') {
    const rewritten = compiling.staticRefs(schema, id, resource.key);
    if (rewritten.restart) return rewritten;
    schema = rewritten.schema;
  }
  if (lazy && compiledWhole(schema)) return { restart: { why: 'not lazy' } };
  const withoutIt = withoutNullable(schema);
  if (withoutIt) {
    unknownKeyword('nullable');
    schema = withoutIt;
  }
  schema = withProtoPatterns(schema, dialect) ?? schema;
  return { schema: withEnumAlternatives(schema, ajv) ?? schema };
}

// The schema a $ref's URL names: a meta-schema (ajv's own, when it was not added as a file), or
// one of the sources'.
function findSchema({ job, ajv, added, loaded }, url) {
  const meta = metaSchemaResource(url);
  if (meta) {
    const builtIn = !added.has(meta.key) && ajv.getSchema(urlKey(meta.id));
    return builtIn ? { builtIn } : meta;
  }
  return job.sources.find(url, loaded);
}

// The schema file a URL names, as a $ref finds it (findSchema), with the URL it is known by, for
// scopeChains (dynamic-refs.js), which reads ahead of ajv: a local file is looked for beside the
// files it read too. None when it cannot be read, which the compilation says when it gets there.
function chainedSchemaAt(compiling, url) {
  try {
    const found = findSchema({ ...compiling, loaded: [...compiling.loaded, ...compiling.chained] }, url);
    if (!found || found.builtIn) return null;
    const named = typeof found.raw === 'object' && typeof (found.raw.$id ?? found.raw.id) === 'string';
    const id = named ? found.id : url;
    compiling.chained.push({ resource: found, id });
    return { raw: found.raw, id };
  } catch {
    return null;
  }
}

// Adds the schema a $ref names that ajv does not have; a $ref that cannot be resolved throws.
// @returns {boolean} false when the attempt is to stop (compiling.restart says why)
function loadRef(compiling, url, ref) {
  const { job, ajv, tried, deps } = compiling;
  const { words } = job;
  if (tried.has(url)) {
    const where = compiling.reached.get(url)?.file;
    throw words.fail(
      `schema ${words.shown}: $ref "${words.refShown(ref)}" cannot be resolved: ${where ? words.display(where) : 'the meta-schema'} has no such part`,
      deps,
    );
  }
  tried.add(url);
  const found = findSchema(compiling, url);
  if (found?.builtIn) {
    ajv.addSchema(found.builtIn.schema, url); // another spelling of a meta-schema ajv has
    return true;
  }
  if (!found) throw job.sources.unresolved(url, ref, compiling.loaded, deps);
  const own = found.dialect ?? job.rootDialect;
  if (isNewer(own, compiling.dialect)) {
    compiling.restart = { why: 'newer dialect', dialect: own };
    return false;
  }
  const stopped = addResource(compiling, found, url).restart;
  if (stopped) compiling.restart = stopped;
  return !stopped;
}

// What ajv could not compile, mended where filecheck can: a missing schema is added, an unknown
// format ignored (with a warning). @returns {boolean} false: the error stands
function mendError(compiling, error) {
  if (error.missingSchema !== undefined) return loadRef(compiling, error.missingSchema, error.missingRef);
  const format = ignorableFormat(compiling.ajv, error);
  if (format === null) return false;
  compiling.warnings.push(error.message);
  compiling.ajv.addFormat(format, true);
  return true;
}

// The part of a schema file a $ref names, read but not added: the file is added when a document
// reaches the $ref (lazy-refs.js). Not for a meta-schema, nor a file of another draft (checked
// and migrated as it is added).
function peekRef(compiling, url, ref) {
  if (compiling.tried.has(url)) return undefined;
  const found = findSchema(compiling, url);
  if (!found || found.builtIn || !found.file || (found.dialect ?? compiling.job.rootDialect) !== compiling.dialect)
    return undefined;
  return pointerInto(found.raw, ref);
}

// How messages name the schema and the files its $refs reach, and the errors that name them.
function schemaWords(root, { shown, display }) {
  const fail = (message, files = []) => new UsageError(message, { files: [root.file, ...files] });
  const nameOf = (resource) => (resource.file ? display(resource.file) : resource.id);
  // `schema s.json:3:11 is invalid`; a file a $ref reached: `schema s.json: b.json:2:5 (reached by $ref) is invalid`.
  const invalid = (resource, at = '') =>
    resource === root
      ? `schema ${shown}${at} is invalid`
      : `schema ${shown}: ${nameOf(resource)}${at} (reached by $ref) is invalid`;
  // Where a pattern is, for a note.
  const patternAt = ({ resource, pointer }) =>
    `${resource === root || !resource.file ? '' : display(resource.file)}#${pointer}`;
  return {
    shown,
    display,
    fail,
    nameOf,
    invalid,
    unknown(resource) {
      const note = `unknown $schema "${resource.unknown}", validating it as draft-07`;
      return resource === root ? note : `${display(resource.file)}: ${note}`;
    },
    // A schema that cannot be used for its faults (what its draft's meta-schema refuses, a pattern
    // that is no regular expression): where in its file, and why.
    refused(resource, faults) {
      const { at, said } = schemaInvalid().sayFaults(faults, resource.file);
      return fail(`${invalid(resource, at)}: ${said}`, [resource.file].filter(Boolean));
    },
    compiledWithoutUFlag: ({ at, reason }) =>
      `the pattern at ${at ? patternAt(at) : '(not found)'} is not a valid Unicode regular expression (${reason}): such patterns are compiled without the u flag`,
    // ajv names a $ref resolved against its schema's URL: a local file's is shown as a path, as files are.
    refShown(ref) {
      if (!ref.startsWith('file:')) return ref;
      const hash = ref.indexOf('#');
      const file = hash === -1 ? ref : ref.slice(0, hash);
      try {
        return display(fileURLToPath(file)) + (hash === -1 ? '' : ref.slice(hash));
      } catch {
        return ref;
      }
    },
  };
}

// Where the schemas $refs name are found: the preloaded refs, the store, local files (each read
// once for all attempts), and what a $ref that names none of them says.
function schemaSources(root, { index, store }, { shown, display, fail, refShown }) {
  const files = new Map([[root.key, root]]); // path ─▶ resource
  const fileAt = (file) => {
    if (!files.has(file)) files.set(file, index.inMetaDialect(index.byFile(file) ?? readResource(file, display)));
    return files.get(file);
  };
  // The refs file with an $id, or (naming both) the two that give it.
  const preloadedWithId = (url, besides) => {
    try {
      return index.withId(url, besides);
    } catch (error) {
      throw error instanceof UsageError
        ? new UsageError(`schema ${shown}: ${error.message}`, { files: [root.file, ...error.files] })
        : error;
    }
  };
  return {
    files,
    preloadedWithId,
    // The schema a $ref's URL names, but a meta-schema: a preloaded ref; the store's file, read
    // only now that a $ref asks for it; a file beside a schema of that origin (loaded: the attempt's).
    find(url, loaded) {
      const preloaded = preloadedWithId(url);
      if (preloaded) return index.inMetaDialect(preloaded);
      const file = existingStoreFile(store, url) ?? localFileFor(url, basesOf(loaded));
      return file && fileAt(file);
    },
    // A relative $ref of a schema without an $id is a local file, missing; a URL may be an $id to
    // preload. A schema of the web that is not here says so (offline: its URL, the store's file for
    // it and whether a pull would bring it, and a shorter sentence), for a file whose catalog chose
    // the schema, which is then only parsed (chosen-schemas.js), as when the catalog's own is not here.
    unresolved(url, ref, loaded, deps) {
      const inStores = storeFilesFor(store, url);
      const inStore = inStores[0];
      const expected = inStore ?? localPathFor(url, basesOf(loaded));
      // The file the $ref names, when it is a local one: --watch tries again once it is there.
      const files = [...deps, ...(expected ? [expected] : [])];
      const named = `schema ${shown}: $ref "${refShown(ref)}"`;
      if (expected && !inStore && url.startsWith('file:'))
        return fail(`${named}: no such file (${display(expected)})`, files);
      const notHere = inStore
        ? `is not in the schema store: no such file (${inStores.map(display).join(' or ')})`
        : 'is not available offline';
      const error = inStore
        ? fail(`${named} ${notHere}`, files)
        : fail(
            `${named} cannot be resolved offline; pull it once (filecheck schemas pull, with the same options), preload the schema it names with --ref or the rule's "refs", or map its URL to a local folder with --schema-store (config "schemaStore")`,
            files,
          );
      error.offline = { url, said: `${named} ${notHere}`, ...(inStore && { inStore, pulled: isPulled(store, url) }) };
      return error;
    },
  };
}

// The $dynamicAnchor names of the root schema's own resource (dynamic-refs.js).
function rootAnchorsOf(root) {
  return {
    id: root.id,
    ...(anchorsOf(root.raw, root.id).get(root.id.replace(/#.*$/, '')) ?? { dynamic: new Set(), atRoot: new Set() }),
  };
}

// An attempt's rewrite of a 2020-12 schema's $dynamicRefs that land on one place as $refs
// (dynamic-refs.js). A schema declaring a name an earlier rewrite took for declared once stops the
// attempt: the next one knows the name is shared (sharedAnchors). outermost (scopeChains) answers
// for a $dynamicRef the root's anchors and a name declared once leave.
function dynamicRefRewriter(rootAnchors, sharedAnchors, outermost) {
  const declaredBy = new Map(); // $dynamicAnchor name ─▶ the keys of the resources that declare it
  const relied = new Map(); // name ─▶ the key of the resource whose rewrite took it for declared once
  return (schema, id, key) => {
    for (const resource of anchorsOf(schema, id).values()) {
      for (const name of resource.dynamic) {
        if (relied.has(name) && relied.get(name) !== key) return { restart: { why: 'shared anchor', name } };
        declaredBy.set(name, new Set([...(declaredBy.get(name) ?? []), key]));
      }
    }
    const once = (name) =>
      !sharedAnchors.has(name) && [...(declaredBy.get(name) ?? [])].every((other) => other === key);
    const rewritten = staticDynamicRefs(schema, id, { root: rootAnchors, once, outermost });
    for (const name of rewritten.relied) relied.set(name, key);
    return { schema: rewritten.schema };
  };
}

// A schema read as draft-07 because its $schema is unknown may fail for that reason: its error says so.
function withUnknownDialects(error, notes) {
  const dialects = [...new Set(notes)].filter((note) => note.includes('unknown $schema'));
  if (!(error instanceof UsageError) || !dialects.length) return error;
  const { offline, badFragment } = error;
  return Object.assign(
    new UsageError(`${error.message} (${dialects.join('; ')})`, { files: error.files }),
    offline && { offline },
    badFragment && { badFragment },
  );
}

const fileUrl = (file) => pathToFileURL(file).href;

// A schema whose code ajv generates from what it compiled before: a $dynamicRef's from the anchors
// met so far, unevaluated* from the properties and items the subschemas it calls evaluate (which
// it reads at run time, through a lazily compiled $ref, in ways that do not always agree). Such a
// schema, and those compiled with it, are compiled whole.
function compiledWhole(schema) {
  let found = false;
  walkSchema(schema, (node) => {
    found ||= ['$dynamicRef', '$recursiveRef', 'unevaluatedProperties', 'unevaluatedItems'].some(
      (keyword) => node[keyword] !== undefined,
    );
  });
  return found;
}

// The schema as ajv is given it: its id where its draft keeps it (draft-04's `id`), absolute.
function withId(raw, dialect, id) {
  const { $id, id: _draft04Id, ...rest } = raw;
  return { [isNewer(dialect, 'draft-04') ? '$id' : 'id']: id, ...rest }; // draft-03's is `id` too
}

// The schemas whose ids map URLs to local files (schema-files.js), the root's first.
const basesOf = (loaded) =>
  loaded.filter(({ resource }) => resource.file).map(({ resource, id }) => ({ id, file: resource.file }));

// ajv throws on an unknown format unless strictSchema is false (then it only logs), whereas an
// unknown keyword is only logged under strictSchema "log": filecheck treats both alike, as
// docs/json-schema.md says (warned about and ignored, an error only with strict: true).
function ignorableFormat(ajv, error) {
  if (ajv.opts.strictSchema === true) return null;
  return /^unknown format "(.+)" ignored in schema at path "[^"]*"$/.exec(error.message)?.[1] ?? null;
}

// Each schema of an older draft is valid or not by its own draft's meta-schema (a draft-04
// exclusiveMaximum must be a boolean), checked before it is migrated: the meta-schema's errors, or null.
const metaAjvs = new Map();
function ownDraftErrors(raw, dialect, validateSchema) {
  if (validateSchema === false) return null;
  if (!metaAjvs.has(dialect)) metaAjvs.set(dialect, createAjv(dialect, { formats: false, strict: false }, [], []));
  const ajv = metaAjvs.get(dialect);
  return ajv.validateSchema({ ...raw, $schema: META_SCHEMAS[dialect] }) ? null : ajv.errors;
}

// Where the first `pattern` (or patternProperties key) of the schemas compiled is not a valid
// regular expression (with the u flag, or without it once that is off), and why.
// @returns {{ resource, pointer: string, atKey?: true, reason: string } | null} atKey: the pattern is the key at pointer
function badPattern(resources, unicode) {
  let found = null;
  const check = (pattern, at) => {
    if (found || typeof pattern !== 'string') return;
    try {
      new RegExp(pattern, unicode ? 'u' : '');
    } catch (error) {
      found = { ...at, reason: error.message.replace(/^.*: /, '') };
    }
  };
  for (const resource of resources) {
    walkSchema(resource.raw, (node, pointer, _, { keyword, key }) => {
      if (keyword === 'patternProperties') check(key, { resource, pointer, atKey: true });
      check(node.pattern, { resource, pointer: `${pointer}/pattern` });
    });
  }
  return found;
}
