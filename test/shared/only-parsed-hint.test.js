// shared/only-parsed-hint.js: the hint a run, and `filecheck merge`, give for the files only parsed.
import assert from 'node:assert/strict';
import test from 'node:test';
import { onlyParsedHint } from '../../shared/only-parsed-hint.js';

test('onlyParsedHint: the first three store prefixes, sorted, and how many more; a pulled store names its command', () => {
  const rows = [
    [['b/', 'a/'], 'map their URLs to local copies with --schema-store a/=<folder>, --schema-store b/=<folder>'],
    [
      ['d/', 'c/', 'b/', 'a/', 'e/'],
      'map their URLs to local copies with --schema-store a/=<folder>, --schema-store b/=<folder>, --schema-store c/=<folder> and 2 more',
    ],
    [['a/', 'filecheck schemas pull'], 'run filecheck schemas pull'],
  ];
  for (const [prefixes, hint] of rows)
    assert.equal(onlyParsedHint(prefixes), `their schemas are not in the store: ${hint}`, JSON.stringify(prefixes));
});
