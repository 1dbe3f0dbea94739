// Why ajv ran out of stack, read from the schema's files, for a message a person can act on: a
// schema that applies itself to the same value without end (a $ref, in allOf, extends…, leading
// back to where it started without going deeper into the data, which depth-limit.js bounds), told
// only where the schema has such a loop; else code too deep for V8 to compile or run. (An anyOf or
// oneOf of thousands of alternatives no longer is: wide-alternatives.cjs.) A schema neither deep
// nor wide that has a $dynamicRef or $recursiveRef is ajv's known limitation instead: its code for
// those can call itself without end where the dynamic scope leaves ajv no way out.
import { urlKey } from './url-key.js';
import { isSchema, pointerInto, walkSchema } from './schema-walk.js';

// The keywords whose subschemas apply to the value their schema applies to, in any draft
// (draft-03's extends, and its type and disallow that may hold schemas), and those that go to
// another schema: a loop through them alone never goes deeper into the data.
const IN_PLACE_ONE = ['not', 'if', 'then', 'else', 'extends'];
const IN_PLACE_LIST = ['allOf', 'anyOf', 'oneOf', 'extends', 'type', 'disallow'];
const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'];
const REFS = ['$ref', '$dynamicRef', '$recursiveRef'];

/**
 * @param {Map<string, { raw: unknown, id: string } | null>} files the schema's files (the root
 *   first) by path, as schemaClosureResources gives them (null: not read)
 * @returns {boolean} whether a $ref leads a subschema the root reaches back to itself without going
 *   deeper into the data (a loop anywhere the root reaches: which value met it is not known)
 */
export function loopsInPlace(files) {
  const { roots, anchors, bases } = indexOf(files);
  const root = [...files.values()][0]?.raw;
  if (!isSchema(root)) return false;
  const target = (ref, base) => {
    let url;
    try {
      url = new URL(ref, base);
    } catch {
      return undefined;
    }
    const fragment = url.hash.slice(1);
    url.hash = '';
    const resource = roots.get(urlKey(url.href));
    if (fragment === '' || fragment.startsWith('/')) return resource && pointerInto(resource, `#${fragment}`);
    return anchors.get(`${urlKey(url.href)}#${safeDecode(fragment)}`);
  };
  const next = (node) => {
    const found = [];
    for (const keyword of IN_PLACE_ONE) if (isSchema(node[keyword])) found.push(node[keyword]);
    for (const keyword of IN_PLACE_LIST)
      if (Array.isArray(node[keyword])) found.push(...node[keyword].filter(isSchema));
    for (const keyword of IN_PLACE_MAP)
      if (isSchema(node[keyword])) found.push(...Object.values(node[keyword]).filter(isSchema));
    for (const keyword of REFS) {
      if (typeof node[keyword] !== 'string') continue;
      const reached = target(node[keyword], bases.get(node));
      if (isSchema(reached)) found.push(reached);
    }
    // A subschema walkSchema does not visit (draft-03's extends) resolves against its parent's base.
    for (const child of found) if (!bases.has(child)) bases.set(child, bases.get(node));
    return found;
  };
  // Every subschema the root reaches, through any keyword and $ref.
  const reached = new Set();
  const queue = [root];
  while (queue.length) {
    const top = queue.pop();
    if (reached.has(top)) continue;
    walkSchema(top, (node) => {
      reached.add(node);
      for (const keyword of REFS) {
        const to = typeof node[keyword] === 'string' && target(node[keyword], bases.get(node));
        if (isSchema(to) && !reached.has(to)) queue.push(to);
      }
    });
  }
  // From each, depth first through the in-place keywords alone, without recursion: a subschema
  // met again while it is on the path closes a loop.
  const state = new Map(); // subschema ─▶ 'open' while on the path, 'done' after
  for (const start of reached) {
    if (state.has(start)) continue;
    const path = [[start, next(start)]];
    state.set(start, 'open');
    while (path.length) {
      const [node, children] = path.at(-1);
      const child = children.pop();
      if (child === undefined) {
        state.set(node, 'done');
        path.pop();
      } else if (state.get(child) === 'open') {
        return true;
      } else if (!state.has(child)) {
        state.set(child, 'open');
        path.push([child, next(child)]);
      }
    }
  }
  return false;
}

// A schema whose code may be too deep for V8: subschemas nested this deep, or this many in one list.
const DEEP = 64;
const WIDE = 100;

/**
 * @param {Map<string, { raw: unknown } | null>} files as loopsInPlace takes them
 * @returns {{ file: string, pointer: string, keyword: string, ref: string } | null} the first
 *   $dynamicRef or $recursiveRef of the schema's files, when they are neither deep nor wide (else
 *   their size is the likelier cause)
 */
export function dynamicRefOf(files) {
  let found = null;
  let large = false;
  for (const [file, resource] of files) {
    if (!isSchema(resource?.raw)) continue;
    walkSchema(
      resource.raw,
      (node, pointer, depth) => {
        if (depth > DEEP || LISTS.some((keyword) => node[keyword]?.length > WIDE)) large = true;
        const keyword = ['$dynamicRef', '$recursiveRef'].find((name) => typeof node[name] === 'string');
        if (keyword && !found) found = { file, pointer, keyword, ref: node[keyword] };
        return depth + 1;
      },
      0,
    );
  }
  return large ? null : found;
}
const LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];

// The ids of the files and of their subschemas with one, their anchors, and the base each subschema
// resolves a $ref against.
function indexOf(files) {
  const roots = new Map(); // a resource's URL ─▶ its schema
  const anchors = new Map(); // `${resource URL}#${name}` ─▶ the subschema
  const bases = new Map(); // subschema ─▶ its base URL
  for (const resource of files.values()) {
    if (!isSchema(resource?.raw)) continue;
    roots.set(urlKey(resource.id), resource.raw);
    walkSchema(
      resource.raw,
      (node, pointer, base) => {
        let here = base;
        const own = node.$id ?? node.id;
        if (typeof own === 'string' && pointer !== '') {
          try {
            const url = new URL(own, base);
            if (own.startsWith('#')) anchors.set(`${urlKey(base)}#${own.slice(1)}`, node);
            else {
              url.hash = '';
              here = url.href;
              roots.set(urlKey(here), node);
            }
          } catch {
            // an id that is no URL: ajv says so
          }
        }
        for (const keyword of ['$anchor', '$dynamicAnchor'])
          if (typeof node[keyword] === 'string') anchors.set(`${urlKey(here)}#${node[keyword]}`, node);
        bases.set(node, here);
        return here;
      },
      resource.id,
    );
  }
  return { roots, anchors, bases };
}

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
