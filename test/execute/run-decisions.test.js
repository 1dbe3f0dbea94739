// runner/execute/run.js: the run's decisions, as tables. runChecks applies them: when --bail stops
// a run, what becomes of the pool, whether the run saw the whole project, what its summary says.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  bails,
  checkedCount,
  mayCheckAcrossFiles,
  mayHang,
  poolAfterRun,
  setsLeft,
  summarize,
  takenAsTheyCome,
  wholeProject,
} from '../../runner/execute/run.js';

test('takenAsTheyCome: only a run whose checks across files hold every result, with no --bail and no cache', () => {
  const rows = [
    // across, cache, bail ─▶ taken as they come
    [true, false, 0, true],
    [true, false, 1, false],
    [true, true, 0, false],
    [false, false, 0, false],
    [false, true, 2, false],
  ];
  for (const [across, cache, bail, asTheyCome] of rows)
    assert.equal(takenAsTheyCome({ across, cache, bail }), asTheyCome, JSON.stringify({ across, cache, bail }));
});

test('bails: --bail N stops the run at its Nth failure; 0 never does', () => {
  const rows = [
    // bail, failed ─▶ stops
    [0, 0, false],
    [0, 1000, false],
    [1, 0, false],
    [1, 1, true],
    [2, 1, false],
    [2, 2, true],
    [2, 3, true],
  ];
  for (const [bail, failed, stops] of rows) assert.equal(bails(bail, failed), stops, JSON.stringify({ bail, failed }));
});

test('poolAfterRun: a --watch session keeps the pool its plan used; a run closes a pool it started; a session pool is its owner to close', () => {
  const started = { name: 'started by this run' };
  const kept = { name: "the session's" };
  const rows = [
    // pool, plan mode, session ─▶ fate
    [null, 'inline', undefined, 'leave'],
    [started, 'pool', undefined, 'close'],
    [started, 'inline', undefined, 'close'], // `auto` started workers, then stayed in-process
    [started, 'pool', { pool: null }, 'keep'],
    [kept, 'pool', { pool: kept }, 'keep'],
    [null, 'pool', { pool: null }, 'keep'], // failed before its pool started: the session keeps none
    [kept, 'inline', { pool: kept }, 'leave'], // a session's pool a run did not use
    [started, 'inline', { pool: null }, 'close'],
    [started, 'inline', { pool: kept }, 'close'], // a smaller session pool was closed, this one started
    [null, 'inline', { pool: null }, 'leave'],
  ];
  for (const [pool, mode, session, fate] of rows)
    assert.equal(
      poolAfterRun({ pool, mode, session }),
      fate,
      JSON.stringify({ pool: pool?.name ?? null, mode, session: session && (session.pool?.name ?? null) }),
    );
});

test('checkedCount and wholeProject: a run sees the whole project only when it checked every file, none left out', () => {
  const counts = { passed: 5, failed: 3, skippedInCheck: 2 };
  assert.equal(checkedCount(counts, 0), 10);
  assert.equal(checkedCount(counts, 4), 6); // --watch: reported again, not checked
  const files = Array.from({ length: 10 });
  const all = { partial: false, shard: undefined, patterns: [], changed: undefined, checked: 10, files };
  const rows = [
    [{}, true],
    [{ checked: 7 }, false], // --bail, Ctrl-C
    [{ partial: true }, false], // --watch's re-run of some files
    [{ patterns: ['a/*.json'] }, false],
    [{ changed: 'HEAD' }, false],
    [{ shard: { index: 1, count: 2, total: 20 } }, false],
  ];
  for (const [change, whole] of rows) assert.equal(wholeProject({ ...all, ...change }), whole, JSON.stringify(change));
});

