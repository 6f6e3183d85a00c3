// layout.ts — the KV-cache figures' geometry, pure (no DOM): one KV head's
// block (its query heads on the left, linked to it; K and V side by side, one
// row per token, the rows not yet decoded left as outlines), and the bars of
// the calculator's chart (grouped by token count, linear or log scale via
// d3-scale). Colours: the theme's Okabe–Ito head colours, distinguishable with every
// common colour-vision deficiency.

import { scaleLinear, scaleLog } from 'd3-scale';

/**
 * A colour per KV head: the theme's head colours (--ap-head1 … 8, Okabe–Ito; lighter on dark), as the token lines
 * use them — a CSS value, set as a style property so that a theme switch recolours the drawing without a redraw.
 */
export function kvColour(kvHead: number): string {
  return `var(--ap-head${(kvHead % 8) + 1})`;
}
/** A colour per bytes-per-value series: fp16 the first head colour (blue), float64 the second (vermilion), any other the third (bluish green). */
export function widthColour(bytes: number): string {
  return kvColour(bytes === 2 ? 0 : bytes === 8 ? 1 : 2);
}

/** Where one KV head's drawing puts things (pixels). */
export interface BlockLayout {
  width: number;
  height: number;
  /** Width and height of one cache cell. */
  cellW: number;
  rowH: number;
  /** Left edges of the K and V blocks, and the top of row 0. */
  kX: number;
  vX: number;
  top: number;
  /** Height of the K and V blocks (every row, decoded or not). */
  blockH: number;
  /** Each query head's label position (its link ends at the K block's left edge, mid-height). */
  queries: { x: number; y: number }[];
}

/** The layout of one KV head's block: `queries` query heads, `tokens` rows at most, K d_k and V d_v wide. */
export function blockLayout(queries: number, tokens: number, dk: number, dv: number): BlockLayout {
  const cellW = Math.max(2, Math.min(16, Math.floor(128 / Math.max(dk, dv))));
  const rowH = Math.max(6, Math.min(16, Math.floor(160 / tokens)));
  const top = 34;
  const labelW = 34;
  const kX = labelW + 34;
  const vX = kX + dk * cellW + 12;
  const blockH = tokens * rowH;
  const qStep = 16;
  const qTop = top + Math.max(0, (blockH - queries * qStep) / 2);
  const queriesAt = Array.from({ length: queries }, (_, i) => ({ x: labelW - 4, y: qTop + i * qStep + qStep / 2 }));
  const height = Math.max(top + blockH, qTop + queries * qStep) + 6;
  return { width: vX + dv * cellW + 2, height, cellW, rowH, kX, vX, top, blockH, queries: queriesAt };
}

/** One bar of the chart, placed. */
export interface PlacedBar<B> {
  bar: B;
  y: number;
  length: number;
}

/** A group heading (a token count) placed. */
export interface PlacedGroup {
  tokens: number;
  y: number;
}

/** The chart's layout: group headings and bars, the scale's range [labelW, width − valueW]. */
export interface BarsLayout<B> {
  groups: PlacedGroup[];
  bars: PlacedBar<B>[];
  height: number;
  labelW: number;
  barH: number;
}

/** Place `bars` (each with its token count and a value in bytes) in a chart `width` wide; log: a log scale from the smallest value / 4. */
export function barsLayout<B extends { tokens: number; value: number }>(bars: B[], width: number, log: boolean): BarsLayout<B> {
  const labelW = 64;
  const valueW = 132;
  const barH = 16;
  const gap = 4;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const min = Math.max(1, Math.min(...bars.map((b) => b.value)));
  const span = Math.max(40, width - labelW - valueW);
  const x = log
    ? scaleLog()
        .domain([min / 4, max])
        .range([0, span])
    : scaleLinear().domain([0, max]).range([0, span]);
  const groups: PlacedGroup[] = [];
  const placed: PlacedBar<B>[] = [];
  let y = 0;
  for (const b of bars) {
    if (groups.at(-1)?.tokens !== b.tokens) {
      y += groups.length ? 8 : 0;
      groups.push({ tokens: b.tokens, y: y + 12 });
      y += 18;
    }
    placed.push({ bar: b, y, length: Math.max(1, x(Math.max(b.value, log ? min / 4 : 0))) });
    y += barH + gap;
  }
  return { groups, bars: placed, height: y + 2, labelW, barH };
}
