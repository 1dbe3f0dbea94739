// What a batch of changes makes stale under --watch (runner/watch/plan-recheck.js), as tables:
// a schema changed, a file created, edited or moved, a folder moved away, an editor's temporary file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { filesToRecheck, namesChanged, staleBy } from '../../runner/watch/plan-recheck.js';

const state = {
  deps: new Map([
    ['/p/schema.json', [0]],
    ['/p/common.json', [0, 1]],
    ['/p/check.js', [2]],
  ]),
  globs: [{ id: 1, matches: (file) => file.startsWith('/p/refs/') }],
  schemasChosen: new Map([
    ['docs/a.yaml', ['/p/chosen.json']],
    ['docs/b.yaml', ['/p/other.json']],
  ]),
  lastError: null,
};

test('staleBy: the rules a changed schema, ref or validator module affects, the files whose chosen schema changed', () => {
  const rows = [
    // changed, last run's error ─▶ affected rules, choosers, recompile
    [['/p/data/x.json'], null, [], [], false],
    [['/p/schema.json'], null, [0], [], true],
    [['/p/common.json', '/p/check.js'], null, [0, 1, 2], [], true],
    [['/p/refs/new.json'], null, [1], [], true], // a file that comes to match a rule's refs glob
    [['/p/chosen.json'], null, [], ['docs/a.yaml'], true],
    [['/p/data/x.json'], new Error('invalid schema'), [], [], true], // the next change tries again
  ];
  for (const [changed, lastError, affected, choosers, recompile] of rows) {
    const stale = staleBy(changed, { ...state, lastError });
    assert.deepEqual(
      [[...stale.affected].sort(), [...stale.choosers], stale.recompile],
      [affected, choosers, recompile],
      changed.join(' '),
    );
  }
});

test('namesChanged: an edit is checked; a name that appeared or went away makes discovery run again; a name that came and went changes nothing', () => {
  const tree = {
    relOf: new Map([
      ['/p/a.json', 'a.json'],
      ['/p/d/b.json', 'd/b.json'],
    ]),
    folders: new Set(['/p/d']),
  };
  const rows = [
    // changed, renamed (the batch saw the name appear or go), still there ─▶ edited, rediscover
    [['/p/a.json'], [], ['/p/a.json'], ['a.json'], false], // edited in place
    [['/p/a.json'], ['/p/a.json'], ['/p/a.json'], ['a.json'], false], // saved by rename over itself
    [['/p/a.json'], ['/p/a.json'], [], [], true], // deleted
    [['/p/new.json'], ['/p/new.json'], ['/p/new.json'], [], true], // created
    [['/p/d'], ['/p/d'], [], [], true], // a folder of watched files moved away
    [['/p/.a.json.swp'], ['/p/.a.json.swp'], [], [], false], // an editor's temporary file, come and gone
    [['/p/notes.txt'], [], ['/p/notes.txt'], [], false], // written, never a watched name
  ];
  for (const [changed, renamed, there, edited, rediscover] of rows) {
    const names = namesChanged(changed, {
      ...tree,
      renamed: (file) => renamed.includes(file),
      exists: (file) => there.includes(file),
    });
    assert.deepEqual(names, { edited, rediscover }, changed.join(' '));
  }
});

test("filesToRecheck: edited or new files by name, then the affected rules' and the choosers' files checked before, then those due; each once", () => {
  const entry = (rel, ...rules) => ({ rel, rules });
  const files = new Map(
    [entry('c.json', 0), entry('a.json', 0), entry('b.json', 1), entry('docs/a.yaml', 2), entry('never.json', 0)].map(
      (e) => [e.rel, e],
    ),
  );
  const known = (rel) => rel !== 'never.json'; // a file the last run did not reach (--bail) is not a dependent
  const rows = [
    // edited, due, affected, choosers ─▶ order
    [['c.json', 'b.json'], [], [], [], ['b.json', 'c.json']],
    [[], [], [0], [], ['c.json', 'a.json']],
    [['a.json'], [], [0], [], ['a.json', 'c.json']],
    [[], [], [], ['docs/a.yaml'], ['docs/a.yaml']],
    [[], ['never.json'], [0], [], ['c.json', 'a.json', 'never.json']],
    [['gone.json'], [], [], [], []], // edited, then deleted before the check: no longer a file
  ];
  for (const [edited, due, affected, choosers, order] of rows) {
    const plan = {
      edited: edited.map((rel) => files.get(rel) ?? entry(rel, 0)),
      files,
      due: new Map(due.map((rel) => [rel, files.get(rel)])),
      affected: new Set(affected),
      choosers: new Set(choosers),
      known,
    };
    assert.deepEqual(
      filesToRecheck(plan).map((each) => each.rel),
      order,
      JSON.stringify({ edited, due, affected, choosers }),
    );
  }
});
