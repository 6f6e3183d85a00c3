// layout.ts — where everything of the token view goes (pure, no DOM): the
// width it takes, the two columns at its edges (labels cut to fit, thinned
// when rows are too close for them), the row spacing that shrinks with many
// tokens, the small offset that keeps the heads' lines apart, the widest
// line, and the legend flowing into rows below.
//
// Heads: the lines of head h start and end (h − (H − 1)/2) · step px below
// their tokens' centres, step ≤ 4 px and all H heads within half a row, so
// the heads' lines of one pair run side by side instead of covering each
// other (drawing them in order on the same geometry would hide every head
// but the last where they agree), and each still ends at its token. The
// widest line shrinks with the step (maxStroke), so neighbours stay apart.

import { fullLabel, fitLabel, textWidth, FONT } from './text';
import type { Side, TokenLinesData } from './types';
import type { TokenLinesWords } from './words';

/** Outer padding, px. */
export const PAD = 4;
/** Height of the optional title line, px. */
export const TITLE_H = 22;
/** Height of the "queries" / "keys" headings' line, px. */
export const HEADING_H = 20;
/** Row spacing with few tokens, px. */
export const MAX_GAP = 26;
/** Smallest row spacing (64 tokens), px. */
export const MIN_GAP = 8;
/** The rows shrink (down to MIN_GAP) to keep the columns about this tall, px. */
export const MAX_PLOT_H = 480;
/** Space between a label and the end of its lines, px. */
export const LINE_PAD = 6;
/** Widest figure, px (longer lines only flatten the angles). */
export const MAX_WIDTH = 560;
/** Narrowest figure, px (a narrower container scrolls sideways). */
export const MIN_WIDTH = 240;
/** Width before the container has been measured, px. */
export const FALLBACK_WIDTH = 480;
/** A label column takes at most this share of the width. */
export const LABEL_FRACTION = 0.3;
/** And at most this many px. */
export const MAX_LABEL_PX = 110;
/** Largest spacing of the heads' lines, px. */
export const MAX_HEAD_STEP = 4;
/** Narrowest width of a line of weight 1, px (see maxStroke). */
export const MIN_STROKE = 1.5;
/** Widest width of a line of weight 1, px. */
export const MAX_STROKE = 6;
/** Height of a legend row, px. */
export const LEGEND_ROW = 18;
/** Length of a legend's sample line, px. */
export const LEGEND_SAMPLE = 18;
/** Gap between legend items, px. */
export const LEGEND_GAP = 12;
/** The weights whose line widths the legend shows. */
export const WEIGHT_SAMPLES = [0.25, 0.5, 1] as const;

/** Where one column goes. */
export interface ColumnLayout {
  side: Side;
  /** x of the label text: its end (queries, anchor 'end') or its start (keys, anchor 'start'). */
  textX: number;
  anchor: 'end' | 'start';
  /** x where the column's lines end. */
  lineX: number;
  /** The labels' box, [boxX, boxX + boxW]: what a token's button covers (the height is the row spacing). */
  boxX: number;
  boxW: number;
  /** The heading ("queries"), cut to the box. */
  heading: string;
  /** y of each token's centre. */
  ys: number[];
  /** The labels as drawn (cut with "…") and whether each was cut. */
  labels: string[];
  cut: boolean[];
  /** Whether each label is drawn (false: thinned out because rows are too close). */
  shown: boolean[];
}

/** One legend item at (x, y) (y = its middle): a head's sample line and name, the "weight" word, or a width sample. */
export interface LegendItem {
  kind: 'head' | 'weight-title' | 'weight';
  x: number;
  y: number;
  text: string;
  /** The head of a 'head' item. */
  head?: number;
  /** The weight of a 'weight' item. */
  w?: number;
}

/** Geometry of one drawing, in CSS px. */
export interface TokenLinesLayout {
  width: number;
  height: number;
  /** Baseline of the title, or null without one. */
  titleY: number | null;
  /** Baseline of the column headings. */
  headingY: number;
  /** Row spacing. */
  gap: number;
  plotTop: number;
  plotHeight: number;
  q: ColumnLayout;
  k: ColumnLayout;
  /** Width of a line of weight 1. */
  maxStroke: number;
  /** Vertical offset of head h's line ends. */
  offsets: number[];
  legend: LegendItem[];
}

/** What computeLayout needs besides the data. */
export interface LayoutInput {
  data: TokenLinesData;
  /** The container's width (0 or less: not measured yet). */
  availableWidth: number;
  title?: string;
  words: Pick<TokenLinesWords, 'queries' | 'keys' | 'weight'>;
  /** Each head's name, for the legend. */
  headNames: string[];
}

/** The figure's width for a container width: all of it, between MIN_WIDTH and MAX_WIDTH. */
export function figureWidth(available: number): number {
  if (!Number.isFinite(available) || available <= 0) return FALLBACK_WIDTH;
  return Math.max(MIN_WIDTH, Math.min(MAX_WIDTH, Math.floor(available)));
}

/** Row spacing for n tokens on the longer side: MAX_GAP, shrinking to keep the column near MAX_PLOT_H, never under MIN_GAP. */
export function rowGap(n: number): number {
  return Math.max(MIN_GAP, Math.min(MAX_GAP, Math.floor(MAX_PLOT_H / Math.max(n, 1))));
}

/** Draw every `labelStep`-th label so that labels are at least a line apart. */
export function labelStep(gap: number): number {
  return Math.max(1, Math.ceil((FONT + 2) / gap));
}

