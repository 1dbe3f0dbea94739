// "Did you mean": the known string closest to a value by edit distance, when it is close enough to
// be a typo: 1 edit for a value of up to 4 characters, 2 for a longer one.

/**
 * @param {string} value
 * @param {string[]} candidates sorted: of two equally close, the first wins
 * @returns {string | undefined}
 */
export function closest(value, candidates) {
  let best;
  let bestDistance = value.length <= 4 ? 2 : 3; // one more than the edits allowed
  for (const candidate of candidates) {
    if (Math.abs(candidate.length - value.length) >= bestDistance) continue;
    const distance = editDistance(value, candidate, bestDistance);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, given up at `limit`: the answer is then `limit` or more. */
export function editDistance(a, b, limit = Number.POSITIVE_INFINITY) {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      rowMin = Math.min(rowMin, current[j]);
    }
    if (rowMin >= limit) return limit;
    previous = current;
  }
  return previous[b.length];
}
