// Stored code (--cache) for rules with ajv plugins. ajv's standalone code writes out each value the
// generated code uses from its `code` (a require path, a literal); a plugin's keyword defined with a
// `validate` function, or a format a plugin adds, is used by value: ajv has no code for it, and
// standalone code cannot be written. Before the code is written, each such value is given code that
// gets it back in the run that loads it: `require("filecheck:plugins").keyword(dialect, name)` is
// the `validate` function of that keyword in an ajv of the same dialect, settings and plugins, built
// (once per rule and dialect) only when stored code that needs it is loaded. ajv calls such a
// function with the ajv instance as `this` (named `self` in its code, which standalone code leaves
// undefined): stored code calls it with that rebuilt ajv.
//
// Not stored, and compiled on every run that needs it: a schema using a keyword defined with
// `compile` (the function `compile` returns closes over what it made of the schema, the parent
// schema and ajv's compilation context; nothing says what of these it kept, so it cannot be made
// again without compiling), a keyword's `$data` value checked by its `metaSchema`, or any other value
// ajv has no code for. Only the schemas that use such a keyword are: the rule's others are stored.
import path from 'node:path';
import { createRequire } from 'node:module';
import { createAjv } from './ajv-instance.js';

const require = createRequire(import.meta.url);
/** What stored code requires to get back a plugin's functions (never a module's name). */
export const PLUGINS_MODULE = 'filecheck:plugins';

/**
 * Gives code to the values of the ajv instance that a plugin added without any: the `validate`
 * functions of its keywords and its formats. Others stay without code, and ajv's standalone code
 * throws for a schema that uses them.
 * @param {import('ajv').default} ajv the instance the schema was compiled in, with code.source on
 * @param {string} dialect the one it was created for
 * @param {string | false} formats the rule's `formats` setting
 * @returns {(code: string) => string} completes the standalone code written afterwards
 */
export function givePluginValuesCode(ajv, dialect, formats) {
  const { _ } = require('ajv');
  const known = formats === false ? {} : require('./formats.cjs')[formats === 'fast' ? 'fast' : 'full'];
  let keywords = null; // validate function ─▶ keyword name, found when first needed
  const keywordOf = (fn) => {
    if (!keywords) {
      keywords = new Map();
      for (const name of Object.keys(ajv.RULES.all)) {
        const definition = ajv.getKeyword(name);
        if (typeof definition?.validate === 'function' && !keywords.has(definition.validate)) keywords.set(definition.validate, name);
      }
    }
    return keywords.get(fn);
  };
  let calls = false; // whether the code calls a keyword's function, with `self` as `this`
  for (const [prefix, names] of Object.entries(ajv.scope._values)) {
    for (const [key, name] of names ?? []) {
      const value = name.value;
      if (!value) continue;
      if (prefix === 'keyword' && value.code === undefined && typeof value.ref === 'function') {
        const keyword = keywordOf(value.ref);
        if (keyword !== undefined) {
          value.code = _`require(${PLUGINS_MODULE}).keyword(${dialect}, ${keyword})`;
          calls = true;
        }
      } else if (prefix === 'formats' && typeof key === 'string' && !(value.ref instanceof RegExp) && known[key] !== value.ref) {
        // A format of a plugin's: not where filecheck's formats are (formats.cjs).
        value.code = _`require(${PLUGINS_MODULE}).format(${dialect}, ${key})`;
      }
    }
  }
  const self = `const self = require(${JSON.stringify(PLUGINS_MODULE)}).ajv(${JSON.stringify(dialect)});`;
  return (code) => (calls ? code.replace(/^"use strict";/, (strict) => `${strict}${self}`) : code);
}

/**
 * The `require` stored code of a rule is loaded with: filecheck's own modules and dependencies, the
 * rule's plugin packages resolved from the rule's base (as loadPlugins does), and the plugins'
 * functions, from an ajv of the rule's settings and plugins built when first asked for.
 * @param {{ ajv: Record<string, any>, base: string }} settings the rule's
 * @param {Awaited<ReturnType<typeof import('./ajv-instance.js').loadPlugins>>} plugins loaded
 * @returns {(id: string) => unknown}
 */
export function storedCodeRequire({ ajv: settings, base }, plugins) {
  if (!plugins.length) return require;
  const fromBase = createRequire(path.join(base, 'noop.js'));
  const packages = new Set((settings.plugins ?? []).map((plugin) => packageOf([plugin].flat()[0])).filter(Boolean));
  const instances = new Map(); // dialect ─▶ an ajv with the rule's plugins
  const instance = (dialect) => {
    if (!instances.has(dialect)) instances.set(dialect, createAjv(dialect, settings, plugins, []));
    return instances.get(dialect);
  };
  const found = (what, value) => {
    if (value === undefined) throw new Error(`the rule's plugins no longer give ${what}`);
    return value;
  };
  const rebuilt = {
    ajv: instance,
    keyword: (dialect, name) => found(`the keyword "${name}"`, instance(dialect).getKeyword(name)?.validate),
    format: (dialect, name) => found(`the format "${name}"`, instance(dialect).formats[name]),
  };
  return (id) => {
    if (id === PLUGINS_MODULE) return rebuilt;
    return packages.has(packageOf(id)) ? fromBase(id) : require(id);
  };
}

// The package a bare module name is in (`@scope/name/dist/x` ─▶ `@scope/name`); null for a path.
function packageOf(id) {
  if (typeof id !== 'string' || id.startsWith('.') || path.isAbsolute(id) || id.startsWith('node:')) return null;
  return id.split('/').slice(0, id.startsWith('@') ? 2 : 1).join('/');
}