/** The vertical offsets of the heads' line ends (see the top of this file), 3 decimals. */
export function headOffsets(heads: number, gap: number): number[] {
  const step = heads > 1 ? Math.min(MAX_HEAD_STEP, (0.5 * gap) / (heads - 1)) : 0;
  return Array.from({ length: heads }, (_, h) => Math.round((h - (heads - 1) / 2) * step * 1000) / 1000);
}

/** Width of a line of weight 1: a quarter of the row spacing (MIN_STROKE … MAX_STROKE), and with several heads at most 1.25 × their spacing, so neighbouring heads' lines overlap by a quarter at most. */
export function maxStroke(gap: number, heads: number): number {
  const step = heads > 1 ? Math.min(MAX_HEAD_STEP, (0.5 * gap) / (heads - 1)) : Infinity;
  return Math.max(MIN_STROKE, Math.min(MAX_STROKE, gap / 4, 1.25 * step));
}

/** A string that changes whenever computeLayout's result may (width, shape, labels, heads, title, words), and not when only the weights do. */
export function layoutKey(p: LayoutInput): string {
  const d = p.data;
  const figure = [figureWidth(p.availableWidth), d.rows, d.cols, p.title ?? '', p.words.queries, p.words.keys, p.words.weight];
  return JSON.stringify([figure, p.headNames, d.queryLabels.slice(0, d.rows), d.keyLabels.slice(0, d.cols)]);
}

/** Lay out the token view at a container width. */
export function computeLayout(p: LayoutInput): TokenLinesLayout {
  const d = p.data;
  const width = figureWidth(p.availableWidth);
  const labelMax = Math.max(textWidth('00'), Math.min(MAX_LABEL_PX, Math.floor(width * LABEL_FRACTION) - PAD - LINE_PAD));
  const n = Math.max(d.rows, d.cols, 1);
  const gap = rowGap(n);
  const titleH = p.title ? TITLE_H : 0;
  const plotTop = PAD + titleH + HEADING_H;
  const plotHeight = n * gap;
  const column = (side: Side, count: number, heading: string): ColumnLayout => {
    const full = Array.from({ length: count }, (_, i) => fullLabel(d, side, i));
    const labels = full.map((s) => fitLabel(s, labelMax));
    const head = fitLabel(heading, labelMax);
    const boxW = Math.ceil(Math.max(textWidth(head), ...labels.map((s) => textWidth(s))));
    const boxX = side === 'query' ? PAD : width - PAD - boxW;
    const textX = side === 'query' ? PAD + boxW : boxX;
    const step = labelStep(gap);
    const top = plotTop + ((n - count) * gap) / 2;
    return {
      side,
      textX,
      anchor: side === 'query' ? 'end' : 'start',
      lineX: side === 'query' ? textX + LINE_PAD : textX - LINE_PAD,
      boxX,
      boxW,
      heading: head,
      ys: Array.from({ length: count }, (_, i) => top + (i + 0.5) * gap),
      labels,
      cut: labels.map((s, i) => s !== full[i]),
      shown: labels.map((_, i) => i % step === 0),
    };
  };
  const legendTop = plotTop + plotHeight + 12;
  const { items, rows } = legendLayout(p.headNames, p.words.weight, width, legendTop);
  return {
    width,
    height: Math.ceil(legendTop + rows * LEGEND_ROW + PAD),
    titleY: p.title ? PAD + 14 : null,
    headingY: PAD + titleH + FONT,
    gap,
    plotTop,
    plotHeight,
    q: column('query', d.rows, p.words.queries),
    k: column('key', d.cols, p.words.keys),
    maxStroke: maxStroke(gap, d.heads.length),
    offsets: headOffsets(d.heads.length, gap),
    legend: items,
  };
}

/** The legend's items flowed into rows of the figure's width from y = top: each head when there are ≥ 2, then the weight key ("weight" and the width samples, kept on one row). */
export function legendLayout(headNames: string[], weightWord: string, width: number, top: number): { items: LegendItem[]; rows: number } {
  const items: LegendItem[] = [];
  let x = PAD;
  let row = 0;
  /** Place a block of `w` px (wrapping first if it does not fit) and return its x. */
  const place = (w: number): number => {
    if (x > PAD && x + w > width - PAD) {
      row++;
      x = PAD;
    }
    const at = x;
    x = Math.round(x + w + LEGEND_GAP);
    return at;
  };
  const y = (): number => top + row * LEGEND_ROW + LEGEND_ROW / 2;
  if (headNames.length >= 2) headNames.forEach((text, head) => items.push({ kind: 'head', text, head, x: place(LEGEND_SAMPLE + 4 + textWidth(text)), y: y() }));
  // The weight key: "weight", then a sample line and its weight for each of WEIGHT_SAMPLES.
  const parts: Array<{ item: Pick<LegendItem, 'kind' | 'text' | 'w'>; px: number }> = [
    { item: { kind: 'weight-title', text: weightWord }, px: textWidth(weightWord) + 6 },
  ];
  for (const w of WEIGHT_SAMPLES) parts.push({ item: { kind: 'weight', text: String(w), w }, px: LEGEND_SAMPLE + 4 + textWidth(String(w)) + LEGEND_GAP });
  let kx = place(parts.reduce((sum, p) => sum + p.px, 0) - LEGEND_GAP);
  for (const p of parts) {
    items.push({ ...p.item, x: kx, y: y() });
    kx = Math.round(kx + p.px);
  }
  return { items, rows: row + 1 };
}
