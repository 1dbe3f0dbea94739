// What --watch decides besides what a batch makes stale (runner/watch/watch-decisions.js), as
// tables: the changes that start everything over, the files watched and gone, the rules in use, the
// files tracked, the status line, what is said once, and the exit code on q.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import {
  exitOnQuit,
  newlyUnusable,
  refFolders,
  restartersIn,
  rulesInUse,
  tracked,
  unwrittenReports,
  watchStatus,
  watchedTree,
} from '../../runner/watch/watch-decisions.js';

const P = path.resolve('/p');
const at = (...parts) => path.join(P, ...parts);

test('restartersIn: a config (the run’s or one below it), a .gitignore or .git/info/exclude starts everything over; any other change does not', () => {
  const rows = [
    // changed ─▶ restarters
    [[at('a.json')], []],
    [[at('.filecheckrc.json')], [at('.filecheckrc.json')]],
    [[at('packages', 'x', '.filecheckrc.json'), at('a.json')], [at('packages', 'x', '.filecheckrc.json')]],
    [[at('docs', '.gitignore')], [at('docs', '.gitignore')]],
    [[at('.git', 'info', 'exclude')], [at('.git', 'info', 'exclude')]],
    [[at('exclude'), at('filecheckrc.json'), at('.gitignore.bak')], []],
  ];
  for (const [changed, restarters] of rows) assert.deepEqual(restartersIn(changed), restarters, changed.join(' '));
});

test('watchedTree: the files found by name and by absolute path, the folders that hold them up to the root, and those no longer found', () => {
  const a = { rel: 'a.json', path: at('a.json'), rules: [0] };
  const b = { rel: 'd/e/b.json', path: at('d', 'e', 'b.json'), rules: [0] };
  const c = { rel: 'd/c.json', path: at('d', 'c.json'), rules: [1] };
  const rows = [
    // found, watched before ─▶ rels, folders (below /p), gone
    [[], [], [], [], []],
    [[a, b], [], ['a.json', 'd/e/b.json'], ['', 'd', 'd/e'], []],
    [[a], [a, b, c], ['a.json'], [''], ['d/e/b.json', 'd/c.json']],
    [[b, c], [a], ['d/e/b.json', 'd/c.json'], ['', 'd', 'd/e'], ['a.json']],
  ];
  for (const [found, before, rels, folders, gone] of rows) {
    const tree = watchedTree(found, new Map(before.map((entry) => [entry.rel, entry])));
    const below = [...tree.folders]
      .filter((folder) => folder.startsWith(P))
      .map((folder) => path.relative(P, folder).split(path.sep).join('/'))
      .sort();
    assert.deepEqual(
      [[...tree.files.keys()], [...tree.relOf].map(([file, rel]) => [file, rel]), below, tree.gone.map((e) => e.rel)],
      [rels, found.map((entry) => [entry.path, entry.rel]), folders, gone],
      rels.join(' '),
    );
    // Every folder up to the root is held, the root itself not.
    for (const folder of tree.folders) assert.notEqual(path.dirname(folder), folder);
  }
});

test('rulesInUse: the rules some watched file has, in the rules’ order', () => {
  const rules = [{ id: 0 }, { id: 1 }, { id: 2 }];
  const shared = [2, 0];
  const rows = [
    // files' rule sets ─▶ rules in use
    [[], []],
    [[[1]], [1]],
    [
      [shared, shared, [1]],
      [0, 1, 2],
    ],
    [[[2]], [2]],
  ];
  for (const [sets, used] of rows) {
    const files = new Map(sets.map((rules, i) => [`f${i}.json`, { rel: `f${i}.json`, rules }]));
    assert.deepEqual(
      rulesInUse(files, rules).map((rule) => rule.id),
      used,
      JSON.stringify(sets),
    );
  }
});

