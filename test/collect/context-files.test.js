// Which rules a run of some files reads and checks (rulesInPlay): those its files are in, those whose
// checks read one of them, and the rules those read, over and over; no other.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rulesInPlay } from '../../runner/collect/context-files.js';

// 0 unique alone; 1 references 2, which references 3; 4 references itself; 5 has no collectors.
const collectors = new Map([
  [0, [{ key: 'unique' }]],
  [1, [{ key: 'references', reads: [2] }]],
  [2, [{ key: 'values:/id' }, { key: 'references', reads: [3] }]],
  [3, [{ key: 'values:/id' }]],
  [4, [{ key: 'references', reads: [4] }, { key: 'values:/id' }]],
]);

test('the rules in play: own, readers of a touched rule, and what those read, transitively', () => {
  const cases = [
    [[], []],
    [[5], []], // a rule without checks across files
    [[0], [0]],
    [[1], [1, 2, 3]], // what 1 reads, and what that reads
    [[2], [1, 2, 3]], // 1 reads 2: a change to 2 may break 1
    [[3], [2, 3]], // 2 reads 3; 1 reads 2's values, which a change to 3 leaves as they were
    [[4], [4]],
    [
      [0, 4, 5],
      [0, 4],
    ],
  ];
  for (const [touched, expected] of cases) {
    const got = [...rulesInPlay(collectors, new Set(touched))].sort();
    assert.deepEqual(got, expected, `touched ${touched}`);
  }
});
