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
 * Describes why JSON.parse failed, with the position of the fault: V8's words and, when it gives
 * one, V8's offset; momoa's position only for the faults V8 gives no offset for (an unexpected token).
 * @returns {{ message: string, line: number, column: number }}
 */
export function describeSyntaxError(text, error) {
  const words = error.message.replace(/ at position \d+.*$/s, '').replace(/ in JSON$/, '').replace(/^Unexpected end of JSON input$/, 'Unexpected end of input');
  // momoa's positions drift at the end of the input (`{"a": ` is reported at 1:1, `[1, 2` at the 2),
  // which is where a truncated file fails: V8's offset is exact, and an early end is at the end.
  const offset = / in JSON at position (\d+)/.exec(error.message)?.[1]; // not a "position 5" quoted from the text
  if (offset !== undefined) return { message: words, ...lineAndColumn(text, Number(offset)) };
  if (!/^Unexpected end of JSON input/.test(error.message)) {
    try {
      require('@humanwhocodes/momoa').parse(text, { mode: 'json' });
    } catch (momoaError) {
      if (momoaError.line !== undefined) return { message: words, line: momoaError.line, column: momoaError.column };
    }
  }
  return { message: words, ...lineAndColumn(text, text.length) };
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
