// runner/check/check-file.js: read once, parse once, run every validator, one FileResult.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkFile, prepareCheck } from '../../runner/check/check-file.js';

/** A file entry as discover() makes it, for a temp file holding `text`. */
function entry(t, text, rel = 'dir/doc.json') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-check-file-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'doc.json');
  if (text !== null) fs.writeFileSync(file, text);
  return { path: file, rel, rules: [0] };
}

/**
 * checkFile without its timing, which must be a time in ms measured within the call (a number of
 * ms, not NaN, not a timestamp, not in another unit); with `chaos` ({ probability, seed, kind? }),
 * the chaos monkey is on.
 */
function check(fileEntry, validators, chaos = null, options = {}) {
  const monkeyed = chaos && prepareCheck({ chaos: { kind: 'throw', ...chaos }, ...options });
  const prepared = monkeyed || prepareCheck(options);
  const before = performance.now();
  const { durationMs, ...result } = checkFile(fileEntry, validators, prepared);
  const callMs = performance.now() - before;
  assert.equal(typeof durationMs, 'number');
  assert.ok(
    Number.isFinite(durationMs) && durationMs >= 0 && durationMs <= callMs,
    `durationMs ${durationMs}: not within the ${callMs} ms of the call`,
  );
  return result;
}

const validator = (name, validate, options) => ({ name, validate, ...(options !== undefined && { options }) });
const DOC = '{\n  "title": "T",\n  "items": [\n    {"id": 1}\n  ]\n}\n';

test('a passing file: no problems, and every validator sees the parsed document and its context', (t) => {
  const file = entry(t, DOC);
  const seen = [];
  const record = (name) => validator(name, (doc, ctx) => void seen.push([name, doc, { ...ctx }]), { max: 1 });
  assert.deepEqual(check(file, [record('one'), record('two')]), { path: 'dir/doc.json', status: 'pass', problems: [] });
  const doc = { title: 'T', items: [{ id: 1 }] };
  const ctx = { path: 'dir/doc.json', absolutePath: file.path, options: { max: 1 } };
  assert.deepEqual(seen, [
    ['one', doc, ctx],
    ['two', doc, ctx],
  ]);
});

test('a throwing validator is a problem of kind error, and the other validators still run', (t) => {
  const ran = [];
  const result = check(entry(t, DOC), [
    validator('first', () => void ran.push('first')),
    validator('thrower', () => {
      throw new Error('boom');
    }),
    validator('throws-a-string', () => {
      throw 'plain'; // eslint-disable-line no-throw-literal
    }),
    validator('last', () => {
      ran.push('last');
      return ['still reported'];
    }),
  ]);
  assert.deepEqual(ran, ['first', 'last']);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'thrower', message: 'threw: boom', kind: 'error' },
      { validator: 'throws-a-string', message: 'threw: plain', kind: 'error' },
      { validator: 'last', message: 'still reported', kind: 'invalid' },
    ],
  });
});

test('a validator returning a Promise is a problem of kind error, and its rejection is not unhandled', async (t) => {
  const unhandled = [];
  const onUnhandled = (reason) => unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  t.after(() => process.off('unhandledRejection', onUnhandled));

  const result = check(entry(t, DOC), [
    validator('async-rejects', async () => {
      throw new Error('late');
    }),
    validator('async-resolves', async () => ['never read']),
    validator('sync', () => []),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'async-rejects', message: 'returned a Promise; validators must be synchronous', kind: 'error' },
    { validator: 'async-resolves', message: 'returned a Promise; validators must be synchronous', kind: 'error' },
  ]);
  assert.equal(result.status, 'fail');
  // Let the rejection settle, and any unhandled-rejection report be emitted.
  for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(unhandled, []);
});

test('strings, single problems and partial problems are normalised', (t) => {
  const result = check(entry(t, DOC), [
    validator('string', () => 'just a string'),
    validator('object', () => ({ message: 'one object', pointer: '/title' })),
    validator('list', () => [
      'a',
      { message: 'b', line: 9, column: 4 },
      { message: 42 },
      { message: 'k', kind: 'chaos', extra: 1, pointer: '/items/0/id' },
    ]),
    validator('empty', () => []),
    validator('nothing', () => undefined),
    validator('falsy', () => false),
  ]);
  // In the order of the text; those without a position after them, in the order they were found.
  assert.deepEqual(result.problems, [
    { validator: 'object', message: 'one object', kind: 'invalid', pointer: '/title', line: 2, column: 12 },
    { validator: 'list', message: 'k', kind: 'invalid', pointer: '/items/0/id', line: 4, column: 12 },
    { validator: 'list', message: 'b', kind: 'invalid', line: 9, column: 4 },
    { validator: 'string', message: 'just a string', kind: 'invalid' },
    { validator: 'list', message: 'a', kind: 'invalid' },
    { validator: 'list', message: '42', kind: 'invalid' },
  ]);
});

