// Where the keys and values of a TOML text are. smol-toml, which reads TOML, keeps no positions, so
// a failing file's text is scanned once more, lightly: table headers, `key = value` lines (dotted
// keys too), and the elements and keys inside arrays and inline tables. Strings of every kind and
// comments are skipped whole, so nothing inside them is taken for a key. The text has parsed, so the
// scan can trust its shape; should it meet something it does not expect, it stops, keeping what it found.

const BARE_KEY = /[A-Za-z0-9_-]+/y;
const BLANK = /(?:[ \t\r\n]|#[^\n]*)*/y; // spaces, line breaks and comments
const SPACES = /[ \t]*/y;
const BARE_VALUE = /[^,\]}\r\n#]*/y; // a number, a date, true, false (up to what ends a value)
const ESCAPE = /\\(?:u([\da-fA-F]{4})|U([\da-fA-F]{8})|x([\da-fA-F]{2})|(.))/g;
const ESCAPES = { b: '\b', t: '\t', n: '\n', f: '\f', r: '\r', e: '\x1b', '"': '"', '\\': '\\' };

/**
 * @param {string} text TOML that smol-toml has read
 * @param {Map<string, number>} [keyOffsets] receives, when given, JSON pointer ─▶ offset of its key
 *   (the key's last part, where it is first written: in a `key = value`, or in a table header)
 * @param {Map<number, number>} [again] receives, when given with keyOffsets, the offset of each key
 *   written again (a table a dotted key or header implies, or one defined twice, which smol-toml
 *   refuses) ─▶ the offset where it is first written
 * @returns {Map<string, number>} JSON pointer ─▶ offset: of a value after its `=`, of a table at its
 *   header, of an array element, of a key that a dotted key or a header implies
 */
export function tomlKeyOffsets(text, keyOffsets, again) {
  const offsets = new Map([['', 0]]);
  const arrays = new Map(); // pointer of an array of tables ─▶ how many tables it has so far
  let pos = 0;

  const skip = (pattern) => {
    pattern.lastIndex = pos;
    pattern.exec(text);
    pos = pattern.lastIndex;
  };
  const note = (pointer, offset) => {
    if (!offsets.has(pointer)) offsets.set(pointer, offset);
  };
  const noteKey = (pointer, at) => {
    if (!keyOffsets) return;
    if (!keyOffsets.has(pointer)) keyOffsets.set(pointer, at);
    else again?.set(at, keyOffsets.get(pointer));
  };
  const expect = (char) => {
    if (text[pos] !== char) throw new Stop();
    pos++;
  };

  // A dotted key: its parts, unquoted, each with where it is written.
  function keys() {
    const parts = [];
    for (;;) {
      skip(SPACES);
      const at = pos;
      parts.push({ name: keyPart(), at });
      skip(SPACES);
      if (text[pos] !== '.') return parts;
      pos++;
    }
  }
  function keyPart() {
    const quote = text[pos];
    if (quote === '"' || quote === "'") {
      const start = pos;
      skipString();
      const inner = text.slice(start + 1, pos - 1);
      return quote === '"' ? unescapeKey(inner) : inner;
    }
    BARE_KEY.lastIndex = pos;
    const match = BARE_KEY.exec(text);
    if (!match) throw new Stop();
    pos = BARE_KEY.lastIndex;
    return match[0];
  }
  // Any string, multi-line ones too; pos ends after its closing quote(s).
  function skipString() {
    const quote = text[pos];
    const triple = text.startsWith(quote.repeat(3), pos);
    const close = triple ? quote.repeat(3) : quote;
    pos += close.length;
    for (;;) {
      const end = text.indexOf(close, pos);
      if (end === -1) throw new Stop();
      const escaped = quote === '"' && backslashesBefore(end) % 2 === 1;
      pos = end + (escaped ? 1 : close.length);
      if (!escaped) break;
    }
    if (triple) while (text[pos] === quote && text.startsWith(close, pos - 2)) pos++; // `""""a"""""`: up to two more quotes belong to the content
  }
  const backslashesBefore = (end) => {
    let n = 0;
    while (text[end - 1 - n] === '\\') n++;
    return n;
  };

  // A value at pos, and what it holds, under `pointer`.
  function value(pointer) {
    const c = text[pos];
    if (c === '"' || c === "'") return skipString();
    if (c === '[') {
      pos++;
      for (let index = 0; ; index++) {
        skip(BLANK);
        if (text[pos] === ']') break;
        note(`${pointer}/${index}`, pos);
        value(`${pointer}/${index}`);
        skip(BLANK);
        if (text[pos] === ',') pos++;
      }
      return expect(']');
    }
    if (c === '{') {
      pos++;
      for (;;) {
        skip(BLANK);
        if (text[pos] === '}') break;
        keyValue(pointer);
        skip(BLANK);
        if (text[pos] === ',') pos++;
      }
      return expect('}');
    }
    skip(BARE_VALUE);
    return undefined;
  }
  function keyValue(table) {
    const start = pos;
    const pointer = path(table, keys(), start);
    expect('=');
    skip(SPACES);
    offsets.set(pointer, pos); // the value, rather than its key
    value(pointer);
  }
  // Each key's pointer below `table`; the keys it implies are noted at `offset`.
  function path(table, parts, offset) {
    let pointer = table;
    for (const { name, at } of parts) {
      pointer += `/${escapeKey(name)}`;
      noteKey(pointer, at);
      if (arrays.has(pointer)) pointer += `/${arrays.get(pointer) - 1}`; // the array's last table
      note(pointer, offset);
    }
    return pointer;
  }

  let table = '';
  try {
    for (;;) {
      skip(BLANK);
      if (pos >= text.length) break;
      const start = pos;
      if (text[pos] === '[') {
        const ofArray = text[pos + 1] === '[';
        pos += ofArray ? 2 : 1;
        const parts = keys();
        if (ofArray) {
          const array = `${path('', parts.slice(0, -1), start)}/${escapeKey(parts.at(-1).name)}`;
          noteKey(array, parts.at(-1).at);
          note(array, start);
          const count = (arrays.get(array) ?? 0) + 1;
          arrays.set(array, count);
          table = `${array}/${count - 1}`;
          offsets.set(table, start);
        } else {
          table = path('', parts, start);
          offsets.set(table, start); // its own header, though a header before it implied it (`[a.b]` before `[a]`)
        }
        expect(']');
        if (ofArray) expect(']');
      } else {
        keyValue(table);
      }
    }
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
  }
  return offsets;
}

class Stop extends Error {}

const escapeKey = (key) => key.replace(/~/g, '~0').replace(/\//g, '~1');

function unescapeKey(inner) {
  return inner.replace(ESCAPE, (_, u4, u8, x2, c) => {
    const hex = u4 ?? u8 ?? x2;
    return hex ? String.fromCodePoint(parseInt(hex, 16)) : (ESCAPES[c] ?? c);
  });
}
