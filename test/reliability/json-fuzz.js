// Random JSON Schemas and the raw text of random JSON documents, for the agreement property test.
// Documents are generated from the schema, best effort, with noise, so that about half of them pass
// and the failures sit at every depth. The raw text is written by hand: odd whitespace, escapes,
// huge numbers, a BOM, and duplicate keys (which fail the document, README "Formats").

/** The dialects filecheck supports, with the `$schema` spellings that select each one. */
export const DIALECTS = {
  'draft-04': { level: 4, defs: 'definitions', uris: spellings('json-schema.org/draft-04/schema') },
  'draft-06': { level: 6, defs: 'definitions', uris: spellings('json-schema.org/draft-06/schema') },
  'draft-07': { level: 7, defs: 'definitions', uris: [undefined, '', ...spellings('json-schema.org/draft-07/schema')] },
  '2019-09': { level: 8, defs: '$defs', uris: spellings('json-schema.org/draft/2019-09/schema') },
  '2020-12': {
    level: 9,
    defs: '$defs',
    uris: [...spellings('json-schema.org/draft/2020-12/schema'), 'http://json-schema.org/schema#'],
  },
};

function spellings(uri) {
  return ['http', 'https'].flatMap((scheme) => [`${scheme}://${uri}`, `${scheme}://${uri}#`]);
}

// Keys that JSON pointers must escape ("/", "~"), that are empty or blank, non-ASCII (composed and
// decomposed é), need escaping in JSON text, look like indexes, or name Object.prototype members.
const KEYS = [
  'a',
  'b',
  'c',
  'name',
  'x/y',
  '/',
  '~',
  '~1',
  '~0',
  'a~1b',
  '',
  ' ',
  'ключ',
  '😀',
  'é',
  'e\u0301',
  'a"b',
  'tab\t',
  'back\\slash',
  '0',
  '10',
  'constructor',
  '__proto__',
  'toString',
];
// Documents also have a key with a lone surrogate: valid JSON, but ajv cannot compile it in a schema.
const DOCUMENT_KEYS = [...KEYS, 'half\ud800'];

const STRINGS = [
  '',
  'a',
  'abc',
  'A',
  'ключ',
  'é',
  'e\u0301',
  '😀',
  '😀😀',
  'a/b',
  '~1',
  'line\nbreak',
  'quote"',
  '\u0000',
  '\u2028',
  '\uFFFD',
  '\udc00',
  'x'.repeat(12),
  '2024-02-29',
  '42',
];
const CHARS = ['a', 'b', 'Z', '0', ' ', 'é', 'ж', '😀', '/', '~', '"', '\\', '\n'];

// Raw number texts, each a valid JSON number: huge ones parse to ±Infinity, tiny ones to 0.
const ODD_NUMBERS = [
  '0',
  '-0',
  '1.0',
  '1e400',
  '-1e400',
  '1e-400',
  '12345678901234567890',
  '9007199254740993',
  '0.1',
  '1E+2',
  '2.5e-3',
  '-7',
  '1e308',
  '4294967296',
];

const PATTERNS = {
  '^a': ['a', 'abc', 'ba', ''],
  '[0-9]': ['x1', 'abc', '42'],
  '^\\p{L}+$': ['ключ', 'abc', 'a1', 'é'],
  '^$': ['', 'x'],
  '^.{2}$': ['😀😀', 'ab', '😀', 'abc'],
  '/': ['a/b', 'ab'],
  '~1': ['~1', '/'],
  'e\u0301': ['e\u0301', 'é'],
};
// patternProperties keys: the keys generated to match them
const KEY_PATTERNS = {
  '^a': ['a', 'a~1b', 'a"b'],
  '/': ['x/y', '/'],
  '~': ['~', '~1', '~0'],
  '^$': [''],
  '^\\p{Lu}': ['Zed', 'Ärger'],
  '^[0-9]+$': ['0', '10'],
  '^_': ['__proto__'],
};

