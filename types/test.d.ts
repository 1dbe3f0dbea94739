// The types of `import { checkFiles, assertPassed } from 'filecheck/test'` (runner/api/check-files.js).
import type { FileReport, RunOptions } from './index.js';

/** Runs filecheck once and resolves to every file's result, in path order: one test per file. */
export function checkFiles(options?: Omit<RunOptions, 'results'>): Promise<FileReport[]>;

/** Throws an AssertionError listing the file's problems (`path:line:col message`) when it failed. */
export function assertPassed(file: FileReport): void;
