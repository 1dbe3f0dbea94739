// The `json-schema` validator: ajv 8, the dialect taken from the schema's $schema, $refs resolved
// from preloaded and local files only. Each schema is compiled once per process.
import path from 'node:path';
import { UsageError } from '../runner/errors.js';
import { createAjv, dialectOf, withKnownMetaSchema } from './ajv-instance.js';
import { readSchema as readSchemaFile, idOf, withId, localFileFor } from './schema-files.js';

const readSchema = (file) => withKnownMetaSchema(readSchemaFile(file));

/**
 * @param {{ schema: string, refs: string[], ajv: Record<string, any>, base: string }} rule
 * @param {{ warn(message: string): void, display(file: string): string }} context
 * @returns {Promise<{ name: string, validate(doc: unknown): object[] }>}
 */
export async function createJsonSchemaValidator(rule, { warn, display }) {
  const schemaFile = rule.schema;
  const shown = display(schemaFile);
  const raw = readSchema(schemaFile);
  let dialect = dialectOf(raw);
  if (!dialect) {
    warn(`schema ${shown}: unknown $schema "${raw.$schema}", validating it as draft-07`);
    dialect = 'draft-07';
  }
  const schema = withId(dialectOf(raw) ? raw : { ...raw, $schema: undefined }, schemaFile, dialect);
  const warnings = [];
  const ajv = await createAjv(dialect, rule.ajv, rule.base, warnings);
  preloadRefs(ajv, rule.refs, schemaFile, dialect);

  const validate = compile(ajv, schema, schemaFile, shown, dialect, warnings);
  for (const message of new Set(warnings)) warn(`schema ${shown}: ${inOurWords(message)}`);
  return {
    name: 'json-schema',
    validate(doc) {
      return validate(doc) ? [] : toProblems(validate.errors);
    },
  };
}

function preloadRefs(ajv, refs, schemaFile, dialect) {
  for (const file of refs) {
    if (path.resolve(file) === path.resolve(schemaFile)) continue;
    const ref = readSchema(file);
    if (ajv.getSchema(idOf(ref, file))) continue;
    try {
      ajv.addSchema(withId(ref, file, dialect));
    } catch (error) {
      throw new UsageError(`schema ${file} (preloaded ref): ${error.message}`);
    }
  }
}

// As ajv's compileAsync does, but synchronously and offline: each missing $ref is looked up on
// disk, added, and the compile retried. So is each unknown format, once warned about.
function compile(ajv, schema, schemaFile, shown, dialect, warnings) {
  const rootId = idOf(schema, schemaFile);
  const tried = new Set();
  for (;;) {
    try {
      return ajv.compile(schema);
    } catch (error) {
      if (error.missingSchema === undefined) {
        const format = ignorableFormat(ajv, error);
        if (format === null) throw new UsageError(`schema ${shown} is invalid: ${error.message}`);
        warnings.push(error.message);
        ajv.addFormat(format, true);
        continue;
      }
      const url = error.missingSchema;
      const local = tried.has(url) ? null : localFileFor(url, rootId, schemaFile);
      if (!local) {
        throw new UsageError(`schema ${shown}: $ref "${error.missingRef}" cannot be resolved offline; preload the schema it names with --ref or the rule's "refs"`);
      }
      tried.add(url);
      const ref = readSchema(local);
      const id = ref.$id ?? ref.id;
      // Registered under the URL that was asked for, whatever id the file gives itself.
      ajv.addSchema(id ? ref : { [dialect === 'draft-04' ? 'id' : '$id']: url, ...ref }, id && id.replace(/#$/, '') !== url ? url : undefined);
    }
  }
}

// ajv throws on an unknown format unless strictSchema is false (then it only logs), whereas an
// unknown keyword is only logged under strictSchema "log": filecheck treats both alike, as the
// README says (warned about and ignored, an error only with strict: true).
function ignorableFormat(ajv, error) {
  if (ajv.opts.strictSchema === true) return null;
  return /^unknown format "(.+)" ignored in schema at path "[^"]*"$/.exec(error.message)?.[1] ?? null;
}

function inOurWords(message) {
  const keyword = /unknown keyword: "([^"]+)"/.exec(message);
  if (keyword) return `unknown keyword "${keyword[1]}" is ignored (list it in the rule's ajv.keywords, or use --no-strict to silence this)`;
  const format = /unknown format "([^"]+)" ignored in schema at path "([^"]*)"/.exec(message);
  if (format) return `unknown format "${format[1]}" is not checked (at ${format[2]})`;
  return message.replace(/^strict mode: /, '');
}

/** ajv errors ──▶ Problems, with messages that name what is wrong. */
function toProblems(errors) {
  const seen = new Set();
  const problems = [];
  for (const error of errors) {
    const problem = { validator: 'json-schema', message: describe(error), pointer: error.instancePath, kind: 'invalid' };
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      const extra = error.params.additionalProperty ?? error.params.unevaluatedProperty;
      problem.pointer += `/${String(extra).replace(/~/g, '~0').replace(/\//g, '~1')}`;
    }
    const key = `${problem.pointer}\0${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push(problem);
  }
  return problems;
}

function describe(error) {
  const { keyword, params, message } = error;
  if (keyword === 'required') return `must have required property "${params.missingProperty}"`;
  if (keyword === 'additionalProperties') return `must NOT have additional property "${params.additionalProperty}"`;
  if (keyword === 'unevaluatedProperties') return `must NOT have unevaluated property "${params.unevaluatedProperty}"`;
  if (keyword === 'enum') {
    const values = params.allowedValues.slice(0, 10).map((v) => JSON.stringify(v)).join(', ');
    return `must be one of ${values}${params.allowedValues.length > 10 ? ', …' : ''}`;
  }
  if (keyword === 'const') return `must be equal to ${JSON.stringify(params.allowedValue)}`;
  if (keyword === 'format') return `must match format "${params.format}"`;
  return message ?? keyword;
}