const FORMATS = {
  date: ['2024-02-29', '2023-02-29', '2024-13-01', 'today'],
  time: ['12:34:56Z', '12:34:56+01:00', '25:00:00Z', '12:34'],
  'date-time': ['2024-01-02T03:04:05Z', '2024-01-02 03:04:05', '2024-01-02T03:04:05.123+05:30'],
  email: ['a@b.co', 'not-an-email', 'ü@b.co'],
  hostname: ['example.com', '-bad-.com', 'a'.repeat(64)],
  ipv4: ['192.168.0.1', '256.1.1.1', '1.2.3'],
  ipv6: ['::1', '2001:db8::1', ':::'],
  uri: ['https://example.com/a?b#c', 'relative/path', 'urn:isbn:0451450523'],
  'uri-reference': ['../a', '#frag', 'a b'],
  uuid: ['123e4567-e89b-12d3-a456-426614174000', '123e4567', 'urn:uuid:123e4567-e89b-12d3-a456-426614174000'],
  'json-pointer': ['/a/b', '', 'a/b', '/~2'],
  regex: ['^a+$', '(', '[a-z]'],
  duration: ['P1D', 'PT1H', 'P', '1D'],
};
const NUMBER_FORMATS = ['int32', 'int64', 'float', 'double'];

const ENUM_VALUES = [
  0,
  1,
  -1,
  1.5,
  'a',
  '',
  'ключ',
  '😀',
  true,
  false,
  null,
  [1, 'a'],
  { a: 1 },
  {},
  [],
  12345678901234567890,
  1e308,
  'x/y',
];
const DEF_NAMES = ['d0', 'a/b', 't~x', 'n1'];
const TYPES = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

/** Sets a key even when it is "__proto__", as JSON.parse does. */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

const escapePointer = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

// ── schemas ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A random schema of a dialect, with $schema, definitions and $refs.
 * @param {ReturnType<import('../helpers/random.js').createRandom>} rng
 * @param {keyof typeof DIALECTS} dialect
 */
export function randomSchema(rng, dialect) {
  const { level, defs: defsKey, uris } = DIALECTS[dialect];
  const g = { rng, level, defsKey, defs: [] };
  const defs = {};
  for (const name of rng.subset(DEF_NAMES, 0.4)) {
    put(defs, name, schemaFor(g, 1)); // a definition refers only to earlier ones: no $ref cycle without data in between
    g.defs.push(name);
  }
  const body = schemaFor(g, 0);
  const root = typeof body === 'boolean' ? {} : body;
  const uri = rng.pick(uris);
  const head = {};
  if (uri !== undefined) head.$schema = uri;
  if (rng.chance(0.2)) head[level === 4 ? 'id' : '$id'] = `https://example.com/fuzz/${rng.int(0, 1e6)}.json`;
  if (g.defs.length) head[defsKey] = defs;
  const schema = Object.assign(head, typeof body === 'boolean' ? (body ? {} : { not: {} }) : root);
  return schema;
}

/**
 * The schema with its definitions moved to another file, `file`, and every $ref to them rewritten
 * to point there (the definitions' own $refs to each other stay: they are in the same file).
 * @returns {{ root: object, common: object } | null} null when the schema has no definitions
 */
export function moveDefinitions(schema, dialect, file) {
  const { defs } = DIALECTS[dialect];
  if (!schema[defs]) return null;
  const { [defs]: moved, ...root } = schema;
  const common = { ...(schema.$schema !== undefined && { $schema: schema.$schema }), [defs]: moved };
  const rewrite = (node) => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== 'object') return node;
    const copy = {};
    for (const key of Object.keys(node)) {
      const value = node[key];
      put(
        copy,
        key,
        key === '$ref' && typeof value === 'string' && value.startsWith(`#/${defs}/`)
          ? `${file}${value}`
          : rewrite(value),
      );
    }
    return copy;
  };
  return { root: rewrite(root), common };
}

