// collect/across-files-session.js: what --watch's runs keep for the checks across files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acrossFilesSession } from '../../runner/collect/across-files-session.js';

const fact = (slug) => [{ rule: 0, key: 'unique', json: JSON.stringify(slug) }];
const result = (path, slug) => ({ path, status: 'pass', problems: [], durationMs: 1, facts: fact(slug) });
const entry = (rel) => ({ rel, path: `/nowhere/${rel}`, rules: [0] });
const duplicate = { validator: 'unique', message: 'duplicate', kind: 'invalid' };

// One run of the session: its results taken, then finished with the problems found.
function run(session, results, found, { partial = true, gone, stopped = false } = {}) {
  const kept = acrossFilesSession(session, { partial, gone });
  for (const taken of results) {
    kept.ledger.record(taken, entry(taken.path));
    kept.took(taken, entry(taken.path));
  }
  return { kept, again: kept.finish(results, stopped ? null : new Map(found)) };
}

test('a file the run did not check is reported again when its problems across files change, and only then', () => {
  const session = { compiler: {} };
  const first = run(
    session,
    [result('a.json', 'x'), result('b.json', 'x')],
    [
      ['a.json', [duplicate]],
      ['b.json', [duplicate]],
    ],
  );
  assert.deepEqual(first.again, [], 'a whole run reports its files itself');

  const fixed = run(session, [result('b.json', 'y')], []);
  assert.equal(fixed.kept.complete, true, 'a re-run reads no other file');
  assert.deepEqual(
    fixed.again.map((again) => [again.path, again.status, again.problems]),
    [['a.json', 'pass', []]],
  );
  assert.equal(fixed.again[0].facts, undefined, 'facts are not reported');

  assert.deepEqual(run(session, [result('b.json', 'z')], []).again, [], 'a.json: nothing changed');
});

test('a file gone leaves the checks; rules compiled again have every file read again', () => {
  const session = { compiler: {} };
  run(
    session,
    [result('a.json', 'x'), result('b.json', 'x')],
    [
      ['a.json', [duplicate]],
      ['b.json', [duplicate]],
    ],
    {
      partial: false,
    },
  );
  const gone = run(session, [], [], { gone: ['b.json'] });
  assert.deepEqual(
    gone.again.map((again) => again.path),
    ['a.json'],
  );
  assert.equal(gone.kept.ledger.entryOf('b.json'), undefined);

  session.compiler = {};
  assert.equal(acrossFilesSession(session, { partial: true }).complete, false);
});

test('a run that stopped reported its files without problems across files: the next run reports them again', () => {
  const session = { compiler: {} };
  run(
    session,
    [result('a.json', 'x'), result('b.json', 'x')],
    [
      ['a.json', [duplicate]],
      ['b.json', [duplicate]],
    ],
    {
      partial: false,
    },
  );
  run(session, [result('a.json', 'x')], [], { stopped: true });
  const next = run(
    session,
    [result('c.json', 'c')],
    [
      ['a.json', [duplicate]],
      ['b.json', [duplicate]],
    ],
  );
  assert.deepEqual(
    next.again.map((again) => [again.path, again.status]),
    [['a.json', 'fail']],
  );
});
