// What code compiled apart (FILECHECK_SCHEMA_COMPILE=apart) leaves until a document needs it.
//
// A schema's large property subschemas are put behind a $ref each, so that a property's code is
// generated when a document first has that property (lazy-refs.js compiles a $ref'd subschema on
// first use): SchemaStore's package.json schema describes some hundred properties, a package.json
// has a dozen. The same verdicts: a $ref to a subschema of the same resource applies it as it
// stood. Only what compiles quietly is deferred: a part whose code would warn (an unknown keyword
// or format) or be refused (a pattern that is no regular expression) is compiled where it is, now,
// so that a run says what it always said, where it said it.

import { createRequire } from 'node:module';
import { isAnnotation } from './schema-warnings.js';
import {
  isSchema,
  LIST,
  MAP,
  ONE,
  pointerInto,
  pointersInto,
  pointerToken,
  refsIn,
  walkSchema,
} from './schema-walk.js';

const { inlineRef } = createRequire(import.meta.url)('ajv/dist/compile/resolve');

// A property named "__proto__" is a key like any other: set as JSON.parse sets it.
const define = (object, key, value) =>
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });

/** The keyword the deferred subschemas are kept under, at the root of their resource. */
export const DEFERRED = 'x-filecheck-deferred';

// A property subschema of fewer schema nodes is compiled where it is: a call and a compilation of
// its own cost more than the code it would spare (3 measured best of 1, 2, 3, 4 and 8 on
// SchemaStore's package.json, tsconfig and workflow schemas).
const MIN_NODES = 3;

/**
 * Whether ajv generates a schema node's own code without a word: its keywords known (or
 * annotations, whose warnings filecheck leaves out), its format known, its patterns compiling.
 * @param {import('ajv').default} ajv
 * @returns {(node: Record<string, any>) => boolean}
 */
export function quietIn(ajv) {
  const { keywords } = ajv.RULES;
  const { regExp } = ajv.opts.code;
  const flags = ajv.opts.unicodeRegExp ? 'u' : '';
  const compiles = (pattern) => {
    try {
      regExp(pattern, flags);
      return true;
    } catch {
      return false;
    }
  };
  return (node) => {
    for (const key in node) if (!keywords[key] && !isAnnotation(key)) return false;
    if (typeof node.format === 'string' && ajv.opts.validateFormats && ajv.formats[node.format] === undefined)
      return false;
    if (typeof node.pattern === 'string' && !compiles(node.pattern)) return false;
    return !isSchema(node.patternProperties) || Object.keys(node.patternProperties).every(compiles);
  };
}

/**
 * @param {Record<string, any> | boolean} schema a resource as ajv is given it (its root)
 * @param {(node: Record<string, any>) => boolean} quiet quietIn's
 * @param {{ pluginKeywords?: Set<string>, guardedRefs?: Set<string>, fragments?: string[] }} [plugins] pluginKeywords:
 *   the keywords the rule's plugins added; guardedRefs: receives the $refs written under a node
 *   that uses one of them, which are to be compiled as lazy compiles them (lazy-refs.js);
 *   fragments: those that name a part of the resource from outside it (a schema named with a
 *   fragment: schema-fragment.js), kept where they find it as a $ref's are
 * @returns {Record<string, any> | boolean} the same schema, or a copy with its large quiet property
 *   subschemas under DEFERRED, each where it was replaced by a $ref to it. Not a subschema that a
 *   $ref of the resource points into (it must stay where it is found), nor anything under a
 *   subschema with its own $id (another resource, whose "#" is not this one's), nor anything at or
 *   under a node that uses a plugin's keyword: ajv-errors' errorMessage takes the errors whose
 *   schemaPath is under its own, which code compiled apart would name from another "#".
 */
export function deferProperties(schema, quiet, { pluginKeywords = NONE, guardedRefs, fragments = [] } = {}) {
  if (!isSchema(schema) || DEFERRED in schema) return schema;
  const usesPluginKeyword = (node) =>
    pluginKeywords.size > 0 && Object.keys(node).some((key) => pluginKeywords.has(key));
  const pointedInto = pointersInto(schema, fragments);
  const reached = (pointer) => pointedInto.has(pointer);
  const deferred = [];
  // A $ref of a deferred part puts off what it leads to as well. Inlined code is generated with the
  // code that uses it: a $ref to a part of this resource without $refs of its own (ajv's
  // inlineRef) must be quiet too. One into another file might be inlined, read now: kept.
  const calmRefs = new Map();
  const calmRef = (ref) => {
    if (!calmRefs.has(ref)) {
      const target = ref.startsWith('#') ? pointerInto(schema, ref) : undefined;
      calmRefs.set(ref, target !== undefined && (!inlineRef(target, true) || allQuiet(target, quiet)));
    }
    return calmRefs.get(ref);
  };

  // [the node, or its copy with property subschemas deferred; its schema nodes (Infinity: never
  // to be deferred); whether all of it is quiet]
  const rewrite = (node, pointer, root) => {
    if (!root && (typeof node.$id === 'string' || typeof node.id === 'string')) return [node, Infinity, false];
    if (usesPluginKeyword(node)) {
      if (guardedRefs) for (const ref of refsIn(node)) guardedRefs.add(ref);
      return [node, Infinity, false];
    }
    let copy = null;
    let nodes = 1;
    let silent = quiet(node) && (typeof node.$ref !== 'string' || calmRef(node.$ref));
    const put = (keyword, value) => {
      copy ??= { ...node };
      copy[keyword] = value;
    };
    const visit = (child, at) => {
      const [rewritten, size, calm] = rewrite(child, at, false);
      nodes += size;
      silent &&= calm;
      return [rewritten, size, calm];
    };
    for (const keyword of Object.keys(node)) {
      const value = node[keyword];
      if (ONE.includes(keyword) && isSchema(value)) {
        const [child] = visit(value, `${pointer}/${keyword}`);
        if (child !== value) put(keyword, child);
      } else if (LIST.includes(keyword) && Array.isArray(value)) {
        let list = null;
        value.forEach((item, i) => {
          if (!isSchema(item)) return;
          const [child] = visit(item, `${pointer}/${keyword}/${i}`);
          if (child !== item) (list ??= [...value])[i] = child;
        });
        if (list) put(keyword, list);
      } else if (MAP.includes(keyword) && isSchema(value)) {
        let map = null;
        for (const [key, item] of Object.entries(value)) {
          if (!isSchema(item)) continue;
          const at = `${pointer}/${keyword}/${pointerToken(key)}`;
          const [child, size, calm] = visit(item, at);
          if (keyword === 'properties' && calm && size >= MIN_NODES && size !== Infinity && !reached(at)) {
            define((map ??= { ...value }), key, { $ref: `#/${DEFERRED}/${deferred.length}` });
            deferred.push(child);
          } else if (child !== item) {
            define((map ??= { ...value }), key, child);
          }
        }
        if (map) put(keyword, map);
      }
    }
    return [copy ?? node, nodes, silent];
  };
  const [rewritten] = rewrite(schema, '', true);
  return deferred.length ? { ...rewritten, [DEFERRED]: deferred } : schema;
}

/**
 * Whether all of a subschema is quiet (quietIn), every node of it (not where its $refs lead).
 * @param {unknown} schema
 * @param {(node: Record<string, any>) => boolean} quiet
 */
export function allQuiet(schema, quiet) {
  if (!isSchema(schema)) return true;
  let calm = true;
  walkSchema(schema, (node) => {
    calm &&= quiet(node);
  });
  return calm;
}

const NONE = new Set();
