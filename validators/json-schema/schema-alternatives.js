// Which errors of an anyOf/oneOf to show: those of the alternative that matches best, in the spirit
// of python-jsonschema's best_match (which check-jsonschema shows), not every alternative's: a
// GitHub job that is not valid would otherwise also be told what a reusable-workflow job may hold.
//
// ajv (allErrors) reports a flat list, in the order it evaluates: the errors of each alternative,
// one alternative after another on the same value, then the anyOf/oneOf error itself, which
// carries its alternatives (ajv's verbose errors): how many there are, and their $refs and titles
// to name them by. Only a schemaPath inside the alternative says which one an error is from
// (`…/oneOf/1/type`): through a $ref the path starts again in the referenced schema, and
// SchemaStore's alternatives are mostly $refs. So the alternatives are told apart by what ajv's
// order implies as well (branchesOf), and where nothing tells them apart, every error is shown: a
// guess never hides an error. Where ajv's order says only that an alternative started after some
// error, not where, each way of reading it is weighed, and an error is hidden only when each hides it.
import { andList, listOf, orList, quotedKey, schemaPathKey, typesOf } from './schema-messages.js';

// ajv's order of keywords for one value (its RULES: untyped keywords, then those of numbers,
// strings, arrays, objects); a deeper error comes from `items` or `properties`.
// test/json-schema/schema-alternatives.test.js checks it against ajv's own.
const RANK = new Map(
  [
    '$dynamicRef',
    '$recursiveRef',
    '$ref',
    'type',
    'const',
    'enum',
    'not',
    'anyOf',
    'oneOf',
    'allOf',
    'if',
    'then',
    'else',
    'maximum',
    'minimum',
    'exclusiveMaximum',
    'exclusiveMinimum',
    'multipleOf',
    'maxLength',
    'minLength',
    'pattern',
    'format',
    'maxItems',
    'minItems',
    'additionalItems',
    'prefixItems',
    'items',
    'contains',
    'uniqueItems',
    'maxContains',
    'minContains',
    'unevaluatedItems',
    'maxProperties',
    'minProperties',
    'required',
    'propertyNames',
    'additionalProperties',
    'dependencies',
    'properties',
    'patternProperties',
    'dependentRequired',
    'dependentSchemas',
    'unevaluatedProperties',
  ].map((keyword, rank) => [keyword, rank]),
);
/** The keywords in the order ajv checks them for one value (for the test that says it still does). */
export const KEYWORD_ORDER = [...RANK.keys()];

// Errors that only sum up the ones before them: `must match "then" schema`, `property name must be valid`.
const WRAPPERS = new Set(['if', 'propertyNames']);
/** The keywords of the errors bestMatches has something to do about. */
export const STRUCTURAL = new Set(['anyOf', 'oneOf', ...WRAPPERS]);

/**
 * @param {import('ajv').ErrorObject[]} errors
 * @param {(error: import('ajv').ErrorObject) => string} describe words one error
 * @param {Set<import('ajv').ErrorObject>} [wrongType] enum and const errors that stand for a type
 *   error left out (schema-problems.js): the value is of another type than they allow
 * @returns {Array<{ error: import('ajv').ErrorObject, message?: string, pointer?: string, values?: unknown[], types?: string[], notBestMatch: boolean }>}
 *   in ajv's order, without the errors that only sum up others; message: an anyOf/oneOf's own, in
 *   place of describe's; pointer: where it is, when that is a property all its alternatives failed
 *   on, not the value it is about; values, types: the values and types a merged line says it may
 *   be or have, for "did you mean" and a YAML 1.1 boolean's hint; notBestMatch: an error of an alternative that another matches better, or an anyOf/oneOf
 *   whose best alternative's errors say what is wrong
 */
