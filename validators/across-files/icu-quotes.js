// ICU's apostrophe quoting as FormatJS reads it (@formatjs/icu-messageformat-parser, react-intl's):
// `''` is an apostrophe, and an apostrophe before `{`, `}`, `<`, `>`, or `#` in a plural's branch,
// starts text that runs to the next lone apostrophe: `'{name}'` and `'<head>'` are text. The parser
// filecheck uses (@messageformat/parser) knows no tags, so it would leave `'<head>…</head>'` as it
// is, and the tags found in it would count. Here every quoted span of a message (and every other
// apostrophe of its text) is masked, so that the parser and the search for tags read the text
// FormatJS reads, at the same lines and columns.

const SYNTAX = new Set(['{', '}', '<', '>']);
const CHOICES = new Set(['plural', 'select', 'selectordinal']);

/**
 * @param {string} text an ICU message
 * @returns {string} the message with each quoted span, its apostrophes too, and each apostrophe of
 *   its text made x's (line breaks kept); an argument's style as it is
 */
export function maskQuoted(text) {
  if (!text.includes("'")) return text; // most messages
  const spans = [];
  scanMessage(text, 0, undefined, spans);
  let masked = '';
  let last = 0;
  for (const [start, end] of spans) {
    masked += text.slice(last, start) + text.slice(start, end).replace(/[^\n]/g, 'x');
    last = end;
  }
  return masked + text.slice(last);
}

// A message, or a branch of a plural or select (argType), to its closing brace: returns where that is.
function scanMessage(text, i, argType, spans) {
  while (i < text.length) {
    const c = text[i];
    if (c === "'") i = scanApostrophe(text, i, argType, spans);
    else if (c === '{') i = scanArgument(text, i, spans);
    else if (c === '}' && argType !== undefined) return i;
    else i++;
  }
  return i;
}

// An apostrophe of the text: `''`, one that quotes (its span to the closing one), or one alone. Each
// is masked: what is left holds no apostrophe for the parser to read otherwise (it would refuse "'#"
// outside a plural, which FormatJS reads as text).
function scanApostrophe(text, i, argType, spans) {
  const next = text[i + 1];
  const quotes = SYNTAX.has(next) || (next === '#' && (argType === 'plural' || argType === 'selectordinal'));
  const end = quotes ? closingQuote(text, i + 2) : next === "'" ? i + 2 : i + 1;
  spans.push([i, end]);
  return end;
}

// Where a quoted span that has run to `from` ends: after the next lone apostrophe, or at the end.
function closingQuote(text, from) {
  let end = from;
  while (end < text.length) {
    if (text[end] !== "'") end++;
    else if (text[end + 1] === "'") end += 2;
    else {
      end++;
      break;
    }
  }
  return end;
}

// An argument from its `{`: a plural's or select's branches are messages of their own; a simple
// argument's style (`{d, date, 'at' h}`) is skipped as FormatJS skips it (its quotes run to the next
// apostrophe, its braces nest). Returns the index after its `}`.
function scanArgument(text, i, spans) {
  const header = /\{\s*[^\s,{}]*\s*(?:,\s*([A-Za-z]+))?/y;
  header.lastIndex = i;
  const type = header.exec(text)[1];
  let j = header.lastIndex;
  if (CHOICES.has(type)) {
    while (j < text.length && text[j] !== '}') j = text[j] === '{' ? scanMessage(text, j + 1, type, spans) + 1 : j + 1;
    return j + 1;
  }
  let depth = 0;
  while (j < text.length) {
    const c = text[j];
    if (c === "'") {
      const close = text.indexOf("'", j + 1);
      j = close === -1 ? text.length : close + 1;
      continue;
    }
    if (c === '}' && depth === 0) return j + 1;
    if (c === '{') depth++;
    else if (c === '}') depth--;
    j++;
  }
  return j;
}
