// files + cores ──heuristic──▶ how a run is executed, and why. A pure function: see test/plan.test.js.

/**
 * @typedef {{ mode: 'inline' | 'pool', workers: number, reason: string }} Plan
 * @param {{ files: number }} input
 * @returns {Plan}
 */
export function plan({ files }) {
  return { mode: 'inline', workers: 0, reason: `${files} file${files === 1 ? '' : 's'}: in-process, no worker start-up cost` };
}
