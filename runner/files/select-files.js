// Narrows what discovery found to the files of this run: those git says changed (--changed,
// --since), then those of one shard (--shard). Files keep their rules and their order.
import path from 'node:path';
import { changedFiles } from './git-changes.js';
import { shardOf } from './shard.js';
import { relativePosix } from '../../shared/paths.js';

/**
 * @typedef {import('./discover.js').Discovery & {
 *   changed?: { files: number, where: string }, shard?: { index: number, count: number, total: number } }} Selection
 *   changed.files: how many files git listed; shard.total: the files of all the shards together
 * @param {import('./discover.js').Discovery} discovery
 * @param {import('../config/load-config.js').Config} config
 * @returns {Selection}
 */
export function selectFiles(discovery, config) {
  let { files, skipped } = discovery;
  const selection = {};
  // A skipped file (named, matching no rule) is selected like a checked one, so that the skipped
  // counts of the shards add up to the skipped count of the whole run.
  const absoluteOfSkipped = (entry) => path.resolve(config.cwd, entry.rel);
  if (config.changed) {
    const changed = changedFiles(config.changed, config.root);
    // fast-glob's names use forward slashes, even where path.sep is a backslash.
    const key = path.sep === '/' ? (file) => file : path.normalize;
    files = files.filter((file) => changed.files.has(key(file.path)));
    skipped = skipped.filter((entry) => changed.files.has(absoluteOfSkipped(entry)));
    selection.changed = { files: changed.files.size, where: changed.where };
  }
  if (config.shard) {
    const { index, count } = config.shard;
    const total = files.length + skipped.length;
    const inShard = (file) => shardOf(relativePosix(config.root, file), count) === index;
    files = files.filter((file) => inShard(file.path));
    skipped = skipped.filter((entry) => inShard(absoluteOfSkipped(entry)));
    selection.shard = { index, count, total };
  }
  return { ...discovery, files, skipped, ...selection };
}
