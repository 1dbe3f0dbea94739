// reporters/specs.js' REPORTERS, the one table of reporters, and every place made from it: the
// config schema's names and the `name:file` pattern (scripts/build-config-validator.js writes
// them), the --reporter and --output-file help lines, and what a row says of its output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { DOCUMENT_NAMES, REPORTER_NAMES, REPORTERS, resolveReporters } from '../../reporters/specs.js';
import { OPTIONS } from '../../runner/cli/options.js';
import validate from '../../schema/filecheckrc.validate.js';

const REPO = path.join(import.meta.dirname, '../..');
const require = createRequire(path.join(REPO, 'reporters/index.js'));
const context = { cwd: REPO, base: REPO, env: {} };
const resolve = (specs, outputFile) => resolveReporters(specs, { ...context, outputFile });

test("the reporter names and the documents are REPORTERS', in its order", () => {
  assert.deepEqual(REPORTER_NAMES, Object.keys(REPORTERS));
  assert.deepEqual(
    DOCUMENT_NAMES,
    REPORTER_NAMES.filter((name) => REPORTERS[name].document),
  );
});

test("the config schema's reporters are REPORTERS' (npm run build:config-validator writes them)", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(REPO, 'schema/filecheckrc.schema.json'), 'utf8'));
  const [names, withFile] = schema.properties.reporters.items.anyOf;
  assert.deepEqual(names.enum, REPORTER_NAMES);
  const takingFiles = REPORTER_NAMES.filter((name) => !REPORTERS[name].noFile);
  assert.equal(withFile.pattern, `^(${takingFiles.join('|')}):.+$`);
  const config = (reporter) => ({ rules: [], reporters: [reporter] });
  for (const name of REPORTER_NAMES) {
    assert.equal(validate(config(name)), true, name);
    assert.equal(validate(config(`${name}:out/report`)), !REPORTERS[name].noFile, `${name}:file`);
  }
  assert.equal(validate(config('no-such-reporter')), false, 'a reporter REPORTERS does not have');
});

test("--reporter names every reporter, --output-file every document, in REPORTERS' order", () => {
  assert.ok(OPTIONS.reporter.describe.startsWith(`Reporter: ${REPORTER_NAMES.join(', ')}; `));
  const documents = `${DOCUMENT_NAMES.slice(0, -1).join(', ')} or ${DOCUMENT_NAMES.at(-1)}`;
  assert.ok(OPTIONS['output-file'].describe.startsWith(`File for the ${documents} reporter given without one`));
});

test("each row's create makes a reporter from its module", () => {
  const stream = { write: () => true, isTTY: false };
  const config = { cwd: REPO, quiet: false, verbose: false, color: false, reporters: [] };
  for (const [name, { module, create }] of Object.entries(REPORTERS)) {
    const output = { write: () => {}, writeAt: () => {}, end: () => {} };
    const reporter = create(require(module), { output, human: stream, stderr: stream, env: {}, config });
    assert.equal(typeof reporter.onFileResult, 'function', name);
  }
});

test('what a row says of its output is what -r and --output-file do', () => {
  for (const [name, row] of Object.entries(REPORTERS)) {
    if (row.noFile)
      assert.throws(() => resolve([`${name}:out`]), {
        message: `the ${name} reporter ${row.noFile} and takes no file: "-r ${name}", not "-r ${name}:out"`,
      });
    else assert.deepEqual(resolve([`${name}:out`]), [{ name, outputFile: path.join(REPO, 'out') }]);
    if (row.needsFile)
      assert.throws(() => resolve([name]), {
        message: `the ${name} reporter needs a file: -r ${name}:${row.example}, or --output-file ${row.example}`,
      });
    else assert.deepEqual(resolve([name]), [{ name }]);
    // --output-file is the file of the one document given without a file, and of no other report.
    const given = row.document ? [name] : [name, 'json'];
    const taker = row.document ? name : 'json';
    assert.equal(resolve(given, 'r').find((r) => r.name === taker).outputFile, path.join(REPO, 'r'), name);
    if (row.document) assert.ok(row.example, `${name}: a document has an example file for the usage errors`);
  }
});
