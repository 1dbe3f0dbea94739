// The module piscina loads in each worker thread. A worker is a Node.js instance of its own: V8's
// code for the modules it loads is kept between runs (Node 22.1 and later) only if it turns that on
// itself, as bin/filecheck.js does for the main thread, before it loads the rest.
//
// The rest is loaded with import(), where filecheck's modules are otherwise required
// (docs/ARCHITECTURE.md, "Loading modules"): on Node 20, a worker terminated while require() links
// ES modules aborts the whole process (V8's fatal error "Module::IsGraphAsync must be used on an
// instantiated module"), and `auto` stops a pool whose workers are still loading when the main
// thread has checked every file. A worker stopped inside import() just stops.
import module from 'node:module';

module.enableCompileCache?.();
const { default: checkBatch } = await import('./worker-batch.js');

export default checkBatch;
