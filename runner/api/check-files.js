// `filecheck/test`: one test per file in a test runner (Vitest, Jest, node:test). checkFiles() runs
// the check once and resolves to every file's result; assertPassed() throws for a failing file, its
// message the file's problems, one `path:line:col message` a line, as the human report says them.
import { AssertionError } from 'node:assert';
import { run } from './run.js';

/**
 * @param {Record<string, any>} [options] run()'s (types/index.d.ts, RunOptions), but `results`
 * @returns {Promise<{ path: string, status: 'pass' | 'fail' | 'skip', problems: object[] }[]>} in path order
 */
export async function checkFiles(options = {}) {
  const { files } = await run({ ...options, results: 'all' });
  return files;
}

/**
 * @param {{ path: string, status: string, problems: { message: string, line?: number, column?: number, severity?: string }[] }} file
 * @throws {AssertionError} when the file failed
 */
export function assertPassed(file) {
  if (file.status !== 'fail') return;
  const errors = file.problems.filter((problem) => problem.severity !== 'warning');
  const lines = errors.map(
    ({ line, column, message }) => `${[file.path, line, column].filter(Boolean).join(':')} ${message}`,
  );
  const count = `${errors.length} problem${errors.length === 1 ? '' : 's'}`;
  throw new AssertionError({ message: `${file.path} failed with ${count}:\n${lines.join('\n')}` });
}
