// ANSI styles, or none: colour only on a TTY and never with NO_COLOR (https://no-color.org).

const CODES = {
  bold: [1, 22],
  dim: [2, 22],
  red: [31, 39],
  green: [32, 39],
  yellow: [33, 39],
  inverseRed: [41, 49],
  inverseYellow: [43, 49],
};

/**
 * @param {{ isTTY?: boolean }} stream
 * @param {Record<string, string | undefined>} env
 * @param {boolean | undefined} forced --color / --no-color
 */
export function colorsFor(stream, env, forced) {
  const on = forced ?? (!!stream.isTTY && !('NO_COLOR' in env && env.NO_COLOR !== '') && env.TERM !== 'dumb');
  const style = (name) =>
    on ? (text) => `\u001b[${CODES[name][0]}m${text}\u001b[${CODES[name][1]}m` : (text) => String(text);
  return Object.fromEntries(Object.keys(CODES).map((name) => [name, style(name)]));
}
