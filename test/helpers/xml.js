// XML in tests: a strict parser, so that a report that is not well-formed fails its test.
import assert from 'node:assert/strict';
import { SaxesParser } from 'saxes';

/** Parses with saxes, a strict XML 1.0 parser (disallowed characters are errors), into { name, attributes, children, text }. */
export function parseXml(text) {
  const parser = new SaxesParser();
  const root = { children: [] };
  const open = [root];
  parser.on('error', (error) => {
    throw new Error(`not well-formed XML: ${error.message}\n${text}`);
  });
  parser.on('opentag', ({ name, attributes }) => {
    const element = { name, attributes: { ...attributes }, children: [], text: '' };
    open.at(-1).children.push(element);
    open.push(element);
  });
  parser.on('text', (chunk) => {
    if (open.length > 1) open.at(-1).text += chunk;
  });
  parser.on('closetag', () => open.pop());
  parser.write(text).close();
  assert.equal(root.children.length, 1, 'one root element');
  return root.children[0];
}
