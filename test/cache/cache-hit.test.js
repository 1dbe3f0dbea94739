// The cache's hit test (runner/cache/cache-hit.js), as a table: what lets a recorded result stand.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cacheHit } from '../../runner/cache/cache-hit.js';

const STATS = { size: 10, mtimeMs: 100, ctimeMs: 200 };
const PASS = [10, 100, 200, 'hash', 'rules']; // a pass: size, times, SHA-256, checks
const current = (key) => key !== 'stale';

test('cacheHit: the same checks, the same size, then the same times (metadata) or content; a tracked file or another --verbose or code frames setting is checked', () => {
  const rows = [
    // what differs from a hit, the record, the file now ─▶ verdict, whether the content was read
    ['nothing', PASS, {}, 'hit', false],
    ['no record', undefined, {}, 'miss', false],
    ['--watch tracks the file', PASS, { tracked: true }, 'miss', false],
    ['the rules changed', PASS, { fingerprint: 'other' }, 'miss', false],
    ['the schemas it chose are current', [10, 100, 200, 'hash', 'rules s1 s2'], {}, 'hit', false],
    ['a schema it chose changed', [10, 100, 200, 'hash', 'rules s1 stale'], {}, 'miss', false],
    ['a fingerprint that only starts the same', [10, 100, 200, 'hash', 'rulesX'], {}, 'miss', false],
    [
      'a failure worded without --verbose, run with it',
      [10, 100, 200, 'hash', 'rules', [], false],
      { verbose: true },
      'miss',
      false,
    ],
    [
      'a failure worded with --verbose, run with it',
      [10, 100, 200, 'hash', 'rules', [], true],
      { verbose: true },
      'hit',
      false,
    ],
    [
      'a failure recorded without code frames, run with them',
      [10, 100, 200, 'hash', 'rules', [{}]],
      { codeFrame: true },
      'miss',
      false,
    ],
    [
      'a failure recorded with code frames, run without them',
      [10, 100, 200, 'hash', 'rules', [{}], null, null, true],
      {},
      'miss',
      false,
    ],
    [
      'a failure recorded with code frames, run with them',
      [10, 100, 200, 'hash', 'rules', [{}], null, null, true],
      { codeFrame: true },
      'hit',
      false,
    ],
    ['a pass, run with code frames', PASS, { codeFrame: true }, 'hit', false],
    ['another size', PASS, { stats: { ...STATS, size: 11 } }, 'miss', false],
    ['new times, the same content', PASS, { stats: { ...STATS, mtimeMs: 101 } }, 'hit-retimed', true],
    ['new times, other content', PASS, { stats: { ...STATS, ctimeMs: 201 }, hash: 'other' }, 'miss', true],
    ['unreadable now', PASS, { stats: { ...STATS, mtimeMs: 101 }, hash: null }, 'miss', true],
    ['the content strategy reads the same times too', PASS, { strategy: 'content' }, 'hit', true],
    ['the content strategy, other content', PASS, { strategy: 'content', hash: 'other' }, 'miss', true],
  ];
  for (const [why, record, file, verdict, reads] of rows) {
    let read = false;
    const given = {
      stats: STATS,
      fingerprint: 'rules',
      verbose: false,
      strategy: 'metadata',
      tracked: false,
      isCurrent: current,
      hash: 'hash',
      ...file,
    };
    const readHash = () => {
      read = true;
      return given.hash;
    };
    assert.equal(cacheHit(record, { ...given, readHash }), verdict, why);
    assert.equal(read, reads, `${why}: read the content`);
  }
});
