// sameKeysAs: the count left out of a plural's zero, one or two form, which is safe only where the
// locale's category is that one number ("one" in en is 1; in ru it is 1, 21, 31…).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { acrossFilesCollectors } from '../../validators/across-files/index.js';
import { makeTree, runCli } from '../helpers/cli.js';

// The sameKeysAs problems of files given as [path, document], as "path pointer: message".
function sameKeys(setting, files) {
  const [collector] = acrossFilesCollectors([{ id: 0, name: 'l', base: '/p', sameKeysAs: setting }]).get(0);
  const entries = files.map(([file, doc]) => ({ path: file, facts: collector.collect(doc, { path: file }) }));
  const ctx = { relativeToBase: (file) => file, display: (file) => file };
  return collector.checkAll(entries, ctx).map((p) => `${p.path} ${p.pointer}: ${p.message}`);
}

const ruForms = (one) => ({ one, few: '%{count} сообщения', many: '%{count} сообщений', other: '%{count} сообщений' });

test('Rails: "one" without %{count} is an error in ru, whose "one" is also 21, 31…; not in de, nor where the source has no count', () => {
  const en = {
    en: {
      reports: { one: '%{count} Report', other: '%{count} Reports' },
      spelt: { one: 'One report', other: '%{count} reports' }, // the source's other form has the count
      heading: { one: 'Report', other: 'Reports' }, // no count at all: nothing to leave out
      single: '%{count} reports', // a single text where ru has a plural
    },
  };
  const ru = {
    ru: {
      reports: ruForms('1 сообщение'),
      spelt: ruForms('Одно сообщение'),
      heading: { one: 'Сообщение', few: 'Сообщения', many: 'Сообщений', other: 'Сообщений' },
      single: ruForms('1 сообщение'),
    },
  };
  const de = {
    de: {
      reports: { one: 'Ein Bericht', other: '%{count} Berichte' },
      spelt: { one: 'Ein Bericht', other: '%{count} Berichte' },
      heading: { one: 'Bericht', other: 'Berichte' },
      single: { one: 'Ein Bericht', other: '%{count} Berichte' },
    },
  };
  const why =
    'placeholders differ from config/locales/en.yml: the "one" form has no %{count}, but in ru "one" is also 21, 31, …';
  assert.deepEqual(
    sameKeys({ source: 'config/locales/en.yml', placeholders: 'ruby' }, [
      ['config/locales/de.yml', de],
      ['config/locales/en.yml', en],
      ['config/locales/ru.yml', ru],
    ]),
    [
      `config/locales/ru.yml /ru/reports/one: ${why}`,
      `config/locales/ru.yml /ru/single/one: ${why}`,
      `config/locales/ru.yml /ru/spelt/one: ${why}`,
    ],
  );
});

test('the locale comes from the root key, the locale folder or the file name; an unknown locale leaves the count optional', () => {
  const en = { items_one: '{{count}} item', items_other: '{{count}} items' };
  const uk = { items_one: 'Один елемент', items_few: '{{count}} елементи', items_many: '{{count}} елементів' };
  const setting = (source) => ({ source, placeholders: 'i18next' });
  const message = (source, locale) =>
    `placeholders differ from ${source}: the "one" form has no {{count}}, but in ${locale} "one" is also 21, 31, …`;
  // a folder per locale
  assert.deepEqual(
    sameKeys(setting('locales/en/*.json'), [
      ['locales/en/common.json', en],
      ['locales/uk/common.json', uk],
      ['locales/x-pirate/common.json', uk], // Intl knows no such locale: as before
    ]),
    [`locales/uk/common.json /items_one: ${message('locales/en/common.json', 'uk')}`],
  );
  // a file per locale: its name, its last dotted part, or what follows the source's name
  assert.deepEqual(
    sameKeys(setting('lang/main.json'), [
      ['lang/main.json', en],
      ['lang/main-be.json', uk],
      ['lang/app.sr-Latn.json', uk],
      ['lang/lt.json', { items_one: 'Vienas elementas', items_other: '{{count}} elementų' }],
      ['lang/main-fr.json', { items_one: 'Un élément', items_other: '{{count}} éléments' }],
      ['lang/main-pl.json', { items_one: 'Jeden element', items_other: '{{count}} elementów' }],
      ['lang/main-common.json', uk],
    ]),
    [
      `lang/app.sr-Latn.json /items_one: ${message('lang/main.json', 'sr-Latn')}`,
      `lang/lt.json /items_one: ${message('lang/main.json', 'lt')}`,
      `lang/main-be.json /items_one: ${message('lang/main.json', 'be')}`,
      `lang/main-fr.json /items_one: placeholders differ from lang/main.json: the "one" form has no {{count}}, but in fr "one" is also 0`,
    ],
  );
});

