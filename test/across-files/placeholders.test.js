import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeholdersOf, quotePlaceholders, samePlaceholders } from '../../validators/across-files/placeholders.js';

test('i18next: {{name}}, {{- name}} as the name, a set', () => {
  assert.deepEqual(placeholdersOf('{{count}} of {{ total }} by {{- author}} and {{count}}', 'i18next'), [
    '{{author}}',
    '{{count}}',
    '{{total}}',
  ]);
  assert.deepEqual(placeholdersOf('{{user.name}} {single} %s', 'i18next'), ['{{user.name}}']);
});

test("i18next: {{name, format}} keeps the formatter's name, not its options", () => {
  // homepage's yue/common.json: rate where English has bytes, the wrong formatter runs
  const bytes = placeholdersOf('{{value, bytes(bits: true; binary: true)}}', 'i18next');
  assert.deepEqual(bytes, ['{{value, bytes}}']);
  assert.deepEqual(placeholdersOf('{{value, rate(bits: false; binary: true)}}', 'i18next'), ['{{value, rate}}']);
  assert.deepEqual(placeholdersOf('{{value,bytes( bits: false )}}', 'i18next'), bytes); // options may differ
  assert.deepEqual(placeholdersOf('{{ total, number }} {{d, datetime(dateStyle: long), uppercase}}', 'i18next'), [
    '{{d, datetime, uppercase}}',
    '{{total, number}}',
  ]);
});

test('i18next: $t(key) nesting is a placeholder of its key, and the {{…}} among its options count', () => {
  assert.deepEqual(placeholdersOf('See $t(common.more) or $t(key, { "n": {{n}} })', 'i18next'), [
    '$t(common.more)',
    '$t(key)',
    '{{n}}',
  ]);
  // lab/i18n: ja passes {{cnt}} to the nested key where en passes {{count}}
  assert.deepEqual(placeholdersOf('You have $t(items, {"count": {{count}} }) in {{folder}}', 'i18next'), [
    '$t(items)',
    '{{count}}',
    '{{folder}}',
  ]);
  assert.deepEqual(placeholdersOf('$t(items, {"count": {{cnt}} }) が {{folder}} にあります', 'i18next'), [
    '$t(items)',
    '{{cnt}}',
    '{{folder}}',
  ]);
  // jitsi's da and vi: a nesting of another key, and mangled ones, are text
  assert.deepEqual(placeholdersOf('Tilføj møde $t(Lockloom Password)', 'i18next'), ['$t(Lockloom Password)']);
  assert.deepEqual(placeholdersOf('Fjern $ T (lockRoomPassword)', 'i18next'), []);
  assert.deepEqual(placeholdersOf('t(lockRoomPasswordUppercase) không được hỗ trợ', 'i18next'), []);
});

test('icu: argument names, those of plurals and selects and of their branches; # is not one', () => {
  const message =
    '{count, plural, offset:1 =0 {none} one {# item from {name}} other {# items, {gender, select, male {his {thing}} other {their}}}} on {day, date, short}';
  assert.deepEqual(placeholdersOf(message, 'icu'), ['{count}', '{day}', '{gender}', '{name}', '{thing}']);
  assert.deepEqual(placeholdersOf('{place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', 'icu'), [
    '{place}',
  ]);
  assert.deepEqual(placeholdersOf("It''s '{literal}' and {n, number}", 'icu'), ['{n}']);
  assert.deepEqual(placeholdersOf('{n, plural, one {#} few {#} many {#} other {#}}', 'icu'), ['{n}']); // pl's forms parse
});

test("icu: FormatJS's rich-text tags are placeholders when closed; a lone <br> and a self-closing <br/> are text", () => {
  assert.deepEqual(placeholdersOf('Read <link>the {name} docs</link>, <b>now</b><br/>', 'icu'), [
    '<b>',
    '<link>',
    '{name}',
  ]);
  assert.deepEqual(placeholdersOf('{n, plural, one {<i>#</i> item} other {# items}}', 'icu'), ['<i>', '{n}']);
  assert.deepEqual(placeholdersOf('line<br>next, 1 < 2 > 0', 'icu'), []);
});

test('icu: quoted as FormatJS quotes: an apostrophe before { } < > (# in a plural) starts text, to the next lone one', () => {
  // umami's message.tracking-code: the quoted <head> is text, not a tag.
  assert.deepEqual(placeholdersOf("Place the code in the '<head>...</head>' section.", 'icu'), []);
  assert.deepEqual(placeholdersOf('Place it in the <head>...</head> section.', 'icu'), ['<head>']);
  assert.deepEqual(placeholdersOf("'<b>{name}</b>' and '{n}' are text, '>' too", 'icu'), []);
  assert.deepEqual(placeholdersOf("It's <b>{name}</b>'s turn, I''m '<i>'", 'icu'), ['<b>', '{name}']);
  // In a plural's branch '#' is quoted; elsewhere an apostrophe before # is an apostrophe.
  assert.deepEqual(placeholdersOf("{n, plural, other {'# <b>x</b>' #}}", 'icu'), ['{n}']);
  assert.deepEqual(placeholdersOf("'# <b>x</b> {g, select, other {'# <i>y</i>}}", 'icu'), ['<b>', '<i>', '{g}']);
  // A style's apostrophes quote to the next one; they do not change what follows.
  assert.deepEqual(placeholdersOf("{d, date, 'at' h} <b>{who}</b>", 'icu'), ['<b>', '{d}', '{who}']);
  // Masking keeps lines and columns: errors say where, as before.
  assert.throws(() => placeholdersOf("'{a}'\n{b", 'icu'), { message: /line 2 col 3$/ });
});

test('icu: a message that does not parse throws a SyntaxError that says where', () => {
  assert.throws(() => placeholdersOf('Hello {name', 'icu'), {
    name: 'SyntaxError',
    message: /^not an ICU message: .*line 1 col \d+$/,
  });
  assert.throws(() => placeholdersOf('{n, plural, one {# item}', 'icu'), SyntaxError);
});

test('printf: named and positional as a set, unnamed in order, flags and width left out, %% and prose are not', () => {
  assert.deepEqual(placeholdersOf('%s has %d items (%5.2f%%)', 'printf'), ['%s', '%d', '%f']);
  assert.deepEqual(placeholdersOf('%2$s then %1$s then %1$s', 'printf'), ['%1$s', '%2$s']);
  assert.deepEqual(placeholdersOf('%(name)s is %(age)d', 'printf'), ['%(age)d', '%(name)s']);
  assert.deepEqual(placeholdersOf('100% sicher, 50 % mehr', 'printf'), []);
  assert.equal(samePlaceholders(placeholdersOf('%s of %d', 'printf'), placeholdersOf('%d von %s', 'printf')), false);
});

test('ruby: %{name} and %<name>s name the same argument, %% escapes', () => {
  assert.deepEqual(placeholdersOf('Hello %{name}, you have %<count>d and %{name}', 'ruby'), ['%{count}', '%{name}']);
  assert.deepEqual(placeholdersOf('100%% %%{not}', 'ruby'), []);
});

test('off: none; quoting a list', () => {
  assert.deepEqual(placeholdersOf('{{a}} {b} %s %{c}', 'off'), []);
  assert.equal(quotePlaceholders(['{{max}}', '{{min}}']), '{{max}} {{min}}');
  assert.equal(quotePlaceholders([]), 'none');
});
