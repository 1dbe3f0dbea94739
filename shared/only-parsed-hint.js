// What would have the files only parsed validated, in words: the store prefixes that map their
// schemas' urls. A run makes it from its files' prefixes (runner/execute/run.js), `filecheck merge`
// from every shard's (runner/merge/), so that the two say it alike.

/**
 * @param {string[]} prefixes the `--schema-store` prefixes of the files only parsed, in any order;
 *   "filecheck schemas pull" for a pulled store (filecheck.lock.json) without their schemas
 * @param {{ hinted?: number, onlyParsed?: number, config?: string }} [files] hinted: how many of the
 *   files only parsed those prefixes would have validated, of onlyParsed, all of them; when fewer
 *   (the others match no catalog entry, or the store maps their schemas' URLs already), the hint says
 *   how many; config: the run's config file, as shown, whose "schemaStore" maps them too
 * @returns {string}
 */
export function onlyParsedHint(prefixes, { hinted, onlyParsed, config } = {}) {
  const one = hinted === 1;
  const schemas = one ? (prefixes.length === 1 ? 'its schema is' : 'its schemas are') : 'their schemas are';
  if (hinted === undefined || hinted >= onlyParsed) {
    const alone = onlyParsed === 1 && hinted !== undefined; // one file only parsed: its schema, its URL
    return `${alone ? schemas : 'their schemas are'} not in the store: ${remedy(prefixes, alone, config)}`;
  }
  const others = onlyParsed - hinted;
  const rest = others === 1 ? 'the other for another reason' : `the other ${others} for other reasons`;
  return `${hinted} of them because ${schemas} not in the store: ${remedy(prefixes, one, config)}; ${rest} (--verbose says why)`;
}

// What to do: the store prefixes to map (in the config's "schemaStore" too, a run's settings being
// its config's), or the command that pulls the store.
function remedy(prefixes, oneUrl = false, config = undefined) {
  // A pulled store without their schemas: validators/json-schema/chosen-schemas.js names the command.
  if (prefixes.includes('filecheck schemas pull')) return 'run filecheck schemas pull';
  const shown = [...prefixes].sort().slice(0, 3);
  const flags = shown.map((prefix) => `--schema-store ${prefix}=<folder>`);
  const more = prefixes.length > 3 ? ` and ${prefixes.length - 3} more` : '';
  const map = oneUrl && prefixes.length === 1 ? 'map its URL to a local copy' : 'map their URLs to local copies';
  const key = config
    ? `"schemaStore": { ${shown.map((prefix) => `${JSON.stringify(prefix)}: "<folder>"`).join(', ')} } in ${config}, or `
    : '';
  return `${map} with ${key}${flags.join(', ')}${more}`;
}
