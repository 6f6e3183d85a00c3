// Tests of web/src/figures/token-lines/geometry.ts and style.ts (pure): one
// line per head and visible pair, none for masked pairs, end points at the
// columns and the heads' offsets, widths and opacities that follow the
// weights, and the line under a point.
import { describe, expect, it } from 'vitest';
import { buildLines, distanceTo, lineAt, samePairs, type Line } from '../../../../web/src/figures/token-lines/geometry';
import { computeLayout } from '../../../../web/src/figures/token-lines/layout';
import { DEFAULT_PALETTE, HEAD_COLOURS, headColour, strokeOpacity, strokeWidth } from '../../../../web/src/figures/token-lines/style';
import type { TokenLinesData } from '../../../../web/src/figures/token-lines/types';
import { DEFAULT_TOKEN_LINES_WORDS } from '../../../../web/src/figures/token-lines/words';
import { TOKENS, causalData, causalHead, plainData, previousTokenHead } from './fixtures';

const layout = (d: TokenLinesData, width = 343) =>
  computeLayout({ data: d, availableWidth: width, words: DEFAULT_TOKEN_LINES_WORDS, headNames: d.heads.map((h) => h.label) });

describe('weight → line (style.ts)', () => {
  it('maps 0 to an invisible line and 1 to the widest, opaque one', () => {
    expect(strokeWidth(0, 5)).toBe(0);
    expect(strokeOpacity(0)).toBe(0);
    expect(strokeWidth(1, 5)).toBe(5);
    expect(strokeOpacity(1)).toBe(1);
    expect(strokeWidth(0.5, 5)).toBe(2.5);
    expect(strokeOpacity(0.25)).toBe(0.5);
  });

  it('clamps to [0, 1] and draws NaN as 0', () => {
    expect(strokeWidth(1.5, 5)).toBe(5);
    expect(strokeWidth(-0.2, 5)).toBe(0);
    expect(strokeWidth(NaN, 5)).toBe(0);
    expect(strokeOpacity(NaN)).toBe(0);
    expect(strokeOpacity(-1)).toBe(0);
  });

  it('orders widths like the weights (to 0.001 px) and opacities too (to 1 %)', () => {
    const ws = [0, 0.001, 0.1, 0.2, 0.333, 0.5, 0.75, 0.999, 1];
    for (let k = 1; k < ws.length; k++) {
      expect(strokeWidth(ws[k], 6)).toBeGreaterThan(strokeWidth(ws[k - 1], 6));
      expect(strokeOpacity(ws[k])).toBeGreaterThanOrEqual(strokeOpacity(ws[k - 1]));
    }
    expect(strokeWidth(1 / 3, 5)).toBe(1.667);
    expect(strokeOpacity(1 / 3)).toBe(0.58);
    expect(strokeOpacity(0.999)).toBe(1);
  });

  it('gives heads Okabe–Ito colours in order, and starts again after 8', () => {
    expect(HEAD_COLOURS).toHaveLength(8);
    expect(new Set(HEAD_COLOURS).size).toBe(8);
    expect(headColour(DEFAULT_PALETTE, 0)).toBe('#0072B2');
    expect(headColour(DEFAULT_PALETTE, 1)).toBe('#D55E00');
    expect(headColour(DEFAULT_PALETTE, 8)).toBe(headColour(DEFAULT_PALETTE, 0));
    expect(headColour({ ...DEFAULT_PALETTE, head2: '#ff00ff' }, 1)).toBe('#ff00ff');
  });
});

