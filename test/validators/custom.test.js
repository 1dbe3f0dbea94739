// validators/custom.js through the command line: a validator module's name, as reports show it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeTree, parseJsonReport, runCli } from '../helpers/cli.js';

const PROBLEM = '[{ message: "bad", pointer: "/a" }]';

test("a validator module's name is its exported name; an empty one, or one that is no string, is its file's", async (t) => {
  const dir = makeTree(t, {
    'x.json': '{"a":1}\n',
    // A function's name is read-only: the assignment does nothing, and the name stays "".
    'assigned.cjs': `module.exports = (doc) => ${PROBLEM};\nmodule.exports.name = "named";\n`,
    'defined.cjs': `module.exports = (doc) => ${PROBLEM};\nObject.defineProperty(module.exports, 'name', { enumerable: true, value: 'named' });\n`,
    'empty.mjs': `export const name = '';\nexport default () => ${PROBLEM};\n`,
    'blank.mjs': `export const name = '  ';\nexport default () => ${PROBLEM};\n`,
    'number.mjs': `export const name = 7;\nexport default () => ${PROBLEM};\n`,
    'given.mjs': `export const name = 'given-name';\nexport default () => ${PROBLEM};\n`,
  });
  const cases = [
    ['assigned.cjs', 'assigned'],
    ['defined.cjs', 'named'],
    ['empty.mjs', 'empty'],
    ['blank.mjs', 'blank'],
    ['number.mjs', 'number'],
    ['given.mjs', 'given-name'],
  ];
  for (const [module, name] of cases) {
    const human = await runCli(['x.json', '--validator', `./${module}`], { cwd: dir });
    assert.equal(human.code, 1, human.stderr);
    assert.match(human.stdout, new RegExp(`^ FAIL  x\\.json  \\(${name}\\)\\n  x\\.json:1:6  /a: bad\\n`), module);
    const json = await runCli(['x.json', '--validator', `./${module}`, '-r', 'json'], { cwd: dir });
    assert.equal(parseJsonReport(json.stdout).files[0].problems[0].validator, name, module);
  }
});
