// A vue-i18n message read as vue-i18n's message compiler reads it (@intlify/message-compiler, v9 on):
// `{name}` (a letter or _, then letters, digits, _, - or $) and `{0}` are values the caller passes;
// `{'@'}` is literal text; `@:key`, `@.modifier:key` and `@:{'key'}` link another message (v8's
// `@:(key)` too), `@:{name}` one the caller names; `|` separates plural forms; `\{`, `\}`, `\@`, `\|`
// and `\\` are text; an apostrophe is text. What the compiler refuses, with its words, is thrown.

const IDENTIFIER = /[A-Za-z_][\w$-]*/y;
const MODIFIER = /[\w$-]*/y;
const DIGITS = /\d+/y;
const TOKEN = /[^\s}]*/y; // what the compiler reads as a placeholder's token, to refuse it
const SPACES = /[ \t\n\r]*/y;
const LINK_KEY = /[^\s{}@|()]*/y; // as the compiler reads a key: to a space, a brace, @, | or a parenthesis
const ESCAPED = new Set(['{', '}', '@', '|', '\\']);

/**
 * @param {string} text
 * @returns {string[][]} each plural form's placeholders as written: `{name}`, `{0}`, `@:key`, in order
 * @throws {{ reason: string, offset: number }} what the compiler refuses, and where
 */
export function readVueMessage(text) {
  const forms = [[]];
  const starts = [0];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && ESCAPED.has(text[i + 1])) i += 2;
    else if (c === '{') {
      const [item, end] = placeholder(text, i);
      if (item) forms.at(-1).push(item);
      i = end;
    } else if (c === '}') throw refusal('Unbalanced closing brace', i);
    else if (c === '@') {
      const [item, end] = linked(text, i);
      forms.at(-1).push(item);
      i = end;
    } else if (c === '|') {
      forms.push([]);
      starts.push(++i);
    } else i++;
  }
  if (forms.length > 1) {
    // Each form holds something: "a | | b" and "a |" are refused.
    const bounds = [...starts.slice(1).map((s) => s - 1), text.length];
    if (starts.some((start, k) => text.slice(start, bounds[k]).trim() === ''))
      throw refusal('Plural must have messages', 0);
  }
  return forms;
}

// `{…}` from its brace: [the placeholder, or null for literal text, the index after its `}`].
function placeholder(text, open) {
  let i = skip(SPACES, text, open + 1);
  let item = null;
  if (text[i] === "'") i = literalEnd(text, i);
  else if (text[i] === '}') throw refusal('Empty placeholder', open);
  else if (text[i] === '{') throw refusal('Not allowed nest placeholder', i);
  else if (i < text.length) {
    const name = match(IDENTIFIER, text, i) ?? match(DIGITS, text, i);
    const token = match(TOKEN, text, i);
    if (name !== token) throw refusal(`Invalid token in placeholder: '${token || text[i]}'`, open);
    item = /^\d/.test(name) ? `{${Number(name)}}` : `{${name}}`;
    i += name.length;
  }
  i = skip(SPACES, text, i);
  if (text[i] !== '}') throw refusal('Unterminated closing brace', open);
  return [item, i + 1];
}

// A literal `'…'` from its apostrophe (`\'`, `\\` and `\uXXXX` escaped): the index after its close.
function literalEnd(text, quote) {
  let i = quote + 1;
  while (i < text.length && text[i] !== "'" && text[i] !== '\n') i += text[i] === '\\' ? 2 : 1;
  if (text[i] !== "'") throw refusal('Unterminated single quote in placeholder', quote);
  return i + 1;
}

// `@…` from its @: [`@:key`, or a placeholder for a key the caller names, the index after it].
function linked(text, at) {
  let i = at + 1;
  if (text[i] === '.') {
    const modifier = match(MODIFIER, text, i + 1);
    if (!modifier) throw refusal('Unexpected empty linked modifier', at);
    i += 1 + modifier.length;
  }
  if (text[i] !== ':') throw refusal('Invalid linked format', at);
  i++;
  if (text[i] === '{') {
    const [item, end] = placeholder(text, i);
    return [item ?? `@:${literalText(text.slice(i + 1, end - 1))}`, end];
  }
  if (text[i] === '(') {
    const close = text.indexOf(')', i);
    if (close > i + 1) return [`@:${text.slice(i + 1, close).trim()}`, close + 1];
  }
  const key = match(LINK_KEY, text, i);
  if (!key) throw refusal('Unexpected empty linked key', at);
  return [`@:${key}`, i + key.length];
}

// A literal's text, its escapes read: `{'common.save'}` names the key common.save.
const literalText = (inner) =>
  inner
    .trim()
    .slice(1, -1)
    .replace(/\\u([\da-fA-F]{4})|\\(.)/g, (_, hex, c) => (hex ? String.fromCharCode(Number.parseInt(hex, 16)) : c));

function match(pattern, text, at) {
  pattern.lastIndex = at;
  return pattern.exec(text)?.[0];
}

function skip(pattern, text, at) {
  pattern.lastIndex = at;
  pattern.exec(text);
  return pattern.lastIndex;
}

const refusal = (reason, offset) => ({ reason, offset });
