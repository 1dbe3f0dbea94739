/** A problem with how filecheck was called or configured: `bin` turns it into exit code 2 and one line. */
export class UsageError extends Error {
  name = 'UsageError';

  /**
   * @param {string} message
   * @param {{ files?: string[] }} [details] files: those whose creation or change may mend it (a
   *   schema, a file its $refs name that is missing), which --watch watches
   */
  constructor(message, { files = [] } = {}) {
    super(message);
    this.files = files;
  }
}
