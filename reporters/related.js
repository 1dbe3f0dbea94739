// The other places a problem points at (Problem.related): a check across files names, on each file
// that holds a duplicate, the others that hold it. Every report names them the same way,
// `also at content/b.json:3:11`, a few at most: a slug used by 200 files is not a list of 199.
import { printablePath, printableText } from './printable.js';
import { positionOf } from './problem-words.js';

/** How many related places a report names before it counts the rest. */
export const SHOWN_RELATED = 5;

/**
 * @typedef {{ path: string, line?: number, column?: number, pointer?: string, message?: string }} Related
 *   path: as reported (relative to the working directory), as a FileResult's
 */

/**
 * The related places a report names, and how many it leaves unnamed.
 * @param {import('../runner/check/check-file.js').Problem} problem
 * @returns {{ shown: Related[], more: number }}
 */
export function relatedOf(problem) {
  const all = Array.isArray(problem.related) ? problem.related : [];
  return { shown: all.slice(0, SHOWN_RELATED), more: Math.max(0, all.length - SHOWN_RELATED) };
}

/**
 * "content/b.json:3:11 (/slug: its first use)": the place, clickable in a terminal (path:line:col),
 * then its pointer when it has no line, and its message.
 * @param {Related} place
 * @param {(path: string) => string} [pathOf] the path as the report names files (a repository's path in CI)
 */
export function relatedPlace(place, pathOf = printablePath) {
  const file = pathOf(place.path);
  const at =
    place.line === undefined
      ? place.pointer
        ? `${file} ${printableText(place.pointer)}`
        : file
      : `${file}:${positionOf(place)}`;
  return place.message ? `${at} (${printableText(place.message)})` : at;
}

/** "and 3 more", after the places named. */
export const andMore = (more) => `and ${more} more`;

/**
 * " (also at b.json:3:11, c.json:7:3 and 3 more)", after a problem's words on one line (an
 * annotation, a JUnit line, a GitLab description); "" for a problem with no related place.
 * @param {import('../runner/check/check-file.js').Problem} problem
 * @param {(path: string) => string} [pathOf]
 */
export function alsoAt(problem, pathOf = printablePath) {
  const { shown, more } = relatedOf(problem);
  if (!shown.length) return '';
  return ` (also at ${placesList(
    shown.map((place) => relatedPlace(place, pathOf)),
    more,
  )})`;
}

/** "a, b and c"; "a, b, c, d, e and 3 more" when `more` were left unnamed. */
export function placesList(places, more = 0) {
  if (more) return `${places.join(', ')} ${andMore(more)}`;
  return places.length > 1 ? `${places.slice(0, -1).join(', ')} and ${places.at(-1)}` : places[0];
}