// like: the type of the schema this one sits beside (in allOf, anyOf...), mostly kept, so that
// random schemas stay satisfiable often enough for documents to pass.
function schemaFor(g, depth, { data = false, like } = {}) {
  const { rng, level } = g;
  // "#" only where the data descends, so no $ref cycle can loop without consuming the document.
  if (data && rng.chance(0.04)) return { $ref: '#' };
  if (level >= 6 && rng.chance(0.05)) return rng.chance(0.75);
  if (g.defs.length && rng.chance(0.12)) return { $ref: `#/${g.defsKey}/${escapePointer(rng.pick(g.defs))}` };

  const schema = {};
  const leaf = depth >= 3;
  // Most documents are objects at the top, where the keywords that judge a whole object live.
  const type =
    like !== undefined && rng.chance(0.75)
      ? like
      : depth === 0 && rng.chance(0.75)
        ? 'object'
        : rng.chance(0.12)
          ? undefined
          : rng.chance(0.08)
            ? rng.shuffle(TYPES).slice(0, 2)
            : pickType(rng, leaf);
  if (type !== undefined) schema.type = type;
  const has = (t) =>
    type === undefined
      ? rng.chance(0.3)
      : [type].flat().includes(t) || (t === 'number' && [type].flat().includes('integer'));
  if (has('object') && !leaf) objectKeywords(g, schema, depth);
  if (has('array') && !leaf) arrayKeywords(g, schema, depth);
  if (has('string')) stringKeywords(g, schema);
  if (has('number')) numberKeywords(g, schema);
  if (rng.chance(0.07)) schema.enum = rng.shuffle(ENUM_VALUES).slice(0, rng.int(1, 4));
  if (level >= 6 && rng.chance(0.05)) schema.const = rng.pick(ENUM_VALUES);
  if (!leaf) combinators(g, schema, depth);
  return schema;
}

function pickType(rng, leaf) {
  const weights = leaf
    ? { string: 3, number: 2, integer: 2, boolean: 1, null: 1 }
    : { object: 4, array: 4, string: 2, number: 1, integer: 1, boolean: 1, null: 1 };
  let r = rng.next() * Object.values(weights).reduce((a, b) => a + b);
  for (const [type, weight] of Object.entries(weights)) if ((r -= weight) < 0) return type;
  return 'string';
}

function objectKeywords(g, schema, depth) {
  const { rng, level } = g;
  const keys = rng.shuffle(KEYS).slice(0, rng.int(depth === 0 ? 2 : 0, 4));
  if (keys.length) {
    schema.properties = {};
    for (const key of keys) put(schema.properties, key, schemaFor(g, depth + 1, { data: true }));
  }
  const required = [...rng.subset(keys, 0.6), ...rng.subset(KEYS, 0.05)].filter((k, i, all) => all.indexOf(k) === i);
  if (required.length && rng.chance(0.6)) schema.required = required; // draft-04 forbids an empty list
  if (rng.chance(0.25)) {
    schema.patternProperties = {};
    for (const pattern of rng.shuffle(Object.keys(KEY_PATTERNS)).slice(0, rng.int(1, 2)))
      schema.patternProperties[pattern] = schemaFor(g, depth + 1, { data: true });
  }
  if (rng.chance(0.35)) schema.additionalProperties = rng.chance(0.6) ? false : schemaFor(g, depth + 1, { data: true });
  if (rng.chance(0.2)) schema.minProperties = rng.int(0, 3);
  if (rng.chance(0.2)) schema.maxProperties = rng.int(1, 4);
  if (level >= 6 && rng.chance(0.2))
    schema.propertyNames = rng.chance(0.5)
      ? { maxLength: rng.int(0, 3) }
      : { pattern: rng.pick(Object.keys(KEY_PATTERNS)) };
  if (rng.chance(depth === 0 ? 0.6 : 0.3) && keys.length) {
    const [from, ...rest] = keys;
    const needs = rest.length ? rest.slice(0, 2) : [rng.pick(KEYS)];
    if (level <= 7) schema.dependencies = put({}, from, rng.chance(0.6) ? needs : schemaFor(g, depth + 1));
    else if (rng.chance(0.75)) schema.dependentRequired = put({}, from, needs);
    else schema.dependentSchemas = put({}, from, schemaFor(g, depth + 1));
  }
  if (level >= 8 && rng.chance(depth === 0 ? 0.6 : 0.4))
    schema.unevaluatedProperties = rng.chance(0.7) ? false : schemaFor(g, depth + 1, { data: true });
}

