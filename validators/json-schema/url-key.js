// The one place that says when two schema URLs name the same schema.

/**
 * A URL as ajv keys a schema: an empty fragment (`#` or `#/`) is none. Text that is not an
 * absolute URL is its own key, as ajv keys it.
 * @param {string} url
 * @returns {string}
 */
export function urlKey(url) {
  let href;
  try {
    href = new URL(url).href;
  } catch {
    href = url;
  }
  return href.replace(/#\/?$/, '');
}

/**
 * urlKey, with http and https as one: a `$schema` or a catalog names a SchemaStore schema either
 * way. Only for finding a schema by its URL (a catalog entry, a preloaded $id); ajv keeps the
 * scheme, so a $ref is resolved by urlKey.
 * @param {string} url
 * @returns {string | null} null when it is not an absolute URL
 */
export function anySchemeUrlKey(url) {
  if (!URL.canParse(url)) return null;
  return urlKey(url).replace(/^http:/, 'https:');
}
