// Markdown (and MDX) front matter: the YAML block between a `---` first line and the next `---` (or
// `...`) line. Its positions are the Markdown file's: the block is parsed where it lies.
import { parseYaml } from './yaml.js';
import { tagsOf } from './yaml-tags.js';
import { lineLocator } from './json-positions.js';

const OPENING = /^---[ \t]*(?:\r\n|\r|\n)/;
const CLOSING = /^(?:---|\.\.\.)[ \t]*$/gm;

/**
 * @type {import('./index.js').Parser['parse']} no document when the file has no front matter,
 *   unless a rule requires it (entry.frontMatter)
 */
export function parse(text, entry) {
  const opening = OPENING.exec(text);
  if (!opening) return noFrontMatter(entry, 'a first line "---" opens it');
  const start = opening[0].length;
  CLOSING.lastIndex = start;
  const closing = CLOSING.exec(text);
  // A first line "---" that nothing closes is a horizontal rule, as Jekyll, remark and MkDocs read it.
  if (!closing) return noFrontMatter(entry, 'no "---" line closes the block its first line opens');
  const block = text.slice(start, closing.index);
  // An empty block (or only comments) is front matter without keys, as Jekyll, Hugo and gray-matter read it.
  if (EMPTY.test(block)) return [{ value: {}, locate: (problems) => placeAll(problems, lineLocator(text)(start)) }];
  return parseYaml(block, { whole: text, base: start, format: 'YAML front matter', tags: tagsOf(entry.yamlTags) });
}

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

// The block has no node but the (empty) document: a deeper pointer is near.
function placeAll(problems, at) {
  for (const problem of problems)
    if (problem.line === undefined) Object.assign(problem, at, problem.pointer && { near: true });
}
