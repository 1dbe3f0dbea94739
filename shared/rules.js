// Every rule of a run: the config's, then the command line's (--schema, --require…), if any.

/** @param {{ rules: object[], cliRule: object | null }} config @returns {object[]} */
export const rulesOf = (config) => (config.cliRule ? [...config.rules, config.cliRule] : config.rules);

/** @template {{ id: number }} R @param {R[]} rules @returns {Map<number, R>} */
export const byId = (rules) => new Map(rules.map((rule) => [rule.id, rule]));
