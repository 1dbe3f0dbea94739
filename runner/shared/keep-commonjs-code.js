// Node 20's compile cache (compile-cache.js): V8's code of each CommonJS module a run loads (ajv
// and yaml are 140 small files), kept in one file for each V8 version, with the text it was made
// from: a module whose text is not that text, even of the same length, is compiled again. One
// file, as writing 140 small ones cost a first run 60 ms. The text is compared rather than a
// digest of it: loading node:crypto first thing raised a run's peak RSS by 7 MB. Node 20 cannot
// hand kept code to an ES module, so filecheck's own are compiled on every run there.
import Module from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const require = Module.createRequire(import.meta.url);

// Above this, a run keeps only the code it used (the modules of other checkouts go).
const MAX_BYTES = 4 * 1024 * 1024;

/**
 * @typedef {Map<string, { text: Buffer, data: Buffer }>} KeptCode a module's path ─▶ its text (UTF-8)
 *   and V8's code for that text
 */

/**
 * Every CommonJS module compiled from now on is compiled with the code kept in `folder` for its
 * text, if any, and the code of those without is added there when the thread exits (after the
 * run: the code of the functions it called is in it too). What cannot be kept (an ES module, a
 * file V8 reads only as one) is compiled by Node as before. Kept code is run as it is, so a folder
 * that another user owns or may write to is neither read nor written.
 * @param {string} folder
 */
export function keepCommonJsCode(folder) {
  const dynamicImport = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (!dynamicImport) return; // a module's import() could not be served
  const readable = isOwnFolder(folder); // one made during this run is not read before the next
  if (!readable && fs.existsSync(folder)) return; // another user's: nothing to gain
  const file = path.join(folder, `v8-${process.versions.v8}.code`);
  const kept = readable ? readKeptCode(file) : new Map();
  const used = new Set(); // the modules whose kept code V8 took
  const unkept = new Map(); // a module's path ─▶ its text and script, to take its code from
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename, format) {
    if (format !== undefined && format !== 'commonjs') return compile.call(this, content, filename, format);
    const own = kept.get(filename);
    const cachedData =
      own && own.text.length === Buffer.byteLength(content) && own.text.toString() === content ? own.data : undefined;
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: dynamicImport });
    } catch {
      return compile.call(this, content, filename, format); // ES module syntax, or an error Node words
    }
    if (cachedData && !script.cachedDataRejected) used.add(filename);
    else unkept.set(filename, { content, script });
    return script
      .runInThisContext({ displayErrors: true })
      .call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (!unkept.size) return;
    try {
      const next = new Map();
      let bytes = 0;
      for (const { text, data } of kept.values()) bytes += text.length + data.length;
      for (const [module, entry] of kept) if (bytes < MAX_BYTES || used.has(module)) next.set(module, entry);
      for (const [module, { content, script }] of unkept)
        next.set(module, { text: Buffer.from(content), data: script.createCachedData() });
      // Not recursive: its parent is the OS's temporary folder, and Node's recursive mkdir never
      // returns for a path under one /proc does not have (TMPDIR=/proc/x).
      try {
        fs.mkdirSync(folder, { mode: 0o700 });
      } catch (error) {
        if (error.code !== 'EEXIST') throw error;
      }
      if (isOwnFolder(folder)) writeKeptCode(file, next);
    } catch {
      // a folder that cannot be written: the next run compiles again
    }
  });
}

// The file: the length of its index (4 bytes), the index (JSON: [path, length of the text, length
// of the code] for each module), then each module's text and code in the index's order.

/** @param {string} file @returns {KeptCode} empty if the file is missing or not one of these */
export function readKeptCode(file) {
  const code = new Map();
  try {
    const bytes = fs.readFileSync(file);
    const indexEnd = 4 + bytes.readUInt32LE(0);
    let offset = indexEnd;
    for (const [module, textLength, dataLength] of JSON.parse(bytes.toString('utf8', 4, indexEnd))) {
      const text = bytes.subarray(offset, (offset += textLength));
      code.set(module, { text, data: bytes.subarray(offset, (offset += dataLength)) });
    }
    if (offset !== bytes.length) return new Map();
  } catch {
    return new Map();
  }
  return code;
}

/** @param {string} file @param {KeptCode} code */
export function writeKeptCode(file, code) {
  const index = Buffer.from(
    JSON.stringify([...code].map(([module, { text, data }]) => [module, text.length, data.length])),
  );
  const length = Buffer.alloc(4);
  length.writeUInt32LE(index.length);
  const { writeFileAtomic } = require('./atomic-write.js'); // a run that has all its code kept writes nothing
  writeFileAtomic(
    file,
    Buffer.concat([length, index, ...[...code.values()].flatMap(({ text, data }) => [text, data])]),
  );
}

// A folder of this user's that no one else may write to (where there are users: not on Windows).
function isOwnFolder(folder) {
  try {
    const stat = fs.statSync(folder);
    return stat.isDirectory() && (!process.getuid || (stat.uid === process.getuid() && (stat.mode & 0o022) === 0));
  } catch {
    return false;
  }
}

// The `require` a CommonJS module is given, as Node makes it.
function requireFor(module) {
  const require = (id) => module.require(id);
  require.resolve = (request, options) => Module._resolveFilename(request, module, false, options);
  require.resolve.paths = (request) => Module._resolveLookupPaths(request, module);
  require.main = process.mainModule;
  require.extensions = Module._extensions;
  require.cache = Module._cache;
  return require;
}
