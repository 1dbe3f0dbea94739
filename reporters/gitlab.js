// GitLab's code quality report (a job's `artifacts: reports: codequality`), the part of the Code
// Climate format that GitLab reads: a JSON array with an issue per problem, which the merge request
// widget compares with the target branch's to list the problems a change brings and those it fixes.
//
// - description: the problem in words, with its JSON pointer; check_name: the validator.
// - severity: "major" for a file that breaks a rule or does not parse, "critical" for a check that
//   could not run or finish (an unreadable file, a validator that threw, the file timeout): nothing
//   is known of that file; "minor" for a warning, which fails no file (it may pass with some).
// - description: the places a problem points at besides (a slug another file holds too) after its
//   words, "(also at b.json:3:11)", paths relative to the repository's root as location.path's are.
// - location.path: relative to the repository's root (CI_PROJECT_DIR, else the working directory);
//   location.lines.begin: the problem's line, or 1 for a problem about the whole file (GitLab needs one).
// - fingerprint: see fingerprints.js; unique per problem, since GitLab shows an issue once per fingerprint.
// - A file only parsed (it passed, but no schema of its could be read) is an "info" issue on its first
//   line, check_name "only-parsed": the report's one way to say that a file passed unvalidated.
//
// Streamed, as the json report is, with no byte-order mark (GitLab's parser refuses one).
import { problemText } from './problem-words.js';
import { couldNotCheck } from './problem-kinds.js';
import { fingerprints } from './fingerprints.js';
import { printableText } from './printable.js';
import { alsoAt } from './related.js';
import { codeScanningFiles } from './code-scanning.js';
import { streamedArray } from './json-array.js';
import { isWarning } from './severity.js';

const gitlabSeverity = (p) => (isWarning(p) ? 'minor' : couldNotCheck(p) ? 'critical' : 'major');

/**
 * @param {{ write(text: string): void, end(): void | Promise<void>, cwd: string, root: string }} options
 *   cwd: what reported paths are relative to; root: the repository's root, which the report's paths are relative to
 */
export function createGitlabReporter({ write, end, cwd, root }) {
  const issues = streamedArray(write, '[');
  const issue = (fields) => issues.add(JSON.stringify(fields));
  const { onFileResult, pathOf } = codeScanningFiles(
    { cwd, root },
    {
      fingerprints,
      onlyParsed(file, why) {
        const [fingerprint] = fingerprints(file, [{ validator: 'only-parsed', message: why }]);
        issue({
          description: printableText(`only parsed, not validated: ${why}`),
          check_name: 'only-parsed',
          fingerprint,
          severity: 'info',
          location: { path: file, lines: { begin: 1 } },
        });
      },
      onProblem(p, file, fingerprint) {
        issue({
          description: problemText(p) + alsoAt(p, pathOf),
          check_name: p.validator,
          fingerprint,
          severity: gitlabSeverity(p),
          location: { path: file, lines: { begin: p.line ?? 1 } },
        });
      },
    },
  );
  return {
    onFileResult,
    async onRunComplete() {
      write(`${issues.end()}\n`);
      await end();
    },
  };
}