export function bestMatches(errors, describe, wrongType = new Set()) {
  const items = [];
  for (const error of errors) {
    if (WRAPPERS.has(error.keyword)) continue;
    const node = { error, path: error.instancePath, ...(wrongType.has(error) && { wrongType: true }) };
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') {
      let start = items.length;
      while (start > 0 && within(items[start - 1].path, node.path) && !ofAnotherAlternative(items[start - 1], node))
        start--;
      node.members = items.splice(start);
      const branches = branchesOf(node);
      items.push(...notAlternatives(node, branches));
      choose(node, branches, describe);
    }
    items.push(node);
  }
  const out = [];
  const flatten = (node) => {
    node.members?.forEach(flatten);
    out.push({
      error: node.error,
      ...(node.message && { message: node.message }),
      ...(node.pointer !== undefined && { pointer: node.pointer }),
      ...(node.values && { values: node.values }),
      ...(node.types && { types: node.types }),
      notBestMatch: !!node.hidden,
    });
    // A line moved to a property keeps the anyOf/oneOf's own, where ajv reports it, for --verbose.
    if (node.pointer !== undefined) out.push({ error: node.error, message: node.atValue, notBestMatch: true });
  };
  items.forEach(flatten);
  return out;
}

const within = (path, root) => path === root || path.startsWith(`${root}/`);

