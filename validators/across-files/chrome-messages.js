// Chrome's and WebExtensions' messages.json, as sameKeysAs compares it with `"placeholders":
// "chrome"`: { "name": { "message", "description", "placeholders": { "x": { "content", "example" } } } }.
// A message's text is its `message` alone: `description` and a placeholder's `example` are notes to
// translators (Chrome requires neither), and `placeholders` belong to the locale's own entry: Chromium
// replaces a message's `$NAME$` from them, never from the default locale's, so a translation defines
// those its message uses, under any names, and may leave out the rest: a placeholder is compared by
// what it stands for, its `content` (placeholders.js).
import { escapeToken } from './pointers.js';

/**
 * @param {unknown} doc a messages.json
 * @returns {{ doc: unknown, defined: Map<string, Map<string, unknown>> }} the document with each
 *   entry's `message` alone (an entry without one is empty: its message is missing), and the
 *   placeholders each message's entry defines, by their names lowercased (Chrome's names are of any
 *   case), by its pointer
 */
export function chromeMessages(doc) {
  const defined = new Map();
  if (!isObject(doc)) return { doc, defined };
  // Built from entries, as a parser builds an object: a message named __proto__ stays a key.
  const messages = [];
  for (const [name, entry] of Object.entries(doc)) {
    if (!isObject(entry)) {
      messages.push([name, entry]);
      continue;
    }
    messages.push([name, Object.hasOwn(entry, 'message') ? { message: entry.message } : {}]);
    const placeholders = isObject(entry.placeholders) ? Object.entries(entry.placeholders) : [];
    defined.set(
      `/${escapeToken(name)}/message`,
      new Map(placeholders.map(([key, placeholder]) => [key.toLowerCase(), placeholder])),
    );
  }
  return { doc: Object.fromEntries(messages), defined };
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
