// Texts kept outside V8's heap: the ledger's facts, one JSON text a file, written into Buffers of
// 1 MiB and found by a number. Kept as strings, 12,899 pages' facts are 12,899 strings that survive
// every young-generation collection of the run: in some runs on Node 24 V8 then doubled the young
// generation (new space 32 → 64 MB at the peak), and the run's peak RSS with `unique` went from
// 128-138 to 158-180 MB. In Buffers, what survives is a few numbers a file (bench/RESULTS.md).

const CHUNK_BYTES = 1024 * 1024;
const FIELDS = 3; // each text's chunk, start and length (a text is shorter than 4 GiB: V8's strings are)

export function createTextStore() {
  const chunks = [];
  let chunk = null;
  let used = 0; // bytes of the last chunk written
  let places = new Uint32Array(1024 * FIELDS);
  let count = 0;
  return {
    /**
     * @param {string} text
     * @returns {number} the text's number, for `get`
     */
    add(text) {
      // A UTF-16 unit takes at most 3 bytes in UTF-8: a text that surely fits is written at once,
      // its length the bytes written; only one near the chunk's end is measured first.
      let length;
      if (chunk && used + text.length * 3 <= chunk.length) length = chunk.write(text, used);
      else {
        length = Buffer.byteLength(text);
        if (!chunk || used + length > chunk.length) {
          chunk = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, length));
          chunks.push(chunk);
          used = 0;
        }
        chunk.write(text, used);
      }
      if ((count + 1) * FIELDS > places.length) {
        const grown = new Uint32Array(places.length * 2);
        grown.set(places);
        places = grown;
      }
      const at = count * FIELDS;
      places[at] = chunks.length - 1;
      places[at + 1] = used;
      places[at + 2] = length;
      used += length;
      return count++;
    },
    /** @param {number} id a number `add` gave */
    get(id) {
      const at = id * FIELDS;
      return chunks[places[at]].toString('utf8', places[at + 1], places[at + 1] + places[at + 2]);
    },
  };
}
