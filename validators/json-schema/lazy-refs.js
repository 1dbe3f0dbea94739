// Lazy compilation of $ref'd subschemas: ajv compiles a schema and every subschema its $refs reach
// before it validates anything, which for SchemaStore's package.json schema means the 1,000
// definitions of the ESLint plugins' schema (a second of code generation) that a package.json
// without "eslintConfig" never uses. With lazy refs on, an ajv instance compiles a $ref'd
// subschema the first time a document reaches it. The code is ajv's own, generated from the same
// schema: ajv already calls a subschema that is still being compiled (a recursive $ref) through
// a `wrapper.validate` looked up at run time. Here every $ref that ajv would compile apart takes
// that path, and `validate` is compiled when first read; a $ref ajv inlines is inlined as before.
// Not for schemas whose code ajv generates from what it compiled before ($dynamicRef, unevaluated*:
// its evaluated properties read through a deferred $ref came out wrong): compile-offline.js
// compiles those whole.
//
// ajv keeps the functions this replaces inside its compile module; `resolveRef` is called through
// the module's exports (vocabularies/core/ref.js), so it is replaced there, and acts only for the
// ajv instances given to enableLazyRefs, never for a meta-schema (ajv runs those, validateSchema,
// while it generates code: they are compiled whole).
import { createRequire } from 'node:module';
import { DEFERRED, allQuiet } from './defer-properties.js';

const require = createRequire(import.meta.url);
// ajv's compiler, loaded with the first lazy ajv: a run of stored code (--cache) loads none.
let compile;
let resolveUrl, inlineRef, normalizeId, getFullPath, _getFullPath, unescapeFragment, schemaHasRulesButRef;

const lazyAjvs = new WeakMap(); // ajv ─▶ the options of enableLazyRefs

/** A lazily compiled subschema that could not be compiled when a document reached it. */
export class LazyCompileError extends Error {
  constructor(cause) {
    super(cause.message, { cause });
  }
}

/**
 * Makes an ajv instance defer the compilation of $ref'd subschemas to their first use.
 * @param {import('ajv').default} ajv
 * @param {{ load(url: string, ref: string): boolean, peek(url: string, ref: string): unknown, retry(error: Error): boolean,
 *   spent(ms: number): void, quiet?: (node: object) => boolean, guardedRefs?: Set<string> }} options
 *   load: adds the schema a $ref names that ajv does not have (its URL without fragment, and the
 *   $ref as resolved), or throws; false when there is none. Asked while the code is generated, it
 *   spares the compilation started again for each schema ajv found missing.
 *   peek: the part of a schema file not added yet that the $ref names, as read (undefined: add the
 *   file now, with load); one that would not be inlined is added when a document reaches it.
 *   retry: called with an error of a deferred compilation (an unknown format…); true when it was
 *   mended and the compilation may be tried again.
 *   spent: the time each deferred compilation took (a run counts it as compiling: plan.js);
 *   quiet: when nothing is inlined (inlineRefs false), what compiles without a word (quietIn);
 *   guardedRefs: then, the $refs (as written) to inline where ajv would by default
 */
export function enableLazyRefs(ajv, options) {
  if (!compile) patchResolveRef();
  lazyAjvs.set(ajv, options);
}

// The subschema compiles when its `validate` is first read by the code that calls it. Read while
// ajv generates code (getValidate, the evaluated properties), it is not there yet: the generated
// code looks it up when it runs, as for a recursive $ref.
function defer(ajv, env, state) {
  Object.defineProperty(env, 'validate', {
    configurable: true,
    enumerable: true,
    get: () => (ajv._compilations.size ? undefined : compileDeferred(ajv, env, state)),
    // Compiled by ajv itself meanwhile (a schema added whole, asked for by its id).
    set: (validate) =>
      Object.defineProperty(env, 'validate', { value: validate, configurable: true, enumerable: true, writable: true }),
  });
}

function compileDeferred(ajv, env, state) {
  delete env.validate;
  const started = performance.now();
  for (;;) {
    try {
      compile.compileSchema.call(ajv, env);
      state.spent(performance.now() - started);
      return env.validate;
    } catch (error) {
      let mended = false;
      let cause = error;
      try {
        mended = state.retry(error);
      } catch (failure) {
        cause = failure;
      }
      if (!mended) {
        state.spent(performance.now() - started);
        defer(ajv, env, state); // each use fails alike
        throw new LazyCompileError(cause);
      }
    }
  }
}

function patchResolveRef() {
  compile = require('ajv/dist/compile');
  ({ resolveUrl, inlineRef, normalizeId, getFullPath, _getFullPath } = require('ajv/dist/compile/resolve'));
  ({ unescapeFragment, schemaHasRulesButRef } = require('ajv/dist/compile/util'));
  const resolveRef = compile.resolveRef;
  compile.resolveRef = function lazyResolveRef(root, baseId, ref) {
    return lazyAjvs.has(this) && !root.meta
      ? resolveLazily.call(this, lazyAjvs.get(this), root, baseId, ref)
      : resolveRef.call(this, root, baseId, ref);
  };
}

