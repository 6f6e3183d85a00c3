// data.ts — the token view's data (pure, no DOM): checking its shape, which
// pairs are masked, whether it can be drawn at all, and the strongest line of
// a token (what the readout says about it).

import { MAX_TOKENS, type LinePoint, type TokenLinesData, type TokenRef } from './types';

/** Throw a RangeError unless rows and cols are whole numbers ≥ 0 and every head's weights (and the mask) has rows × cols entries. */
export function checkData(d: TokenLinesData): void {
  const { rows, cols } = d;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw new RangeError(`token lines: rows and cols must be whole numbers ≥ 0, got ${rows} × ${cols}`);
  }
  const n = rows * cols;
  d.heads.forEach((h, k) => {
    if (!(h.weights instanceof Float64Array) || h.weights.length !== n) {
      const got = h.weights instanceof Float64Array ? `${h.weights.length} entries` : 'not a Float64Array';
      throw new RangeError(`token lines: head ${k} has ${got}, expected ${rows} × ${cols} = ${n}`);
    }
  });
  if (d.hidden && d.hidden.length !== n) throw new RangeError(`token lines: hidden has ${d.hidden.length} entries, expected ${rows} × ${cols} = ${n}`);
}

/** Whether pair p (= i·cols + j) is masked, i.e. has no line. */
export function isHidden(d: TokenLinesData, p: number): boolean {
  return !!d.hidden && d.hidden[p] === 1;
}

/** Whether there is nothing to draw: no queries, no keys or no heads. */
export function isEmpty(d: TokenLinesData): boolean {
  return d.rows === 0 || d.cols === 0 || d.heads.length === 0;
}

/** Whether a side has more than MAX_TOKENS tokens (then the view shows a note instead of lines). */
export function tooMany(d: TokenLinesData): boolean {
  return d.rows > MAX_TOKENS || d.cols > MAX_TOKENS;
}

/** The line of a token with the largest finite weight over every head (the first on ties), with its weight; null when all its pairs are masked. */
export function strongest(d: TokenLinesData, t: TokenRef): (LinePoint & { w: number }) | null {
  let best: (LinePoint & { w: number }) | null = null;
  const n = t.side === 'query' ? d.cols : d.rows;
  d.heads.forEach((h, head) => {
    for (let k = 0; k < n; k++) {
      const i = t.side === 'query' ? t.index : k;
      const j = t.side === 'query' ? k : t.index;
      const p = i * d.cols + j;
      const w = h.weights[p];
      if (isHidden(d, p) || !Number.isFinite(w)) continue;
      if (!best || w > best.w) best = { head, i, j, w };
    }
  });
  return best;
}
