// `sameKeysAs`: each file has the keys of its source locale file, no others, and the same
// placeholders in each string. Defaults: severity "error" (placeholders that differ, a message that
// does not parse), missing and extra the severity, placeholders "off": the
// syntaxes contradict each other ({{x}} does not parse as ICU, "%d" is text to i18next), so a guess
// would be wrong errors; a rule names its syntax. Keys are the leaves (nested keys as JSON pointers,
// arrays by index); an empty object or array holds none.
//
// - An empty string (or null) is untranslated: it is reported as missing (severity `missing`),
//   never as a placeholder mismatch.
// - Plurals: languages have different plural forms (en one/other, pl one/few/many/other, ja other).
//   A source's form is not missing when the translation has any form of the same plural, and a
//   translation's form is not extra when the source has the plural. A form's placeholders compare
//   with the source's same form, else its "other". A single text may stand where the other file
//   has a plural (Rails and i18next take either). The plural's own `count` placeholder may be left
//   out or added in the zero, one and two forms ("Ein Element" for "{{count}} item" is a
//   translation) where the locale's category is that one number (plural-counts.js), and between a
//   single text and a plural.
// - Placeholders compare as sets (a translation may reorder them); printf's unnamed %s and %d as a
//   sequence (their order binds them to the arguments).
import path from 'node:path';
import { isLocaleRoot, localeFacts } from './locale-keys.js';
import { PLACEHOLDER_SYNTAXES, quotePlaceholders, samePlaceholdersIn } from './placeholders.js';
import { countLeftOut, isCount } from './plural-counts.js';
import { escapeToken } from './pointers.js';
import { comparePointers, placeOf, severityOf, sortEntries, sortProblems } from './places.js';
import { sourceSpec } from './source-files.js';
import { pathIn, worded } from '../../shared/message-paths.js';

const SEVERITIES = ['error', 'warn', 'off'];

/**
 * @param {{ id: number }} rule
 * @param {unknown} setting the rule's `sameKeysAs`, as written: an object, or the source alone
 * @returns {import('./index.js').Collector}
 */
export function sameKeysCollector(rule, setting) {
  const { source, missing, extra, placeholders, severity } = parseSameKeys(setting);
  return {
    rule: rule.id,
    key: 'sameKeysAs',
    name: 'sameKeysAs',
    contextFiles: [source.text],
    collect: (doc, ctx) => localeFacts(doc, placeholders, ctx.path),
    // A file that does not parse (a duplicate key) says why: a translation of it is told its source
    // cannot be read, not that there is none.
    unreadable: ({ message, line, column }) => ({
      unreadable: message,
      ...(line !== undefined && { at: `${line}:${column}` }),
    }),
    checkAll(entries, ctx) {
      const sorted = sortEntries(entries);
      const byPath = new Map();
      for (const entry of sorted) {
        const relative = ctx.relativeToBase(entry.path);
        byPath.set(relative, [...(byPath.get(relative) ?? []), entry]);
      }
      const problems = [];
      for (const entry of sorted) {
        if (entry.facts.unreadable !== undefined) continue; // the file reports why itself
        const pairing = source.sourceOf(ctx.relativeToBase(entry.path));
        const sourceEntry = pairing.source && documentOf(byPath.get(pairing.source), entry.document);
        problems.push(...syntaxProblems(entry, sourceEntry, severity, pairing.self));
        if (pairing.self) continue;
        if (sourceEntry?.facts.unreadable !== undefined) {
          // Nothing of the file could be compared: an error whatever the severities, as a missing source is.
          const { unreadable, at } = sourceEntry.facts;
          const message = worded`source ${pathIn(sourceEntry.path)} cannot be read${at ? ` at ${at}` : ''}: ${unreadable}`;
          problems.push({ ...placeOf(entry, ''), ...message, severity: 'error' });
        } else if (sourceEntry)
          problems.push(
            ...compare(entry, sourceEntry, { missing, extra, severity, placeholders, locales: pairing.locales }),
          );
        else {
          // A missing single source file is the config's fault; a locale's extra file is `extra`'s.
          const level = source.isPattern ? severityOf(extra) : 'error';
          const expected = pairing.source ?? pairing.unmatched;
          const message = expected
            ? worded`no source file ${pathIn(ctx.display(path.resolve(ctx.rule.base, expected)))} for this file`
            : { message: pairing.none };
          if (level) problems.push({ ...placeOf(entry, ''), ...message, severity: level });
        }
      }
      return sortProblems(problems);
    },
  };
}

