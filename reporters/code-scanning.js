// What the code-scanning reporters (github.js, sarif.js, gitlab.js) do alike with each file's
// result: a CI system places a problem on a file by its path relative to the repository's root, so
// each problem is handed over with that path, and with its fingerprint for the reports that carry
// one (they pass fingerprints.js' function: the github reporter does not load it). The paths a
// problem's message names are from the root too (shared/message-paths.js): its words, and so its
// fingerprint, are the same whatever folder filecheck ran from. A file without problems (a pass, a
// skip) gives none; a file only parsed is said apart, whether or not it has problems.
import { printableText } from './printable.js';
import { repositoryPaths } from './repository-path.js';
import { messageWithPaths } from '../shared/message-paths.js';

/**
 * @typedef {import('../runner/check/check-file.js').Problem} Problem
 * @param {{ cwd: string, root: string }} places cwd: what reported paths are relative to; root: the repository's
 * @param {{ onProblem(p: Problem, file: string, fingerprint: string | undefined): void,
 *   onFile?(file: string, result: import('../runner/check/check-file.js').FileResult): void,
 *   onlyParsed?(file: string, why: string): void,
 *   fingerprints?(file: string, problems: Problem[]): string[] }} report onFile: a file with
 *   problems, before them; onlyParsed: a file only parsed, and why; fingerprints: fingerprints.js'
 * @returns {{ onFileResult(result: import('../runner/check/check-file.js').FileResult): void,
 *   repositoryPath(reported: string): string, pathOf(reported: string): string }} repositoryPath: a
 *   reported path as the report names it (repository-path.js); pathOf: the same, printable (for the
 *   other places a problem points at, in words)
 */
export function codeScanningFiles({ cwd, root }, { onProblem, onFile, onlyParsed, fingerprints }) {
  const repositoryPath = repositoryPaths({ cwd, root });
  return {
    onFileResult(result) {
      const { path: reported, onlyParsed: why } = result;
      if (why && onlyParsed) onlyParsed(repositoryPath(reported), why);
      // A failing file, or one that passed with warnings (a skip has no problem).
      if (!result.problems.length) return;
      const file = repositoryPath(reported);
      const problems = result.problems.map((p) => (p.paths ? fromRoot(p, repositoryPath) : p));
      const prints = fingerprints?.(file, problems);
      onFile?.(file, { ...result, problems });
      for (let i = 0; i < problems.length; i++) onProblem(problems[i], file, prints?.[i]);
    },
    repositoryPath,
    pathOf: (reported) => printableText(repositoryPath(reported)),
  };
}

// A problem whose message names paths, naming them as the report names files.
const fromRoot = ({ paths, ...problem }, repositoryPath) => ({
  ...problem,
  message: messageWithPaths({ message: problem.message, paths }, repositoryPath),
});
