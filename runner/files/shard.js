// --shard i/n: which of n shards a file belongs to. A function of the file's path in the project
// alone, not of its place in a list, so every machine agrees without talking to the others, and
// adding or removing files moves only those files. The price: shards hold about files/n each, not
// exactly (a hash, not a count, splits them).
import { unitHash } from '../../shared/unit-hash.js';

/**
 * @param {string} projectPath the file's path relative to the project's folder, forward slashes
 * @param {number} count the number of shards
 * @returns {number} the file's shard, from 1 to count
 */
export function shardOf(projectPath, count) {
  return 1 + Math.floor(unitHash(projectPath) * count);
}
