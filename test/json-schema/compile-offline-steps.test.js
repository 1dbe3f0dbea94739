// validators/json-schema/compile-offline.js: an attempt that stops says why, and nextAttempt, a pure
// function, decides the next one (tables); compileOffline loops over attempts until one compiles.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { attemptAjvOptions, compileOffline, nextAttempt } from '../../validators/json-schema/compile-offline.js';
import { createAjv, lenientRegExp } from '../../validators/json-schema/ajv-instance.js';
import { createRefIndex, readResource } from '../../validators/json-schema/schema-resources.js';

const first = { dialect: 'draft-07', unicode: true, lazy: true, sharedAnchors: new Set() };
const resource = (raw, file = '/s/b.json') => ({ raw, file });
const NOT_UNICODE = '\\-'; // an identity escape: valid without the u flag, not with it
const BROKEN = '('; // no regular expression at all

test('nextAttempt: a newer dialect, a schema compiled whole, a shared $dynamicAnchor: the next attempt takes it into account', () => {
  const rows = [
    // restart ─▶ the next attempt
    [
      { why: 'newer dialect', dialect: '2020-12' },
      { ...first, dialect: '2020-12' },
    ],
    [{ why: 'not lazy' }, { ...first, lazy: false }],
    [
      { why: 'shared anchor', name: 'node' },
      { ...first, sharedAnchors: new Set(['node']) },
    ],
  ];
  for (const [restart, next] of rows)
    assert.deepEqual(nextAttempt(first, restart, undefined), { attempt: next }, JSON.stringify(restart));
  // The names found shared add up, and the attempt that stopped is left as it was.
  const once = nextAttempt(first, { why: 'shared anchor', name: 'a' }, undefined).attempt;
  const twice = nextAttempt(once, { why: 'shared anchor', name: 'b' }, undefined).attempt;
  assert.deepEqual(
    [first.sharedAnchors, once.sharedAnchors, twice.sharedAnchors],
    [new Set(), new Set(['a']), new Set(['a', 'b'])],
  );
});

test('nextAttempt: a pattern that is no Unicode regular expression is compiled without the u flag, unless the rule says how or it is broken anyway', () => {
  const error = new SyntaxError('Invalid regular expression: /\\-/u: Invalid escape');
  const loose = resource({ properties: { a: { pattern: NOT_UNICODE } } });
  const broken = resource({ patternProperties: { [BROKEN]: {} } });
  const fine = resource({ pattern: '^a$' });
  const rows = [
    // attempt, resources, ajv error, the rule's unicodeRegExp ─▶ outcome
    [first, [loose], error, undefined, 'without u at /properties/a/pattern'],
    [first, [loose], null, undefined, 'without u at /properties/a/pattern'], // found before ajv compiled
    [first, [fine], error, undefined, 'without u, not found'],
    [first, [loose], error, true, 'refused: not Unicode at /properties/a/pattern'],
    [first, [broken, loose], error, undefined, 'refused: broken at /patternProperties/('],
    [{ ...first, unicode: false }, [broken], error, undefined, 'refused: broken at /patternProperties/('],
    [{ ...first, unicode: false }, [fine], error, undefined, 'invalid'],
    [first, [fine], error, true, 'invalid'],
  ];
  for (const [attempt, resources, ajvError, unicodeRegExp, expected] of rows) {
    const next = nextAttempt(attempt, { why: 'not unicode', error: ajvError, resources }, unicodeRegExp);
    const why = JSON.stringify({ resources: resources.map((r) => r.raw), unicodeRegExp, expected });
    if (expected.startsWith('without u')) {
      assert.deepEqual(next.attempt, { ...attempt, unicode: false }, why);
      const { at, reason } = next.withoutUFlag;
      assert.equal(at ? `without u at ${at.pointer}` : 'without u, not found', expected, why);
      assert.equal(typeof reason, 'string', why);
      if (!at) assert.equal(reason, ajvError.message, why);
    } else if (expected.startsWith('refused')) {
      const { resource: where, pointer, message, atKey } = next.refused;
      assert.equal(next.attempt, undefined, why);
      const what = message.startsWith('is not a valid Unicode regular expression (')
        ? 'not Unicode'
        : message.startsWith('is not a valid regular expression (')
          ? 'broken'
          : message;
      assert.equal(`refused: ${what} at ${pointer}`, expected, why);
      assert.ok(resources.includes(where), why);
      if (what === 'broken') assert.equal(atKey, true, why); // a patternProperties key
    } else {
      assert.deepEqual(next, { invalid: ajvError.message }, why);
    }
  }
  // The table's patterns are what they say.
  assert.throws(() => new RegExp(NOT_UNICODE, 'u'));
  assert.doesNotThrow(() => new RegExp(NOT_UNICODE));
  assert.throws(() => new RegExp(BROKEN));
});

