// formats/json-positions.js: JSON pointers and syntax errors ──▶ 1-based line and column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { locateProblems, describeSyntaxError } from '../../formats/json-positions.js';

const DOC = [
  '{',
  '  "a": {',
  '    "b": [1, {"c": 2}],',
  '    "e": []',
  '  },',
  '  "x/y": 1,',
  '  "t~z": 2,',
  '  "~1": 3,',
  '  "d": 1,',
  '  "d": 2',
  '}',
].join('\n');

/** The position locateProblems gives one pointer in `text`. */
function locate(text, pointer) {
  const problem = { pointer };
  locateProblems(text, [problem]);
  return { line: problem.line, column: problem.column };
}

test('locateProblems: each pointer lands on its value', async (t) => {
  const cases = [
    ['', 1, 1, 'the root pointer is the document'],
    ['/a', 2, 8, 'an object value'],
    ['/a/b', 3, 10, 'an array value'],
    ['/a/b/0', 3, 11, 'an array element'],
    ['/a/b/1', 3, 14, 'an object in an array'],
    ['/a/b/1/c', 3, 20, 'an object nested in an array'],
    ['/a/e', 4, 10, 'an empty array'],
    ['/x~1y', 6, 10, '"/" in a key is escaped as ~1'],
    ['/t~0z', 7, 10, '"~" in a key is escaped as ~0'],
    ['/~01', 8, 9, '~01 is "~1", not "/": ~1 is unescaped first'],
    ['/d', 10, 8, 'a duplicate key: its last occurrence, the value JSON.parse keeps'],
  ];
  for (const [pointer, line, column, why] of cases) {
    await t.test(`${JSON.stringify(pointer)}: ${why}`, () => {
      assert.deepEqual(locate(DOC, pointer), { line, column });
    });
  }
});

test('locateProblems: a pointer past the document lands on the deepest node that exists', async (t) => {
  const cases = [
    ['/missing', 1, 1, 'a missing key at the top: the root'],
    ['/a/missing', 2, 8, 'a missing key: its parent object'],
    ['/a/missing/deeper', 2, 8, 'several levels missing'],
    ['/a/b/5', 3, 10, 'an index past the end: the array'],
    ['/a/b/x', 3, 10, 'a non-numeric index: the array'],
    ['/a/b/0/c', 3, 11, 'below a number: the number'],
    ['/x/y', 1, 1, 'an unescaped "/" is two keys, "x" does not exist'],
  ];
  for (const [pointer, line, column, why] of cases) {
    await t.test(`${JSON.stringify(pointer)}: ${why}`, () => {
      assert.deepEqual(locate(DOC, pointer), { line, column });
    });
  }
});

// Found by test/reliability/fuzz-agreement.test.js: the first occurrence was placed, a value the
// validators never saw. Such files fail unless --allow-duplicate-keys lets them through.
test('locateProblems: of duplicate keys, the last is placed, whatever its first held', async (t) => {
  const text = [
    '{',
    '  "a": {"x": 1, "y": 2},',
    '  "n": [1, {"k": 1}],',
    '  "a": {"x": 3},',
    '  "n": [5],',
    '  "s": {"t": 1},',
    '  "s": 7',
    '}',
  ].join('\n');
  const cases = [
    ['/a', 4, 8, 'the later object'],
    ['/a/x', 4, 14, 'a key inside the later object'],
    ['/a/y', 4, 8, 'a key only the earlier object had does not exist: its parent, the later object'],
    ['/n/0', 5, 9, 'an element of the later array'],
    ['/n/1/k', 5, 8, 'an element only the earlier array had: the later array'],
    ['/s/t', 7, 8, 'below a value that became a number: the number'],
  ];
  for (const [pointer, line, column, why] of cases) {
    await t.test(`${JSON.stringify(pointer)}: ${why}`, () => {
      assert.deepEqual(locate(text, pointer), { line, column });
    });
  }
  const problems = [{ pointer: '/a/y' }, { pointer: '/a/x' }, { pointer: '/a' }];
  locateProblems(text, problems);
  assert.deepEqual(
    problems.map((p) => [p.line, p.column]),
    [
      [4, 8],
      [4, 14],
      [4, 8],
    ],
    'several pointers at once',
  );
});

test("locateProblems: with atKey, a problem lands on its key (an extra property is its key's fault), the last of duplicates", () => {
  const problems = [
    { pointer: '/a/b', atKey: true },
    { pointer: '/x~1y', atKey: true },
    { pointer: '/d', atKey: true },
    { pointer: '/a/b' },
  ];
  locateProblems(DOC, problems);
  assert.deepEqual(
    problems.map((p) => [p.line, p.column]),
    [
      [3, 5],
      [6, 3],
      [10, 3],
      [3, 10],
    ],
  );
});