function parseSameKeys(setting) {
  const object = typeof setting === 'string' ? { source: setting } : setting;
  if (object === null || typeof object !== 'object' || Array.isArray(object))
    throw new TypeError('sameKeysAs: expected { "source": "locales/en.json" } or the source alone');
  const { source, severity = 'error', missing = severity, extra = severity, placeholders = 'off', ...rest } = object;
  const unknown = Object.keys(rest);
  if (unknown.length)
    throw new TypeError(
      `sameKeysAs: unknown key "${unknown[0]}" (expected source, missing, extra, placeholders, severity)`,
    );
  for (const [key, value] of [
    ['severity', severity],
    ['missing', missing],
    ['extra', extra],
  ]) {
    if (!SEVERITIES.includes(value))
      throw new TypeError(`sameKeysAs: "${key}" is "error", "warn" or "off", not ${JSON.stringify(value)}`);
  }
  if (!PLACEHOLDER_SYNTAXES.includes(placeholders)) {
    throw new TypeError(
      `sameKeysAs: unknown placeholder syntax ${JSON.stringify(placeholders)} (expected ${PLACEHOLDER_SYNTAXES.map((s) => `"${s}"`).join(', ')})`,
    );
  }
  return { source: sourceSpec(source), missing, extra, placeholders, severity };
}

// The source's document of the same number in a YAML stream, else its first.
const documentOf = (entries, document) => entries && (entries.find((e) => e.document === document) ?? entries[0]);

// A string that does not parse in the placeholder syntax (an ICU message), in any file; in a
// translation, not where the source's string fails for the same reason: that is the source's
// problem, reported once, on the source, which says what it costs: its translations' placeholders
// have nothing to be compared with.
function syntaxProblems(entry, sourceEntry, setting, isSource) {
  const severity = severityOf(setting);
  if (!severity) return [];
  const sourceKeys = sourceEntry?.facts.keys ?? {};
  return Object.entries(entry.facts?.keys ?? {})
    .filter(([pointer, mark]) => mark?.error && !(mark.reason && sourceKeys[pointer]?.reason === mark.reason))
    .map(([pointer, mark]) => ({
      ...placeOf(entry, withRoot(entry.facts, pointer)),
      // at its key: every report shows the pointer
      message: isSource ? `${mark.error}; its translations' placeholders are not compared` : mark.error,
      severity,
    }));
}

/**
 * A translation's problems against its source. Keys compare without the root key ("en:", "de:")
 * when both files have one and the source's is a locale code, else as written.
 */
