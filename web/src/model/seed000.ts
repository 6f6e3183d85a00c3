// seed000.ts — the seed 000 worked example's matrices, written out once.
// Imported by the presets, the iframe host example and every test that needs
// them (unit, golden and end-to-end), so no copy can drift.

/** Seed 000: X (1×3×4 in the seed; the batch of 1 dropped) and Wq, Wk, Wv (4×2), used as X·W. */
export const SEED_000 = {
  X: [
    [0.1, 0.2, 0.3, 0.4],
    [0.5, 0.4, 0.3, 0.2],
    [0.0, 0.1, 0.0, 0.1],
  ],
  Wq: [
    [0.2, -0.1],
    [0.0, 0.1],
    [0.1, 0.2],
    [-0.1, 0.0],
  ],
  Wk: [
    [0.1, 0.1],
    [0.0, -0.1],
    [0.2, 0.0],
    [0.0, 0.2],
  ],
  Wv: [
    [0.1, 0.0],
    [-0.1, 0.1],
    [0.2, -0.1],
    [0.0, 0.2],
  ],
};