// An error written inside one alternative of an anyOf/oneOf (its schemaPath has `…/oneOf/0/…`)
// that the group is not inside: an earlier alternative of an enclosing anyOf/oneOf, about the same
// value, not one of the group's (nx's `dependsOn` item: a string, or an object with a oneOf).
function ofAnotherAlternative(member, group) {
  const at = member.error.schemaPath;
  const own = group.error.schemaPath;
  if (at.startsWith(`${own.slice(0, own.lastIndexOf('/'))}/`)) return false; // written in the group's own schema
  for (const match of at.matchAll(/\/(?:anyOf|oneOf)\/\d+\//g)) {
    if (!own.startsWith(at.slice(0, match.index + match[0].length))) return true;
  }
  return false;
}

// The value is not of a type the node allows: a type error, an enum or const that stands for one,
// or a group of alternatives that each failed so.
const failsOnType = (node, path) => node.path === path && (node.error.keyword === 'type' || !!node.wrongType);
const depthOf = (path) => (path === '' ? 0 : path.split('/').length - 1);

function hide(node) {
  node.hidden = true;
  node.members?.forEach(hide);
}

// The errors before an anyOf/oneOf that are not its alternatives', when it says how many of them
// failed: taken out of its branches and members, for the anyOf/oneOf around it to place (an
// earlier alternative of that one: drone's pipeline, whose types two match, is one of four kinds).
function notAlternatives(group, branches) {
  const failing = failingCount(group.error);
  if (failing === undefined || branches.length <= failing) return [];
  const others = branches.splice(0, branches.length - failing).flatMap((branch) => branch.nodes);
  group.members = branches.flatMap((branch) => branch.nodes);
  return others;
}

// Decides what an anyOf/oneOf shows: its message, and which of its alternatives' errors are hidden.
function choose(group, branches, describe) {
  const { error, path } = group;
  // The first alternative that names itself (the i-th) has the i unnamed ones before it (through a
  // $ref); errors before those are of keywords checked before the anyOf/oneOf (an allOf's earlier
  // part: dependabot's `schedule`, required beside a oneOf). They stay shown, unless they are
  // about another type of value. Without any name, the alternatives are what ajv's order tells apart.
  const named = branches.findIndex((branch) => branch.index !== undefined);
  const first = named === -1 ? 0 : Math.max(0, named - branches[named].index);
  for (const { nodes } of branches.slice(0, first)) if (notMeant(nodes, path)) nodes.forEach(hide);
  const own = branches.slice(first);
  const alternatives = own.map((branch) => branch.nodes);
  const hideAll = () => alternatives.forEach((nodes) => nodes.forEach(hide));
  if (error.keyword === 'oneOf' && Array.isArray(error.params.passingSchemas)) {
    hideAll(); // several alternatives match: what the others lack is beside the point
    group.message = severalMatch(error);
    return;
  }
  // Counted from the schema; else each alternative failed, so each has an error: when all of them
  // name theirs, they are counted.
  const count = Array.isArray(error.schema)
    ? error.schema.length
    : own.every((branch) => branch.allNamed)
      ? new Set(own.map((branch) => branch.index)).size
      : 0;
  const none = count ? `none of the ${count} alternatives` : 'none of the alternatives';
  group.message = `matches ${none} (${error.keyword})`;
  if (alternatives.length < 2) return; // one alternative, or none told apart: all is shown
  // A line that stands for every error is written when it would be, however ajv's order is read.
  const readings = readingsOf(own);
  const inEvery = (line) => {
    const lines = readings?.map(line);
    return lines?.every(Boolean) ? lines[0] : null;
  };
  const missing = inEvery((reading) => missingOnly(reading, path, error.schemaPath));
  if (missing) {
    hideAll(); // each alternative lacks properties: the one line names what each would need
    group.message = missing;
    return;
  }
  const merged = inEvery((reading) => mergedMessage(reading, path, describe));
  if (merged) {
    hideAll(); // each alternative fails on the value itself: one line says what each would take
    Object.assign(group, merged);
    if (merged.merged.values.length) group.values = merged.merged.values;
    if (merged.merged.types.length) group.types = merged.merged.types;
    return;
  }
  // Each fails on one property of it (a docs site's page type, per folder): the line is the property's.
  const property = sharedPath(alternatives);
  const onProperty =
    property !== undefined && property !== path && inEvery((reading) => mergedMessage(reading, property, describe));
  if (onProperty) {
    hideAll();
    group.atValue = group.message;
    group.message = `${onProperty.message} (${none} of ${error.keyword} matches)`;
    group.pointer = property;
    if (onProperty.merged.values.length) group.values = onProperty.merged.values;
    if (onProperty.merged.types.length) group.types = onProperty.merged.types;
    return;
  }
  // Of each reading of ajv's order, the alternative that stands out is shown; where one has none,
  // the one line that says so too.
  const bests = readings ? readings.map((reading) => bestOf(reading, path)) : [null];
  // None stands out, and nothing tells the alternatives' errors from those of keywords checked
  // before the anyOf/oneOf: all stay shown.
  if (named === -1 && !bests.every(Boolean)) return;
  const shown = new Set(bests.flat());
  for (const nodes of alternatives) for (const node of nodes) if (!shown.has(node)) hide(node);
  group.hidden = bests.every(Boolean);
}

// The ways ajv's order can be read where branchesOf left open where an alternative starts (could):
// each alternative's errors, in each. Null when they are too many to weigh.
function readingsOf(branches) {
  let readings = [branches.map((branch) => branch.nodes)];
  branches.forEach((branch, at) => {
    // The first one's could are of errors before the alternatives (notAlternatives).
    if (at === 0 || !branch.could || !readings) return;
    readings = readings.flatMap((reading) => [
      reading,
      ...branch.could.map((count) =>
        reading.map((nodes, i) =>
          i === at - 1 ? nodes.slice(0, -count) : i === at ? [...reading[at - 1].slice(-count), ...nodes] : nodes,
        ),
      ),
    ]);
    if (readings.length > MAX_READINGS) readings = null;
  });
  return readings;
}
const MAX_READINGS = 64;

// How many of the anyOf/oneOf's alternatives failed, when its schema is known (ajv's verbose
// errors): all of them, but of a oneOf that two match, the alternatives ajv checked before the
// second of those (it checks no further).
function failingCount(error) {
  if (!Array.isArray(error.schema)) return undefined;
  const passing = error.params.passingSchemas;
  return Array.isArray(passing) ? passing[1] - 1 : error.schema.length;
}

// `matches 2 alternatives of oneOf (#/definitions/a and #/definitions/b), where exactly one may
// match`; `at least 2 of the 5` when ajv stopped at the second that matches, before the last.
function severalMatch(error) {
  const passing = error.params.passingSchemas;
  const alternatives = error.schema;
  if (!Array.isArray(alternatives)) {
    return `matches alternatives ${passing.map((index) => index + 1).join(' and ')} of oneOf, where exactly one may match`;
  }
  const count =
    passing[1] < alternatives.length - 1 ? `at least 2 of the ${alternatives.length} alternatives` : '2 alternatives';
  const names = passing.map((index) => nameOf(alternatives[index]) ?? `alternative ${index + 1}`);
  return `matches ${count} of oneOf (${names.join(' and ')}), where exactly one may match`;
}

// An alternative as check-jsonschema shows it: by its $ref or its title, else its JSON when short.
function nameOf(schema) {
  if (typeof schema?.$ref === 'string') return schema.$ref;
  if (typeof schema?.title === 'string') return JSON.stringify(schema.title);
  const json = JSON.stringify(schema);
  return json.length <= 40 ? json : undefined;
}

// The one place every error of the alternatives is about, or undefined.
function sharedPath(alternatives) {
  const paths = new Set(alternatives.flat().map((node) => node.path));
  return paths.size === 1 ? [...paths][0] : undefined;
}

// The index of the alternative an error is from, when its schemaPath says so.
function branchIndex(node, group) {
  const prefix = `${group.error.schemaPath}/`;
  const { schemaPath } = node.error;
  if (!schemaPath.startsWith(prefix)) return undefined;
  const index = Number.parseInt(schemaPath.slice(prefix.length), 10);
  return Number.isNaN(index) ? undefined : index;
}

function rankOf(node, path) {
  if (node.path === path) return RANK.get(node.error.propertyName === undefined ? node.error.keyword : 'propertyNames');
  return /^\d+$/.test(firstKey(node, path)) ? RANK.get('items') : RANK.get('properties');
}

// The key of the value at `path` that a deeper error is under.
const firstKey = (node, path) => node.path.slice(path.length + 1).split('/')[0];
const escapeKey = (key) => String(key).replace(/~/g, '~0').replace(/\//g, '~1');
const keyOf = (node) =>
  `${node.path}\0${node.error.schemaPath}\0${node.error.keyword}\0${JSON.stringify(node.error.params)}\0${node.error.propertyName}`;

/**
 * The errors before an anyOf/oneOf, in alternatives. An index in the schemaPath decides: the first
 * error that names an alternative starts it. Else the next alternative starts where ajv's order
 * for one schema says it must: at a keyword ranked before the one before it, at an error met
 * again, at a second error of a keyword a schema has once (two types for one value), after a type
 * the value does not have at anything checked only for a value of the right type (the keywords of
 * strings, numbers, arrays and objects; deeper values), or inside a property the alternative said
 * is not allowed (it has no schema for its value). The last four say only that it started after
 * the error they look back to: the errors between that one and here could be the next one's too
 * (could).
 * @returns {Array<{ nodes: object[], index?: number, allNamed: boolean, could?: number[] }>} index:
 *   the first the nodes name; allNamed: each node names one; could: how many of the last nodes of
 *   the alternative before could be this one's first instead
 */
function branchesOf(group) {
  const branches = [];
  let current = null;
  // ajv checks the alternatives in order: an error that names none, between one of the i-th
  // alternative and one of the (i+1)-th, is the i-th's (an allOf of $refs in it: prettierrc's object).
  const indexes = group.members.map((node) => branchIndex(node, group));
  const nextNamed = new Array(indexes.length);
  for (let i = indexes.length - 1, next; i >= 0; i--) {
    nextNamed[i] = next;
    if (indexes[i] !== undefined) next = indexes[i];
  }
  const joined = new Array(indexes.length).fill(false); // a node that is surely of the alternative before it
  group.members.forEach((node, at) => {
    const index = indexes[at];
    const sandwiched = index === undefined && current?.index !== undefined && nextNamed[at] === current.index + 1;
    const rank = rankOf(node, group.path);
    const key = keyOf(node);
    const here = node.path === group.path;
    // A value fails on type once per schema: a group of alternatives that each did counts as a type error.
    const once = failsOnType(node, group.path)
      ? 'type'
      : here && !node.members && ONCE.has(node.error.keyword)
        ? node.error.keyword
        : null;
    const sameIndex = index !== undefined && index === current?.index;
    joined[at] = sameIndex || sandwiched || sameSchema(group.members[at - 1], node, group.path);
    const loose = !current || sameIndex || sandwiched;
    const certain =
      !current ||
      (index !== undefined && index !== current.index) ||
      (!loose && rank !== undefined && current.rank !== undefined && rank < current.rank);
    // Where in the current alternative the errors are that say a next one started after them.
    const after = loose
      ? []
      : [
          current.keys.get(key),
          once ? current.once.get(once) : undefined,
          !here || rank >= RANK.get('maximum') ? current.wrongType : undefined,
          here ? undefined : current.extra.get(firstKey(node, group.path)),
        ].filter((position) => position !== undefined);
    if (certain || after.length) {
      const could = [];
      if (!certain) {
        // The errors after those could start the next one instead: after one that names the
        // alternative (surely its), and not where an error is surely of one schema with the one before.
        const last = Math.max(...after, current.named);
        for (let count = 1; count < current.nodes.length - last; count++) if (!joined[at - count]) could.push(count);
      }
      current = {
        nodes: [],
        index: undefined,
        allNamed: true,
        ...(could.length && { could }),
        rank: undefined,
        named: -1,
        keys: new Map(),
        once: new Map(),
        wrongType: undefined,
        extra: new Map(),
      };
      branches.push(current);
    }
    const position = current.nodes.length;
    current.nodes.push(node);
    current.index ??= index;
    current.allNamed &&= index !== undefined;
    if (index !== undefined) current.named = position;
    current.rank = rank ?? current.rank;
    if (!current.keys.has(key)) current.keys.set(key, position);
    if (once && !current.once.has(once)) current.once.set(once, position);
    if (failsOnType(node, group.path)) current.wrongType ??= position;
    const extra = here ? (node.error.params.additionalProperty ?? node.error.params.unevaluatedProperty) : undefined;
    if (extra !== undefined && !current.extra.has(escapeKey(extra))) current.extra.set(escapeKey(extra), position);
  });
  return splitByCount(branches, joined, indexes, failingCount(group.error));
}

// Each alternative that failed has an error, so there are at least as many branches as failed
// alternatives. When fewer were told apart, and the places between two errors not surely of one
// alternative are exactly as many as the branches missing, each of them is where one starts:
// SchemaStore's pre-commit repo, whose meta alternative's errors name its definition and whose
// local and URL alternatives', through $refs compiled apart, start again at "#".
function splitByCount(branches, joined, indexes, failing) {
  if (failing === undefined || branches.length >= failing) return branches;
  const starts = new Set();
  let count = 0;
  for (const branch of branches) {
    starts.add(count);
    count += branch.nodes.length;
  }
  const open = joined.map((surely, at) => at > 0 && !surely && !starts.has(at));
  if (open.filter(Boolean).length !== failing - branches.length) return branches;
  const split = [];
  branches
    .flatMap((branch) => branch.nodes)
    .forEach((node, at) => {
      if (starts.has(at) || open[at]) split.push({ nodes: [], index: undefined, allNamed: true });
      const branch = split.at(-1);
      branch.nodes.push(node);
      branch.index ??= indexes[at];
      branch.allNamed &&= indexes[at] !== undefined;
    });
  return split;
}

// Two errors surely of one schema at the anyOf/oneOf's value: each says where that schema is
// (schemaAt), and it is the same. Not when it is a schema's root, "#", which every schema compiled
// apart starts again at.
function sameSchema(before, node, path) {
  if (!before) return false;
  const at = schemaAt(node, path);
  return at !== undefined && at === schemaAt(before, path);
}

// Where the schema is, at the anyOf/oneOf's value, whose keywords led to the error: its schemaPath
// without the keyword and the steps down to the error's value (`properties/<key>`, `items`), when
// it has them; undefined for a group of alternatives, through a $ref below that value (the path
// starts again), or at a schema's root.
function schemaAt(node, path) {
  if (node.members) return undefined;
  const { schemaPath, keyword } = node.error;
  if (!schemaPath.endsWith(`/${keyword}`)) return undefined;
  let at = schemaPath.slice(0, -keyword.length - 1);
  const keys = node.path === path ? [] : node.path.slice(path.length + 1).split('/');
  for (const key of keys.reverse()) {
    const step = /^\d+$/.test(key) && at.endsWith('/items') ? '/items' : `/properties/${key}`;
    if (!at.endsWith(step)) return undefined;
    at = at.slice(0, -step.length);
  }
  return at.startsWith('#/') ? at : undefined;
}

// The keywords whose error a schema gives once for a value (`required`, `additionalProperties`…
// give one per property).
const ONCE = new Set([
  'type',
  'const',
  'enum',
  'not',
  'maximum',
  'minimum',
  'exclusiveMaximum',
  'exclusiveMinimum',
  'multipleOf',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'contains',
  'uniqueItems',
  'maxContains',
  'minContains',
  'maxProperties',
  'minProperties',
]);

// When each alternative is one error about the value at `path` (its type, its values, a pattern, a
// missing property), or fails on its type, one line says what each would take: `must be string or
// array`, `must be one of "off", "warn", or be object`, `must be number, or match pattern "…"`,
// `must have one of the properties "uses", "run"`. A merged group keeps its parts (merged), for the
// line of an anyOf/oneOf around it, and fails on type when each of its alternatives did.
function mergedMessage(branches, path, describe) {
  const order = []; // the kinds of part and the other words, in the alternatives' order
  const merged = { values: [], types: [], required: [], texts: [] };
  let wrongType = true;
  for (const branch of branches) {
    const part = partOf(branch, path, describe);
    if (!part) return null;
    wrongType &&= part.wrongType;
    for (const kind of ['values', 'types', 'required', 'texts']) {
      for (const item of part[kind] ?? []) {
        if (kind === 'texts' || !order.includes(kind)) order.push(kind === 'texts' ? { text: item } : kind);
        merged[kind].push(item);
      }
    }
  }
  // A text that names a kind of value (a known pattern's `be a ${{ }} expression`) joins the types'
  // list: `must be number or a ${{ }} expression`.
  const kinds = [];
  if (order.includes('types')) {
    for (const part of order) if (part.text && KIND.test(part.text)) kinds.push(part.text.slice('be '.length));
  }
  const words = order
    .filter((part) => !kinds.length || !part.text || !KIND.test(part.text))
    .map((part) => {
      if (part === 'values') {
        const values = [...new Map(merged.values.map((value) => [JSON.stringify(value), value])).values()];
        return values.length > 1 ? `be one of ${listOf(values)}` : `be equal to ${JSON.stringify(values[0])}`;
      }
      if (part === 'types') return `be ${orList([...new Set(merged.types), ...kinds])}`;
      if (part === 'required') {
        const { required } = merged;
        return required.length > 1
          ? `have one of the properties ${required.map(quotedKey).join(', ')}`
          : `have required property ${quotedKey(required[0])}`;
      }
      return part.text;
    });
  return { message: `must ${[...new Set(words)].join(', or ')}`, merged, ...(wrongType && { wrongType }) };
}

const KIND = /^be an? /;

// When each alternative only lacks properties, the ones it lacks, the closest alternative first:
// `must have "begin" and "end" (or "begin" and "while")`; under a property's `dependencies` (or
// `dependentSchemas`), which property asks for them: `because it has "contentName", …`. An
// alternative that lacks all another lacks, and more, is left out: what the other lacks is enough
// (`must have "foo"`, not `"foo" (or "foo" and "baz")`). Null when an alternative fails otherwise, or
// when each lacks one property and nothing asks (mergedMessage says that: `must have one of the
// properties "uses", "run"`).
function missingOnly(alternatives, path, schemaPath) {
  const lists = [];
  for (const nodes of alternatives) {
    if (!nodes.every((node) => node.path === path && !node.members && node.error.keyword === 'required')) return null;
    lists.push([...new Set(nodes.map((node) => node.error.params.missingProperty))]);
  }
  const cause = /\/(?:dependencies|dependentSchemas)\/([^/]+)\/(?:anyOf|oneOf)$/.exec(schemaPath)?.[1];
  if (cause === undefined && lists.every((list) => list.length === 1)) return null;
  const enough = [];
  for (const list of lists.sort((a, b) => a.length - b.length))
    if (!enough.some((fewer) => fewer.every((name) => list.includes(name)))) enough.push(list);
  const [closest, ...others] = enough.map((list) => andList(list.map(quotedKey)));
  // `(or "c" or "d")`, but `(or "c" and "d", or "e")`: a comma where an "and" would blur the "or".
  const or = enough.some((list) => list.length > 1) ? ', or ' : ' or ';
  const must = `must have ${closest}${others.length ? ` (or ${others.join(or)})` : ''}`;
  return cause === undefined ? must : `because it has ${quotedKey(schemaPathKey(cause))}, ${must}`;
}

// Errors about a key of the value, shown on the key: not about the value itself.
const ON_KEY = new Set(['additionalProperties', 'unevaluatedProperties']);

// What one alternative says of the value itself, or null when its errors go deeper, are several,
// or are about a key. An alternative for another type of value is its types (or values): what else it asks
// of a value it was not meant for is beside the point.
function partOf(branch, path, describe) {
  const typed = branch.find((node) => failsOnType(node, path));
  const node = typed ?? branch[0];
  if (
    (!typed && branch.length !== 1) ||
    node.path !== path ||
    node.pointer !== undefined ||
    node.error.propertyName !== undefined ||
    ON_KEY.has(node.error.keyword)
  )
    return null;
  const wrongType = !!typed;
  if (node.merged) return { ...node.merged, wrongType };
  const { keyword, params } = node.error;
  if (keyword === 'type') return { types: typesOf(node.error), wrongType };
  if (keyword === 'const') return { values: [params.allowedValue], wrongType };
  if (keyword === 'enum') return { values: params.allowedValues, wrongType };
  if (keyword === 'required') return { required: [params.missingProperty], wrongType };
  const message = node.message ?? describe(node.error);
  return message.startsWith('must ') ? { texts: [message.slice('must '.length)], wrongType } : null;
}

// The alternative whose errors are worth showing, or null when none stands out. An alternative for
// another type of value, or whose constant (a discriminator: `type: "a"`) the value does not have,
// was not meant; of the others, the one whose errors go deepest into the value got furthest, and
// then the one with the fewest errors. When each was not meant, but only one is for the value's type,
// its constant is the error: a string or an object whose `optional` may only be `true` (Cargo's
// dependency), given `{ optional = false }`.
function bestOf(branches, path) {
  const scored = branches
    .map((nodes) => ({
      nodes,
      weak: notMeant(nodes, path),
      depth: Math.max(...nodes.map((node) => deepest(node) - depthOf(path))),
      size: nodes.length,
    }))
    .filter((branch) => !branch.weak)
    .sort((a, b) => b.depth - a.depth || a.size - b.size);
  if (!scored.length) {
    const ofItsType = branches.filter((nodes) => !forAnotherType(nodes, path));
    return ofItsType.length === 1 ? ofItsType[0] : null;
  }
  const [first, second] = scored;
  if (second && second.depth === first.depth && second.size === first.size) return null;
  return first.nodes;
}

// An alternative for another type of value, or one whose constant the value does not have.
function notMeant(nodes, path) {
  const otherType = forAnotherType(nodes, path);
  const discriminated = nodes.some(
    ({ error, path: at }) =>
      depthOf(at) - depthOf(path) <= 1 &&
      (error.keyword === 'const' || (error.keyword === 'enum' && error.params.allowedValues.length === 1)),
  );
  return otherType || discriminated;
}

// An alternative for another type of value: its type error, or an enum or const none of whose values
// is of the value's type (Travis's `cache: { enum: ["apt", "npm"] }`, given an object), which ajv
// reports alone when the schema has no `type`. The value is in ajv's verbose errors only.
const forAnotherType = (nodes, path) =>
  nodes.some(
    (node) =>
      failsOnType(node, path) ||
      (node.path === path &&
        'data' in node.error &&
        (node.error.keyword === 'enum' || node.error.keyword === 'const') &&
        !allowedOf(node.error).some((value) => jsonType(value) === jsonType(node.error.data))),
  );
const allowedOf = ({ keyword, params }) => (keyword === 'const' ? [params.allowedValue] : params.allowedValues);
const jsonType = (value) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

const deepest = (node) => Math.max(depthOf(node.path), ...(node.members ?? []).map(deepest));
