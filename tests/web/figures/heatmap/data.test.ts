// Tests of web/src/figures/heatmap/data.ts (pure, no DOM): a HeatmapData
// checked and flattened, the mask, and the row sums the readout prints.
import { describe, expect, it } from 'vitest';
import { anyMasked, isMasked, normalise, rowSums } from '../../../../web/src/figures/heatmap/data';
import { causal } from './fixtures';

describe('normalise', () => {
  it('flattens rows row-major and turns a boolean mask into 1 = hidden', () => {
    const m = normalise(causal);
    expect(Array.from(m.values)).toEqual([1, 0, 0, 0.55, 0.45, 0, 0.145036, 0.53218, 0.322784]);
    expect(Array.from(m.masked!)).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
  });
  it('rejects shapes that do not match', () => {
    expect(() => normalise({ values: new Float64Array(5), rows: 2, cols: 3 })).toThrow(RangeError);
    expect(() => normalise({ values: [[1, 2], [3]], rows: 2, cols: 2 })).toThrow(/row 1/);
    expect(() => normalise({ values: [[1]], rows: 1, cols: 1, masked: new Uint8Array(2) })).toThrow(RangeError);
  });
  it('keeps typed arrays as they are (no copy) and takes no mask as null', () => {
    const values = Float64Array.from([1, 2, 3, 4, 5, 6]);
    const masked = Uint8Array.from([0, 0, 1, 0, 0, 0]);
    const m = normalise({ values, rows: 2, cols: 3, masked });
    expect(m.values).toBe(values);
    expect(m.masked).toBe(masked);
    expect(normalise({ values, rows: 3, cols: 2 }).masked).toBeNull();
    expect(normalise({ values, rows: 3, cols: 2, masked: null }).masked).toBeNull();
  });
  it('rejects non-integer or negative sizes and a mask of the wrong shape', () => {
    expect(() => normalise({ values: new Float64Array(0), rows: -1, cols: 0 })).toThrow(/non-negative integers/);
    expect(() => normalise({ values: new Float64Array(0), rows: 1.5, cols: 0 })).toThrow(RangeError);
    expect(() => normalise({ values: [[1, 2]], rows: 1, cols: 2, masked: [[true], [false]] })).toThrow(/masked has 2 rows/);
    expect(() => normalise({ values: [[1, 2]], rows: 1, cols: 2, masked: [[true]] })).toThrow(/masked row 0/);
    expect(() => normalise({ values: [[1, 2]], rows: 2, cols: 2 })).toThrow(/values has 1 rows/);
  });
  it('accepts an empty matrix', () => {
    const m = normalise({ values: new Float64Array(0), rows: 0, cols: 3 });
    expect(m.rows * m.cols).toBe(0);
    expect(rowSums(m)).toHaveLength(0);
  });
});

describe('mask and row sums', () => {
  it('tells hidden cells, and whether any is hidden', () => {
    const m = normalise(causal);
    expect([0, 1, 2, 3, 4, 5].map((p) => isMasked(m, p))).toEqual([false, true, true, false, false, true]);
    expect(anyMasked(m)).toBe(true);
    expect(anyMasked(normalise({ ...causal, masked: null }))).toBe(false);
    expect(anyMasked(normalise({ ...causal, masked: new Uint8Array(9) }))).toBe(false);
    expect(isMasked(normalise({ ...causal, masked: null }), 1)).toBe(false);
  });

  it('sums the visible, finite values of each row', () => {
    expect(Array.from(rowSums(normalise(causal)))).toEqual([1, 1, 0.145036 + 0.53218 + 0.322784]);
    const m = normalise({ values: [[0.5, NaN, Infinity, 0.25]], rows: 1, cols: 4, masked: [[false, false, false, true]] });
    expect(Array.from(rowSums(m))).toEqual([0.5]);
  });
});