test('tracked: the files of a rule that chooses its schema per file are checked with track set; the others as they are', () => {
  const a = { rel: 'a.json', rules: [0] };
  const b = { rel: 'b.json', rules: [1] };
  const ab = { rel: 'ab.json', rules: [0, 1] };
  const rows = [
    // rules, entries ─▶ tracked (rels)
    [[{ id: 0 }, { id: 1 }], [a, b, ab], []],
    [
      [{ id: 0, selection: { document: true } }, { id: 1 }],
      [a, b, ab],
      ['a.json', 'ab.json'],
    ],
    [[{ id: 0 }, { id: 1, selection: { catalogs: ['c.json'] } }], [a, b], ['b.json']],
  ];
  for (const [rules, entries, track] of rows) {
    const result = tracked(entries, rules);
    assert.deepEqual(
      result.filter((entry) => entry.track).map((entry) => entry.rel),
      track,
    );
    assert.deepEqual(
      result.map((entry) => entry.rel),
      entries.map((entry) => entry.rel),
      'every file, in order',
    );
    result.forEach(
      (entry, i) => !entry.track && assert.equal(entry, entries[i], 'an untracked entry is the same object'),
    );
  }
  const none = [a, b];
  assert.equal(tracked(none, [{ id: 0 }]), none, 'no rule chooses: the same list');
});

test('refFolders: the refs globs’ folders, those watched for names in them and those watched deep', () => {
  const rows = [
    // globs ─▶ [shallow, deep]
    [[], [[], []]],
    [
      [
        { folder: '/s', deep: false },
        { folder: '/t', deep: true },
        { folder: '/u', deep: false },
      ],
      [['/s', '/u'], ['/t']],
    ],
  ];
  for (const [globs, folders] of rows) assert.deepEqual(refFolders(globs), folders);
});

test('watchStatus: the files watched, those not checked (due or never reached), a run stopped by --bail, an error, and the keys to press', () => {
  const files = new Map([
    ['a.json', {}],
    ['b.json', {}],
    ['c.json', {}],
  ]);
  const rows = [
    // due, known, summary, errored, interactive ─▶ unchecked, bailedAfter, hint
    [
      [],
      ['a.json', 'b.json', 'c.json'],
      { bailed: false, failed: 1 },
      false,
      true,
      0,
      0,
      'Press q to quit, Enter to check every file again.',
    ],
    [['b.json'], ['a.json', 'b.json', 'c.json'], null, false, false, 1, 0, 'Press Ctrl-C to quit.'],
    [
      [],
      ['a.json'],
      { bailed: true, failed: 1 },
      false,
      true,
      2,
      1,
      'Press q to quit, Enter to check every file again.',
    ],
    [['c.json'], ['a.json'], undefined, true, false, 2, 0, 'Press Ctrl-C to quit.'],
  ];
  for (const [due, known, summary, errored, interactive, unchecked, bailedAfter, hint] of rows) {
    const status = watchStatus({
      files,
      due: new Map(due.map((rel) => [rel, {}])),
      known: (rel) => known.includes(rel),
      summary,
      errored,
      interactive,
    });
    assert.deepEqual(status, { files: 3, unchecked, bailedAfter, errored, hint }, JSON.stringify([due, known]));
  }
});

test('newlyUnusable: why a rule’s schemas cannot be used is said once, until a run can use them', () => {
  const rows = [
    // said before, this run's ─▶ said now
    [[], [], []],
    [[], ['x', 'y', 'x'], ['x', 'y']],
    [['x'], ['x', 'y'], ['y']],
    [['x', 'y'], ['x'], []],
  ];
  for (const [before, now, said] of rows) assert.deepEqual(newlyUnusable(new Set(before), now), said, now.join(' '));
});

test('unwrittenReports: the config’s report files are not written under --watch, and a note says so', () => {
  const rows = [
    // the config's reporters ─▶ the note
    [[{ name: 'default' }], null],
    [
      [{ name: 'default' }, { name: 'json', outputFile: 'r.json' }],
      "--watch prints its report to the terminal: the config's json report is not written",
    ],
    [
      [{ name: 'junit' }, { name: 'sarif', outputFile: 'r.sarif' }],
      "--watch prints its report to the terminal: the config's junit and sarif reports are not written",
    ],
  ];
  for (const [reporters, note] of rows) assert.equal(unwrittenReports(reporters), note, JSON.stringify(reporters));
});

test('exitOnQuit: 2 when the last run ended in a usage error or schemas cannot be used, else 1 when a checked file fails, else 0', () => {
  const rows = [
    // errored, unusable, failed ─▶ exit code
    [false, 0, false, 0],
    [false, 0, true, 1],
    [true, 0, false, 2],
    [false, 2, true, 2],
    [true, 1, true, 2],
  ];
  for (const [errored, unusable, failed, code] of rows)
    assert.equal(exitOnQuit({ errored, unusable, failed }), code, JSON.stringify([errored, unusable, failed]));
});
