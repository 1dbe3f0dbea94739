import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { UsageError } from '../../shared/errors.js';
import { acrossFilesCollectors } from '../../validators/across-files/index.js';
import { compilePointer, matchPointer } from '../../validators/across-files/pointers.js';

const BASE = path.resolve('/project');

/** A rule as load-config.js makes it, with the across-files keys as written. */
const rule = (id, keys = {}, name = `rules[${id}]`) => ({ id, name, base: BASE, ...keys });

/**
 * Runs the collectors as the core does: collect each document (facts through JSON, as the cache and
 * the workers carry them), then checkAll of the given rule.
 * @param {object[]} rules
 * @param {Record<number, [string, unknown, number?][]>} files rule id ─▶ [path, document, document number?]
 */
function check(rules, files, { ruleId = 0, exists = () => false, reverse = false } = {}) {
  const collectors = acrossFilesCollectors(rules);
  const entries = new Map();
  for (const [id, list] of collectors) {
    for (const collector of list) {
      const collected = (files[id] ?? []).map(([file, doc, document]) => {
        const facts = collector.collect(doc, { path: file });
        const entry = { path: file, facts: facts === undefined ? undefined : JSON.parse(JSON.stringify(facts)) };
        return document === undefined ? entry : { ...entry, document };
      });
      entries.set(`${id} ${collector.key}`, reverse ? collected.reverse() : collected);
    }
  }
  const ctx = {
    rule: rules[ruleId],
    entriesOf: (id, key) => entries.get(`${id} ${key}`) ?? [],
    relativeToBase: (file) => file,
    absolute: (file) => path.join(BASE, file),
    exists,
    display: (absolute) => path.relative(BASE, absolute).split(path.sep).join('/'),
  };
  return (collectors.get(ruleId) ?? [])
    .filter((collector) => collector.checkAll)
    .flatMap((collector) => collector.checkAll(entries.get(`${ruleId} ${collector.key}`), ctx));
}

