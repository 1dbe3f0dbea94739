// Compiled schemas kept between runs (--cache): one entry per schema file and settings (the key:
// filecheck's, ajv's, ajv-formats', ajv-draft-04's and idn-hostname's versions, the schema's path,
// its preloaded refs, the rule's ajv settings and plugins), holding the digests of the files it may
// be compiled from (the schema, its refs, every file its $refs may name: schema-closure.js), checked
// on every lookup, the warnings its compilation gave (replayed, so a warm run says what a cold one
// says), and ajv's standalone code for it once a run has compiled it whole. A schema's code is
// stored the second time a run compiles it (json-schema.js): the first run compiles as a run without
// the cache does (apart, only what its files reach), so that it costs no more than one; a schema
// compiled again, for files that changed, is worth its code. An edited schema is compiled again
// into the same entry: the cache does not grow with edits. Loading the code needs no ajv compiler.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

// The code requires ajv's runtime helpers and ajv-formats' formats: resolved from filecheck's own
// dependencies, whatever the project has installed.
const require = createRequire(import.meta.url);
// The files a schema may be compiled from, read when an entry is made: a run that loads stored code
// knows them from its entry.
const schemaClosure = (...args) => require('./schema-closure.js').schemaClosure(...args);
// Files are digested only where their sizes and times changed, and written only by a run that
// compiles: a run that loads stored code loads neither (nor node:crypto, ~5 ms).
const digestFile = (file) => require('../../shared/digest.js').digestFile(file);
const writeFileAtomic = (file, text) => require('../../shared/atomic-write.js').writeFileAtomic(file, text);
const fs = require('node:fs');
require('./json-equal.cjs'); // the equality stored code takes from ajv's runtime
// In every key: raised when the code filecheck compiles for the same schema and settings changes, or
// the notes kept with it (2: draft-03, the u flag per pattern, $dynamicRef, nullable; 3: keys written
// twice in a schema file; 4: rules with ajv plugins stored, their code requiring filecheck:plugins;
// 5: the code in a file of its own, read only when needed; 6: errors carry their keyword's schema;
// 7: they do not again, the schema compiled verbose apart for a failing file's words: json-schema.js;
// 8: a required key "" tested as required inside `if` and `not`: missing-property.cjs; 9: the code
// requires ./string-formats.cjs, once ./formats.cjs; 10: the files its $refs may name, read, not
// compiled, and how it was compiled, its code stored the second time; 11: the results of `contains`
// and of tuples declared before code that may skip them: keyword-results.cjs; 12: non-finite numbers
// are numbers, not integers: ajv's strictNumbers off, finite-integer.cjs; 13: an anyOf or oneOf of
// values alone compiled as an enum: enum-alternatives.js; 14: a wide one's alternatives one after
// another, in functions of a hundred: wide-alternatives.cjs; 15: a property named __proto__ declared
// to ajv, proto-properties.js, and a custom meta-schema's file in the store among the files;
// 16: the files' sizes and times beside their digests, the entry's identity whole, its name a
// short hash of it), so that older entries are not read.
const FORMAT = 16;
// idn-hostname's: its tables decide the idn-hostname and idn-email formats, and hostname's A-labels (string-formats.cjs).
const LIBRARIES = [
  '../../package.json',
  'ajv/package.json',
  'ajv-formats/package.json',
  'ajv-draft-04/package.json',
  'idn-hostname/package.json',
];
// Kept without --cache (json-schema.js): a schema whose files add up to at most this many bytes. Its
// stored code loads faster than ajv compiles it (a 1 KB schema: 0.19 → 0.14 s a run; 13-31 KB
// SchemaStore schemas: 0.21 → 0.14); that of a larger one may load slower than ajv compiles the
// parts a run's files reach (79 KB: 0.21 → 0.25 s; 177 KB: 0.28 → 0.48), bench/RESULTS.md.
const SMALL_SCHEMA = 32 * 1024;
const caches = new Map(); // dir ─▶ the process's SchemaCache for it
const UNDIGESTED = ''; // the digest of a file there, not read (schemaCacheAt's digests: false)

