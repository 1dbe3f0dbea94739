// What a run says beside its report, on stderr: a note, a warning, a file named as the user sees it.
import { relativePosix } from './paths.js';

/**
 * @param {{ cwd: string, stderr: { write(text: string): unknown }, quiet: () => boolean }} context
 *   quiet: asked at each message (--watch reads its config again)
 * @returns {{ note(message: string): void, warn(message: string): void, warnEvenQuiet(message: string): void,
 *   display(file: string): string }} warnEvenQuiet: a warning -q keeps, as it keeps failures;
 *   display: an absolute path relative to cwd, with forward slashes (cwd itself: as given)
 */
export function createMessages({ cwd, stderr, quiet }) {
  const say = (message) => stderr.write(`filecheck: ${message}\n`);
  const note = (message) => {
    if (!quiet()) say(message);
  };
  return {
    note,
    warn: (message) => note(`warning: ${message}`),
    warnEvenQuiet: (message) => say(`warning: ${message}`),
    display: displayFrom(cwd),
  };
}

/** @returns {(file: string) => string} a file's name as messages give it: relative to cwd */
export const displayFrom = (cwd) => (file) => relativePosix(cwd, file) || file;
