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
// A keyword defined with `compile` is given such code when its `compile` uses nothing but the
// keyword's value and the schema holding it: it declares no third parameter (`it`, ajv's compilation
// context), its source says neither `this` nor `arguments`, and while compiling it read nothing of
// `it` or of the ajv instance (it is given proxies of both, which record any use, a helper's
// included). The function it returned is then `compile(value, parentSchema)` in the rebuilt ajv,
// made again when the code is loaded.
//
// Not stored, and compiled on every run that needs it: a schema using any other `compile` keyword,
// which may have used ajv's compilation context (`it`: the schema's path, its options, its root…) or
// the ajv instance (`this`): what it made of them is in its closure, out of sight, and cannot be
// made again without compiling; a keyword's `$data` value checked by its `metaSchema`, or any other value
// ajv has no code for. Only the schemas that use such a keyword are: the rule's others are stored.
import path from 'node:path';
import { createRequire } from 'node:module';
import { createAjv } from './ajv-instance.js';

const require = createRequire(import.meta.url);
const { isDeepStrictEqual } = require('node:util');
/** What stored code requires to get back a plugin's functions (never a module's name). */
export const PLUGINS_MODULE = 'filecheck:plugins';
const compiledFrom = new WeakMap(); // a function a keyword's compile made ─▶ [keyword, value, parentSchema]
const WATCHED = Symbol('filecheck: compile watched');

/**
 * Watches the `compile` functions of an ajv instance's keywords (a plugin's): a function one makes
 * from the keyword's value and its schema alone can be made again (compiledFrom).
 * @param {import('ajv').default} ajv with the rule's plugins applied
 */
export function watchCompiles(ajv) {
  for (const name of Object.keys(ajv.RULES.all)) {
    const definition = ajv.getKeyword(name);
    if (typeof definition?.compile !== 'function' || definition.compile[WATCHED]) continue;
    const compile = definition.compile;
    if (!usesTwoArguments(compile)) continue;
    definition.compile = Object.assign(
      function watched(value, parentSchema, it) {
        let used = false;
        // Every trap of a proxy of `this` or `it` records a use, then does what it would have done.
        const handler = new Proxy(
          {},
          {
            get:
              (_, trap) =>
              (...args) => {
                used = true;
                return Reflect[trap](...args);
              },
          },
        );
        const watch = (target) => (target !== null && typeof target === 'object' ? new Proxy(target, handler) : target);
        const made = compile.call(watch(this), value, parentSchema, watch(it));
        if (!used && typeof made === 'function') compiledFrom.set(made, [name, value, parentSchema]);
        return made;
      },
      { [WATCHED]: true },
    );
  }
}

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
  const { _, stringify } = require('ajv'); // stringify: `_` would write an array as a,b
  const known = formats === false ? {} : require('./string-formats.cjs')[formats === 'fast' ? 'fast' : 'full'];
  let keywords = null; // validate function ─▶ keyword name, found when first needed
  const keywordOf = (fn) => {
    if (!keywords) {
      keywords = new Map();
      for (const name of Object.keys(ajv.RULES.all)) {
        const definition = ajv.getKeyword(name);
        if (typeof definition?.validate === 'function' && !keywords.has(definition.validate))
          keywords.set(definition.validate, name);
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
        const compiled = compiledFrom.get(value.ref);
        if (keyword !== undefined) {
          value.code = _`require(${PLUGINS_MODULE}).keyword(${dialect}, ${keyword})`;
          calls = true;
        } else if (compiled && isJson(compiled[1]) && isJson(compiled[2])) {
          value.code = _`require(${PLUGINS_MODULE}).compiled(${dialect}, ${compiled[0]}, ${stringify(compiled[1])}, ${stringify(compiled[2])})`;
          calls = true;
        }
      } else if (
        prefix === 'formats' &&
        typeof key === 'string' &&
        !(value.ref instanceof RegExp) &&
        known[key] !== value.ref
      ) {
        // A format of a plugin's: not where filecheck's formats are (string-formats.cjs).
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
    // Schemas are not checked against their meta-schema: this ajv compiles none (a plugin's keyword
    // with a metaSchema would otherwise compile the dialect's meta-schema to check it, ~0.1 s).
    if (!instances.has(dialect))
      instances.set(dialect, createAjv(dialect, { ...settings, validateSchema: false }, plugins, []));
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
    compiled(dialect, name, value, parentSchema) {
      const ajv = instance(dialect);
      const made = found(`the keyword "${name}"`, ajv.getKeyword(name)?.compile)?.call(ajv, value, parentSchema);
      if (typeof made !== 'function') throw new Error(`the keyword "${name}" compiles to no function`);
      return made;
    },
  };
  return (id) => {
    if (id === PLUGINS_MODULE) return rebuilt;
    return packages.has(packageOf(id)) ? fromBase(id) : require(id);
  };
}

// Whether a compile function can only see its first two arguments: one that takes `it` (a third
// parameter, a rest or default one, `arguments`) or mentions `this` may keep them for later, unseen
// by the proxies.
function usesTwoArguments(compile) {
  const source = Function.prototype.toString.call(compile);
  const open = source.indexOf('(');
  const body = source.search(/=>|\{/);
  const params = open !== -1 && open < body ? source.slice(open + 1, source.indexOf(')')) : source.slice(0, body);
  return (
    compile.length <= 2 &&
    !/\.\.\.|=/.test(params) &&
    params.split(',').length <= 2 &&
    !/\b(this|arguments)\b/.test(source)
  );
}

// Written as JSON, the value is the same again (no undefined, function, Date… inside).
function isJson(value) {
  try {
    return isDeepStrictEqual(JSON.parse(JSON.stringify(value) ?? 'null'), value);
  } catch {
    return false;
  }
}

// The package a bare module name is in (`@scope/name/dist/x` ─▶ `@scope/name`); null for a path.
function packageOf(id) {
  if (typeof id !== 'string' || id.startsWith('.') || path.isAbsolute(id) || id.startsWith('node:')) return null;
  return id
    .split('/')
    .slice(0, id.startsWith('@') ? 2 : 1)
    .join('/');
}
