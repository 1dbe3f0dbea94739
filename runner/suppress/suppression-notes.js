// What a run with a suppressions file says of it beside the report, on stderr: what it wrote, the
// ids of --suppress-rule that matched nothing (a typo), and each stale entry, with the way to prune.

const SHOWN_STALE = 10;
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const entries = (n) => `${n} entr${n === 1 ? 'y' : 'ies'}`;

/**
 * @param {import('./suppress-run.js').SuppressionsSummary} suppressions
 * @returns {{ notes: string[], warnings: string[] }} one line each
 */
export function suppressionNotes({ file, suppressed, files, stale, written, pruned, unmatched = [] }) {
  const notes = [];
  const warnings = unmatched.map((id) => `--suppress-rule ${id}: no error of that id in this run, nothing recorded`);
  if (pruned !== undefined)
    notes.push(pruned ? `pruned ${entries(pruned)} of ${file} to what is found now` : `nothing to prune in ${file}`);
  else if (written)
    notes.push(`${file} written: ${plural(suppressed, 'problem')} suppressed in ${plural(files, 'file')}`);
  for (const entry of stale.slice(0, SHOWN_STALE))
    notes.push(`stale suppression: ${entry.file} ${entry.id}: ${entry.count} suppressed, ${entry.found} found`);
  if (stale.length > SHOWN_STALE) notes.push(`stale suppression: and ${stale.length - SHOWN_STALE} more`);
  if (stale.length)
    notes.push(
      `${entries(stale.length)} of ${file} suppress${stale.length === 1 ? 'es' : ''} more than is found now: --prune-suppressions lowers ${stale.length === 1 ? 'it' : 'them'} to what is found`,
    );
  return { notes, warnings };
}

/**
 * Says them on stderr. Stale entries never change the exit code.
 * @param {import('./suppress-run.js').SuppressionsSummary} suppressions
 * @param {{ note(message: string): void, warn(message: string): void }} messages
 */
export function saySuppressions(suppressions, { note, warn }) {
  const { notes, warnings } = suppressionNotes(suppressions);
  for (const message of warnings) warn(message);
  for (const message of notes) note(message);
}
