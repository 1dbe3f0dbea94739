// A parser of several formats, each tried in turn: the first that reads the file gives its
// documents, each saying which parser read it, placed in the file's own text. For a file that only
// a catalog's fileMatch found, whose name says no data format (`.prettierrc`, `.clang-format`):
// JSON first (the usual case, and its fast path), then JSONC, then YAML, as the tools of such names
// read them; for ESLint's `.eslintrc`, JSONC then YAML (names.js). YAML reads any text (a line of
// words is a string), so its reading counts only when it is data: objects or arrays. When none reads
// it, the first format's problems say why (a file only a catalog found is then not that kind of
// file, which check-file.js skips).

/**
 * @param {[string, () => import('./index.js').Parser][]} parsers each format's name and its parser,
 *   loaded when a file first gets that far
 * @returns {import('./index.js').Parser}
 */
export function firstThatReads(parsers) {
  return {
    parse(text, entry) {
      let first;
      for (const [name, parser] of parsers) {
        const documents = parser().parse(text, entry);
        if (reads(name, documents)) return readBy(documents, name);
        first ??= documents;
      }
      return first;
    },
  };
}

const reads = (name, documents) =>
  name === 'yaml'
    ? documents.length > 0 && documents.every((document) => !document.problems && isData(document.value))
    : documents.every((document) => !document.problems);

const isData = (value) => value !== null && typeof value === 'object';

function readBy(documents, parser) {
  for (const document of documents) document.parser = parser;
  return documents;
}
