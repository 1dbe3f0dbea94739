// The run in words: "Files: 2 failed, 4055 passed, 4057 total", as Jest words it, and why files were not checked.

/**
 * @param {import('../runner/execute/run.js').Summary} summary
 * @param {ReturnType<import('./colors.js').colorsFor>} c
 */
export function summaryLines(summary, c) {
  const parts = [];
  // --cache: how many of each were reported from the cache (result-cache.js).
  const failedHits = summary.cache?.failedHits ?? 0;
  const passedHits = (summary.cache?.hits ?? 0) - failedHits;
  if (summary.failed)
    parts.push(c.bold(c.red(`${summary.failed} failed`)) + (failedHits ? ` (${failedHits} from the cache)` : ''));
  if (summary.unchecked) parts.push(c.yellow(`${summary.unchecked} not checked`));
  if (summary.skipped) parts.push(c.yellow(`${summary.skipped} skipped`));
  parts.push(c.bold(c.green(`${summary.passed} passed`)) + (passedHits ? ` (${passedHits} from the cache)` : ''));
  parts.push(`${summary.total} total`);
  const lines = [
    `${c.bold('Files:')} ${parts.join(', ')}`,
    `${c.bold('Time:')}  ${(summary.durationMs / 1000).toFixed(2)} s`,
  ];
  if (summary.bailed)
    lines.push(c.yellow(`Stopped after ${summary.failed} failing file${summary.failed === 1 ? '' : 's'} (--bail).`));
  if (summary.interrupted) lines.push(c.yellow('Interrupted: the summary is partial.'));
  return lines;
}

/** "2 files not checked: stopped after 1 failing file (--bail).", for a run with unchecked files. */
export function notCheckedLine({ unchecked, failed, interrupted }) {
  const why = interrupted ? 'interrupted' : `stopped after ${failed} failing file${failed === 1 ? '' : 's'} (--bail)`;
  return `${unchecked} file${unchecked === 1 ? '' : 's'} not checked: ${why}.`;
}
