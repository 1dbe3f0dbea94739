#!/usr/bin/env node
// A Hugo docs site of about 1,000 pages, shaped as gohugoio/hugoDocs is (issue 25: `auto` chose a
// pool there and ran 1.2-1.4× slower than in-process): DIR/content/en/<section>[/<folder>]/<page>.md,
// 993 pages in 96 folders, YAML front matter of 6-10 lines (title, description, `categories: []`,
// `keywords: []`, a function's `params`, aliases...), small pages (median 790 bytes, 90% under
// 4 KB, a few of 12-126 KB). DIR/front-matter.schema.json and DIR/.filecheckrc.json: one rule,
// `content/**/*.md`, front matter required, that schema.
// With --from a checkout of gohugoio/hugoDocs, its own content/**/*.md with front matter are copied
// instead (real pages; keep the checkout outside the repository). Node built-ins only; the same
// arguments always write byte-identical files.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from './make-corpus.js';
import { markdownCorpusCli } from './make-markdown-corpus.js';

const HELP = `usage: node bench/make-docs-site.js <out-dir> [--files N] [--seed S] [--from HUGO_DOCS]
  --files N   pages (default 993, as hugoDocs' content)
  --seed S    PRNG seed (default 1)
  --from DIR  a checkout of gohugoio/hugoDocs: copy its content/**/*.md pages instead`;

// hugoDocs' page sizes in bytes, every 5% (its 993 content pages, 2026-11): drawn from by
// interpolating between neighbours.
const SIZE_QUANTILES = [
  40, 135, 168, 228, 290, 336, 388, 456, 551, 686, 787, 905, 1034, 1228, 1471, 1769, 2104, 2626, 4008, 6512, 126141,
];
const SECTIONS = [
  'functions',
  'methods',
  'content-management',
  'configuration',
  'commands',
  'quick-reference',
  'templates',
  'getting-started',
  'hosting-and-deployment',
  'render-hooks',
  'shortcodes',
  'host-and-deploy',
  'troubleshooting',
  'tools',
  'about',
  'contribute',
  'installation',
  'news',
  'showcase',
  'variables',
];
const FOLDERS = 70; // second-level folders (functions/strings, methods/page...), 6 of them with one more level
const WORDS =
  'page site template function method returns given string value the a of to and in with content front matter section taxonomy term render hook shortcode partial resource image config build server module theme layout list single output format language menu param data file path url'.split(
    ' ',
  );

export const FRONT_MATTER_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: "A Hugo docs page's front matter",
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    linkTitle: { type: 'string' },
    description: { type: 'string' },
    categories: { type: 'array', items: { type: 'string' } },
    keywords: { type: 'array', items: { type: 'string' } },
    aliases: { type: 'array', items: { type: 'string', pattern: '^/' } },
    weight: { type: 'integer' },
    slug: { type: 'string' },
    url: { type: 'string' },
    _comment: { type: 'string' },
    expiryDate: { type: 'string' },
    params: {
      type: 'object',
      properties: {
        functions_and_methods: {
          type: 'object',
          properties: {
            aliases: { type: 'array', items: { type: 'string' } },
            returnType: { type: ['string', 'null'] }, // empty for a function that returns nothing
            signatures: { type: 'array', items: { type: 'string' } },
          },
        },
      },
    },
  },
};

function pageSize(rnd) {
  const at = rnd() * (SIZE_QUANTILES.length - 1);
  const i = Math.floor(at);
  const [lo, hi] = [SIZE_QUANTILES[i], SIZE_QUANTILES[Math.min(i + 1, SIZE_QUANTILES.length - 1)]];
  return Math.round(lo * (hi / lo) ** (at - i));
}

