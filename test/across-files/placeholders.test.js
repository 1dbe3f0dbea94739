import assert from 'node:assert/strict';
import { test } from 'node:test';
import { placeholdersOf, quotePlaceholders, samePlaceholders } from '../../validators/across-files/placeholders.js';

test('i18next: {{name}}, {{- name}}, {{name, format}} as the name, $t(key) nesting left out, a set', () => {
  assert.deepEqual(placeholdersOf('{{count}} of {{ total, number }} by {{- author}} and {{count}}', 'i18next'), [
    '{{author}}',
    '{{count}}',
    '{{total}}',
  ]);
  assert.deepEqual(placeholdersOf('See $t(common.more) or $t(key, { "n": {{n}} })', 'i18next'), []);
  assert.deepEqual(placeholdersOf('{{user.name}} {single} %s', 'i18next'), ['{{user.name}}']);
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

test("icu: FormatJS's rich-text tags are placeholders when closed; a lone <br> is text", () => {
  assert.deepEqual(placeholdersOf('Read <link>the {name} docs</link>, <b>now</b><br/>', 'icu'), [
    '<b>',
    '<br>',
    '<link>',
    '{name}',
  ]);
  assert.deepEqual(placeholdersOf('{n, plural, one {<i>#</i> item} other {# items}}', 'icu'), ['<i>', '{n}']);
  assert.deepEqual(placeholdersOf('line<br>next, 1 < 2 > 0', 'icu'), []);
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
