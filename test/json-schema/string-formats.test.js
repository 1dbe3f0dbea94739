// validators/json-schema/string-formats.cjs, through the json-schema validator: formats checked, unknown
// ones warned about, and the ajv.formats settings.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compile, problem } from '../helpers/compile-schema.js';

// ── formats ─────────────────────────────────────────────────────────────────────────────────────

test('an unknown format warns once per format and is not checked', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      type: 'object',
      properties: { a: { type: 'string', format: 'kumascript' }, b: { type: 'string', format: 'kumascript' } },
    },
  });
  assert.deepEqual(warnings, ['schema schema.json: unknown format "kumascript" is not checked (at #/properties/a)']);
  assert.deepEqual(validate({ a: 'anything', b: 'at all' }), []);
  assert.deepEqual(validate({ a: 1 }), [problem('/a', 'must be string')]);
});

test('several unknown formats are one warning, each format where it is first met', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $defs: { width: { type: 'integer', format: 'uint8' } },
      properties: { w: { $ref: '#/$defs/width' }, size: { format: 'uint64' }, h: { format: 'uint8' } },
    },
  });
  assert.deepEqual(warnings, [
    'schema schema.json: unknown formats "uint8" (at #/$defs/width), "uint64" (at #/properties/size) are not checked',
  ]);
  assert.deepEqual(validate({ w: 300, size: -1 }), []);
});

test('an unknown format: strict false is silent, strict true is a UsageError', async (t) => {
  const files = { 'schema.json': { type: 'object', properties: { a: { type: 'string', format: 'kumascript' } } } };
  const quiet = await compile(t, files, { ajv: { strict: false } });
  assert.deepEqual(quiet.warnings, []);
  assert.deepEqual(quiet.validate({ a: 'x' }), []);
  await assert.rejects(compile(t, files, { ajv: { strictSchema: true } }), {
    name: 'UsageError',
    message: 'schema schema.json is invalid: unknown format "kumascript" ignored in schema at path "#/properties/a"',
  });
});

test('formats: full (the default), fast and false', async (t) => {
  const files = { 'schema.json': { type: 'object', properties: { d: { type: 'string', format: 'date' } } } };
  const cases = [
    // [ajv settings, problems for an impossible date, problems for a non-date]
    [
      {},
      [problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)')],
      [problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)')],
    ],
    [
      { formats: 'full' },
      [problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)')],
      [problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)')],
    ],
    [{ formats: 'fast' }, [], [problem('/d', 'must match format "date" (YYYY-MM-DD, such as 2024-01-05)')]],
    [{ formats: false }, [], []],
  ];
  for (const [ajv, impossible, nonsense] of cases) {
    await t.test(JSON.stringify(ajv), async (t) => {
      const { validate, warnings } = await compile(t, files, { ajv });
      assert.deepEqual(warnings, []);
      assert.deepEqual(validate({ d: '2021-02-28' }), []);
      assert.deepEqual(validate({ d: '2021-02-30' }), impossible);
      assert.deepEqual(validate({ d: 'yesterday' }), nonsense);
    });
  }
});

test('date-time wants RFC 3339\'s "T" (or "t") between date and time, under full and fast formats alike', async (t) => {
  const files = { 'schema.json': { properties: { at: { items: { format: 'date-time' } } } } };
  for (const formats of ['full', 'fast']) {
    const { validate } = await compile(t, files, { ajv: { formats } });
    assert.deepEqual(
      validate({ at: ['1963-06-19T08:30:06Z', '1963-06-19t08:30:06.28z', '1990-12-31T15:59:59-08:00'] }),
      [],
    );
    const spaced = validate({ at: ['1963-06-19 08:30:06Z', '1963-06-19\t08:30:06Z', '1963-06-19\n08:30:06Z'] });
    assert.deepEqual(
      spaced.map((found) => found.pointer),
      ['/at/0', '/at/1', '/at/2'],
      `${formats}: a space, a tab or a line break between them fails (ajv-formats' full mode took any)`,
    );
  }
});

