// In-process, a validator calling process.exit would end the whole run, half-reported. While a
// check runs on the main thread, process.exit throws instead, and only that file's check dies (in a
// pool worker it really ends the worker, and the pool contains that). This module and bin/ are the
// only code that touches `process`.

/** The check of one file ended abruptly: the file fails with this alone. */
export class CheckDied extends Error {
  name = 'CheckDied';
  /** @type {string | undefined} the validator that was running */
  validator;
}

/**
 * Replaces process.exit until `release()`. A validator that catches the CheckDied thrown at it
 * has still died: `died` remembers it.
 * @returns {{ died: CheckDied | null, release(): void }}
 */
export function containExit() {
  const exit = process.exit;
  const guard = {
    died: null,
    release: () => {
      process.exit = exit;
    },
  };
  process.exit = (code) => {
    guard.died ??= new CheckDied(
      `the validator called process.exit(${code === undefined ? '' : JSON.stringify(code)})`,
    );
    throw guard.died;
  };
  return guard;
}
