// The types of `import { run } from 'filecheck'` (runner/index.js). Written by hand; the option
// names and types are the table's of runner/cli/options.js, and test/api/types.test.js fails when the
// two disagree.

/** The command line's options, camelCased (docs/api.md; `filecheck --help` says what each does). */
export interface RunOptions {
  /** Globs or file paths to check; none: the config's rules say which files. */
  patterns?: string | string[];
  /** The folder the run starts from (default: process.cwd()). */
  cwd?: string;
  /** The environment the run reads (CHAOS_*, GITHUB_ACTIONS…; default: process.env). */
  env?: Record<string, string | undefined>;
  /** Aborted, the run stops and resolves with `interrupted: true`. */
  signal?: AbortSignal;
  /** Objects told of the run as it goes (none by default). */
  reporters?: Reporter[];
  /** Called with each warning of the run as it is found (they are in `warningMessages` too). */
  onWarning?: (message: string) => void;
  /** Which files' results `files` holds: those that failed, warned or were only parsed (default), or all. */
  results?: 'problems' | 'all';

  config?: string;
  schema?: string;
  ref?: string | string[];
  schemaFromDocument?: boolean;
  catalog?: string | string[];
  schemaStore?: string | string[];
  yamlTags?: string | string[];
  parser?: 'json' | 'jsonc' | 'json5' | 'yaml' | 'toml' | 'markdown';
  allowDuplicateKeys?: boolean;
  frontMatter?: 'required' | 'optional';
  require?: string | string[];
  validator?: string | string[];
  ignore?: string | string[];
  strict?: boolean;
  /** Stop after this many failing files (true: 1). */
  bail?: boolean | number;
  maxWarnings?: number;
  /** `name` or `name:file`: default, json, junit, github, sarif, gitlab. Given, run() prints or writes these reports. */
  reporter?: string | string[];
  outputFile?: string;
  quiet?: boolean;
  verbose?: boolean;
  color?: boolean;
  codeFrame?: boolean;
  workers?: 'auto' | number | `${number}`;
  fileTimeout?: number;
  chaosMonkey?: number;
  chaosSeed?: string | number;
  chaosKind?: 'throw' | 'io' | 'slow' | 'hang' | 'crash';
  cache?: boolean;
  cacheLocation?: string;
  cacheStrategy?: 'metadata' | 'content';
  suppressAll?: boolean;
  suppressRule?: string | string[];
  pruneSuppressions?: boolean;
  suppressionsLocation?: string;
  passWithNoFiles?: boolean;
  changed?: boolean;
  since?: string;
  /** `i/n`: check the i-th of n parts of the files. */
  shard?: string;
}

/** The lines around a problem, for a reporter that shows them (reporters get them; `files` does not). */
export interface CodeFrame {
  line: number;
  lines: string[];
  column?: number;
}

export interface Problem {
  /** What found it: `json-schema`, `require`, `parse`, a custom validator's name, `unique`… */
  validator: string;
  message: string;
  kind: 'invalid' | 'parse' | 'io' | 'error' | 'chaos' | 'timeout';
  /** JSON Pointer of the value in the document. */
  pointer?: string;
  line?: number;
  column?: number;
  /** In a file of several documents (a YAML stream), which one, from 1. */
  document?: number;
  keyword?: string;
  schema?: string;
  /** The glob of the catalog entry's `fileMatch` that chose `schema` for the file, when a catalog chose it. */
  fileMatch?: string;
  /** The YAML tag (`!ENV`) of the value the problem is about, or is inside, read as written (`--yaml-tags any`). */
  yamlTag?: string;
  /** A warning is reported and does not fail the file; absent: an error. */
  severity?: 'warning';
  suppressed?: true;
  related?: { path: string; line?: number; column?: number; pointer?: string; message?: string }[];
  /** The files `message` names: the [start, end) span of each path (relative to `cwd`) in it. */
  paths?: [number, number][];
  frame?: CodeFrame;
}

/** A file's result, as the json report has it. */
export interface FileReport {
  /** Relative to `cwd`, with forward slashes. */
  path: string;
  status: 'pass' | 'fail' | 'skip';
  problems: Problem[];
  onlyParsed?: string;
  skipReason?: string;
  cached?: boolean;
  suppressed?: Problem[];
}

/** What a reporter is given for each file: a FileReport and more (durations, code frames). */
export interface FileResult extends FileReport {
  durationMs: number;
}

export interface Plan {
  mode: 'inline' | 'pool' | 'sample';
  workers: number;
  reason: string;
}

export interface Summary {
  total: number;
  passed: number;
  failed: number;
  skipped: number;
  unchecked: number;
  onlyParsed: number;
  onlyParsedHint?: string;
  /** The `--schema-store` prefixes the hint is made of, all of them, sorted (`filecheck merge` makes the hint again from every shard's). */
  storePrefixes?: string[];
  /** How many of `onlyParsed` the hint is about (the others match no catalog entry, or the store maps their schemas' URLs already); with the hint. */
  onlyParsedHinted?: number;
  bailed: boolean;
  interrupted: boolean;
  durationMs: number;
  plan: Plan;
  /** Problems of severity warning, in all files. */
  warnings: number;
  maxWarnings?: number;
  unusableSchemas?: string[];
  shard?: { index: number; count: number; total: number };
  cache?: {
    hits: number;
    failedHits: number;
    passed: number;
    failed: number;
    misses: number;
    schemas: { cached: number; compiled: number };
  };
  acrossFiles?: {
    checked: boolean;
    why?: string;
    elsewhere?: { files: number; shown: string[] };
    matchedNothing?: string[];
  };
  suppressions?: {
    file: string;
    suppressed: number;
    files?: number;
    stale: { file: string; id: string; count: number; found: number }[];
    written?: boolean;
    pruned?: number;
    unmatched?: string[];
  };
}

/** What run() resolves with: the Summary, the files' results, the run's warnings. */
export interface RunResult extends Summary {
  /** In path order: the files that failed, have warnings or were only parsed; every file with `results: 'all'`. */
  files: FileReport[];
  /** What the command line prints as `filecheck: warning: …` (a schema's unknown format…). */
  warningMessages: string[];
}

export interface Reporter {
  onRunStart?(info: { plan: Plan; files: number }): void;
  /** When rules check across files: as each file's own check ends, before its verdict. */
  onFileChecked?(result: FileResult): void;
  onFileResult?(result: FileResult): void;
  onRunComplete?(summary: Summary): void | Promise<void>;
}

/** Runs filecheck once. Rejects with a UsageError on a usage or configuration error; never exits. */
export function run(options?: RunOptions): Promise<RunResult>;

export class UsageError extends Error {
  name: 'UsageError';
  /** Files whose creation or change may mend it. */
  files: string[];
  /** When a rule's schema could not be used: the run's result, every file checked. */
  summary?: RunResult;
}

export const EXIT: Readonly<{
  passed: 0;
  failed: 1;
  usage: 2;
  interrupted: 130;
  outputClosed: 141;
  terminated: 143;
}>;

/** The exit code the command line would give this run. */
export function exitCodeFor(summary: Summary): 0 | 1 | 2 | 130;
