// Compiles a schema file as ajv's compileAsync would, but synchronously and offline: each $ref ajv
// cannot resolve is looked up (a meta-schema ajv ships, a preloaded ref by its $id, a local file),
// added, and the compile retried. Drafts mix (docs/json-schema.md, "Drafts mix"): the compile runs in the
// newest dialect among the schemas it reaches, starting again when it meets a newer one, and each
// older schema is checked against its own draft's meta-schema, then migrated (migrate-schema.js).
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UsageError } from '../../shared/errors.js';
import { createAjv, lenientRegExp, META_SCHEMAS, pluginKeywordsOf } from './ajv-instance.js';
import { compiledAs, isNewer, migrateSchema } from './migrate-schema.js';
import { anchorsOf, staticDynamicRefs } from './dynamic-refs.js';
import { withoutNullable } from './openapi-nullable.js';
import { localFileFor, localPathFor } from './schema-files.js';
import { urlKey } from './url-key.js';
import { metaSchemaResource, readResource } from './schema-resources.js';
import { pointerInto, walkSchema } from './schema-walk.js';
import { enableLazyRefs } from './lazy-refs.js';
import { DEFERRED, deferProperties, quietIn } from './defer-properties.js';
import { existingStoreFile, storeFileFor } from './schema-store.js';

const require = createRequire(import.meta.url);
// Why a schema cannot be used is worded by code a run with usable schemas never loads.
const schemaInvalid = () => require('./schema-invalid.js');

// Signals that end one attempt and start the next.
class NewerDialect {
  constructor(dialect) {
    this.dialect = dialect;
  }
}
class SharedAnchor {
  constructor(name) {
    this.name = name;
  }
}
class NotLazy {}
class NotUnicode {
  constructor(error, resources) {
    this.error = error;
    this.resources = resources;
  }
}

/**
 * @param {import('./schema-resources.js').SchemaResource} schema the root schema
 * @param {{ shown: string, display(file: string): string, refIndex: ReturnType<typeof import('./schema-resources.js').createRefIndex>,
 *   newAjv(dialect: string, options: { code?: { regExp: Function } }, warnings: string[]): import('ajv').default,
 *   unicodeRegExp?: boolean, store?: import('./schema-store.js').SchemaStore, lazy?: boolean, optimize?: boolean, inline?: boolean, spent?(ms: number): void }} context newAjv: an ajv of the rule's settings;
 *   store: URL prefixes mapped to folders (--schema-store), where a $ref's URL is looked up; unicodeRegExp: the rule's
 *   own setting (when it has none, a schema whose patterns are not all Unicode ones is compiled again,
 *   those patterns without the u flag, the others with it); lazy: compile each $ref'd subschema
 *   when a document first reaches it (lazy-refs.js), not all before the first document; spent:
 *   receives the time each such later compilation takes; optimize: run ajv's optimisation passes;
 *   inline: let ajv inline a small $ref'd subschema into the code of each place that uses it (false:
 *   it is compiled once, apart, and called; when lazy, not before a document reaches it)
 * @returns {{ ajv: import('ajv').default, validate: Function, deps: string[], warnings: string[], notes: string[], lazy: boolean,
 *   resources: Map<string, import('./schema-resources.js').SchemaResource> }}
 *   deps: the local files the $refs reached (so far, when lazy); warnings: ajv's; notes: filecheck's,
 *   for people; lazy: whether it was compiled lazily (not for a schema with $dynamicRef or $recursiveRef);
 *   resources: the files read so far, by path
 */