const brief = (problems) =>
  problems.map((p) => `${p.path}${p.document ? `#${p.document}` : ''} ${p.pointer} ${p.severity}: ${p.message}`);

// ─── pointers ───────────────────────────────────────────────────────────────────────────────

test('pointers: * matches every key of an object and every index of an array, several times over', () => {
  const doc = { items: [{ id: 'a', tags: ['x', 'y'] }, { id: 'b' }], map: { k1: { id: 'c' }, k2: { id: 'd' } } };
  assert.deepEqual(
    [...matchPointer(compilePointer('/items/*/id'), doc)],
    [
      ['/items/0/id', 'a'],
      ['/items/1/id', 'b'],
    ],
  );
  assert.deepEqual(
    [...matchPointer(compilePointer('/map/*/id'), doc)],
    [
      ['/map/k1/id', 'c'],
      ['/map/k2/id', 'd'],
    ],
  );
  assert.deepEqual(
    [...matchPointer(compilePointer('/items/*/tags/*'), doc)],
    [
      ['/items/0/tags/0', 'x'],
      ['/items/0/tags/1', 'y'],
    ],
  );
  assert.deepEqual([...matchPointer(compilePointer(''), 5)], [['', 5]]);
  assert.deepEqual([...matchPointer(compilePointer('/items/length'), doc)], []); // an array's indexes only
});

test('pointers: ~1 and ~0 per RFC 6901, in patterns and in the pointers found', () => {
  const doc = { 'a/b': { 'c~d': 1 }, list: { 'x/y': 2 } };
  assert.deepEqual([...matchPointer(compilePointer('/a~1b/c~0d'), doc)], [['/a~1b/c~0d', 1]]);
  assert.deepEqual([...matchPointer(compilePointer('/list/*'), doc)], [['/list/x~1y', 2]]);
  assert.throws(() => compilePointer('slug'), /"slug" is not a JSON pointer/);
  assert.throws(() => compilePointer('/a~2'), /is not a JSON pointer/);
});

test('pointers: a trailing ~ matches the keys of objects, placed at each member; array indexes are no keys', () => {
  const doc = { hector: { name: 'H' }, 'a/b': 1, authors: { ada: {}, bob: 2 }, list: [{ x: 1 }] };
  assert.deepEqual(
    [...matchPointer(compilePointer('/*~'), doc)],
    [
      ['/hector', 'hector'],
      ['/a~1b', 'a/b'],
      ['/authors', 'authors'],
      ['/list', 'list'],
    ],
  );
  assert.deepEqual(
    [...matchPointer(compilePointer('/authors/*~'), doc)],
    [
      ['/authors/ada', 'ada'],
      ['/authors/bob', 'bob'],
    ],
  );
  assert.deepEqual([...matchPointer(compilePointer('/authors/ada~'), doc)], [['/authors/ada', 'ada']]);
  assert.deepEqual([...matchPointer(compilePointer('/list/*~'), doc)], []);
  assert.deepEqual([...matchPointer(compilePointer('/gone/*~'), doc)], []);
  assert.equal(compilePointer('/a~0~').tokens[0], 'a~');
  assert.throws(() => compilePointer('~'), /is not a JSON pointer/);
  assert.throws(() => compilePointer('/a/~'), /is not a JSON pointer/);
});

test('pointers: ** as a whole token is any number of levels, none among them, each place once, in document order', () => {
  const doc = { id: 1, a: { id: 2, list: [{ id: 3 }, { b: { id: 4 } }] }, 'x**': { id: 5 } };
  assert.deepEqual(
    [...matchPointer(compilePointer('/**/id'), doc)],
    [
      ['/id', 1],
      ['/a/id', 2],
      ['/a/list/0/id', 3],
      ['/a/list/1/b/id', 4],
      ['/x**/id', 5],
    ],
  );
  assert.deepEqual([...matchPointer(compilePointer('/a/**/b/id'), doc)], [['/a/list/1/b/id', 4]]);
  assert.deepEqual([...matchPointer(compilePointer('/x**/id'), doc)], [['/x**/id', 5]]); // not a whole token: a key
  // Two ** that could share the levels between them in several ways still find each place once.
  const nested = { a: { a: { a: { b: 1 } } } };
  assert.deepEqual([...matchPointer(compilePointer('/**/a/**/b'), nested)], [['/a/a/a/b', 1]]);
  assert.deepEqual([...matchPointer(compilePointer('/**/**/b'), nested)], [['/a/a/a/b', 1]]);
  assert.deepEqual(
    [...matchPointer(compilePointer('/a/**'), { a: { b: [7] } })],
    [
      ['/a', { b: [7] }],
      ['/a/b', [7]],
      ['/a/b/0', 7],
    ],
  );
});

test('pointers: a ~ after ** names the keys of the members it matches, at any depth; the root and array items have none', () => {
  const doc = {
    api: { A: { __compat: { support: { chrome: {}, safari: {} } }, sub: { __compat: { support: { edge: 1 } } } } },
    list: [{ x: 1 }],
  };
  assert.deepEqual(
    [...matchPointer(compilePointer('/**/__compat/support/*~'), doc)],
    [
      ['/api/A/__compat/support/chrome', 'chrome'],
      ['/api/A/__compat/support/safari', 'safari'],
      ['/api/A/sub/__compat/support/edge', 'edge'],
    ],
  );
  // No level is a level too: /list itself is a member, keyed "list"; its items are not.
  assert.deepEqual(
    [...matchPointer(compilePointer('/list/**~'), doc)],
    [
      ['/list', 'list'],
      ['/list/0/x', 'x'],
    ],
  );
  assert.deepEqual([...matchPointer(compilePointer('/**~'), [{ a: 1 }])], [['/0/a', 'a']]);
  assert.deepEqual([...matchPointer(compilePointer('/**/sub~'), doc)], [['/api/A/sub', 'sub']]);
});

// ─── unique ─────────────────────────────────────────────────────────────────────────────────

test('unique: each place of a duplicated value gets a problem naming the others, related with pointers', () => {
  const rules = [rule(0, { unique: ['/slug'] })];
  const problems = check(rules, {
    0: [
      ['files/a/index.md', { slug: 'Web/CSS/color' }],
      ['files/b/index.md', { slug: 'Web/CSS/color' }],
      ['files/c/index.md', { slug: 'Web/CSS/other' }],
    ],
  });
  assert.deepEqual(brief(problems), [
    'files/a/index.md /slug error: "Web/CSS/color" is also at files/b/index.md',
    'files/b/index.md /slug error: "Web/CSS/color" is also at files/a/index.md',
  ]);
  assert.deepEqual(problems[0].related, [
    { path: 'files/b/index.md', pointer: '/slug', message: '/slug: "Web/CSS/color"' },
  ]);
});

test('unique and references: a message names the value, never a noun guessed from the pointer', () => {
  const problems = check(
    [rule(0, { unique: ['/aliases/*', '/status', '/indices/*'], references: [{ from: '/addresses/*', to: '/id' }] })],
    {
      0: [
        ['a.json', { aliases: ['releases/1.94.1'], status: 'draft', indices: [3], addresses: ['x'] }],
        ['b.json', { aliases: ['releases/1.94.1'], status: 'draft', indices: [3] }],
      ],
    },
  );
  assert.deepEqual(brief(problems), [
    'a.json /aliases/0 error: "releases/1.94.1" is also at b.json',
    'a.json /indices/0 error: 3 is also at b.json',
    'a.json /status error: "draft" is also at b.json',
    'b.json /aliases/0 error: "releases/1.94.1" is also at a.json',
    'b.json /indices/0 error: 3 is also at a.json',
    'b.json /status error: "draft" is also at a.json',
    'a.json /addresses/0 error: "x" is not an /id of any file of rule "rules[0]"',
  ]);
  assert.deepEqual(problems[0].related, [
    { path: 'b.json', pointer: '/aliases/0', message: '/aliases/0: "releases/1.94.1"' },
  ]);
});

test('unique: its entries are read once, one at a time, for every pointer of the setting (the ledger gives them so)', () => {
  const [collector] = acrossFilesCollectors([rule(0, { unique: ['/slug', '/id'] })]).get(0);
  assert.equal(collector.readsEntriesOnce, true);
  const docs = [
    ['a.md', { slug: 's', id: 1 }],
    ['b.md', { slug: 's', id: 2 }],
    ['c.md', { slug: 't', id: 1 }],
  ];
  function* entries() {
    for (const [path, doc] of docs) yield { path, facts: JSON.parse(JSON.stringify(collector.collect(doc))) };
  }
  assert.deepEqual(brief(collector.checkAll(entries(), {})), [
    'a.md /id error: 1 is also at c.md',
    'a.md /slug error: "s" is also at b.md',
    'b.md /slug error: "s" is also at a.md',
    'c.md /id error: 1 is also at a.md',
  ]);
});

test('unique: within a file too, over * in arrays and objects; three places say "and 1 more"', () => {
  const rules = [rule(0, { unique: ['/items/*/id'] })];
  const problems = check(rules, {
    0: [
      ['a.json', { items: [{ id: 7 }, { id: 8 }, { id: 7 }] }],
      ['b.json', { items: { first: { id: 7 } } }],
    ],
  });
  assert.deepEqual(brief(problems), [
    'a.json /items/0/id error: 7 is also at /items/2/id in this file (and 1 more)',
    'a.json /items/2/id error: 7 is also at /items/0/id in this file (and 1 more)',
    'b.json /items/first/id error: 7 is also at a.json (and 1 more)',
  ]);
});

test('unique: types differ (1 is not "1"); objects, arrays, null and booleans are ignored; ignoreCase', () => {
  const files = {
    0: [
      ['a.json', { id: 1, name: 'Alpha', other: { x: 1 } }],
      ['b.json', { id: '1', name: 'alpha', other: { x: 1 } }],
      ['c.json', { id: null, name: null, other: [1] }],
      // Eleventy's `permalink: false`: a page not written, on as many pages as like
      ['d.json', { id: false, name: false, other: [1] }],
      ['e.json', { id: false, name: false }],
    ],
  };
  assert.deepEqual(check([rule(0, { unique: ['/id', '/other', '/name'] })], files), []);
  const problems = check([rule(0, { unique: [{ pointer: '/name', ignoreCase: true }] })], files);
  assert.deepEqual(brief(problems), [
    'a.json /name error: "Alpha" is also at b.json',
    'b.json /name error: "alpha" is also at a.json',
  ]);
  assert.equal(problems[0].related[0].message, '/name: "alpha"');
});

test('unique: the documents of a YAML stream are places of their own', () => {
  const problems = check([rule(0, { unique: ['/name'] })], {
    0: [
      ['k8s.yaml', { name: 'web' }, 1],
      ['k8s.yaml', { name: 'web' }, 2],
    ],
  });
  assert.deepEqual(brief(problems), [
    'k8s.yaml#1 /name error: "web" is also at /name in document 2 of this file',
    'k8s.yaml#2 /name error: "web" is also at /name in document 1 of this file',
  ]);
});

test('unique: facts are small, and the problems come out in one order whatever the order of the entries', () => {
  const [collector] = acrossFilesCollectors([rule(0, { unique: ['/id'] })]).get(0);
  assert.deepEqual(collector.collect({ id: 'x', body: 'a long text'.repeat(100) }), [[['/id', 'x']]]);
  assert.equal(collector.collect({ body: 'no id' }), undefined);
  const files = { 0: ['c', 'a', 'b', 'd'].map((name, i) => [`${name}.json`, { id: i % 2, list: [] }]) };
  const rules = [rule(0, { unique: ['/id'] })];
  assert.deepEqual(check(rules, files, { reverse: true }), check(rules, files));
  assert.deepEqual(
    check(rules, files).map((p) => p.path),
    ['a.json', 'b.json', 'c.json', 'd.json'],
  );
});

// ─── references ─────────────────────────────────────────────────────────────────────────────

test("references: a value names a value of another rule's files; did you mean the closest one", () => {
  const rules = [
    rule(0, { references: [{ from: '/authors/*', to: '/id', in: 'people' }] }, 'posts'),
    rule(1, {}, 'people'),
  ];
  const collectors = acrossFilesCollectors(rules);
  assert.deepEqual(
    collectors.get(1).map((c) => [c.key, c.name, typeof c.checkAll]),
    [['values:/id', 'references', 'undefined']],
  );
  const problems = check(rules, {
    0: [
      ['posts/a.json', { authors: ['jdoe', 'asmith', 42, { id: 'x' }] }],
      ['posts/b.json', { authors: ['zed'] }],
    ],
    1: [
      ['people/jdoe.json', { id: 'jdoe' }],
      ['people/asmyth.json', { id: 'asmyth' }],
      ['people/n.json', { id: '42' }],
    ],
  });
  assert.deepEqual(brief(problems), [
    'posts/a.json /authors/1 error: "asmith" is not an /id of any file of rule "people"; did you mean "asmyth"?',
    'posts/a.json /authors/2 error: 42 is not an /id of any file of rule "people"',
    'posts/b.json /authors/0 error: "zed" is not an /id of any file of rule "people"',
  ]);
});

test('references: a "to" that finds only objects or arrays says so; a value anywhere, or keys, say nothing more', () => {
  const refs = (to, people) =>
    brief(
      check([rule(0, { references: [{ from: '/author', to, in: 'people' }] }), rule(1, {}, 'people')], {
        0: [['post.json', { author: 'ada' }]],
        1: people.map((doc, i) => [`people/${i}.json`, doc]),
      }),
    );
  assert.deepEqual(refs('/*', [{ bob: { name: 'B' } }]), [
    'post.json /author error: "ada" is not a /* of any file of rule "people" (the values at /* of rule "people" are objects: to match their keys, write "/*~")',
  ]);
  assert.deepEqual(refs('/ids', [{ ids: ['bob'] }]), [
    'post.json /author error: "ada" is not an /ids of any file of rule "people" (the values at /ids of rule "people" are arrays: to match their items, write "/ids/*")',
  ]);
  assert.deepEqual(refs('/*', [{ bob: {} }, { id: 'carl' }]), [
    'post.json /author error: "ada" is not a /* of any file of rule "people"',
  ]);
  assert.deepEqual(refs('/*~', [{ bob: {} }]), [
    'post.json /author error: "ada" is not a /*~ of any file of rule "people"',
  ]);
  assert.deepEqual(refs('/*~', [{ ada: {} }]), []);
});

test("references: without `in`, the values of the rule's own files", () => {
  const rules = [rule(0, { references: [{ from: '/parent', to: '/slug' }] }, 'docs')];
  const problems = check(rules, {
    0: [
      ['a.md', { slug: 'a' }],
      ['b.md', { slug: 'b', parent: 'a' }],
      ['c.md', { slug: 'c', parent: 'gone' }],
    ],
  });
  assert.deepEqual(brief(problems), ['c.md /parent error: "gone" is not a /slug of any file of rule "docs"']);
  assert.deepEqual(
    acrossFilesCollectors(rules)
      .get(0)
      .map((c) => c.key),
    ['references', 'values:/slug'],
  );
});

test('references: file: true, relative to the file (or to the base with a leading /); URLs pass', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'filecheck-refs-'));
  try {
    fs.mkdirSync(path.join(dir, 'posts/img'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'posts/img/a.png'), '');
    fs.mkdirSync(path.join(dir, 'static'));
    const rules = [{ ...rule(0, { references: [{ from: '/images/*', file: true }] }), base: dir }];
    const collectors = acrossFilesCollectors(rules);
    const [collector] = collectors.get(0);
    const doc = {
      images: [
        'img/a.png',
        'img/a.png#top',
        'img',
        '/static',
        'img/b.png',
        '/static/c.png',
        'https://x.org/y.png',
        7,
        '',
      ],
    };
    const entries = [{ path: 'posts/post.json', facts: collector.collect(doc, { path: 'posts/post.json' }) }];
    const looked = [];
    const problems = collector.checkAll(entries, {
      rule: rules[0],
      entriesOf: () => [],
      relativeToBase: (file) => file,
      absolute: (file) => path.join(dir, file),
      exists: (absolute) => {
        looked.push(absolute);
        return fs.existsSync(absolute);
      },
      display: (absolute) => path.relative(dir, absolute).split(path.sep).join('/'),
    });
    assert.deepEqual(brief(problems), [
      'posts/post.json /images/4 error: "img/b.png" names no file or folder (no posts/img/b.png)',
      'posts/post.json /images/5 error: "/static/c.png" names no file or folder (no static/c.png)',
      'posts/post.json /images/8 error: "" names no file',
    ]);
    assert.equal(looked.length, 5); // img/a.png once for both of its references
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// ─── sameKeysAs ─────────────────────────────────────────────────────────────────────────────

const locales = (setting, files, options) => brief(check([rule(0, { sameKeysAs: setting })], { 0: files }, options));

test('sameKeysAs: missing, extra and untranslated keys, nested as pointers, arrays by index', () => {
  const en = { labels: { min: 'Min', max: 'Max' }, list: ['a', 'b'], title: 'Title' };
  const de = { labels: { min: 'Min', extra: 'X' }, list: ['a'], title: '' };
  assert.deepEqual(
    locales('locales/en.json', [
      ['locales/de.json', de],
      ['locales/en.json', en],
    ]),
    [
      'locales/de.json /labels error: missing key /labels/max (locales/en.json has it)',
      'locales/de.json /labels/extra error: not in locales/en.json',
      'locales/de.json /list error: missing key /list/1 (locales/en.json has it)',
      'locales/de.json /title error: untranslated (empty; locales/en.json has a text)',
    ],
  );
  const [missing] = check([rule(0, { sameKeysAs: 'locales/en.json' })], {
    0: [
      ['locales/de.json', de],
      ['locales/en.json', en],
    ],
  });
  assert.deepEqual(missing.related, [{ path: 'locales/en.json', pointer: '/labels/max' }]);
});

test('sameKeysAs: a key missing from an empty object is placed at that object, not at the root', () => {
  const en = { a: { b: { c: 'x' } }, list: ['y'] };
  assert.deepEqual(
    locales('en.json', [
      ['de.json', { a: { b: {} }, list: [] }],
      ['en.json', en],
    ]),
    [
      'de.json /a/b error: missing key /a/b/c (en.json has it)',
      'de.json /list error: missing key /list/0 (en.json has it)',
    ],
  );
  // Rails: the locale's root key left out of the comparison, an empty object inside it.
  assert.deepEqual(
    locales('en.yml', [
      ['de.yml', { de: { confirmations: {} } }],
      ['en.yml', { en: { confirmations: { new: 'New' } } }],
    ]),
    ['de.yml /de/confirmations error: missing key /de/confirmations/new (en.yml has it)'],
  );
});

test('sameKeysAs: missing and extra severities: warn, off', () => {
  const files = [
    ['en.json', { a: 'A', b: 'B' }],
    ['fr.json', { a: '', c: 'C' }],
  ];
  assert.deepEqual(locales({ source: 'en.json', missing: 'warn', extra: 'off' }, files), [
    'fr.json  warning: missing key /b (en.json has it)',
    'fr.json /a warning: untranslated (empty; en.json has a text)',
  ]);
  assert.deepEqual(locales({ source: 'en.json', missing: 'off', extra: 'warn' }, files), [
    'fr.json /c warning: not in en.json',
  ]);
});

test('sameKeysAs: its severity is that of every problem (placeholders too) unless missing or extra say their own; off leaves those out', () => {
  const files = [
    ['en.json', { a: 'A {{n}}', b: 'B' }],
    ['fr.json', { a: 'A {{m}}', c: 'C' }],
  ];
  const setting = { source: 'en.json', placeholders: 'i18next' };
  assert.deepEqual(locales({ ...setting, severity: 'warn', extra: 'error' }, files), [
    'fr.json  warning: missing key /b (en.json has it)',
    'fr.json /a warning: placeholders differ from en.json: has {{m}}, the source has {{n}}',
    'fr.json /c error: not in en.json',
  ]);
  assert.deepEqual(locales({ ...setting, severity: 'off', missing: 'warn' }, files), [
    'fr.json  warning: missing key /b (en.json has it)',
  ]);
  // A single source file that does not exist is the config's fault: an error, whatever the severity.
  assert.deepEqual(locales({ source: 'gone.json', severity: 'warn' }, files.slice(1)), [
    'fr.json  error: no source file gone.json for this file',
  ]);
});

test('unique and references: each entry at its own severity', () => {
  const rules = [
    rule(0, {
      unique: [{ pointer: '/slug', severity: 'warn' }, '/id'],
      references: [
        { from: '/author', to: '/id', severity: 'warn' },
        { from: '/image', file: true },
      ],
    }),
  ];
  const docs = [
    ['a.json', { slug: 's', id: 1, author: 9, image: 'a.png' }],
    ['b.json', { slug: 's', id: 1 }],
  ];
  assert.deepEqual(brief(check(rules, { 0: docs })), [
    'a.json /id error: 1 is also at b.json',
    'a.json /slug warning: "s" is also at b.json',
    'b.json /id error: 1 is also at a.json',
    'b.json /slug warning: "s" is also at a.json',
    'a.json /author warning: 9 is not an /id of any file of rule "rules[0]"',
    'a.json /image error: "a.png" names no file or folder (no a.png)',
  ]);
});

test('sameKeysAs: placeholders differ (i18next), quoted both ways; an empty string is untranslated, not a mismatch', () => {
  const en = { labels: { max: 'At most {{max}}', range: '{{min, number}}–{{max}}', none: 'None', empty: '{{x}}' } };
  const de = {
    labels: { max: 'Höchstens {{mix}}', range: '{{max}} bis {{ min,number }}', none: 'Keine {{x}}', empty: '' },
  };
  assert.deepEqual(
    locales({ source: 'locales/en.json', placeholders: 'i18next' }, [
      ['locales/de.json', de],
      ['locales/en.json', en],
    ]),
    [
      'locales/de.json /labels/empty error: untranslated (empty; locales/en.json has a text)',
      'locales/de.json /labels/max error: placeholders differ from locales/en.json: has {{mix}}, the source has {{max}}',
      'locales/de.json /labels/none error: placeholders differ from locales/en.json: has {{x}}, the source has none',
    ],
  );
  // placeholders "off" (the default) compares keys only
  assert.deepEqual(
    locales('locales/en.json', [
      ['locales/de.json', de],
      ['locales/en.json', en],
    ]),
    ['locales/de.json /labels/empty error: untranslated (empty; locales/en.json has a text)'],
  );
});

test('sameKeysAs: i18next plural forms: en one/other, pl one/few/many/other, ja other alone', () => {
  const en = {
    cart: {
      items_one: 'One item',
      items_other: '{{count}} items',
      place_ordinal_one: '{{count}}st',
      place_ordinal_other: '{{count}}th',
    },
  };
  const pl = {
    cart: {
      items_one: 'Jeden element',
      items_few: '{{count}} elementy',
      items_many: '{{count}} elementów',
      items_other: '{{count}} elementu',
      place_ordinal_other: '{{count}}.',
    },
  };
  const ja = { cart: { items_other: '{{count}} 個', place_ordinal_other: '{{count}}番目' } };
  const bad = {
    cart: { items_few: '{{cnt}} elementy', items_many: '', lonely_few: 'x', place_ordinal_one: '{{count}}' },
  };
  const setting = { source: 'en.json', placeholders: 'i18next' };
  assert.deepEqual(
    locales(setting, [
      ['bad.json', bad],
      ['en.json', en],
      ['ja.json', ja],
      ['pl.json', pl],
    ]),
    [
      'bad.json /cart/items_few error: placeholders differ from en.json: has {{cnt}}, the source has {{count}}',
      'bad.json /cart/items_many error: untranslated (empty; en.json has a text)',
      'bad.json /cart/lonely_few error: not in en.json',
    ],
  );
  // A translation without any form of a plural misses the source's forms.
  assert.deepEqual(
    locales(setting, [
      ['en.json', en],
      ['xx.json', { cart: { other: 'x' } }],
    ]),
    [
      'xx.json /cart error: missing key /cart/items_one (en.json has it)',
      'xx.json /cart error: missing key /cart/items_other (en.json has it)',
      'xx.json /cart error: missing key /cart/place_ordinal_one (en.json has it)',
      'xx.json /cart error: missing key /cart/place_ordinal_other (en.json has it)',
      'xx.json /cart/other error: not in en.json',
    ],
  );
});

test('sameKeysAs i18next: nestings and formatters compare; the count keeps its format where a form may leave it out', () => {
  const en = {
    dialog: {
      lockRoom: 'Add meeting $t(lockRoomPassword)',
      nested: 'You have $t(items, {"count": {{count}} }) in {{f}}',
    },
    free: '{{value, bytes(bits: true; binary: true)}} free',
    items_one: '{{count, number}} item',
    items_other: '{{count, number}} items',
  };
  const da = {
    dialog: {
      lockRoom: 'Tilføj møde $t(Lockloom Password)',
      nested: 'Du har $t(items, {"count": {{count}} }) i {{f}}',
    },
    free: '{{value, rate(bits: false; binary: true)}} ledig',
    items_one: 'Et element',
    items_other: '{{count, number}} elementer',
  };
  const de = {
    dialog: { lockRoom: '$t(lockRoomPassword) hinzufügen', nested: '$t(items, {"count": {{cnt}} }) in {{f}}' },
    free: '{{value, bytes(bits: false)}} frei',
    items_one: 'Ein Element',
    items_other: '{{count, number}} Elemente',
  };
  assert.deepEqual(
    locales({ source: 'main.json', placeholders: 'i18next' }, [
      ['main-da.json', da],
      ['main-de.json', de],
      ['main.json', en],
    ]),
    [
      'main-da.json /dialog/lockRoom error: placeholders differ from main.json: has $t(Lockloom Password), the source has $t(lockRoomPassword)',
      'main-da.json /free error: placeholders differ from main.json: has {{value, rate}}, the source has {{value, bytes}}',
      'main-de.json /dialog/nested error: placeholders differ from main.json: has $t(items) {{cnt}} {{f}}, the source has $t(items) {{count}} {{f}}',
    ],
  );
});

test("sameKeysAs: i18next's JSON v3 plurals (key / key_plural, key_0…) answer to v4's and each other", () => {
  const en = { item: 'One file', item_plural: '{{count}} files', step_1: 'Open', step_2: 'Save' };
  const ru = { item_0: '{{count}} файл', item_1: '{{count}} файла', item_2: '{{count}} файлов', step_1: 'Открыть' };
  const ja = { item_0: '{{count}} ファイル', step_1: '開く', step_2: '保存' };
  const de = { item_one: 'Eine Datei', item_other: '{{count}} Dateien', step_1: 'Öffnen', step_2: 'Speichern' };
  const bad = { item: 'x', item_plural: '{{n}} files', item_7: 'y', step_1: 'a', step_2: 'b' };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'i18next' }, [
      ['bad.json', bad],
      ['de.json', de],
      ['en.json', en],
      ['ja.json', ja],
      ['ru.json', ru],
    ]),
    [
      'bad.json /item_7 error: not in en.json',
      'bad.json /item_plural error: placeholders differ from en.json: has {{n}}, the source has {{count}}',
      // numbered keys without a `_0` are plain keys, each of its own
      'ru.json  error: missing key /step_2 (en.json has it)',
    ],
  );
});

