// A draft-03 schema rewritten as draft-04, keeping its meaning (docs/json-schema.md, "Drafts mix"): ajv has
// no draft-03, and no maintained library does this (json-schema-migrate starts at draft-04;
// json-schema-compatibility, from 2013, misses `$ref`, formats and `required` outside `properties`).
// Loaded only when a draft-03 schema is compiled, with require(): compilation is synchronous.
import { createRequire } from 'node:module';
import { walkSchema } from './schema-walk.js';
import { pointerToken } from './schema-walk.js';

const require = createRequire(import.meta.url);

// Draft-03 formats by their draft-04 (ajv-formats, string-formats.cjs) names. `time` is hh:mm:ss, which
// ajv's `time` refuses without an offset; `color` is a CSS 2.1 color.
const FORMATS = { 'host-name': 'hostname', 'ip-address': 'ipv4', time: 'iso-time', color: 'css21-color' };
// Draft-03 formats that no validator checks (python's jsonschema neither): dropped, so that they
// are not warned about as unknown.
const UNCHECKED = new Set(['utc-millisec', 'style', 'phone']);
// What a schema with a `$ref` keeps: draft-03 replaces it by the schema referenced, so every other
// keyword is ignored (`definitions` stays, as a place other `$ref`s point into).
const BESIDE_REF = new Set(['$ref', '$schema', 'definitions', 'title', 'description', 'default', '$comment']);
// Keywords of later drafts that a draft-04 ajv applies: draft-03 did not have them, so in a draft-03
// schema they are unknown keywords, ignored (and warned about). The rewrite makes some of them.
const LATER = [
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'const',
  'contains',
  'propertyNames',
  'if',
  'then',
  'else',
];

/**
 * Rewrites a draft-03 schema as draft-04, in place: a property's `required: true` joins its
 * parent's `required` (elsewhere it meant nothing, and goes); a `type` union holding schemas, and
 * `disallow`, become anyOf / not; `type: "any"` goes; `extends` becomes allOf, `divisibleBy`
 * multipleOf, a string dependency an array; formats take their draft-04 names; a `$ref` loses its
 * siblings; keywords draft-03 did not have (anyOf…) go. A `#/…` `$ref` into a place that moved
 * (`#/extends/0`) follows it.
 * @param {Record<string, any>} schema a copy the caller owns
 * @returns {{ schema: Record<string, any>, ignored: string[] }} schema: the same object, `$schema`
 *   left as it was; ignored: the later drafts' keywords it had, dropped
 */
export function draft03ToDraft04(schema) {
  const moved = new Map(); // subschema ─▶ its pointer before the rewrite
  const created = new WeakSet(); // the schemas the rewrite made (a union's `{ type: "string" }`)
  const places = new Map(); // pointer before ─▶ pointer after, for each subschema
  const refs = []; // the schemas whose `$ref` is a pointer into their document
  const ignored = new Set();
  walkSchema(
    schema,
    (node, pointer, from, { keyword, key }) => {
      const before =
        moved.get(node) ??
        (created.has(node) || from.before === undefined ? undefined : from.before + segment(keyword, key));
      if (before !== undefined) places.set(before, pointer);
      // What the rewrite made is draft-04 already (its anyOf is not a draft-04 keyword to drop).
      if (!created.has(node)) {
        rewrite(node, pointer === '', {
          moveFrom: (child, at) => isSchema(child) && before !== undefined && moved.set(child, before + at),
          create: (made) => {
            created.add(made);
            return made;
          },
          ignore: (keyword) => ignored.add(keyword),
        });
      }
      // Below an id, `#/…` is a pointer into that subschema, not into the document.
      const scoped = from.scoped || (pointer !== '' && typeof node.id === 'string');
      if (!scoped && typeof node.$ref === 'string' && node.$ref.startsWith('#/')) refs.push(node);
      return { before, scoped };
    },
    { before: '', scoped: false },
  );
  for (const node of refs) node.$ref = followMoves(node.$ref, places);
  return { schema, ignored: [...ignored] };
}

const segment = (keyword, key) =>
  keyword === undefined ? '' : `/${keyword}${key === undefined ? '' : `/${pointerToken(key)}`}`;