export function compileOffline(
  schema,
  {
    shown,
    display,
    refIndex,
    newAjv,
    unicodeRegExp,
    store,
    lazy = false,
    optimize = true,
    inline = true,
    spent = () => {},
  },
) {
  const root = refIndex.inMetaDialect(schema);
  const fail = (message, files = []) => new UsageError(message, { files: [root.file, ...files] });
  const rootDialect = root.dialect ?? 'draft-07';
  const notes = [];
  const unknown = (resource) => {
    const note = `unknown $schema "${resource.unknown}", validating it as draft-07`;
    return resource === root ? note : `${display(resource.file)}: ${note}`;
  };
  const files = new Map([[root.key, root]]); // path ─▶ resource, read once for all attempts
  const fileAt = (file) => {
    if (!files.has(file)) files.set(file, refIndex.inMetaDialect(refIndex.byFile(file) ?? readResource(file, display)));
    return files.get(file);
  };
  const nameOf = (resource) => (resource.file ? display(resource.file) : resource.id);
  // `schema s.json:3:11 is invalid`; a file a $ref reached: `schema s.json: b.json:2:5 (reached by $ref) is invalid`.
  const invalid = (resource, at = '') =>
    resource === root
      ? `schema ${shown}${at} is invalid`
      : `schema ${shown}: ${nameOf(resource)}${at} (reached by $ref) is invalid`;
  // A schema that cannot be used for its faults (what its draft's meta-schema refuses, a pattern
  // that is no regular expression): where in its file, and why.
  const refused = (resource, faults) => {
    const { at, said } = schemaInvalid().sayFaults(faults, resource.file);
    return fail(`${invalid(resource, at)}: ${said}`, [resource.file].filter(Boolean));
  };
  // Where a pattern is, for a note.
  const patternAt = ({ resource, pointer }) =>
    `${resource === root || !resource.file ? '' : display(resource.file)}#${pointer}`;
  // The refs file with an $id, or (naming both) the two that give it.
  const preloadedWithId = (url, besides) => {
    try {
      return refIndex.withId(url, besides);
    } catch (error) {
      throw error instanceof UsageError
        ? new UsageError(`schema ${shown}: ${error.message}`, { files: [root.file, ...error.files] })
        : error;
    }
  };

  // The $dynamicAnchor names of the root schema's own resource, and those a compilation found
  // declared by two schemas after a $dynamicRef was rewritten as if by one (dynamic-refs.js).
  const rootAnchors = {
    id: root.id,
    ...(anchorsOf(root.raw, root.id).get(root.id.replace(/#.*$/, '')) ?? { dynamic: new Set(), atRoot: new Set() }),
  };
  const sharedAnchors = new Set();

  function attempt(dialect, unicode) {
    const warnings = [];
    const declaredBy = new Map(); // $dynamicAnchor name ─▶ the keys of the resources that declare it
    const relied = new Map(); // name ─▶ the key of the resource whose rewrite took it for declared once
    // ajv's optimisation passes over the generated code take a third of a large schema's compile
    // time and gain nothing measurable in validation (kumadocs' schema), nor change what is valid:
    // they are kept only for code that is stored (--cache), loaded by many runs.
    const code = { ...(!unicode && { regExp: lenientRegExp() }), ...(!optimize && { optimize: false }) };
    const ajv = newAjv(
      dialect,
      { ...(Object.keys(code).length && { code }), ...(!inline && { inlineRefs: false }) },
      warnings,
    );
    if (lazy && !inline) ajv.addKeyword(DEFERRED);
    const quiet = lazy && !inline ? quietIn(ajv) : null;
    // A plugin's keyword may read where an error is from (ajv-errors' errorMessage takes the errors
    // whose schemaPath is under its own), which code compiled apart says otherwise: what is at or
    // under a node that uses one is compiled as lazy compiles it (defer-properties.js).
    const plugins = { pluginKeywords: lazy && !inline ? pluginKeywordsOf(ajv) : new Set(), guardedRefs: new Set() };
    const added = new Map(); // resource key ─▶ the schema given to ajv
    const claimed = new Map(); // id ─▶ the resource that has it
    const loaded = []; // { resource, id, schema }, the root first
    const reached = new Map(); // URL ─▶ the resource added for it
    const deps = [];

    const add = (resource, url) => {
      const own = resource.dialect ?? rootDialect;
      // A copy of a meta-schema ajv has built in (schemas checked against a local copy) is
      // compiled as the file it is, without the $id ajv has taken.
      const copy = resource === root && metaSchemaResource(resource.id) && ajv.getSchema(urlKey(resource.id));
      const named = !copy && typeof (resource.raw.$id ?? resource.raw.id) === 'string';
      const id = named ? resource.id : copy ? fileUrl(resource.file) : url;
      const ids = named ? resource.ids : new Set([urlKey(id)]);
      reached.set(url, resource);
      if (added.has(resource.key)) {
        // The same schema asked for by another URL (its file's, say, and its $id).
        if (!ids.has(urlKey(url))) ajv.addSchema(added.get(resource.key), url);
        return;
      }
      for (const each of ids) {
        const other = claimed.get(each);
        if (other)
          throw fail(
            `schema ${shown}: $id "${each}" is given by both ${nameOf(other)} and ${nameOf(resource)}`,
            [other.file, resource.file].filter(Boolean),
          );
      }
      if (resource.unknown) notes.push(unknown(resource));
      if (resource.twice) notes.push(...resource.twice);
      // A keyword taken out of the schema is an unknown keyword, as ajv treats one in its own dialect.
      const unknownKeyword = (keyword) => {
        const message = `strict mode: unknown keyword: "${keyword}"`;
        if (ajv.opts.strictSchema === true)
          throw fail(`${invalid(resource)}: ${message}`, [resource.file].filter(Boolean));
        if (ajv.opts.strictSchema) warnings.push(message);
      };
      let schema = typeof resource.raw === 'boolean' ? resource.raw : withId(resource.raw, own, id);
      // Found before ajv compiles (a large schema takes seconds), rather than by ajv's failure.
      if (unicode && unicodeRegExp === undefined && badPattern([resource], true))
        throw new NotUnicode(null, [resource]);
      if (own !== dialect) {
        const errors = ownDraftErrors(resource.raw, own, ajv.opts.validateSchema);
        if (errors) throw refused(resource, schemaInvalid().metaSchemaFaults(errors));
        const migrated = migrateSchema(schema, own, dialect);
        schema = migrated.schema;
        migrated.ignored.forEach(unknownKeyword);
      } else if (own === '2020-12') {
        schema = staticRefs(schema, id, resource.key);
      }
      if (lazy && compiledWhole(schema)) throw new NotLazy();
      const withoutIt = withoutNullable(schema);
      if (withoutIt) {
        unknownKeyword('nullable');
        schema = withoutIt;
      }
      // A bundle may embed its own copy of a meta-schema ajv has built in (AsyncAPI's embeds
      // draft-07's): the embedded resource is what its $id names here, so ajv's gives way.
      for (const each of ids) {
        if (each !== urlKey(id) && urlKey(metaSchemaResource(each)?.id ?? '') === each) ajv.removeSchema(each);
      }
      try {
        // A boolean schema has no $id to be found by: it is added under its URL.
        const key = typeof schema === 'boolean' ? id : ids.has(urlKey(url)) || copy ? undefined : url;
        const checked = own === dialect ? undefined : false;
        if (lazy && !inline) {
          // Checked as written, compiled with its large properties deferred (defer-properties.js).
          if (checked === undefined && ajv.opts.validateSchema !== false) ajv.validateSchema(schema, true);
          schema = deferProperties(schema, quiet, plugins);
          ajv.addSchema(schema, key, undefined, false);
        } else {
          ajv.addSchema(schema, key, undefined, checked);
        }
      } catch (error) {
        // ajv checks the schema against its meta-schema, throws `schema is invalid: ` and its own
        // words, and leaves the meta-schema's errors in ajv.errors.
        if (error.message.startsWith('schema is invalid: ') && ajv.errors?.length)
          throw refused(resource, schemaInvalid().metaSchemaFaults(ajv.errors));
        throw fail(`${invalid(resource)}: ${error.message}`, [resource.file].filter(Boolean));
      }
      added.set(resource.key, schema);
      for (const each of ids) claimed.set(each, resource);
      loaded.push({ resource, id, schema });
      if (resource.file && resource !== root) deps.push(resource.file);
      return id;
    };

    // A 2020-12 schema's $dynamicRefs that land on one place, as $refs; a schema declaring a
    // name an earlier rewrite took for declared once starts the compilation again.
    const staticRefs = (schema, id, key) => {
      for (const resource of anchorsOf(schema, id).values()) {
        for (const name of resource.dynamic) {
          if (relied.has(name) && relied.get(name) !== key) throw new SharedAnchor(name);
          declaredBy.set(name, new Set([...(declaredBy.get(name) ?? []), key]));
        }
      }
      const once = (name) =>
        !sharedAnchors.has(name) && [...(declaredBy.get(name) ?? [])].every((other) => other === key);
      const rewritten = staticDynamicRefs(schema, id, { root: rootAnchors, once });
      for (const name of rewritten.relied) relied.set(name, key);
      return rewritten.schema;
    };

    const find = (url) => {
      const meta = metaSchemaResource(url);
      if (meta) {
        const builtIn = !added.has(meta.key) && ajv.getSchema(urlKey(meta.id));
        return builtIn ? { builtIn } : meta;
      }
      const preloaded = preloadedWithId(url);
      if (preloaded) return refIndex.inMetaDialect(preloaded);
      // The store, read only now that a $ref asks for this URL; then beside a schema of that origin.
      const file = existingStoreFile(store, url) ?? localFileFor(url, basesOf(loaded));
      return file && fileAt(file);
    };

    // Adds the schema a $ref names that ajv does not have; a $ref that cannot be resolved throws.
    const tried = new Set();
    const load = (url, ref) => {
      if (tried.has(url)) {
        const where = reached.get(url)?.file;
        throw fail(
          `schema ${shown}: $ref "${refShown(ref)}" cannot be resolved: ${where ? display(where) : 'the meta-schema'} has no such part`,
          deps,
        );
      }
      tried.add(url);
      const found = find(url);
      if (found?.builtIn) {
        ajv.addSchema(found.builtIn.schema, url); // another spelling of a meta-schema ajv has
        return true;
      }
      if (!found) throw unresolved(url, ref, loaded, deps);
      const own = found.dialect ?? rootDialect;
      if (isNewer(own, dialect)) throw new NewerDialect(own);
      add(found, url);
      return true;
    };
    // What ajv could not compile, mended where filecheck can: a missing schema is added, an unknown
    // format ignored (with a warning); false: the error stands.
    const mend = (error) => {
      if (error.missingSchema !== undefined) return load(error.missingSchema, error.missingRef);
      const format = ignorableFormat(ajv, error);
      if (format === null) return false;
      warnings.push(error.message);
      ajv.addFormat(format, true);
      return true;
    };
    // A subschema compiled on first use that cannot be compiled is so at the first document that
    // reaches it: the validator then compiles the whole schema (json-schema.js), which says why.
    // The part of a schema file a $ref names, read but not added: the file is added when a document
    // reaches the $ref (lazy-refs.js). Not for a meta-schema, nor a file of another draft (checked
    // and migrated as it is added).
    const peek = (url, ref) => {
      if (tried.has(url)) return undefined;
      const found = find(url);
      if (!found || found.builtIn || !found.file || (found.dialect ?? rootDialect) !== dialect) return undefined;
      return pointerInto(found.raw, ref);
    };
    if (lazy)
      enableLazyRefs(ajv, {
        load: (url, ref) => !tried.has(url) && load(url, ref),
        peek,
        retry: mend,
        spent,
        quiet,
        guardedRefs: plugins.guardedRefs,
      });

    const rootId = urlKey(add(root, root.id));
    for (;;) {
      try {
        return { ajv, validate: ajv.getSchema(rootId), deps, warnings, loaded };
      } catch (error) {
        if (!(error instanceof Error) || error instanceof UsageError) throw error;
        // ajv recurses without end on some valid schemas (an $id and a relative $ref it loops between).
        if (error instanceof RangeError)
          throw fail(`schema ${shown} cannot be compiled: ajv runs out of stack on it (${error.message})`, deps);
        if (error instanceof SyntaxError && /^Invalid regular expression/.test(error.message))
          throw new NotUnicode(
            error,
            loaded.map(({ resource }) => resource),
          );
        if (!mend(error)) throw fail(`schema ${shown} is invalid: ${error.message}`, deps);
      }
    }
  }

  // A relative $ref of a schema without an $id is a local file, missing; a URL may be an $id to preload.
  function unresolved(url, ref, loaded, deps) {
    const inStore = storeFileFor(store, url);
    const expected = inStore ?? localPathFor(url, basesOf(loaded));
    // The file the $ref names, when it is a local one: --watch tries again once it is there.
    const files = [...deps, ...(expected ? [expected] : [])];
    if (inStore)
      return fail(
        `schema ${shown}: $ref "${refShown(ref)}" is not in the schema store: no such file (${display(inStore)})`,
        files,
      );
    if (expected && url.startsWith('file:'))
      return fail(`schema ${shown}: $ref "${refShown(ref)}": no such file (${display(expected)})`, files);
    return fail(
      `schema ${shown}: $ref "${refShown(ref)}" cannot be resolved offline; preload the schema it names with --ref or the rule's "refs", or map its URL to a local folder with --schema-store (config "schemaStore")`,
      files,
    );
  }

  // ajv names a $ref resolved against its schema's URL: a local file's is shown as a path, as files are.
  function refShown(ref) {
    if (!ref.startsWith('file:')) return ref;
    const hash = ref.indexOf('#');
    const file = hash === -1 ? ref : ref.slice(0, hash);
    try {
      return display(fileURLToPath(file)) + (hash === -1 ? '' : ref.slice(hash));
    } catch {
      return ref;
    }
  }

  let dialect = compiledAs(rootDialect);
  let unicode = unicodeRegExp !== false;
  try {
    preloadedWithId(root.id, root);
    for (;;) {
      try {
        const { loaded, ...compiled } = attempt(dialect, unicode);
        return { ...compiled, lazy, notes: [...new Set(notes)], resources: files };
      } catch (signal) {
        if (signal instanceof NewerDialect) {
          dialect = signal.dialect;
        } else if (signal instanceof NotLazy) {
          lazy = false;
        } else if (signal instanceof SharedAnchor) {
          sharedAnchors.add(signal.name);
        } else if (signal instanceof NotUnicode) {
          // A pattern written for an engine without the u flag, as many real schemas' are, is
          // compiled without it (the schema's others keep it), unless the rule's ajv settings say
          // how, or it is broken anyway.
          const broken = badPattern(signal.resources, false);
          if (broken || !unicode || unicodeRegExp !== undefined) {
            const at = broken ?? badPattern(signal.resources, unicode);
            if (!at) throw fail(`schema ${shown} is invalid: ${signal.error.message}`);
            throw refused(at.resource, [
              { ...at, message: `is not a valid ${broken ? '' : 'Unicode '}regular expression (${at.reason})` },
            ]);
          }
          const at = badPattern(signal.resources, true);
          notes.push(
            `the pattern at ${at ? patternAt(at) : '(not found)'} is not a valid Unicode regular expression (${at?.reason ?? signal.error.message}): such patterns are compiled without the u flag`,
          );
          unicode = false;
        } else {
          throw signal;
        }
      }
    }
  } catch (error) {
    // A schema read as draft-07 because its $schema is unknown may fail for that reason: say so.
    const dialects = [...new Set(notes)].filter((note) => note.includes('unknown $schema'));
    if (!(error instanceof UsageError) || !dialects.length) throw error;
    throw new UsageError(`${error.message} (${dialects.join('; ')})`, { files: error.files });
  }
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
