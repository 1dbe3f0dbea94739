// The `json-schema` validator of a rule that names no schema: each file is validated against the
// schemas chosen for it (validators/json-schema/schema-chooser.js: its own `$schema`, else a catalog), compiled
// the first time a file of this process chooses them.
import { UsageError } from '../../shared/errors.js';

// A file that chose no schema it could use but an entry without a local copy (or whose schema
// $refs a schema of the web that is not here): its pass is never
// cached (no schema cache key is current under this one), so that it is checked, and the entry
// warned about, on every run, and validated once the schema is there.
const NOT_CACHED = 'missing:catalog-copy';
const PULL = 'filecheck schemas pull'; // run.js' hint, in place of a --schema-store prefix

/**
 * @param {{ chooser: import('./schema-chooser.js').SchemaChooser,
 *   loader: import('./json-schema.js').SchemaLoader, refs: string[], warn?(message: string): void }} options
 *   warn: said of a catalog entry without a local copy, or whose schema $refs a schema of the web
 *   that is not here, for each file it matches (the run says it once)
 * @returns {{ name: 'json-schema', validate(doc: unknown, ctx: { absolutePath: string },
 *   source?: { text?: string, parser?: string, range?: [number, number], uses?: SchemaUse[], applied?: string[] }): object[] }}
 *   source: the file's text, its parser and the document's place in it (a YAML comment may name
 *   its schema); uses: receives each schema the file chose; applied: the schemas already applied to
 *   the document (by another rule's validator), which are not applied again (json-schema.js)
 * @typedef {{ key?: string, files: string[] }} SchemaUse key: its compiled-schema cache key (with
 *   --cache), which the file's cached pass then depends on; files: those it was compiled from, or
 *   the file expected where there is none yet, which --watch watches
 */
export function createSelectedSchemasValidator({ chooser, loader, refs, catalogs = false, warn = () => {} }) {
  // A schema's problems with the document; a schema that cannot be used is the file's problem,
  // but one a $ref of which names a schema of the web that is not here, which leaves the file only
  // parsed as a schema not in the store would (leftOut): { offline } then.
  const problemsOf = (choice, doc, ctx, source) => {
    let validator;
    try {
      validator = choice.meta
        ? loader.metaValidator(choice.meta)
        : loader.validator(choice.schema, refs, choice.fragment);
    } catch (error) {
      // A schema a file chose that cannot be used fails that file, not the run.
      if (!(error instanceof UsageError)) throw error;
      if (leftOut(choice, error.offline)) return { offline: error.offline, files: error.files };
      source?.uses?.push({ files: [choice.schema, ...error.files].filter(Boolean) });
      return [{ validator: 'json-schema', message: `${choice.why}: ${error.message}`, kind: 'error', ...choice.at }];
    }
    // A part of it that cannot be used, found as the file reached it, fails the file too.
    const problems = validator.validate(doc, ctx, source);
    const offline = problems.some((problem) => problem.unusableSchema) ? validator.offline : undefined;
    if (leftOut(choice, offline)) return { offline, files: validator.files };
    source?.uses?.push(validator);
    return problems.map(({ unusableSchema, ...problem }) => problem);
  };
  // A catalog's choice names its entry (`Web App Manifest`), not the file of its schema, and the glob
  // of its fileMatch that chose the file (`messages.json`): a glob may catch a file of another kind.
  const named = (choice, problems) => {
    if (!choice.entry) return problems;
    const fileMatch = choice.fileMatch?.();
    return problems.map((problem) => ({ ...problem, schema: choice.entry, ...(fileMatch && { fileMatch }) }));
  };
  return {
    name: 'json-schema',
    choosesSchemas: true, // a file it validates nothing of is only parsed (check-file.js)
    validate(doc, ctx, source) {
      const problems = [];
      const candidates = []; // the catalog entries whose fileMatch chose it, and that can validate it
      const missing = []; // why each schema it chose is not here (notInStore)
      // A schema not here: warned about, and never cached, so that the file is validated once it is.
      const notHere = (warning, reason, files) => {
        warn(`${warning}: the files it matches are not validated against it`);
        source?.uses?.push({ key: NOT_CACHED, files });
        missing.push(reason);
      };
      const outcomeOf = (choice) => {
        const outcome = problemsOf(choice, doc, ctx, source);
        if (!outcome.offline) return outcome;
        notHere(
          `${choice.why}: ${outcome.offline.said}`,
          notInStore(outcome.offline, 'a $ref of its schema'),
          outcome.files,
        );
        return null;
      };
      const choices = chooser.choose(ctx.absolutePath, doc, source);
      for (const choice of choices) {
        if (choice.missing) {
          notHere(choice.missing, notInStore(choice), choice.schema ? [choice.schema] : []);
          continue;
        }
        if (choice.problem) {
          if (choice.schema) source?.uses?.push({ files: [choice.schema] });
          problems.push({ validator: 'json-schema', ...choice.problem });
          continue;
        }
        if (choice.entry) candidates.push(choice);
        else problems.push(...(outcomeOf(choice) ?? []));
      }
      // Several catalog entries match one file: it is one of those kinds of file, so it passes when
      // one of their schemas finds no problem (the others are not compiled for it).
      const results = [];
      for (const choice of candidates) {
        const found = outcomeOf(choice);
        if (!found) continue;
        if (!found.length) {
          results.length = 0;
          break;
        }
        results.push({ choice, problems: named(choice, found) });
      }
      if (results.length === 1) problems.push(...results[0].problems);
      if (results.length > 1) problems.push(...oneOfCandidates(results));
      if (missing.length === choices.length && source) {
        // Nothing validates this document: said of the file if no other validator does (check-file.js).
        (source.onlyParsed ??= []).push(missing.length ? missing : [nothingChosen(catalogs)]);
        // Never cached, so that it is said on every run (a cached pass says nothing of it).
        if (!missing.length) source.uses?.push({ key: NOT_CACHED, files: [] });
      }
      return problems;
    },
  };
}

