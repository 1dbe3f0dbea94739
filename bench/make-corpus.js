#!/usr/bin/env node
// Deterministic corpus generator for filecheck's benchmarks. Node built-ins only, and yaml (one of
// filecheck's dependencies) for --format yaml. The same arguments always produce byte-identical
// files, so runs on different days compare.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';

const HELP = `usage: node bench/make-corpus.js <out-dir> [options]
  --profile kumadocs   4,057 MDN-like JSON documents of 20-80 KB in ~400 folders (default)
            tiny       50,000 documents of 0.5-2 KB
  --files N            number of files (overrides the profile's count)
  --format json|yaml   write each document as JSON (default) or as YAML (.yaml): the same documents
  --invalid-rate R     fraction of files made invalid (default 0); listed in <out-dir>/invalid.txt
  --seed S             PRNG seed (default 1)`;

const PROFILES = {
  kumadocs: { files: 4057, minBytes: 20_000, maxBytes: 80_000 },
  tiny: { files: 50_000, minBytes: 500, maxBytes: 2_000 },
};
const SECTIONS = 20;
const FOLDERS = 400; // topic k always lands in section k % 20, so 400 folders in all
const LOCALES = ['en-US', 'en-US', 'en-US', 'fr', 'de', 'ja', 'zh-CN']; // en-US weighted, as on MDN
const BREAKS = ['missing-title', 'wrong-type', 'truncated', 'empty'];
const SYLLABLES = 'ar be ci do el fu ga he in jo ka lu me no or pi qu ra se ti un ve wa xi yo ze'.split(' ');

// mulberry32: a tiny, fast, well-distributed 32-bit PRNG; good enough for test data.
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeDoc(rnd, vocab, bytes) {
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const w = () => pick(vocab);
  const words = (n) => Array.from({ length: n }, w).join(' ');
  // Fills up to `size` bytes of JSON text (escapes counted), never over, so file sizes stay in range.
  const html = (size) => {
    const parts = [];
    for (let n = 0; ; ) {
      const r = rnd();
      const s =
        r < 0.1
          ? `<h2 id="${w()}">${words(3)}</h2>\n`
          : r < 0.25
            ? `<pre class="brush: js">const ${w()} = ${w()}.${w()}(${w()});</pre>\n`
            : `<p>${words(9)} <a href="/en-US/docs/Web/${w()}">${w()}</a> ${words(7)}.</p>\n`;
      n += JSON.stringify(s).length - 2;
      if (n > size) return parts.join('');
      parts.push(s);
    }
  };
  const slug = `Web/${w()}/${w()}`;
  const doc = {
    documentData: {
      title: `${w()} ${w()}`,
      slug,
      locale: pick(LOCALES),
      bodyHTML: '',
      quickLinksHTML: '',
      tocHTML: '',
      summary: words(12),
      modified: new Date(Date.UTC(2015, 0, 1) + Math.floor(rnd() * 3e11)).toISOString(),
      contributors: Array.from({ length: 1 + Math.floor(rnd() * 6) }, w),
    },
    url: `/en-US/docs/${slug}`,
  };
  const room = bytes - JSON.stringify(doc).length;
  const d = doc.documentData;
  d.quickLinksHTML = html(room * 0.12);
  d.tocHTML = html(room * 0.08);
  const bodyRoom = bytes - JSON.stringify(doc).length;
  d.bodyHTML = html(bodyRoom);
  // Top the body up with plain words so each file is exactly `bytes` long.
  const gap = bodyRoom - (JSON.stringify(d.bodyHTML).length - 2);
  if (gap > 0) d.bodyHTML += words(Math.ceil(gap / 2)).slice(0, gap);
  return doc;
}

// Returns the text of a broken version of doc, for each way filecheck must catch.
function breakDoc(doc, how, format) {
  if (how === 'missing-title') delete doc.documentData.title;
  if (how === 'wrong-type') doc.documentData.tocHTML = 42;
  const text = format.write(doc);
  // Half a YAML document is often still YAML: an unclosed flow sequence makes sure it is not.
  if (how === 'truncated') return `${text.slice(0, text.length >> 1)}${format.extension === '.yaml' ? '\n[\n' : ''}`;
  if (how === 'empty') return '';
  return text;
}

// How a document is written. YAML keeps yaml's defaults (long strings folded at 80 columns), as a
// YAML file written by a tool looks.
const FORMATS = {
  json: () => ({ extension: '.json', write: (doc) => JSON.stringify(doc) }),
  yaml: () => {
    const { stringify } = createRequire(import.meta.url)('yaml');
    return { extension: '.yaml', write: (doc) => stringify(doc) };
  },
};

export function makeCorpus({
  out,
  profile = 'kumadocs',
  files,
  invalidRate = 0,
  seed = 1,
  format: formatName = 'json',
}) {
  const p = PROFILES[profile];
  if (!p) throw new Error(`unknown profile: ${profile} (use ${Object.keys(PROFILES).join(' or ')})`);
  if (!FORMATS[formatName]) throw new Error(`unknown format: ${formatName} (use ${Object.keys(FORMATS).join(' or ')})`);
  const format = FORMATS[formatName]();
  const count = files ?? p.files;
  const rnd = mulberry32(seed);
  // A separate stream decides invalidity, so --invalid-rate does not change the valid documents.
  const rndInvalid = mulberry32(seed ^ 0x9e3779b9);
  const vocab = Array.from({ length: 3000 }, () =>
    Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => SYLLABLES[Math.floor(rnd() * SYLLABLES.length)]).join(''),
  );

  const invalid = [];
  for (let i = 0; i < count; i++) {
    const rel = path.join(`section${i % SECTIONS}`, `topic${i % FOLDERS}`, `doc${i}${format.extension}`);
    const doc = makeDoc(rnd, vocab, Math.round(p.minBytes + rnd() * (p.maxBytes - p.minBytes)));
    let text = format.write(doc);
    if (rndInvalid() < invalidRate) {
      const how = BREAKS[Math.floor(rndInvalid() * BREAKS.length)];
      text = breakDoc(doc, how, format);
      invalid.push(`${rel}\t${how}\n`);
    }
    // Files i and i + 400 share a folder, so the first 400 files create every folder.
    if (i < FOLDERS) fs.mkdirSync(path.join(out, path.dirname(rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  }
  fs.writeFileSync(path.join(out, 'invalid.txt'), invalid.join(''));
  return { files: count, invalid: invalid.length };
}

const isMain = process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
if (isMain) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      profile: { type: 'string', default: 'kumadocs' },
      format: { type: 'string', default: 'json' },
      files: { type: 'string' },
      'invalid-rate': { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help || positionals.length !== 1) {
    console.log(HELP);
    process.exit(values.help ? 0 : 2);
  }
  const out = positionals[0];
  const num = (name, v, ok) => {
    const n = Number(v);
    if (!ok(n)) {
      console.error(`bad --${name}: ${v}`);
      process.exit(2);
    }
    return n;
  };
  try {
    const r = makeCorpus({
      out,
      profile: values.profile,
      format: values.format,
      files: values.files === undefined ? undefined : num('files', values.files, (n) => Number.isInteger(n) && n >= 0),
      invalidRate: num('invalid-rate', values['invalid-rate'], (n) => n >= 0 && n <= 1),
      seed: num('seed', values.seed, Number.isInteger),
    });
    console.log(`${r.files} files (${values.profile}, ${values.format}), ${r.invalid} invalid, in ${out}`);
  } catch (err) {
    console.error(err.message);
    process.exit(2);
  }
}
