// The module piscina loads in each worker thread. A worker is a Node.js instance of its own: V8's
// code for the modules it loads is kept between runs (Node 22.1 and later) only if it turns that on
// itself, as bin/filecheck.js does for the main thread, before it loads the rest (with require:
// docs/ARCHITECTURE.md, "Loading modules").
import module from 'node:module';

module.enableCompileCache?.();
const { default: checkBatch } = module.createRequire(import.meta.url)('./worker-batch.js');

export default checkBatch;
