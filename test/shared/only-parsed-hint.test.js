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

test('onlyParsedHint: when some files only parsed are so for another reason, it says how many it is about, and how many it is not', () => {
  const rows = [
    // prefixes, { hinted, onlyParsed } ─▶ the hint
    [
      ['a/'],
      { hinted: 2, onlyParsed: 2 },
      'their schemas are not in the store: map their URLs to local copies with --schema-store a/=<folder>',
    ],
    [
      ['a/'],
      { hinted: 1, onlyParsed: 1 },
      'its schema is not in the store: map its URL to a local copy with --schema-store a/=<folder>',
    ],
    [
      ['b/', 'a/'],
      { hinted: 1, onlyParsed: 1 },
      'its schemas are not in the store: map their URLs to local copies with --schema-store a/=<folder>, --schema-store b/=<folder>',
    ],
    [
      ['a/'],
      { hinted: 1, onlyParsed: 2 },
      '1 of them because its schema is not in the store: map its URL to a local copy with --schema-store a/=<folder>; the other for another reason (--verbose says why)',
    ],
    [
      ['b/', 'a/'],
      { hinted: 1, onlyParsed: 3 },
      '1 of them because its schemas are not in the store: map their URLs to local copies with --schema-store a/=<folder>, --schema-store b/=<folder>; the other 2 for other reasons (--verbose says why)',
    ],
    [
      ['a/'],
      { hinted: 2, onlyParsed: 34 },
      '2 of them because their schemas are not in the store: map their URLs to local copies with --schema-store a/=<folder>; the other 32 for other reasons (--verbose says why)',
    ],
    [
      ['filecheck schemas pull'],
      { hinted: 3, onlyParsed: 4 },
      '3 of them because their schemas are not in the store: run filecheck schemas pull; the other for another reason (--verbose says why)',
    ],
    // merge's shards may overlap: never more than all of them
    [
      ['a/'],
      { hinted: 3, onlyParsed: 2 },
      'their schemas are not in the store: map their URLs to local copies with --schema-store a/=<folder>',
    ],
  ];
  for (const [prefixes, counts, hint] of rows)
    assert.equal(onlyParsedHint(prefixes, counts), hint, JSON.stringify([prefixes, counts]));
});

test('onlyParsedHint: under a config, the config key that maps them too', () => {
  const config = '.filecheckrc.json';
  assert.equal(
    onlyParsedHint(['https://docs.renovatebot.com/'], { hinted: 1, onlyParsed: 1, config }),
    'its schema is not in the store: map its URL to a local copy with "schemaStore": { "https://docs.renovatebot.com/": "<folder>" } in .filecheckrc.json, or --schema-store https://docs.renovatebot.com/=<folder>',
  );
  assert.equal(
    onlyParsedHint(['d/', 'c/', 'b/', 'a/'], { config: 'conf/filecheck.json' }),
    'their schemas are not in the store: map their URLs to local copies with "schemaStore": { "a/": "<folder>", "b/": "<folder>", "c/": "<folder>" } in conf/filecheck.json, or --schema-store a/=<folder>, --schema-store b/=<folder>, --schema-store c/=<folder> and 1 more',
  );
  assert.equal(
    onlyParsedHint(['filecheck schemas pull'], { config }),
    'their schemas are not in the store: run filecheck schemas pull',
  );
});
