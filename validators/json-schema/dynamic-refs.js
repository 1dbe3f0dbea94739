// ajv follows a $dynamicRef to a $dynamicAnchor only when the anchor is at the root of its schema
// resource. One written in a subschema, as OpenAPI 3.1's schema has it (`$defs/schema`:
// "$dynamicAnchor": "meta"), sends ajv to the root of the resource instead (ajv-validator/ajv#1573):
// a valid OpenAPI document then fails with "must NOT have unevaluated property".
//
// Where the spec's dynamic resolution can land on one place only, the $dynamicRef is written as
// the $ref to it, which ajv follows well. By the spec (2020-12 core, 8.2.3.2) a $dynamicRef whose
// target is a $dynamicAnchor lands on that anchor in the outermost schema resource, among those
// evaluation has entered, that declares it: so on the root schema's own when the root declares it
// (evaluation starts there), and on the target itself when no other schema of the compilation
// declares the name. Else the resources evaluation can enter are followed from the root ($ref,
// $dynamicRef, an embedded resource: scopeChains): when the first resource declaring the name is the
// same on every chain that reaches the $dynamicRef's resource (SchemaStore's openapi-3.X.json, a root
// without the anchor, through OpenAPI 3.1's schema-base, dialect and meta-schema, which all declare
// it), the $dynamicRef lands there. Any other $dynamicRef to a plain name, or one to a JSON pointer,
// is a $ref. What depends on the path evaluation takes is left to ajv.
import { isSchema, walkSchema } from './schema-walk.js';

/**
 * The plain names a schema file declares with $dynamicAnchor, for each schema resource in it (the
 * file's, and those of the subschemas with an $id of their own).
 * @param {Record<string, any>} schema a 2020-12 schema
 * @param {string} id its absolute URL
 * @returns {Map<string, { dynamic: Set<string>, atRoot: Set<string> }>} resource URL (no fragment)
 *   ─▶ its names, and those of them declared at the resource's root
 */
export function anchorsOf(schema, id) {
  const resources = new Map();
  walkSchema(
    schema,
    (node, pointer, base) => {
      const here = resourceOf(node, pointer, base);
      if (!resources.has(here)) resources.set(here, { dynamic: new Set(), atRoot: new Set() });
      if (typeof node.$dynamicAnchor === 'string') {
        resources.get(here).dynamic.add(node.$dynamicAnchor);
        if (here !== base || pointer === '') resources.get(here).atRoot.add(node.$dynamicAnchor);
      }
      return here;
    },
    withoutFragment(id),
  );
  return resources;
}

// The resource a subschema is in: its own, when it has an $id that is not only a fragment.
function resourceOf(node, pointer, base) {
  const own = pointer !== '' && typeof node.$id === 'string' ? resolve(node.$id, base) : null;
  return own && !own.includes('#') ? own : base;
}

/**
 * @param {Record<string, any>} schema a 2020-12 schema, as it is given to ajv
 * @param {string} id its absolute URL
 * @param {{ root: { id: string, dynamic: Set<string> }, once(name: string): boolean,
 *   outermost(name: string, holder: string, target: string): string | null }} scope
 *   root: the compilation's root resource and the names it declares; once: whether no other schema
 *   of the compilation declares the name; outermost: scopeChains' answer
 * @returns {{ schema: Record<string, any>, relied: Set<string> }} schema: a copy where a $dynamicRef
 *   was rewritten; relied: the names a rewrite took for declared once, so a schema added later that
 *   declares one of them means compiling again
 */
export function staticDynamicRefs(schema, id, scope) {
  const relied = new Set();
  if (!JSON.stringify(schema).includes('"$dynamicRef"')) return { schema, relied };
  const copy = structuredClone(schema);
  const anchors = anchorsOf(copy, id);
  walkSchema(
    copy,
    (node, pointer, base) => {
      const here = resourceOf(node, pointer, base);
      if (typeof node.$dynamicRef === 'string' && node.$ref === undefined) {
        const target = staticTarget(node.$dynamicRef, here, anchors, scope, relied);
        if (target !== null) {
          node.$ref = target;
          delete node.$dynamicRef;
        }
      }
      return here;
    },
    withoutFragment(id),
  );
  return { schema: copy, relied };
}

// The $ref a $dynamicRef always lands where, or null when that depends on the evaluation's path
// (or on a schema in another file).
function staticTarget(ref, base, anchors, scope, relied) {
  const url = resolve(ref, base);
  if (url === null) return null;
  const hash = url.indexOf('#');
  const name = hash === -1 ? '' : decodeURIComponent(url.slice(hash + 1));
  if (name === '' || name.startsWith('/')) return ref; // a JSON pointer: never dynamic
  const declared = anchors.get(url.slice(0, hash));
  if (!declared) return null; // another file's anchor: what it is, is not known here
  if (!declared.dynamic.has(name)) return ref; // an $anchor: a $dynamicRef to it is a $ref
  if (scope.root.dynamic.has(name)) return anchorUrl(withoutFragment(scope.root.id), name, scope.root);
  if ([...anchors.values()].filter((resource) => resource.dynamic.has(name)).length === 1 && scope.once(name)) {
    relied.add(name);
    return anchorUrl(url.slice(0, hash), name, declared);
  }
  return scope.outermost(name, base, url.slice(0, hash));
}