function makePage(rnd, index, folder) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const words = (n) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const name = `${pick(WORDS)}.${pick(WORDS)}${index}`;
  const lines = ['---', `title: ${name}`];
  if (rnd() < 0.12) lines.push(`linkTitle: ${words(2)}`);
  if (rnd() < 0.75) lines.push(`description: ${words(6 + Math.floor(rnd() * 10))}.`);
  if (rnd() < 0.74) lines.push('categories: []', rnd() < 0.97 ? 'keywords: []' : `keywords: [${pick(WORDS)}]`);
  if (rnd() < 0.54)
    lines.push(
      'params:',
      '  functions_and_methods:',
      '    aliases: []',
      `    returnType: ${pick(['string', 'string', 'bool', 'int', 'page.Pages', 'float64', 'any', 'template.HTML', ''])}`.trimEnd(),
      `    signatures: [${name} ${pick(WORDS).toUpperCase()} ${pick(WORDS).toUpperCase()}]`,
    );
  if (rnd() < 0.23) lines.push(`aliases: [/${folder}/${name.toLowerCase()}]`);
  if (rnd() < 0.06) lines.push(`weight: ${10 * (1 + Math.floor(rnd() * 9))}`);
  if (rnd() < 0.045) lines.push('_comment: Do not remove front matter.');
  if (rnd() < 0.01) lines.push(`expiryDate: '2028-0${1 + Math.floor(rnd() * 9)}-18' # deprecated`);
  lines.push('---', '');
  const head = `${lines.join('\n')}\n`;
  const size = pageSize(rnd);
  let body = '';
  while (head.length + body.length < size) {
    const r = rnd();
    body +=
      r < 0.2
        ? `\`\`\`go-html-template\n{{ ${name} "${pick(WORDS)}" "${pick(WORDS)}" }} → ${pick(['true', 'false', '"x"'])}\n\`\`\`\n\n`
        : r < 0.3
          ? `## ${words(3)}\n\n`
          : r < 0.4
            ? `${Array.from({ length: 2 + Math.floor(rnd() * 4) }, () => `- ${words(6)}`).join('\n')}\n\n`
            : `${words(10 + Math.floor(rnd() * 40))} [${pick(WORDS)}](/${folder}/).\n\n`;
  }
  return head + body;
}

// Folders as hugoDocs has them: 20 sections holding pages, 70 folders under them, 6 a level deeper;
// the pages spread unevenly (one folder holds 157, many a handful).
function folders(rnd) {
  const list = SECTIONS.map((s) => s);
  for (let i = 0; i < FOLDERS; i++) list.push(`${SECTIONS[i % 8]}/${WORDS[i % WORDS.length]}${i}`);
  for (let i = 0; i < 6; i++) list.push(`${list[SECTIONS.length + i]}/deeper`);
  const weights = list.map(() => rnd() ** 3);
  weights[SECTIONS.length + 5] += 3; // a glossary
  const total = weights.reduce((a, b) => a + b, 0);
  return { list, weights: weights.map((w) => w / total) };
}

export function makeDocsSite({ out, files = 993, seed = 1, from }) {
  fs.mkdirSync(out, { recursive: true });
  let written = 0;
  if (from) {
    const content = path.join(from, 'content');
    for (const rel of fs.readdirSync(content, { recursive: true }).sort()) {
      if (!rel.endsWith('.md')) continue;
      const text = fs.readFileSync(path.join(content, rel));
      if (!text.subarray(0, 4).equals(Buffer.from('---\n'))) continue; // LICENSE.md
      fs.mkdirSync(path.join(out, 'content', path.dirname(rel)), { recursive: true });
      fs.writeFileSync(path.join(out, 'content', rel), text);
      written++;
    }
  } else {
    const rnd = mulberry32(seed);
    const { list, weights } = folders(rnd);
    for (const folder of list) fs.mkdirSync(path.join(out, 'content', 'en', folder), { recursive: true });
    for (let i = 0; i < files; i++) {
      let r = rnd();
      let f = 0;
      while (f < list.length - 1 && r >= weights[f]) r -= weights[f++];
      const rel = path.join('content', 'en', list[f], i % 50 === 0 ? `_index${i}.md` : `page${i}.md`);
      fs.writeFileSync(path.join(out, rel), makePage(rnd, i, list[f]));
      written++;
    }
  }
  fs.writeFileSync(path.join(out, 'front-matter.schema.json'), `${JSON.stringify(FRONT_MATTER_SCHEMA, null, 2)}\n`);
  const config = {
    rules: [{ name: 'pages', files: ['content/**/*.md'], frontMatter: 'required', schema: 'front-matter.schema.json' }],
  };
  fs.writeFileSync(path.join(out, '.filecheckrc.json'), `${JSON.stringify(config, null, 2)}\n`);
  return { files: written };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (isMain) markdownCorpusCli({ help: HELP, files: 993, options: { from: { type: 'string' } }, make: makeDocsSite });
