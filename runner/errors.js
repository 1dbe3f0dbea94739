/** A problem with how filecheck was called or configured: `bin` turns it into exit code 2 and one line. */
export class UsageError extends Error {
  name = 'UsageError';
}
