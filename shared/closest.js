// "Did you mean": the known string a value was most likely meant to be, when it is close enough to
// be a typo. Closeness ignores case first: a known string equal but for case is the one meant
// ("es2020" for "ES2020"); else at most 2 edits (a letter added, left out, changed, or two
// neighbours swapped), and no more than a third of the value's length ("strictt", "titel"), so that
// a short value is not matched to any short string. One answer or none: of two equally close, none.

/**
 * @param {string} value
 * @param {Iterable<string>} candidates
 * @returns {string | undefined}
 */
export function closest(value, candidates) {
  const lower = value.toLowerCase();
  const allowed = Math.min(2, Math.floor(value.length / 3));
  let best;
  let bestScore;
  let tied = false;
  for (const candidate of candidates) {
    if (candidate === value) return undefined; // known after all: no typo
    if (candidate === best) continue; // a name given twice
    const limit = bestScore ? bestScore[0] : allowed;
    if (Math.abs(candidate.length - value.length) > limit) continue;
    const edits = editDistance(lower, candidate.toLowerCase(), limit + 1);
    if (edits > limit) continue;
    // Of two as close ignoring case, the one closer with it: "es2020" over "ES2020" for "es2o20".
    const score = [edits, editDistance(value, candidate)];
    const order = bestScore ? score[0] - bestScore[0] || score[1] - bestScore[1] : -1;
    if (order < 0) [best, bestScore, tied] = [candidate, score, false];
    else if (order === 0) tied = true;
  }
  return tied ? undefined : best;
}

/**
 * Edits from `a` to `b`, a swap of two neighbours counting as one (optimal string alignment),
 * given up at `limit`: the answer is then `limit` or more. Only the cells within `limit` of the
 * diagonal are worked out (the others are `limit` or more), in rows kept from call to call: a
 * failing file asks for one distance per name a schema declares at each place it refuses a key.
 */
export function editDistance(a, b, limit = Number.POSITIVE_INFINITY) {
  const [n, m] = [a.length, b.length];
  const cap = Math.min(limit, Math.max(n, m)); // a cell at cap stands for cap or more
  if (Math.abs(n - m) >= cap) return Math.min(Math.abs(n - m), cap);
  if (rows[0].length <= m) rows = rows.map(() => new Uint32Array(m + 1));
  let [before, previous, current] = rows;
  for (let j = 0; j <= m; j++) previous[j] = Math.min(j, cap);
  for (let i = 1; i <= n; i++) {
    const low = Math.max(1, i - cap);
    const high = Math.min(m, i + cap);
    current[low - 1] = low === 1 ? Math.min(i, cap) : cap;
    let rowMin = cap;
    for (let j = low; j <= high; j++) {
      let edits = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) edits = Math.min(edits, before[j - 2] + 1);
      current[j] = Math.min(edits, cap);
      rowMin = Math.min(rowMin, current[j]);
    }
    if (high < m) current[high + 1] = cap;
    if (rowMin >= limit) return limit;
    [before, previous, current] = [previous, current, before];
  }
  return previous[m];
}

let rows = [new Uint32Array(16), new Uint32Array(16), new Uint32Array(16)];