test("a custom validator's line and column are kept only as whole numbers from 1: code scanning refuses others", (t) => {
  const result = check(entry(t, DOC), [
    validator('v', () => [
      { message: 'line 0', line: 0, column: 3 },
      { message: 'a string', line: '2', column: 1 },
      { message: 'column 0', line: 7, column: 0 },
      { message: 'not whole', line: 1.5 },
    ]),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'v', message: 'column 0', kind: 'invalid', line: 7 },
    { validator: 'v', message: 'line 0', kind: 'invalid' },
    { validator: 'v', message: 'a string', kind: 'invalid' },
    { validator: 'v', message: 'not whole', kind: 'invalid' },
  ]);
});

test('positions are filled from pointers on failing files; a problem that names its position keeps it', (t) => {
  const result = check(entry(t, DOC), [
    validator('v', () => [
      { message: 'root', pointer: '' },
      { message: 'missing below items', pointer: '/items/0/name' },
      { message: 'placed', pointer: '/title', line: 1, column: 1 },
    ]),
  ]);
  assert.deepEqual(result.problems, [
    { validator: 'v', message: 'root', kind: 'invalid', pointer: '', line: 1, column: 1 },
    { validator: 'v', message: 'placed', kind: 'invalid', pointer: '/title', line: 1, column: 1 },
    // Placed on the nearest node that exists; its pointer says where the problem is.
    {
      validator: 'v',
      message: 'missing below items',
      kind: 'invalid',
      pointer: '/items/0/name',
      line: 4,
      column: 5,
    },
  ]);
});

test('the chaos monkey (kind throw) with probability 1 fails the file as kind chaos, after the real validators', (t) => {
  const result = check(entry(t, DOC), [validator('real', () => ['real problem'])], { probability: 1, seed: 'fixed' });
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'real', message: 'real problem', kind: 'invalid' },
      { validator: 'chaos-monkey', message: 'chaos monkey: injected throw (probability 1, seed fixed)', kind: 'chaos' },
    ],
  });
  assert.deepEqual(check(entry(t, DOC), [], { probability: 1, seed: 's' }).problems, [
    { validator: 'chaos-monkey', message: 'chaos monkey: injected throw (probability 1, seed s)', kind: 'chaos' },
  ]);
});

test('the chaos monkey does not depend on where the files live: the same rel paths in another folder get the same verdicts', (t) => {
  const chaos = { probability: 0.5, seed: 'k' };
  const rels = Array.from({ length: 40 }, (_, i) => `f${i}.json`);
  const verdicts = rels.map((rel) => check(entry(t, '{}', rel), [], chaos).status);
  const again = rels.map((rel) => check(entry(t, '{}', rel), [], chaos).status);
  assert.deepEqual(again, verdicts, 'a new temp folder each time: only the rel path decides');
  assert.ok(verdicts.includes('pass') && verdicts.includes('fail'));
});

test('invalid JSON: one parse problem with its position, and no validator runs', (t) => {
  let ran = false;
  const result = check(entry(t, '{\n  "a": 1,\n}\n'), [validator('v', () => void (ran = true))]);
  assert.equal(ran, false);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      {
        validator: 'parse',
        message: 'invalid JSON: Expected double-quoted property name',
        line: 3,
        column: 1,
        kind: 'parse',
      },
    ],
  });
});

test('an empty file and a file with a NUL byte get their own words', (t) => {
  assert.deepEqual(check(entry(t, ''), []).problems, [
    { validator: 'parse', message: 'invalid JSON: the file is empty', line: 1, column: 1, kind: 'parse' },
  ]);
  assert.deepEqual(check(entry(t, '{"a":\0}'), []).problems, [
    {
      validator: 'parse',
      message:
        'invalid JSON: Unexpected token \'\0\', "{"a":\0}" is not valid JSON (the file contains a NUL byte: binary?)',
      line: 1,
      column: 6,
      kind: 'parse',
    },
  ]);
});

test('a file that cannot be read: one io problem', (t) => {
  const gone = entry(t, null);
  assert.deepEqual(check({ ...gone, special: true }, [validator('v', () => ['x'])]), {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [{ validator: 'read', message: 'file no longer exists (deleted after it was found?)', kind: 'io' }],
  });
});

// ── faults: the chaos monkey's kinds, process.exit, the file timeout ──────────────────────────────

const note = (kind, seed = 's') => `chaos monkey: injected ${kind} (probability 1, seed ${seed})`;
const busy = (ms) => {
  const end = performance.now() + ms;
  while (performance.now() < end);
};