/**
 * @typedef {{ schema: string | null, schemaFragment?: string | null, meta?: string, refs: string[], ajv: Record<string, any>,
 *   base: string }} SchemaRule
 *   schema null: the built-in meta-schema of the dialect `meta`; schemaFragment: the part of the
 *   schema file that validates (schema-fragment.js)
 * @typedef {{ key: string, deps: [string, string | null][], stats: ([number, number, number] | null)[],
 *   notes: string[], code: string | null, hasCode: boolean, compiled: 'apart' | 'whole' | null,
 *   run: string | null }} SchemaEntry
 *   deps: the files it may be compiled from, with their digests (null: not there), which the result
 *   cache's keys are made of; stats: each one's size, modification and status-change times (null:
 *   not there), which tell it unchanged without reading it; notes: warnings,
 *   without the schema's name; code: standalone code, null until it is compiled whole, or when it
 *   cannot be stored (a plugin's keyword whose function cannot be got back, see plugin-code.js),
 *   read when first asked for; hasCode: whether there is code, without reading it;
 *   compiled: how a run last compiled it (whole: code stored if it could be), null when none has;
 *   run: that run's mark (json-schema.js: a schema compiled again in the same run is not stored)
 * @typedef {ReturnType<typeof createSchemaCache>} SchemaCache
 * @param {string} dir the cache folder: each schema is an entry `schema-<key>.json` there (what it was
 *   compiled from, its warnings) and its code, `code-<key>.js`
 * @param {(message: string) => void} warn
 * @param {(file: string) => string} display names a file in messages
 * @param {{ digests?: boolean }} [how] digests false: an entry's files are told unchanged by their
 *   sizes and times alone, never read (the folder kept without --cache, which no result cache keys
 *   on: a first run, as in CI, loads no node:crypto for it); a file whose times changed is then a
 *   changed file, its schema compiled again
 * @returns {SchemaCache} one per folder and process (until forgetSchemaCaches): files are read and
 *   digested once per run
 */
export function schemaCacheAt(dir, warn, display, { digests = true } = {}) {
  if (!caches.has(dir)) caches.set(dir, createSchemaCache(dir, warn, display, digests));
  return caches.get(dir);
}

/** Drops what the process knew of the cache folders: the next lookups read and digest the files again. */
export function forgetSchemaCaches() {
  caches.clear();
}

