// test/fixtures/: the static trees and files the tests run on, read as the tests use them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** test/fixtures/<name>, a JSON file, as its value. */
export const fixtureJson = (name) => JSON.parse(fs.readFileSync(path.join(FIXTURES, name), 'utf8'));

/** Every file under test/fixtures/<name>/, path ─▶ text: the object makeTree and writeTree take. */
export function fixtureTree(name) {
  const root = path.join(FIXTURES, name);
  return Object.fromEntries(
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort()
      .map((file) => [path.relative(root, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')]),
  );
}
