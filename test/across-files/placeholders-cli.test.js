// sameKeysAs' placeholder syntaxes through the real bin/filecheck.js, in-process and on a pool: what
// a syntax's own library makes of a message is what the run reports.
import assert from 'node:assert/strict';
import test from 'node:test';
import { checkBothExecutors, makeTree, writeTree } from '../helpers/cli.js';

const rule = (placeholders) =>
  JSON.stringify({
    rules: [{ name: 'l', files: ['locales/*.json'], sameKeysAs: { source: 'locales/en.json', placeholders } }],
  });
const problems = (report) =>
  report.files.flatMap((file) => file.problems.map((p) => `${file.path}:${p.line}:${p.column} ${p.message}`));

test('icu: a message FormatJS refuses fails, once on the source when the source has it (exit 1)', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': rule('icu'),
    'locales/en.json': JSON.stringify(
      {
        br: 'Line one<br>line two {name}',
        tag: 'Hello <b>{name}</b>',
        link: 'See {link}',
        n: '{n, plural, one {# x} other {# xs}}',
      },
      null,
      2,
    ),
    'locales/pl.json': JSON.stringify(
      {
        br: 'Linia jeden<br>linia dwa {name}',
        tag: 'Cześć <b>{name}</i>',
        link: 'Zobacz <a href="x">{link}</a>',
        n: '{n, plural, one {# x} one {# y} other {# xs}}',
      },
      null,
      2,
    ),
    'locales/de.json': JSON.stringify(
      {
        br: 'Zeile eins<br/>zwei {name}',
        tag: 'Hallo <b>{name}</b>',
        link: 'Siehe {link}',
        n: '{n, plural, one {# x}}',
      },
      null,
      2,
    ),
  });
  const report = await checkBothExecutors(dir, []);
  assert.deepEqual(problems(report), [
    'locales/de.json:5:8 not an ICU message: MISSING_OTHER_CLAUSE at line 1 col 22',
    "locales/en.json:2:9 not an ICU message: UNCLOSED_TAG at line 1 col 9; its translations' placeholders are not compared",
    'locales/pl.json:3:10 not an ICU message: UNMATCHED_CLOSING_TAG at line 1 col 18',
    'locales/pl.json:4:11 not an ICU message: INVALID_TAG at line 1 col 8',
    'locales/pl.json:5:8 not an ICU message: DUPLICATE_PLURAL_ARGUMENT_SELECTOR at line 1 col 23',
  ]);
});

test("vue-i18n: an apostrophe is text, {'@'} is no placeholder, linked keys and plural forms compare (exit 0, then 1)", async (t) => {
  const en = {
    quoted: "The variable '{variable}' is empty",
    email: "Contact us at support{'@'}example.com",
    linked: '@:common.save and continue',
    pipe: 'no apples | one apple | {count} apples',
    list: 'Hello {0}, you have {1} messages',
    common: { save: 'save' },
  };
  const de = {
    quoted: 'Die Variable „{variable}“ ist leer',
    email: "Kontakt: support{'@'}example.com",
    linked: '@.capitalize:common.save und weiter',
    pipe: 'keine Äpfel | ein Apfel | {count} Äpfel',
    list: 'Hallo {0}, du hast {1} Nachrichten',
    common: { save: 'speichern' },
  };
  const dir = makeTree(t, {
    '.filecheckrc.json': rule('vue-i18n'),
    'locales/en.json': JSON.stringify(en, null, 2),
    'locales/de.json': JSON.stringify(de, null, 2),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [], 0)), []);

  const fr = { ...de, linked: '@:common.cancel et continuer', pipe: 'aucune | une pomme | {nombre} pommes' };
  writeTree(dir, { 'locales/fr.json': JSON.stringify(fr, null, 2) });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    'locales/fr.json:4:13 placeholders differ from locales/en.json: has @:common.cancel, the source has @:common.save',
    'locales/fr.json:5:11 placeholders differ from locales/en.json in plural form 3 of 3 (other): has {nombre}, the source has {count}',
  ]);
});

