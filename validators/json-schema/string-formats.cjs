// The formats schemas are checked with: ajv-formats' (`full` and `fast`), and the standard ones it
// leaves out (draft-07 on): an internationalised host name by IDNA2008 (idn-hostname: RFC 5891's
// and 5892's rules, contextual ones included, which Node's UTS #46 domainToASCII does not apply),
// an IRI by RFC 3987's grammar; and some of its own where the RFCs (and the JSON Schema Test
// Suite's optional format tests) say otherwise. CommonJS: the standalone code --cache stores requires it.
const { fullFormats, fastFormats } = require('ajv-formats/dist/formats');
const { uri, uriReference, iri, iriReference } = require('./iri.cjs');

let isIdnHostname; // loaded (with its Unicode tables) by the first IDN or A-label host name checked
const idnHostname = (value) => {
  isIdnHostname ??= require('idn-hostname').isIdnHostname;
  try {
    return isIdnHostname(value);
  } catch {
    return false; // it throws, naming the rule broken
  }
};
// A host name ends with a label, not a dot (RFC 1034's root, which the JSON Schema Test Suite
// refuses) nor one of the full stops IDNA reads as one.
const FINAL_DOT = /[.\u3002\uFF0E\uFF61]$/;
const idnHost = (value) => !FINAL_DOT.test(value) && idnHostname(value);
// RFC 6531's local part: a Dot-string of atoms, or a Quoted-string; any non-ASCII character in either.
const LOCAL_PART =
  /^(?:[\w!#$%&'*+\-/=?^`{|}~\u{80}-\u{10FFFF}]+(?:\.[\w!#$%&'*+\-/=?^`{|}~\u{80}-\u{10FFFF}]+)*|"(?:[ !#-[\]-~\u{80}-\u{10FFFF}]|\\[ -~])*")$/u;
const international = {
  'idn-hostname': idnHost,
  'idn-email': (value) => {
    const at = value.lastIndexOf('@');
    return at > 0 && LOCAL_PART.test(value.slice(0, at)) && idnHost(value.slice(at + 1));
  },
  iri,
  'iri-reference': iriReference,
};

// ajv-formats' hostname without its final dot; an A-label (`xn--`) is IDNA2008's, decoded and checked
// as idn-hostname checks a U-label (RFC 5891 §5.4), by the tables loaded only for such a name.
const HOSTNAME = new RegExp(fullFormats.hostname.source.replaceAll('\\.?$', '$'), 'i');
const hostname = (value) => HOSTNAME.test(value) && (!/(?:^|\.)xn--/i.test(value) || idnHostname(value));

// Draft-03's `color` (migrate-draft-03.js renames it): a CSS 2.1 color name, or #rgb / #rrggbb.
const css21Color =
  /^(?:#[\da-f]{3}|#[\da-f]{6}|aqua|black|blue|fuchsia|gray|green|lime|maroon|navy|olive|orange|purple|red|silver|teal|white|yellow)$/i;

// RFC 3339's date-time joins its date and time with a "T" (or "t"): its ABNF has no space, which
// ajv-formats' full mode lets through (ajv-formats#55) where its fast mode, check-jsonschema and
// sourcemeta's jsonschema do not. A date is 10 characters (YYYY-MM-DD).
// Its time (and full-time, the time format) has an offset of hh:mm, not ajv-formats' hh or hhmm, and
// hours to 23, a leap second at 23:59 UTC alone (ajv-formats took 24:59:60+01:00); a fraction of any
// length (ajv-formats, reading the seconds as a number, rounded 59.999999999999999 up to 60).
const TIME = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d|60)(?:\.\d+)?(?:[zZ]|([+-])([01]\d|2[0-3]):([0-5]\d))$/;
function fullTime(value) {
  const time = TIME.exec(value);
  if (!time) return false;
  const [, hours, minutes, seconds, sign, offsetHours, offsetMinutes] = time;
  if (seconds !== '60') return true;
  const offset = sign ? (sign === '-' ? -1 : 1) * (60 * offsetHours + +offsetMinutes) : 0;
  return (((60 * hours + +minutes - offset) % 1440) + 1440) % 1440 === 1439;
}
const dateTime = {
  ...fullFormats['date-time'],
  validate: (value) =>
    (value[10] === 'T' || value[10] === 't') &&
    fullFormats.date.validate(value.slice(0, 10)) &&
    fullTime(value.slice(11)),
};
const time = { ...fullFormats.time, validate: fullTime };

const added = { ...international, hostname, 'css21-color': css21Color };
// Full mode's uri and uri-reference are RFC 3986's, ajv-formats' less its gaps (iri.cjs).
const addedTo = {
  full: { ...added, uri, 'uri-reference': uriReference, 'date-time': dateTime, time },
  fast: added,
};
module.exports = {
  addedTo,
  full: { ...fullFormats, ...addedTo.full },
  fast: { ...fastFormats, ...addedTo.fast },
};
