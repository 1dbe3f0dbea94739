// runner/collect/text-store.js: texts kept in Buffers come back exactly as added, whatever their
// characters and sizes, across chunks and however many there are.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTextStore } from '../../runner/collect/text-store.js';

test('each text comes back as it was added: empty, ASCII, multi-byte, surrogate pairs, larger than a chunk', () => {
  const store = createTextStore();
  const texts = [
    '',
    '[["/slug","Web/CSS/color"]]',
    'é ü 中文 {{name}}',
    '😀 \u{1F600}\u0000\n\t"',
    'x'.repeat(3 * 1024 * 1024),
  ];
  const ids = texts.map((text) => store.add(text));
  assert.deepEqual(ids, [0, 1, 2, 3, 4]);
  for (const [i, text] of texts.entries()) assert.equal(store.get(ids[i]), text);
});

test('many texts across many chunks, read back in any order', () => {
  const store = createTextStore();
  const texts = Array.from({ length: 30_000 }, (_, i) =>
    JSON.stringify([[['/slug', `guides/topic${i % 97}/page-${i}-é`]]]),
  );
  // Texts of ~60 bytes fill a 1 MiB chunk after ~17,000: the second chunk is met, and the places
  // outgrow their first 1,024 entries many times.
  texts.push('y'.repeat(1024 * 1024 - 10), 'z');
  const ids = texts.map((text) => store.add(text));
  for (let i = texts.length - 1; i >= 0; i -= 7) assert.equal(store.get(ids[i]), texts[i]);
  assert.equal(store.get(ids[0]), texts[0]);
  assert.equal(store.get(ids.at(-1)), 'z');
});
