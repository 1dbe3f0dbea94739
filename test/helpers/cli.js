// Runs bin/filecheck.js as a user would, in a child process, and builds throw-away file trees.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deepStrictEqual as assertSame } from 'node:assert/strict';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = path.join(REPO, 'bin', 'filecheck.js');

// Variables that would change what filecheck prints or checks, whatever the test runs in.
// GitHub Actions' variables turn the github reporter on: a suite run in Actions must not see them.
// GitLab's CI_PROJECT_DIR is the root the gitlab report's paths are relative to.
const SCRUBBED = [
  'NO_COLOR',
  'FORCE_COLOR',
  'TERM',
  'CHAOS_MONKEY',
  'CHAOS_SEED',
  'CHAOS_KIND',
  'NODE_OPTIONS',
  'NODE_TEST_CONTEXT',
  'GITHUB_ACTIONS',
  'GITHUB_WORKSPACE',
  'GITHUB_STEP_SUMMARY',
  'CI_PROJECT_DIR',
];

/** The environment of a run: the parent's, scrubbed, CI=true and NO_COLOR=1; `undefined` in `env` removes a variable. */
export function cliEnv(env = {}) {
  const result = { ...process.env };
  for (const name of SCRUBBED) delete result[name];
  Object.assign(result, { CI: 'true', NO_COLOR: '1' }, env);
  for (const [name, value] of Object.entries(result)) if (value === undefined) delete result[name];
  return result;
}

/**
 * Spawns `node bin/filecheck.js ...args` with no TTY. The returned promise has the ChildProcess as
 * `.child`, for tests that signal it or watch its output as it comes.
 * @param {string[]} args
 * @param {{ cwd?: string, env?: Record<string, string | undefined>, input?: string | Buffer, timeout?: number }} [options]
 * @returns {Promise<{ code: number | null, signal: string | null, stdout: string, stderr: string }> & { child: import('node:child_process').ChildProcess }}
 */
export function runCli(args, { cwd = REPO, env, input, timeout = 30_000 } = {}) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd, env: cliEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  const promise = new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    // A hung run fails its test with what it printed, instead of stalling the suite.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(
        new Error(`filecheck ${args.join(' ')} did not finish in ${timeout} ms\nstdout: ${stdout}\nstderr: ${stderr}`),
      );
    }, timeout);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  child.stdin.on('error', () => {}); // filecheck never reads stdin: it may be gone before we write
  child.stdin.end(input);
  promise.child = child;
  return promise;
}

/**
 * A temporary directory under os.tmpdir() holding `files` ({ 'rel/path.json': string | Buffer };
 * a key ending in "/" is an empty directory), removed when the test ends.
 * @param {import('node:test').TestContext} t
 * @param {Record<string, string | Buffer>} [files]
 * @returns {string} the directory's real path (what filecheck's cwd-relative paths are computed from)
 */
export function makeTree(t, files = {}) {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-cli-')));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  writeTree(dir, files);
  return dir;
}

/** Adds files to an existing tree, as makeTree does. */
export function writeTree(dir, files) {
  for (const [rel, content] of Object.entries(files)) {
    const file = path.join(dir, rel);
    if (rel.endsWith('/')) {
      fs.mkdirSync(file, { recursive: true });
      continue;
    }
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
  }
}

/** Makes `dir` a git repository, so that .gitignore files above the working directory apply. */
export function gitInit(dir) {
  const result = spawnSync('git', ['init', '-q'], { cwd: dir, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git init failed: ${result.stderr || result.error}`);
}

export const hasGit = spawnSync('git', ['--version']).status === 0;

/** The json reporter's document, parsed; fails with the raw output when it is not JSON. */
export function parseJsonReport(text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new Error(`not a JSON document (${error.message}):\n${text}`);
  }
}

/** Paths of the FAIL blocks of the default reporter, in printed order (without the validator the line may name). */
export function failedPaths(stdout) {
  return [...stdout.matchAll(/^ FAIL {2}(.+?)(?: {2}\(.*\))?$/gm)].map((m) => m[1]);
}

/** The summary line, "Files: ..." */
export function filesLine(stdout) {
  return /^Files: .*$/m.exec(stdout)?.[0];
}

/** A usage error's stderr: exactly one line, "filecheck: ...". Returns the line without the prefix. */
export function oneLine(stderr) {
  if (!/^filecheck: [^\n]+\n$/.test(stderr))
    throw new Error(`expected one line "filecheck: ..." on stderr, got:\n${stderr}`);
  return stderr.slice('filecheck: '.length, -1);
}

/**
 * A run of the human reporter whose rule's schema cannot be used: exit 2, its files counted as not
 * validated, not listed with why, which stderr says last, once, as its one line (run.js, unusableSchemas).
 * @param {{ code: number | null, stdout: string, stderr: string }} run
 * @returns {string} that line, without "filecheck: "
 */
export function unusableSchema({ code, stdout, stderr }) {
  const said = oneLine(stderr);
  const counted = /^\d+ files? not validated: a rule's schema or ajv plugin cannot be used \(the error below\)\.$/m;
  if (code !== 2 || !counted.test(stdout) || stdout.includes(said))
    throw new Error(
      `expected exit 2 and the files counted as not validated, not listed with "${said}", got exit ${code}:\n${stdout}`,
    );
  return said;
}

/**
 * Runs the json reporter (--verbose: passing files too) in-process and on a pool of 2 at once,
 * asserts that both report the same (but for time and plan) with exit `code`, and returns the
 * in-process report, with its files by path.
 * @param {string} dir the working directory
 * @param {string[]} args
 * @param {number} [code]
 * @param {{ noErrors?: boolean }} [options] noErrors: no problem may be of kind error (nothing died)
 */
export async function checkBothExecutors(dir, args, code = 1, { noErrors = false } = {}) {
  // The two runs go at once: with --cache each has a folder of its own, so that neither sees what
  // the other stored (which one stores first is a matter of timing).
  const cacheOf = (workers) =>
    args.includes('--cache') && !args.includes('--cache-location')
      ? ['--cache-location', path.join(dir, `.filecheck-cache-workers-${workers}`)]
      : [];
  const runs = await Promise.all(
    ['0', '2'].map((workers) =>
      runCli([...args, ...cacheOf(workers), '--workers', workers, '-r', 'json', '--verbose'], { cwd: dir }),
    ),
  );
  const reports = runs.map((run) => {
    if (run.code !== code)
      throw new Error(`exit ${run.code}, expected ${code}:\n${run.stderr}${run.stdout.slice(0, 2000)}`);
    const {
      files,
      summary: { durationMs, plan, ...summary },
    } = parseJsonReport(run.stdout);
    return { files, summary };
  });
  assertSame(reports[1], reports[0], 'the pool reports what the in-process run does');
  if (noErrors) {
    for (const { problems } of reports[0].files) {
      if (problems.some((p) => p.kind === 'error'))
        throw new Error(`a validator or worker died: ${JSON.stringify(problems).slice(0, 500)}`);
    }
  }
  return { ...reports[0], byPath: Object.fromEntries(reports[0].files.map((file) => [file.path, file])) };
}
