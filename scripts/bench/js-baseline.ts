// js-baseline.ts — attention as a learner-tool author would write it in plain
// JavaScript: Float64Array storage, loops in the natural i-j-k order, the full
// score matrix computed and then masked. The baseline of scripts/bench.sh.

/** out (n_q × d_v) and weights (n_q × n_k) of softmax(Q·Kᵀ/√d_k)·V; mask 1 = visible. */
export function attentionJs(
  Q: Float64Array,
  K: Float64Array,
  V: Float64Array,
  nq: number,
  nk: number,
  dk: number,
  dv: number,
  mask: Uint8Array | null,
): { out: Float64Array; weights: Float64Array } {
  const w = new Float64Array(nq * nk);
  const out = new Float64Array(nq * dv);
  const scale = 1 / Math.sqrt(dk);
  for (let i = 0; i < nq; i++) {
    let max = -Infinity;
    for (let j = 0; j < nk; j++) {
      let s = 0;
      for (let c = 0; c < dk; c++) s += Q[i * dk + c] * K[j * dk + c];
      s = mask && !mask[i * nk + j] ? -Infinity : s * scale;
      w[i * nk + j] = s;
      if (s > max) max = s;
    }
    let sum = 0;
    for (let j = 0; j < nk; j++) {
      const e = max === -Infinity ? 0 : Math.exp(w[i * nk + j] - max);
      w[i * nk + j] = e;
      sum += e;
    }
    for (let j = 0; j < nk; j++) w[i * nk + j] = sum > 0 ? w[i * nk + j] / sum : 0;
    for (let j = 0; j < nk; j++) {
      const wij = w[i * nk + j];
      for (let c = 0; c < dv; c++) out[i * dv + c] += wij * V[j * dv + c];
    }
  }
  return { out, weights: w };
}

/** multi_head in plain JavaScript: h heads over column slices of width d/h, concatenated. */
export function multiHeadJs(Q: Float64Array, K: Float64Array, V: Float64Array, n: number, d: number, h: number, mask: Uint8Array | null): Float64Array {
  const dh = d / h;
  const out = new Float64Array(n * d);
  const slice = (M: Float64Array, t: number) => {
    const s = new Float64Array(n * dh);
    for (let i = 0; i < n; i++) for (let c = 0; c < dh; c++) s[i * dh + c] = M[i * d + t * dh + c];
    return s;
  };
  for (let t = 0; t < h; t++) {
    const r = attentionJs(slice(Q, t), slice(K, t), slice(V, t), n, n, dh, dh, mask);
    for (let i = 0; i < n; i++) for (let c = 0; c < dh; c++) out[i * d + t * dh + c] = r.out[i * dh + c];
  }
  return out;
}
