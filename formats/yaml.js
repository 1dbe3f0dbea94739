// YAML, with eemeli/yaml: every document of a stream, read with the YAML 1.2 core schema, or YAML
// 1.1's where it declares `%YAML 1.1` (see docs/formats.md for what that means for `yes`, dates,
// big integers, tags, anchors and merge keys).
// A problem's pointer is placed on the document's own nodes, whose ranges yaml keeps anyway.
import { createRequire } from 'node:module';
import { lineLocator } from './json-positions.js';
import { tooDeepProblem } from './depth-limit.js';
import { ANY_TAG_HINT, applyTags, asWrittenHint, isReadTag, tagSetHint, tagsOf, unresolvedTag } from './yaml-tags.js';
import { isCutString, mendQuotedLines } from './yaml-quoted-lines.js';
import { duplicateKeyMessage } from './duplicate-keys.js';

const require = createRequire(import.meta.url);
const { CST, Composer, Parser, isAlias, isMap, isPair, isScalar, isSeq, visit } = require('yaml');

/**
 * How many values aliases may add to a document: each use of an anchor adds its value's values,
 * those of the aliases in it too. An alias does not copy its value, it shares it, but validators
 * walk every use: a few nested anchors (a "billion laughs": 10 uses of 10 uses of… a value) would
 * hold a check for ever, where an anchor used a thousand times (`<<: *defaults` in a big Compose or
 * CI file) adds what the file would hold written out. yaml's own measure (uses of an anchor, times
 * the aliases its value holds; 100 by default) refused such a file.
 */
export const MAX_ALIAS_VALUES = 1_000_000;

// Keys become strings in the parsed value, as in JSON: `200:` and `"200":`, `~:` and `"":` are one key,
// of which the value would keep only the last. Other keys (collections, aliases) are equal only to themselves.
// Merge keys (`<<`) may repeat, each merging its mappings in: PyYAML, js-yaml, go-yaml (Helm) and
// yamllint allow it, and Helm values files do it. The name a scalar key is compared by, or undefined.
const keyName = (key) =>
  isScalar(key) && typeof key.value !== 'symbol' ? (key.value === null ? '' : String(key.value)) : undefined;

// `!!float 1` is 1: the core schema's float is written `1`, `1.5`, `1e3`, `.inf` or `.nan`, which
// yaml's tag reads only with a dot or an exponent. Tried first for every `!!float`, never for an untagged value.
const FLOAT_FORMS = [
  [/^[-+]?(?:\.\d+|\d+(?:\.\d*)?)(?:[eE][-+]?\d+)?$/, Number],
  [/^[-+]?\.(?:inf|Inf|INF)$/, (text) => (text[0] === '-' ? -Infinity : Infinity)],
  [/^\.(?:nan|NaN|NAN)$/, () => NaN],
];
const FLOAT = {
  tag: 'tag:yaml.org,2002:float',
  identify: () => false, // for reading only
  resolve(text, onError) {
    const form = FLOAT_FORMS.find(([pattern]) => pattern.test(text));
    if (form) return form[1](text);
    onError('Unresolved tag: tag:yaml.org,2002:float'); // as yaml says it for the other tags
    return text;
  },
};

// YAML 1.1's types that are no JSON data: a document that declares `%YAML 1.1` is read with YAML
// 1.1's schema but for these, so that a date is its text, as in 1.2, and `!!binary` or `!!set` fail.
const NOT_JSON_DATA = new Set(
  ['binary', 'omap', 'pairs', 'set', 'timestamp'].map((name) => `tag:yaml.org,2002:${name}`),
);

