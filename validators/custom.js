// Custom validators: a module whose default export is `(doc, ctx) => Problem[] | void`, and which may
// check across files too: `collect(doc, ctx)` returns the facts of each document (JSON data, or
// undefined), and `checkAll(entries, ctx)` the problems of all the rule's files from them
// (runner/collect/). A module with `collect` needs no default export.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../shared/errors.js';

const require = createRequire(import.meta.url);

/**
 * @param {{ module: string, options?: unknown, generation?: number }} ref module: an absolute path, or a
 *   package name resolved from `base`; generation (--watch): the module's file is imported again
 *   under a new URL for each generation, since an ES module cannot be unloaded
 * @param {string} base
 * @returns {Promise<{ name: string, options: unknown, validate?: Function, collect?: Function, checkAll?: Function }>}
 */
export async function loadCustomValidator(ref, base) {
  let exported;
  try {
    const file = resolveValidatorModule(ref, base);
    if (ref.generation) delete require.cache[file]; // a CommonJS module is cached by its file, whatever the URL
    const url = pathToFileURL(file).href;
    const done = holdTypelessWarning();
    try {
      exported = await import(ref.generation ? `${url}?generation=${ref.generation}` : url);
    } finally {
      done();
    }
  } catch (error) {
    const why =
      error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND' ? 'not found' : error.message;
    throw new UsageError(`validator module ${ref.module} cannot be loaded: ${why}`);
  }
  const validate = functionOrNone(exported.default);
  const collect = functionOrNone(exported.collect);
  const checkAll = functionOrNone(exported.checkAll);
  if (!validate && !collect) {
    throw new UsageError(
      `validator module ${ref.module} must have a default export function (doc, ctx) => problems, or export collect and checkAll`,
    );
  }
  if (!collect !== !checkAll)
    throw new UsageError(`validator module ${ref.module} must export both collect and checkAll, or neither`);
  return {
    name: typeof exported.name === 'string' ? exported.name : path.basename(ref.module).replace(/\.[cm]?js$/, ''),
    options: ref.options,
    ...(validate && { validate }),
    ...(collect && { collect, checkAll }),
  };
}

// A validator written as the docs show it, `export default` in a `.js` file of a project whose
// package.json has no "type", makes Node print a five-line MODULE_TYPELESS_PACKAGE_JSON warning in
// each process that loads it (the main thread and every pool worker): the file is read as CommonJS
// first, then again as the ES module it is. That costs about a millisecond, once; the module is as
// good as a `.mjs` one. That warning alone is held back, and only while validators load: any other
// warning, and that one at any other time, is Node's to print.
let loading = 0;
let emitWarning;
function holdTypelessWarning() {
  if (loading++ === 0) {
    emitWarning = process.emitWarning;
    process.emitWarning = function (warning, ...rest) {
      const code = typeof rest[0] === 'object' ? rest[0]?.code : rest[1]; // (warning, options) or (warning, type, code)
      if (code === 'MODULE_TYPELESS_PACKAGE_JSON') return undefined;
      return emitWarning.call(this, warning, ...rest);
    };
  }
  return () => {
    if (--loading === 0) process.emitWarning = emitWarning;
  };
}

const functionOrNone = (value) => (typeof value === 'function' ? value : undefined);

/** @returns {string} the module's file; throws when it cannot be found */
export function resolveValidatorModule(ref, base) {
  return path.isAbsolute(ref.module) ? ref.module : createRequire(path.join(base, 'noop.js')).resolve(ref.module);
}