function compare(entry, sourceEntry, { missing, extra, severity, placeholders, locales = [] }) {
  const both = entry.facts.root !== undefined && isLocaleRoot(sourceEntry.facts.root);
  const localeNames = both ? [entry.facts.root, ...locales] : locales; // Rails' root key is its locale
  const translation = viewOf(entry.facts, both);
  const source = sourceViewOf(sourceEntry.facts, both);
  const sourceName = pathIn(sourceEntry.path);
  const problems = [];
  const add = (severity, pointer, message, related, atKey = false) => {
    if (!severity) return;
    const where = translation.written(pointer);
    problems.push({
      ...placeOf(entry, where),
      ...message,
      severity,
      ...(related && { related: [related] }),
      ...(atKey && { atKey }),
    });
  };
  const relatedOf = (key) => placeOf(sourceEntry, source.written(key));

  // slang: what the source lets a translation lack (ignoreMissing), what a translation may have that
  // the source has not (ignoreUnused), and the lists and maps whose entries are each locale's own
  const own = new Set([...source.slang.own, ...translation.slang.own]);
  const mayLack = (key) =>
    within(key, source.slang.ignoreMissing) || ancestorsOf(key).some((a) => own.has(a) && translation.has(a));
  const mayAdd = (key) =>
    within(key, translation.slang.ignoreUnused) || ancestorsOf(key).some((a) => own.has(a) && source.has(a));

  const missingTops = new Set();
  for (const key of source.keys.keys()) {
    if (counterpart(key, source, translation) !== undefined || mayLack(key)) continue;
    // The key, or the object or array holding it that the file lacks as a whole: one problem for it,
    // not one for each of its leaves (a list of 20 adjectives is one thing to translate).
    const nearest = translation.nearestAncestor(key);
    const top = key
      .split('/')
      .slice(0, nearest.split('/').length + 1)
      .join('/');
    if (missingTops.has(top)) continue;
    missingTops.add(top);
    add(
      severityOf(missing),
      nearest,
      worded`missing key ${translation.written(top)} (${sourceName} has it)`,
      relatedOf(top),
    );
  }
  for (const [key, mark] of translation.keys) {
    const plural = translation.plurals.get(key);
    const sourceKey = counterpart(key, translation, source);
    if (sourceKey === undefined) {
      // at the key: it should not be there
      if (!mayAdd(key)) add(severityOf(extra), key, worded`not in ${sourceName}`, undefined, true);
      continue;
    }
    const sourceMark = source.keys.get(sourceKey);
    if (mark === 0) {
      if (sourceMark !== 0 && !within(sourceKey, source.slang.ignoreMissing))
        add(severityOf(missing), key, worded`untranslated (empty; ${sourceName} has a text)`, relatedOf(sourceKey));
      continue;
    }
    if (mark.error || sourceMark === 0 || sourceMark.error) continue;
    const countOptional =
      ['zero', 'one', 'two'].includes(plural?.[1]) || Boolean(plural) !== source.plurals.has(sourceKey);
    const ambient = placeholders === 'ruby' && RAILS_ERRORS.test(key) ? withoutRailsErrorArguments : (list) => list;
    // slang's plural counts its own parameter (`$n`, or its key's `param=m`)
    const count =
      source.slang.counts.get(source.plurals.get(sourceKey)?.[0]) ?? translation.slang.counts.get(plural?.[0]);
    const withoutCount =
      placeholders === 'vue-i18n'
        ? withoutVueCount
        : count
          ? (list) => list.filter((item) => item !== count)
          : withoutPluralCount;
    const number = mark.forms || sourceMark.forms ? oneNumber : (list) => list;
    for (const { form, has, wants, countOptional: formCount } of formPairs(mark, sourceMark)) {
      const optional = countOptional || formCount;
      const [mine, theirs] = [has, wants].map((list) => ambient(optional ? withoutCount(list) : number(list)));
      if (!samePlaceholdersIn(placeholders, mine, theirs)) {
        add(
          severityOf(severity),
          key,
          worded`placeholders differ from ${sourceName}${form}: has ${quotePlaceholders(has)}, the source has ${quotePlaceholders(wants)}`,
          relatedOf(sourceKey),
        );
      } else if (countOptional && plural) {
        // The count the source writes for numbers beyond one: in its plural's "other", or its single text.
        const sourcePlural = source.plurals.get(sourceKey);
        const beyondOne = sourcePlural ? source.keys.get(source.formOf(sourcePlural[0])) : sourceMark;
        const why = countLeftOut({
          form: plural[1],
          ordinal: plural[0].endsWith('#ordinal_'),
          locales: localeNames,
          has,
          sourceHas: Array.isArray(beyondOne) ? beyondOne : [],
          count,
        });
        if (why)
          add(severityOf(severity), key, worded`placeholders differ from ${sourceName}: ${why}`, relatedOf(sourceKey));
      }
    }
  }
  // slang's OUTDATED: the translation says so itself (slang analyze lists it as missing)
  for (const key of translation.slang.outdated) {
    if (!source.has(key) || within(key, source.slang.ignoreMissing)) continue;
    add(
      severityOf(missing),
      key,
      worded`outdated: flagged (OUTDATED), to be translated again from ${sourceName}`,
      relatedOf(key),
    );
  }
  return problems;
}