test('sameKeysAs: Rails YAML: the locale root key (en:, de:), %{name}, nested plural forms', () => {
  const en = { en: { greeting: 'Hello %{name}', inbox: { one: 'One message', other: '%{count} messages' } } };
  const ru = {
    ru: {
      greeting: 'Привет %{nme}',
      inbox: { one: '%{count} сообщение', few: '%{count} сообщения', many: '%{count} сообщений', other: '%{count}' },
    },
  };
  assert.deepEqual(
    locales({ source: 'config/locales/en.yml', placeholders: 'ruby' }, [
      ['config/locales/en.yml', en],
      ['config/locales/ru.yml', ru],
    ]),
    [
      'config/locales/ru.yml /ru/greeting error: placeholders differ from config/locales/en.yml: has %{nme}, the source has %{name}',
    ],
  );
});

test("sameKeysAs: Rails YAML: a translation's root key is its locale however it is spelt, when the source's is a locale code", () => {
  // Rails takes any symbol for a locale: diaspora's hye-classical (a 9-letter subtag) and x-pirate.
  const en = { en: { greeting: 'Hello %{name}', menu: { open: 'Open' } } };
  const files = [['en.yml', en]];
  for (const locale of ['hye-classical', 'x-pirate', 'zh-Hant-TW', 'de-AT-1996'])
    files.push([`${locale}.yml`, { [locale]: { greeting: 'x %{name}', menu: { open: 'x', shut: 'x' } } }]);
  assert.deepEqual(locales({ source: 'en.yml', placeholders: 'ruby' }, files), [
    'de-AT-1996.yml /de-AT-1996/menu/shut error: not in en.yml',
    'hye-classical.yml /hye-classical/menu/shut error: not in en.yml',
    'x-pirate.yml /x-pirate/menu/shut error: not in en.yml',
    'zh-Hant-TW.yml /zh-Hant-TW/menu/shut error: not in en.yml',
  ]);
  // A source whose only key is no locale code (a namespace) compares as written, as before.
  assert.deepEqual(
    locales('en.json', [
      ['en.json', { common: { title: 'Title' } }],
      ['de.json', { common: { title: 'Titel' } }],
      ['fr.json', { fr: { title: 'Titre' } }],
    ]),
    ['fr.json  error: missing key /common (en.json has it)', 'fr.json /fr/title error: not in en.json'],
  );
});