const counts = (more = {}) => ({
  passed: 0,
  failed: 0,
  warnings: 0,
  skippedInCheck: 0,
  onlyParsed: 0,
  onlyParsedHinted: 0,
  storePrefixes: new Set(),
  unusableSchemas: new Set(),
  cached: { passed: 0, failed: 0 },
  bailed: false,
  ...more,
});
const PLAN = { mode: 'inline', workers: 0, reason: '--workers 0: in-process' };
const run = (more = {}) => ({
  files: 10,
  skipped: 2,
  reportedAgain: 0,
  interrupted: false,
  durationMs: 12,
  plan: PLAN,
  ...more,
});

test('summarize: the counts, what was left unchecked and why, and the optional parts only when there is something to say', () => {
  const base = {
    total: 12,
    passed: 7,
    failed: 3,
    skipped: 2,
    onlyParsed: 0,
    unchecked: 0,
    bailed: false,
    interrupted: false,
    durationMs: 12,
    plan: PLAN,
    warnings: 0,
  };
  const rows = [
    // why, counts, run ─▶ the summary's fields beside base's
    ['every file checked', counts({ passed: 7, failed: 3 }), run(), {}],
    [
      'a file not the kind its catalog entry said: skipped in the check',
      counts({ passed: 6, failed: 3, skippedInCheck: 1 }),
      run(),
      { passed: 6, skipped: 3 },
    ],
    [
      '--bail before the end',
      counts({ passed: 2, failed: 1, bailed: true }),
      run(),
      { passed: 2, failed: 1, unchecked: 7, bailed: true },
    ],
    ['--bail at the last file: nothing left unchecked', counts({ passed: 7, failed: 3, bailed: true }), run(), {}],
    [
      'Ctrl-C',
      counts({ passed: 4 }),
      run({ interrupted: true }),
      { passed: 4, failed: 0, unchecked: 6, interrupted: true },
    ],
    ['Ctrl-C after the last file', counts({ passed: 7, failed: 3 }), run({ interrupted: true }), {}],
    [
      '--watch: files reported again, unchecked, count in the total',
      counts({ passed: 9, failed: 3 }),
      run({ reportedAgain: 2 }),
      { total: 14, passed: 9 },
    ],
    [
      'warnings and --max-warnings',
      counts({ passed: 7, failed: 3, warnings: 4 }),
      run({ maxWarnings: 3 }),
      { warnings: 4, maxWarnings: 3 },
    ],
    ['--max-warnings 0 is said', counts({ passed: 7, failed: 3 }), run({ maxWarnings: 0 }), { maxWarnings: 0 }],
    [
      'unusable schemas, sorted',
      counts({ passed: 7, failed: 3, unusableSchemas: new Set(['schema b is invalid', 'schema a is invalid']) }),
      run(),
      { unusableSchemas: ['schema a is invalid', 'schema b is invalid'] },
    ],
    [
      'files only parsed, with the store prefixes that would validate them',
      counts({
        passed: 7,
        failed: 3,
        onlyParsed: 2,
        onlyParsedHinted: 2,
        storePrefixes: new Set(['https://example.com/']),
      }),
      run(),
      {
        onlyParsed: 2,
        onlyParsedHint:
          'their schemas are not in the store: map their URLs to local copies with --schema-store https://example.com/=<folder>',
        storePrefixes: ['https://example.com/'],
        onlyParsedHinted: 2,
      },
    ],
    [
      'files only parsed, some of them for another reason: the hint says how many it is about',
      counts({
        passed: 7,
        failed: 3,
        onlyParsed: 3,
        onlyParsedHinted: 1,
        storePrefixes: new Set(['https://example.com/']),
      }),
      run(),
      {
        onlyParsed: 3,
        onlyParsedHint:
          '1 of them because its schema is not in the store: map its URL to a local copy with --schema-store https://example.com/=<folder>; the other 2 for other reasons (--verbose says why)',
        storePrefixes: ['https://example.com/'],
        onlyParsedHinted: 1,
      },
    ],
    [
      'files only parsed, none of them for want of a store: no hint',
      counts({ passed: 7, failed: 3, onlyParsed: 2 }),
      run(),
      { onlyParsed: 2 },
    ],
    [
      'a shard, the cache (with the files from it by their verdict), the checks across files, the suppressions',
      counts({ passed: 7, failed: 3, cached: { passed: 1, failed: 2 } }),
      run({
        shard: { index: 1, count: 2, total: 20 },
        cache: { hits: 3 },
        acrossFiles: { checked: true },
        suppressions: { suppressed: 1 },
      }),
      {
        shard: { index: 1, count: 2, total: 20 },
        cache: { hits: 3, passed: 1, failed: 2 },
        acrossFiles: { checked: true },
        suppressions: { suppressed: 1 },
      },
    ],
  ];
  for (const [why, tally, facts, fields] of rows)
    assert.deepEqual(summarize(tally, facts), { ...base, ...fields }, why);
  // The order of its fields is the json report's.
  const full = summarize(
    counts({ onlyParsed: 1, onlyParsedHinted: 1, storePrefixes: new Set(['p']), unusableSchemas: new Set(['u']) }),
    run({ shard: {}, cache: {}, maxWarnings: 1, acrossFiles: {}, suppressions: {} }),
  );
  assert.deepEqual(Object.keys(full), [
    'total',
    'passed',
    'failed',
    'skipped',
    'onlyParsed',
    'onlyParsedHint',
    'storePrefixes',
    'onlyParsedHinted',
    'unchecked',
    'bailed',
    'interrupted',
    'durationMs',
    'plan',
    'unusableSchemas',
    'shard',
    'cache',
    'warnings',
    'maxWarnings',
    'acrossFiles',
    'suppressions',
  ]);
});

