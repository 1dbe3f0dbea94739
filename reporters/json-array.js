// A JSON array written an item at a time: the json, sarif and gitlab reports are streamed, so that
// memory stays flat with many failures. Nothing is written before the first item: a usage error
// found when a schema is first compiled then leaves the output empty, not holding half a document.

/**
 * @param {(text: string) => void} write
 * @param {string} start the document up to the array's `[`
 * @returns {{ add(json: string): void, end(): string }} add: writes an item (JSON text); end: the
 *   text that closes the array (the whole document up to its `]` when no item was added), for the
 *   caller to write with what follows it
 */
export function streamedArray(write, start) {
  let opened = false;
  return {
    add(json) {
      write((opened ? ',\n' : `${start}\n`) + json);
      opened = true;
    },
    end: () => `${opened ? '\n' : start}]`,
  };
}
