// What would have the files only parsed validated, in words: the store prefixes that map their
// schemas' urls. A run makes it from its files' prefixes (runner/execute/run.js), `filecheck merge`
// from every shard's (runner/merge/), so that the two say it alike.

/**
 * @param {string[]} prefixes the `--schema-store` prefixes of the files only parsed, in any order;
 *   "filecheck schemas pull" for a pulled store (filecheck.lock.json) without their schemas
 * @returns {string}
 */
export function onlyParsedHint(prefixes) {
  // A pulled store without their schemas: validators/json-schema/chosen-schemas.js names the command.
  if (prefixes.includes('filecheck schemas pull'))
    return 'their schemas are not in the store: run filecheck schemas pull';
  const shown = [...prefixes]
    .sort()
    .slice(0, 3)
    .map((prefix) => `--schema-store ${prefix}=<folder>`);
  const more = prefixes.length > 3 ? ` and ${prefixes.length - 3} more` : '';
  return `their schemas are not in the store: map their URLs to local copies with ${shown.join(', ')}${more}`;
}
