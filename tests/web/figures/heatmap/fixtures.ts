// fixtures.ts — the heatmap tests' shared inputs.
import type { HeatmapData } from '../../../../web/src/figures/heatmap/types';

/** A 3 × 3 causal weight matrix: query i sees keys 0..i. */
export const causal: HeatmapData = {
  values: [
    [1, 0, 0],
    [0.55, 0.45, 0],
    [0.145036, 0.53218, 0.322784],
  ],
  rows: 3,
  cols: 3,
  masked: [
    [false, true, true],
    [false, false, true],
    [false, false, false],
  ],
};
