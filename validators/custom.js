// Custom validators: a module whose default export is `(doc, ctx) => Problem[] | void`, and which may
// check across files too: `collect(doc, ctx)` returns the facts of each document (JSON data, or
// undefined), and `checkAll(entries, ctx)` the problems of all the rule's files from them
// (runner/collect/). A module with `collect` needs no default export.
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { UsageError } from '../shared/errors.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

/**
 * @param {{ module: string, options?: unknown, generation?: number }} ref module: an absolute path, or a
 *   package name resolved from `base`; generation (--watch): the module's file is imported again
 *   under a new URL for each generation, since an ES module cannot be unloaded
 * @param {string} base
 * @returns {Promise<{ name: string, options: unknown, validate?: Function, collect?: Function, checkAll?: Function }>}
 */
export async function loadCustomValidator(ref, base) {
  let exported;
  let file;
  try {
    file = resolveValidatorModule(ref, base);
    if (ref.generation) delete require.cache[file]; // a CommonJS module is cached by its file, whatever the URL
    const url = pathToFileURL(file).href;
    const done = holdModuleTypeWarnings();
    try {
      exported = await import(ref.generation ? `${url}?generation=${ref.generation}` : url);
    } finally {
      done();
    }
  } catch (error) {
    const why =
      error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND'
        ? 'not found'
        : (esModuleReadAsCommonJs(error, file) ?? error.message);
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
    name: nameOf(exported, ref.module),
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
// warning, and that one at any other time, is Node's to print. So is the one Node prints before it
// fails to load an ES module as CommonJS ("type": "commonjs", or a .cjs file): the error filecheck
// exits with says what to do (esModuleReadAsCommonJs). Node emits that one itself, not through
// process.emitWarning, and at once.
let loading = 0;
let emitWarning;
let emit;
function holdModuleTypeWarnings() {
  if (loading++ === 0) {
    emitWarning = process.emitWarning;
    process.emitWarning = function (warning, ...rest) {
      const code = typeof rest[0] === 'object' ? rest[0]?.code : rest[1]; // (warning, options) or (warning, type, code)
      if (code === 'MODULE_TYPELESS_PACKAGE_JSON') return undefined;
      return emitWarning.call(this, warning, ...rest);
    };
    emit = process.emit;
    process.emit = function (event, warning, ...rest) {
      if (event === 'warning' && /set "type": "module" in the .*\.mjs extension/.test(warning?.message)) return false;
      return emit.call(this, event, warning, ...rest);
    };
  }
  return () => {
    if (--loading > 0) return;
    process.emitWarning = emitWarning;
    process.emit = emit;
  };
}

// A file with `export` or `import` that Node reads as CommonJS: a .js file whose nearest
// package.json says "type": "commonjs" (npm 11's `npm init -y` writes it), or a .cjs file. The file
// is the one Node names: the validator, or one it requires. Said with what to do; null for another error.
function esModuleReadAsCommonJs(error, validatorFile) {
  if (!(error instanceof SyntaxError)) return null;
  const keyword = /^Unexpected token 'export'/.test(error.message)
    ? 'export'
    : /^Cannot use import statement outside a module/.test(error.message)
      ? 'import'
      : null;
  const file = /^(.+\.c?js):\d+$/.exec(error.stack?.split('\n', 1)[0])?.[1];
  if (!keyword || !file) return null;
  const who = `${file === validatorFile ? 'it' : file} is an ES module (${keyword})`;
  const fix = `rename it to ${path.basename(file).replace(/\.c?js$/, '.mjs')}, or write it as CommonJS (${keyword === 'import' ? 'require, ' : ''}module.exports)`;
  if (file.endsWith('.cjs')) return `${who}, but a .cjs file is CommonJS: ${fix}`;
  const packageJson = nearestPackageJson(path.dirname(file));
  if (packageJson?.type !== 'commonjs') return null;
  return `${who}, but the nearest package.json (${packageJson.file}) says "type": "commonjs": ${fix}`;
}

function nearestPackageJson(folder) {
  for (let at = folder; ; at = path.dirname(at)) {
    const file = path.join(at, 'package.json');
    try {
      return { file, type: JSON.parse(fs.readFileSync(file, 'utf8')).type };
    } catch (error) {
      if (error.code !== 'ENOENT') return null;
    }
    if (path.dirname(at) === at) return null;
  }
}

// Its `name`, else its file's. A CommonJS module's `name` is its function's, when module.exports is
// one: "" for an anonymous one, and still "" after `module.exports.name = 'x'` (read-only, the
// assignment does nothing).
const nameOf = (exported, module) =>
  typeof exported.name === 'string' && exported.name.trim() !== ''
    ? exported.name
    : path.basename(module).replace(/\.[cm]?js$/, '');

const functionOrNone = (value) => (typeof value === 'function' ? value : undefined);

/** @returns {string} the module's file; throws when it cannot be found */
export function resolveValidatorModule(ref, base) {
  return path.isAbsolute(ref.module) ? ref.module : createRequire(path.join(base, 'noop.js')).resolve(ref.module);
}
