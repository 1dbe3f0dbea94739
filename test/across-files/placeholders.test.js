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

test("icu: FormatJS's rich-text tags are placeholders; a self-closing <br/> is text, a < not before a letter too", () => {
  assert.deepEqual(placeholdersOf('Read <link>the {name} docs</link>, <b>now</b><br/>', 'icu'), [
    '<b>',
    '<link>',
    '{name}',
  ]);
  assert.deepEqual(placeholdersOf('{n, plural, one {<i>#</i> item} other {# items}}', 'icu'), ['<i>', '{n}']);
  assert.deepEqual(placeholdersOf('line<br/>next, 1 < 2 > 0, <3', 'icu'), []);
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
  assert.throws(() => placeholdersOf("'{a}'\n{b", 'icu'), { message: /line 2 col 1$/ });
});

test('icu: a message that does not parse throws a SyntaxError that says where', () => {
  assert.throws(() => placeholdersOf('Hello {name', 'icu'), {
    name: 'SyntaxError',
    message: /^not an ICU message: .*line 1 col \d+$/,
  });
  assert.throws(() => placeholdersOf('{n, plural, one {# item}', 'icu'), SyntaxError);
});

test('icu: what FormatJS refuses is not an ICU message, with its reason and place', () => {
  const refused = (text) => {
    try {
      placeholdersOf(text, 'icu');
    } catch (error) {
      return [error.message, error.reason];
    }
    return 'parsed';
  };
  const reason = (kind, at) => [`not an ICU message: ${kind} at line 1 col ${at}`, kind];
  assert.deepEqual(refused('{count, plural, one {# x}}'), reason('MISSING_OTHER_CLAUSE', 26));
  assert.deepEqual(refused('{g, select, male {He}}'), reason('MISSING_OTHER_CLAUSE', 22));
  assert.deepEqual(
    refused('{count, plural, one {# x} one {# y} other {# xs}}'),
    reason('DUPLICATE_PLURAL_ARGUMENT_SELECTOR', 27),
  );
  assert.deepEqual(refused('Line one<br>line two {name}'), reason('UNCLOSED_TAG', 9));
  assert.deepEqual(refused('Cześć <b>{name}</i>'), reason('UNMATCHED_CLOSING_TAG', 18));
  assert.deepEqual(refused('Voir <a href="x">{link}</a>'), reason('INVALID_TAG', 6));
  assert.deepEqual(refused('Hallo {name'), reason('EXPECT_ARGUMENT_CLOSING_BRACE', 7));
});

test("vue-i18n: named {name} and list {0}, linked keys; literals {'@'} and apostrophes are text", () => {
  assert.deepEqual(placeholdersOf("The variable '{variable}' is empty", 'vue-i18n'), ['{variable}']);
  assert.deepEqual(placeholdersOf('Hello {0}, you have { 1 } messages from {user-id} and {_x$}', 'vue-i18n'), [
    '{0}',
    '{1}',
    '{_x$}',
    '{user-id}',
  ]);
  assert.deepEqual(placeholdersOf("Contact support{'@'}example.com, use {'{'} and {'}'} or {'|'}", 'vue-i18n'), []);
  assert.deepEqual(placeholdersOf('Escaped \\{name\\} and \\@ are text', 'vue-i18n'), []);
  // The linked key is what counts, not its modifier (German capitalises where English does not).
  assert.deepEqual(placeholdersOf('@:common.save and @.capitalize:common.cancel', 'vue-i18n'), [
    '@:common.cancel',
    '@:common.save',
  ]);
  assert.deepEqual(placeholdersOf("Hi @:(user.name)! @:{'brand.name'} @:{kind}", 'vue-i18n'), [
    '@:brand.name',
    '@:user.name',
    '{kind}',
  ]);
});

test('vue-i18n: a message of plural forms (|) gives each form its placeholders', () => {
  assert.deepEqual(placeholdersOf('no apples | one apple | {count} apples', 'vue-i18n'), {
    forms: [[], [], ['{count}']],
  });
  assert.deepEqual(placeholdersOf('{n} car|{n} cars of @:brand', 'vue-i18n'), { forms: [['{n}'], ['@:brand', '{n}']] });
});

