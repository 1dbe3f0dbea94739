// Where a document names its own schema: its top-level `$schema` key (JSON, JSONC, JSON5, YAML),
// or, in YAML, a `# yaml-language-server: $schema=<url>` comment, as the YAML language server
// reads it (the comment wins over the key).

const MODELINE = /^[ \t]*#[ \t]*yaml-language-server[ \t]*:.*?\$schema=(\S+)/gm;

/**
 * @typedef {{ ref: unknown, pointer?: string, line?: number, column?: number }} DocumentSchemaRef
 *   ref: what the document gives, not yet known to be a string; pointer (the `$schema` key) or
 *   line and column in the file (a comment): where, for messages
 * @param {unknown} value the parsed document
 * @param {{ text?: string, parser?: string, range?: [number, number] }} [source] the file's text,
 *   the parser that read it (only YAML has comments filecheck reads) and where in the text the
 *   document is, from the end of the one before it (a stream holds several; default: all of it)
 * @returns {DocumentSchemaRef | null}
 */
export function documentSchemaRef(value, { text = '', parser = 'json', range = [0, text.length] } = {}) {
  if (parser === 'yaml') {
    MODELINE.lastIndex = range[0];
    const modeline = MODELINE.exec(text);
    if (modeline && modeline.index < range[1]) {
      const at = modeline.index + modeline[0].length - modeline[1].length;
      const line = countLines(text, at);
      return { ref: modeline[1], line, column: at - text.lastIndexOf('\n', at - 1) };
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value) && Object.hasOwn(value, '$schema')) {
    return { ref: value.$schema, pointer: '/$schema' };
  }
  return null;
}

function countLines(text, end) {
  let lines = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) lines++;
  return lines;
}
