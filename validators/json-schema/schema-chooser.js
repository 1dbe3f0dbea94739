// Which schemas validate a file under a rule that names none itself: the schema the document
// names (`$schema`, when the rule reads it), else the entries of the catalogs whose fileMatch
// matches the file. Used by the check (validators/json-schema/chosen-schemas.js) and by --list-files.
// Nothing is fetched: a document's `$schema` is a local file, a meta-schema ajv has built in, or a
// URL that a catalog entry or a preloaded `refs` schema ($id) maps to a local file.
import { fileURLToPath, pathToFileURL } from 'node:url';
import { anySchemeUrlKey } from './url-key.js';
import { isPulled, storeFilesFor } from './schema-store.js';
import { isInside, realpathOrNull } from '../../shared/paths.js';
import { documentSchemaRef } from './document-schema-ref.js';
import { dialectOf } from './ajv-instance.js';
import { readSchema } from './schema-files.js';
import { splitFragment } from './schema-fragment.js';
import { localCopies } from './catalog.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const { isDeepStrictEqual } = require('node:util');

/**
 * @typedef {{ document: boolean, catalogs: string[], project: string, store?: import('./schema-store.js').SchemaStore }} SchemaSelection
 *   a rule's (load-config.js): document: read the documents' `$schema`; catalogs: absolute paths; project:
 *   the folder documents may name schemas in, and that fileMatch globs are relative to; store: URL
 *   prefixes mapped to folders, for catalog entries' urls and `$schema` URLs
 * @typedef {{ source: 'document' | 'catalog', why: string, schema?: string, fragment?: string, meta?: string, at?: object,
 *   problem?: { message: string, kind: 'invalid' | 'error', pointer?: string, line?: number, column?: number },
 *   missing?: string, url?: string, inStore?: string, pulled?: boolean, entry?: string, fileMatch?: () => string | null }} Choice
 *   why: how the schema was chosen, for people (`$schema "./a.json"`, `catalog entry "npm"`);
 *   schema: the schema file (with a problem: the one expected, when it is missing); fragment: the
 *   part of it that validates, which the entry's url or the $schema names (schema-fragment.js); at: where the
 *   document names it (a pointer, or a line and column), for a schema that turns out unusable; meta: a dialect, whose meta-schema validates the file; problem: why
 *   the file cannot be validated as it asks; missing: a catalog entry its fileMatch chose has no local
 *   copy (in the store or beside the catalog: catalog.js localCopies): a warning, and the file is not validated against it
 *   (url: the entry's; inStore: the store's file for it, which is not there; pulled: that store is
 *   filecheck.lock.json's, so a pull would bring it); a `$schema` a pulled store lacks is missing too;
 *   entry: the name of the catalog entry whose fileMatch chose it (not a document's $schema);
 *   fileMatch: then, which glob of its fileMatch matched the file, worked out when asked (a file that
 *   fails against the schema says it: chosen-schemas.js)
 * @typedef {{ choose(file: string, value: unknown, source?: { text?: string, parser?: string }): Choice[] }} SchemaChooser
 */

/**
 * @param {SchemaSelection} selection
 * @param {{ catalogs: import('./catalog.js').Catalog[], refs: string[], display(file: string): string }} context
 *   catalogs: the selection's, loaded; refs: the rule's preloaded schemas, globs expanded: a
 *   `$schema` URL that is the `$id` of one of them selects it
 * @returns {SchemaChooser} refs are read here, once: one that cannot be used is a UsageError
 */