test("i18next: a placeholder is what i18next's own regex finds, leftmost: {{{name}} is {name}, left raw (exit 1)", async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': rule('i18next'),
    'locales/en.json': '{"a":"x {{name}}","b":"y {{name}}","c":"z {{- name}}"}\n',
    'locales/de.json': '{"a":"x {{{name}}","b":"y {{{name}}}","c":"z {{-name }}"}\n',
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    'locales/de.json:1:6 placeholders differ from locales/en.json: has {{{name}}, the source has {{name}}',
    'locales/de.json:1:24 placeholders differ from locales/en.json: has {{{name}}, the source has {{name}}',
  ]);
});

test("icu on Flutter's .arb files, and flutter: a message is what gen-l10n makes of it; an apostrophe and <Enter> are text (exit 1)", async (t) => {
  const en = {
    '@@locale': 'en',
    exists: '"{name}" already exists',
    '@exists': { placeholders: { name: {} } },
    press: 'Press <Enter> to send {name}',
    '@press': { placeholders: { name: {} } },
    files: '{count, plural, one{1 file} other{{count} files}}',
    '@files': { placeholders: { count: { type: 'int' } } },
    size: "File '{file}' too large {size}, max {sizeMax}",
    when: '{day, date, ::yMd}',
  };
  const nl = {
    '@@locale': 'nl',
    exists: "'{name}' bestaat al",
    press: 'Druk op <Enter> om {naam} te sturen',
    files: '{count, plural, one{1 bestand} other{{count} bestanden}}',
    size: "Bestand '{file}' te groot '{size}', max {sizeMax}",
    when: 'Op {dag, date, ::yMd}',
  };
  const arb = (placeholders) =>
    JSON.stringify({
      rules: [{ name: 'l10n', files: ['l10n/*.arb'], sameKeysAs: { source: 'l10n/app_en.arb', placeholders } }],
    });
  const dir = makeTree(t, {
    '.filecheckrc.json': arb('icu'),
    'l10n/app_en.arb': JSON.stringify(en, null, 2),
    'l10n/app_nl.arb': JSON.stringify(nl, null, 2),
  });
  const expected = [
    'l10n/app_nl.arb:4:12 placeholders differ from l10n/app_en.arb: has {naam}, the source has {name}',
    'l10n/app_nl.arb:7:11 placeholders differ from l10n/app_en.arb: has {dag}, the source has {day}',
  ];
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), expected);
  writeTree(dir, { '.filecheckrc.json': arb('flutter') });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), expected);

  // What gen-l10n refuses, in its words; on the source, the note that its translations went uncompared.
  writeTree(dir, {
    'l10n/app_en.arb': JSON.stringify({ ...en, press: 'Press {name to send' }, null, 2),
    'l10n/app_nl.arb': JSON.stringify({ ...nl, files: '{count, plural, one{1 bestand}}' }, null, 2),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    'l10n/app_en.arb:9:12 not a Flutter message: ICU Syntax Error: Expected "}" but found "to" at line 1 col 13; its translations\' placeholders are not compared',
    'l10n/app_nl.arb:5:12 not a Flutter message: ICU Syntax Error: Plural expressions must have an "other" case at line 1 col 17',
    'l10n/app_nl.arb:7:11 placeholders differ from l10n/app_en.arb: has {dag}, the source has {day}',
  ]);
});

