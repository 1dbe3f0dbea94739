// Rules ──▶ validators, built once per process (once per worker): a schema shared by several rules
// or chosen by many files is compiled once, a validator module imported once, a catalog read once.
import { createRequire } from 'node:module';
import path from 'node:path';
import { UsageError } from '../../shared/errors.js';
import { expandRefs } from '../files/schema-refs.js';
import { byId } from '../../shared/rules.js';

const require = createRequire(import.meta.url);

// How many compiled schemas a thread keeps, the least recently used dropped first (below). On 320
// SchemaStore schemas (a rule each, files in path order) peak RSS was 335 MB keeping 4, about 390
// keeping 8 or 16, 450 keeping 32; a plain loop that keeps none, 460 (garbage is collected late).
const KEPT_SCHEMAS = 16;

/**
 * @typedef {{ name: string, options?: unknown, validate?(doc: unknown, ctx: object): unknown,
 *   collect?(doc: unknown, ctx: object): unknown }} Validator validate: the check of each document;
 *   collect (a collector, validators/across-files/): the facts of each document for the checks across files
 * @typedef {import('../../validators/across-files/index.js').Collector} Collector
 * @typedef {{ prepare(ruleIds: Iterable<number>): Promise<void>, validatorsFor(ruleIds: number[]) => Validator[],
 *   compileMs(): number, collectors(): Promise<Map<number, Collector[]>> }} RuleCompiler
 * Rules are compiled lazily: `prepare` builds the rules a batch of files needs and that are not
 * built yet (a worker never compiles a schema it does not use); `validatorsFor` is then synchronous,
 * and holds the rules' collectors beside their validators. `collectors` builds only those, for the
 * checks across files on the main thread (runner/collect/), whichever thread checked the files.
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
    once(JSON.stringify(['loader', ...ajvSettings(rule)]), async () => {
      const loader = await loadSchemas(rule, context);
      loaders.push(loader);
      return loader;
    });

  // The checks across files: the built-in ones of every rule (a rule's `references` may give another
  // rule a collector), then each rule's validator modules that export `collect`.
  let builtIn = null;
  const builtInOf = (rule) => {
    builtIn ??= rules.some(hasAcrossFilesKeys)
      ? require('../../validators/across-files/index.js').acrossFilesCollectors(rules)
      : new Map();
    return builtIn.get(rule.id) ?? [];
  };
  const moduleOf = (rule, ref) =>
    once(JSON.stringify(['module', ref.module, ref.options]), () =>
      require('../../validators/custom.js').loadCustomValidator(ref, rule.base),
    );
  const collectorsOfRule = (rule) =>
    once(JSON.stringify(['collectors', rule.id]), async () => {
      const modules = await Promise.all(rule.validators.map((ref) => moduleOf(rule, ref)));
      const custom = modules.flatMap((module, index) =>
        module.collect ? [customCollector(rule, module, index, rule.validators[index].severity)] : [],
      );
      return [...builtInOf(rule), ...custom];
    });

  // A rule's schema, or the schemas its files choose. Its ajv plugins not loading (not installed…)
  // makes it unusable, as a schema that cannot be compiled is (ruleSchema).
  async function schemasOf(rule) {
    const refs = expandRefs(rule.refs, context.display);
    const catalogs = await Promise.all(
      (rule.selection?.catalogs ?? []).map((file) =>
        once(JSON.stringify(['catalog', file]), () => readCatalogAndWarn(file, context)),
      ),
    );
    let loader;
    try {
      loader = await loaderFor(rule);
    } catch (error) {
      return unusableSchema(error);
    }
    if (rule.schema) return ruleSchema(loader, rule, refs);
    const { createSchemaChooser } = require('../../validators/json-schema/schema-chooser.js');
    const { createSelectedSchemasValidator } = require('../../validators/json-schema/chosen-schemas.js');
    const chooser = createSchemaChooser(rule.selection, { catalogs, refs, display: context.display });
    return createSelectedSchemasValidator({
      chooser,
      loader,
      refs,
      catalogs: catalogs.length > 0,
      warn: context.warn,
    });
  }

  async function build(rule) {
    const validators = [];
    validators.push(...requireKeys(rule, atSeverity));
    if (rule.schema || rule.selection) validators.push(atSeverity(await schemasOf(rule), rule.schemaSeverity));
    for (const ref of rule.validators) {
      const module = await moduleOf(rule, ref);
      if (module.validate) validators.push(atSeverity(module, ref.severity));
    }
    validators.push(...(await collectorsOfRule(rule)));
    return validators;
  }

  const perCombination = new Map();
  // A check at "warn" is a copy of it that says so (check-file.js marks its problems), one per
  // check: the same check at "warn" in two rules of a file still runs once.
  const warned = new WeakMap();
  const atSeverity = (validator, severity) => {
    if (severity !== 'warn') return validator;
    if (!warned.has(validator)) warned.set(validator, Object.create(validator, { severity: { value: 'warning' } }));
    return warned.get(validator);
  };
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
      if (!perCombination.has(key))
        perCombination.set(key, [...new Set(ruleIds.flatMap((id) => ready.get(id)))].sort(warningsLast));
      return perCombination.get(key);
    },
    compileMs: () => loaders.reduce((sum, loader) => sum + loader.compileMs, 0),
    async collectors() {
      const all = new Map();
      for (const rule of rules) {
        const collectors = await collectorsOfRule(rule);
        if (collectors.length) all.set(rule.id, collectors);
      }
      return all;
    },
  };
}

/**
 * What a schema is compiled with, beside its refs: the rule's ajv settings, the files its plugins
 * are (a rule's folder is where they are resolved from, and nothing more) and the schema store.
 * Rules from two folders (a config's, and --schema given in a subfolder) share one compiled schema,
 * applied once to a file (json-schema.js), unless their plugins are other files.
 * @param {import('../config/load-config.js').Rule} rule
 * @returns {unknown[]}
 */
