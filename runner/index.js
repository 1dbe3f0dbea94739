// The programmatic API: `import { run } from 'filecheck'` (runner/api/run.js; its types: types/index.d.ts).
export { run } from './api/run.js';
export { UsageError } from '../shared/errors.js';
export { EXIT, exitCodeFor } from '../shared/exit-codes.js';
