// mask-reference.ts — plain-TypeScript references of the built masks, written
// from the definitions (and the papers), not from the core: (n, n)
// rows of booleans, true = query i may see key j. BigBird's random blocks
// come from the core's generator (cpp/random.cpp: SplitMix64, below(n) =
// ⌊uniform()·n⌋), reimplemented here with BigInt, bit for bit. Used by the
// unit tests (tests/web/model/masks.test.ts) and, through mask-example.ts, the
// mask tests in a browser and end to end (tests/web/panels/masks.browser.test.ts,
// tests/e2e/masks.spec.ts).

/** A mask: rows of booleans, true = visible. */
export type BoolRows = boolean[][];

const grid = (n: number, f: (i: number, j: number) => boolean): BoolRows => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => f(i, j)));

/** Sliding window (Longformer; Mistral): i − w < j ≤ i. */
export const refWindow = (n: number, w: number): BoolRows => grid(n, (i, j) => i - w < j && j <= i);

/** Prefix-LM (T5): j ≤ i or j < p. */
export const refPrefix = (n: number, p: number): BoolRows => grid(n, (i, j) => j <= i || j < p);

/** Local + global (Longformer): |i − j| ≤ w, or i or j a global token. */
export const refLocalGlobal = (n: number, w: number, globals: number[]): BoolRows =>
  grid(n, (i, j) => Math.abs(i - j) <= w || globals.includes(i) || globals.includes(j));

/** Dilated (Sparse Transformer): j ≤ i, i − j divisible by d, fewer than w steps back. */
export const refDilated = (n: number, w: number, d: number): BoolRows => grid(n, (i, j) => j <= i && (i - j) % d === 0 && (i - j) / d < w);

const M64 = (1n << 64n) - 1n;

/** cpp/random.cpp's Rng: SplitMix64 and below(n). */
class SplitMix64 {
  private state: bigint;
  constructor(seed: number) {
    this.state = BigInt(seed) & M64;
  }
  next(): bigint {
    this.state = (this.state + 0x9e3779b97f4a7c15n) & M64;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & M64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & M64;
    return z ^ (z >> 31n);
  }
  below(n: number): number {
    const u = Number(this.next() >> 11n) * 2 ** -53;
    return Math.floor(u * n);
  }
}

/** BigBird (Zaheer et al. 2020) in blocks: global blocks, a window of blocks around each, random blocks from the seed. */
export function refBigBird(n: number, block: number, o: { window: number; global: number; random: number; seed: number }): BoolRows {
  const nb = n / block;
  const left = Math.floor(o.window / 2);
  const right = o.window > 0 ? Math.floor((o.window - 1) / 2) : 0;
  const sees = Array.from({ length: nb }, (_, b) =>
    Array.from({ length: nb }, (_, c) => b < o.global || c < o.global || (o.window > 0 && b - left <= c && c <= b + right)),
  );
  const rng = new SplitMix64(o.seed);
  for (let b = o.global; b < (o.random > 0 ? nb : 0); b++) {
    const cand = [...Array(nb).keys()].filter((c) => !sees[b][c]);
    for (let k = 0; k < Math.min(o.random, cand.length); k++) {
      const t = k + rng.below(cand.length - k);
      [cand[k], cand[t]] = [cand[t], cand[k]];
      sees[b][cand[k]] = true;
    }
  }
  return grid(n, (i, j) => sees[Math.floor(i / block)][Math.floor(j / block)]);
}

/** softmax(Q·Kᵀ/√d_k) with the hidden entries (mask false) set to −∞ before softmax: masked weights exactly 0. */
export function maskedWeights(Q: number[][], K: number[][], mask: BoolRows): number[][] {
  const d = Q[0].length;
  return Q.map((q, i) => {
    const s = K.map((k, j) => (mask[i][j] ? q.reduce((acc, x, t) => acc + x * k[t], 0) / Math.sqrt(d) : -Infinity));
    const max = Math.max(...s);
    const e = s.map((x) => (x === -Infinity ? 0 : Math.exp(x - max)));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((x) => x / sum);
  });
}
