// Turns JSON pointers into line:column using a JSON AST (momoa). Loaded and run only for failing
// files: passing files pay for JSON.parse alone.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * Fills in `line` and `column` of each problem that has a pointer and no position yet.
 * A pointer that goes past the document (a missing key) lands on the deepest node that exists.
 * @param {string} text
 * @param {Array<{ pointer?: string, line?: number, column?: number }>} problems
 */
export function locateProblems(text, problems) {
  const pending = problems.filter((p) => typeof p.pointer === 'string' && p.line === undefined);
  if (!pending.length) return;
  let ast;
  try {
    ast = require('@humanwhocodes/momoa').parse(text, { mode: 'json' });
  } catch {
    return; // JSON.parse accepted what momoa rejects: keep the problems, without positions.
  }
  for (const problem of pending) {
    const { line, column } = nodeAt(ast.body, problem.pointer).loc.start;
    problem.line = line;
    problem.column = column;
  }
}

function nodeAt(root, pointer) {
  let node = root;
  for (const token of pointer.split('/').slice(1)) {
    const key = token.replace(/~1/g, '/').replace(/~0/g, '~');
    let next;
    if (node.type === 'Object') next = node.members.findLast((m) => m.name.value === key)?.value;
    else if (node.type === 'Array') next = node.elements[Number(key)]?.value;
    if (!next) break;
    node = next;
  }
  return node;
}

/**
 * Describes why JSON.parse failed, with the position of the fault: V8's words, momoa's position
 * (V8 gives none for an early end of input).
 * @returns {{ message: string, line: number, column: number }}
 */
export function describeSyntaxError(text, error) {
  const words = error.message.replace(/ at position \d+.*$/s, '').replace(/ in JSON$/, '').replace(/^Unexpected end of JSON input$/, 'Unexpected end of input');
  try {
    require('@humanwhocodes/momoa').parse(text, { mode: 'json' });
  } catch (momoaError) {
    if (momoaError.line !== undefined) return { message: words, line: momoaError.line, column: momoaError.column };
  }
  const offset = Number(/position (\d+)/.exec(error.message)?.[1] ?? text.length);
  return { message: words, ...lineAndColumn(text, offset) };
}

function lineAndColumn(text, offset) {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