function createSchemaCache(dir, warn, display, digesting) {
  const digests = new Map(); // file ─▶ digest
  const fileDigest = (file) => {
    if (!digests.has(file)) digests.set(file, digestFile(file));
    return digests.get(file);
  };
  const stats = new Map(); // file ─▶ [size, mtimeMs, ctimeMs], null when it is not there
  const statOf = (file) => {
    if (!stats.has(file)) {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      stats.set(file, stat ? [stat.size, stat.mtimeMs, stat.ctimeMs] : null);
    }
    return stats.get(file);
  };
  // A file is as recorded when its size and times are (a file written changes its status-change
  // time, which no tool sets back), else when its bytes are: as --cache-strategy metadata tells a file.
  // 'same': by its size and times; 'bytes': by its bytes alone (a checkout, a touch); false: changed.
  const unchanged = (file, digest, stat) => {
    const now = statOf(file);
    if (digest === null) return now === null && 'same';
    if (now && stat && now.every((value, i) => value === stat[i])) return 'same';
    return digest !== UNDIGESTED && fileDigest(file) === digest && 'bytes';
  };
  const keys = new Map(); // the rule's schema settings ─▶ key
  const identities = new Map(); // key ─▶ what it names (its entry's identity)
  // The plugins' digests, once per folder and list (a rule per schema shares them: 857 rules read
  // and hashed ajv-errors 857 times in every thread).
  const plugins = new Map();
  const pluginsDigest = (rule) => {
    const at = JSON.stringify([rule.base, rule.ajv.plugins ?? []]);
    if (!plugins.has(at)) plugins.set(at, pluginDigests(rule));
    return plugins.get(at);
  };
  const entries = new Map(); // key ─▶ SchemaEntry | null
  let stamp;
  let writeFailed = false;

  function keyOf(rule) {
    // A store (--schema-store) changes which files $refs reach; none keeps the keys of runs before it.
    const settings = JSON.stringify([
      // A part of a schema file is a schema of its own; the whole file's key is as it was.
      rule.schemaFragment
        ? { schema: rule.schema, fragment: rule.schemaFragment }
        : (rule.schema ?? { meta: rule.meta }),
      rule.refs,
      rule.ajv,
      rule.base,
      ...(rule.schemaStore?.length ? [rule.schemaStore] : []),
    ]);
    if (!keys.has(settings)) {
      stamp ??= codeStamp();
      const identity = JSON.stringify([FORMAT, stamp, settings, pluginsDigest(rule)]);
      const key = nameOf(identity);
      keys.set(settings, key);
      identities.set(key, identity);
    }
    return keys.get(settings);
  }

  function read(key) {
    const file = path.join(dir, `schema-${key}.json`);
    let text;
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      return null; // not compiled yet (or unreadable: compiled again and rewritten)
    }
    const stored = parseEntry(text);
    if (!stored) {
      warn(`ignoring the corrupt compiled schema ${display(file)}: compiling the schema again`);
      return null;
    }
    // Another identity of the same name (a result cache's key of another run is taken as it is).
    if (identities.has(key) && stored.identity !== identities.get(key)) return null;
    const found = stored.deps.map(([dep, sum], i) => unchanged(dep, sum, stored.stats[i]));
    if (found.includes(false)) return null;
    // Files told unchanged by their bytes: their new sizes and times are recorded, so that the next
    // runs do not read them again (nor load node:crypto to digest them).
    if (found.includes('bytes') && identities.has(key))
      attempt(() => writeRecord(key, { ...stored, stats: stored.deps.map(([dep]) => statOf(dep)) }));
    const { deps, notes, compiled, run } = stored;
    if (stored.code === null)
      return { key, deps, stats: stored.stats, notes, compiled, run, hasCode: false, code: null };
    // The code is read when a file needs the schema: a warm run whose files are all cache hits reads
    // only the small entries (82 MB of code for 320 SchemaStore schemas, 0.4 s to read and parse).
    let code;
    return {
      key,
      deps: stored.deps,
      stats: stored.stats,
      notes: stored.notes,
      compiled,
      run,
      hasCode: true,
      get code() {
        if (code === undefined) {
          try {
            code = fs.readFileSync(path.join(dir, stored.code), 'utf8');
          } catch {
            code = null; // gone: compiled again and stored again
          }
        }
        return code;
      },
    };
  }

  const entryAt = (key) => {
    if (!entries.has(key)) entries.set(key, read(key));
    return entries.get(key);
  };

  function write(entry) {
    if (entry.code !== null && entry.deps.some(([, sum]) => sum === null)) return; // a file gone meanwhile
    attempt(() => {
      // The code first: an entry is never there without the code it names.
      const code = entry.code === null ? null : `code-${entry.key}.js`;
      if (code) writeFileAtomic(path.join(dir, code), entry.code);
      writeRecord(entry.key, { ...entry, code });
    });
  }
  // code: the name of the code's file, or null.
  const writeRecord = (key, { deps, stats, notes, compiled, run, code }) =>
    writeFileAtomic(
      path.join(dir, `schema-${key}.json`),
      JSON.stringify({
        tool: 'filecheck',
        format: FORMAT,
        identity: identities.get(key),
        deps,
        stats,
        notes,
        compiled,
        run,
        code,
      }),
    );
  const attempt = (writing) => {
    try {
      writing();
    } catch (error) {
      if (!writeFailed) warn(`cannot write the cache in ${display(dir)}: ${error.code ?? error.message}`);
      writeFailed = true;
    }
  };
  // Each file's stat before its digest: a file written between the two is digested anew next time.
  const withDigests = (files) => {
    const stated = files.map(statOf);
    const digestOf = (file, i) => (stated[i] === null ? null : digesting ? fileDigest(file) : UNDIGESTED);
    return { deps: files.map((file, i) => [file, digestOf(file, i)]), stats: stated };
  };

  const small = new Map(); // the schema and its refs ─▶ whether they are small
  return {
    keyOf,
    /**
     * Whether a rule's schema and every file its $refs may name add up to SMALL_SCHEMA bytes at most.
     * @param {SchemaRule} rule
     */
    isSmall(rule) {
      if (!rule.schema) return false; // a dialect's meta-schema: filecheck's own precompiled one
      const at = JSON.stringify([rule.schema, rule.refs, rule.schemaStore ?? null]);
      if (!small.has(at)) {
        // A current entry names the files; else they are found by reading the schema's.
        const files = () => entryAt(keyOf(rule))?.deps.map(([file]) => file) ?? schemaClosure(rule);
        small.set(at, sizeUpTo(rule.schema, files, SMALL_SCHEMA, statOf) <= SMALL_SCHEMA);
      }
      return small.get(at);
    },
    /** @returns {SchemaEntry | null} the entry for the rule's schema, when nothing it depends on has changed */
    lookup: (rule) => entryAt(keyOf(rule)),
    /**
     * Whether the schema compiled under this key is stored and unchanged: a file whose cached pass
     * came from a schema it chose itself ($schema, a catalog) is a hit only then.
     * @param {string} key
     */
    isCurrent: (key) => /^[\w-]+$/.test(key) && entryAt(key) !== null,
    /** @returns {string[]} the warnings compiling the schema stored under this key gave, as said then */
    notesOf(key) {
      const entry = entryAt(key);
      return entry?.deps.length ? entry.notes.map((note) => `schema ${display(entry.deps[0][0])}: ${note}`) : [];
    },
    /**
     * The current entry for a rule's schema, or one made now from the files its $refs may name
     * (read, not compiled): what the result cache keys the rule's files on. Not written: the run
     * compiles the schema for the rule's files (none of them is a hit without it), and that writes it.
     * @param {SchemaRule} rule a rule with a schema file
     * @returns {SchemaEntry}
     */
    record(rule) {
      const key = keyOf(rule);
      let entry = entryAt(key);
      if (!entry) {
        entry = {
          key,
          ...withDigests(schemaClosure(rule)),
          notes: [],
          code: null,
          hasCode: false,
          compiled: null,
          run: null,
        };
        entries.set(key, entry);
      }
      return entry;
    },
    /**
     * Keeps what a compilation found, with its code when it was compiled whole, for the next runs.
     * @param {SchemaRule} rule
     * @param {{ deps: string[], notes: string[], code: string | null, whole: boolean, run?: string,
     *   resources?: Map<string, object> }} compiled deps: the local files its $refs reached; whole:
     *   compiled whole, its code (if any) to be stored; run: the mark of the run that compiled it;
     *   resources: the files it read, by path (schema-closure.js reads the others)
     */
    save(rule, { deps, notes, code, whole, run = null, resources }) {
      const key = keyOf(rule);
      const known = entryAt(key);
      const files = known
        ? [...known.deps.map(([file]) => file), ...deps]
        : rule.schema
          ? [...schemaClosure(rule, resources), ...deps]
          : [...rule.refs, ...deps];
      const entry = {
        key,
        ...withDigests([...new Set(files)]),
        notes,
        code,
        hasCode: code !== null,
        compiled: whole || known?.compiled === 'whole' ? 'whole' : 'apart',
        run,
      };
      entries.set(key, entry);
      write(entry);
    },
    /**
     * @param {string} code
     * @param {(id: string) => unknown} [requireFrom] what the code requires with: filecheck's, or for a
     *   rule with plugins plugin-code.js's storedCodeRequire
     * @returns {Function} the validation function of stored standalone code
     */
    load(code, requireFrom = require) {
      const module = { exports: {} };
      new Function('require', 'module', 'exports', code)(requireFrom, module, module.exports);
      if (typeof module.exports !== 'function') throw new TypeError('the compiled schema exports no function');
      return module.exports;
    },
  };
}

