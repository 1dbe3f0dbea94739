// Custom validators: a module whose default export is `(doc, ctx) => Problem[] | void`.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../runner/shared/errors.js';

const require = createRequire(import.meta.url);

/**
 * @param {{ module: string, options?: unknown, generation?: number }} ref module: an absolute path, or a
 *   package name resolved from `base`; generation (--watch): the module's file is imported again
 *   under a new URL for each generation, since an ES module cannot be unloaded
 * @param {string} base
 * @returns {Promise<{ name: string, options: unknown, validate: Function }>}
 */
export async function loadCustomValidator(ref, base) {
  let exported;
  try {
    const file = resolveValidatorModule(ref, base);
    if (ref.generation) delete require.cache[file]; // a CommonJS module is cached by its file, whatever the URL
    const url = pathToFileURL(file).href;
    exported = await import(ref.generation ? `${url}?generation=${ref.generation}` : url);
  } catch (error) {
    const why =
      error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND' ? 'not found' : error.message;
    throw new UsageError(`validator module ${ref.module} cannot be loaded: ${why}`);
  }
  if (typeof exported.default !== 'function') {
    throw new UsageError(`validator module ${ref.module} must have a default export function (doc, ctx) => problems`);
  }
  return {
    name: typeof exported.name === 'string' ? exported.name : path.basename(ref.module).replace(/\.[cm]?js$/, ''),
    options: ref.options,
    validate: exported.default,
  };
}

/** @returns {string} the module's file; throws when it cannot be found */
export function resolveValidatorModule(ref, base) {
  return path.isAbsolute(ref.module) ? ref.module : createRequire(path.join(base, 'noop.js')).resolve(ref.module);
}