function arrayKeywords(g, schema, depth) {
  const { rng, level } = g;
  const tuple = rng.chance(0.35)
    ? Array.from({ length: rng.int(1, 3) }, () => schemaFor(g, depth + 1, { data: true }))
    : null;
  // unevaluatedItems judges only the items nothing else evaluated: often leave the rest to it
  const unevaluated = level >= 8 && rng.chance(0.3);
  const rest =
    unevaluated && rng.chance(0.6) ? undefined : rng.chance(0.3) ? false : schemaFor(g, depth + 1, { data: true });
  if (level >= 9) {
    if (tuple) schema.prefixItems = tuple;
    if (rest !== undefined && (!tuple || rng.chance(0.6))) schema.items = rest;
  } else if (tuple) {
    schema.items = tuple;
    if (rest !== undefined && rng.chance(0.6)) schema.additionalItems = rest;
  } else if (rest !== undefined && (rest !== false || level >= 6)) {
    schema.items = rest;
  }
  if (unevaluated) schema.unevaluatedItems = rng.chance(0.7) ? false : schemaFor(g, depth + 1, { data: true });
  if (rng.chance(0.3)) schema.minItems = rng.int(0, 3);
  if (rng.chance(0.3)) schema.maxItems = rng.int(0, 4);
  if (rng.chance(0.3)) schema.uniqueItems = true;
  if (level >= 6 && rng.chance(0.25)) {
    schema.contains = schemaFor(g, depth + 1);
    if (level >= 8 && rng.chance(0.5)) schema[rng.pick(['minContains', 'maxContains'])] = rng.int(0, 2);
  }
}

function stringKeywords(g, schema) {
  const { rng } = g;
  if (rng.chance(0.2)) schema.minLength = rng.int(0, 3);
  if (rng.chance(0.2)) schema.maxLength = rng.int(0, 5);
  if (rng.chance(0.25)) schema.pattern = rng.pick(Object.keys(PATTERNS));
  if (rng.chance(0.25)) schema.format = rng.pick(Object.keys(FORMATS));
}

function numberKeywords(g, schema) {
  const { rng, level } = g;
  if (rng.chance(0.3)) schema.minimum = rng.pick([0, -1, 1.5, 10, -1e308]);
  if (rng.chance(0.3)) schema.maximum = rng.pick([0, 5, 100, 1e308, 12345678901234567890]);
  if (rng.chance(0.15)) {
    if (level === 4) {
      schema.minimum ??= 0;
      schema.exclusiveMinimum = true;
    } else {
      schema.exclusiveMinimum = rng.pick([0, -0.5, 3]);
    }
  }
  if (rng.chance(0.2)) {
    if (level === 4) {
      schema.maximum ??= 10;
      schema.exclusiveMaximum = true;
    } else {
      schema.exclusiveMaximum = rng.pick([10, 0.5, 1e308]);
    }
  }
  if (rng.chance(0.15)) schema.multipleOf = rng.pick([2, 0.5, 0.01, 3]);
  if (rng.chance(0.08)) schema.format = rng.pick(NUMBER_FORMATS);
}

function combinators(g, schema, depth) {
  const { rng, level } = g;
  const beside = () => schemaFor(g, depth + 1, { like: schema.type });
  const some = () => Array.from({ length: rng.int(1, 3) }, beside);
  if (rng.chance(0.12)) schema.allOf = some();
  if (rng.chance(0.12)) schema.anyOf = some();
  if (rng.chance(0.1)) schema.oneOf = some();
  if (rng.chance(0.06)) schema.not = schemaFor(g, depth + 1);
  if (level >= 7 && rng.chance(depth === 0 ? 0.5 : 0.1)) {
    schema.if = beside();
    if (rng.chance(0.8)) schema.then = beside();
    if (rng.chance(0.6)) schema.else = beside();
  }
}

// ── documents ───────────────────────────────────────────────────────────────────────────────────
// A document is first a tree of nodes, so that keys such as "__proto__" and raw number texts
// survive until the text is written: { obj: [[key, node]] } | { arr: [node] } | { raw: 'text' } | { str: 'text' }.

