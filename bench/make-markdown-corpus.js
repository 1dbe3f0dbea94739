#!/usr/bin/env node
// A docs site's Markdown, deterministic: DIR/docs/<section>/<topic>/<page>.md with YAML front matter
// (title, description, slug, sidebar_position, tags, authors, dates, draft, ...) and a body of
// headings, paragraphs, lists and fenced code; DIR/front-matter.schema.json, the one schema every
// page's front matter satisfies; and DIR/.filecheckrc.json, one rule `files: ["**/*.md"]` with it.
// Node built-ins only. The same arguments always write byte-identical files. Used by bench/run.js
// (the `markdown` corpus) and for judging `--workers auto` on many cheap files of one schema (issue
// 14 item 6: a docs site of 12,899 pages).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { mulberry32 } from './make-corpus.js';

const HELP = `usage: node bench/make-markdown-corpus.js <out-dir> [--files N] [--seed S]
  --files N   pages (default 12899)
  --seed S    PRNG seed (default 1)`;

const SECTIONS = ['guides', 'reference', 'tutorials', 'blog', 'api', 'concepts', 'howto', 'community'];
const TOPICS_PER_SECTION = 40;
const SYLLABLES = 'ar be ci do el fu ga he in jo ka lu me no or pi qu ra se ti un ve wa xi yo ze'.split(' ');
const TAGS = Array.from({ length: 60 }, (_, i) => `tag-${i}`);
const AUTHORS = Array.from({ length: 25 }, (_, i) => `author${i}`);

export const FRONT_MATTER_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  title: "A docs page's front matter",
  type: 'object',
  required: ['title', 'description', 'slug', 'sidebar_position'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 120 },
    description: { type: 'string', maxLength: 300 },
    slug: { type: 'string', pattern: '^/[a-z0-9/-]*$' },
    sidebar_position: { type: 'integer', minimum: 0 },
    sidebar_label: { type: 'string' },
    tags: { type: 'array', items: { type: 'string', pattern: '^[a-z0-9-]+$' }, uniqueItems: true, maxItems: 10 },
    authors: { type: 'array', items: { type: 'string' }, minItems: 1 },
    date: { type: 'string', format: 'date' },
    last_update: {
      type: 'object',
      additionalProperties: false,
      properties: { date: { type: 'string', format: 'date' }, author: { type: 'string' } },
    },
    draft: { type: 'boolean' },
    hide_table_of_contents: { type: 'boolean' },
    keywords: { type: 'array', items: { type: 'string' } },
    image: { type: 'string' },
  },
};

