// A fast, well-spread string hash onto [0, 1): the same text gives the same number on every machine.

/**
 * FNV-1a over the UTF-16 code units, then murmur3's finalizer to spread the bits.
 * @param {string} text
 * @returns {number} in [0, 1)
 */
export function unitHash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return (h >>> 0) / 2 ** 32;
}