// A schema one of whose $refs names a schema of the web that is not here is left out as its own
// absence would be: a catalog entry's fileMatch chose it (catalog.js: its files are validated by
// their other schemas, or only parsed), or the store that lacks it is the pulled one (a document's
// $schema such a store lacks: schema-chooser.js). A schema a rule or a document names otherwise
// fails its files.
const leftOut = (choice, offline) => !!offline && (!!choice.entry || !!offline.pulled);

/**
 * Why a document is only parsed, and the `--schema-store` prefix that would map its schema's url
 * (the url's folder; SchemaStore's host for its schemas), unless the store maps it already.
 * @typedef {{ why: string, prefix?: string }} OnlyParsed
 * @returns {OnlyParsed}
 */
function notInStore({ url, inStore, pulled }, what = 'its schema') {
  const why = `${what} is not in the store (${url})`;
  // PULL: run.js's hint is then to pull (the store is filecheck.lock.json's).
  if (inStore) return { why, ...(pulled && { prefix: PULL }) };
  let prefix;
  try {
    const parsed = new URL(url);
    prefix = /(^|\.)schemastore\.org$/.test(parsed.hostname)
      ? 'https://json.schemastore.org/'
      : `${parsed.origin}${parsed.pathname.slice(0, parsed.pathname.lastIndexOf('/') + 1)}`;
  } catch {
    prefix = undefined; // a url that is no URL (a relative one whose file is missing): no prefix maps it
  }
  return { why, ...(prefix && /^https?:/.test(prefix) && { prefix }) };
}

const nothingChosen = (catalogs) => ({
  why: catalogs ? 'no catalog entry matches it' : 'it names no schema ($schema)',
});

// Several catalog entries match one file (SchemaStore's Web App Manifest and WebExtensions both
// name manifest.json): the file is one of those kinds of file, so it passes when one of their
// schemas finds no problem. When every one finds some, one problem names each entry, and the
// closest entry's problems follow. The closest: one whose schema could be used; then the one with
// the fewest problems that say the document is another kind of file, those on its top-level
// object itself (a required key missing, a key it does not allow, not an object at all); then the
// fewest problems; then the first in the catalogs' order.
function oneOfCandidates(results) {
  const ranked = results.map((result) => ({ ...result, rank: rankOf(result.problems) }));
  const closest = ranked.reduce((best, result) => (compareRanks(result.rank, best.rank) < 0 ? result : best));
  const names = results.map(({ choice }) => `"${choice.entry}"`).join(', ');
  return [
    {
      validator: 'json-schema',
      message: `valid against none of the ${results.length} catalog entries whose fileMatch matches it (${names}); the closest is "${closest.choice.entry}", whose problems follow`,
      kind: 'invalid',
      pointer: '', // at the document, before its problems
      schema: closest.choice.entry,
      ...(closest.problems[0].fileMatch && { fileMatch: closest.problems[0].fileMatch }),
    },
    ...closest.problems,
  ];
}

const ofAnotherKind = ({ pointer = '', atKey }) => pointer === '' || (atKey && pointer.lastIndexOf('/') === 0);
const rankOf = (problems) => [
  problems.some((problem) => problem.kind === 'error') ? 1 : 0,
  problems.filter(ofAnotherKind).length,
  problems.length,
];
function compareRanks(a, b) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}
