// Markdown (and MDX) front matter, in the three forms Hugo reads: YAML between a line `---` and the
// next `---` (or `...`) line; TOML between a line `+++` and the next `+++` line; JSON, an object
// whose `{` starts a line, up to the `}` that closes it. And gray-matter's form, which Eleventy
// reads: a language after the dashes (`---json`, `---yaml`, `---toml`), the block closed by the
// next `---` line. The opening is the first line that is not blank: Hugo and Zola skip blank lines
// before it, where Jekyll and gray-matter read no front matter, so a page that has some gets a
// warning. Its positions are the Markdown file's: the block is parsed where it lies.
import { createRequire } from 'node:module';
import { parseYaml } from './yaml.js';
import { tagsOf } from './yaml-tags.js';
import { lineLocator, locateProblems } from './json-positions.js';
import { parseJson } from './json.js';

const require = createRequire(import.meta.url);

// Lines of spaces and tabs alone (a BOM is gone: read-text.js).
const BLANK_LINES = /^(?:[ \t]*(?:\r\n|\r|\n))*/;
const YAML_OPENING = /---[ \t]*(?:\r\n|\r|\n)/y;
const YAML_CLOSING = /^(?:---|\.\.\.)[ \t]*$/gm;
const TOML_OPENING = /\+\+\+[ \t]*(?:\r\n|\r|\n)/y;
const TOML_CLOSING = /^\+\+\+[ \t]*$/gm;
// A `{` alone on its line, or one a key (or the `}` of an empty object) follows, as in `{ "title": "x" }`:
// MDX's `{/* comment */}` and a Hugo shortcode's `{{<` open no JSON.
const JSON_OPENING = /\{(?:[ \t]*(?:\r\n|\r|\n)|\s*["}])/y;
// A word after the dashes names the language; `----` is a thematic break, as gray-matter reads it.
const NAMED_OPENING = /---[ \t]*([A-Za-z][\w+.-]*)[ \t]*(?:\r\n|\r|\n|$)/y;
const NAMED_CLOSING = /^---[ \t]*$/gm;
// gray-matter's names (and aliases) of languages: those filecheck reads, and those it names when it cannot.
const LANGUAGES = {
  yaml: 'YAML',
  yml: 'YAML',
  json: 'JSON',
  toml: 'TOML',
  js: 'JavaScript',
  javascript: 'JavaScript',
  coffee: 'CoffeeScript',
  coffeescript: 'CoffeeScript',
  cson: 'CoffeeScript',
};

// Each form, in the order its opening is tried, and who else reads it after blank lines.
const FORMS = [
  { opening: YAML_OPENING, read: yamlFrontMatter, readers: 'Hugo and Zola read it' },
  { opening: NAMED_OPENING, read: namedFrontMatter, readers: null },
  { opening: TOML_OPENING, read: tomlFrontMatter, readers: 'Hugo and Zola read it' },
  { opening: JSON_OPENING, read: jsonFrontMatter, readers: 'Hugo reads it' },
];

const NO_OPENING =
  'the first line that is not blank opens it: "---" YAML front matter, "+++" TOML, "{" JSON, and "---json", "---yaml" or "---toml" the language it names';

/**
 * @type {import('./index.js').Parser['parse']} no document when the file has no front matter,
 *   unless a rule requires it (entry.frontMatter)
 */
export function parse(text, entry) {
  const start = BLANK_LINES.exec(text)[0].length;
  for (const { opening, read, readers } of FORMS) {
    opening.lastIndex = start;
    const match = opening.exec(text);
    if (!match) continue;
    const documents = read(text, match, entry);
    if (typeof documents === 'string') return noFrontMatter(entry, documents);
    if (start) documents[0].warnings = [afterBlankLines(text, start, readers)];
    return documents;
  }
  return noFrontMatter(entry, NO_OPENING);
}

// A warning, not an error: the page is read as Hugo and Zola read it, but elsewhere it has no front matter.
const afterBlankLines = (text, start, readers) => ({
  validator: 'front-matter',
  message: `front matter starts on line ${lineOf(text, start)}, after blank lines: ${readers ? `${readers}; ` : ''}Jekyll and gray-matter (Astro, Docusaurus, Eleventy) read none`,
  line: 1,
  column: 1,
  kind: 'invalid',
  severity: 'warning',
});

const lineOf = (text, offset) => text.slice(0, offset).split(/\r\n?|\n/).length;
// The line that opens the block, as its messages name it.
const opener = (text, offset) => (offset ? `line ${lineOf(text, offset)}` : 'its first line');
const endOf = (match) => match.index + match[0].length;

// A line "---" that nothing closes is a horizontal rule, as Jekyll, remark and MkDocs read it: the
// reason there is no front matter is returned.
function yamlFrontMatter(text, opening, entry) {
  const start = endOf(opening);
  YAML_CLOSING.lastIndex = start;
  const closing = YAML_CLOSING.exec(text);
  if (!closing) return `no "---" line closes the block ${opener(text, opening.index)} opens`;
  return yamlBlock(text, start, closing.index, entry);
}

function yamlBlock(text, start, end, entry) {
  const block = text.slice(start, end);
  // An empty block (or only comments) is front matter without keys, as Jekyll, Hugo and gray-matter read it.
  if (EMPTY.test(block)) return emptyBlock(text, start);
  return parseYaml(block, { whole: text, base: start, format: 'YAML front matter', tags: tagsOf(entry.yamlTags) });
}

const emptyBlock = (text, start) => [{ value: {}, locate: (problems) => placeAll(problems, lineLocator(text)(start)) }];

// A language filecheck cannot read (JavaScript, which Eleventy runs) fails: the page is not checked,
// and must not pass as if it were. One that nothing closes fails too: it is no thematic break.
function namedFrontMatter(text, opening, entry) {
  const word = opening[1];
  const language = LANGUAGES[word.toLowerCase()];
  if (language !== 'YAML' && language !== 'JSON' && language !== 'TOML') {
    const what = `front matter in ${language ?? `"${word}"`} ("---${word}") cannot be read`;
    return parseProblem(`${what}: filecheck reads YAML, TOML and JSON front matter`, text, opening.index);
  }
  const start = endOf(opening);
  NAMED_CLOSING.lastIndex = start;
  const closing = NAMED_CLOSING.exec(text);
  if (!closing)
    return unclosed(
      language,
      `no "---" line closes the block ${opener(text, opening.index)} opens`,
      text,
      opening.index,
    );
  if (language === 'YAML') return yamlBlock(text, start, closing.index, entry);
  if (EMPTY.test(text.slice(start, closing.index))) return emptyBlock(text, start);
  const block = blankedBefore(text, start, closing.index);
  return language === 'TOML' ? tomlBlock(block, opening.index) : jsonBlock(block);
}

// A line "+++" means nothing else in Markdown: one that nothing closes fails, as Hugo fails it.
function tomlFrontMatter(text, opening) {
  TOML_CLOSING.lastIndex = endOf(opening);
  const closing = TOML_CLOSING.exec(text);
  if (!closing)
    return unclosed('TOML', `no "+++" line closes the block ${opener(text, opening.index)} opens`, text, opening.index);
  return tomlBlock(blankedBefore(text, endOf(opening), closing.index), opening.index);
}

// The block is read with the lines up to it blanked, so that its offsets are the file's.
const blankedBefore = (text, start, end) => text.slice(0, start).replace(/[^\r\n]/g, ' ') + text.slice(start, end);

const tomlBlock = (block, opening) => require('./toml.js').parseToml(block, 'TOML front matter', opening);

// The object runs from its "{" to the "}" that closes it, as Hugo finds it: braces are counted
// outside strings. Only blank lines are before it, so its offsets are the file's.
function jsonFrontMatter(text, opening) {
  const close = closingBrace(text, opening.index);
  if (close === -1)
    return unclosed('JSON', `no "}" closes the "{" of ${opener(text, opening.index)}`, text, opening.index);
  return jsonBlock(text.slice(0, close + 1));
}

function jsonBlock(block) {
  const { value, problems } = parseJson(block, 'JSON front matter');
  if (problems) return [{ problems }];
  return [{ value, depthChecked: true, locate: (found) => locateProblems(block, found) }];
}

function closingBrace(text, from) {
  let depth = 0;
  let inString = false;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b) depth++;
    else if (c === 0x7d && --depth === 0) return i;
  }
  return -1;
}

// Placed at the block's opening line.
const unclosed = (format, why, text, offset) => parseProblem(`invalid ${format} front matter: ${why}`, text, offset);

const parseProblem = (message, text, offset) => [
  { problems: [{ validator: 'parse', message, line: lineOf(text, offset), column: 1, kind: 'parse' }] },
];

function noFrontMatter(entry, hint) {
  if (entry.frontMatter !== 'required') return [];
  return [
    {
      problems: [
        {
          validator: 'front-matter',
          message: `the file has no front matter, which its rules require (${hint})`,
          line: 1,
          column: 1,
          kind: 'invalid',
        },
      ],
    },
  ];
}

const EMPTY = /^(?:[ \t]*(?:#[^\n]*)?(?:\r?\n|\r|$))*$/;

// The block has no node but the (empty) document: every problem is placed on it.
function placeAll(problems, at) {
  for (const problem of problems) if (problem.line === undefined) Object.assign(problem, at);
}