test('symfony: %name% parameters compare over the whole message, plural forms and intervals included (exit 1)', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        {
          name: 'messages',
          files: ['translations/messages.*.yml'],
          sameKeysAs: { source: 'translations/messages.en.yml', placeholders: 'symfony' },
        },
      ],
    }),
    'translations/messages.en.yml': [
      'notice:',
      '  saved: Entry already saved on %date%',
      "  annotations: '{0} No annotations|{1} One annotation|]1,Inf[ %count% annotations'",
      '  pocket: You need to define %keyurls%a pocket_consumer_key%keyurle%.',
      '  share: 100%% shared by %user.name%, 10%-20% faster',
      '',
    ].join('\n'),
    'translations/messages.de.yml': [
      'notice:',
      '  saved: Eintrag bereits am %date% gespeichert',
      "  annotations: '{0} Keine Anmerkungen|{1} Eine Anmerkung|]1,Inf[ %count% Anmerkungen'",
      '  pocket: Lege %keyurls%einen pocket_consumer_key%keyurle% fest.',
      '  share: 100%% geteilt von %user.name%, 10 % schneller',
      '',
    ].join('\n'),
    'translations/messages.es.yml': [
      'notice:',
      '  saved: Artículo ya guardado el %fecha%',
      "  annotations: '{0} Sin anotaciones|{1} Una anotación|]1,Inf[ Anotaciones'",
      '  pocket: Debe definir una pocket_consumer_key%keyurle%.',
      '  share: compartido por %user.name%',
      '',
    ].join('\n'),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    'translations/messages.es.yml:2:10 placeholders differ from translations/messages.en.yml: has %fecha%, the source has %date%',
    'translations/messages.es.yml:3:16 placeholders differ from translations/messages.en.yml: has none, the source has %count%',
    'translations/messages.es.yml:4:11 placeholders differ from translations/messages.en.yml: has %keyurle%, the source has %keyurle% %keyurls%',
  ]);
});

test('chrome: $NAME$ and $1 of each message compare, descriptions and examples are free text (exit 0, then 1)', async (t) => {
  const message = (text, placeholders, description = 'Shown in the popup') => ({
    message: text,
    description,
    ...(placeholders && { placeholders }),
  });
  const link = { link_start: { content: '$1', example: '<a href="…">' }, link_end: { content: '</a>' } };
  const en = {
    name: message('Privacy Badger'),
    trackers: message('No $LINK_START$trackers$LINK_END$ blocked', link),
    version: message('version $1'),
    price: message('Costs $$5'),
  };
  const de = {
    name: { message: 'Privacy Badger' },
    trackers: message('Keine $link_start$Tracker$link_end$ blockiert', {
      Link_Start: { content: '$1', example: '<a href="…">Beispiel</a>' },
      LINK_END: { content: '</a>' },
    }),
    version: message('Version $1', undefined, 'Im Popup gezeigt'),
    price: message('Kostet $$5'),
  };
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        {
          name: 'locales',
          files: ['_locales/*/messages.json'],
          sameKeysAs: { source: '_locales/en/messages.json', placeholders: 'chrome' },
        },
      ],
    }),
    '_locales/en/messages.json': JSON.stringify(en, null, 2),
    '_locales/de/messages.json': JSON.stringify(de, null, 2),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [], 0)), []);

  const fr = {
    ...de,
    trackers: message('Aucun $LINK_START$traqueur bloqué', link),
    version: message('version $VERSION$'),
  };
  writeTree(dir, { '_locales/fr/messages.json': JSON.stringify(fr, null, 2) });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    '_locales/fr/messages.json:6:16 placeholders differ from _locales/en/messages.json: has $LINK_START$=$1, the source has $LINK_END$=</a> $LINK_START$=$1',
    '_locales/fr/messages.json:19:16 not a Chrome i18n message: $VERSION$ is not defined in its "placeholders" (Chrome does not load the extension) at line 1 col 9',
  ]);
});

