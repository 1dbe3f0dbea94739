// action.yml, run as the GitHub runner runs a composite action: each step's `run` script through
// `bash --noprofile --norc -eo pipefail`, in the workspace, with the step's `env` (the only way the
// inputs reach it) and the runner's variables.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { REPO, cliEnv, makeTree, writeTree, parseJsonReport } from '../helpers/cli.js';

const action = parse(fs.readFileSync(path.join(REPO, 'action.yml'), 'utf8'));
const steps = action.runs.steps;
const installStep = steps.find((step) => /\bnpm ci\b/.test(step.run));
const runStep = steps.find((step) => step.run.includes('bin/filecheck.js'));

const WORKSPACE = {
  '.filecheckrc.json': JSON.stringify({ rules: [{ files: ['data/**/*.json'], require: ['title:string'] }] }),
  'data/good.json': '{\n  "title": "fine"\n}\n',
  'data/broken.json': '{\n  "title": "trailing comma",\n}\n',
  'data/missing.json': '{\n  "name": "no title"\n}\n',
};

/** The step's env with `${{ inputs.x }}` evaluated as the runner would: the given value as a string, else the input's default. */
function stepEnv(step, inputs) {
  for (const name of Object.keys(inputs)) assert.ok(name in action.inputs, `action.yml declares no input "${name}"`);
  return Object.fromEntries(
    Object.entries(step.env ?? {}).map(([variable, expression]) => {
      const input = /^\$\{\{\s*inputs\.([\w-]+)\s*\}\}$/.exec(expression)?.[1];
      assert.ok(input, `env ${variable} must be exactly \${{ inputs.<name> }}, found ${expression}`);
      return [variable, String(inputs[input] ?? action.inputs[input].default ?? '')];
    }),
  );
}

/**
 * Runs one step of the action. `actionPath` is where the action was checked out (this repository).
 * @returns {Promise<{ code: number | null, stdout: string, stderr: string, summary: string }>}
 */
function runStepAs(t, step, { workspace, inputs = {}, actionPath = REPO, cwd = workspace }) {
  const runner = makeTree(t, { 'step-summary.md': '' }); // RUNNER_TEMP
  const summaryFile = path.join(runner, 'step-summary.md');
  const script = path.join(runner, 'step.sh');
  fs.writeFileSync(script, step.run);
  const env = cliEnv({
    NO_COLOR: undefined,
    GITHUB_ACTIONS: 'true',
    GITHUB_WORKSPACE: workspace,
    GITHUB_ACTION_PATH: actionPath,
    GITHUB_STEP_SUMMARY: summaryFile,
    RUNNER_TEMP: runner,
    ...stepEnv(step, inputs),
  });
  const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, summary: fs.readFileSync(summaryFile, 'utf8') }));
  });
}

const runAction = (t, options) => runStepAs(t, runStep, options);
const example = (name) => parse(fs.readFileSync(path.join(REPO, 'examples/github', name), 'utf8'));
/** The steps of a workflow job that use this action. */
const actionSteps = (job) => job.steps.filter((step) => /^filecheck\/filecheck@/.test(step.uses));

