// What the cache records and how a record is read back (runner/cache/cache-records.js), as tables:
// the record of a result, a first run's records settled, a rule set's fingerprint, a hit's result,
// and which runs replace every record stored.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  hitResult,
  meetsEveryFile,
  recordOf,
  setFingerprint,
  settledChecks,
} from '../../runner/cache/cache-records.js';
import { sha256 } from '../../shared/sha256.js';

const QUEUED = { key: 'a.json', size: 10, mtimeMs: 100, ctimeMs: 200, fingerprint: 'rules' };
const invalid = { validator: 'json-schema', message: 'bad', kind: 'invalid' };
const passed = { path: 'a.json', status: 'pass', problems: [], durationMs: 1, hash: 'h' };
const failed = { ...passed, status: 'fail', problems: [invalid] };

test('recordOf: a verdict the content decides is recorded with its checks, problems, --verbose, facts and code frames; anything else is not', () => {
  const rows = [
    // what, result, queued, code frames ─▶ record (null: not recorded)
    ['a pass', passed, QUEUED, false, [10, 100, 200, 'h', 'rules', null, null, null, null]],
    ['a pass with code frames on', passed, QUEUED, true, [10, 100, 200, 'h', 'rules', null, null, null, null]],
    ['a failure', failed, QUEUED, false, [10, 100, 200, 'h', 'rules', [invalid], null, null, null]],
    ['a failure with code frames', failed, QUEUED, true, [10, 100, 200, 'h', 'rules', [invalid], null, null, true]],
    [
      'a failure worded by --verbose',
      { ...failed, alternatives: true },
      QUEUED,
      false,
      [10, 100, 200, 'h', 'rules', [invalid], true, null, null],
    ],
    [
      'a pass with facts',
      { ...passed, facts: [{ slug: 'a' }] },
      QUEUED,
      false,
      [10, 100, 200, 'h', 'rules', null, null, [{ slug: 'a' }], null],
    ],
    [
      'schemas the file chose',
      { ...passed, schemas: ['s1', 's2'] },
      QUEUED,
      false,
      [10, 100, 200, 'h', 'rules s1 s2', null, null, null, null],
    ],
    [
      'a first run: the rule set, fingerprinted later',
      { ...passed, schemas: ['s1'] },
      { ...QUEUED, fingerprint: [0, 1] },
      false,
      [10, 100, 200, 'h', { set: [0, 1], schemas: ['s1'] }, null, null, null, null],
    ],
    ['no hash (a check that timed out or died)', { ...passed, hash: undefined }, QUEUED, false, null],
    ['an unreadable file', { ...failed, problems: [{ ...invalid, kind: 'io' }] }, QUEUED, false, null],
    ['a validator that threw', { ...failed, problems: [invalid, { ...invalid, kind: 'error' }] }, QUEUED, false, null],
    ['a timeout', { ...failed, problems: [{ ...invalid, kind: 'timeout' }] }, QUEUED, false, null],
    [
      'a parse error',
      { ...failed, problems: [{ ...invalid, kind: 'parse' }] },
      QUEUED,
      false,
      [10, 100, 200, 'h', 'rules', [{ ...invalid, kind: 'parse' }], null, null, null],
    ],
    [
      '200 problems',
      { ...failed, problems: Array(200).fill(invalid) },
      QUEUED,
      false,
      [10, 100, 200, 'h', 'rules', Array(200).fill(invalid), null, null, null],
    ],
    ['201 problems', { ...failed, problems: Array(201).fill(invalid) }, QUEUED, false, null],
  ];
  for (const [what, result, queued, codeFrame, record] of rows)
    assert.deepEqual(recordOf(result, queued, codeFrame), record, what);
});

test("settledChecks: a first run's rule set becomes its fingerprint, then the schemas it chose; a set without one drops the record", () => {
  const fingerprints = new Map([
    ['set0', 'f0'],
    ['set1', null],
  ]);
  const rows = [
    // checks recorded ─▶ checks settled
    ['rules s1', 'rules s1'], // fingerprinted already (a warm run)
    [{ set: 'set0' }, 'f0'],
    [{ set: 'set0', schemas: ['s1', 's2'] }, 'f0 s1 s2'],
    [{ set: 'set1' }, null],
    [{ set: 'set1', schemas: ['s1'] }, null],
  ];
  for (const [checks, settled] of rows)
    assert.equal(
      settledChecks(checks, (set) => fingerprints.get(set)),
      settled,
      JSON.stringify(checks),
    );
});

test('setFingerprint: the SHA-256 of its rules’ fingerprints, in its order; none when a rule has none', () => {
  const of = (id) => ['a', 'b', null][id];
  const rows = [
    // set ─▶ fingerprint
    [[0], sha256(JSON.stringify(['a']))],
    [[0, 1], sha256(JSON.stringify(['a', 'b']))],
    [[1, 0], sha256(JSON.stringify(['b', 'a']))],
    [[0, 2], null],
  ];
  for (const [set, fingerprint] of rows) assert.equal(setFingerprint(set, of), fingerprint, set.join(' '));
  assert.notEqual(setFingerprint([0, 1], of), setFingerprint([1, 0], of));
});

test('hitResult: a pass or a failure with the problems and facts recorded, marked cached (and context: read only for the checks across files)', () => {
  const rows = [
    // entry, record ─▶ result
    [
      { rel: 'a.json' },
      [10, 100, 200, 'h', 'rules'],
      { path: 'a.json', status: 'pass', problems: [], durationMs: 0, cached: true },
    ],
    [
      { rel: 'a.json' },
      [10, 100, 200, 'h', 'rules', [invalid]],
      { path: 'a.json', status: 'fail', problems: [invalid], durationMs: 0, cached: true },
    ],
    [
      { rel: 'a.json' },
      [10, 100, 200, 'h', 'rules', [{ ...invalid, severity: 'warning' }]],
      { path: 'a.json', status: 'pass', problems: [{ ...invalid, severity: 'warning' }], durationMs: 0, cached: true },
    ],
    [
      { rel: 'a.json', context: true },
      [10, 100, 200, 'h', 'rules', null, null, [{ slug: 'a' }]],
      {
        path: 'a.json',
        status: 'pass',
        problems: [],
        durationMs: 0,
        cached: true,
        facts: [{ slug: 'a' }],
        context: true,
      },
    ],
  ];
  for (const [entry, record, result] of rows)
    assert.deepEqual(hitResult(entry, record), result, JSON.stringify(record));
});

test('meetsEveryFile: only a whole run, without patterns, --changed or --shard, replaces every record stored', () => {
  const rows = [
    // config, partial (a --watch re-run) ─▶ meets every file
    [{ patterns: [] }, false, true],
    [{ patterns: [] }, true, false],
    [{ patterns: ['docs/**'] }, false, false],
    [{ patterns: [], changed: { base: 'HEAD' } }, false, false],
    [{ patterns: [], shard: { index: 1, count: 2 } }, false, false],
  ];
  for (const [config, partial, meets] of rows)
    assert.equal(meetsEveryFile(config, partial), meets, JSON.stringify([config, partial]));
});
