// The formats schemas are checked with: ajv-formats' (`full` and `fast`), and the standard ones it
// leaves out (draft-07 on), checked with Node's own URL parser and IDNA (domainToASCII): an
// internationalised name must become a valid ASCII one, an IRI parse as a URL and hold no
// character RFC 3987 excludes. CommonJS: the standalone code --cache stores requires it.
const { domainToASCII } = require('node:url');
const { fullFormats, fastFormats } = require('ajv-formats/dist/formats');

const excluded = /[\s<>"{}|\\^`\p{Cc}]/u;
const idnHostname = (value) => {
  const ascii = domainToASCII(value);
  return ascii !== '' && fullFormats.hostname.test(ascii);
};
const international = {
  'idn-hostname': idnHostname,
  'idn-email': (value) => {
    const at = value.lastIndexOf('@');
    return at > 0 && !/[\s@"(),:;<>[\\\]\p{Cc}]/u.test(value.slice(0, at)) && idnHostname(value.slice(at + 1));
  },
  iri: (value) => !excluded.test(value) && URL.canParse(value),
  'iri-reference': (value) => !excluded.test(value) && URL.canParse(value, 'http://iri.invalid/'),
};

// Draft-03's `color` (migrate-draft-03.js renames it): a CSS 2.1 color name, or #rgb / #rrggbb.
const css21Color = /^(?:#[\da-f]{3}|#[\da-f]{6}|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow)$/i;

const added = { ...international, 'css21-color': css21Color };
module.exports = { added, full: { ...fullFormats, ...added }, fast: { ...fastFormats, ...added } };