test('action.yml: a composite action whose install is a step of its own, with inputs reaching bash only through env', () => {
  assert.equal(action.runs.using, 'composite');
  assert.deepEqual(Object.keys(action.inputs).sort(), ['args', 'bail', 'config', 'patterns']);
  for (const [name, input] of Object.entries(action.inputs)) {
    assert.ok(input.description, `input ${name} has a description`);
    assert.equal(input.required, false, `input ${name} is optional`);
  }
  assert.deepEqual(steps, [installStep, runStep], 'two steps: install, then run');
  assert.equal(installStep.shell, 'bash');
  assert.equal(installStep['working-directory'], '${{ github.action_path }}');
  assert.match(installStep.run, /^npm ci --omit=dev\b/);
  assert.equal(runStep.shell, 'bash');
  assert.equal(runStep['working-directory'], undefined, 'filecheck runs in the workspace');
  // Script injection: an expression inside a script is pasted into bash before bash parses it.
  for (const step of steps) assert.doesNotMatch(step.run, /\$\{\{/, `no expression in the script of "${step.name}"`);
  const used = Object.values(runStep.env).map((expression) => /inputs\.([\w-]+)/.exec(expression)?.[1]);
  assert.deepEqual(used.sort(), Object.keys(action.inputs).sort(), 'every input reaches the script');
});

// Needs the github reporter (branch i4-reporters): annotations on stdout, a Markdown step summary.
test('the action annotates each problem, appends a step summary, and fails the step with exit code 1', async (t) => {
  const workspace = makeTree(t, WORKSPACE);
  const { code, stdout, stderr, summary } = await runAction(t, { workspace });
  assert.equal(code, 1, stderr);
  const annotations = stdout.split('\n').filter((line) => line.startsWith('::error '));
  assert.equal(annotations.length, 2, stdout);
  assert.match(
    annotations[0],
    /^::error file=data\/broken\.json,line=3,col=1,title=filecheck \(parse\)::invalid JSON\b/,
  );
  assert.equal(
    annotations[1],
    '::error file=data/missing.json,line=1,col=1,title=filecheck (require)::missing required key "title"',
  );
  assert.match(summary, /data\/broken\.json/);
  assert.match(summary, /data\/missing\.json/);
});

test('patterns are one per line, spaces kept; args are split on whitespace; both reach filecheck as written', async (t) => {
  const workspace = makeTree(t, {
    ...WORKSPACE,
    'data/with space.json': '{"title": "x"}',
    'data/[1].json': '{"title": "x"}',
  });
  const { code, stdout, stderr } = await runAction(t, {
    workspace,
    inputs: {
      patterns: '\n  data/with space.json  \n\ndata/[1].json\ndata/g*.json\n',
      args: '--list-files\n  --quiet',
    },
  });
  assert.equal(code, 0, stderr);
  assert.equal(stdout, 'data/[1].json\ndata/good.json\ndata/with space.json\n');
});

test('the inputs are data, never shell code', async (t) => {
  const workspace = makeTree(t, WORKSPACE);
  const payload = '$(touch pwned)`touch pwned`"; touch pwned; #\'';
  const runs = {
    patterns: await runAction(t, { workspace, inputs: { patterns: payload } }),
    config: await runAction(t, { workspace, inputs: { config: payload } }),
    args: await runAction(t, { workspace, inputs: { args: `data/good.json ${payload}` } }),
    bail: await runAction(t, { workspace, inputs: { bail: payload } }),
  };
  for (const [input, { code, stderr }] of Object.entries(runs)) {
    assert.equal(code, 2, `${input}: ${stderr}`);
    assert.ok(stderr.includes('$(touch'), `${input}: the value is quoted back as written: ${stderr}`);
  }
  assert.equal(fs.existsSync(path.join(workspace, 'pwned')), false);
});

test('config and bail inputs become --config and --bail; a usage error exits 2 with one line', async (t) => {
  const workspace = makeTree(t, {
    ...WORKSPACE,
    'ci/names.json': JSON.stringify({ rules: [{ files: ['../data/**/*.json'], require: ['name'] }] }),
  });
  const withConfig = await runAction(t, {
    workspace,
    inputs: { config: 'ci/names.json', args: '-r json:report.json' },
  });
  assert.equal(withConfig.code, 1, withConfig.stderr);
  const report = parseJsonReport(fs.readFileSync(path.join(workspace, 'report.json'), 'utf8'));
  assert.deepEqual(
    report.files.map((file) => file.path),
    ['data/broken.json', 'data/good.json'],
  );

  const bailed = await runAction(t, { workspace, inputs: { bail: '1', args: '-r json:report.json' } });
  assert.equal(bailed.code, 1, bailed.stderr);
  const { summary } = parseJsonReport(fs.readFileSync(path.join(workspace, 'report.json'), 'utf8'));
  assert.deepEqual([summary.failed, summary.bailed], [1, true]);
  const notBailed = await runAction(t, { workspace, inputs: { bail: 'false', args: '-r json:report.json' } });
  assert.equal(notBailed.code, 1, notBailed.stderr);
  assert.equal(parseJsonReport(fs.readFileSync(path.join(workspace, 'report.json'), 'utf8')).summary.failed, 2);

  const badBail = await runAction(t, { workspace, inputs: { bail: 'soon' } });
  assert.equal(badBail.code, 2);
  assert.equal(badBail.stderr, 'filecheck: the action\'s bail input must be a number, true or false, not "soon"\n');
  const unknownFlag = await runAction(t, { workspace, inputs: { args: '--frobnicate' } });
  assert.equal(unknownFlag.code, 2);
  assert.match(unknownFlag.stderr, /^filecheck: .*frobnicate/);
  const passing = await runAction(t, { workspace, inputs: { patterns: 'data/good.json' } });
  assert.equal(passing.code, 0, passing.stdout + passing.stderr);
});

// The action as a user gets it: its files (package.json "files") and the lockfile, installed by the
// install step without devDependencies. npm's cache, filled by this checkout's own `npm ci`, serves it.
test('the install step installs filecheck from the lockfile without devDependencies, and the run step works from there', async (t) => {
  const { files } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  const checkout = makeTree(t);
  for (const name of [...files, 'package.json', 'package-lock.json', 'action.yml']) {
    fs.cpSync(path.join(REPO, name), path.join(checkout, name), { recursive: true });
  }
  const workspace = makeTree(t, WORKSPACE);
  const install = await runStepAs(t, installStep, { workspace, actionPath: checkout, cwd: checkout, inputs: {} });
  assert.equal(install.code, 0, install.stderr);
  for (const dependency of ['ajv', 'yaml', 'smol-toml'])
    assert.ok(
      fs.existsSync(path.join(checkout, 'node_modules', dependency)),
      `${dependency}, a dependency, is installed`,
    );
  assert.ok(!fs.existsSync(path.join(checkout, 'node_modules/saxes')), 'devDependencies are not');

  writeTree(workspace, { 'data/broken.json': '{"title": "fixed"}' });
  const run = await runAction(t, {
    workspace,
    actionPath: checkout,
    inputs: { patterns: 'data/good.json\ndata/broken.json' },
  });
  assert.equal(run.code, 0, run.stdout + run.stderr);
});

test('the example workflows gate pull_request with a read-only token and give the action only inputs it declares', () => {
  for (const name of ['filecheck.yml', 'filecheck-sharded.yml']) {
    const workflow = example(name);
    assert.ok('pull_request' in workflow.on, `${name} runs on pull_request`);
    assert.ok(!('pull_request_target' in workflow.on), `${name} never runs a fork's code with secrets`);
    assert.deepEqual(workflow.permissions, { contents: 'read' }, name);
    for (const step of Object.values(workflow.jobs).flatMap(actionSteps)) {
      for (const input of Object.keys(step.with ?? {}))
        assert.ok(input in action.inputs, `${name}: input "${input}" is declared by action.yml`);
    }
  }
  const sharded = example('filecheck-sharded.yml');
  assert.deepEqual(sharded.jobs.shard.strategy.matrix.shard, [1, 2, 3]);
  assert.match(
    actionSteps(sharded.jobs.shard)[0].with.args,
    /^--shard \$\{\{ matrix\.shard \}\}\/3 --output-file report-\$\{\{ matrix\.shard \}\}\.json$/,
  );
  assert.equal(sharded.jobs.gate.needs, 'shard');
  const [merge] = actionSteps(sharded.jobs.gate);
  assert.equal(merge.with.args, 'merge reports/report-1.json reports/report-2.json reports/report-3.json');
});

test("the pull request example's inputs run through the action: its patterns check content/ and locales/", async (t) => {
  const [step] = actionSteps(example('filecheck.yml').jobs.filecheck);
  const workspace = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [{ files: ['content/**/*.json', 'locales/*.json'], require: ['title'] }],
    }),
    'content/en/a.json': '{"title": "a"}',
    'locales/en.json': '{"greeting": "hi"}',
    'other/c.json': '{ not json',
  });
  const { code, stdout, stderr } = await runAction(t, { workspace, inputs: { ...step.with, args: '--list-files' } });
  assert.equal(code, 0, stderr);
  assert.equal(stdout, 'content/en/a.json\nlocales/en.json\n');
  const run = await runAction(t, { workspace, inputs: step.with });
  assert.equal(run.code, 1, 'locales/en.json has no title');
});

// npm's ranges as package.json writes them: `a || b`, each `^x.y.z` or `>=x.y.z` (all this file needs).
function satisfies(version, range) {
  const parts = (text) => text.split('.').map(Number);
  const compare = (a, b) => a.reduce((order, part, index) => order || part - b[index], 0);
  return range.split('||').some((alternative) => {
    const [, operator, bound] =
      /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative) ?? assert.fail(`unread range ${alternative}`);
    const [low, actual] = [[...parts(bound), 0, 0].slice(0, 3), parts(version)];
    return compare(actual, low) >= 0 && (operator === '>=' || actual[0] === low[0]);
  });
}

test("package.json's engines refuse a Node without require(esm) (before 20.19, and 22 before 22.12), so the action's --engine-strict install fails there as the README says", () => {
  const { engines } = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));
  for (const version of ['20.19.0', '20.20.2', '22.12.0', '23.0.0', '24.1.0'])
    assert.ok(satisfies(version, engines.node), `${version} is allowed by ${engines.node}`);
  for (const version of ['18.20.0', '20.18.3', '21.7.0', '22.0.0', '22.11.0'])
    assert.ok(!satisfies(version, engines.node), `${version} is refused by ${engines.node}`);
});
