// RFC 3986's URI and URI-reference and RFC 3987's IRI and IRI-reference, derived from ajv-formats'
// uri-reference (RFC 3986's grammar) less three gaps it has; the IRIs with the characters RFC 3987
// adds, ucschar wherever an unreserved character may stand and iprivate in the query alone. An IP
// literal stays ASCII, as in the RFC. Derived, not written anew, so that every URI (reference) is an
// IRI (reference) here.
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
let uriReference = replaced(fullFormats['uri-reference'].source, `'"`, `'`, 8);
// Nor does it start an authority with one slash (`http:/[::1]`; `http://2001:db8::1` read as an empty
// host and a path), nor write an IPv4 part (in an IPv6 literal) with a leading zero.
uriReference = replaced(uriReference, '\\/?\\/(?:', '\\/\\/(?:', 1);
uriReference = replaced(
  uriReference,
  '(?:25[0-5]|2[0-4]\\d|[01]?\\d\\d?)',
  '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)',
  4,
);
// An absolute URI (IRI): a reference whose scheme is not optional.
const absolute = (source) => replaced(source, '^(?:[a-z][a-z0-9+\\-.]*:)?', '^(?:[a-z][a-z0-9+\\-.]*:)', 1);

function iriOf(source) {
  // Letters by the classes, not the i flag, which with the u flag folds the Kelvin sign into [a-z].
  let iri = source.replaceAll('a-z', 'a-zA-Z').replaceAll('a-f', 'a-fA-F');
  // The classes of a user, a host name, a path, a query and a fragment: each is followed by a
  // percent-encoding (an IP literal's, by `]+`).
  const unreserved = '[a-zA-Z0-9\\-._~';
  iri = iri.replace(/\[a-zA-Z0-9\\-\._~([^\]]*\]\|%)/g, (_, rest) => `${unreserved}${UCSCHAR}${rest}`);
  return replaced(iri, `\\?(?:${unreserved}${UCSCHAR}`, `\\?(?:${unreserved}${UCSCHAR}${IPRIVATE}`, 1);
}

const URI_REFERENCE = new RegExp(uriReference, 'i');
const URI = new RegExp(absolute(uriReference), 'i');
const IRI_REFERENCE = new RegExp(iriOf(uriReference), 'u');
const IRI = new RegExp(iriOf(absolute(uriReference)), 'u');

// A reference whose first colon comes before any slash, question mark or number sign is a URI (IRI)
// with its scheme; any other is a relative reference, whose first segment holds no colon (RFC 3986's
// path-noscheme): neither reads `http://a:b/` as the path "http:", "", "a:b".
const SCHEME_FIRST = /^[^:/?#]*:/;
const referenceTo = (absolute, reference) => (value) =>
  SCHEME_FIRST.test(value) ? absolute.test(value) : reference.test(value);

module.exports = {
  uri: (value) => URI.test(value),
  uriReference: referenceTo(URI, URI_REFERENCE),
  iri: (value) => IRI.test(value),
  iriReference: referenceTo(IRI, IRI_REFERENCE),
};
