// The `json-schema` validator of a rule that names no schema: each file is validated against the
// schemas chosen for it (validators/json-schema/schema-chooser.js: its own `$schema`, else a catalog), compiled
// the first time a file of this process chooses them.
import { UsageError } from '../../runner/shared/errors.js';

// A file that chose no schema it could use but an entry without a local copy: its pass is never
// cached (no schema cache key is current under this one), so that it is checked, and the entry
// warned about, on every run, and validated once the schema is there.
const NOT_CACHED = 'missing:catalog-copy';

/**
 * @param {{ chooser: import('./schema-chooser.js').SchemaChooser,
 *   loader: import('./json-schema.js').SchemaLoader, refs: string[], warn?(message: string): void }} options
 *   warn: said of a catalog entry without a local copy, for each file it matches (the run says it once)
 * @returns {{ name: 'json-schema', validate(doc: unknown, ctx: { absolutePath: string },
 *   source?: { text?: string, parser?: string, range?: [number, number], uses?: SchemaUse[], applied?: string[] }): object[] }}
 *   source: the file's text, its parser and the document's place in it (a YAML comment may name
 *   its schema); uses: receives each schema the file chose; applied: the schemas already applied to
 *   the document (by another rule's validator), which are not applied again (json-schema.js)
 * @typedef {{ key?: string, files: string[] }} SchemaUse key: its compiled-schema cache key (with
 *   --cache), which the file's cached pass then depends on; files: those it was compiled from, or
 *   the file expected where there is none yet, which --watch watches
 */
export function createSelectedSchemasValidator({ chooser, loader, refs, warn = () => {} }) {
  return {
    name: 'json-schema',
    validate(doc, ctx, source) {
      const problems = [];
      for (const choice of chooser.choose(ctx.absolutePath, doc, source)) {
        if (choice.missing) {
          warn(`${choice.missing}: the files it matches are not validated against it`);
          source?.uses?.push({ key: NOT_CACHED, files: choice.schema ? [choice.schema] : [] });
          continue;
        }
        if (choice.problem) {
          if (choice.schema) source?.uses?.push({ files: [choice.schema] });
          problems.push({ validator: 'json-schema', ...choice.problem });
          continue;
        }
        let validator;
        try {
          validator = choice.meta ? loader.metaValidator(choice.meta) : loader.validator(choice.schema, refs);
        } catch (error) {
          // A schema a file chose that cannot be used fails that file, not the run.
          if (!(error instanceof UsageError)) throw error;
          source?.uses?.push({ files: [choice.schema, ...error.files].filter(Boolean) });
          problems.push({
            validator: 'json-schema',
            message: `${choice.why}: ${error.message}`,
            kind: 'error',
            ...choice.at,
          });
          continue;
        }
        source?.uses?.push(validator);
        // A part of it that cannot be used, found as the file reached it, fails the file too.
        for (const { unusableSchema, ...problem } of validator.validate(doc, ctx, source)) problems.push(problem);
      }
      return problems;
    },
  };
}