test("attemptAjvOptions: ajv's code options beside the rule's, only where an attempt departs from ajv's defaults", () => {
  const rows = [
    // unicode, optimize, inline ─▶ options
    [true, true, true, {}],
    [true, false, true, { code: { optimize: false } }],
    [true, true, false, { inlineRefs: false }],
    [false, true, true, { code: { regExp: lenientRegExp() } }],
    [false, false, false, { code: { regExp: lenientRegExp(), optimize: false }, inlineRefs: false }],
  ];
  for (const [unicode, optimize, inline, options] of rows)
    assert.deepEqual(
      attemptAjvOptions({ unicode, optimize, inline }),
      options,
      JSON.stringify({ unicode, optimize, inline }),
    );
});

/** compileOffline on schema files written to a temp folder; the root is `files`' first. */
function compile(t, files, { unicodeRegExp, lazy = false } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-compile-offline-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  for (const [name, schema] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), JSON.stringify(schema));
  const display = (file) => path.relative(dir, file);
  const dialects = [];
  const compiled = compileOffline(readResource(path.join(dir, Object.keys(files)[0]), display), {
    naming: { shown: Object.keys(files)[0], display },
    refs: { index: createRefIndex([], display) },
    ajvSettings: {
      newAjv: (dialect, options, warnings) => {
        dialects.push(dialect);
        return createAjv(dialect, { ...options, ...(unicodeRegExp !== undefined && { unicodeRegExp }) }, [], warnings);
      },
      unicodeRegExp,
    },
    strategy: { lazy, optimize: false, inline: true, spent: () => {} },
  });
  return { ...compiled, dialects };
}

test('compileOffline: each restart is one more attempt, in the dialect, the flags and the way the last one asked for', (t) => {
  const draft07 = 'http://json-schema.org/draft-07/schema#';
  const draft2020 = 'https://json-schema.org/draft/2020-12/schema';
  // A draft-07 schema whose $ref reaches a 2020-12 file: started again in 2020-12.
  const mixed = compile(t, {
    'root.json': { $schema: draft07, properties: { a: { $ref: 'b.json' } } },
    'b.json': { $schema: draft2020, type: 'string' },
  });
  assert.deepEqual(mixed.dialects, ['draft-07', '2020-12']);
  assert.equal(mixed.validate({ a: 'x' }), true);
  assert.equal(mixed.validate({ a: 1 }), false);
  // A pattern that is no Unicode one: found before ajv compiles, started again without the u flag, said once.
  const loose = compile(t, { 'root.json': { $schema: draft07, properties: { a: { pattern: NOT_UNICODE } } } });
  assert.deepEqual(loose.dialects, ['draft-07', 'draft-07']);
  assert.equal(loose.notes.length, 1);
  assert.match(
    loose.notes[0],
    /^the pattern at #\/properties\/a\/pattern is not a valid Unicode regular expression .*: such patterns are compiled without the u flag$/,
  );
  assert.equal(loose.validate({ a: '-' }), true);
  // The rule asks for Unicode patterns: refused, not started again.
  assert.throws(
    () =>
      compile(
        t,
        { 'root.json': { $schema: draft07, properties: { a: { pattern: NOT_UNICODE } } } },
        { unicodeRegExp: true },
      ),
    /^UsageError: schema root\.json:1:\d+ is invalid: .*is not a valid Unicode regular expression/,
  );
  // unevaluatedProperties under lazy: compiled whole, the second attempt not lazy.
  const whole = compile(t, { 'root.json': { $schema: draft2020, unevaluatedProperties: false } }, { lazy: true });
  assert.deepEqual([whole.dialects, whole.lazy], [['2020-12', '2020-12'], false]);
  // Nothing to start again for: one attempt.
  const plain = compile(t, { 'root.json': { $schema: draft07, type: 'object' } }, { lazy: true });
  assert.deepEqual([plain.dialects, plain.lazy], [['draft-07'], true]);
});
