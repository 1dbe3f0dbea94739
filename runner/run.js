// Drives one executor, feeds every FileResult to the reporters in path order, counts, bails.
import { plan as choosePlan } from './plan.js';
import { compileRules } from './compile-rules.js';
import { executeInline } from './inline.js';

/**
 * @typedef {{ total: number, passed: number, failed: number, skipped: number, unchecked: number,
 *   bailed: boolean, interrupted: boolean, durationMs: number, plan: import('./plan.js').Plan }} Summary
 * @param {import('./discover.js').Discovery} discovery
 * @param {import('./config.js').Config} config
 * @param {{ reporters: object[], signal?: AbortSignal, warn(message: string): void, display(file: string): string }} context
 * @returns {Promise<Summary>}
 */
export async function runChecks({ files, skipped }, config, { reporters, signal, warn, display }) {
  const started = performance.now();
  const allRules = config.cliRule ? [...config.rules, config.cliRule] : config.rules;
  const used = new Set(files.flatMap((file) => file.rules));
  const validatorsFor = await compileRules(allRules.filter((rule) => used.has(rule.id)), { warn, display, chaos: config.chaos });
  const plan = choosePlan({ files: files.length });

  for (const reporter of reporters) reporter.onRunStart?.({ plan, files: files.length, skipped });
  let passed = 0;
  let failed = 0;
  let bailed = false;
  const onResult = (result) => {
    if (result.status === 'pass') passed++;
    else failed++;
    for (const reporter of reporters) reporter.onFileResult?.(result);
    bailed = config.bail > 0 && failed >= config.bail;
    return !bailed;
  };
  await executeInline(files, { validatorsFor, signal, onResult });

  const checked = passed + failed;
  const summary = {
    total: files.length + skipped.length,
    passed,
    failed,
    skipped: skipped.length,
    unchecked: files.length - checked,
    bailed: bailed && checked < files.length,
    interrupted: !!signal?.aborted && checked < files.length,
    durationMs: Math.round(performance.now() - started),
    plan,
  };
  for (const reporter of reporters) await reporter.onRunComplete?.(summary);
  return summary;
}