test("sameKeysAs: an ARB file's metadata (@key, @@locale) is not compared; a JSON file's @ keys are", () => {
  const en = {
    '@@locale': 'en',
    hello: 'Hello {name}',
    '@hello': { description: 'A greeting', placeholders: { name: { type: 'String' } } },
  };
  const setting = { source: 'l10n/intl_en.arb', placeholders: 'icu' };
  assert.deepEqual(
    locales(setting, [
      ['l10n/intl_en.arb', en],
      ['l10n/intl_de.arb', { hello: 'Hallo {name}' }],
      ['l10n/intl_fr.arb', { '@@locale': 'fr', '@@last_modified': 'x', hello: 'Salut {nom}', '@hello': {} }],
    ]),
    ['l10n/intl_fr.arb /hello error: placeholders differ from l10n/intl_en.arb: has {nom}, the source has {name}'],
  );
  assert.deepEqual(
    locales('en.json', [
      ['en.json', { '@meta': 'x', hello: 'Hello' }],
      ['de.json', { hello: 'Hallo' }],
    ]),
    ['de.json  error: missing key /@meta (en.json has it)'],
  );
});

test("sameKeysAs ruby: Rails' error messages and submit labels may add or leave out %{attribute}, %{model}, %{value}", () => {
  const en = {
    en: {
      errors: {
        format: '%{attribute} %{message}',
        messages: { blank: "can't be blank", too_long: 'is too long (%{count})' },
      },
      activerecord: { errors: { messages: { record_invalid: 'Validation failed: %{errors}' } } },
      helpers: { submit: { create: 'Create %{model}' } },
      greeting: 'Hello %{name}',
    },
  };
  const ar = {
    ar: {
      errors: { format: '%{message}', messages: { blank: '%{attribute} لا يمكن أن يكون فارغًا', too_long: 'طويل جدًا' } },
      activerecord: { errors: { messages: { record_invalid: 'فشل التحقق: %{errors} %{model}' } } },
      helpers: { submit: { create: 'إنشاء' } },
      greeting: 'مرحبا',
    },
  };
  assert.deepEqual(
    locales({ source: 'config/locales/en.yml', placeholders: 'ruby' }, [
      ['config/locales/ar.yml', ar],
      ['config/locales/en.yml', en],
    ]),
    [
      // %{count} is not one of them, and outside errors and submit labels nothing is
      'config/locales/ar.yml /ar/errors/messages/too_long error: placeholders differ from config/locales/en.yml: has none, the source has %{count}',
      'config/locales/ar.yml /ar/greeting error: placeholders differ from config/locales/en.yml: has none, the source has %{name}',
    ],
  );
});