export function createSchemaChooser({ document, project, store }, { catalogs, refs, display }) {
  const ids = document ? idsOf(refs, display) : new Map();
  const realProject = realpathOrNull(project) ?? project;
  const exists = memo((file) => {
    try {
      return fs.statSync(file).isFile();
    } catch {
      return false;
    }
  });
  // Why a schema file a document names cannot be read (said after the $schema), if it cannot: a
  // pull request must not make CI read, and quote in its log, files of the machine.
  const refusal = memo((schema) => {
    if (!isInside(project, schema)) return ` is outside the project (${display(schema)}); not read`;
    const real = realpathOrNull(schema);
    if (real && !isInside(realProject, real))
      return ` is a symbolic link out of the project (to ${real}); not followed`;
    return real && exists(schema) ? null : `: no such schema file (${display(schema)})`;
  });

  const localCopiesOf = memo((entry) => localCopies(entry, catalogs));

  function fromCatalogs(file) {
    const seen = new Set();
    const choices = [];
    for (const catalog of catalogs) {
      for (const entry of catalog.match(file, project)) {
        // Two entries of one file name two schemas when their fragments differ (Ansible's tasks and playbooks).
        const key = JSON.stringify([entry.local ?? entry.url, splitFragment(entry.url).fragment]);
        if (seen.has(key)) continue;
        seen.add(key);
        const fileMatch = () => catalog.fileMatchOf(entry, file, project);
        choices.push({ ...catalogChoice(entry, `catalog entry "${entry.name}"`), fileMatch });
      }
    }
    return choices;
  }

  // An entry's schema: the store's file for its url, else its local copy (catalog.js), and the part
  // of it its url's fragment names, or the document's $schema (at.fragment) when it chose the entry.
  function catalogChoice(entry, why, at = {}) {
    const inStores = storeFilesFor(store, entry.url);
    const inStore = inStores[0];
    const copies = localCopiesOf(entry);
    const schema = [...inStores, ...copies.files].find(exists);
    // Chosen by its fileMatch: named after the entry (chosen-schemas.js), one of the file's candidates.
    const chosen = at.source ? { source: at.source } : { source: 'catalog', entry: entry.name };
    const fragment = at.source ? at.fragment : splitFragment(entry.url).fragment;
    if (schema) return { ...chosen, why, schema, ...(fragment && { fragment }) };
    // SchemaStore's "JSON Schema Draft 7" entry (`*.schema.json`): the meta-schema ajv has built in.
    const meta = entry.url.includes('json-schema.org') ? dialectOf({ $schema: entry.url }) : null;
    if (meta) return { ...chosen, why, meta, ...(at.where && { at: at.where }) };
    // A store mapped onto the catalog's own folder names the same file twice: said once.
    const expected = [...new Set([...inStores, ...copies.files])];
    // The file of the url's name, there but not read: why not.
    const namesake =
      copies.namesake && exists(copies.namesake)
        ? `; ${display(copies.namesake)} is not read for it: ${copies.ambiguous} URLs of the catalogs end in ${entry.namesake}`
        : '';
    const message = `catalog entry "${entry.name}" of ${display(entry.catalog)} has no local copy of ${entry.url}${expected.length ? ` (expected ${expected.map(display).join(' or ')}${namesake})` : ''}`;
    // A file the entry's fileMatch chose is not failed for it: a catalog lists far more schemas than
    // a mirror holds. The check warns, once a run, and the file is validated by its other schemas.
    if (!at.prefix)
      return {
        source: 'catalog',
        why,
        missing: message,
        url: entry.url,
        ...(inStore && { inStore, pulled: isPulled(store, entry.url) }),
        ...(expected.length && { schema: expected[0] }),
      };
    return {
      source: at.source,
      why,
      problem: { message: `${at.prefix}: ${message}`, kind: 'error', ...at.where },
      ...(expected.length && { schema: expected[0] }),
    };
  }

  function fromDocument(file, found) {
    const { ref, ...where } = found;
    const problem = (message, kind = 'error') => ({
      source: 'document',
      why: '$schema',
      problem: { message, kind, ...where },
    });
    if (typeof ref !== 'string' || !ref.trim()) {
      return problem(`$schema must name a schema (a path or URL), not ${describeValue(ref)}`, 'invalid');
    }
    const shown = `$schema "${ref.length > 200 ? `${ref.slice(0, 200)}…` : ref}"`;
    const meta = ref.includes('json-schema.org') ? dialectOf({ $schema: ref }) : null;
    if (meta) return { source: 'document', why: shown, meta, at: where };
    // A fragment names a part of the schema file (`./s.json#/$defs/a`); the file is found without it.
    const { base, fragment } = splitFragment(ref);
    const part = fragment ? { fragment } : {};
    let url;
    let schema;
    try {
      url = /^[a-zA-Z]:[\\/]/.test(base) ? pathToFileURL(base) : new URL(base, pathToFileURL(file));
      if (url.protocol === 'file:') schema = fileURLToPath(new URL(url.pathname, url));
    } catch {
      return problem(`${shown} is not a path or URL`, 'invalid');
    }
    if (!schema) {
      const [first, ...more] = ids.get(anySchemeUrlKey(base)) ?? [];
      const other = more.find(({ schema: copy }) => !isDeepStrictEqual(copy, first.schema));
      if (other)
        return problem(
          `${shown} is the $id of both ${display(first.file)} and ${display(other.file)}; keep one of them in the refs`,
        );
      if (first) return { source: 'document', why: shown, schema: first.file, ...part, at: where };
      for (const catalog of catalogs) {
        const entry = catalog.byUrl(base);
        if (entry)
          return catalogChoice(entry, `${shown}, catalog entry "${entry.name}"`, {
            source: 'document',
            prefix: shown,
            where,
            fragment,
          });
      }
      const inStores = storeFilesFor(store, base);
      const found = inStores.find(exists);
      if (found) return { source: 'document', why: `${shown}, schema store`, schema: found, ...part, at: where };
      const inStore = inStores[0];
      // A pulled store lacks it: the file is only parsed, with the hint to pull (chosen-schemas.js).
      if (inStore && isPulled(store, base))
        return {
          source: 'document',
          why: shown,
          missing: `${shown} is not in the schema store (${display(inStore)})`,
          url: base,
          inStore,
          pulled: true,
          schema: inStore,
        };
      if (inStore)
        return {
          ...problem(
            `${shown} is not in the schema store: no such schema file (${inStores.map(display).join(' or ')})`,
          ),
          schema: inStore,
        };
      return problem(
        `${shown} is not available offline: a run fetches no schema; pull it once (filecheck schemas pull, with the same options), map the URL to a local file in a catalog (--catalog) or a schema store (--schema-store), or preload a schema with that $id (--ref)`,
      );
    }
    const refused = refusal(schema);
    // A missing schema inside the project names its file: --watch checks the file again once it is there.
    if (refused) return { ...problem(shown + refused), ...(isInside(project, schema) && { schema }) };
    return { source: 'document', why: shown, schema, ...part, at: where };
  }

  return {
    choose(file, value, source) {
      if (document) {
        const found = documentSchemaRef(value, source);
        if (found) return [fromDocument(file, found)];
      }
      return fromCatalogs(file);
    },
  };
}

// A `refs` schema's $id (or draft-04 `id`) ─▶ the files that have it, with their schemas (two
// that differ make a $schema naming that $id ambiguous).
function idsOf(refs, display) {
  const ids = new Map();
  for (const file of refs) {
    const schema = readSchema(file, display);
    const id = typeof schema.$id === 'string' ? schema.$id : typeof schema.id === 'string' ? schema.id : null;
    const key = id && anySchemeUrlKey(id);
    if (key) ids.set(key, [...(ids.get(key) ?? []), { file, schema }]);
  }
  return ids;
}

function describeValue(value) {
  if (typeof value === 'string') return 'an empty string';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function memo(compute) {
  const known = new Map();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key);
  };
}