test('locateProblems places a pointer past the document on the deepest node on its way, each problem that has it', () => {
  const problems = [{ pointer: '/a/missing' }, { pointer: '/a/missing' }, { pointer: '/a/b/1/c/deeper' }];
  locateProblems(DOC, problems);
  assert.deepEqual(
    problems.map(({ line, column }) => ({ line, column })),
    [locate(DOC, '/a'), locate(DOC, '/a'), locate(DOC, '/a/b/1/c')],
  );
  assert.deepEqual(locate(DOC, '/a'), { line: 2, column: 8 });
});

test('locateProblems: root pointer with leading whitespace, and a scalar document', () => {
  assert.deepEqual(locate('\n\n   {"a": 1}', ''), { line: 3, column: 4 });
  assert.deepEqual(locate('\n\n   {"a": 1}', '/a'), { line: 3, column: 10 });
  assert.deepEqual(locate('  42', '/a'), { line: 1, column: 3 });
});

test('locateProblems: CRLF line endings count as one line break', () => {
  assert.deepEqual(locate('{\r\n  "a": {\r\n    "b": true\r\n  }\r\n}', '/a/b'), { line: 3, column: 10 });
});

test('locateProblems fills only problems with a pointer and no position, in place', () => {
  const problems = [
    { message: 'no pointer' },
    { message: 'already placed', pointer: '/a', line: 9, column: 9 },
    { message: 'to place', pointer: '/a/b' },
    { message: 'not a string pointer', pointer: 3 },
  ];
  locateProblems(DOC, problems);
  assert.deepEqual(problems, [
    { message: 'no pointer' },
    { message: 'already placed', pointer: '/a', line: 9, column: 9 },
    { message: 'to place', pointer: '/a/b', line: 3, column: 10 },
    { message: 'not a string pointer', pointer: 3 },
  ]);
});

test('locateProblems places a pointer near the top of a document too deep for the position parser', () => {
  for (const depth of [5000, 100000]) {
    const text = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    JSON.parse(text);
    const problems = [{ message: 'x', pointer: '/0/0' }];
    locateProblems(text, problems);
    assert.deepEqual(problems, [{ message: 'x', pointer: '/0/0', line: 1, column: 3 }], `depth ${depth}`);
  }
  const text = `{"a": 1,\n "deep": ${'['.repeat(100000)}${']'.repeat(100000)}}`;
  const problems = [{ pointer: '/a' }, { pointer: '/deep' }, { pointer: '/missing' }];
  locateProblems(text, problems);
  assert.deepEqual(
    problems,
    [{ pointer: '/a', line: 1, column: 7 }, { pointer: '/deep', line: 2, column: 10 }, { pointer: '/missing' }],
    'what was met before the parser gave up',
  );
});

test('locateProblems leaves positions out when the document is too deep for the position parser', () => {
  const text = `${'['.repeat(100000)}${']'.repeat(100000)}`;
  const problems = [{ message: 'x', pointer: `${'/0'.repeat(99999)}/5` }];
  locateProblems(text, problems);
  assert.deepEqual(problems, [{ message: 'x', pointer: `${'/0'.repeat(99999)}/5` }]);
});

/** describeSyntaxError for a text that JSON.parse rejects. */
function describe(text) {
  let error;
  try {
    JSON.parse(text);
  } catch (caught) {
    error = caught;
  }
  assert.ok(error instanceof SyntaxError, `JSON.parse accepted ${JSON.stringify(text)}`);
  return describeSyntaxError(text, error);
}

test('describeSyntaxError: message and exact position of the fault', async (t) => {
  const cases = [
    ['trailing comma in an object', '{"a": 1,}', 'Expected double-quoted property name', 1, 9],
    ['trailing comma in an array', '[1, 2,]', 'Unexpected token \']\', "[1, 2,]" is not valid JSON', 1, 7],
    ['missing colon', '{"a" 1}', "Expected ':' after property name", 1, 6],
    ['missing comma', '{"a": [1 2]}', "Expected ',' or ']' after array element", 1, 10],
    ['extra text after the JSON', '{"a": 1} x', 'Unexpected non-whitespace character after JSON', 1, 10],
    ['a second document', '{"a": 1}{}', 'Unexpected non-whitespace character after JSON', 1, 9],
    ['single quotes', "{'a': 1}", "Expected property name or '}'", 1, 2],
    ['a bare word', '{"a": x}', 'Unexpected token \'x\', "{"a": x}" is not valid JSON', 1, 7],
    ['a tab inside a string', '{"a": "x\ty"}', 'Bad control character in string literal', 1, 9],
    ['a bad escape', '{"a": "\\q"}', 'Bad escaped character', 1, 9],
    ['a leading zero', '{"a": 01}', 'Unexpected number', 1, 8],
    ['an unterminated fraction', '{"a": 1.}', 'Unterminated fractional number', 1, 9],
  ];
  for (const [why, text, message, line, column] of cases) {
    await t.test(why, () => {
      assert.deepEqual(describe(text), { message, line, column });
    });
  }
});

