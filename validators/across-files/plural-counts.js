// A plural's own count may be left out of its zero, one and two forms ("Ein Bericht" for "%{count}
// Report"), but only where the locale's category is that one number: in ru "one" is 1, 21, 31…, so
// "1 сообщение" reads so for 21 reports too (OSM's ru.yml). Intl.PluralRules (CLDR) says which
// integers a category holds; asked only for a form that leaves the count out, once per locale.

const SINGLE = { zero: 0, one: 1, two: 2 }; // the forms that may name one number
const UP_TO = 200; // enough to see sl's "two" (2, 102) and ru's "one" (1, 21…)
const numbersByLocale = new Map(); // `${type} ${locale}` ─▶ category ─▶ its integers 0…UP_TO

/** Whether a placeholder is a plural's own count ({{count}}, {{count, number}}, {count}, %{count}, %count%). */
export const isCount = (item) => /^(?:\{\{count(?:, [^{}]*)?\}\}|\{count\}|%\{count\}|%count%)$/.test(item);

/**
 * Why a form that leaves out the count its source has is wrong in its locale, or nothing.
 * @param {{ form: string, ordinal: boolean, locales: string[], has: string[], sourceHas: string[], count?: string }} form
 *   locales: the names the file gives its locale, the likeliest first (root key, folder, file name);
 *   has: the form's placeholders; sourceHas: those of the source's text for numbers beyond one;
 *   count: the plural's own count where its syntax names it (slang's `$n`, `{m}`), else isCount's
 * @returns {string | undefined}
 */
export function countLeftOut({ form, ordinal, locales, has, sourceHas, count: named }) {
  const counts = named ? (item) => item === named : isCount;
  const count = sourceHas.find(counts);
  if (!(form in SINGLE) || count === undefined || has.some(counts)) return undefined;
  for (const candidate of locales) {
    const locale = knownLocale(candidate);
    if (!locale) continue;
    const others = numbersOf(locale, ordinal ? 'ordinal' : 'cardinal')
      .get(form)
      ?.filter((n) => n !== SINGLE[form]);
    if (!others?.length) return undefined;
    const listed = others.length > 2 ? `${others.slice(0, 2).join(', ')}, …` : others.join(', ');
    return `the "${form}" form has no ${count}, but in ${locale} "${form}" is also ${listed}`;
  }
  return undefined; // no locale Intl knows: as a form that may leave it out
}

// A locale tag as a file names it ("pt_BR"), when Intl has its plural rules.
function knownLocale(name) {
  const tag = name.replace(/_/g, '-');
  try {
    return Intl.PluralRules.supportedLocalesOf(tag).length ? tag : undefined;
  } catch {
    return undefined; // not a tag at all ("main", "x-pirate")
  }
}

function numbersOf(locale, type) {
  const key = `${type} ${locale}`;
  if (!numbersByLocale.has(key)) {
    const rules = new Intl.PluralRules(locale, { type });
    const byCategory = new Map();
    for (let n = 0; n <= UP_TO; n++) {
      const category = rules.select(n);
      if (!byCategory.has(category)) byCategory.set(category, []);
      byCategory.get(category).push(n);
    }
    numbersByLocale.set(key, byCategory);
  }
  return numbersByLocale.get(key);
}
