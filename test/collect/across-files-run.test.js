// collect/across-files-run.js: a run's results held for the checks across files come back in the
// run's order, whether they were taken in it or as they came (work-queue.js, `ordered: false`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acrossFilesRun } from '../../runner/collect/across-files-run.js';

const NAMES = ['a', 'b', 'c', 'd', 'e'];
const collector = { rule: 0, key: 'seen', name: 'seen', collect: () => true, checkAll: () => [] };
const config = { rules: [{ id: 0, name: 'pages', files: ['*.json'], ignore: [] }], cwd: '/nowhere', patterns: [] };
const files = NAMES.map((name) => ({ rel: `${name}.json`, path: `/nowhere/${name}.json`, rules: [0] }));
const result = (name, problems = []) => ({
  path: `${name}.json`,
  status: problems.length ? 'fail' : 'pass',
  problems,
  durationMs: NAMES.indexOf(name),
  facts: [{ rule: 0, key: 'seen', json: JSON.stringify(name) }],
});
const bad = { validator: 'own', message: 'bad', kind: 'invalid' };

function finished(takes) {
  const run = acrossFilesRun(new Map([[0, [collector]]]), config, { files, display: (file) => file });
  for (const [name, place, problems] of takes) run.take(result(name, problems), place);
  const { results, summary } = run.finish({ stopped: false });
  return { results: [...results].map(({ path, status, durationMs }) => [path, status, durationMs]), summary };
}

const IN_ORDER = [
  ['a.json', 'pass', 0],
  ['b.json', 'fail', 1],
  ['c.json', 'pass', 2],
  ['d.json', 'pass', 3],
  ['e.json', 'pass', 4],
];

test('results taken in order come back in that order', () => {
  const { results, summary } = finished([
    ['a', 0],
    ['b', 1, [bad]],
    ['c', 2],
    ['d', 3],
    ['e', 4],
  ]);
  assert.deepEqual(results, IN_ORDER);
  assert.equal(summary.checked, true);
});

test('results taken as they came, each with its place, come back in the run order, plain passes and failures alike', () => {
  const { results, summary } = finished([
    ['d', 3],
    ['b', 1, [bad]],
    ['e', 4],
    ['a', 0],
    ['c', 2],
  ]);
  assert.deepEqual(results, IN_ORDER);
  assert.equal(summary.checked, true);
});
