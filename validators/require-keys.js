// The `require` validator: key paths that must exist, optionally with a JSON type.
// "documentData.title:string"; a literal dot in a key is written "a\.b", a colon "og\:title".

const TYPES = {
  string: (v) => typeof v === 'string',
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  array: (v) => Array.isArray(v),
  null: (v) => v === null,
};

/**
 * @param {string[]} specs
 * @returns {{ name: string, validate(doc: unknown, ctx?: object, source?: object): object[] }}
 *   source: the document's notes (runner/check/check-file.js), on which a problem already reported
 *   for the document by another rule's required keys is found, and not reported again
 */
export function createRequireKeys(specs) {
  const keys = specs.map(parseKeySpec);
  return {
    name: 'require',
    validate(doc, _ctx, source) {
      const problems = [];
      for (const key of keys) {
        const problem = checkKey(doc, key);
        if (problem && !reportedBefore(source, problem)) problems.push(problem);
      }
      return problems;
    },
  };
}

// A key two rules of a file require (a rule's "title" and --require's "title:string") is missing
// once: the same words at the same place from a second rule are not reported again. A rule's keys
// at "warn" are a validator of their own, after those of errors (runner/check/compile-rules.js):
// the one reported is the more severe.
function reportedBefore(source, { message, pointer }) {
  if (!source) return false;
  const reported = (source.requiredKeys ??= new Set());
  const key = `${pointer}\n${message}`;
  if (reported.has(key)) return true;
  reported.add(key);
  return false;
}

/** @returns {{ spec: string, path: string[], type: string | undefined }} */
export function parseKeySpec(spec) {
  // The type follows the last colon that is not escaped: a literal colon in a key is written "\:",
  // so that a typo in the type (`title:strin`) is an error, not a key "title:strin" every file lacks.
  const colon = spec.search(/(?<!\\):(?:[^:\\]|\\.)*$/);
  const keyPath = colon >= 0 ? spec.slice(0, colon) : spec;
  const path = keyPath.split(/(?<!\\)\./).map((part) => part.replace(/\\([.:])/g, '$1'));
  if (!keyPath || path.some((part) => part === ''))
    throw new TypeError(`"${spec}" is not a key path (expected e.g. documentData.title or documentData.title:string)`);
  const type = colon >= 0 ? spec.slice(colon + 1) : undefined;
  if (type !== undefined && !TYPES[type]) {
    throw new TypeError(
      `"${spec}": unknown type "${type}" (expected ${Object.keys(TYPES).join(', ')}; a colon in a key is written \\:)`,
    );
  }
  return { spec, path, type };
}

// The hot path on passing files: names and pointers are built only for a problem.
function checkKey(doc, { path, type }) {
  let value = doc;
  for (let i = 0; i < path.length; i++) {
    if (!hasKey(value, path[i])) return { message: missingKey(path, i, value), pointer: pointerOf(path, i) };
    value = value[path[i]];
  }
  if (type && !TYPES[type](value)) {
    return {
      message: `"${nameOf(path)}" must be ${withArticle(type)}, found ${typeOf(value)}`,
      pointer: pointerOf(path, path.length),
    };
  }
  return null;
}

// A key is missing from an object, or past an array's end; from anything else (a document that is
// an array or a string, a scalar on the way) the message says what is there instead.
function missingKey(path, depth, container) {
  const missing = `missing required key "${nameOf(path)}"`;
  const isObject = container !== null && typeof container === 'object' && !Array.isArray(container);
  if (isObject) return missing + dottedKeyHint(path, depth, container);
  if (Array.isArray(container) && /^\d+$/.test(path[depth])) return missing;
  const where = depth === 0 ? 'the document' : `"${nameOf(path.slice(0, depth))}"`;
  return `${missing}: ${where} is ${withArticle(typeOf(container))}, not an object`;
}

// Named as written: a key "a.b" is shown "a\.b", not as the nested "a.b".
// `-k a.b` on `{ "a.b": 1 }`: the key exists, with a dot in its name, which is written a\.b.
function dottedKeyHint(path, depth, object) {
  for (let end = path.length; end > depth + 1; end--) {
    const dotted = path.slice(depth, end).join('.');
    if (hasKey(object, dotted))
      return ` (a key "${dotted}" is there: a dot inside a key is written \\., as in ${nameOf([...path.slice(0, depth), dotted, ...path.slice(end)])})`;
  }
  return '';
}

const nameOf = (path) => path.map((part) => part.replace(/\./g, '\\.')).join('.');
const pointerOf = (path, depth) =>
  path
    .slice(0, depth)
    .map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');

// A JSON array has indexes only: its `length` (an own property in JavaScript) is not a key.
function hasKey(value, key) {
  if (Array.isArray(value)) return /^(0|[1-9]\d*)$/.test(key) && Number(key) < value.length;
  return value !== null && typeof value === 'object' && Object.hasOwn(value, key);
}

const withArticle = (type) => (type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

function typeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}
