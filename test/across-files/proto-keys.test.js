// A key named __proto__ is an own property of a document, as every format reads it: the checks
// across files that rebuild a document keep it a key, and never set an object's prototype with it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chromeMessages } from '../../validators/across-files/chrome-messages.js';
import { slangKeys } from '../../validators/across-files/slang-keys.js';

test('a slang file with a key named __proto__ keeps it a key, at any depth', () => {
  const { doc } = slangKeys(JSON.parse('{ "__proto__": { "hi": "x" }, "a": { "__proto__": "y" } }'));
  assert.deepEqual(Object.keys(doc), ['__proto__', 'a']);
  assert.equal(Object.getPrototypeOf(doc), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(doc, '__proto__').value, JSON.parse('{ "hi": "x" }'));
  assert.equal(Object.getPrototypeOf(doc.a), Object.prototype);
  assert.equal(Object.getOwnPropertyDescriptor(doc.a, '__proto__').value, 'y');
});

test('a Chrome messages.json with a message named __proto__ keeps it a message', () => {
  const { doc } = chromeMessages(JSON.parse('{ "__proto__": { "message": "hi", "description": "d" } }'));
  assert.deepEqual(Object.keys(doc), ['__proto__']);
  assert.equal(Object.getPrototypeOf(doc), Object.prototype);
  assert.deepEqual(Object.getOwnPropertyDescriptor(doc, '__proto__').value, { message: 'hi' });
});