test('vue-i18n: what the message compiler refuses is not a vue-i18n message, with its reason and place', () => {
  const refused = (text) => {
    try {
      placeholdersOf(text, 'vue-i18n');
    } catch (error) {
      return [error.message, error.reason];
    }
    return 'parsed';
  };
  const reason = (why, at, line = 1) => [`not a vue-i18n message: ${why} at line ${line} col ${at}`, why];
  assert.deepEqual(refused('Hallo {name'), reason('Unterminated closing brace', 7));
  assert.deepEqual(refused('a }'), reason('Unbalanced closing brace', 3));
  assert.deepEqual(refused('x {} y'), reason('Empty placeholder', 3));
  assert.deepEqual(refused('{名前}に接続しました'), reason("Invalid token in placeholder: '名前'", 1));
  assert.deepEqual(refused('{a.b}'), reason("Invalid token in placeholder: 'a.b'", 1));
  assert.deepEqual(refused('mail\nme@example.com'), reason('Invalid linked format', 3, 2));
  assert.deepEqual(refused('see @:'), reason('Unexpected empty linked key', 5));
  assert.deepEqual(refused('@.:key'), reason('Unexpected empty linked modifier', 1));
  assert.deepEqual(refused("{'@}"), reason('Unterminated single quote in placeholder', 2));
  assert.deepEqual(refused('one | | many'), reason('Plural must have messages', 1));
  assert.deepEqual(refused('one |'), reason('Plural must have messages', 1));
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

test('symfony: %name% of letters, digits, _ . - in every plural form; %% and prose are not', () => {
  assert.deepEqual(placeholdersOf('Since %user_creation% you read %nb.archives% at %per-day%', 'symfony'), [
    '%nb.archives%',
    '%per-day%',
    '%user_creation%',
  ]);
  assert.deepEqual(placeholdersOf('{0} None|{1} One annotation|]1,Inf[ %count% annotations', 'symfony'), ['%count%']);
  assert.deepEqual(placeholdersOf('define %keyurls%a pocket_consumer_key%keyurle%.', 'symfony'), [
    '%keyurle%',
    '%keyurls%',
  ]);
  assert.deepEqual(placeholdersOf('am %datum%, %имя%', 'symfony'), ['%datum%', '%имя%']);
  assert.deepEqual(placeholdersOf('100%% sure, 10%-20% faster, 50 % off, %%name%%', 'symfony'), []);
});

test('chrome: $NAME$ of any case and $1…$9; $$ is text; a name its placeholders do not define fails', () => {
  const defined = new Map([
    ['link_start', { content: '$3' }],
    ['link_end', { content: '</a>' }],
  ]);
  // each $NAME$ with what it stands for, its content
  assert.deepEqual(placeholdersOf('No $LINK_START$trackers$link_end$ for $1 ($2)', 'chrome', defined), [
    '$1',
    '$2',
    '$LINK_END$=</a>',
    '$LINK_START$=$3',
  ]);
  // from a $ that starts no name, the next $ may start one; $$ is a dollar sign, $0 nothing
  assert.deepEqual(placeholdersOf('Costs $$5, $ 3 $LINK_END$, $0', 'chrome', defined), ['$LINK_END$=</a>']);
  assert.throws(
    () => placeholdersOf('Hello $USER$', 'chrome', defined),
    (error) =>
      error.message ===
        'not a Chrome i18n message: $USER$ is not defined in its "placeholders" (Chrome does not load the extension) at line 1 col 7' &&
      error.reason === '$USER$ is not defined in its "placeholders" (Chrome does not load the extension)',
  );
});

test('off: none; quoting a list', () => {
  assert.deepEqual(placeholdersOf('{{a}} {b} %s %{c}', 'off'), []);
  assert.equal(quotePlaceholders(['{{max}}', '{{min}}']), '{{max}} {{min}}');
  assert.equal(quotePlaceholders([]), 'none');
});

test("flutter: gen-l10n's arguments; an apostrophe, a tag and # are text; what gen-l10n refuses, in its words", () => {
  const read = (text) => {
    try {
      return placeholdersOf(text, 'flutter');
    } catch (error) {
      return error.message;
    }
  };
  assert.deepEqual(read("'{name}' is <b>{count}</b> # it's"), ['{count}', '{name}']);
  assert.deepEqual(read('{count, plural, =0{none} one{1 {x}} other{{count} files}}'), ['{count}', '{x}']);
  assert.deepEqual(read('{g, select, male{He} other{{name}}} on {d, date, ::yMd} { plural }'), [
    '{d}',
    '{g}',
    '{name}',
    '{plural}',
  ]);
  assert.deepEqual(read('Hallo } {name}'), [], 'gen-l10n ends the message at a stray }');
  assert.equal(
    read('Hallo {name'),
    'not a Flutter message: ICU Syntax Error: Expected "}" but found no tokens at line 1 col 12',
  );
  assert.equal(read('{user.name}'), 'not a Flutter message: ICU Lexing Error: Unexpected character at line 1 col 6');
  assert.equal(
    read('{0}'),
    'not a Flutter message: ICU Syntax Error: Expected "identifier" but found "0" at line 1 col 2',
  );
  assert.equal(
    read('{n, plural, one{x}}'),
    'not a Flutter message: ICU Syntax Error: Plural expressions must have an "other" case at line 1 col 13',
  );
  assert.equal(
    read('{n, plural, other{{m, plural, uno{x} other{y}}}}'),
    'not a Flutter message: ICU Syntax Error: Plural expressions case must be one of "zero", "one", "two", "few", "many", or "other" at line 1 col 31',
  );
  assert.equal(
    read('{g, select, a{x}}'),
    'not a Flutter message: ICU Syntax Error: Select expressions must have an "other" case at line 1 col 13',
  );
});

test("slang: $name and ${name} (string_interpolation: dart), {name}, {{name}}; a param's type and rich default are not its name", () => {
  assert.deepEqual(placeholdersOf('Hello $name, ${count} ${ when : DateFormat.yMd } ${tapHere(here)}!', 'slang'), [
    '$count',
    '$name',
    '$tapHere',
    '$when',
  ]);
  // an escaped or lone dollar is text; `{name}` is text in dart mode
  assert.deepEqual(placeholdersOf('Costs \\$price, 5 $ or $, {name} and ${open', 'slang'), []);
  assert.deepEqual(placeholdersOf('Hello {name}, {n: int} \\{notAnArgument} $dollar', 'slang-braces'), [
    '{name}',
    '{n}',
  ]);
  assert.deepEqual(placeholdersOf('Hello {{name}}, {single} \\{{escaped}}', 'slang-double-braces'), ['{{name}}']);
});

test('slang: a linked translation, @:path or @:{path}, is text: a translation may write out what it links', () => {
  assert.deepEqual(placeholdersOf('@:general.off and @:{fields.name}inator, @:.hoursUnit.', 'slang-braces'), []);
  assert.deepEqual(placeholdersOf('@:general.off for $name', 'slang'), ['$name']);
});