/**
 * The chains of schema resources a static walk from the root enters, each by a $ref or
 * $dynamicRef (in any applicator, whatever the data: every chain an evaluation can take is among
 * them, so what holds on all of them holds for it) or as a resource embedded in another. Each file
 * is read once (a visited set), and only when a $dynamicRef asks.
 * @param {{ raw: any, id: string }} root the root schema, its absolute URL
 * @param {(url: string) => { raw: any, id: string } | null} schemaAt the schema file a URL names,
 *   with the URL it is known by; null: none, or a meta-schema ajv has built in (it $refs only its own)
 * @returns {(name: string, holder: string, target: string) => string | null} the $ref to the
 *   $dynamicAnchor `name` that a $dynamicRef in resource `holder`, whose target resource `target`
 *   declares it, lands on, or null when that depends on the chain
 */
export function scopeChains(root, schemaAt) {
  let graph = null;
  const landings = new Map(); // name ─▶ resource URL ─▶ the first resources declaring it on the chains to it
  return (name, holder, target) => {
    graph ??= resourceGraph(root, schemaAt);
    if (!landings.has(name)) landings.set(name, firstDeclarers(graph, withoutFragment(root.id), name));
    const firsts = landings.get(name).get(graph.known(holder));
    if (!firsts) return null;
    // A chain that meets no declaring resource before the $dynamicRef's lands on its target.
    const lands = new Set([...firsts].map((first) => first ?? graph.known(target)));
    if (lands.size !== 1) return null;
    const [land] = lands;
    const declared = graph.resources.get(land);
    return declared ? anchorUrl(land, name, declared) : null;
  };
}

// Each resource the root leads to: its $dynamicAnchor names, and the resources it enters.
function resourceGraph(root, schemaAt) {
  const resources = new Map(); // resource URL ─▶ { dynamic, atRoot, enters: Set<string> }
  const files = new Map(); // URL a file was reached by ─▶ the URL of its resource (null: none)
  const known = (url) => {
    const id = resources.has(url) ? url : files.get(url);
    return id && resources.has(id) ? id : null;
  };
  const waiting = [];
  const read = (raw, id) => {
    if (!isSchema(raw)) return;
    for (const [url, names] of anchorsOf(raw, id)) resources.set(url, { ...names, enters: new Set() });
    walkSchema(
      raw,
      (node, pointer, base) => {
        const here = resourceOf(node, pointer, base);
        if (here !== base) resources.get(base).enters.add(here);
        for (const ref of [node.$ref, node.$dynamicRef]) {
          const url = typeof ref === 'string' ? resolve(ref, here) : null;
          if (url === null) continue;
          resources.get(here).enters.add(withoutFragment(url));
          waiting.push(withoutFragment(url));
        }
        return here;
      },
      withoutFragment(id),
    );
  };
  read(root.raw, root.id);
  while (waiting.length) {
    const url = waiting.pop();
    if (resources.has(url) || files.has(url)) continue;
    const found = schemaAt(url);
    const id = found && withoutFragment(found.id);
    files.set(url, id);
    if (found && !resources.has(id)) read(found.raw, id);
  }
  return { resources, known };
}

// For each resource the root leads to, the first resources declaring `name` on the chains from the
// root to it (null: a chain that meets none). Each (resource, first) pair is followed once.
function firstDeclarers({ resources, known }, rootUrl, name) {
  const firsts = new Map();
  const work = [];
  const reach = (url, first) => {
    const at = known(url);
    if (at === null) return;
    const landed = first ?? (resources.get(at).dynamic.has(name) ? at : null);
    if (!firsts.has(at)) firsts.set(at, new Set());
    if (firsts.get(at).has(landed)) return;
    firsts.get(at).add(landed);
    work.push([at, landed]);
  };
  reach(rootUrl, null);
  while (work.length) {
    const [at, first] = work.pop();
    for (const next of resources.get(at).enters) reach(next, first);
  }
  return firsts;
}

// ajv knows an anchor at the root of a resource by the resource's URL only.
const anchorUrl = (resource, name, declared) =>
  declared.atRoot.has(name) ? resource : `${resource}#${encodeURIComponent(name)}`;

function resolve(ref, base) {
  try {
    return new URL(ref, base).href;
  } catch {
    return null;
  }
}

const withoutFragment = (url) => url.replace(/#.*$/, '');
