// A message of a Flutter ARB file read as `flutter gen-l10n` reads it (flutter_tools'
// localizations/message_parser.dart, with its defaults: `use-escaping` and `relax-syntax` off). Its
// ICU is a subset of its own: `{name}`, `{n, plural, …}`, `{g, select, …}` and `{d, date, ::yMd}`
// (`time` too) are the arguments; everything between them is text, an apostrophe, `<b>` and `#`
// included. Braces switch the lexer between text and syntax, as gen-l10n's does; its parser's choices
// (a brace's fourth token says plural, select or date) and its words when it refuses a message are
// kept, and so is what it leaves out: text after a stray `}` ends the message unread.

const TEXT = /[^{}]+/y;
const SYNTAX = [
  [null, /\s+/y], // not a token
  ['number', /[0-9]+/y],
  [',', /,/y],
  ['=', /=/y],
  [':', /:/y],
  ['identifier', /[a-zA-Z0-9|_]+/y],
];
const KEYWORDS = new Set(['plural', 'select', 'other', 'date', 'time']);
const PLURAL_FORMS = new Set(['zero', 'one', 'two', 'few', 'many']);

/**
 * @param {string} text
 * @returns {string[]} the names of the message's arguments, in order, once each time they are written
 * @throws {{ reason: string, offset: number }} what gen-l10n refuses, in its words, and where
 */
export function readFlutterMessage(text) {
  const tokens = lex(text);
  const names = [];
  const extraRules = []; // checked after the parse, in the order of the tree, as gen-l10n does
  let at = 0;
  const peek = (ahead = 0) => tokens[at + ahead];
  const expect = (type) => {
    const token = peek();
    if (!token) throw refusal(`ICU Syntax Error: Expected "${type}" but found no tokens`, text.length);
    if (token.type !== type)
      throw refusal(`ICU Syntax Error: Expected "${type}" but found "${token.value}"`, token.offset);
    at++;
    return token;
  };
  const parts = (kind, allowed) => {
    const slot = extraRules.push(null) - 1;
    const start = peek()?.offset ?? text.length;
    const selectors = [];
    while (allowed.has(peek()?.type)) {
      const first = peek();
      selectors.push(first);
      if (first.type === '=') {
        expect('=');
        expect('number');
      } else at++; // the selector: an identifier, `other`, a number
      expect('{');
      message();
      expect('}');
    }
    if (!selectors.some((token) => token.type === 'other'))
      extraRules[slot] = refusal(`ICU Syntax Error: ${kind} expressions must have an "other" case`, start);
    else if (kind === 'Plural') {
      const wrong = selectors.find((token) => token.type === 'identifier' && !PLURAL_FORMS.has(token.value));
      if (wrong)
        extraRules[slot] = refusal(
          'ICU Syntax Error: Plural expressions case must be one of "zero", "one", "two", "few", "many", or "other"',
          wrong.offset,
        );
    }
  };
  const message = () => {
    while (peek() && peek().type !== '}') {
      const token = peek();
      if (token.type === 'text') {
        at++;
        continue;
      }
      if (token.type !== '{') throw refusal('ICU Syntax Error', token.offset);
      const kind = peek(3)?.type;
      expect('{');
      names.push(expect('identifier').value);
      if (kind === 'plural' || kind === 'select') {
        expect(',');
        expect(kind);
        expect(',');
        if (kind === 'plural') parts('Plural', new Set(['identifier', 'other', '=']));
        else parts('Select', new Set(['identifier', 'number', 'other']));
      } else if (kind === 'date' || kind === 'time') {
        expect(',');
        expect(kind);
        expect(',');
        expect(':');
        expect(':');
        expect('identifier');
      }
      expect('}');
    }
  };
  message();
  const broken = extraRules.find(Boolean);
  if (broken) throw broken;
  return names;
}

// gen-l10n's lexer: text up to a brace; a brace switches to syntax, where spaces part the tokens
// and the next brace switches back. A word right after `{` is a name, whatever it spells.
function lex(text) {
  const tokens = [];
  let inText = true;
  let i = 0;
  while (i < text.length) {
    if (inText) {
      TEXT.lastIndex = i;
      const match = TEXT.exec(text);
      if (match) {
        tokens.push({ type: 'text', value: match[0], offset: i });
        i += match[0].length;
        continue;
      }
      tokens.push({ type: text[i], value: text[i], offset: i });
      inText = false;
      i++;
      continue;
    }
    const [type, match] = syntaxToken(text, i);
    if (match === undefined) {
      if (text[i] !== '{' && text[i] !== '}') throw refusal('ICU Lexing Error: Unexpected character', i);
      tokens.push({ type: text[i], value: text[i], offset: i });
      inText = true;
      i++;
      continue;
    }
    if (type) {
      const keyword = type === 'identifier' && tokens.at(-1)?.type !== '{' && KEYWORDS.has(match);
      tokens.push({ type: keyword ? match : type, value: match, offset: i });
    }
    i += match.length;
  }
  return tokens;
}

function syntaxToken(text, i) {
  for (const [type, pattern] of SYNTAX) {
    pattern.lastIndex = i;
    const match = pattern.exec(text);
    if (match) return [type, match[0]];
  }
  return [null, undefined];
}

const refusal = (reason, offset) => ({ reason, offset });
