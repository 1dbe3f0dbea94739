#!/usr/bin/env node
// A project with many schemas, for measuring --cache's compiled-schema cache: N draft-07 schemas
// (each $ref-ing a common one, 25 properties), one rule per schema in .filecheckrc.json, and F valid
// documents per schema. Deterministic. Usage: node bench/make-schemas-repo.js DIR [schemas=200] [files=10]
import fs from 'node:fs';
import path from 'node:path';

const [dir, schemas = 200, perSchema = 10] = process.argv.slice(2);
if (!dir) {
  console.error('usage: node bench/make-schemas-repo.js DIR [schemas=200] [files per schema=10]');
  process.exit(2);
}
fs.rmSync(dir, { recursive: true, force: true });
const write = (rel, value) => {
  fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
  fs.writeFileSync(path.join(dir, rel), JSON.stringify(value, null, 2));
};

write('schemas/common.json', {
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    slug: { type: 'string', pattern: '^[a-z0-9-]+$', maxLength: 80 },
    date: { type: 'string', format: 'date-time' },
    link: {
      type: 'object',
      required: ['href'],
      properties: { href: { type: 'string', format: 'uri-reference' }, title: { type: 'string' } },
      additionalProperties: false,
    },
  },
});
const field = (s, k) =>
  [
    { type: 'string', minLength: 1, maxLength: 200 },
    { type: 'integer', minimum: 0, maximum: 1e6 },
    { enum: ['a', 'b', 'c', `v${s}`] },
  ][k % 3];
const value = (k) => ['text '.repeat(10), k * 10, 'b'][k % 3];
const rules = [];
for (let s = 0; s < Number(schemas); s++) {
  const properties = {
    slug: { $ref: 'common.json#/definitions/slug' },
    updated: { $ref: 'common.json#/definitions/date' },
    links: { type: 'array', items: { $ref: 'common.json#/definitions/link' } },
  };
  for (let k = 0; k < 25; k++) properties[`field${s}_${k}`] = field(s, k);
  write(`schemas/kind${s}.schema.json`, {
    $schema: 'http://json-schema.org/draft-07/schema#',
    type: 'object',
    required: ['slug', 'updated'],
    properties,
    additionalProperties: false,
  });
  rules.push({ name: `kind${s}`, files: [`content/kind${s}/*.json`], schema: `schemas/kind${s}.schema.json` });
  for (let f = 0; f < Number(perSchema); f++) {
    const doc = { slug: `doc-${s}-${f}`, updated: '2024-05-01T10:00:00Z', links: [{ href: '/a/b', title: 'x' }] };
    for (let k = 0; k < 25; k++) doc[`field${s}_${k}`] = value(k);
    write(`content/kind${s}/doc${f}.json`, doc);
  }
}
write('.filecheckrc.json', { rules });
