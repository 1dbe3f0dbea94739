// A thread keeps a bounded number of compiled schemas (runner/check/compile-rules.js): a repository with
// a schema per configuration file does not hold them all; one asked for again is compiled again,
// with the same verdict and its warnings said once.
import test from 'node:test';
import assert from 'node:assert/strict';
import { makeTree, runCli, parseJsonReport } from '../helpers/cli.js';

const RULES = 40; // more than a thread keeps

function tree() {
  const files = {};
  const rules = [];
  for (let i = 0; i < RULES; i++) {
    const n = String(i).padStart(2, '0');
    files[`schemas/s${n}.json`] = JSON.stringify({
      type: 'object',
      required: [`k${n}`],
      properties: { [`k${n}`]: { type: 'integer' } },
      [`x${n}`]: true,
    });
    files[`data/${n}/ok.json`] = JSON.stringify({ [`k${n}`]: 1 });
    files[`data/${n}/bad.json`] = JSON.stringify({ [`k${n}`]: 'no' });
    // The first rule's schema is needed again by the last files, after every other one was compiled.
    rules.push({
      name: `r${n}`,
      files: i === 0 ? [`data/${n}/*.json`, 'data/zz/*.json'] : [`data/${n}/*.json`],
      schema: `schemas/s${n}.json`,
    });
  }
  files['data/zz/late.json'] = JSON.stringify({ k00: 'late' });
  files['.filecheckrc.json'] = JSON.stringify({ rules });
  return files;
}

for (const workers of ['0', '2']) {
  test(`${RULES} schemas, one needed again at the end: same verdicts, each schema's warning said once (--workers ${workers})`, async (t) => {
    const dir = makeTree(t, tree());
    const { code, stdout, stderr } = await runCli(['--workers', workers, '-r', 'json'], { cwd: dir });
    assert.equal(code, 1, stderr);
    const report = parseJsonReport(stdout);
    assert.equal(report.summary.total, 2 * RULES + 1);
    assert.deepEqual(
      report.files.map(({ path }) => path),
      [...Array.from({ length: RULES }, (_, i) => `data/${String(i).padStart(2, '0')}/bad.json`), 'data/zz/late.json'],
    );
    assert.deepEqual(
      report.files.at(-1).problems.map(({ message }) => message),
      ['must be integer'],
    );
    const warnings = stderr.split('\n').filter((line) => line.includes('unknown keyword'));
    assert.equal(warnings.length, RULES, stderr);
    assert.equal(new Set(warnings).size, RULES);
  });
}
