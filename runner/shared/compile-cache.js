// V8's compiled code of the modules a run loads, kept between runs as Python keeps .pyc files:
// compiling them again costs a config file's cold run 5-7% (bench/RESULTS.md). Node 22.1 and later
// keep it themselves (module.enableCompileCache). Node 20 has nothing of the kind: there filecheck
// keeps the code of the CommonJS modules it loads (keep-commonjs-code.js).
// NODE_DISABLE_COMPILE_CACHE=1 turns either off.
import Module from 'node:module';
import os from 'node:os';
import path from 'node:path';

const require = Module.createRequire(import.meta.url);

/** Called first by each thread that loads filecheck (the bin and a pool's worker). */
export function enableCompileCache() {
  if (Module.enableCompileCache) Module.enableCompileCache();
  else if (!process.env.NODE_DISABLE_COMPILE_CACHE)
    require('./keep-commonjs-code.js').keepCommonJsCode(
      path.join(os.tmpdir(), `filecheck-compile-cache-${process.getuid?.() ?? 'user'}`),
    );
}
