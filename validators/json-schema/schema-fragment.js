// A schema named with a fragment (`ansible.json#/$defs/tasks`, as SchemaStore's catalog names the
// parts of Ansible's schema) is the part of the file the fragment points at, as a $ref's fragment
// is: a JSON pointer, or an anchor. The file is read, and cached, whole; ajv compiles the part
// (compile-offline.js). An empty fragment (`#`, `#/`) names the whole schema.

/**
 * @param {string} ref a URL, or a path (`s.json#/$defs/tasks`)
 * @returns {{ base: string, fragment: string | null }} base: ref without its fragment; fragment: as
 *   written, without the `#` (null: none, or an empty one)
 */
export const splitFragment = (ref) => splitAt(ref, ref.indexOf('#'));

/**
 * A rule's schema as given, a path or a URL: a path's `#` starts a fragment only before a JSON
 * pointer (`s.json#/$defs/tasks`) or at its end, so that a file whose name holds a `#` is named as
 * ever; a URL's starts one wherever it is.
 * @param {string} given
 * @returns {{ base: string, fragment: string | null }}
 */
export function splitSchemaPath(given) {
  if (/^[a-z][a-z\d+.-]+:\/\//i.test(given)) return splitFragment(given);
  return splitAt(given, given.search(/#(\/|$)/));
}

function splitAt(ref, at) {
  if (at === -1) return { base: ref, fragment: null };
  const fragment = ref.slice(at + 1);
  return { base: ref.slice(0, at), fragment: fragment === '' || fragment === '/' ? null : fragment };
}

/** A schema's name with its fragment, as messages and --list-files --verbose show it. */
export const withFragment = (name, fragment) => (fragment ? `${name}#${fragment}` : name);
