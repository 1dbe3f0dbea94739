// Drives `filecheck --watch` in a child process, for the tests of --watch: each step waits for the
// output the run it causes must print, so that no timing is asserted.
import { spawn } from 'node:child_process';
import { BIN, cliEnv } from './cli.js';

const STEP_MS = 60_000; // one step on a loaded machine, at most

/**
 * Starts `filecheck --watch …` with stdin open (a pipe, not a terminal).
 * @returns {{ child, next(pattern: RegExp): Promise<string>, exit(): Promise<{ code, signal, stdout, stderr }>, stdout: string, stderr: string }}
 *   next: waits for `pattern` in the output printed since the last step, and returns that output
 *   up to the end of the match (the next step starts after it)
 */
export function startWatch(t, args, { cwd, env } = {}) {
  const child = spawn(process.execPath, [BIN, '--watch', ...args], {
    cwd,
    env: cliEnv(env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let mark = 0;
  let closed = null;
  const listeners = new Set();
  const changed = () => listeners.forEach((listener) => listener());
  child.stdout.setEncoding('utf8').on('data', (chunk) => {
    stdout += chunk;
    changed();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk) => {
    stderr += chunk;
    changed();
  });
  child.stdin.on('error', () => {}); // gone when the process is
  const exited = new Promise((resolve) =>
    child.on('close', (code, signal) => {
      closed = { code, signal };
      changed();
      resolve({ code, signal, stdout, stderr });
    }),
  );
  t.after(() => {
    if (!closed) child.kill('SIGKILL');
  });
  const failure = (what) =>
    new Error(`${what}\n--- stdout since the last step:\n${stdout.slice(mark)}\n--- stderr:\n${stderr}`);
  // Resolves with what `found` returns once it returns something, as output comes.
  const waitFor = (what, found) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => done(failure(`no ${what} within ${STEP_MS} ms`)), STEP_MS);
      const look = () => {
        const value = found();
        if (value !== undefined) done(null, value);
        else if (closed) done(failure(`exited (${closed.code ?? closed.signal}) before ${what}`));
      };
      const done = (error, value) => {
        clearTimeout(timer);
        listeners.delete(look);
        if (error) reject(error);
        else resolve(value);
      };
      listeners.add(look);
      look();
    });

  return {
    child,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    next(pattern) {
      return waitFor(`${pattern}`, () => {
        const match = pattern.exec(stdout.slice(mark));
        if (!match) return undefined;
        const upTo = mark + match.index + match[0].length;
        const text = stdout.slice(mark, upTo);
        mark = upTo;
        return text;
      });
    },
    /**
     * Waits until stderr matches: it comes down a pipe of its own, so a line written before the
     * status line on stdout may arrive after it.
     */
    said(pattern) {
      return waitFor(`${pattern} on stderr`, () => (pattern.test(stderr) ? stderr : undefined));
    },
    /** Sends a line on stdin (`q` quits, an empty line checks every file again). */
    send(line) {
      child.stdin.write(`${line}\n`);
    },
    exit() {
      return exited;
    },
  };
}