// The size of a schema's files, counted until it passes `limit`: a large schema's file alone is
// enough to tell, without reading it. statOf: the cache's, whose stats its entries' check reuses.
function sizeUpTo(schema, files, limit, statOf) {
  const size = (file) => statOf(file)?.[0] ?? 0;
  let total = size(schema);
  if (total > limit) return total;
  total = 0;
  for (const file of files()) {
    total += size(file);
    if (total > limit) break;
  }
  return total;
}

// The code that compiles schemas and that their code runs, by each file's name, size and time:
// filecheck's own (this folder: a checkout edited within a version keys its schemas anew, never
// running code its earlier self compiled) and the libraries' package.json (their versions; an
// installed package's files never change). Read with stat, not require (~2 ms less a thread).
function codeStamp() {
  const folder = path.dirname(fileURLToPath(import.meta.url));
  const own = fs
    .readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
  return [...own, ...LIBRARIES.map((name) => require.resolve(name))]
    .map((file) => {
      const { size, mtimeMs } = fs.statSync(file);
      return [path.relative(folder, file), size, mtimeMs];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

// The name of an entry's files: two 32-bit FNV-1a lanes of its identity. Not a digest: an entry
// holds its identity whole, compared on every lookup, so two identities of one name are told apart.
function nameOf(identity) {
  let a = 0x811c9dc5;
  let b = 0xcbf29ce4;
  for (let i = 0; i < identity.length; i++) {
    const c = identity.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995);
  }
  return `${(a >>> 0).toString(16).padStart(8, '0')}${(b >>> 0).toString(16).padStart(8, '0')}`;
}

// A plugin's version (or file) changes the code it adds to a schema.
function pluginDigests(rule) {
  return (rule.ajv.plugins ?? []).map((plugin) => {
    try {
      return require('../../shared/digest.js').digestModule(
        createRequire(path.join(rule.base, 'noop.js')).resolve([plugin].flat()[0]),
      );
    } catch {
      return null; // not installed: compiling says so
    }
  });
}

function parseEntry(text) {
  let entry;
  try {
    entry = JSON.parse(text);
  } catch {
    return null;
  }
  const isDep = (dep) =>
    Array.isArray(dep) &&
    dep.length === 2 &&
    typeof dep[0] === 'string' &&
    (typeof dep[1] === 'string' || dep[1] === null);
  const isStat = (stat) => stat === null || (Array.isArray(stat) && stat.length === 3 && stat.every(Number.isFinite));
  const valid =
    entry?.tool === 'filecheck' &&
    entry.format === FORMAT &&
    (entry.code === null || (typeof entry.code === 'string' && /^code-[\w-]+\.js$/.test(entry.code))) &&
    [null, 'apart', 'whole'].includes(entry.compiled) &&
    (entry.run === null || typeof entry.run === 'string') &&
    typeof entry.identity === 'string' &&
    Array.isArray(entry.deps) &&
    entry.deps.every(isDep) &&
    Array.isArray(entry.stats) &&
    entry.stats.length === entry.deps.length &&
    entry.stats.every(isStat) &&
    Array.isArray(entry.notes) &&
    entry.notes.every((note) => typeof note === 'string');
  const { identity, deps, stats, notes, code, compiled, run } = entry;
  return valid ? { identity, deps, stats, notes, code, compiled, run } : null;
}