test('sameKeysAs: a single text and a plural in its place answer to each other (Rails, i18next)', () => {
  const en = {
    en: {
      billion: 'Billion',
      inbox: { one: 'One message', other: '%{count} messages' },
      items_one: 'One',
      items_other: '%{count}',
      other_than: 'must be other than %{count}',
    },
  };
  const be = {
    be: {
      billion: {
        one: '%{count} мільярд',
        few: '%{count} мільярды',
        many: '%{count} мільярдаў',
        other: '%{count} мільярда',
      },
      inbox: '%{count} паведамленняў',
      other_than: { one: '%{count} %{x}', other: '%{count}' },
      items: '%{cnt}',
    },
  };
  assert.deepEqual(
    locales({ source: 'en.yml', placeholders: 'ruby' }, [
      ['be.yml', be],
      ['en.yml', en],
    ]),
    [
      'be.yml /be/items error: placeholders differ from en.yml: has %{cnt}, the source has %{count}',
      'be.yml /be/other_than/one error: placeholders differ from en.yml: has %{count} %{x}, the source has %{count}',
    ],
  );
});

test('sameKeysAs: icu placeholders, nested plurals and selects; a message that does not parse is a problem, not a crash', () => {
  const en = {
    cart: '{count, plural, one {# item for {name}} other {# items for {name}}}',
    who: '{gender, select, female {She} other {They}} said',
  };
  const de = {
    cart: '{count, plural, one {# Artikel} other {# Artikel für {name}}}',
    who: '{gender, select, female {Sie',
  };
  const fr = { cart: '{n, plural, one {# article pour {name}} other {# articles pour {name}}}', who: 'Ils ont dit' };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'icu' }, [
      ['de.json', de],
      ['en.json', en],
      ['fr.json', fr],
    ]),
    [
      'de.json /who error: not an ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at line 1 col 25',
      'fr.json /cart error: placeholders differ from en.json: has {name} {n}, the source has {count} {name}',
      'fr.json /who error: placeholders differ from en.json: has none, the source has {gender}',
    ],
  );
});

