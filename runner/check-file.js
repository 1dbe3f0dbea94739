// The work on one file, shared by the in-process loop and the pool's workers:
// read once ─▶ parse once ─▶ every validator of the file's rules ─▶ FileResult.
import { readText } from './read-text.js';
import { locateProblems, describeSyntaxError } from './positions.js';
import { ChaosError } from './chaos.js';
import { nestingProblem } from './nesting.js';

/**
 * @typedef {{ validator: string, message: string, pointer?: string, line?: number, column?: number,
 *   kind: 'invalid' | 'parse' | 'io' | 'error' | 'chaos' }} Problem
 * @typedef {{ path: string, status: 'pass' | 'fail', problems: Problem[], durationMs: number }} FileResult
 * @param {import('./discover.js').FileEntry} entry
 * @param {import('./compile-rules.js').Validator[]} validators
 * @returns {FileResult}
 */
export function checkFile(entry, validators) {
  const started = performance.now();
  const problems = [];
  const read = entry.refused ? { error: entry.refused } : readText(entry.path, entry.special);
  if (read.error) {
    problems.push({ validator: 'read', message: `file ${read.error}`, kind: 'io' });
  } else {
    let doc;
    let parsed = false;
    try {
      doc = JSON.parse(read.text);
      parsed = true;
    } catch (error) {
      // Placing a syntax error recurses once per level too (jsonc-parser): too deep is said first.
      problems.push(nestingProblem(read.text) ?? syntaxProblem(read.text, error));
    }
    if (parsed) {
      const tooDeep = nestingProblem(read.text, doc);
      if (tooDeep) {
        problems.push(tooDeep);
      } else {
        runValidators(doc, entry, validators, problems);
        locateProblems(read.text, problems);
      }
    }
  }
  return { path: entry.rel, status: problems.length ? 'fail' : 'pass', problems, durationMs: performance.now() - started };
}

function syntaxProblem(text, error) {
  if (text === '') return { validator: 'parse', message: 'invalid JSON: the file is empty', line: 1, column: 1, kind: 'parse' };
  const { message, line, column } = describeSyntaxError(text, error);
  const nul = text.indexOf('\0');
  const detail = nul === -1 ? message : `${message} (the file contains a NUL byte: binary?)`;
  return { validator: 'parse', message: `invalid JSON: ${detail}`, line, column, kind: 'parse' };
}

function runValidators(doc, entry, validators, problems) {
  const ctx = { path: entry.rel, absolutePath: entry.path, options: undefined };
  for (const validator of validators) {
    const name = validator.name;
    try {
      ctx.options = validator.options;
      const found = validator.validate(doc, ctx);
      if (typeof found?.then === 'function') {
        found.then(null, () => {}); // its outcome is not waited for: keep a rejection from crashing the run
        problems.push({ validator: name, message: 'returned a Promise; validators must be synchronous', kind: 'error' });
      } else if (found) {
        for (const problem of [found].flat()) problems.push(normalize(problem, name));
      }
    } catch (error) {
      problems.push(thrownProblem(error, name));
    }
  }
}

// Custom validators may return strings or partial problems.
function normalize(problem, validator) {
  if (typeof problem === 'string') return { validator, message: problem, kind: 'invalid' };
  const { message = String(problem), pointer, line, column } = problem ?? {};
  return { validator, message: String(message), kind: 'invalid', ...definedOnly({ pointer, line, column }) };
}

function thrownProblem(error, validator) {
  if (error instanceof ChaosError) return { validator, message: error.message, kind: 'chaos' };
  return { validator, message: `threw: ${error?.message ?? String(error)}`, kind: 'error' };
}

const definedOnly = (object) => Object.fromEntries(Object.entries(object).filter(([, v]) => v !== undefined));
