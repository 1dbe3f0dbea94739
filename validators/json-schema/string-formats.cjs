// The formats schemas are checked with: ajv-formats' (`full` and `fast`), and the standard ones it
// leaves out (draft-07 on): an internationalised host name by IDNA2008 (idn-hostname: RFC 5891's
// and 5892's rules, contextual ones included, which Node's UTS #46 domainToASCII does not apply),
// an IRI by RFC 3987's grammar. CommonJS: the standalone code --cache stores requires it.
const { fullFormats, fastFormats } = require('ajv-formats/dist/formats');
const { iri, iriReference, uriReference } = require('./iri.cjs');

let isIdnHostname; // loaded (with its Unicode tables) by the first host name checked
const idnHostname = (value) => {
  isIdnHostname ??= require('idn-hostname').isIdnHostname;
  try {
    return isIdnHostname(value);
  } catch {
    return false; // it throws, naming the rule broken
  }
};
const international = {
  'idn-hostname': idnHostname,
  'idn-email': (value) => {
    const at = value.lastIndexOf('@');
    return at > 0 && !/[\s@"(),:;<>[\\\]\p{Cc}]/u.test(value.slice(0, at)) && idnHostname(value.slice(at + 1));
  },
  iri,
  'iri-reference': iriReference,
};

// Draft-03's `color` (migrate-draft-03.js renames it): a CSS 2.1 color name, or #rgb / #rrggbb.
const css21Color =
  /^(?:#[\da-f]{3}|#[\da-f]{6}|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow)$/i;

// RFC 3339's date-time joins its date and time with a "T" (or "t"): its ABNF has no space, which
// ajv-formats' full mode lets through (ajv-formats#55) where its fast mode, check-jsonschema and
// sourcemeta's jsonschema do not. A date is 10 characters (YYYY-MM-DD).
const dateTime = {
  ...fullFormats['date-time'],
  validate: (value) => (value[10] === 'T' || value[10] === 't') && fullFormats['date-time'].validate(value),
};

const added = { ...international, 'css21-color': css21Color };
// Full mode's uri-reference is ajv-formats' less the double quote it lets through (iri.cjs).
const addedTo = { full: { ...added, 'uri-reference': uriReference, 'date-time': dateTime }, fast: added };
module.exports = {
  addedTo,
  full: { ...fullFormats, ...addedTo.full },
  fast: { ...fastFormats, ...addedTo.fast },
};