// A key's pointer and those of the objects and lists above it.
const ancestorsOf = (key) => key.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'));
// Whether a key is one of `pointers`, or below one.
const within = (key, pointers) => pointers.size > 0 && ancestorsOf(key).some((a) => pointers.has(a));

// The key of `other` that a key of `view` answers to: the same key; for a form of a plural, a form
// of the same plural in `other` (the same form, else "other"), or a single text in the plural's
// place; for a single text, a plural in its place (Rails and i18next take "inbox: …" where another
// language has "inbox: { one, few, other }", and the other way round).
function counterpart(key, view, other) {
  if (other.keys.has(key)) return key;
  const plural = view.plurals.get(key);
  if (!plural) return other.formOf(`${key}#`);
  const single = plural[0].endsWith('#') ? plural[0].slice(0, -1) : undefined; // ordinals have none
  return other.formOf(plural[0]) ?? (other.keys.has(single) ? single : undefined);
}

// A plural's own argument, which some of its forms may leave out or add; vue-i18n passes a plural's
// number as both {count} and {n}.
const withoutPluralCount = (list) => list.filter((item) => !isCount(item));
const withoutVueCount = (list) => list.filter((item) => item !== '{count}' && item !== '{n}');
const oneNumber = (list) => [...new Set(list.map((item) => (item === '{n}' ? '{count}' : item)))].sort();

// The placeholders to compare: a string's with its source's; a vue-i18n message of plural forms
// (`a | b | c`) form by form, each with the source's form of its meaning, else the source's last
// ("other"), or its single text. vue-i18n chooses by the number of forms: two are one | other, three
// zero | one | other (more come from an app's own rules: the last is "other"). The count may be left
// out or added in a zero or one form.
function formPairs(mark, sourceMark) {
  const listOf = (m) => (Array.isArray(m) ? m : []);
  const forms = mark?.forms ?? [listOf(mark)];
  const sourceForms = sourceMark?.forms ?? [listOf(sourceMark)];
  if (!mark?.forms && !sourceMark?.forms)
    return [{ form: '', has: forms[0], wants: sourceForms[0], countOptional: false }];
  const sourceNames = pluralFormNames(sourceForms.length);
  return forms.map((has, i) => {
    const name = pluralFormNames(forms.length)[i];
    const at = sourceNames.indexOf(name);
    return {
      form: forms.length > 1 ? ` in plural form ${i + 1} of ${forms.length}${CLDR.has(name) ? ` (${name})` : ''}` : '',
      has,
      wants: sourceForms[at === -1 ? sourceForms.length - 1 : at],
      countOptional: name === 'zero' || name === 'one' || !mark?.forms !== !sourceMark?.forms,
    };
  });
}

const CLDR = new Set(['zero', 'one', 'other']);
const pluralFormNames = (count) =>
  ['zero', 'one', ...Array.from({ length: Math.max(count - 3, 0) }, (_, i) => `form ${i + 3}`), 'other'].slice(-count);

// Rails passes every error message (errors.*, activerecord.errors.*, activemodel.errors.*) the
// attribute's name, the model's and the value, and a submit button's label (helpers.submit.*) the
// model's, whether or not the text uses them: a language puts "%{attribute}" in "blank" where English
// has it in "format" alone, or says "登録する" for "Create %{model}" (rails-i18n: 106 such errors in
// 62 of its 123 locales). In ruby's syntax, those may be added or left out there.
const RAILS_ERRORS = /(^|\/)(errors|helpers\/submit)(\/|$)/;
const withoutRailsErrorArguments = (list) => list.filter((item) => !/^%\{(?:attribute|model|value)\}$/.test(item));

