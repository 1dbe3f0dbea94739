// RFC 3987's IRI and IRI-reference, derived from ajv-formats' uri-reference (RFC 3986's grammar):
// the same expression with the characters RFC 3987 adds, ucschar wherever an unreserved character
// may stand and iprivate in the query alone. An IP literal stays ASCII, as in the RFC. Derived,
// not written anew, so that every URI (reference) ajv-formats accepts is an IRI (reference) here.
const { fullFormats } = require('ajv-formats/dist/formats');

const planes = Array.from(
  { length: 13 },
  (_, i) => `\\u{${(i + 1).toString(16).toUpperCase()}0000}-\\u{${(i + 1).toString(16).toUpperCase()}FFFD}`,
);
const UCSCHAR = `\\u{A0}-\\u{D7FF}\\u{F900}-\\u{FDCF}\\u{FDF0}-\\u{FFEF}${planes.join('')}\\u{E1000}-\\u{EFFFD}`;
const IPRIVATE = '\\u{E000}-\\u{F8FF}\\u{F0000}-\\u{FFFFD}\\u{100000}-\\u{10FFFD}';

/** `source` with `from` replaced by `to` where it occurs `count` times; a changed ajv-formats throws. */
function replaced(source, from, to, count) {
  const found = source.split(from).length - 1;
  if (found !== count) throw new Error(`ajv-formats' uri-reference changed: ${found} of ${from}, not ${count}`);
  return source.split(from).join(to);
}

// ajv-formats lets a double quote into a host, a path, a query and a fragment; RFC 3986 does not.
const uriReference = replaced(fullFormats['uri-reference'].source, `'"`, `'`, 8);
let reference = uriReference;
// Letters by the classes, not the i flag, which with the u flag folds the Kelvin sign into [a-z].
reference = reference.replaceAll('a-z', 'a-zA-Z').replaceAll('a-f', 'a-fA-F');
// The classes of a user, a host name, a path, a query and a fragment: each is followed by a
// percent-encoding (an IP literal's, by `]+`).
const unreserved = '[a-zA-Z0-9\\-._~';
reference = reference.replace(/\[a-zA-Z0-9\\-\._~([^\]]*\]\|%)/g, (_, rest) => `${unreserved}${UCSCHAR}${rest}`);
reference = replaced(reference, `\\?(?:${unreserved}${UCSCHAR}`, `\\?(?:${unreserved}${UCSCHAR}${IPRIVATE}`, 1);
const absolute = replaced(reference, '^(?:[a-zA-Z][a-zA-Z0-9+\\-.]*:)?', '^(?:[a-zA-Z][a-zA-Z0-9+\\-.]*:)', 1);

const IRI_REFERENCE = new RegExp(reference, 'u');
const IRI = new RegExp(absolute, 'u');
// uri-reference as ajv-formats has it, less the double quote: so every URI reference is an IRI one.
const URI_REFERENCE = new RegExp(uriReference, 'i');

module.exports = {
  iri: (value) => IRI.test(value),
  iriReference: (value) => IRI_REFERENCE.test(value),
  uriReference: URI_REFERENCE,
};