test('setsLeft: the rule sets of the files not taken yet that the sample did not prepare', () => {
  const a = [0];
  const b = [1];
  const c = [0, 1];
  const toCheck = [a, a, b, b, c, c, a].map((rules, i) => ({ rel: `f${i}`, rules }));
  const rows = [
    // remaining, prepared ─▶ sets left
    [7, [], 3],
    [3, [], 2], // c's two files, and a's last: c and a
    [3, [a], 1],
    [2, [a, c], 0],
    [0, [], 0],
  ];
  for (const [remaining, prepared, left] of rows)
    assert.equal(
      setsLeft(toCheck, remaining, { prepared: new Set(prepared) }),
      left,
      JSON.stringify({ remaining, prepared }),
    );
});

test('mayHang and mayCheckAcrossFiles: what the rules and the config say of a run before it starts', () => {
  const rule = (more = {}) => ({ validators: [], ...more });
  const hangRows = [
    // config, rules ─▶ what may hang
    [{ chaos: null, fileTimeoutGiven: false }, [rule()], undefined],
    [{ chaos: { kind: 'hang' }, fileTimeoutGiven: false }, [rule()], "the chaos monkey's hangs"],
    [{ chaos: { kind: 'throw' }, fileTimeoutGiven: true }, [rule()], undefined],
    [{ chaos: null, fileTimeoutGiven: false }, [rule({ validators: ['./v.js'] })], undefined],
    [{ chaos: null, fileTimeoutGiven: true }, [rule(), rule({ validators: ['./v.js'] })], 'custom validators'],
  ];
  for (const [config, rules, why] of hangRows)
    assert.equal(mayHang(config, rules), why, JSON.stringify({ config, rules }));
  const acrossRows = [
    [[rule()], false],
    [[rule(), rule({ unique: ['/id'] })], true],
    [[rule({ references: [] })], true],
    [[rule({ sameKeysAs: 'en.json' })], true],
    [[rule({ validators: ['./v.js'] })], true], // a validator module may export a check across files
  ];
  for (const [rules, may] of acrossRows) assert.equal(mayCheckAcrossFiles(rules), may, JSON.stringify(rules));
});