/**
 * A random document for `schema`: mostly shaped by it, with noise.
 * @returns {object} a node tree, for `writeJson`
 */
export function randomDocument(rng, schema) {
  // budget: values shaped by the schema, so that allOf and $ref "#" cannot grow a document without end
  return nodeFor({ rng, root: schema, noise: rng.pick([0.01, 0.04, 0.1]), budget: 150 }, schema, 0);
}

function nodeFor(g, schema, depth) {
  const { rng } = g;
  if (g.budget-- <= 0) return randomNode(rng, SCALARS_ONLY);
  if (depth > 5 || typeof schema !== 'object' || schema === null || rng.chance(g.noise)) return randomNode(rng, depth);
  if ('const' in schema && rng.chance(0.6)) return toNode(schema.const);
  if (schema.enum && rng.chance(0.7)) return toNode(rng.pick(schema.enum));
  const parts = judges(g, schema, 0);
  const type = typeOf(rng, parts);
  if (type === 'object') return objectFor(g, parts, depth);
  const first = (has) => parts.find(has) ?? schema;
  if (type === 'array')
    return arrayFor(
      g,
      first((p) => p.items !== undefined || p.prefixItems),
      depth,
    );
  if (type === 'string')
    return {
      str: stringFor(
        rng,
        first((p) => p.format || p.pattern || p.minLength !== undefined || p.maxLength !== undefined),
      ),
    };
  if (type === 'number' || type === 'integer')
    return {
      raw: numberFor(
        rng,
        first((p) => p.minimum !== undefined || p.maximum !== undefined || p.multipleOf),
        type === 'integer',
      ),
    };
  if (type === 'boolean') return { raw: rng.pick(['true', 'false']) };
  if (type === 'null') return { raw: 'null' };
  return randomNode(rng, depth);
}

// The schema and the subschemas that judge the same value beside it: its $ref, allOf, one branch of
// anyOf or oneOf, then or else. A document shaped by all of them passes more often.
function judges(g, schema, level) {
  if (typeof schema !== 'object' || schema === null || level > 4) return [];
  const parts = [schema];
  if (schema.$ref !== undefined) parts.push(...judges(g, resolveRef(g.root, schema.$ref), level + 1));
  for (const sub of schema.allOf ?? []) parts.push(...judges(g, sub, level + 1));
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  if (branches.length) parts.push(...judges(g, g.rng.pick(branches), level + 1));
  const conditional = [schema.then, schema.else].filter((s) => s !== undefined);
  if (conditional.length) parts.push(...judges(g, g.rng.pick(conditional), level + 1));
  return parts;
}

function typeOf(rng, parts) {
  const typed = parts.find((p) => p.type !== undefined);
  if (typed) return rng.pick([typed.type].flat());
  const some = (has) => parts.some(has);
  if (some((p) => p.properties || p.required || p.additionalProperties !== undefined)) return 'object';
  if (some((p) => p.items !== undefined || p.prefixItems)) return 'array';
  if (some((p) => p.pattern || p.format || p.minLength !== undefined)) return 'string';
  if (some((p) => p.minimum !== undefined || p.maximum !== undefined || p.multipleOf)) return 'number';
  return rng.pick([...TYPES, undefined]);
}

