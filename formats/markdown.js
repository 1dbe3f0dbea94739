// Markdown (and MDX) front matter, in the three forms Hugo reads: YAML between a first line `---`
// and the next `---` (or `...`) line; TOML between a first line `+++` and the next `+++` line; JSON,
// an object whose `{` is the whole first line, up to the `}` that closes it. Its positions are the
// Markdown file's: the block is parsed where it lies.
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

/**
 * @type {import('./index.js').Parser['parse']} no document when the file has no front matter,
 *   unless a rule requires it (entry.frontMatter)
 */
export function parse(text, entry) {
  const yaml = YAML_OPENING.exec(text);
  if (yaml) return yamlFrontMatter(text, yaml[0].length, entry);
  const toml = TOML_OPENING.exec(text);
  if (toml) return tomlFrontMatter(text, toml[0]);
  if (JSON_OPENING.test(text)) return jsonFrontMatter(text);
  return noFrontMatter(entry, 'a first line "---" opens YAML front matter, "+++" TOML, "{" JSON');
}

function yamlFrontMatter(text, start, entry) {
  YAML_CLOSING.lastIndex = start;
  const closing = YAML_CLOSING.exec(text);
  // A first line "---" that nothing closes is a horizontal rule, as Jekyll, remark and MkDocs read it.
  if (!closing) return noFrontMatter(entry, 'no "---" line closes the block its first line opens');
  const block = text.slice(start, closing.index);
  // An empty block (or only comments) is front matter without keys, as Jekyll, Hugo and gray-matter read it.
  if (EMPTY.test(block)) return [{ value: {}, locate: (problems) => placeAll(problems, lineLocator(text)(start)) }];
  return parseYaml(block, { whole: text, base: start, format: 'YAML front matter', tags: tagsOf(entry.yamlTags) });
}

// The block is read with its first line blanked, so that its offsets are the file's. A first line
// "+++" means nothing else in Markdown: one that nothing closes fails, as Hugo fails it.
function tomlFrontMatter(text, opening) {
  TOML_CLOSING.lastIndex = opening.length;
  const closing = TOML_CLOSING.exec(text);
  if (!closing) return unclosed('TOML', 'no "+++" line closes the block its first line opens');
  const toml = opening.replace(/[^\r\n]/g, ' ') + text.slice(opening.length, closing.index);
  return require('./toml.js').parseToml(toml, 'TOML front matter');
}

// The object runs from the first line's "{" to the "}" that closes it, as Hugo finds it: braces are
// counted outside strings. It starts the file, so its offsets are the file's.
function jsonFrontMatter(text) {
  const end = closingBrace(text);
  if (end === -1) return unclosed('JSON', 'no "}" closes the "{" of its first line');
  const block = text.slice(0, end + 1);
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

const unclosed = (format, why) => [
  {
    problems: [
      { validator: 'parse', message: `invalid ${format} front matter: ${why}`, line: 1, column: 1, kind: 'parse' },
    ],
  },
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