test('"two" and "zero" likewise, and an ordinal\'s forms by the ordinal rules', () => {
  const en = {
    items_one: '{{count}} item',
    items_other: '{{count}} items',
    place_ordinal_one: '{{count}}st',
    place_ordinal_other: '{{count}}th',
  };
  const ordinal = { place_ordinal_other: '{{count}}.' };
  assert.deepEqual(
    sameKeys({ source: 'en.json', placeholders: 'i18next' }, [
      ['ar.json', { items_zero: 'لا عناصر', items_two: 'عنصران', items_other: '{{count}} عنصر', ...ordinal }], // 0, 2 alone
      ['en-GB.json', { ...en, place_ordinal_one: 'first' }],
      ['en.json', en],
      ['lv.json', { items_zero: 'Nav', items_one: '{{count}} vienums', items_other: '{{count}} vienumi', ...ordinal }],
      [
        'sl.json',
        { items_one: '{{count}} element', items_two: 'Dva elementa', items_other: '{{count}} elementov', ...ordinal },
      ],
    ]),
    [
      'en-GB.json /place_ordinal_one: placeholders differ from en.json: the "one" form has no {{count}}, but in en-GB "one" is also 21, 31, …',
      'lv.json /items_zero: placeholders differ from en.json: the "zero" form has no {{count}}, but in lv "zero" is also 10, 11, …',
      'sl.json /items_two: placeholders differ from en.json: the "two" form has no {{count}}, but in sl "two" is also 102',
    ],
  );
});

test('CLI: a Rails ru.yml whose "one" form drops %{count} fails at its line, en.yml and a de.yml pass', async (t) => {
  const dir = makeTree(t, {
    '.filecheckrc.json': JSON.stringify({
      rules: [
        {
          name: 'locales',
          files: ['config/locales/*.yml'],
          sameKeysAs: { source: 'config/locales/en.yml', placeholders: 'ruby' },
        },
      ],
    }),
    'config/locales/en.yml': 'en:\n  reports_count:\n    one: "%{count} Report"\n    other: "%{count} Reports"\n',
    'config/locales/de.yml': 'de:\n  reports_count:\n    one: "Ein Bericht"\n    other: "%{count} Berichte"\n',
    'config/locales/ru.yml':
      "ru:\n  reports_count:\n    one: 1 сообщение\n    few: '%{count} сообщения'\n    many: '%{count} сообщений'\n    other: '%{count} сообщений'\n",
  });
  const { code, stdout, stderr } = await runCli(['--workers', '0'], { cwd: dir });
  assert.equal(code, 1, stdout + stderr);
  assert.match(
    stdout,
    /config\/locales\/ru\.yml:3:10 {2}\/ru\/reports_count\/one: placeholders differ from config\/locales\/en\.yml: the "one" form has no %\{count\}, but in ru "one" is also 21, 31, …\n/,
  );
  assert.match(stdout, /Files: 1 failed, 2 passed, 3 total/);
});

test("symfony: a plural's %count% is its count, which its one form may leave out where one is 1 alone", () => {
  const forms = (one, other) => ({ one, few: '%count% элемента', many: '%count% элементов', other });
  assert.deepEqual(
    sameKeys({ source: 'translations/en.yml', placeholders: 'symfony' }, [
      ['translations/de.yml', { de: { items: { one: 'Ein Element', other: '%count% Elemente' } } }],
      ['translations/en.yml', { en: { items: { one: '%count% item', other: '%count% items' } } }],
      ['translations/ru.yml', { ru: { items: forms('Один элемент', '%count% элемента') } }],
    ]),
    [
      'translations/ru.yml /ru/items/one: placeholders differ from translations/en.yml: the "one" form has no %count%, but in ru "one" is also 21, 31, …',
    ],
  );
});
