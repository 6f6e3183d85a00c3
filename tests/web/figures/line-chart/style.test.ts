// Tests of web/src/figures/line-chart/style.ts (pure, run without a DOM): each
// series' colour, marker and dash, and the marker shapes.
import { describe, expect, it } from 'vitest';
import { FIT_DASH, MARKERS, PALETTE, PLAIN_DASHES, markerPath, seriesStyle, styledSeries } from '../../../../web/src/figures/line-chart/style';
import { quadSeries } from './fixtures';

describe('seriesStyle', () => {
  it('gives each series its own colour and marker, FIT_DASH when dashed and a dash pattern when it has no markers', () => {
    const a = seriesStyle({ markers: true }, 0);
    const b = seriesStyle({ markers: true }, 1);
    expect([a.colour, b.colour]).toEqual([PALETTE[0], PALETTE[1]]);
    expect([a.marker, b.marker]).toEqual([MARKERS[0], MARKERS[1]]);
    expect([a.dash, b.dash]).toEqual([null, null]);
    expect(seriesStyle({ dashed: true }, 2)).toEqual({ colour: PALETTE[2], dash: FIT_DASH, marker: null });
    expect(seriesStyle({}, 0).dash).toBeNull();
    expect(seriesStyle({}, 1).dash).not.toBeNull();
    expect(PALETTE.slice(0, 5)).toEqual(['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00']);
  });
  it('an explicit dash wins over dashed and the default; an empty one is a solid line (the depth experiment)', () => {
    expect(seriesStyle({ markers: true, dash: '7 4' }, 1)).toEqual({ colour: PALETTE[1], dash: '7 4', marker: MARKERS[1] });
    expect(seriesStyle({ dashed: true, dash: '2 3' }, 0).dash).toBe('2 3');
    expect(seriesStyle({ dash: '' }, 1).dash).toBeNull();
  });
  it('cycles colours, markers and plain dashes past their ends', () => {
    expect(seriesStyle({ markers: true }, PALETTE.length).colour).toBe(PALETTE[0]);
    expect(seriesStyle({ markers: true }, MARKERS.length + 1).marker).toBe(MARKERS[1]);
    expect(seriesStyle({}, PLAIN_DASHES.length + 2).dash).toBe(PLAIN_DASHES[2]);
  });
  it('pairs every series with its index and style', () => {
    const styled = styledSeries(quadSeries());
    expect(styled.map((d) => [d.s.id, d.k, d.st.marker, d.st.dash])).toEqual([
      ['entries', 0, 'circle', null],
      ['time', 1, 'square', null],
      ['fit', 2, null, FIT_DASH],
    ]);
  });
});

describe('markerPath', () => {
  it('gives every marker its own path, about 40 px² around (0, 0)', () => {
    const paths = MARKERS.map((m) => markerPath(m));
    expect(new Set(paths).size).toBe(MARKERS.length);
    for (const p of paths) {
      expect(p).toMatch(/^M-?[\d.]+,-?[\d.]+/);
      const coords = (p.match(/-?[\d.]+/g) ?? []).map(Number);
      expect(Math.max(...coords.map(Math.abs))).toBeLessThan(8);
    }
    expect(markerPath('circle')).toMatch(/^M3\.568,0A3\.568/); // r = √(40/π)
  });
});
