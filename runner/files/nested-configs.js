// Configs below the run's (a monorepo's packages): the config each file is under, read when discovery
// first meets it, and the rules that config gives: its own after those of the configs above it, up
// to one that says "root": true (docs/monorepo.md).
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const fs = require('node:fs');

export const CONFIG_NAME = '.filecheckrc.json';

/**
 * @typedef {{ file: string, folder: string, parent: ConfigRecord | null, rules: number[] }} ConfigRecord
 *   rules: the ids of its own rules; parent: the config whose rules it adds to (none for a root)
 * @param {import('../config/load-config.js').Config} config
 * @param {{ listed: Map<string, boolean>, leftOut(file: string): boolean }} walk listed: the folders
 *   discovery's walk read, each with whether it holds a config (others are asked of the file system);
 *   leftOut: a config there is not read (ignored, gitignored)
 */
export function configTree(config, { listed, leftOut }) {
  const top = config.configPath ? path.dirname(config.configPath) : config.cwd;
  const inside = top + path.sep;
  const byFolder = new Map(config.configs.map((record) => [record.folder, record]));
  const nearestOf = new Map(); // folder ─▶ the config its files get (null: none)
  const added = []; // the configs read here, with their top-level ignore

  /** @param {string} folder absolute @returns {ConfigRecord | null} */
  const nearest = (folder) => {
    let record = nearestOf.get(folder);
    if (record !== undefined) return record;
    if (byFolder.has(folder)) record = byFolder.get(folder);
    // Outside the project (a `../` pattern): the run's config, as before there were nested ones.
    else if (folder !== top && !folder.startsWith(inside)) record = byFolder.get(top) ?? null;
    else if (holdsConfig(folder)) record = read(folder);
    else record = folder === top ? null : nearest(path.dirname(folder));
    nearestOf.set(folder, record);
    return record;
  };
  const holdsConfig = (folder) => {
    const has = listed.get(folder) ?? fs.existsSync(path.join(folder, CONFIG_NAME));
    return has && !leftOut(path.join(folder, CONFIG_NAME));
  };
  const read = (folder) => {
    const parent = folder === top ? null : nearest(path.dirname(folder));
    const { record, ignore } = config.readNestedConfig(path.join(folder, CONFIG_NAME), parent, config.rules);
    byFolder.set(folder, record);
    added.push({ record, ignore });
    return record;
  };

  const idsOf = new Map(); // record ─▶ the ids of the rules its files get, the root's first
  const ruleIds = (record) => {
    if (!record) return [];
    if (!idsOf.has(record)) idsOf.set(record, [...ruleIds(record.parent), ...record.rules]);
    return idsOf.get(record);
  };
  return { nearest, ruleIds, added };
}
