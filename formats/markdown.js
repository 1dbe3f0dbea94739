// Markdown (and MDX) front matter, in the three forms Hugo reads: YAML between a first line `---`
// and the next `---` (or `...`) line; TOML between a first line `+++` and the next `+++` line; JSON,
// an object whose `{` is the whole first line, up to the `}` that closes it. And gray-matter's form,
// which Eleventy reads: a language after the first line's dashes (`---json`, `---yaml`, `---toml`),
// the block closed by the next `---` line. Its positions are the Markdown file's: the block is
// parsed where it lies.
import { createRequire } from 'node:module';
import { parseYaml } from './yaml.js';
import { tagsOf } from './yaml-tags.js';
import { lineLocator, locateProblems } from './json-positions.js';
import { parseJson } from './json.js';

const require = createRequire(import.meta.url);

const YAML_OPENING = /^---[ \t]*(?:\r\n|\r|\n)/;
const YAML_CLOSING = /^(?:---|\.\.\.)[ \t]*$/gm;
const TOML_OPENING = /^\+\+\+[ \t]*(?:\r\n|\r|\n)/;
const TOML_CLOSING = /^\+\+\+[ \t]*$/gm;
const JSON_OPENING = /^\{[ \t]*(?:\r\n|\r|\n)/;
// A word after the dashes names the language; `----` is a thematic break, as gray-matter reads it.
const NAMED_OPENING = /^---[ \t]*([A-Za-z][\w+.-]*)[ \t]*(?:\r\n|\r|\n|$)/;
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

/**
 * @type {import('./index.js').Parser['parse']} no document when the file has no front matter,
 *   unless a rule requires it (entry.frontMatter)
 */
export function parse(text, entry) {
  const yaml = YAML_OPENING.exec(text);
  if (yaml) return yamlFrontMatter(text, yaml[0].length, entry);
  const named = NAMED_OPENING.exec(text);
  if (named) return namedFrontMatter(text, named, entry);
  const toml = TOML_OPENING.exec(text);
  if (toml) return tomlFrontMatter(text, toml[0]);
  if (JSON_OPENING.test(text)) return jsonFrontMatter(text);
  return noFrontMatter(
    entry,
    'a first line "---" opens YAML front matter, "+++" TOML, "{" JSON, and "---json", "---yaml" or "---toml" the language it names',
  );
}

function yamlFrontMatter(text, start, entry) {
  YAML_CLOSING.lastIndex = start;
  const closing = YAML_CLOSING.exec(text);
  // A first line "---" that nothing closes is a horizontal rule, as Jekyll, remark and MkDocs read it.
  if (!closing) return noFrontMatter(entry, 'no "---" line closes the block its first line opens');
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
function namedFrontMatter(text, [opening, word], entry) {
  const language = LANGUAGES[word.toLowerCase()];
  if (language !== 'YAML' && language !== 'JSON' && language !== 'TOML') {
    const what = `front matter in ${language ?? `"${word}"`} ("---${word}") cannot be read`;
    return parseProblem(`${what}: filecheck reads YAML, TOML and JSON front matter`);
  }
  NAMED_CLOSING.lastIndex = opening.length;
  const closing = NAMED_CLOSING.exec(text);
  if (!closing) return unclosed(language, 'no "---" line closes the block its first line opens');
  const start = opening.length;
  if (language === 'YAML') return yamlBlock(text, start, closing.index, entry);
  if (EMPTY.test(text.slice(start, closing.index))) return emptyBlock(text, start);
  const block = withFirstLineBlank(text, opening, closing.index);
  return language === 'TOML' ? tomlBlock(block) : jsonBlock(block);
}

// A first line "+++" means nothing else in Markdown: one that nothing closes fails, as Hugo fails it.
function tomlFrontMatter(text, opening) {
  TOML_CLOSING.lastIndex = opening.length;
  const closing = TOML_CLOSING.exec(text);
  if (!closing) return unclosed('TOML', 'no "+++" line closes the block its first line opens');
  return tomlBlock(withFirstLineBlank(text, opening, closing.index));
}

// The block is read with its first line blanked, so that its offsets are the file's.
const withFirstLineBlank = (text, opening, end) => opening.replace(/[^\r\n]/g, ' ') + text.slice(opening.length, end);

const tomlBlock = (block) => require('./toml.js').parseToml(block, 'TOML front matter');

// The object runs from the first line's "{" to the "}" that closes it, as Hugo finds it: braces are
// counted outside strings. It starts the file, so its offsets are the file's.
function jsonFrontMatter(text) {
  const end = closingBrace(text);
  if (end === -1) return unclosed('JSON', 'no "}" closes the "{" of its first line');
  return jsonBlock(text.slice(0, end + 1));
}

function jsonBlock(block) {
  const { value, problems } = parseJson(block, 'JSON front matter');
  if (problems) return [{ problems }];
  return [{ value, depthChecked: true, locate: (found) => locateProblems(block, found) }];
}

function closingBrace(text) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
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

const unclosed = (format, why) => parseProblem(`invalid ${format} front matter: ${why}`);

const parseProblem = (message) => [{ problems: [{ validator: 'parse', message, line: 1, column: 1, kind: 'parse' }] }];

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
