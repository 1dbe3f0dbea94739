// Node 20's compile cache (compile-cache.js): V8's code of each CommonJS module a run loads (ajv
// and yaml are 140 small files), one file each in a folder, named by a digest of V8's version and
// the module's path and text: a module that changes, even to text of the same length, is compiled
// again. Node 20 cannot hand kept code to an ES module, so filecheck's own are compiled on every run
// there.
import Module from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { sha256 } from './sha256.js';

const require = Module.createRequire(import.meta.url);

/**
 * Every CommonJS module compiled from now on is compiled with the code kept in
 * `folder` for its text, if any, and the code of those without is written there when the thread
 * exits (after the run: the code of the functions it called is in it too). What cannot be kept
 * (an ES module, a file V8 reads only as one) is compiled by Node as before. Kept code is run as it
 * is, so a folder that another user owns or may write to is neither read nor written.
 * @param {string} folder
 */
export function keepCommonJsCode(folder) {
  const compile = Module.prototype._compile;
  const dynamicImport = vm.constants?.USE_MAIN_CONTEXT_DEFAULT_LOADER;
  if (!dynamicImport) return; // a module's import() could not be served
  const readable = isOwnFolder(folder); // one made during this run is not read before the next
  const unkept = new Map(); // a file of kept code ─▶ the script to take it from
  Module.prototype._compile = function (content, filename, format) {
    if (format !== undefined && format !== 'commonjs') return compile.call(this, content, filename, format);
    const kept = path.join(folder, sha256(`${process.versions.v8}\0${filename}\0${content}`, 'hex'));
    let cachedData;
    try {
      if (readable) cachedData = fs.readFileSync(kept);
    } catch {
      // not kept yet
    }
    let script;
    try {
      script = new vm.Script(Module.wrap(content), { filename, cachedData, importModuleDynamically: dynamicImport });
    } catch {
      return compile.call(this, content, filename, format); // ES module syntax, or an error Node words
    }
    if (!cachedData || script.cachedDataRejected) unkept.set(kept, script);
    return script
      .runInThisContext({ displayErrors: true })
      .call(this.exports, this.exports, requireFor(this), this, filename, path.dirname(filename));
  };
  process.once('exit', () => {
    if (!unkept.size) return;
    try {
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (!isOwnFolder(folder)) return;
      const { writeFileAtomic } = require('./atomic-write.js'); // a run that has all its code kept writes nothing
      for (const [kept, script] of unkept) writeFileAtomic(kept, script.createCachedData());
    } catch {
      // a folder that cannot be written: the next run compiles again
    }
  });
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