// A source is compared with every translation of it: its view is made once (5,000 translations of
// one en.json: 110-170 ms a run without this, every --watch re-run included).
const sourceViews = new WeakMap(); // facts ─▶ [view with its root, view without]
function sourceViewOf(facts, withoutRoot) {
  if (!sourceViews.has(facts)) sourceViews.set(facts, []);
  const views = sourceViews.get(facts);
  views[+withoutRoot] ??= viewOf(facts, withoutRoot);
  return views[+withoutRoot];
}

/**
 * A file's keys as compared: without its root key when `withoutRoot`, else with it.
 * @param {import('./locale-keys.js').LocaleFacts} facts
 */
function viewOf(facts, withoutRoot) {
  const prefix = facts.root === undefined ? '' : rootPointer(facts);
  const { ignoreMissing = [], ignoreUnused = [], outdated = [], own = [], counts = {} } = facts.slang ?? {};
  const shift = withoutRoot ? '' : prefix;
  const keys = new Map(Object.entries(facts.keys).map(([key, mark]) => [shift + key, mark]));
  const plurals = new Map(
    Object.entries(facts.plurals ?? {}).map(([key, [id, form]]) => [shift + key, [shift + id, form]]),
  );
  const forms = new Map(); // plural id ─▶ form ─▶ key
  for (const [key, [id, form]] of plurals) forms.set(id, { ...forms.get(id), [form]: key });
  let ancestors;
  return {
    keys,
    plurals,
    /** The key of a plural's form the others compare with: its "other", else its first. */
    formOf: (id) => forms.get(id)?.other ?? Object.values(forms.get(id) ?? {}).sort(comparePointers)[0],
    slang: {
      ignoreMissing: new Set(ignoreMissing),
      ignoreUnused: new Set(ignoreUnused),
      outdated,
      own: new Set(own),
      counts: new Map(Object.entries(counts)),
    },
    /** A compared key as the file writes it (with its root key, a slang key with its modifiers). */
    written: (key) => (withoutRoot ? prefix : '') + unrenamed(facts, key), // slang's have no root
    /** Whether the file has a key, object or list of this pointer. */
    has(pointer) {
      ancestors ??= ancestorsIn(keys, facts, shift);
      return ancestors.has(pointer);
    },
    /**
     * The deepest key or object of the file above a key it lacks, an empty one included (`"b": {}`):
     * where a problem about it goes.
     */
    nearestAncestor(key) {
      ancestors ??= ancestorsIn(keys, facts, shift);
      const parts = key.split('/');
      for (let i = parts.length - 1; i > 0; i--)
        if (ancestors.has(parts.slice(0, i).join('/'))) return parts.slice(0, i).join('/');
      return '';
    },
  };
}

// Every key of a view and the objects and lists above them, empty ones included.
const ancestorsIn = (keys, facts, shift) =>
  new Set([...keys.keys(), ...(facts.empty ?? []).map((pointer) => shift + pointer)].flatMap(ancestorsOf));

const rootPointer = (facts) => `/${escapeToken(facts.root)}`;

// A pointer of a file's keys (without its root) as the file writes it: a slang key with its modifiers.
function unrenamed(facts, pointer) {
  const renamed = facts.slang?.renamed;
  if (!renamed) return pointer;
  const parts = pointer.split('/');
  return parts
    .map((part, i) => {
      const key = renamed[parts.slice(0, i + 1).join('/')];
      return key === undefined ? part : escapeToken(key);
    })
    .join('/');
}

// The written pointer of a key in one file's facts (used for problems that involve no source).
const withRoot = (facts, pointer) => (facts.root === undefined ? '' : rootPointer(facts)) + unrenamed(facts, pointer);