describe('buildLines', () => {
  it('draws n_q · n_k lines per head without a mask, head by head, row-major', () => {
    const d = plainData(3, 5, 2);
    const lines = buildLines(d, layout(d));
    expect(lines).toHaveLength(2 * 3 * 5);
    expect(lines.slice(0, 6).map((l) => [l.head, l.i, l.j])).toEqual([
      [0, 0, 0],
      [0, 0, 1],
      [0, 0, 2],
      [0, 0, 3],
      [0, 0, 4],
      [0, 1, 0],
    ]);
    expect(lines[15]).toMatchObject({ head: 1, i: 0, j: 0 });
  });

  it('draws no line for a masked pair: 21 of the 36 pairs of a causal 6 × 6, for each head', () => {
    const d = causalData(TOKENS, [causalHead(6), previousTokenHead(6)]);
    const lines = buildLines(d, layout(d));
    expect(lines).toHaveLength(2 * 21);
    for (const l of lines) expect(l.j).toBeLessThanOrEqual(l.i);
    // a zero weight that is not masked still has its (invisible) line: head 2 gives query 3 → key 0 nothing
    const zero = lines.find((l) => l.head === 1 && l.i === 3 && l.j === 0)!;
    expect(zero.w).toBe(0);
    expect(zero.width).toBe(0);
    expect(zero.opacity).toBe(0);
  });

  it('joins query i at the left column to key j at the right, offset by the head', () => {
    const d = causalData(TOKENS, [causalHead(6), previousTokenHead(6)]);
    const L = layout(d);
    for (const l of buildLines(d, L)) {
      expect(l.x1).toBe(L.q.lineX);
      expect(l.x2).toBe(L.k.lineX);
      expect(l.y1).toBe(L.q.ys[l.i] + L.offsets[l.head]);
      expect(l.y2).toBe(L.k.ys[l.j] + L.offsets[l.head]);
    }
  });

  it('keeps the full weight and orders widths like the weights', () => {
    const d = causalData(TOKENS);
    const L = layout(d);
    const lines = buildLines(d, L);
    const w = d.heads[0].weights;
    for (const l of lines) {
      expect(l.w).toBe(w[l.i * 6 + l.j]);
      expect(Math.abs(l.width - L.maxStroke * l.w)).toBeLessThanOrEqual(5e-4 + 1e-12);
    }
    const sorted = [...lines].sort((a, b) => a.w - b.w);
    for (let k = 1; k < sorted.length; k++) expect(sorted[k].width).toBeGreaterThanOrEqual(sorted[k - 1].width);
  });

  it('knows when only the weights changed', () => {
    const d = causalData(TOKENS);
    const a = buildLines(d, layout(d));
    const moved = causalData(TOKENS, [{ label: 'head 1', weights: d.heads[0].weights.map((x) => x / 2) }]);
    expect(samePairs(a, buildLines(moved, layout(moved)))).toBe(true);
    const unmasked = { ...d, hidden: null };
    expect(samePairs(a, buildLines(unmasked, layout(unmasked)))).toBe(false);
    const twoHeads = causalData(TOKENS, [causalHead(6), causalHead(6)]);
    expect(samePairs(a, buildLines(twoHeads, layout(twoHeads)))).toBe(false);
  });
});

describe('lineAt', () => {
  const line = (over: Partial<Line>): Line => ({ head: 0, i: 0, j: 0, w: 0.5, x1: 0, y1: 0, x2: 100, y2: 0, width: 2, opacity: 0.7, ...over });

  it('measures the distance to a segment, past its ends too', () => {
    const l = line({});
    expect(distanceTo(l, 50, 3)).toBe(3);
    expect(distanceTo(l, -3, 4)).toBe(5);
    expect(distanceTo(l, 103, -4)).toBe(5);
    expect(distanceTo(line({ x2: 0 }), 3, 4)).toBe(5); // a point
  });

  it('finds the nearest line within the tolerance of its edge, the heavier one on ties', () => {
    const lines = [line({ j: 0, y1: 0, y2: 0, w: 0.2 }), line({ j: 1, y1: 10, y2: 10, w: 0.3 }), line({ j: 2, y1: 10, y2: 10, w: 0.5 })];
    expect(lineAt(lines, 50, 2, 4)).toBe(0);
    expect(lineAt(lines, 50, 9, 4)).toBe(2); // lines 1 and 2 coincide: the heavier
    expect(lineAt(lines, 50, 5, 3)).toBe(-1); // 4 px from the edges of all three: none within 3
    expect(lineAt(lines, 50, 5, 4)).toBe(2); // within 4 px of all three: equally near, the heaviest
  });

  it('ignores lines of weight 0 and lines that are not shown', () => {
    const lines = [line({ w: 0, width: 0 }), line({ j: 1, y1: 4, y2: 4 }), line({ j: 2, y1: -2, y2: -2, w: NaN })];
    expect(lineAt(lines, 50, 0, 4)).toBe(1); // the zero and NaN lines are nearer but not drawn; line 1's edge is 3 px away
    expect(lineAt(lines, 50, 0, 4, (k) => k !== 1)).toBe(-1);
    expect(lineAt([], 0, 0, 4)).toBe(-1);
  });
});
