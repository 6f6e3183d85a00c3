// pool.ts — what a heatmap draws of a large weight matrix (pure: no DOM).
//
// A heatmap is a few hundred pixels wide: a 4096 × 4096 matrix drawn cell by
// cell costs the page half a second (a 64 MB image) and shows a few hundred
// of its 4096 columns at a time. Above MAX_DRAWN rows or columns (what the
// page drew cell by cell before) the weights are drawn as blocks instead, at
// most POOLED per side (the whole matrix in view, at a pixel a block), each block
// showing its largest visible weight (a peak stays visible, whatever its
// position in the block); a block whose cells are all masked is masked. The
// full weights stay in the view (tables, exports, the embed API).

import type { TypedMatrix } from '../core/core';

/** Rows or columns above which the heatmap draws blocks. */
export const MAX_DRAWN = 1024;
/** The most blocks per side. */
export const POOLED = 256;

/** Block maxima of a matrix: `rowStep` × `colStep` cells per block (the last ones may be smaller). */
export interface Pooled {
  data: Float64Array;
  /** 1 = every cell of the block is hidden; null when nothing is masked. */
  hidden: Uint8Array | null;
  rows: number;
  cols: number;
  rowStep: number;
  colStep: number;
}

/** Cells per block along a side of n: 1 up to MAX_DRAWN, else enough for at most POOLED blocks. */
export const stepFor = (n: number): number => (n > MAX_DRAWN ? Math.ceil(n / POOLED) : 1);

/** The block maxima of `m` (`hidden`: 1 = masked, as the view has it), or null when it is small enough to draw cell by cell. */
export function pool(m: TypedMatrix, hidden: Uint8Array | null): Pooled | null {
  const [rowStep, colStep] = [stepFor(m.rows), stepFor(m.cols)];
  if (rowStep === 1 && colStep === 1) return null;
  const [rows, cols] = [Math.ceil(m.rows / rowStep), Math.ceil(m.cols / colStep)];
  const data = new Float64Array(rows * cols).fill(-Infinity);
  for (let i = 0; i < m.rows; i++) {
    const out = Math.floor(i / rowStep) * cols;
    const row = i * m.cols;
    for (let j = 0; j < m.cols; j++) {
      if (hidden && hidden[row + j]) continue;
      const b = out + Math.floor(j / colStep);
      const v = m.data[row + j];
      if (v > data[b]) data[b] = v;
    }
  }
  let blocks: Uint8Array | null = null;
  if (hidden) {
    blocks = new Uint8Array(rows * cols);
    for (let b = 0; b < data.length; b++)
      if (data[b] === -Infinity) {
        blocks[b] = 1;
        data[b] = 0;
      }
  }
  return { data, hidden: blocks, rows, cols, rowStep, colStep };
}

/** The cells a block covers along one side: [first, last], e.g. block 1 of step 8 is [8, 15]; the last block ends at n − 1. */
export function blockRange(b: number, step: number, n: number): [number, number] {
  return [b * step, Math.min(n, (b + 1) * step) - 1];
}