test("sameKeysAs icu: a source's message FormatJS refuses is reported once, on the source; a translation's own refusal on it", () => {
  const en = { br: 'Line one<br>line two {name}', once: '{n, plural, one {# x}}', tag: 'Hello <b>{name}</b>' };
  const pl = { br: 'Linia jeden<br>linia dwa {name}', once: '{n, plural, one {# x}}', tag: 'Cześć <b>{name}</i>' };
  const fr = { br: 'Ligne un<br>{nom', once: '{n, plural, one {# x} other {# xs}}', tag: 'Bonjour <b>{name}</b>' };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'icu' }, [
      ['en.json', en],
      ['fr.json', fr],
      ['pl.json', pl],
    ]),
    [
      "en.json /br error: not an ICU message: UNCLOSED_TAG at line 1 col 9; its translations' placeholders are not compared",
      "en.json /once error: not an ICU message: MISSING_OTHER_CLAUSE at line 1 col 22; its translations' placeholders are not compared",
      // Not the source's failure: the translation's own.
      'fr.json /br error: not an ICU message: EXPECT_ARGUMENT_CLOSING_BRACE at line 1 col 13',
      'pl.json /tag error: not an ICU message: UNMATCHED_CLOSING_TAG at line 1 col 18',
    ],
  );
});