test("slang: @ comments, key modifiers and slang's per-locale lists and maps are no false problem; a renamed $name and a missing key are (exit 0, then 1)", async (t) => {
  const en = {
    '@@locale': 'en',
    welcome: 'Hello $name',
    '@welcome': 'Shown on the home page',
    'greet(rich)': 'Tap ${link(here)}',
    'minutes(plural, param=m)': { one: '$m minute', other: '$m minutes' },
    files: { one: '$n file', other: '$n files' },
    'gender(context=GenderContext)': { male: 'His $name', female: 'Her $name' },
    'aliasGenerator(ignoreMissing)': { adjectives: ['Quick', 'Calm'], '@combination': 'a note' },
    'brands(map)': { acme: 'Acme' },
    tips: ['One', 'Two'],
    tray: { '@info': 'tray menu', open: '@:welcome' },
    later: 'Later',
  };
  const pl = {
    welcome: 'Cześć $name',
    greet: 'Dotknij ${link(tutaj)}',
    'minutes(param=m)': { one: 'minuta', few: '$m minuty', many: '$m minut', other: '$m minuty' },
    files: { one: 'plik', few: '$n pliki', many: '$n plików', other: '$n pliku' },
    'gender(context=GenderContext)': { 'male,female': 'Jego/jej $name' },
    'aliasGenerator(ignoreMissing)': { '@info': 'lista jest własna' },
    'brands(map)': { acme: 'Acme', globex: 'Globex' },
    tips: ['Jeden', 'Dwa', 'Trzy'],
    tray: { open: '@:welcome' },
    later: 'Później',
    'old(ignoreUnused)': 'kept',
  };
  const dir = makeTree(t, {
    '.filecheckrc.json': rule('slang'),
    'locales/en.json': JSON.stringify(en, null, 2),
    'locales/pl.json': JSON.stringify(pl, null, 2),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [], 0)), []);

  const { later, welcome, greet, tray, ...rest } = pl;
  const de = {
    welcome: 'Hallo $nme',
    'greet(rich, OUTDATED)': 'Tippe ${link(hier)}',
    tray: { open: 'Hallo' }, // what English links, written out
    ...rest,
  };
  writeTree(dir, { 'locales/de.json': JSON.stringify(de, null, 2) });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    'locales/de.json:1:1 missing key /later (locales/en.json has it)',
    'locales/de.json:2:14 placeholders differ from locales/en.json: has $nme, the source has $name',
    'locales/de.json:3:28 outdated: flagged (OUTDATED), to be translated again from locales/en.json',
  ]);
});

test('chrome: a placeholder is what its content stands for: renamed is fine, a swapped $1 and $2 is not (exit 0, then 1)', async (t) => {
  const counted = (text, count, total) => ({
    message: text,
    placeholders: { [count[0]]: { content: count[1] }, [total[0]]: { content: total[1] } },
  });
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        {
          name: 'locales',
          files: ['_locales/*/messages.json'],
          sameKeysAs: { source: '_locales/en/messages.json', placeholders: 'chrome' },
        },
      ],
    }),
    '_locales/en/messages.json': JSON.stringify(
      { found: counted('$COUNT$ of $TOTAL$', ['count', '$1'], ['total', '$2']) },
      null,
      2,
    ),
    // its own names (Chromium replaces a message's $NAME$ from its own entry), and reordered
    '_locales/de/messages.json': JSON.stringify(
      { found: counted('$ANZAHL$ von $GESAMT$', ['anzahl', '$1'], ['gesamt', '$2']) },
      null,
      2,
    ),
    '_locales/ja/messages.json': JSON.stringify(
      { found: counted('$TOTAL$ 中 $COUNT$', ['count', '$1'], ['total', '$2']) },
      null,
      2,
    ),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [], 0)), []);

  writeTree(dir, {
    '_locales/fr/messages.json': JSON.stringify(
      { found: counted('$COUNT$ sur $TOTAL$', ['count', '$2'], ['total', '$1']) },
      null,
      2,
    ),
  });
  assert.deepEqual(problems(await checkBothExecutors(dir, [])), [
    '_locales/fr/messages.json:3:16 placeholders differ from _locales/en/messages.json: has $COUNT$=$2 $TOTAL$=$1, the source has $COUNT$=$1 $TOTAL$=$2',
  ]);
});
