// Escaping for XML 1.0 text and attribute values. Four entities and a character class do not earn
// a library, and an XML builder would hold the document in memory.

// Characters XML 1.0 forbids even as character references: C0 controls but tab, LF and CR, lone
// surrogates, U+FFFE and U+FFFF. A file name or a message can hold them; they become U+FFFD.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const entity = (c) => ENTITIES[c];

/** Element content: markup escaped, CR kept as a reference so a parser does not turn it into LF. */
export const xmlText = (text) =>
  String(text)
    .replace(NOT_XML, '\uFFFD')
    .replace(/[&<>\r]/g, entity);

/** An attribute value in double quotes: tabs and line breaks too, which a parser would turn into spaces. */
export const xmlAttribute = (text) =>
  String(text)
    .replace(NOT_XML, '\uFFFD')
    .replace(/[&<>"\t\n\r]/g, entity);
