// The human reporter, Jest-like: a FAIL block per failing file, then the summary.
import { summaryLines } from './summary-line.js';
import { printablePath, printableText } from './printable.js';

/**
 * @param {{ write(text: string): void, end(): void, colors: ReturnType<import('./colors.js').colorsFor>, quiet: boolean, verbose: boolean }} options
 */
export function createDefaultReporter({ write, end, colors: c, quiet, verbose }) {
  return {
    onRunStart({ files, skipped }) {
      if (verbose) {
        for (const file of skipped) write(c.dim(`SKIP ${printablePath(file.rel)} (${file.reason})\n`));
      }
      if (!files && !quiet)
        write(
          `No files to check${verbose && skipped.length ? `: ${skipped.length} skipped (ignored or matching no rule)` : ''}.\n`,
        );
    },
    onFileResult(result) {
      if (result.status === 'pass') {
        // A result replayed by `filecheck merge` has no time: JSON reports do not keep it.
        const time = result.cached
          ? ` ${c.dim('(cached)')}`
          : result.durationMs === undefined
            ? ''
            : ` ${c.dim(`(${Math.round(result.durationMs)} ms)`)}`;
        if (verbose) write(`${c.green('PASS')} ${printablePath(result.path)}${time}\n`);
        return;
      }
      const lines = result.problems.map((p) => {
        const at = p.line === undefined ? '' : `${p.line}:${p.column}`;
        return `  ${c.dim(at.padEnd(8))} ${printableText(p.message)}  ${c.dim(`(${printableText(p.validator)})`)}`;
      });
      write(`${c.inverseRed(c.bold(' FAIL '))} ${printablePath(result.path)}\n${lines.join('\n')}\n`);
    },
    onRunComplete(summary) {
      // The plan is final only at the end: `auto` decides after measuring the first files.
      const { plan } = summary;
      if (verbose)
        write(
          c.dim(
            `\nPlan: ${plan.mode}${plan.workers ? ` (${plan.workers} worker${plan.workers === 1 ? '' : 's'})` : ''}: ${plan.reason}`,
          ),
        );
      if (verbose && summary.cache) write(c.dim(`\n${cacheLine(summary.cache)}`));
      write(`\n${summaryLines(verbose ? summary : withoutSkipped(summary), c).join('\n')}\n`);
      end();
    },
  };
}

// Files named on the command line that match no rule or are ignored are passed over silently, as
// ESLint does: a pre-commit hook or lint-staged hands over every staged file, most of them none of
// filecheck's business. --verbose lists and counts them; the json summary always counts them.
const withoutSkipped = (summary) => ({ ...summary, total: summary.total - summary.skipped, skipped: 0 });

function cacheLine({ hits, failedHits = 0, misses, schemas }) {
  const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `Cache: ${plural(hits, 'file')} unchanged since checked (${hits - failedHits} passed, ${failedHits} failed), ${plural(misses, 'file')} to check; schemas: ${schemas.cached} from the cache, ${schemas.compiled} compiled`;
}