function resolveLazily(state, root, baseId, written) {
  // As ajv's resolveRef, but a subschema that is not inlined is returned uncompiled.
  const guarded = state.guardedRefs?.has(written) ?? false;
  const ref = resolveUrl(this.opts.uriResolver, baseId, written);
  const known = root.refs[ref];
  if (known) return known;
  let env = resolve.call(this, root, ref);
  if (env === undefined) {
    const schema = root.localRefs?.[ref];
    if (schema) env = new compile.SchemaEnv({ schema, schemaId: this.opts.schemaId, root, baseId });
  }
  if (env === undefined) {
    const url = normalizeId(getFullPath(this.opts.uriResolver, ref));
    // A schema file not added yet, whose part the $ref names would not be inlined by default: it is
    // read, checked and added when a document first reaches the $ref, not now (also when nothing
    // is inlined: a file is read when it is under either way of compiling, warned about alike).
    if (!inlineRef(state.peek(url, ref) ?? true, true))
      return (root.refs[ref] = notLoaded(this, state, root, baseId, url, ref));
    if (state.load(url, ref)) env = resolve.call(this, root, ref);
  }
  if (env === undefined) return undefined;
  if (inlineRef(env.schema, this.opts.inlineRefs)) return (root.refs[ref] = env.schema);
  // Compiled apart, a part ajv inlines by default is inlined still when it would warn or be refused
  // (said and refused now, where it always was), or when the $ref is written under a plugin's
  // keyword, which may read where its errors are from (defer-properties.js).
  if (state.quiet && inlineRef(env.schema, true) && (guarded || !allQuiet(env.schema, state.quiet)))
    return (root.refs[ref] = env.schema);
  if (!env.validate) defer(this, env, state);
  return (root.refs[ref] = env);
}

// A stand-in for the part of a schema file not added yet that a $ref names: its validate adds the
// file, resolves the $ref as ajv would have, and compiles what it names.
function notLoaded(ajv, state, root, baseId, url, ref) {
  const env = new compile.SchemaEnv({ schema: {}, schemaId: ajv.opts.schemaId, root, baseId });
  Object.defineProperty(env, 'validate', {
    configurable: true,
    enumerable: true,
    get: () => {
      if (ajv._compilations.size) return undefined;
      const started = performance.now();
      let target;
      try {
        state.load(url, ref);
        target = resolve.call(ajv, root, ref);
      } catch (error) {
        state.spent(performance.now() - started);
        throw new LazyCompileError(error);
      }
      state.spent(performance.now() - started);
      if (target === undefined) throw new LazyCompileError(new Error(`can't resolve reference ${ref}`));
      const validate = target.validate ?? compileDeferred(ajv, target, state);
      Object.defineProperty(env, 'validate', { value: validate, configurable: true, enumerable: true, writable: true });
      return validate;
    },
  });
  return env;
}

// ajv's resolve, resolveSchema and getJsonPointer, with the compilation of the schema a $ref
// points into (which compiled all of it to reach one definition) deferred too.
function resolve(root, ref) {
  let env;
  while (typeof (env = this.refs[ref]) === 'string') ref = env;
  return env || this.schemas[ref] || resolveSchema.call(this, root, ref);
}

function resolveSchema(root, ref) {
  const parsed = this.opts.uriResolver.parse(ref);
  const refPath = _getFullPath(this.opts.uriResolver, parsed);
  let baseId = getFullPath(this.opts.uriResolver, root.baseId, undefined);
  if (Object.keys(root.schema).length > 0 && refPath === baseId) return getJsonPointer.call(this, parsed, root);
  const id = normalizeId(refPath);
  const found = this.refs[id] || this.schemas[id];
  if (typeof found === 'string') {
    const env = resolveSchema.call(this, root, found);
    if (typeof env?.schema !== 'object') return undefined;
    return getJsonPointer.call(this, parsed, env);
  }
  if (typeof found?.schema !== 'object') return undefined;
  // ajv compiled the schema a $ref points into here; a `$ref: "#"` in it calls its root's validate.
  if (!found.validate) defer(this, found, lazyAjvs.get(this));
  if (id === normalizeId(ref)) {
    const { schema } = found;
    const { schemaId } = this.opts;
    if (schema[schemaId]) baseId = resolveUrl(this.opts.uriResolver, baseId, schema[schemaId]);
    return new compile.SchemaEnv({ schema, schemaId, root, baseId });
  }
  return getJsonPointer.call(this, parsed, found);
}

// The keywords whose values are maps of names, not places where an id changes the base.
const PREVENT_SCOPE_CHANGE = new Set(['properties', 'patternProperties', 'enum', 'dependencies', 'definitions']);

// A pointer is read in the schema as written: where it runs through a property subschema compiled
// apart, it goes on in the part kept under the resource's DEFERRED (defer-properties.js). A $ref of
// another file may point there, which the resource's own $refs, read when it was deferred, did not.
function getJsonPointer(parsed, { baseId, schema, root }) {
  if (parsed.fragment?.[0] !== '/') return undefined;
  const resource = schema;
  for (const part of parsed.fragment.slice(1).split('/')) {
    if (typeof schema === 'boolean') return undefined;
    const key = unescapeFragment(part);
    const partSchema = schema[key] ?? deferredPart(resource, schema)?.[key];
    if (partSchema === undefined) return undefined;
    schema = partSchema;
    const schId = typeof schema === 'object' && schema[this.opts.schemaId];
    if (!PREVENT_SCOPE_CHANGE.has(part) && schId) baseId = resolveUrl(this.opts.uriResolver, baseId, schId);
  }
  let env;
  if (typeof schema !== 'boolean' && schema.$ref && !schemaHasRulesButRef(schema, this.RULES)) {
    env = resolveSchema.call(this, root, resolveUrl(this.opts.uriResolver, baseId, schema.$ref));
  }
  env ||= new compile.SchemaEnv({ schema, schemaId: this.opts.schemaId, root, baseId });
  return env.schema !== env.root.schema ? env : undefined;
}

// The subschema a stand-in of defer-properties.js (`{ $ref: "#/x-filecheck-deferred/N" }`) stands for.
function deferredPart(resource, node) {
  const prefix = `#/${DEFERRED}/`;
  if (typeof node.$ref !== 'string' || !node.$ref.startsWith(prefix)) return undefined;
  return resource[DEFERRED]?.[node.$ref.slice(prefix.length)];
}