test('describeSyntaxError: a truncated file fails where its text ends', async (t) => {
  const cases = [
    ['in an object, before a value', '{"a": ', 'Unexpected end of input', 1, 7],
    ['after a colon', '{"a":', 'Unexpected end of input', 1, 6],
    ['just an opening bracket', '[', 'Unexpected end of input', 1, 2],
    ['after a comma', '[1,', 'Unexpected end of input', 1, 4],
    ['in a nested object', '{"a": {"b": ', 'Unexpected end of input', 1, 13],
    ['in a keyword', '{"a": tru', 'Unexpected end of input', 1, 10],
    ['after an array element', '{"a": [1, 2', "Expected ',' or ']' after array element", 1, 12],
    ['after a property name', '{"a"', "Expected ':' after property name", 1, 5],
    ['in a string', '{"a": "abc', 'Unterminated string', 1, 11],
    ['after a value, on the next line', '{"a": 1\n', "Expected ',' or '}' after property value", 2, 1],
    ['on the third line', '\n\n{"a": ', 'Unexpected end of input', 3, 7],
    ['an empty file', '', 'Unexpected end of input', 1, 1],
    ['whitespace only', '  \n ', 'Unexpected end of input', 2, 2],
  ];
  for (const [why, text, message, line, column] of cases) {
    await t.test(why, () => {
      assert.deepEqual(describe(text), { message, line, column });
    });
  }
});

test("describeSyntaxError: a control character is placed by V8's offset", () => {
  const text = '{\n  "title": "ok",\n  "body": "bell\u0007 here"\n}\n';
  assert.deepEqual(describe(text), { message: 'Bad control character in string literal', line: 3, column: 16 });
});

test('describeSyntaxError: multi-line files', async (t) => {
  const cases = [
    [
      'trailing comma before the closing brace',
      '{\n  "a": 1,\n  "b": 2,\n}\n',
      'Expected double-quoted property name',
      4,
      1,
    ],
    // V8's words, which change with it: Node 20 says 'Unexpected number', Node 22 and later
    // "Expected ':' after property name". The place is filecheck's and stays.
    [
      'missing colon on line 3 (V8 words it differently here)',
      '{\n  "a": 1,\n  "b" 2\n}',
      /^(Unexpected number|Expected ':' after property name)$/,
      3,
      7,
    ],
    ['missing comma between lines', '{\n  "a": 1\n  "b": 2\n}', "Expected ',' or '}' after property value", 3, 3],
    ['text after the document', '{"a": 1}\n\n]', 'Unexpected non-whitespace character after JSON', 3, 1],
    // V8 gives no offset for an unexpected token: jsonc-parser's position, the start of the word.
    ['a bare word on line 2', '[\n  nope\n]', 'Unexpected token \'o\', "[\\n  nope\\n]" is not valid JSON', 2, 3], // one line: V8's quote of the text, escaped
    ['CRLF line endings', '{\r\n  "a": 1,\r\n}', 'Expected double-quoted property name', 3, 1],
    // Found beside test/reliability/fuzz-agreement.test.js, whose documents use every line break:
    // V8's offset was turned into a line by counting LF only, jsonc-parser's by counting CR too.
    [
      'lone CR line endings (V8 gives the offset)',
      '{\r  "a": 1\r  "b": 2\r}',
      "Expected ',' or '}' after property value",
      3,
      3,
    ],
    [
      'lone CR line endings (jsonc-parser gives the position)',
      '[\r  nope\r]',
      'Unexpected token \'o\', "[\\r  nope\\r]" is not valid JSON',
      2,
      3,
    ],
    [
      'mixed line endings',
      '{\n"a": 1,\r\n"b": 2,\r"c": 3\n\r\n  "d": 4}',
      "Expected ',' or '}' after property value",
      6,
      3,
    ],
    [
      'an astral character before the fault counts as two columns',
      '["😀" x]',
      "Expected ',' or ']' after array element",
      1,
      7,
    ],
  ];
  for (const [why, text, message, line, column] of cases) {
    await t.test(why, () => {
      const described = describe(text);
      if (message instanceof RegExp) assert.match(described.message, message);
      assert.deepEqual(described, { message: message instanceof RegExp ? described.message : message, line, column });
    });
  }
});