test('the standard formats ajv-formats lacks are checked: iri, iri-reference, idn-email, idn-hostname', async (t) => {
  const { validate, warnings } = await compile(t, {
    'schema.json': {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      properties: {
        home: { format: 'iri' },
        link: { format: 'iri-reference' },
        mail: { format: 'idn-email' },
        host: { format: 'idn-hostname' },
      },
    },
  });
  assert.deepEqual(warnings, []);
  assert.deepEqual(
    validate({
      home: 'https://bücher.example/straße?q=ö',
      link: '../ü/x',
      mail: 'jürgen@bücher.example',
      host: '例え.テスト',
    }),
    [],
  );
  assert.deepEqual(validate({ home: 'bücher', link: 'a b', mail: 'jürgen@', host: 'a..b' }), [
    problem('/home', 'must match format "iri" (an absolute IRI, such as https://example.com/ä)'),
    problem('/link', 'must match format "iri-reference" (an IRI or a relative reference, such as ../ä)'),
    problem('/mail', 'must match format "idn-email" (such as name@bücher.example)'),
    problem('/host', 'must match format "idn-hostname" (such as bücher.example)'),
  ]);
  assert.deepEqual(validate({ host: 'bü cher.example', mail: 'a@b@c.example' }), [
    problem('/mail', 'must match format "idn-email" (such as name@bücher.example)'),
    problem('/host', 'must match format "idn-hostname" (such as bücher.example)'),
  ]);
});

test('iri and iri-reference follow RFC 3987 both ways, and take every URI (reference) uri and uri-reference take', async (t) => {
  const { validate } = await compile(t, {
    'schema.json': {
      properties: {
        iri: { items: { format: 'iri' } },
        ref: { items: { format: 'iri-reference' } },
        uri: { items: { format: 'uri' } },
        uriref: { items: { format: 'uri-reference' } },
      },
    },
  });
  // ucschar in a path (no-break, em and ideographic spaces), a port and an IPv4-like host name
  // RFC 3986 leaves alone, a percent-encoded host, an IP literal of a future version, iprivate in
  // a query.
  const uris = [
    'http://example.com:99999/',
    'http://300.1.1.1/',
    'http://ex%2Fample.com/',
    'http://xn--a.com/',
    'http://[v1.fe]/',
  ];
  const iris = [
    ...uris,
    'http://a/b\u00a0c',
    'http://a/\u2003',
    'http://a/\u3000',
    'http://a/?\ue000',
    'http://a/\u{1F600}',
  ];
  assert.deepEqual(validate({ iri: iris, ref: [...iris, '../ü', '#ä'], uri: uris, uriref: [...uris, '../a'] }), []);
  // A bad percent-encoding; iprivate outside a query; a noncharacter; a tag character (below
  // ucschar's plane 14 range); a double quote, which ajv-formats' uri-reference lets through.
  const bad = [
    'http://example.com/%zz',
    'http://example.com/%4',
    'http://a/\ue000',
    'http://a/#\ue000',
    'http://a/\ufdd0',
    'http://a/\u{E0001}',
    'http://a/"',
  ];
  const worded = {
    iri: 'must match format "iri" (an absolute IRI, such as https://example.com/ä)',
    ref: 'must match format "iri-reference" (an IRI or a relative reference, such as ../ä)',
  };
  assert.deepEqual(validate({ iri: bad, ref: bad, uriref: ['/a"b'] }), [
    ...bad.map((_, i) => problem(`/iri/${i}`, worded.iri)),
    ...bad.map((_, i) => problem(`/ref/${i}`, worded.ref)),
    problem('/uriref/0', 'must match format "uri-reference" (a URI or a relative reference, such as ../a)'),
  ]);
});

test("idn-hostname (and idn-email's domain) follow IDNA2008: contextual rules, disallowed characters, hyphens, Punycode", async (t) => {
  const { validate } = await compile(t, {
    'schema.json': { properties: { hosts: { items: { format: 'idn-hostname' } }, mail: { format: 'idn-email' } } },
  });
  const valid = ['실례.테스트', 'xn--ihqwcrb4cv8a8dqg056pqjye', 'l·l', 'α͵β', 'א׳ב', '・ぁ', 'क्‍ष', 'host-name'];
  assert.deepEqual(validate({ hosts: valid, mail: 'user@실례.테스트' }), []);
  // From RFC 5891 (hyphens, leading marks) and RFC 5892's CONTEXTO and DISALLOWED exceptions.
  const invalid = [
    '실〮례.테스트',
    'XN--aa---o47jg78q',
    'ـߺ',
    '〱〲〳〴〵〮〯〻',
    'a·l',
    'l·',
    'α͵S',
    'A׳ב',
    '״ב',
    'def・abc',
    'ःhello',
    'xn--X',
    '-hello',
  ];
  assert.deepEqual(validate({ hosts: invalid, mail: 'user@a·l' }), [
    ...invalid.map((_, i) => problem(`/hosts/${i}`, 'must match format "idn-hostname" (such as bücher.example)')),
    problem('/mail', 'must match format "idn-email" (such as name@bücher.example)'),
  ]);
});

test('formats: false ignores unknown formats without a warning', async (t) => {
  const { validate, warnings } = await compile(
    t,
    { 'schema.json': { format: 'kumascript' } },
    { ajv: { formats: false } },
  );
  assert.deepEqual(warnings, []);
  assert.deepEqual(validate('x'), []);
});