function objectFor(g, parts, depth) {
  const { rng } = g;
  const entries = new Map();
  const required = new Set(parts.flatMap((p) => p.required ?? []));
  for (const part of parts) {
    for (const key of Object.keys(part.properties ?? {})) {
      if (!entries.has(key) && rng.chance(required.has(key) ? 0.9 : 0.6))
        entries.set(key, nodeFor(g, part.properties[key], depth + 1));
    }
  }
  for (const key of required) if (!entries.has(key) && rng.chance(0.85)) entries.set(key, randomNode(rng, depth + 1));
  for (const [pattern, sub] of parts.flatMap((p) => Object.entries(p.patternProperties ?? {}))) {
    if (rng.chance(0.5)) entries.set(rng.pick(KEY_PATTERNS[pattern] ?? ['a']), nodeFor(g, sub, depth + 1));
  }
  const closed = parts.some((p) => p.additionalProperties === false || p.unevaluatedProperties === false);
  const extras = rng.chance(closed ? 0.1 : 0.25)
    ? rng.int(1, 2)
    : Math.max(0, Math.max(0, ...parts.map((p) => p.minProperties ?? 0)) - entries.size);
  const additional = parts.map((p) => p.additionalProperties).find((a) => typeof a === 'object');
  for (let i = 0; i < extras; i++) entries.set(rng.pick(DOCUMENT_KEYS), nodeFor(g, additional, depth + 1));
  for (const part of parts) {
    for (const [key, needs] of Object.entries({ ...part.dependencies, ...part.dependentRequired })) {
      if (entries.has(key) && Array.isArray(needs))
        for (const need of needs)
          if (!entries.has(need) && rng.chance(0.8)) entries.set(need, randomNode(rng, depth + 1));
    }
  }
  for (const part of parts) {
    if (part.propertyNames !== undefined && rng.chance(0.8))
      for (const key of entries.keys()) if (!nameFits(part.propertyNames, key)) entries.delete(key);
  }
  return { obj: rng.chance(0.3) ? rng.shuffle([...entries]) : [...entries] };
}

function nameFits(names, key) {
  if (typeof names !== 'object') return names !== false;
  return (
    [...key].length <= (names.maxLength ?? Infinity) &&
    (names.pattern === undefined || new RegExp(names.pattern, 'u').test(key))
  );
}

function arrayFor(g, schema, depth) {
  const { rng } = g;
  const tuple = schema.prefixItems ?? (Array.isArray(schema.items) ? schema.items : []);
  const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
  const min = schema.minItems ?? 0;
  const length = rng.int(min, Math.max(min, Math.min(schema.maxItems ?? 4, 5)));
  const items = Array.from({ length }, (_, i) => nodeFor(g, i < tuple.length ? tuple[i] : rest, depth + 1));
  if (schema.contains !== undefined && length && rng.chance(0.6))
    items[rng.int(0, length - 1)] = nodeFor(g, schema.contains, depth + 1);
  return { arr: items };
}

function stringFor(rng, schema) {
  if (schema.format && FORMATS[schema.format] && rng.chance(0.8)) return rng.pick(FORMATS[schema.format]);
  if (schema.pattern && PATTERNS[schema.pattern] && rng.chance(0.8)) return rng.pick(PATTERNS[schema.pattern]);
  if ((schema.minLength !== undefined || schema.maxLength !== undefined) && rng.chance(0.8)) {
    const min = schema.minLength ?? 0;
    const length = rng.int(min, Math.max(min, schema.maxLength ?? min + 3));
    return Array.from({ length }, () => rng.pick(CHARS)).join(''); // lengths count code points: 😀 is one
  }
  return rng.pick(STRINGS);
}

function numberFor(rng, schema, integer) {
  if (rng.chance(0.15)) return rng.pick(ODD_NUMBERS);
  const low = Math.max(
    -1000,
    schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : -20),
  );
  const high = Math.min(
    1000,
    schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : 20),
  );
  let n = low + rng.next() * Math.max(0, high - low);
  if (integer || rng.chance(0.5)) n = Math.round(n);
  if (schema.multipleOf && rng.chance(0.8)) n = Math.round(n / schema.multipleOf) * schema.multipleOf;
  return rng.chance(0.2) ? n.toExponential() : String(n);
}

const SCALARS_ONLY = 4; // the depth from which randomNode makes no more containers

function randomNode(rng, depth) {
  const kind = depth >= SCALARS_ONLY ? rng.int(2, 5) : rng.int(0, 5);
  if (kind === 0)
    return {
      obj: Array.from({ length: rng.int(0, 3) }, () => [rng.pick(DOCUMENT_KEYS), randomNode(rng, depth + 1)]).filter(
        ([k], i, all) => all.findIndex(([other]) => other === k) === i,
      ),
    };
  if (kind === 1) return { arr: Array.from({ length: rng.int(0, 3) }, () => randomNode(rng, depth + 1)) };
  if (kind === 2) return { str: rng.pick(STRINGS) };
  if (kind === 3) return { raw: rng.pick(ODD_NUMBERS) };
  if (kind === 4) return { raw: String(rng.int(-5, 50)) };
  return { raw: rng.pick(['true', 'false', 'null']) };
}

