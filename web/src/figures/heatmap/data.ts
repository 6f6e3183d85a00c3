// data.ts — the heatmap's data as the layers draw it (pure, no DOM): a
// HeatmapData checked and flattened to one row-major Float64Array with an
// optional Uint8Array mask, and what the readout needs from it.

import type { HeatmapData, Matrix } from './types';

/** A HeatmapData as one row-major Float64Array and an optional Uint8Array mask (1 = hidden); throws RangeError on a shape mismatch. */
export function normalise(data: HeatmapData): Matrix {
  const { rows, cols } = data;
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0) {
    throw new RangeError(`heatmap: rows and cols must be non-negative integers, got ${rows} × ${cols}`);
  }
  const n = rows * cols;
  let values: Float64Array;
  if (data.values instanceof Float64Array) {
    if (data.values.length !== n) throw new RangeError(`heatmap: values has ${data.values.length} entries, expected ${rows} × ${cols} = ${n}`);
    values = data.values;
  } else {
    values = new Float64Array(n);
    const m = data.values;
    if (m.length !== rows) throw new RangeError(`heatmap: values has ${m.length} rows, expected ${rows}`);
    for (let i = 0; i < rows; i++) {
      const r = m[i];
      if (r.length !== cols) throw new RangeError(`heatmap: values row ${i} has ${r.length} entries, expected ${cols}`);
      for (let j = 0; j < cols; j++) values[i * cols + j] = r[j]!;
    }
  }
  let masked: Uint8Array | null = null;
  const mk = data.masked;
  if (mk instanceof Uint8Array) {
    if (mk.length !== n) throw new RangeError(`heatmap: masked has ${mk.length} entries, expected ${n}`);
    masked = mk;
  } else if (mk) {
    masked = new Uint8Array(n);
    if (mk.length !== rows) throw new RangeError(`heatmap: masked has ${mk.length} rows, expected ${rows}`);
    for (let i = 0; i < rows; i++) {
      const r = mk[i];
      if (r.length !== cols) throw new RangeError(`heatmap: masked row ${i} has ${r.length} entries, expected ${cols}`);
      for (let j = 0; j < cols; j++) masked[i * cols + j] = r[j] ? 1 : 0;
    }
  }
  return { values, masked, rows, cols };
}

/** Whether cell p (row-major index) is hidden. */
export function isMasked(m: Matrix, p: number): boolean {
  return !!(m.masked && m.masked[p]);
}

/** Whether any cell is hidden (an all-zero mask hides none). */
export function anyMasked(m: Matrix): boolean {
  return !!m.masked && m.masked.some((x) => x !== 0);
}

/** The sum of each row over its visible, finite values (what the readout calls "row sum"). */
export function rowSums(m: Matrix): Float64Array {
  const sums = new Float64Array(m.rows);
  for (let i = 0; i < m.rows; i++) {
    let s = 0;
    for (let j = 0; j < m.cols; j++) {
      const p = i * m.cols + j;
      if (!(m.masked && m.masked[p]) && Number.isFinite(m.values[p])) s += m.values[p];
    }
    sums[i] = s;
  }
  return sums;
}
