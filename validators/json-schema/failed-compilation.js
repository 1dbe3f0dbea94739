// What a compilation that failed half way leaves in an ajv instance, forgotten before the next
// attempt. ajv keeps each $ref'd subschema it compiles in its root's `refs` as it goes, and a
// recursive $ref to a subschema still being compiled is called through `wrapper.validate`, which
// the end of that subschema's compilation fills in. When the compilation fails first (a $ref to a
// schema not added yet, an unknown format), the subschema stays in `refs` without its validate,
// and so does every subschema compiled meanwhile whose code calls it through that wrapper: the
// next attempt, once the schema is added or the format ignored, would reuse them, and its code
// throw `wrapper0.validate is not a function` on the documents that reach them (CycloneDX 1.4 to
// 1.7, whose components are recursive and whose signatures are in another file). ajv's own
// compileAsync retries the same way. Code compiled by the failed attempt is compiled again instead.

/**
 * Marks what an ajv instance has compiled so far.
 * @param {import('ajv').default} ajv
 * @returns {() => void} forgets what was compiled since the mark: each root schema compiled since
 *   (validate), and every subschema a root's `refs` gained
 */
export function compiledSoFar(ajv) {
  // ajv only adds to a root's refs, in order: the keys past their count then were added since.
  const refsCount = new Map();
  const compiled = new Set();
  for (const root of ajv._cache.values()) {
    refsCount.set(root, Object.keys(root.refs).length);
    if (Object.hasOwn(root, 'validate')) compiled.add(root);
  }
  return () => {
    for (const root of ajv._cache.values()) {
      for (const ref of Object.keys(root.refs).slice(refsCount.get(root) ?? 0)) delete root.refs[ref];
      if (!compiled.has(root) && Object.hasOwn(root, 'validate')) {
        delete root.validate;
        delete root.validateName;
      }
    }
  };
}