const OPTIONS = {
  // No schema: yaml takes the one of each document's version, the core schema unless the document
  // declares `%YAML 1.1` (then `yes`, `off` are booleans, `0755` octal, `1:30` sexagesimal): the
  // file says how it is to be read, as ruamel (check-jsonschema) reads it.
  customTags: (tags) => [...tags.filter((tag) => !NOT_JSON_DATA.has(tag.tag)), FLOAT],
  merge: true, // `<<: *defaults`, as Docker Compose and GitLab CI files use it
  // Duplicate keys are looked for here (firstDuplicateKey): yaml compares each key with every key
  // before it, which holds a mapping of 200 000 keys for hours.
  uniqueKeys: false,
  prettyErrors: false, // positions are computed here, for failing files only
  logLevel: 'error', // yaml would print some warnings itself
  resolveKnownTags: false, // YAML 1.1's !!binary, !!timestamp, !!set… are not JSON data: see FAILING_WARNINGS
};
const TO_JS = { maxAliasCount: -1 }; // measured before, by aliasExpansion
// Warnings that change what the value means: a tag the core schema does not know is read as if it
// were not there, so `!!binary`, `!!timestamp` or `!Ref` would pass unnoticed as plain strings.
const FAILING_WARNINGS = new Set(['TAG_RESOLVE_FAILED', 'BAD_COLLECTION_TYPE']);
const CORE_TAGS = '!!str, !!int, !!float, !!bool, !!null, !!seq, !!map';
const LONE_CR = /\r(?!\n)/;
const LONE_CR_ALL = /\r(?!\n)/g;
const CORE_SCALAR_TAGS = new Set(['!!int', '!!float', '!!bool', '!!null']);
const SCALAR_TEXT = /^\s*("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\r\n#,\]}]*)/;

/**
 * How deeply a YAML document may nest as written. yaml's composer recurses with about twice the
 * stack per level that JSON's tools use, and on the main thread, before the JIT has compiled it, it
 * runs out of stack past ~780 levels (a worker, with 4 MB, goes further): a document is measured on
 * yaml's syntax tree, which is built without recursion, before it is composed, so that it fails the
 * same way in both executors. Values reached through aliases are held to MAX_DEPTH (depth-limit.js) too.
 */
export const MAX_YAML_DEPTH = 500;

/** @type {import('./index.js').Parser['parse']} */
export const parse = (text, entry) => parseYaml(text, { tags: tagsOf(entry?.yamlTags) });

/**
 * The documents of YAML text, which may be part of a file (front matter): `base` is where it starts
 * in `whole`, so that positions are the file's. In a stream of several documents, empty ones
 * (nothing, or only comments, between two `---`) are left out, as kubectl does, and the others are
 * numbered by their place in the stream; a stream with no document at all is one, null.
 * @param {string} source
 * @param {{ whole?: string, base?: number, format?: string, tags?: Map<string, string | null> | null }} [where]
 *   format: as messages name it; tags: the tags beyond the core schema to read (yaml-tags.js)
 * @returns {import('./index.js').ParsedDocument[]}
 */
export function parseYaml(source, { whole = source, base = 0, format = 'YAML', tags = null } = {}) {
  let lines = null;
  let original = (offset) => offset; // where an offset in the text read is in `source`
  const place = (offset) => (lines ??= lineLocator(whole))(base + original(offset));
  // YAML text may not hold a NUL (YAML 1.2 c-printable), which yaml would read as text: a NUL in a
  // .yaml file is binary content, not data. (The other control characters are not looked for: a
  // scan for them costs 8% of a run on 50 KB files; indexOf finds a NUL thirty times faster.)
  const nul = source.indexOf('\0');
  if (nul !== -1) {
    const message = `invalid ${format}: the file contains a NUL byte (binary content?), which YAML text cannot hold; in a double-quoted string, write it as "\\0"`;
    return [{ problems: [{ validator: 'parse', message, ...place(nul), kind: 'parse' }] }];
  }
  // A lone CR is a line break in YAML 1.2 (old Mac files), which yaml does not see: it becomes an LF,
  // one character for one, so offsets stay those of the file (whose lines lineLocator counts so too).
  if (source.includes('\r') && LONE_CR.test(source)) source = source.replace(LONE_CR_ALL, '\n');
  let tokens = Array.from(new Parser().parse(source));
  let { tooDeep, cut, collectionKey } = scan(tokens);
  // yaml cuts a quoted string short at a line not indented past its key, and may then read the
  // rest as other keys without a word: such strings are mended first (yaml-quoted-lines.js).
  const mended = cut && tooDeep === -1 && mendQuotedLines(source, tokens);
  if (mended) {
    ({ text: source, tokens, original } = mended);
    ({ tooDeep, collectionKey } = scan(tokens));
  }
  if (tooDeep !== -1) return [{ problems: [tooDeepProblem(place(tooDeep), MAX_YAML_DEPTH)] }];
  const documents = Array.from(new Composer(OPTIONS).compose(tokens, true, source.length));
  const several = documents.length > 1;
  const reading = {
    source,
    place,
    format,
    tags,
    collectionKey,
    modeline: source.includes('yaml-language-server'), // a comment may name the schema: keep the comments
    lineAt: (offset) => lineAt(whole, base + original(offset)),
    templates: () => (templateOffsets ??= source.includes('{{') ? templateStarts(tokens, source) : []),
  };
  let templateOffsets = null; // found for a failing document only
  const read = [];
  let start = 0; // a document's text runs from the end of the one before: its leading comments are its own
  for (const [index, doc] of documents.entries()) {
    const range = [base + original(start), base + original((start = doc.range[2]))];
    if (several && isEmpty(doc)) continue;
    read.push({ ...readDocument(doc, reading), range, ...(several && { number: index + 1 }) });
  }
  return read.length ? read : [{ value: null, locate: (problems) => locate(documents[0], problems, place) }];
}

// Each document's syntax tree, walked without recursion: `tooDeep`, the offset of the first
// collection nested deeper than MAX_YAML_DEPTH, or -1; `cut`, whether a quoted string is cut short;
// `collectionKey`, whether a key is a mapping or a list.
function scan(tokens) {
  let cut = false;
  let collectionKey = false;
  for (const document of tokens) {
    if (document.type !== 'document') continue;
    cut ||= isCutString(document.value);
    const stack = document.value?.items ? [document.value] : [];
    const depths = [1];
    while (stack.length) {
      const token = stack.pop();
      const depth = depths.pop();
      if (depth > MAX_YAML_DEPTH) return { tooDeep: token.offset, cut, collectionKey };
      for (const item of token.items) {
        collectionKey ||= !!item.key?.items;
        for (const child of [item.key, item.value]) {
          if (child?.items) {
            stack.push(child);
            depths.push(depth + 1);
          } else if (!cut && child) {
            cut = isCutString(child);
          }
        }
      }
    }
  }
  return { tooDeep: -1, cut, collectionKey };
}

const isEmpty = (doc) =>
  !doc.errors.length &&
  (!doc.contents ||
    (isScalar(doc.contents) && doc.contents.type === 'PLAIN' && doc.contents.source === '' && !doc.contents.tag));

const lineAt = (text, at) =>
  text.slice(text.lastIndexOf('\n', at - 1) + 1, (text.indexOf('\n', at) + 1 || text.length + 1) - 1);
// `{{ … }}` on a line, not GitHub's `${{ … }}`: a template's expression (Helm's, Hugo's, Jinja's…),
// which YAML reads as a mapping in a mapping unless quoted. The hint names no tool: any may have
// written the file.
const TEMPLATE = /(?:^|[^$]){{.*}}/;
const TEMPLATE_HINT =
  ' ({{ }} is a template expression: quote it if it is a string; a template is YAML only once rendered)';

// The offsets of the `{{ … }}` that stand unquoted as values or items, which YAML reads as flow
// mappings (`name: {{ .Values.name }}`, a line `{{- include … }}`), in text order.
function templateStarts(tokens, source) {
  const starts = [];
  for (const token of tokens) {
    if (token.type !== 'document') continue;
    CST.visit(token, (item) => {
      for (const node of [item.key, item.value])
        if (node?.type === 'flow-collection' && source.startsWith('{{', node.offset) && source[node.offset - 1] !== '$')
          starts.push(node.offset);
    });
  }
  return starts.sort((a, b) => a - b);
}

function readDocument(doc, { source, place, format, tags, modeline, collectionKey, lineAt: lineOf, templates }) {
  const problem = (message, offset) => {
    const hint = TEMPLATE.test(lineOf(offset)) ? TEMPLATE_HINT : '';
    return {
      problems: [
        { validator: 'parse', message: `invalid ${format}: ${message}${hint}`, ...place(offset), kind: 'parse' },
      ],
    };
  };
  // A syntax error after an unquoted template is that template's doing, though YAML finds it lines
  // further on (where the flow mapping it opened meets a block): it is placed at the first such template.
  const syntaxProblem = (message, offset) => {
    const template = templates().find((start) => start >= doc.range[0] && start <= offset);
    return problem(message, template ?? offset);
  };
  const error =
    doc.errors[0] ??
    doc.warnings.find((warning) => FAILING_WARNINGS.has(warning.code) && !(tags && isReadTag(warning, tags)));
  if (error?.code === 'TAG_RESOLVE_FAILED') {
    const tag = unresolvedTag(error)?.replace(/^tag:yaml\.org,2002:/, '!!') ?? 'tag';
    if (CORE_SCALAR_TAGS.has(tag)) {
      const value = SCALAR_TEXT.exec(source.slice(error.pos[1]))[1].trim(); // the value after the tag
      return problem(`the value ${value} is not a ${tag} (YAML 1.2 core schema)`, error.pos[0]);
    }
    return problem(
      `the tag ${tag} cannot be read (${tagSetHint(tag) ?? `filecheck reads the tags of the YAML 1.2 core schema: ${CORE_TAGS}; ${ANY_TAG_HINT}`})`,
      error.pos[0],
    );
  }
  if (error?.code === 'MISSING_CHAR' && /quote$/.test(error.message)) {
    // yaml says it where the text ends, which may be thousands of lines after the quote at fault.
    const opening = quotedScalarEndingAt(doc, error.pos[0]);
    if (opening !== undefined) return problem(`the string quoted here never closes (${error.message})`, opening);
  }
  if (error) return syntaxProblem(error.message, error.pos[0]);
  const duplicate = firstDuplicateKey(doc);
  if (duplicate) {
    const [first, second] = duplicate;
    // Quoted as JSON's message quotes it (a key may have spaces); a quoted key is shown as written.
    const written = source.slice(second.range[0], second.range[1]);
    const shown = /^["']/.test(written) ? written : JSON.stringify(written);
    return problem(duplicateKeyMessage(shown, place(first.range[0])), second.range[0]);
  }
  const key = collectionKey && keyThatIsACollection(doc);
  if (key)
    return problem(
      `the key ${shortText(source.slice(key.range[0], key.range[1]))} is ${isMap(key) ? 'a mapping' : 'a list'}, which JSON data cannot have as a key`,
      key.range[0],
    );
  const cycle = source.includes('&') && source.includes('*') && cyclicAlias(doc);
  if (cycle)
    return problem(
      `the alias *${cycle.source} is inside the value it names: the value would contain itself`,
      cycle.range[0],
    );
  const bomb = cycle === null && aliasExpansion(doc);
  if (bomb)
    return problem(
      `its aliases expand to more than ${MAX_ALIAS_VALUES.toLocaleString('en-US')} values, which every check would walk: an alias bomb? (&${bomb.anchor} adds the most)`,
      bomb.range[0],
    );
  const asWritten = tags && applyTags(doc, tags);
  let value;
  try {
    value = doc.toJS(TO_JS);
  } catch (thrown) {
    if (thrown instanceof RangeError) throw thrown; // the stack: too deep (check-file.js)
    const alias = /^Unresolved alias.*: (.*)$/.exec(thrown.message)?.[1];
    return problem(
      thrown.message,
      (alias === undefined ? undefined : aliasNamed(doc, alias)) ?? startOf(doc.contents) ?? doc.range[0],
    );
  }
  const comments = modeline ? commentLines(doc) : undefined;
  const written = asWritten?.size ? asWritten : null;
  return { value, locate: (problems) => locate(doc, problems, place, written), ...(comments && { comments }) };
}

// The document's comments, line by line (yaml keeps them on the nodes, without positions): a
// `yaml-language-server` line inside a block scalar is text, not one of them (document-schema-ref.js).
function commentLines(doc) {
  const found = [doc.commentBefore, doc.comment];
  visit(doc, {
    Node(_key, node) {
      found.push(node.commentBefore, node.comment);
    },
  });
  return new Set(found.filter(Boolean).flatMap((comment) => comment.split('\n').map((line) => line.trim())));
}

// The offset of the quoted string that runs to this offset (where yaml found no closing quote), or undefined.
function quotedScalarEndingAt(doc, offset) {
  let found;
  visit(doc, {
    Scalar(_key, node) {
      const [start, end] = node.range ?? [];
      if ((node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE') && start < offset && offset <= end)
        found = start;
    },
  });
  return found;
}

// The duplicate key that comes first in the text, as [the first key of that name, the duplicate],
// or null: each mapping's keys are gathered once by name.
function firstDuplicateKey(doc) {
  let found = null;
  // Walked by hand, not with yaml's visit: this runs on every file, and visit cost 2% of a run.
  const stack = [doc.contents];
  while (stack.length) {
    const node = stack.pop();
    if (isSeq(node)) {
      for (const item of node.items) stack.push(item);
    } else if (isMap(node)) {
      const seen = node.items.length > 1 ? new Map() : null;
      let duplicate = false; // this mapping's first duplicate is its earliest
      for (const { key, value } of node.items) {
        stack.push(key, value);
        const name = seen && !duplicate ? keyName(key) : undefined;
        if (name === undefined) continue;
        const first = seen.get(name);
        if (!first) {
          seen.set(name, key);
          continue;
        }
        duplicate = true;
        if (!found || key.range[0] < found[1].range[0]) found = [first, key];
      }
    }
  }
  return found;
}

const shortText = (text) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
};

// The first key that is a mapping or a list (`? [a, b]`, Helm's `{{ .Values.name }}` read as YAML),
// which yaml would turn into a string such as "[ a, b ]".
function keyThatIsACollection(doc) {
  let found = null;
  visit(doc, {
    Pair(_key, pair) {
      if (!isMap(pair.key) && !isSeq(pair.key)) return undefined;
      found = pair.key;
      return visit.BREAK;
    },
  });
  return found;
}

// An alias to one of its own ancestors (`a: &x [*x]`): yaml makes a value that contains itself,
// which no validator could walk to its end.
function cyclicAlias(doc) {
  const anchors = new Map(); // the last node of each anchor met so far: what an alias names
  let found = null;
  visit(doc, {
    Node(_key, node, path) {
      if (isAlias(node)) {
        if (path.includes(anchors.get(node.source))) {
          found = node;
          return visit.BREAK;
        }
      } else if (node.anchor) {
        anchors.set(node.anchor, node);
      }
      return undefined;
    },
  });
  return found;
}

// Whether the values aliases add to the document (each use, the values of what it names, aliases
// in it counted as they add) are more than MAX_ALIAS_VALUES: the anchored node that adds the most
// then, else null. Each value's count is worked out once, so a bomb is measured without expanding it.
function aliasExpansion(doc) {
  const named = new Map(); // each alias ─▶ the node it names: the last of its anchor before it
  const anchors = new Map();
  visit(doc, {
    Node(_key, node) {
      if (isAlias(node)) named.set(node, anchors.get(node.source));
      else if (node.anchor) anchors.set(node.anchor, node);
    },
  });
  const counted = new Map(); // node ─▶ its values, as validators walk them
  const values = (node) => {
    if (!node) return 0;
    if (isAlias(node)) return values(named.get(node));
    let count = counted.get(node);
    if (count !== undefined) return count;
    count = 1;
    if (isPair(node)) count = values(node.key) + values(node.value);
    else if (node.items) for (const item of node.items) count += values(item);
    counted.set(node, count);
    return count;
  };
  const added = new Map(); // anchored node ─▶ the values its uses add
  let total = 0;
  for (const [, target] of named) {
    if (!target) continue; // an unknown anchor: toJS says so
    const count = values(target);
    total += count;
    added.set(target, (added.get(target) ?? 0) + count);
  }
  if (total <= MAX_ALIAS_VALUES) return null;
  const [most] = [...added].reduce((a, b) => (b[1] > a[1] ? b : a));
  return { anchor: most.anchor, range: most.range };
}

// The offset of the first alias of that name, or undefined.
function aliasNamed(doc, name) {
  let found;
  visit(doc, {
    Alias(_key, node) {
      if (node.source !== name) return undefined;
      found = node.range[0];
      return visit.BREAK;
    },
  });
  return found;
}

/**
 * Places each problem's pointer on the node it names (with `atKey`, on its key): a missing key on
 * the mapping that lacks it, and a value that comes from an alias (`*name`, `<<: *name`) on the
 * alias, where it is used. A problem with a value read as written though a tag was on it
 * (`asWritten`: applyTags', `--yaml-tags any`), or inside one, says so and names the tag
 * (`yamlTag`); one that asks for a boolean of a string (`wantsBoolean`,
 * validators/json-schema/schema-problems.js) written as one of YAML 1.1's booleans says so; one with
 * the whole of an empty file says it is empty.
 * @param {Map<object, string> | null} asWritten
 */
function locate(doc, problems, place, asWritten = null) {
  const found = new Map();
  for (const problem of problems) {
    if (typeof problem.pointer !== 'string' || problem.line !== undefined) continue;
    const wanted = `${problem.atKey ? 'key' : 'value'} ${problem.pointer}`;
    let at = found.get(wanted);
    if (!at) {
      const { offset, node, tag } = nodeAt(doc, problem.pointer, problem.atKey, asWritten);
      found.set(wanted, (at = { position: place(offset), node, tag }));
    }
    Object.assign(problem, at.position);
    if (at.tag) {
      problem.message += asWrittenHint(at.tag);
      problem.yamlTag = at.tag;
    } else if (problem.wantsBoolean) problem.message += booleanHint(at.node);
    else if (problem.pointer === '' && isEmpty(doc)) problem.message += EMPTY_FILE_HINT;
  }
}

// A problem with the whole of a file that holds no document (blank, only comments, a lone `---`),
// which YAML reads as null: `must be object` alone would not say why. (An empty document among
// others is skipped, parseYaml; an empty front matter block is {}, markdown.js.)
const EMPTY_FILE_HINT = ' (the file is empty: YAML reads it as null)';

// YAML 1.1's booleans, which YAML 1.2 reads as strings (`comment: off`, `fail_fast: yes`): a
// reader of YAML 1.1 (PyYAML, the tool's own) reads them as the file's author meant.
// `true` and `false` are booleans in both.
const YAML_1_1_TRUE = /^(?:[yY]|[yY]es|YES|[oO]n|ON)$/;
const YAML_1_1_FALSE = /^(?:[nN]|[nN]o|NO|[oO]ff|OFF)$/;

// ` ("off" is a string in YAML 1.2, a boolean in YAML 1.1: write false)`, for a value written as a
// plain word (quoted or tagged, it is a string in YAML 1.1 too), else ''.
function booleanHint(node) {
  if (!isScalar(node) || node.type !== 'PLAIN' || node.tag || typeof node.value !== 'string') return '';
  const word = node.value;
  const meant = YAML_1_1_TRUE.test(word) ? 'true' : YAML_1_1_FALSE.test(word) ? 'false' : undefined;
  return meant ? ` ("${word}" is a string in YAML 1.2, a boolean in YAML 1.1: write ${meant})` : '';
}

// The deepest node on the pointer's way that is placed in the text (nodes a tag made, yaml-tags.js,
// are not), as { offset, node, tag }: the pointer's own (its value, or with `atKey` its key) when it
// is placed, then `node` is it, else undefined; tag: that of the deepest value on the way that
// `asWritten` holds, if any.
function nodeAt(doc, pointer, atKey, asWritten) {
  let node = doc.contents;
  let placed = startOf(node);
  let tag = asWritten?.get(node);
  const keys = pointer === '' ? [] : pointer.slice(1).split('/');
  let own = true;
  let keyNode = null; // the key whose value the node is
  for (const [i, escaped] of keys.entries()) {
    if (!node || isAlias(node) || isScalar(node)) {
      own = false;
      break;
    }
    const key = escaped.replace(/~1/g, '/').replace(/~0/g, '~');
    const pair = isMap(node) ? pairOf(node, key) : undefined;
    const next = pair
      ? (pair.merged ?? (atKey && i === keys.length - 1 ? pair.key : (pair.value ?? pair.key)))
      : isSeq(node) && /^\d+$/.test(key)
        ? node.items[Number(key)]
        : undefined;
    if (next === undefined) {
      own = false;
      break;
    }
    if (pair?.merged) own = false; // the key is in the mapping the alias names, not here
    keyNode = pair && !pair.merged && next === pair.value ? pair.key : null;
    node = next;
    if (asWritten && next !== pair?.key) tag = asWritten.get(node) ?? tag;
    const start = startOf(node);
    if (start === undefined) own = false;
    placed = start ?? placed;
  }
  // A block collection starts on the line below its key (`build:` then `  steps: …`): a problem
  // with it (a missing key, too few items) is placed on the key, the line JSON would give.
  if (own && keyNode && (isMap(node) || isSeq(node)) && !node.flow) placed = startOf(keyNode) ?? placed;
  return { offset: placed ?? doc.range[0], node: own ? node : undefined, tag };
}

// The last pair with this key (yaml keeps the last, and duplicates are errors anyway), else the
// alias a merge key brings it from ({ merged }), else undefined: missing.
function pairOf(map, key) {
  let merged;
  for (let i = map.items.length - 1; i >= 0; i--) {
    const pair = map.items[i];
    const name = isScalar(pair.key) ? pair.key.value : pair.key;
    if (name === '<<' || (typeof name === 'symbol' && name.description === '<<')) merged ??= pair.value;
    else if (isScalar(pair.key) && String(name ?? '') === key) return pair;
  }
  return merged && { merged };
}

const startOf = (node) => (isPair(node) ? startOf(node.key) : node?.range?.[0]);
