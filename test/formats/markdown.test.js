// formats/markdown.js: where a page's front matter is, what it reads, and where its problems go.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parse } from '../../formats/markdown.js';

const OPTIONAL = { parser: 'markdown' };
const REQUIRED = { parser: 'markdown', frontMatter: 'required' };

// The value of the page's one document, and the problems placed at its pointers.
function read(text, entry = OPTIONAL) {
  const documents = parse(text, entry);
  assert.equal(documents.length, 1, `one document in ${JSON.stringify(text)}`);
  return documents[0];
}
const at = (document, pointer) => {
  const problem = { pointer };
  document.locate([problem]);
  return [problem.line, problem.column];
};
const late = (line, readers) =>
  `front matter starts on line ${line}, after blank lines: ${readers ? `${readers}; ` : ''}Jekyll and gray-matter (Astro, Docusaurus, Eleventy) read none`;
const warning = (line, readers) => ({
  validator: 'front-matter',
  message: late(line, readers),
  line: 1,
  column: 1,
  kind: 'invalid',
  severity: 'warning',
});

test('front matter after blank lines is read where it lies, with one warning at the first line', () => {
  const toml = read(
    '\n+++\ntitle = "Project Portfolio"\ntemplate = "theme.html"\n+++        \n\n# Project Portfolio\n',
  );
  assert.deepEqual(toml.value, { title: 'Project Portfolio', template: 'theme.html' });
  assert.deepEqual(at(toml, '/template'), [4, 12]);
  assert.deepEqual(toml.warnings, [warning(2, 'Hugo and Zola read it')]);

  const yaml = read(' \t\r\n\r\n---\r\ntitle: T\r\nweight: 2\r\n---\r\nBody\r\n');
  assert.deepEqual(yaml.value, { title: 'T', weight: 2 });
  assert.deepEqual(at(yaml, '/weight'), [5, 9]);
  assert.deepEqual(yaml.warnings, [warning(3, 'Hugo and Zola read it')]);

  const json = read('\n\n{\n  "title": "T"\n}\nBody\n');
  assert.deepEqual(json.value, { title: 'T' });
  assert.deepEqual(at(json, '/title'), [4, 12]);
  assert.deepEqual(json.warnings, [warning(3, 'Hugo reads it')]);

  const named = read('\n---json\n{ "title": "T" }\n---\n');
  assert.deepEqual(named.value, { title: 'T' });
  assert.deepEqual(at(named, '/title'), [3, 12]);
  assert.deepEqual(named.warnings, [warning(2, null)]);

  const empty = read('\n+++\n+++\n');
  assert.deepEqual(empty.value, {});
  assert.deepEqual(empty.warnings, [warning(2, 'Hugo and Zola read it')]);
});

test('front matter on the first line has no warning', () => {
  for (const text of ['---\na: 1\n---\n', '+++\na = 1\n+++\n', '{\n"a": 1\n}\n', '---yaml\na: 1\n---\n'])
    assert.equal(read(text).warnings, undefined, text);
});

test('a block after blank lines that fails to parse or is not closed fails at its opening line, with the warning', () => {
  const bad = read('\n\n+++\ntitle = \n+++\n');
  assert.equal(bad.problems.length, 1);
  assert.match(bad.problems[0].message, /^invalid TOML front matter: /);
  assert.equal(bad.problems[0].line, 4);
  assert.deepEqual(bad.warnings, [warning(3, 'Hugo and Zola read it')]);

  assert.deepEqual(read('\n+++\ntitle = "T"\n').problems, [
    {
      validator: 'parse',
      message: 'invalid TOML front matter: no "+++" line closes the block line 2 opens',
      line: 2,
      column: 1,
      kind: 'parse',
    },
  ]);
  assert.deepEqual(read('\n\n{ "title": "T"\n').problems, [
    {
      validator: 'parse',
      message: 'invalid JSON front matter: no "}" closes the "{" of line 3',
      line: 3,
      column: 1,
      kind: 'parse',
    },
  ]);
  assert.deepEqual(
    read('+++\ntitle = "T"\n').problems[0].message,
    'invalid TOML front matter: no "+++" line closes the block its first line opens',
  );
});

test('a first non-blank line that opens nothing, or a "---" nothing closes, is no front matter', () => {
  for (const text of [
    '\n# Title\n---\na: 1\n---\n',
    '\n\n---\na: 1\n\n# never closed\n',
    '\n  ---\na: 1\n---\n',
    '\n\n',
  ])
    assert.deepEqual(parse(text, OPTIONAL), [], JSON.stringify(text));
  assert.deepEqual(
    parse('\n\n---\na: 1\n', REQUIRED)[0].problems[0].message,
    'the file has no front matter, which its rules require (no "---" line closes the block line 3 opens)',
  );
  assert.match(
    parse('\n# Title\n', REQUIRED)[0].problems[0].message,
    /^the file has no front matter, which its rules require \(the first line that is not blank opens it: "---"/,
  );
});

test('JSON front matter runs from a "{" that opens the first non-blank line to the "}" that closes it, as Hugo reads it', () => {
  const one = read('{ "title": "x", "note": "a } and \\" and {" }\nbody {\n');
  assert.deepEqual(one.value, { title: 'x', note: 'a } and " and {' });
  assert.deepEqual(at(one, '/note'), [1, 25]);
  assert.deepEqual(read('{}\nbody\n').value, {});
  assert.deepEqual(read('{ "a": { "b": [1, {"c": 2}] } } trailing text on its line\n').value, {
    a: { b: [1, { c: 2 }] },
  });
  // A "{" alone on its line opens JSON whatever follows, so that a mistake in it fails rather than passes.
  assert.match(read('{\n  title: "x"\n}\n').problems[0].message, /^invalid JSON front matter: /);
  // MDX's comment and expression, Hugo's shortcodes: a "{" not followed by a key or "}" opens no JSON object.
  for (const text of ['{/* prettier-ignore */}\n# Title\n', '{{< figure src="a.png" >}}\n', '{props.title}\n'])
    assert.deepEqual(parse(text, OPTIONAL), [], text);
});
