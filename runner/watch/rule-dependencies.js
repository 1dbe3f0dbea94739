// What the verdicts of each rule depend on besides the files checked: its schema, the schemas it
// preloads and those its $refs reached (known once compiled), its catalogs, its validator modules. --watch checks
// a rule's files again when one of them changes, and gives a changed module a new generation, so
// that it is imported again (an ES module cannot be unloaded).
import path from 'node:path';
import { createRequire } from 'node:module';
import { expandRefs, isRefGlob } from '../files/schema-refs.js';
import { digestFile } from '../../shared/digest.js';
import { globMatcher } from '../../shared/glob.js';
import { resolveValidatorModule } from '../../validators/custom.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../config/load-config.js').Rule[]} rules the rules in use
 * @param {import('../check/compile-rules.js').RuleCompiler | null} compiler when given, the rules are
 *   compiled (if they are not yet) and the files their validators name (`files`) are added
 * @returns {Promise<Map<string, Set<number>>>} file ─▶ the ids of the rules that depend on it
 */
export async function ruleDependencies(rules, compiler) {
  const found = new Map();
  const add = (file, id) => {
    if (!found.has(file)) found.set(file, new Set());
    found.get(file).add(id);
  };
  for (const rule of rules) {
    if (rule.schema) add(rule.schema, rule.id);
    // The schemas a rule without one chooses per file are the files' own (watch.js); its catalogs and refs are the rule's.
    for (const catalog of rule.selection?.catalogs ?? []) add(catalog, rule.id);
    if (rule.schema || rule.selection) for (const ref of expandRefsOrNone(rule.refs)) add(ref, rule.id);
    for (const ref of rule.validators) {
      const file = moduleFile(ref, rule.base);
      if (file) add(file, rule.id);
    }
  }
  if (compiler) {
    await compiler.prepare(rules.map((rule) => rule.id));
    for (const rule of rules) {
      for (const validator of compiler.validatorsFor([rule.id]))
        for (const file of validator.files ?? []) add(file, rule.id);
    }
  }
  return found;
}

/**
 * The `refs` globs of these rules: a file that comes to match one changes what the rule preloads.
 * @param {import('../config/load-config.js').Rule[]} rules
 * @returns {{ folder: string, deep: boolean, matches(file: string): boolean, id: number }[]} folder:
 *   where the glob's files are (its static part), watched for any name; deep: in the folders below
 *   it too (`schemas/**\/*.json`)
 */
export function refGlobs(rules) {
  const picomatch = require('picomatch');
  return rules.flatMap((rule) =>
    (rule.schema || rule.selection ? rule.refs : []).filter(isRefGlob).map((ref) => {
      const glob = ref.split(path.sep).join('/');
      const scanned = picomatch.scan(glob);
      return {
        folder: path.resolve(scanned.base),
        deep: /\/|\*\*/.test(scanned.glob),
        matches: globMatcher(glob),
        id: rule.id,
      };
    }),
  );
}

/**
 * The generations of the validator modules: a module whose file changed since it was last imported
 * gets the next generation, which custom.js imports under a new URL. Each generation stays in
 * memory (Node's module cache keeps every URL it loaded), so only a real change makes a new one.
 */
export function createModuleGenerations() {
  const known = new Map(); // file ─▶ { digest, generation }
  let last = 0;
  return {
    /**
     * @param {import('../config/load-config.js').Config} config
     * @returns {import('../config/load-config.js').Config} the same rules, each validator module at its current generation
     */
    apply(config) {
      const withGeneration = (rule) => ({
        ...rule,
        validators: rule.validators.map((ref) => {
          const file = moduleFile(ref, rule.base);
          if (!file) return ref;
          const digest = digestFile(file);
          let entry = known.get(file);
          if (!entry)
            known.set(file, (entry = { digest, generation: 0 })); // imported by the first run
          else if (entry.digest !== digest) Object.assign(entry, { digest, generation: ++last });
          return entry.generation ? { ...ref, generation: entry.generation } : ref;
        }),
      });
      return {
        ...config,
        rules: config.rules.map(withGeneration),
        cliRule: config.cliRule && withGeneration(config.cliRule),
      };
    },
  };
}

function moduleFile(ref, base) {
  try {
    return resolveValidatorModule(ref, base);
  } catch {
    return null; // not found: compiling says so
  }
}

function expandRefsOrNone(refs) {
  try {
    return expandRefs(refs);
  } catch {
    return []; // a glob that matches nothing: compiling says so
  }
}
