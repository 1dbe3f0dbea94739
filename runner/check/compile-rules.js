// Rules ──▶ validators, built once per process (once per worker): a schema shared by several rules
// or chosen by many files is compiled once, a validator module imported once, a catalog read once.
import { createRequire } from 'node:module';
import { UsageError } from '../shared/errors.js';
import { expandRefs } from '../files/schema-refs.js';
import { byId } from '../shared/rules.js';

const require = createRequire(import.meta.url);

// How many compiled schemas a thread keeps, the least recently used dropped first (below). On 320
// SchemaStore schemas (a rule each, files in path order) peak RSS was 335 MB keeping 4, about 390
// keeping 8 or 16, 450 keeping 32; a plain loop that keeps none, 460 (garbage is collected late).
const KEPT_SCHEMAS = 16;

/**
 * @typedef {{ name: string, options?: unknown, validate(doc: unknown, ctx: object): unknown }} Validator
 * @typedef {{ prepare(ruleIds: Iterable<number>): Promise<void>, validatorsFor(ruleIds: number[]) => Validator[],
 *   compileMs(): number }} RuleCompiler
 * Rules are compiled lazily: `prepare` builds the rules a batch of files needs and that are not
 * built yet (a worker never compiles a schema it does not use); `validatorsFor` is then synchronous.
 * The schemas files choose themselves are compiled while they are checked: `compileMs` says how
 * long all compiling took so far, so that a check's own cost can be told from it.
 * @param {import('../config/load-config.js').Rule[]} rules
 * @param {{ warn(message: string): void, display(file: string): string, schemaCache?: { dir: string, run: string },
 *   catalogs?: import('../files/discover.js').Discovery['catalogs'] }} context
 *   schemaCache: the folder of compiled schemas (--cache) and the run's mark; catalogs: those discovery read
 * @returns {RuleCompiler}
 */
export function createRuleCompiler(rules, context) {
  const rulesById = byId(rules);
  const shared = new Map();
  const once = (key, build) => {
    if (!shared.has(key)) shared.set(key, build());
    return shared.get(key);
  };
  const building = new Map(); // rule id ─▶ Promise<Validator[]>, shared by concurrent callers
  const ready = new Map(); // rule id ─▶ Validator[]

  // One loader per set of ajv settings: it compiles (and keeps) every schema they are used with.
  const loaders = [];
  const loaderFor = (rule) =>
    once(JSON.stringify(['loader', rule.ajv, rule.base, rule.schemaStore]), async () => {
      const loader = await loadSchemas(rule, context);
      loaders.push(loader);
      return loader;
    });

  async function build(rule) {
    const validators = [];
    if (rule.require.length) validators.push(requireKeys(rule));
    if (rule.schema) {
      const refs = expandRefs(rule.refs, context.display);
      validators.push(ruleSchema(await loaderFor(rule), rule.schema, refs));
    } else if (rule.selection) {
      const refs = expandRefs(rule.refs, context.display);
      const catalogs = await Promise.all(
        rule.selection.catalogs.map((file) =>
          once(JSON.stringify(['catalog', file]), () => loadCatalog(file, context)),
        ),
      );
      const { createSchemaChooser } = require('../../validators/json-schema/schema-chooser.js');
      const { createSelectedSchemasValidator } = require('../../validators/json-schema/chosen-schemas.js');
      const chooser = createSchemaChooser(rule.selection, { catalogs, refs, display: context.display });
      validators.push(
        createSelectedSchemasValidator({
          chooser,
          loader: await loaderFor(rule),
          refs,
          catalogs: catalogs.length > 0,
          warn: context.warn,
        }),
      );
    }
    for (const ref of rule.validators) {
      validators.push(
        await once(JSON.stringify(['module', ref.module, ref.options]), () =>
          require('../../validators/custom.js').loadCustomValidator(ref, rule.base),
        ),
      );
    }
    return validators;
  }

  const perCombination = new Map();
  // A rule with a schema holds its compiled schema: those of rules not used for a while are
  // dropped (the loader drops them too), so that memory does not grow with the number of rules,
  // one per schema in a repository of configuration files. Never one the batch being prepared needs.
  const holdsSchema = (id) => !!(rulesById.get(id).schema || rulesById.get(id).selection);
  function dropUnused(needed) {
    const held = [...ready.keys()].filter(holdsSchema);
    for (const id of held.slice(0, Math.max(0, held.length - KEPT_SCHEMAS))) {
      if (needed.has(id)) continue;
      ready.delete(id);
      building.delete(id);
      perCombination.clear();
    }
  }
  return {
    async prepare(ruleIds) {
      const needed = new Set(ruleIds);
      for (const id of needed) {
        if (ready.has(id)) {
          const validators = ready.get(id);
          ready.delete(id); // the most recently used last
          ready.set(id, validators);
          continue;
        }
        if (!building.has(id)) building.set(id, build(rulesById.get(id)));
        ready.set(id, await building.get(id));
      }
      dropUnused(needed);
    },
    validatorsFor(ruleIds) {
      const key = ruleIds.join(',');
      if (!perCombination.has(key)) perCombination.set(key, [...new Set(ruleIds.flatMap((id) => ready.get(id)))]);
      return perCombination.get(key);
    },
    compileMs: () => loaders.reduce((sum, loader) => sum + loader.compileMs, 0),
  };
}

// A rule's schema that cannot be used (invalid, a $ref that cannot be resolved…) fails the rule's
// files with kind `error`, naming it, and leaves the other rules' files to be checked and reported;
// the run exits 2 at the end, a configuration error (run.js, unusableSchemas). Its files are those
// --watch watches, so that a mended schema is compiled again.
function ruleSchema(loader, schema, refs) {
  try {
    return loader.validator(schema, refs);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return {
      name: 'json-schema',
      files: error.files,
      validate: () => [{ validator: 'json-schema', message: error.message, kind: 'error', unusableSchema: true }],
    };
  }
}

function requireKeys(rule) {
  try {
    return require('../../validators/require-keys.js').createRequireKeys(rule.require);
  } catch (error) {
    throw new UsageError(`${rule.name}: require: ${error.message}`);
  }
}

// ajv is loaded only when some rule has a schema or chooses one per file.
async function loadSchemas(rule, context) {
  const { createSchemaLoader } = require('../../validators/json-schema/json-schema.js');
  return createSchemaLoader(rule, { ...context, keep: KEPT_SCHEMAS });
}

// A key written twice in a catalog is a warning, as in a schema: catalogs are often third parties'.
// One that discovery read to find the files (context.catalogs) is not read again.
async function loadCatalog(file, { display, warn, catalogs }) {
  const catalog = catalogs?.get(file) ?? require('../../validators/json-schema/catalog.js').loadCatalog(file, display);
  for (const note of catalog.twice) warn(note);
  return catalog;
}
