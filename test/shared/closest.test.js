import assert from 'node:assert/strict';
import test from 'node:test';
import { closest, editDistance } from '../../shared/closest.js';

test('edit distance: a swap of two neighbours is one edit; the count stops at the limit', () => {
  assert.equal(editDistance('titel', 'title'), 1);
  assert.equal(editDistance('strictt', 'strict'), 1);
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('abcdef', 'uvwxyz', 2), 2);
});

test('closest: within 2 edits and a third of the length; case-insensitive matches first', () => {
  assert.equal(closest('strictt', ['strict', 'target', 'module']), 'strict');
  assert.equal(closest('titel', ['title', 'date']), 'title');
  assert.equal(closest('es2o20', ['ES2015', 'ES2020', 'ESNext']), 'ES2020');
  // Equal but for case is the one, however many others are one edit away.
  assert.equal(closest('Esnext', ['esnexts', 'ESNext', 'esnex']), 'ESNext');
  assert.equal(closest('A', ['a', 'b']), 'a');
  // Two as close ignoring case: the one closer with it.
  assert.equal(closest('es2o20', ['ES2020', 'es2020']), 'es2020');
});

test('closest: nothing when too far, when two are equally close, or when the value is known', () => {
  assert.equal(closest('bobby', ['bob']), undefined, '2 edits are more than a third of 5 characters');
  assert.equal(closest('ab', ['abc']), undefined, 'a value of 2 characters allows no edit');
  assert.equal(closest('strictness', ['strict']), undefined, '4 edits');
  assert.equal(closest('colour', ['color', 'colours']), undefined, 'two at one edit');
  assert.equal(closest('colour', ['colours', 'color', 'colours']), undefined);
  assert.equal(closest('ES2020', ['Es2020', 'eS2020']), undefined, 'two equal but for case, each one edit with it');
  assert.equal(closest('strict', ['strict', 'strictt']), undefined);
  assert.equal(closest('title', []), undefined);
});

test('closest: a candidate given twice is one candidate', () => {
  assert.equal(closest('titel', ['title', 'title']), 'title');
});
