// runner/collect/ledger.js: the facts of each file and collector, kept to the end of a run (or of a
// --watch session, where a file recorded again replaces its facts) and given back by collector.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLedger, factFromReport } from '../../runner/collect/ledger.js';

// A fact as a check gives it (its facts as JSON text), and as a shard's report gives it back (as data).
const fact = (rule, key, facts, document) => ({
  rule,
  key,
  json: JSON.stringify(facts),
  ...(document && { document }),
});
const reported = (rule, key, facts, document) => ({ rule, key, facts, ...(document && { document }) });
const result = (path, facts, more = {}) => ({ path, status: 'pass', problems: [], durationMs: 1, facts, ...more });

test('facts come back by collector, path, then document, whatever order files and collectors came in', () => {
  const ledger = createLedger();
  ledger.record(result('b.md', [fact(0, 'unique', [['/slug', 'b']])]), { path: '/p/b.md', rel: 'b.md' });
  // A file of two collectors between two files of one: each collector keeps its own.
  ledger.record(
    result('a.md', [fact(1, 'refs', ['x'], 2), fact(0, 'unique', [['/slug', 'a']]), fact(1, 'refs', ['y'], 1)]),
    { path: '/p/a.md', rel: 'a.md' },
  );
  ledger.record(result('c.md', [fact(0, 'unique', [['/slug', 'c']])]));
  assert.deepEqual(ledger.entriesOf(0, 'unique'), [
    { path: 'a.md', facts: [['/slug', 'a']] },
    { path: 'b.md', facts: [['/slug', 'b']] },
    { path: 'c.md', facts: [['/slug', 'c']] },
  ]);
  assert.deepEqual(ledger.entriesOf(1, 'refs'), [
    { path: 'a.md', facts: ['y'], document: 1 },
    { path: 'a.md', facts: ['x'], document: 2 },
  ]);
  assert.deepEqual(ledger.entriesOf(2, 'none'), []);
  assert.deepEqual(ledger.factsOf('a.md'), [
    reported(0, 'unique', [['/slug', 'a']]),
    reported(1, 'refs', ['x'], 2),
    reported(1, 'refs', ['y'], 1),
  ]);
  // `filecheck merge` gives a report's facts back to a ledger as a check gives them.
  assert.deepEqual(ledger.factsOf('a.md').map(factFromReport), [
    fact(0, 'unique', [['/slug', 'a']]),
    fact(1, 'refs', ['x'], 2),
    fact(1, 'refs', ['y'], 1),
  ]);
  assert.equal(ledger.factsOf('zzz.md'), undefined);
  assert.deepEqual(ledger.entryOf('b.md'), { path: '/p/b.md', rel: 'b.md' });
  assert.equal(ledger.entryOf('c.md'), undefined); // recorded without its entry
});

test('a file recorded again replaces all its facts, also those of a collector it no longer gives; forget drops it', () => {
  const ledger = createLedger();
  const entry = { path: '/p/a.md', rel: 'a.md' };
  ledger.record(result('a.md', [fact(0, 'unique', [['/slug', 'old']]), fact(1, 'refs', ['x'])]), entry);
  ledger.record(result('b.md', [fact(0, 'unique', [['/slug', 'b']])]), { path: '/p/b.md', rel: 'b.md' });
  ledger.record(result('a.md', [fact(0, 'unique', [['/slug', 'new']])])); // --watch: checked again
  assert.deepEqual(ledger.entriesOf(0, 'unique'), [
    { path: 'a.md', facts: [['/slug', 'new']] },
    { path: 'b.md', facts: [['/slug', 'b']] },
  ]);
  assert.deepEqual(ledger.entriesOf(1, 'refs'), []);
  assert.deepEqual(ledger.entryOf('a.md'), entry); // the entry it was read as is kept
  ledger.record(result('a.md', [])); // no longer parses: no facts
  assert.deepEqual(ledger.entriesOf(0, 'unique'), [{ path: 'b.md', facts: [['/slug', 'b']] }]);
  ledger.forget('b.md');
  assert.deepEqual(ledger.entriesOf(0, 'unique'), []);
  assert.equal(ledger.entryOf('b.md'), undefined);
});

test('facts that are not plain strings and numbers come back as JSON reads them', () => {
  const ledger = createLedger();
  const facts = { text: 'é "quoted" {{name}}\n', list: [1, null, true], nested: { emoji: '😀' } };
  ledger.record(result('a.md', [fact(0, 'keys', facts)]));
  assert.deepEqual(ledger.entriesOf(0, 'keys'), [{ path: 'a.md', facts }]);
});

test("the run's files are expected first: each result finds its entry, and entriesIn reads the facts one file at a time", () => {
  const ledger = createLedger();
  const a = { path: '/p/a.md', rel: 'a.md' };
  const b = { path: '/p/b.md', rel: 'b.md' };
  ledger.expect([a, b]);
  assert.equal(ledger.entryOf('b.md'), b); // before its result came
  // Results in the order checks ended, not by path.
  ledger.record(result('b.md', [fact(0, 'unique', [['/slug', 'b']])]));
  ledger.record(result('a.md', [fact(0, 'unique', [['/slug', 'a']])]));
  assert.equal(ledger.entryOf('a.md'), a);
  const reading = ledger.entriesIn(0, 'unique');
  assert.deepEqual(reading.next().value, { path: 'a.md', facts: [['/slug', 'a']] });
  assert.deepEqual([...reading], [{ path: 'b.md', facts: [['/slug', 'b']] }]);
  assert.deepEqual([...ledger.entriesIn(9, 'none')], []);
});
