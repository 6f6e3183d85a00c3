// entropy.ts — how spread out each row of attention weights is, in nats.
//
//   H_i = −Σ_j w_ij · ln w_ij,   with 0 · ln 0 = 0
//
// A row that puts all its weight on one key has H = 0; a row spread evenly over
// n keys has the largest possible value, ln n (maxEntropy). A hidden key
// (weight exactly 0) adds nothing, and a fully hidden row (all 0) has H = 0.
// The softmax temperature moves H between the two: τ → 0 gives 0, τ → ∞ gives
// ln(visible keys). Pure, no DOM; checked against PyTorch float64
// (torch.special.entr, tests/golden/entropy.json) in
// tests/web/model/entropy.test.ts.

/**
 * The entropy in nats of each row of a row-major rows × cols weight matrix (weights in [0, 1], as the core returns
 * them): −Σ_j w ln w with 0·ln 0 = 0. Throws a RangeError when weights is not exactly rows·cols long.
 */
export function rowEntropy(weights: Float64Array, rows: number, cols: number): Float64Array {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0 || weights.length !== rows * cols)
    throw new RangeError(`rowEntropy: weights has ${weights.length} values, not rows · cols = ${rows} · ${cols}`);
  const H = new Float64Array(rows); // (rows)
  for (let i = 0; i < rows; i++) {
    let h = 0;
    for (let k = i * cols; k < (i + 1) * cols; k++) {
      const w = weights[k];
      if (w > 0) h -= w * Math.log(w); // w = 0 (and 0 · ln 0) adds nothing
    }
    H[i] = h;
  }
  return H;
}

/** The largest entropy a row over n keys can have, ln n nats (every key weighted 1/n); 0 for one key. */
export function maxEntropy(n: number): number {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`maxEntropy: n = ${n} must be a whole number ≥ 1`);
  return Math.log(n);
}