function makePage(rnd, vocab, index, section, topic) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const w = () => pick(vocab);
  const words = (n) => Array.from({ length: n }, w).join(' ');
  const int = (lo, hi) => lo + Math.floor(rnd() * (hi - lo + 1));
  const day = () => new Date(Date.UTC(2018, 0, 1) + int(0, 2900) * 86_400_000).toISOString().slice(0, 10);
  const quote = (s) => (rnd() < 0.3 ? `"${s}"` : s);
  const lines = [
    '---',
    `title: ${quote(`${w()} ${w()} ${w()}`)}`,
    `description: ${words(int(6, 20))}`,
    `slug: /${section}/${w()}-${index}`,
    `sidebar_position: ${int(0, 50)}`,
  ];
  if (rnd() < 0.4) lines.push(`sidebar_label: ${w()} ${w()}`);
  if (rnd() < 0.7) {
    const tags = [...new Set(Array.from({ length: int(1, 5) }, () => pick(TAGS)))];
    lines.push(rnd() < 0.5 ? `tags: [${tags.join(', ')}]` : `tags:\n${tags.map((t) => `  - ${t}`).join('\n')}`);
  }
  if (section === 'blog' || rnd() < 0.2) {
    lines.push(
      `authors:\n${[...new Set(Array.from({ length: int(1, 3) }, () => pick(AUTHORS)))].map((a) => `  - ${a}`).join('\n')}`,
    );
    lines.push(`date: ${day()}`);
  }
  if (rnd() < 0.3) lines.push(`last_update:\n  date: ${day()}\n  author: ${pick(AUTHORS)}`);
  if (rnd() < 0.1) lines.push(`draft: ${rnd() < 0.5}`);
  if (rnd() < 0.15) lines.push('hide_table_of_contents: true');
  if (rnd() < 0.25) lines.push(`keywords: [${Array.from({ length: int(2, 6) }, w).join(', ')}]`);
  if (rnd() < 0.1) lines.push(`image: /img/${section}/${topic}/${w()}.png`);
  lines.push('---', '', `# ${words(4)}`, '');
  // A body of 1 to 12 KB: what the front-matter parser skips over, but the file is read whole.
  const size = int(1_000, 12_000);
  let body = '';
  while (body.length < size) {
    const r = rnd();
    body +=
      r < 0.12
        ? `## ${words(int(2, 6))}\n\n`
        : r < 0.22
          ? `\`\`\`js\nconst ${w()} = ${w()}.${w()}(${w()}, ${int(0, 99)});\nconsole.log(${w()});\n\`\`\`\n\n`
          : r < 0.32
            ? `${Array.from({ length: int(2, 5) }, () => `- ${words(int(3, 9))}`).join('\n')}\n\n`
            : `${words(int(20, 70))} [${w()}](/${section}/${w()}) ${words(int(5, 20))}.\n\n`;
  }
  return `${lines.join('\n')}\n${body}`;
}

export function makeMarkdownCorpus({ out, files = 12_899, seed = 1 }) {
  const rnd = mulberry32(seed);
  const vocab = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)]).join(''),
  );
  fs.mkdirSync(out, { recursive: true });
  for (let i = 0; i < files; i++) {
    const section = SECTIONS[i % SECTIONS.length];
    const topic = `topic${Math.floor(i / SECTIONS.length) % TOPICS_PER_SECTION}`;
    const rel = path.join('docs', section, topic, `page${i}.md`);
    if (i < SECTIONS.length * TOPICS_PER_SECTION) fs.mkdirSync(path.join(out, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), makePage(rnd, vocab, i, section, topic));
  }
  fs.writeFileSync(path.join(out, 'front-matter.schema.json'), `${JSON.stringify(FRONT_MATTER_SCHEMA, null, 2)}\n`);
  const config = {
    rules: [{ name: 'pages', files: ['**/*.md'], frontMatter: 'required', schema: 'front-matter.schema.json' }],
  };
  fs.writeFileSync(path.join(out, '.filecheckrc.json'), `${JSON.stringify(config, null, 2)}\n`);
  return { files };
}

/**
 * The command line of a generator of Markdown pages, `<out-dir> [--files N] [--seed S]` and its
 * own `options`: `make({ out, files, seed, ...its options })`, then what it wrote.
 * @param {{ help: string, files: number, options?: object, make: (args: object) => { files: number } }} generator
 */
export function markdownCorpusCli({ help, files: defaultFiles, options = {}, make }) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      files: { type: 'string', default: String(defaultFiles) },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
      ...options,
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(help);
    process.exit(values.help ? 0 : 2);
  }
  const { files: filesText, seed: seedText, help: _help, ...own } = values;
  const files = Number(filesText);
  const seed = Number(seedText);
  if (!(Number.isInteger(files) && files >= 0) || !Number.isInteger(seed)) {
    console.error(`bad --files or --seed: ${filesText} ${seedText}`);
    process.exit(2);
  }
  const r = make({ out: positionals[0], files, seed, ...own });
  console.log(`${r.files} Markdown pages with front matter, and front-matter.schema.json, in ${positionals[0]}`);
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (isMain) markdownCorpusCli({ help: HELP, files: 12899, make: makeMarkdownCorpus });
