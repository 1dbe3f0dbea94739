// JSON5 (unquoted keys, single quotes, hexadecimal, Infinity and NaN, comments, trailing commas…),
// with momoa's JSON5 mode, which keeps every node's position: the value is evaluated from its
// syntax tree as JSON.parse builds one (`__proto__` is a plain key), once no key is there twice,
// and a problem's pointer is placed on the same tree.
import { createRequire } from 'node:module';
import { MAX_DEPTH, mayNestTooDeeply, tooDeepProblem } from './depth-limit.js';
import { duplicateKeyProblem } from './duplicate-keys.js';
import { emptyFileProblem } from './json-positions.js';

const require = createRequire(import.meta.url);
const momoa = require('@humanwhocodes/momoa');

/** @type {import('./index.js').Parser['parse']} */
export function parse(text, entry) {
  const tooDeep = mayNestTooDeeply(text) && tooDeepAt(text);
  if (tooDeep) return [{ problems: [tooDeepProblem(tooDeep)] }];
  let tree;
  try {
    tree = momoa.parse(text, { mode: 'json5' });
  } catch (error) {
    if (error instanceof RangeError) throw error; // the stack: too deep (check-file.js)
    return [{ problems: [syntaxProblem(text, error)] }];
  }
  const duplicates = entry?.allowDuplicateKeys ? [] : duplicateMembers(tree.body);
  if (duplicates.length) return [{ problems: duplicates }];
  return [{ value: momoa.evaluate(tree), locate: (problems) => locate(tree.body, problems) }];
}

// Keys written twice in one object, as JSON's (duplicate-keys.js); the tree is at hand here.
function duplicateMembers(body) {
  const problems = [];
  const nodes = [body];
  while (nodes.length) {
    const node = nodes.pop();
    if (node.type === 'Array') {
      for (const element of node.elements) nodes.push(element.value);
    } else if (node.type === 'Object') {
      const seen = new Map();
      for (const { name, value } of node.members) {
        const key = keyOf(name);
        const { line, column } = name.loc.start;
        if (seen.has(key)) problems.push(duplicateKeyProblem(key, seen.get(key), { line, column }));
        else seen.set(key, { line, column });
        nodes.push(value);
      }
    }
  }
  return problems;
}

function syntaxProblem(text, error) {
  const empty = emptyFileProblem(text, 'JSON5');
  if (empty) return empty;
  const message = String(error.message).replace(/ \(\d+:\d+\)$/, '');
  const at = Number.isInteger(error.line) ? { line: error.line, column: error.column } : {};
  return { validator: 'parse', message: `invalid JSON5: ${message}`, ...at, kind: 'parse' };
}

// momoa's parser recurses once per level, its tokenizer does not: a document too deep for the parser
// (whose stack is smaller on the main thread than in a worker) is found on its tokens first.
function tooDeepAt(text) {
  let depth = 0;
  try {
    for (const { type, loc } of momoa.tokenize(text, { mode: 'json5' })) {
      if (type === 'LBracket' || type === 'LBrace') {
        if (++depth > MAX_DEPTH) return { line: loc.start.line, column: loc.start.column };
      } else if (type === 'RBracket' || type === 'RBrace') {
        depth--;
      }
    }
  } catch {
    // not JSON5: the parser says where
  }
  return null;
}

const keyOf = (name) => (name.type === 'Identifier' ? name.name : name.value);

// A pointer lands on its value (with `atKey`, its key), or on the deepest node that exists on its
// way (a missing key: its object).
function locate(body, problems) {
  for (const problem of problems) {
    if (typeof problem.pointer !== 'string' || problem.line !== undefined) continue;
    const { line, column } = nodeAt(body, problem.pointer, problem.atKey).loc.start;
    Object.assign(problem, { line, column });
  }
}

// The node a pointer names, or the deepest that exists on its way.
function nodeAt(body, pointer, atKey) {
  let node = body;
  const keys = pointer === '' ? [] : pointer.slice(1).split('/');
  for (const [i, escaped] of keys.entries()) {
    const key = escaped.replace(/~1/g, '/').replace(/~0/g, '~');
    const member = node.type === 'Object' ? node.members.findLast((m) => keyOf(m.name) === key) : undefined;
    const next = member
      ? atKey && i === keys.length - 1
        ? member.name
        : member.value
      : node.type === 'Array' && /^\d+$/.test(key)
        ? node.elements[Number(key)]?.value
        : undefined;
    if (!next) return node;
    node = next;
  }
  return node;
}