export function ajvSettings(rule) {
  return [rule.ajv, pluginFiles(rule), rule.schemaStore];
}

const resolvers = new Map(); // folder ─▶ require.resolve from there
function pluginFiles({ ajv, base }) {
  if (!ajv.plugins?.length) return [];
  if (!resolvers.has(base)) resolvers.set(base, createRequire(path.join(base, 'noop.js')).resolve);
  return ajv.plugins.map((plugin) => {
    const name = [plugin].flat()[0];
    try {
      return resolvers.get(base)(name);
    } catch {
      return `${name} from ${base}`; // the loader says why it cannot be loaded
    }
  });
}

// A schema two rules of a file bring in at two severities is applied once (json-schema.js), at the
// more severe: the errors' validators go first. The sort is stable: the others keep their order.
const warningsLast = (a, b) => (a.severity === 'warning') - (b.severity === 'warning');

const hasAcrossFilesKeys = (rule) =>
  rule.unique !== undefined || rule.references !== undefined || rule.sameKeysAs !== undefined;

// A validator module's `collect` and `checkAll`, as one rule's collector: the same module in two
// rules collects each rule's files apart. Its key is its place among the rule's validators, the same
// on every machine (shards merged elsewhere).
const customCollector = (rule, module, index, severity) => ({
  rule: rule.id,
  key: `module:${index}`,
  name: module.name,
  options: module.options,
  collect: module.collect,
  ...(severity === 'warn' && { severity: 'warning' }), // runner/collect/ marks its problems
  ...(module.checkAll && { checkAll: module.checkAll }),
});

// A rule's schema that cannot be used (invalid, a $ref that cannot be resolved, an ajv plugin that
// does not load…) fails the rule's files with kind `error`, naming it, and leaves the other rules'
// files to be checked and reported; the run exits 2 at the end, a configuration error (run.js,
// unusableSchemas). Its files are those --watch watches, so that a mended schema is compiled again.
// A fragment that names no schema is the rule's fault, as the config's errors say: it is named
// (--schema's is what the command line says).
function ruleSchema(loader, { id, name, schema, schemaFragment }, refs) {
  try {
    return loader.validator(schema, refs, schemaFragment);
  } catch (error) {
    if (!error?.badFragment || id === -1) return unusableSchema(error);
    return unusableSchema(new UsageError(`${name}: ${error.message}`, { files: error.files }));
  }
}

function unusableSchema(error) {
  if (!(error instanceof UsageError)) throw error;
  return {
    name: 'json-schema',
    files: error.files,
    validate: () => [{ validator: 'json-schema', message: error.message, kind: 'error', unusableSchema: true }],
  };
}

// A rule's required keys: those at "error", then those at "warn" as a check at "warn".
function requireKeys(rule, atSeverity) {
  if (!rule.require.length) return [];
  const { createRequireKeys } = require('../../validators/require-keys.js');
  const keysAt = (severity) => rule.require.filter((key) => key.severity === severity).map(({ key }) => key);
  try {
    return ['error', 'warn'].flatMap((severity) =>
      keysAt(severity).length ? [atSeverity(createRequireKeys(keysAt(severity)), severity)] : [],
    );
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
async function readCatalogAndWarn(file, { display, warn, catalogs }) {
  const catalog = catalogs?.get(file) ?? require('../../validators/json-schema/catalog.js').loadCatalog(file, display);
  for (const note of catalog.twice) warn(note);
  return catalog;
}