test('sameKeysAs vue-i18n: apostrophes are text, literals are not placeholders, linked keys are compared', () => {
  const en = {
    quoted: "The variable '{variable}' is empty",
    email: "Contact us at support{'@'}example.com",
    linked: '@:common.save and continue',
    upper: '@.capitalize:common.save',
    list: 'Hello {0}, you have {1} messages',
  };
  const de = {
    quoted: 'Die Variable „{variable}“ ist leer',
    email: "Kontakt: support{'@'}example.com",
    linked: '@:common.cancel und weiter',
    upper: '@:common.save', // the modifier is the language's business
    list: 'Hallo {0}, du hast {2} Nachrichten',
  };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'vue-i18n' }, [
      ['de.json', de],
      ['en.json', en],
    ]),
    [
      'de.json /linked error: placeholders differ from en.json: has @:common.cancel, the source has @:common.save',
      'de.json /list error: placeholders differ from en.json: has {0} {2}, the source has {0} {1}',
    ],
  );
});

test('sameKeysAs vue-i18n: plural forms (|) compare each with the source form of its meaning; {count} and {n} may go in zero and one', () => {
  const en = {
    apples: 'no apples | one apple | {count} apples',
    cars: 'car | {n} cars',
    files: '{count} file | {count} files in {folder}',
    single: '{count} items',
  };
  const fr = {
    apples: 'aucune pomme | une pomme | {count} pommes',
    cars: 'voiture | {count} voitures', // vue-i18n passes a plural's number as {n} and {count} alike
    files: '{count} fichier dans {dossier} | {count} fichiers dans {folder}',
    single: 'un élément | {count} éléments',
  };
  const ja = { apples: '{count} 個', cars: '{n} 台', files: '{count} ファイル', single: '{count} 項目' };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'vue-i18n' }, [
      ['en.json', en],
      ['fr.json', fr],
      ['ja.json', ja],
    ]),
    [
      'fr.json /files error: placeholders differ from en.json in plural form 1 of 2 (one): has {count} {dossier}, the source has {count}',
      // One form, the source's "other": {folder} is missing.
      'ja.json /files error: placeholders differ from en.json: has {count}, the source has {count} {folder}',
    ],
  );
});

test('sameKeysAs vue-i18n: what the compiler refuses is an error, once on the source when the source has it', () => {
  const en = { mail: 'Write to me@example.com', name: 'Hello {name}' };
  const ja = { mail: 'me@example.com に書く', name: '{名前}さん' };
  assert.deepEqual(
    locales({ source: 'en.json', placeholders: 'vue-i18n' }, [
      ['en.json', en],
      ['ja.json', ja],
    ]),
    [
      "en.json /mail error: not a vue-i18n message: Invalid linked format at line 1 col 12; its translations' placeholders are not compared",
      "ja.json /name error: not a vue-i18n message: Invalid token in placeholder: '名前' at line 1 col 1",
    ],
  );
});