function toNode(value) {
  if (Array.isArray(value)) return { arr: value.map(toNode) };
  if (value !== null && typeof value === 'object') return { obj: Object.keys(value).map((k) => [k, toNode(value[k])]) };
  if (typeof value === 'string') return { str: value };
  return { raw: JSON.stringify(value) };
}

/** The value a "#/..." $ref names in the root schema. */
function resolveRef(root, ref) {
  let schema = root;
  for (const part of ref
    .slice(2)
    .split('/')
    .filter((p, i) => i > 0 || p !== '')) {
    schema = schema?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return schema;
}

// ── raw text ────────────────────────────────────────────────────────────────────────────────────

const LAYOUTS = {
  compact: { newline: '', indent: '', space: '' },
  pretty: { newline: '\n', indent: '  ', space: ' ' },
  tabs: { newline: '\n', indent: '\t', space: ' ' },
  crlf: { newline: '\r\n', indent: '    ', space: ' ' },
  cr: { newline: '\r', indent: ' ', space: '' },
};
const MESSY = ['', ' ', '\n', '\t', '\r\n', ' \n\t ', '\r', '\n\n'];

/**
 * The JSON text of a node tree, in a random layout, with random escapes and, sometimes, a key
 * written twice (an earlier decoy, then the real value) and a BOM.
 * @returns {string}
 */
export function writeJson(rng, node) {
  const layoutName = rng.pick([...Object.keys(LAYOUTS), 'messy']);
  const layout = LAYOUTS[layoutName];
  const w = {
    rng,
    duplicates: rng.chance(0.25),
    escapes: rng.pick([0, 0.05, 0.3]),
    gap: layout ? () => '' : () => rng.pick(MESSY),
    layout: layout ?? { newline: '', indent: '', space: '' },
  };
  const text = w.gap() + write(w, node, 0) + w.gap();
  return rng.chance(0.04) ? `\uFEFF${text}` : text;
}

function write(w, node, depth) {
  const { layout, gap, rng } = w;
  const inner = layout.newline + layout.indent.repeat(depth + 1);
  const outer = layout.newline + layout.indent.repeat(depth);
  if (node.obj) {
    if (!node.obj.length) return `{${gap()}}`;
    const members = [];
    for (const [key, value] of node.obj) {
      if (w.duplicates && rng.chance(0.3)) members.push(member(w, key, randomNode(rng, depth + 1), depth));
      members.push(member(w, key, value, depth));
    }
    return `{${inner}${gap()}${members.join(`${gap()},${inner}${gap()}`)}${gap()}${outer}}`;
  }
  if (node.arr) {
    if (!node.arr.length) return `[${gap()}]`;
    return `[${inner}${gap()}${node.arr.map((item) => write(w, item, depth + 1)).join(`${gap()},${inner}${gap()}`)}${gap()}${outer}]`;
  }
  if (node.str !== undefined) return quote(w, node.str);
  return node.raw;
}

const member = (w, key, value, depth) =>
  `${quote(w, key)}${w.gap()}:${w.layout.space}${w.gap()}${write(w, value, depth + 1)}`;

const SHORT = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
const unicodeEscapes = (c) =>
  Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''); // a pair: two escapes

// By code point: half of a surrogate pair written raw would reach the disk as U+FFFD, so a lone
// surrogate is always escaped (valid JSON, though not valid Unicode).
function quote(w, text) {
  let out = '"';
  for (const c of text) {
    const unit = c.charCodeAt(0);
    if (SHORT[c] && !w.rng.chance(w.escapes)) out += SHORT[c];
    else if (
      unit < 0x20 ||
      c === '"' ||
      c === '\\' ||
      (c.length === 1 && unit >= 0xd800 && unit <= 0xdfff) ||
      w.rng.chance(w.escapes)
    )
      out += unicodeEscapes(c);
    else if (c === '/' && w.rng.chance(0.5)) out += '\\/';
    else out += c;
  }
  return `${out}"`;
}