test('every chaos kind hits a file that does not parse as it hits any other: the kind never decides which files get a fault', (t) => {
  const broken = () => entry(t, '{ "a": ');
  const parse = {
    validator: 'parse',
    message: 'invalid JSON: Unexpected end of input',
    line: 1,
    column: 8,
    kind: 'parse',
  };
  assert.deepEqual(check(broken(), [], { probability: 1, seed: 's', kind: 'throw' }).problems, [
    parse,
    { validator: 'chaos-monkey', message: note('throw'), kind: 'chaos' },
  ]);
  assert.deepEqual(check(broken(), [], { probability: 1, seed: 's', kind: 'io' }).problems, [
    { validator: 'read', message: `file cannot be read: EIO; ${note('io')}`, kind: 'io' },
  ]);
  assert.deepEqual(check(broken(), [], { probability: 1, seed: 's', kind: 'crash' }).problems, [
    { validator: 'chaos-monkey', message: `the check died: ${note('crash')}`, kind: 'error' },
  ]);
  assert.deepEqual(check(broken(), [], { probability: 1, seed: 's', kind: 'slow' }).problems, [parse]);
  assert.deepEqual(check(broken(), [], { probability: 1, seed: 's', kind: 'hang' }, { fileTimeout: 5 }).problems, [
    {
      validator: 'timeout',
      message: `the check took longer than the file timeout of 5 ms; ${note('hang')}`,
      kind: 'timeout',
    },
  ]);
});

test('chaos io fails the read as a real read error does: kind io, no validator runs', (t) => {
  let ran = false;
  const result = check(entry(t, DOC), [validator('v', () => void (ran = true))], {
    probability: 1,
    seed: 'e',
    kind: 'io',
  });
  assert.equal(ran, false);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [{ validator: 'read', message: `file cannot be read: EIO; ${note('io', 'e')}`, kind: 'io' }],
  });
  // A directory fails before any read: its real problem, and no fault claimed.
  const dir = entry(t, null);
  fs.mkdirSync(dir.path);
  assert.deepEqual(check({ ...dir, special: true }, [], { probability: 1, seed: 'e', kind: 'io' }).problems, [
    { validator: 'read', message: 'file is a directory, not a file', kind: 'io' },
  ]);
});

test('chaos slow keeps the real verdict, and the check lasts at least the delay for that path', async (t) => {
  const { slowDelayMs } = await import('../../runner/check/chaos.js');
  const chaos = { probability: 1, seed: 'z', kind: 'slow' };
  const file = entry(t, DOC, 'slow/one.json');
  const options = prepareCheck({ chaos });
  const { durationMs, ...result } = checkFile(file, [validator('real', () => ['real problem'])], options);
  assert.deepEqual(result, {
    path: 'slow/one.json',
    status: 'fail',
    problems: [{ validator: 'real', message: 'real problem', kind: 'invalid' }],
  });
  assert.ok(durationMs >= slowDelayMs(chaos, 'slow/one.json'), `${durationMs} ms`);
});

test("in-process, a validator calling process.exit kills only its file's check: kind error alone, and process.exit is restored", (t) => {
  const exit = process.exit;
  const ran = [];
  const result = check(entry(t, DOC), [
    validator('first', () => ['found before']),
    validator('quitter', () => {
      process.exit(3);
    }),
    validator('after', () => void ran.push('after')),
  ]);
  assert.deepEqual(result, {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'quitter', message: 'the check died: the validator called process.exit(3)', kind: 'error' },
    ],
  });
  assert.deepEqual(ran, []);
  assert.equal(process.exit, exit);
  // Catching what process.exit threw does not bring the check back.
  const swallowed = check(entry(t, DOC), [
    validator('sly', () => {
      try {
        process.exit();
      } catch {}
      return ['never reported'];
    }),
  ]);
  assert.deepEqual(swallowed.problems, [
    { validator: 'sly', message: 'the check died: the validator called process.exit()', kind: 'error' },
  ]);
  assert.equal(process.exit, exit);
});

test('a check that takes longer than the file timeout fails with kind timeout alone; a quicker one keeps its verdict', (t) => {
  const slowValidator = validator('slow', () => {
    busy(15);
    return ['real problem'];
  });
  assert.deepEqual(check(entry(t, DOC), [slowValidator], null, { fileTimeout: 10 }), {
    path: 'dir/doc.json',
    status: 'fail',
    problems: [
      { validator: 'timeout', message: 'the check took longer than the file timeout of 10 ms', kind: 'timeout' },
    ],
  });
  assert.deepEqual(check(entry(t, DOC), [slowValidator], null, { fileTimeout: 60_000 }).problems, [
    { validator: 'slow', message: 'real problem', kind: 'invalid' },
  ]);
});

test('in-process, chaos hang blocks past the file timeout and is reported as a timeout; chaos crash as a check that died', (t) => {
  assert.deepEqual(
    check(entry(t, DOC), [], { probability: 1, seed: 'h', kind: 'hang' }, { fileTimeout: 20 }).problems,
    [
      {
        validator: 'timeout',
        message: `the check took longer than the file timeout of 20 ms; ${note('hang', 'h')}`,
        kind: 'timeout',
      },
    ],
  );
  assert.deepEqual(
    check(entry(t, DOC), [validator('real', () => ['lost'])], { probability: 1, seed: 'c', kind: 'crash' }).problems,
    [{ validator: 'chaos-monkey', message: `the check died: ${note('crash', 'c')}`, kind: 'error' }],
  );
});