test('sameKeysAs: folder per locale: locales/<X>/<rest> pairs with locales/en/<rest>, nested folders too', () => {
  const files = [
    ['locales/de/app/menu.json', { open: 'Öffnen' }],
    ['locales/de/common.json', { yes: 'Ja' }],
    ['locales/de/extra.json', { a: 'A' }],
    ['locales/en/app/menu.json', { open: 'Open', close: 'Close' }],
    ['locales/en/common.json', { yes: 'Yes' }],
    ['locales/README.json', {}],
  ];
  assert.deepEqual(locales({ source: 'locales/en/**/*.json' }, files), [
    "locales/README.json  error: no source file for this file: it is not in a locale's folder beside locales/en",
    'locales/de/app/menu.json  error: missing key /close (locales/en/app/menu.json has it)',
    'locales/de/extra.json  error: no source file locales/en/extra.json for this file',
  ]);
  // The pattern's own shape counts: with *.json, the nested app/menu.json has no source.
  assert.deepEqual(locales({ source: 'locales/en/*.json', extra: 'warn' }, files.slice(0, 3)), [
    'locales/de/app/menu.json  warning: no source file locales/en/app/menu.json for this file',
    'locales/de/common.json  warning: no source file locales/en/common.json for this file',
    'locales/de/extra.json  warning: no source file locales/en/extra.json for this file',
  ]);
  const [collector] = acrossFilesCollectors([rule(0, { sameKeysAs: { source: './locales/en/*.json' } })]).get(0);
  assert.deepEqual(collector.contextFiles, ['locales/en/*.json']);
});

test('sameKeysAs: a missing single source file is an error of every file; facts keep no text', () => {
  assert.deepEqual(locales({ source: 'en.json', extra: 'off' }, [['de.json', { a: 'b' }]]), [
    'de.json  error: no source file en.json for this file',
  ]);
  const [collector] = acrossFilesCollectors([
    rule(0, { sameKeysAs: { source: 'en.json', placeholders: 'i18next' } }),
  ]).get(0);
  assert.deepEqual(collector.collect({ a: { b: 'A long text with {{x}}', c: '', d: 3 }, e: [] }, { path: 'de.json' }), {
    keys: { '/a/b': ['{{x}}'], '/a/c': 0, '/a/d': 1 },
    empty: ['/e'], // where the keys the source has in it are missing from
  });
});

test('sameKeysAs: problems come out in one order whatever the order of the entries', () => {
  const files = [
    ['locales/en/a.json', { x: 'X', y: 'Y' }],
    ['locales/de/a.json', { z: 'Z' }],
    ['locales/fr/a.json', { x: '' }],
    ['locales/de/b.json', {}],
  ];
  const setting = { source: 'locales/en/*.json' };
  assert.deepEqual(locales(setting, files, { reverse: true }), locales(setting, files));
  assert.deepEqual(locales(setting, [...files].reverse()), locales(setting, files));
});

// ─── settings ───────────────────────────────────────────────────────────────────────────────

test('a bad setting is a UsageError of one line naming the rule', () => {
  const usage = (keys, message) =>
    assert.throws(
      () => acrossFilesCollectors([rule(0, keys, 'docs'), rule(1, {}, 'people')]),
      (error) => {
        assert.ok(error instanceof UsageError);
        assert.equal(error.message, message);
        return true;
      },
    );
  usage({ unique: ['slug'] }, 'docs: unique: "slug" is not a JSON pointer (it starts with "/", e.g. "/slug")');
  usage(
    { unique: [{ pointer: '/a', ignorecase: true }] },
    'docs: unique: unknown key "ignorecase" (expected pointer, ignoreCase, severity)',
  );
  usage(
    { unique: [{ pointer: '/a', severity: 'warning' }] },
    'docs: unique: "severity" is "error" or "warn", not "warning"',
  );
  usage(
    { references: [{ from: '/a', file: true, severity: 1 }] },
    'docs: references: "severity" is "error" or "warn", not 1',
  );
  usage(
    { sameKeysAs: { source: 'en.json', severity: 'warning' } },
    'docs: sameKeysAs: "severity" is "error", "warn" or "off", not "warning"',
  );
  usage(
    { references: [{ from: '/a', to: '/id', in: 'peple' }] },
    'docs: references: "in": no rule is named "peple" (the rules: "docs", "people")',
  );
  usage({ references: [{ from: '/a' }] }, 'docs: references: "/a" needs either "to" (a pointer) or "file": true');
  usage(
    { sameKeysAs: { source: 'en.json', placeholders: 'mustache' } },
    'docs: sameKeysAs: unknown placeholder syntax "mustache" (expected "i18next", "icu", "flutter", "vue-i18n", "printf", "ruby", "symfony", "chrome", "slang", "slang-braces", "slang-double-braces", "off")',
  );
  usage(
    { sameKeysAs: { source: 'en.json', missing: 'warning' } },
    'docs: sameKeysAs: "missing" is "error", "warn" or "off", not "warning"',
  );
  usage(
    { sameKeysAs: { source: '**/en.json' } },
    'docs: sameKeysAs: source pattern "**/en.json" must start with the source locale\'s folder, e.g. "locales/en/*.json"',
  );
});

test('a rule without the keys has no collectors; a rule named by several references gets each values collector once', () => {
  const rules = [
    rule(0, {
      references: [
        { from: '/a', to: '/id', in: 'people' },
        { from: '/b', to: '/id', in: 'people' },
        { from: '/c', to: '/email', in: 'people' },
      ],
    }),
    rule(1, {}, 'people'),
    rule(2),
  ];
  const collectors = acrossFilesCollectors(rules);
  assert.deepEqual([...collectors.keys()], [0, 1]);
  assert.deepEqual(
    collectors.get(1).map((c) => c.key),
    ['values:/id', 'values:/email'],
  );
});