const isSchema = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

function rewrite(node, isRoot, moves) {
  if (typeof node.$ref === 'string') {
    for (const key of Object.keys(node)) {
      // The root's id names the file's schema, which the compilation keys it by.
      if (!BESIDE_REF.has(key) && !(isRoot && key === 'id')) delete node[key];
    }
    return;
  }
  for (const keyword of LATER) {
    if (!Object.hasOwn(node, keyword)) continue;
    moves.ignore(keyword);
    delete node[keyword];
  }
  // What a parent did not take as a property's `required` meant nothing (and draft-04's list, here, nothing either).
  delete node.required;
  if (isSchema(node.properties)) {
    const required = Object.keys(node.properties).filter((name) => node.properties[name]?.required === true);
    for (const property of Object.values(node.properties)) {
      if (typeof property?.required === 'boolean') delete property.required;
    }
    if (required.length) node.required = required;
  }
  if (node.type !== undefined) {
    const union = unionOf(node.type, 'type', moves);
    delete node.type;
    if (union?.schemas) node.anyOf = union.schemas;
    else if (union) node.type = union.type;
  }
  if (node.disallow !== undefined) {
    const union = unionOf(node.disallow, 'disallow', moves);
    delete node.disallow;
    node.not = moves.create(union ? (union.schemas ? { anyOf: union.schemas } : { type: union.type }) : {});
  }
  if (node.extends !== undefined) {
    const list = Array.isArray(node.extends);
    const schemas = list ? node.extends : [node.extends];
    schemas.forEach((child, i) => moves.moveFrom(child, list ? `/extends/${i}` : '/extends'));
    delete node.extends;
    node.allOf = schemas;
  }
  if (node.divisibleBy !== undefined) {
    node.multipleOf = node.divisibleBy;
    delete node.divisibleBy;
  }
  if (isSchema(node.dependencies)) {
    for (const [name, value] of Object.entries(node.dependencies)) {
      if (typeof value === 'string') node.dependencies[name] = [value];
    }
  }
  if (typeof node.format === 'string') {
    if (UNCHECKED.has(node.format)) delete node.format;
    else node.format = FORMATS[node.format] ?? node.format;
  }
}

// A draft-03 `type` (or `disallow`): null when it holds "any" (every value); the simple types as
// they are (a draft-04 `type`); or, when it holds schemas, each member as a schema.
function unionOf(value, keyword, moves) {
  const members = Array.isArray(value) ? value : [value];
  if (members.includes('any')) return null;
  if (!members.some(isSchema)) return { type: value };
  members.forEach((member, i) => moves.moveFrom(member, `/${keyword}/${i}`));
  return { schemas: members.map((member) => (typeof member === 'string' ? moves.create({ type: member }) : member)) };
}

// `#/extends/0/properties/a` ─▶ `#/allOf/0/properties/a`: the deepest subschema the pointer
// reaches before the rewrite, where it is now, and the rest of the pointer as it was.
function followMoves(ref, places) {
  const parts = ref.slice(1).split('/');
  for (let count = parts.length; count > 0; count--) {
    const prefix = parts.slice(0, count).join('/');
    let decoded;
    try {
      decoded = decodeURIComponent(prefix);
    } catch {
      return ref;
    }
    const now = places.get(decoded);
    if (now === undefined) continue;
    if (now === decoded) return ref;
    const encoded = now
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    return `#${[encoded, ...parts.slice(count)].join('/')}`;
  }
  return ref;
}

let metaSchema;
/**
 * The draft-03 meta-schema (refs/json-schema-draft-03.json: the text json-schema.org serves, as
 * python's jsonschema-specifications ships it) as a draft-04 schema under its own id, so that a
 * draft-04 ajv checks draft-03 schemas with it.
 * @returns {Record<string, any>}
 */
export function draft03MetaSchema() {
  metaSchema ??= {
    ...draft03ToDraft04(structuredClone(require('./refs/json-schema-draft-03.json'))).schema,
    $schema: 'http://json-schema.org/draft-04/schema#',
  };
  return metaSchema;
}
