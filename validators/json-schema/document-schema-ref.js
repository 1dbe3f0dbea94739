// Where a document names its own schema: its top-level `$schema` key (JSON, JSONC, JSON5, YAML,
// TOML); in YAML, a `# yaml-language-server: $schema=<url>` comment, as the YAML language server
// reads it; in TOML, a `#:schema <url>` comment among those that open the file, as Taplo (Even
// Better TOML) reads it. A comment wins over the key.

const MODELINE = /^[ \t]*#[ \t]*yaml-language-server[ \t]*:.*?\$schema=(\S+)/gm;
// The comments and blank lines a TOML file opens with, and the directive among them.
const TOML_HEADER = /^(?:[ \t]*(?:#[^\n]*)?\r?\n)*/;
const TOML_DIRECTIVE = /^[ \t]*#:schema[ \t]+(\S+)/m;

/**
 * @typedef {{ ref: unknown, pointer?: string, line?: number, column?: number }} DocumentSchemaRef
 *   ref: what the document gives, not yet known to be a string; pointer (the `$schema` key) or
 *   line and column in the file (a comment): where, for messages
 * @param {unknown} value the parsed document
 * @param {{ text?: string, parser?: string, range?: [number, number], comments?: Set<string> }} [source]
 *   the file's text, the parser that read it (YAML's and TOML's comments are read), where in the
 *   text the document is, from the end of the one before it (a stream holds several; default: all
 *   of it), and the document's comment lines (YAML): a match in a block scalar's text is not one
 * @returns {DocumentSchemaRef | null}
 */
export function documentSchemaRef(value, { text = '', parser = 'json', range = [0, text.length], comments } = {}) {
  if (parser === 'yaml') {
    MODELINE.lastIndex = range[0];
    for (let modeline; (modeline = MODELINE.exec(text)) && modeline.index < range[1]; ) {
      const comment = modeline[0].slice(modeline[0].indexOf('#') + 1).trim();
      if (!comments || comments.has(comment) || [...comments].some((line) => line.startsWith(comment)))
        return commentRef(text, modeline);
    }
  }
  if (parser === 'toml') {
    const directive = TOML_DIRECTIVE.exec(TOML_HEADER.exec(text)[0]);
    if (directive) return commentRef(text, directive);
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, '$schema')) {
    return { ref: value.$schema, pointer: '/$schema' };
  }
  return null;
}

// The ref a comment gives, placed on it in the file.
function commentRef(text, match) {
  const at = match.index + match[0].length - match[1].length;
  return { ref: match[1], line: countLines(text, at), column: at - text.lastIndexOf('\n', at - 1) };
}

function countLines(text, end) {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