/**
 * The cases (format ─▶ [value, valid] pairs) that a format judges otherwise, as `format "value"`:
 * each value checked alone, under its own property.
 */
async function misjudged(t, cases, ajv = {}) {
  const properties = {};
  for (const [format, values] of Object.entries(cases))
    for (const i of values.keys()) properties[`${format} ${i}`] = { format };
  const { validate } = await compile(t, { 'schema.json': { properties } }, { ajv });
  const wrong = [];
  for (const [format, values] of Object.entries(cases))
    for (const [i, [value, valid]] of values.entries())
      if (validate({ [`${format} ${i}`]: value }).length === (valid ? 1 : 0))
        wrong.push(`${format} ${JSON.stringify(value)}`);
  return wrong;
}

test("idn-email takes RFC 6531's local parts: a quoted string, and any non-ASCII character", async (t) => {
  const cases = {
    'idn-email': [
      ['"δοκιμή"@example.com', true],
      ['\u0085@example.com', true],
      ['"joe bloggs"@bücher.example', true],
      ['"a\\"b"@example.com', true],
      ['"joe@bloggs"@example.com', true],
      ['a.b@example.com', true],
      ['"unclosed@example.com', false],
      ['"a"b"@example.com', false],
      ['a b@example.com', false],
      ['.a@example.com', false],
      ['a..b@example.com', false],
      ['a.@example.com', false],
      ['a@example.', false],
    ],
  };
  assert.deepEqual(await misjudged(t, cases), []);
});

test('hostname and idn-hostname refuse a trailing dot or full stop; a hostname A-label follows IDNA2008', async (t) => {
  const cases = {
    hostname: [
      ['example.com', true],
      ['a--b.com', true],
      ['xn--ihqwcrb4cv8a8dqg056pqjye.com', true],
      ['example.', false],
      ['xn--X', false],
      ['xn--hello-txk', false],
      ['XN--aa---o47jg78q', false],
    ],
    'idn-hostname': [
      ['a。b', true],
      ['example.', false],
      ['example。', false],
      ['example．', false],
      ['example｡', false],
    ],
  };
  for (const formats of ['full', 'fast']) assert.deepEqual(await misjudged(t, cases, { formats }), [], formats);
});

test('uri, uri-reference, iri and iri-reference: an authority only after "//", no leading zero in an IPv4 part, no colon in a relative first segment', async (t) => {
  const absolute = [
    ['http://[::ffff:192.168.0.1]/', true],
    ['http://192.168.0.01/', true], // a registered name, as RFC 3986 reads it
    ['http:/a:b', true],
    ['urn:isbn:0451450523', true],
    ['http://2001:0db8:85a3:0000:0000:8a2e:0370:7334', false],
    ['http://[::ffff:192.168.0.01]', false],
    ['http://[::ffff:01.2.3.4]', false],
    ['http:/[::1]', false],
    ['http://example.com:abc/path', false],
    ['http://a@b@example.com/', false],
  ];
  const relative = [
    ['./1:b', true],
    ['a/b:c', true],
    ['?q:1', true],
    ['#a:b', true],
    ['//example.com:8080/p', true],
    ['/[::1]', false],
    ['//example.com:abc/p', false],
    ['//a@b@example.com/', false],
    ['//[::ffff:192.168.0.01]/p', false],
    ['1:b', false],
  ];
  const cases = {
    uri: absolute,
    iri: absolute,
    'uri-reference': [...absolute, ...relative],
    'iri-reference': [...absolute, ...relative],
  };
  assert.deepEqual(await misjudged(t, cases), []);
});

test("date-time and time are RFC 3339's: an offset of hh:mm, hours to 23, a fraction of any length", async (t) => {
  const cases = {
    'date-time': [
      ['1985-04-12T00:59:59.999999999999999Z', true],
      ['1998-12-31T23:59:60Z', true],
      ['1998-12-31T15:59:60.123-08:00', true],
      ['1985-04-12T23:20:50+01', false],
      ['1985-04-12T23:20:50+0100', false],
      ['2016-12-31T24:59:60+01:00', false],
      ['2016-12-31T24:00:00Z', false],
      ['1998-12-31T22:59:60Z', false],
      ['2021-02-29T10:00:00Z', false],
    ],
    time: [
      ['00:59:59.999999999999999Z', true],
      ['23:59:60Z', true],
      ['15:59:60-08:00', true],
      ['23:20:50+01', false],
      ['24:00:00Z', false],
      ['22:59:60Z', false],
      ['10:00:00', false],
    ],
  };
  assert.deepEqual(await misjudged(t, cases), []);
});
