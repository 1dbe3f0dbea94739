// The end of a failing file's message that says another parser reads it, and how to choose that
// parser: JSON's when the file has comments (json-positions.js), JSONC's when JSON5 reads it
// (jsonc.js), JSON's when TOML or YAML does (other-format-hint.js). Worded here once.

/**
 * @param {string} why what makes the other parser the one: `it is valid JSON5`
 * @param {string} parser the parser, as a rule's "parser" and --parser name it: `json5`
 * @returns {string} ` (why: to read it as JSON5, give its rule "parser": "json5", or use --parser json5)`
 */
export const readAsHint = (why, parser) =>
  ` (${why}: to read it as ${parser.toUpperCase()}, give its rule "parser": "${parser}", or use --parser ${parser})`;
