// A V8 flag a run needs while it runs, set as node:v8 sets one: for the whole process (workers
// too), and read by V8 each time it applies. The first holder sets it, the last to let go puts
// V8's own value back (the API may run several runs at once); a flag given to node by hand is left
// as it is.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const holders = new Map(); // the flag held ─▶ how many hold it

// V8 reads `--no-x`, `--x=…` and `--x_y` as flag x and x-y.
const nameOf = (flag) =>
  flag
    .replace(/^--(no-)?/, '')
    .replace(/=.*/s, '')
    .replaceAll('_', '-');

/**
 * @param {string} name the flag, without its value (`--interrupt-budget`)
 * @param {{ held: string, free: string }} values what it is while held, and V8's own value
 *   (`--no-parallel-scavenge`, `--parallel-scavenge`)
 * @param {{ execArgv?: string[], setFlags?: (flags: string) => void }} [process_] node's options and
 *   how to set a V8 flag (node:v8's), for tests
 * @returns {() => void} lets go (once, however often called)
 */
export function holdV8Flag(
  name,
  { held, free },
  { execArgv = process.execArgv, setFlags = (flags) => require('node:v8').setFlagsFromString(flags) } = {},
) {
  if (execArgv.some((arg) => nameOf(arg) === nameOf(name))) return () => {};
  const count = holders.get(name) ?? 0;
  holders.set(name, count + 1);
  if (count === 0) setFlags(held);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = holders.get(name) - 1;
    holders.set(name, left);
    if (left === 0) setFlags(free);
  };
}
