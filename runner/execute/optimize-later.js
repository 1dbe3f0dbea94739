// While a pool's threads fill every core and its files are JSON, V8 11 (Node 20) optimizes a
// function after four times as much work as it otherwise would.
//
// V8 compiles optimized code (TurboFan) on background threads, which a run on one thread leaves a
// spare core for. A pool whose threads fill the cores leaves none: each thread's hot path (reading,
// parsing, validating, its inlined callers) is compiled again per thread, at the same time, and
// those jobs take the cores from the files. Where a file's time is mostly native code, JSON.parse's,
// the optimized code does not win that back: on kumadocs (4,057 JSON files, --schema, 2 cores, Node
// 20) the jobs took 150-200 ms of a 0.5 s run's CPU, and `auto` was 1.22x the split ceiling, 1.10x
// with this (1.08x with no optimizing at all); the many-schema repository's JSON 0.93x of itself.
// YAML's, TOML's, JSON5's, JSONC's and Markdown's parsers are JavaScript, which optimizing speeds up
// more than it costs: a docs site's 12,899 Markdown pages took 1.12x as long with it (bench/RESULTS.md,
// seventeenth session). Four times: fewer, later, hotter functions optimized; more gained nothing
// measurable. V8 12 and later (Node 22+) optimize first with Maglev, a compiler many times faster,
// and TurboFan later: nothing to do there (Node 24 measured no faster without TurboFan), and the
// flag this sets does not exist there.
import { holdV8Flag } from './hold-v8-flag.js';
import { everyFileJson } from './plan.js';

const FLAG = '--interrupt-budget';
const V8_DEFAULT_BUDGET = 66 * 1024; // V8 11's own value of FLAG
export const LATER = 4;

/**
 * Whether a pool's run should optimize later (optimizeLater).
 * @param {{ threads: number, cores: number, files: Array<{ parser?: string }> }} run threads: the
 *   pool's workers, and the main thread when it checks files beside them; files: those to check
 *   (discover.js: JSON has no parser)
 */
export const optimizesLater = ({ threads, cores, files }) => threads >= cores && everyFileJson(files);

/**
 * @param {{ v8Version?: string, execArgv?: string[], setFlags?: (flags: string) => void }} [process_]
 *   the process's V8 version and options, and how to set a V8 flag (node:v8's), for tests
 * @returns {() => void} gives V8 its own budget back once no such pool is left open (when the pool closes)
 */
export function optimizeLater({ v8Version = process.versions.v8, ...process_ } = {}) {
  if (Number.parseInt(v8Version, 10) > 11) return () => {};
  return holdV8Flag(
    FLAG,
    { held: `${FLAG}=${LATER * V8_DEFAULT_BUDGET}`, free: `${FLAG}=${V8_DEFAULT_BUDGET}` },
    process_,
  );
}
