// A check's severity, as ESLint's and Biome's: "error" (the default) fails the file, "warn" is
// reported and leaves it passing, "off" does not run the check at all. It is set on a rule (all its
// checks) or on one check (a required key, the rule's schema, a validator module, a `unique` or
// `references` entry, `sameKeysAs`), and the most specific setting wins. Resolved here, once: the
// rule the run sees has no check that is "off", and each other check says "error" or "warn".
// The problems a severity never turns into warnings (a file that cannot be read or parsed, a check
// that could not give a verdict) are kinds of their own: check-file.js marks `invalid` ones only.

export const SEVERITIES = ['error', 'warn', 'off'];

/**
 * @typedef {'error' | 'warn'} Severity a check that runs
 * @typedef {{ require: { key: string, severity: Severity }[], schemaSeverity: Severity | 'off',
 *   validators: { module: string, options?: unknown, severity: Severity }[],
 *   unique?: object[], references?: object[], sameKeysAs?: object }} RuleChecks
 *   schemaSeverity: that of the rule's schema, or of the schemas its files choose (a catalog,
 *   `$schema`); unique, references: their entries as written, each with its severity; sameKeysAs:
 *   the object form, with `missing` and `extra` resolved, and its own severity for the rest
 */

/**
 * @param {Record<string, any>} rule as written in the config (validated by its schema), or the
 *   command line's (whose checks are errors)
 * @returns {RuleChecks} undefined for a check across files that is not there or is "off"
 */
export function resolveChecks(rule) {
  const ruleSeverity = rule.severity ?? 'error';
  const own = (item) => (item !== null && typeof item === 'object' && item.severity) || ruleSeverity;
  const on = (item) => own(item) !== 'off';
  const entry = (item, key) => ({ ...(typeof item === 'string' ? { [key]: item } : item), severity: own(item) });
  const listed = (list, key) => {
    const kept = list?.filter(on).map((item) => entry(item, key));
    return kept?.length ? kept : undefined;
  };
  return {
    require: listed(rule.require, 'key') ?? [],
    schemaSeverity: own(rule.schema),
    validators: listed(rule.validators, 'module') ?? [],
    unique: listed(rule.unique, 'pointer'),
    references: listed(rule.references, 'from'),
    sameKeysAs: rule.sameKeysAs === undefined ? undefined : sameKeys(rule.sameKeysAs, ruleSeverity),
  };
}

// `missing` and `extra` are the most specific; `severity` is that of the rest (placeholders that
// differ, a message that does not parse). Off in all three, the check does not run.
function sameKeys(setting, ruleSeverity) {
  const written = typeof setting === 'string' ? { source: setting } : setting;
  const severity = written.severity ?? ruleSeverity;
  const resolved = {
    ...written,
    missing: written.missing ?? severity,
    extra: written.extra ?? severity,
    severity,
    ...(severity === 'off' && { placeholders: 'off' }),
  };
  return [resolved.missing, resolved.extra, severity].every((s) => s === 'off') ? undefined : resolved;
}
