// Rules ──▶ validators, built once per process (once per worker): a schema shared by several rules
// is compiled once, a validator module imported once.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { UsageError } from './errors.js';
import { createRequireKeys } from '../validators/require-keys.js';
import { loadCustomValidator } from '../validators/custom.js';
import { createChaosValidator } from './chaos.js';
import { hasGlobChars } from './paths.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {{ name: string, options?: unknown, validate(doc: unknown, ctx: object): unknown }} Validator
 * @param {import('./config.js').Rule[]} rules only the rules that some file uses
 * @param {{ warn(message: string): void, display(file: string): string, chaos?: { probability: number, seed: string } | null }} context
 * @returns {Promise<(ruleIds: number[]) => Validator[]>} the validators a file with these rules runs,
 *   the chaos monkey last when it is on
 */
export async function compileRules(rules, context) {
  const chaos = context.chaos ? [createChaosValidator(context.chaos)] : [];
  const shared = new Map();
  const once = (key, build) => {
    if (!shared.has(key)) shared.set(key, build());
    return shared.get(key);
  };

  const byRule = new Map();
  for (const rule of rules) {
    const validators = [];
    if (rule.require.length) validators.push(requireKeys(rule));
    if (rule.schema) {
      const refs = expandRefs(rule.refs);
      const key = JSON.stringify(['schema', rule.schema, refs, rule.ajv, rule.base]);
      validators.push(await once(key, () => loadSchemaValidator({ ...rule, refs }, context)));
    }
    for (const ref of rule.validators) {
      validators.push(await once(JSON.stringify(['module', ref.module, ref.options]), () => loadCustomValidator(ref, rule.base)));
    }
    byRule.set(rule.id, validators);
  }

  const perCombination = new Map();
  return function validatorsFor(ruleIds) {
    const key = ruleIds.join(',');
    if (!perCombination.has(key)) perCombination.set(key, [...new Set(ruleIds.flatMap((id) => byRule.get(id) ?? [])), ...chaos]);
    return perCombination.get(key);
  };
}

function requireKeys(rule) {
  try {
    return createRequireKeys(rule.require);
  } catch (error) {
    throw new UsageError(`${rule.name}: require: ${error.message}`);
  }
}

// ajv is loaded only when some rule has a schema.
async function loadSchemaValidator(rule, context) {
  const { createJsonSchemaValidator } = await import('../validators/json-schema.js');
  return createJsonSchemaValidator(rule, context);
}

function expandRefs(refs) {
  return refs.flatMap((ref) => {
    // An existing file is taken literally, as on the command line (`schemas/a(1).json`).
    if (!hasGlobChars(ref) || fs.existsSync(ref)) return [ref];
    const found = require('fast-glob').sync(ref.split('\\').join('/'), { absolute: true }).sort();
    if (!found.length) throw new UsageError(`--ref "${ref}" matches no schema file`);
    return found;
  });
}
