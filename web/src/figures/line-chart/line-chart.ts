// line-chart.ts — one reusable line chart for the experiments panel.
//
// Used for the √d_k scaling experiment (x = d on a log₂ axis, y = largest
// softmax weight, a spread band per series, a guide line at d = 64) and the
// quadratic-cost experiment (log–log axes, a dashed fitted line), and for any
// other "y against x" result.
//
// One focusable <svg role="img"> drawn with d3-selection, d3-scale, d3-axis
// and d3-shape, back to front:
//   title · legend (flows onto more rows when narrow) · grid · bands (mean ± std
//   as a translucent area) · lines · markers · guide lines · axes · cursor.
// Every colour, dash and font is a presentation attribute, so toSVG() is a
// standalone file; line-chart.css only adds layout, focus ring and theming.
// No inline styles (CSP style-src 'self'); sizes set through the CSSOM only.
//
// Series differ without colour: Okabe–Ito colours, one marker shape per
// series (circle, square, triangle, …) and a dash pattern for lines without
// markers. Below the SVG: an optional caption, an aria-live readout (hover, or
// focus the chart and use ←/→/Home/End) and a "Table" toggle for the numbers.
// What it shares with the heatmap (the readout, the table toggle, the
// cursor's events, export and text helpers) is in figure-kit.ts.
//
// Its own words (the Table button, hints, summary, table headers) are
// templates in ChartWords, English by default (DEFAULT_CHART_WORDS); a page in
// another language passes its own through `words`.
//
// Everything is found through the component's own elements, never through
// `document`, so it works inside a shadow root.

import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from 'd3-scale';
import { select } from 'd3-selection';
import { area, line, symbol, symbolCircle, symbolCross, symbolDiamond, symbolSquare, symbolStar, symbolTriangle, symbolWye, type SymbolType } from 'd3-shape';
import { DEFAULT_CHART_WORDS, type ChartWords } from './words';
export { DEFAULT_CHART_WORDS, type ChartWords };
import {
  estimateTextWidth,
  CursorState,
  EMPTY_SVG,
  FONT_FAMILY,
  Listeners,
  SVG_NS,
  canvasToPng,
  captionedTable,
  escapeXml,
  figureControls,
  fillWords,
  formatFull,
  headerCell,
  listenCursor,
  listenTableToggle,
  loadSvgImage,
  readPalette,
  setDimmed,
  svgDocument,
} from '../kit/figure-kit';

export { escapeXml, fillWords, formatFull } from '../kit/figure-kit';

// ---------------------------------------------------------------- public types

/** One point: y at x, with an optional band lo..hi (e.g. mean ± std). */
export interface SeriesPoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

/** One line of the chart. */
export interface Series {
  /** Stable id (kept in data-series attributes). */
  id: string;
  /** Name in the legend, the table and the accessible summary. */
  label: string;
  points: SeriesPoint[];
  /** Draw the line dashed (e.g. a fitted line). */
  dashed?: boolean;
  /** Draw a marker at every point (each series gets its own shape). */
  markers?: boolean;
  /** Shorter name used in the readout ("without" for "without ÷√d_k"); default label. */
  shortLabel?: string;
}

/** Axes, labels and guides of a chart. */
export interface ChartOptions {
  /** Title drawn at the top and used in the accessible name. */
  title?: string;
  xLabel: string;
  yLabel: string;
  /** 'log' uses base 2 ticks when every x is a power of two, else powers of ten; default 'linear'. */
  xScale?: 'linear' | 'log';
  yScale?: 'linear' | 'log';
  /** Default: the data's extent (linear y also includes 0; log y is rounded out to powers of ten). */
  xDomain?: [number, number];
  yDomain?: [number, number];
  /** Tick values of the x axis (labels are thinned when they would overlap). */
  xTicks?: number[];
  /** Format of y values on the axis and in the readout; default 3 significant digits (10k, 1.5M above 10⁴). */
  yFormat?: (v: number) => string;
  /** Format of x values on the axis and in the readout; default as yFormat's default. */
  xFormat?: (v: number) => string;
  /** Vertical guide lines, e.g. { x: 64, label: 'd = 64' }. */
  annotations?: { x: number; label: string }[];
  /** A sentence under the chart (HTML on screen, wrapped text in the export). */
  caption?: string;
  /** Name of x in the readout and the table ("d"); default xLabel. */
  xName?: string;
  /** Height in px of the SVG with a one-row legend (more legend rows add to it); default 260. */
  height?: number;
  /** The chart's own words (buttons, hints, summary, table), e.g. translated; missing ones are DEFAULT_CHART_WORDS. */
  words?: Partial<ChartWords>;
}

// ---------------------------------------------------------------- constants

/** Okabe–Ito colours, distinguishable with every common colour-vision deficiency; series k gets entry k. */
export const PALETTE = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9', '#000000'] as const;
/** Marker shapes, series k gets entry k (names as in data-marker attributes). */
export const MARKERS = ['circle', 'square', 'triangle', 'diamond', 'cross', 'star', 'wye'] as const;
/** Dash of a series with dashed: true. */
export const FIT_DASH = '6 4';
/** Dash of series k when it has neither markers nor dashed: true (so lines still differ without colour). */
export const PLAIN_DASHES = [null, '2 3', '9 3 2 3', '12 4', '1 3'] as const;
/** Opacity of a spread band. */
export const BAND_OPACITY = 0.18;
/** Default height of the SVG in px (one legend row). */
export const DEFAULT_HEIGHT = 260;

const SYMBOLS: SymbolType[] = [symbolCircle, symbolSquare, symbolTriangle, symbolDiamond, symbolCross, symbolStar, symbolWye];
const FONT = 12;
const TICK = 4;
const TICK_PAD = 3;
const PAD = 4;
const TITLE_H = 22;
const TITLE_LINE = 18; // each further line of a wrapped title
const TITLE_FONT = 14;
const LEGEND_ROW = 18;
const LEGEND_SAMPLE = 26; // width of the line sample in a legend item
const LEGEND_GAP = 14; // between legend items
const PLOT_GAP = 8; // between the legend and the plot
const X_AXIS_H = TICK + TICK_PAD + FONT + 4;
const X_LABEL_H = FONT + 6;
const Y_LABEL_W = FONT + 8;
const MIN_PLOT_H = 100;
const MIN_PLOT_W = 60;
const MARKER_AREA = 40; // px², d3 symbol size
const CAPTION_LINE = 16;

// ---------------------------------------------------------------- pure helpers: text

/** The full set of words: the given ones over DEFAULT_CHART_WORDS. */
export function chartWords(words?: Partial<ChartWords>): ChartWords {
  return { ...DEFAULT_CHART_WORDS, ...words };
}

/** Rough width in px of a text at a font size (sans-serif; errs on the wide side). */
export function textWidth(s: string, fontPx: number = FONT): number {
  return estimateTextWidth(s, fontPx, 0.6);
}

/** Short text of a number: 3 significant digits ("0.972", "1.5"), whole numbers from 100 ("1024"), k/M/G from 10⁴ ("16.8M"), exponent below 10⁻³. */
export function formatNumber(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const a = Math.abs(v);
  const sign = v < 0 ? '−' : '';
  if (a >= 1e4) {
    for (const [k, unit] of [
      [1e9, 'G'],
      [1e6, 'M'],
      [1e3, 'k'],
    ] as const) {
      if (a >= k) return sign + String(Number((a / k).toPrecision(3))) + unit;
    }
  }
  if (a !== 0 && a < 1e-3) return sign + a.toExponential(1).replace('e-', 'e−');
  if (a === 0) return '0';
  if (a >= 100) return sign + String(Math.round(a)); // 1024 stays 1024, 412.7 → 413
  return sign + String(Number(a.toPrecision(3)));
}

/** Split text into lines of at most maxPx (estimated); a single long word stays on its own line. */
export function wrapText(text: string, maxPx: number, fontPx: number = FONT): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const w of text.split(/\s+/).filter(Boolean)) {
    const next = cur ? `${cur} ${w}` : w;
    if (cur && textWidth(next, fontPx) > maxPx) {
      lines.push(cur);
      cur = w;
    } else cur = next;
  }
  if (cur) lines.push(cur);
  return lines;
}

// ---------------------------------------------------------------- pure helpers: data and scales

/** Colour, dash and marker of series k: Okabe–Ito colour k, marker shape k, FIT_DASH if dashed, else a plain dash k when it has no markers. */
export function seriesStyle(
  s: Pick<Series, 'dashed' | 'markers'>,
  k: number,
): { colour: string; dash: string | null; marker: (typeof MARKERS)[number] | null } {
  const colour = PALETTE[k % PALETTE.length]!;
  const dash = s.dashed ? FIT_DASH : s.markers ? null : PLAIN_DASHES[k % PLAIN_DASHES.length]!;
  return { colour, dash, marker: s.markers ? MARKERS[k % MARKERS.length]! : null };
}

/** Whether a value can be drawn on an axis of this kind (finite, and > 0 on a log axis). */
export function drawable(v: number | undefined, kind: 'linear' | 'log'): v is number {
  return typeof v === 'number' && Number.isFinite(v) && (kind === 'linear' || v > 0);
}

/** Every x that some series has a drawable point at, sorted, without repeats: the stops of the cursor. */
export function xPositions(series: Series[], xKind: 'linear' | 'log' = 'linear'): number[] {
  const set = new Set<number>();
  for (const s of series) for (const p of s.points) if (drawable(p.x, xKind)) set.add(p.x);
  return [...set].sort((a, b) => a - b);
}

/** Whether v is an integer power of two (1, 2, 4, …, also 0.5, 0.25, …). */
export function isPowerOfTwo(v: number): boolean {
  if (!(v > 0) || !Number.isFinite(v)) return false;
  const e = Math.log2(v);
  return Math.abs(e - Math.round(e)) < 1e-9;
}

/** Ticks of a log axis over [lo, hi]: powers of `base` inside; with base 10 and fewer than 3, also 2× and 5×. */
export function logTicks(domain: [number, number], base: 2 | 10): number[] {
  const lo = Math.min(domain[0], domain[1]);
  const hi = Math.max(domain[0], domain[1]);
  if (!(lo > 0) || !Number.isFinite(hi)) return [];
  const eps = 1e-9;
  const out: number[] = [];
  const e0 = Math.ceil(Math.log(lo) / Math.log(base) - eps);
  const e1 = Math.floor(Math.log(hi) / Math.log(base) + eps);
  for (let e = e0; e <= e1; e++) out.push(base === 10 ? Number(`1e${e}`) : 2 ** e);
  if (base === 10 && out.length < 3) {
    const more: number[] = [];
    for (let e = e0 - 1; e <= e1; e++)
      for (const m of [1, 2, 5]) {
        const v = m * Number(`1e${e}`);
        if (v >= lo * (1 - eps) && v <= hi * (1 + eps)) more.push(Number(v.toPrecision(12)));
      }
    return more;
  }
  return out;
}

/** Keep every step-th tick label (step 1, 2, 3, …) so that labels of the given widths, at these centres, are at least gap px apart. */
export function labelStep(centres: number[], widths: number[], gap = 8): number {
  for (let step = 1; step < Math.max(2, centres.length); step++) {
    let ok = true;
    for (let i = step; i < centres.length && ok; i += step) {
      const room = Math.abs(centres[i]! - centres[i - step]!);
      if (room < (widths[i]! + widths[i - step]!) / 2 + gap) ok = false;
    }
    if (ok) return step;
  }
  return Math.max(1, centres.length);
}

/** Data extent of x, or of y including the bands (lo/hi); null if nothing is drawable. */
export function extent(series: Series[], axis: 'x' | 'y', kind: 'linear' | 'log'): [number, number] | null {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of series)
    for (const p of s.points) {
      if (!drawable(p.x, axis === 'x' ? kind : 'linear')) continue;
      const vs = axis === 'x' ? [p.x] : [p.y, p.lo, p.hi];
      for (const v of vs)
        if (drawable(v, kind)) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
    }
  return lo <= hi ? [lo, hi] : null;
}

/** The y of series s at exactly x, or undefined. */
export function valueAt(s: Series, x: number): SeriesPoint | undefined {
  return s.points.find((p) => p.x === x && Number.isFinite(p.y));
}

/** The readout of one x: "d = 64: without 0.97, with 0.46" (series without a point there are left out). */
export function readoutText(x: number, series: Series[], o: Pick<ChartOptions, 'xLabel' | 'xName' | 'xFormat' | 'yFormat' | 'words'>): string {
  const w = chartWords(o.words);
  const fx = o.xFormat ?? formatNumber;
  const fy = o.yFormat ?? formatNumber;
  const parts: string[] = [];
  for (const s of series) {
    const p = valueAt(s, x);
    if (p) parts.push(`${s.shortLabel ?? s.label} ${fy(p.y)}`);
  }
  return fillWords(w.readout, { x: o.xName ?? o.xLabel, value: fx(x), values: parts.length ? parts.join(w.listSep) : w.noValues });
}

/** The accessible summary of a chart: what is plotted against what, each series' range, the guide lines. */
export function summarise(series: Series[], o: ChartOptions): string {
  const w = chartWords(o.words);
  const fx = o.xFormat ?? formatNumber;
  const fy = o.yFormat ?? formatNumber;
  const xKind = o.xScale ?? 'linear';
  const yKind = o.yScale ?? 'linear';
  const axis = (label: string, kind: 'linear' | 'log'): string => (kind === 'log' ? fillWords(w.logSummary, { label }) : label);
  const head = fillWords(o.title ? w.summaryTitled : w.summary, { title: o.title ?? '', y: axis(o.yLabel, yKind), x: axis(o.xLabel, xKind) });
  if (!series.length) return fillWords(w.summaryEmpty, { head });
  const parts = series.map((s) => {
    const pts = s.points.filter((p) => drawable(p.x, xKind) && drawable(p.y, yKind));
    if (!pts.length) return fillWords(w.seriesNone, { label: s.label });
    const first = pts[0]!;
    const last = pts[pts.length - 1]!;
    const text = fillWords(pts.length === 1 ? w.seriesPoint : w.seriesPoints, {
      label: s.dashed ? fillWords(w.dashed, { label: s.label }) : s.label,
      n: pts.length,
      y0: fy(first.y),
      x0: fx(first.x),
      y1: fy(last.y),
      x1: fx(last.x),
    });
    return pts.some((p) => drawable(p.lo, yKind) && drawable(p.hi, yKind)) ? fillWords(w.band, { text }) : text;
  });
  const text = fillWords(w.summarySeries, { head, series: parts.join(w.seriesSep) });
  const guides = (o.annotations ?? []).map((a) => a.label || `${o.xName ?? o.xLabel} = ${fx(a.x)}`);
  return guides.length ? fillWords(guides.length > 1 ? w.guides : w.guide, { text, list: guides.join(w.listSep) }) : text;
}

/** Index of the x position nearest to pixel px, given each position's pixel; −1 if none. */
export function nearestIndex(pixels: number[], px: number): number {
  let best = -1;
  let dist = Infinity;
  pixels.forEach((p, i) => {
    const d = Math.abs(p - px);
    if (d < dist) {
      dist = d;
      best = i;
    }
  });
  return best;
}

/** Where the cursor goes for a key (←/→ one stop, Home/End the ends, PageDown/PageUp 5 stops left/right); null if the key is not ours. */
export function moveIndex(cur: number, key: string, n: number): number | null {
  const clamp = (i: number): number => Math.max(0, Math.min(n - 1, i));
  switch (key) {
    case 'ArrowLeft':
      return clamp(cur - 1);
    case 'ArrowRight':
      return clamp(cur + 1);
    case 'Home':
      return 0;
    case 'End':
      return n - 1;
    case 'PageDown':
      return clamp(cur - 5);
    case 'PageUp':
      return clamp(cur + 5);
    default:
      return null;
  }
}

// ---------------------------------------------------------------- pure helpers: layout

/** Position of one legend item (its line sample starts at x; y is the row's middle). */
export interface LegendItem {
  x: number;
  y: number;
}

/** Flow legend items of these labels into rows of at most width px; returns their positions and the number of rows. */
export function legendLayout(labels: string[], width: number, top: number): { items: LegendItem[]; rows: number } {
  const items: LegendItem[] = [];
  let x = PAD;
  let row = 0;
  for (const l of labels) {
    const w = LEGEND_SAMPLE + 6 + textWidth(l);
    if (x > PAD && x + w > width - PAD) {
      row++;
      x = PAD;
    }
    items.push({ x, y: top + row * LEGEND_ROW + LEGEND_ROW / 2 });
    x += w + LEGEND_GAP;
  }
  return { items, rows: labels.length ? row + 1 : 0 };
}

/** Vertical layout of a chart: where the legend and the plot go, the plot's height and the SVG's height (titleRows 0 = no title). */
export function verticalLayout(p: { height: number; titleRows: number; legendRows: number }): {
  legendTop: number;
  top: number;
  plotHeight: number;
  height: number;
} {
  const legendTop = PAD + (p.titleRows > 0 ? TITLE_H : 0);
  const fixed = legendTop + LEGEND_ROW + PLOT_GAP + X_AXIS_H + X_LABEL_H + PAD; // with one title row and one legend row
  const plotHeight = Math.max(MIN_PLOT_H, p.height - fixed);
  const extra = Math.max(0, p.titleRows - 1) * TITLE_LINE + Math.max(0, p.legendRows - 1) * LEGEND_ROW;
  const top = legendTop + Math.max(0, p.titleRows - 1) * TITLE_LINE + Math.max(1, p.legendRows) * LEGEND_ROW + PLOT_GAP;
  return { legendTop: legendTop + Math.max(0, p.titleRows - 1) * TITLE_LINE, top, plotHeight, height: Math.ceil(fixed + plotHeight + extra) };
}

// ---------------------------------------------------------------- the component

/** Colours the drawing takes from the CSS custom properties (or these defaults). */
export interface ChartPalette {
  fg: string;
  muted: string;
  bg: string;
  grid: string;
}

/** The palette used when no stylesheet sets the --lc-* custom properties. */
export const DEFAULT_PALETTE: ChartPalette = { fg: '#1f2328', muted: '#59636e', bg: '#ffffff', grid: '#e1e4e8' };

type Scale = ScaleContinuousNumeric<number, number>;

/** Geometry of one drawing, in CSS px; the plot's top-left corner is (left, top). */
interface Drawn {
  width: number;
  height: number;
  left: number;
  top: number;
  plotWidth: number;
  plotHeight: number;
  x: Scale;
  y: Scale;
  xs: number[];
}

let instances = 0;

/** One line chart: lines, bands, markers, guide lines, legend, keyboard/hover readout, table alternative, export. */
export class LineChart {
  /** The component's root element (a div.lc inside the container). */
  readonly element: HTMLElement;

  private readonly container: HTMLElement;
  private options: ChartOptions;
  private series: Series[] = [];
  private readonly id: string;
  private readonly svg: SVGSVGElement;
  private readonly captionEl: HTMLParagraphElement;
  private readonly readout: HTMLParagraphElement;
  private readonly tableBox: HTMLDivElement;
  private readonly tableButton: HTMLButtonElement;
  private readonly resizeObserver: ResizeObserver | null = null;
  private readonly listeners = new Listeners();
  private drawn: Drawn | null = null;
  private lastWidth = -1;
  /** The keyboard cursor and the hovered x, as indices into drawn.xs (−1: none). */
  private readonly pos = new CursorState<number>(-1);
  private frame = 0;

  /** Create an empty chart inside container; call update() to draw. */
  constructor(container: HTMLElement, options: ChartOptions) {
    this.container = container;
    this.options = { ...options };
    this.id = `lc-${++instances}`;
    const doc = container.ownerDocument;

    this.element = doc.createElement('div');
    this.element.className = 'lc fig';

    this.svg = doc.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
    this.svg.setAttribute('class', 'lc-svg fig-plot');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('tabindex', '0');
    this.svg.setAttribute('font-family', FONT_FAMILY);
    this.svg.setAttribute('font-size', String(FONT));
    this.buildSkeleton();

    this.captionEl = doc.createElement('p');
    this.captionEl.className = 'lc-caption';
    this.captionEl.id = `${this.id}-caption`;

    const below = figureControls(doc, 'lc', this.id, chartWords(this.options.words).table);
    this.readout = below.readout;
    this.tableButton = below.tableButton;
    this.tableBox = below.tableBox;

    this.element.append(this.svg, this.captionEl, this.readout, below.toolbar, this.tableBox);
    container.append(this.element);

    listenCursor(
      this.listeners,
      this.svg,
      this.pos,
      {
        at: (e) => this.indexAt(e),
        first: () => (this.drawn?.xs.length ? 0 : -1),
        move: (from, e) => {
          const n = this.drawn?.xs.length ?? 0;
          return n ? moveIndex(from < 0 ? 0 : from, e.key, n) : null;
        },
      },
      () => this.showActive(),
    );
    listenTableToggle(this.listeners, below, 'lc');

    const win = doc.defaultView;
    if (win && 'ResizeObserver' in win) {
      this.resizeObserver = new win.ResizeObserver(() => this.scheduleRender());
      this.resizeObserver.observe(container);
    }
    this.readout.textContent = chartWords(this.options.words).noData;
    this.render();
  }

  /** Draw new series (and optionally change options); keeps the cursor on the same x when it is still there. */
  update(series: Series[], options?: Partial<ChartOptions>): void {
    if (options) this.options = { ...this.options, ...options };
    const oldX = this.drawn?.xs[this.pos.cursor];
    this.series = series.map((s) => ({ ...s, points: [...s.points].sort((a, b) => a.x - b.x) }));
    this.render();
    const xs = this.drawn?.xs ?? [];
    this.pos.cursor = oldX === undefined ? -1 : xs.indexOf(oldX);
    this.pos.hover = -1;
    this.buildTable();
    this.showActive();
  }

  /** Grey out the whole chart (the last good result stays visible while the input is invalid or a run is going). */
  setDimmed(dimmed: boolean): void {
    setDimmed(this.element, 'lc', dimmed);
  }

  /** The readout text at the i-th x position (as shown when the cursor is there), or '' if there is none. */
  readoutAt(i: number): string {
    const x = this.drawn?.xs[i];
    return x === undefined ? '' : readoutText(x, this.series, this.options);
  }

  /** A standalone SVG document: title, legend, axes, bands, lines, markers, guide lines and the caption. */
  toSVG(): string {
    return this.exportSVG(1);
  }

  /** A PNG of the chart at twice the CSS size (the toSVG() image drawn onto a canvas). */
  async toPNG(): Promise<Blob> {
    const scale = 2;
    const svg = this.exportSVG(scale);
    const doc = this.element.ownerDocument;
    const img = await loadSvgImage(doc, svg, 'line chart: could not render the SVG as an image');
    const out = doc.createElement('canvas');
    out.width = Math.max(1, Math.round(img.naturalWidth || img.width));
    out.height = Math.max(1, Math.round(img.naturalHeight || img.height));
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('line chart: no 2D canvas context');
    ctx.drawImage(img, 0, 0, out.width, out.height);
    return canvasToPng(out, 'line chart: toBlob failed');
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.resizeObserver?.disconnect();
    this.listeners.removeAll();
    const win = this.element.ownerDocument.defaultView;
    if (this.frame && win) win.cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.element.remove();
    this.series = [];
    this.drawn = null;
  }

  // ------------------------------------------------------------ internals

  private palette(): ChartPalette {
    return readPalette(this.element, 'lc', DEFAULT_PALETTE) ?? DEFAULT_PALETTE;
  }

  private scheduleRender(): void {
    const win = this.element.ownerDocument.defaultView;
    if (!win || this.frame) return;
    this.frame = win.requestAnimationFrame(() => {
      this.frame = 0;
      if (this.measure() !== this.lastWidth) {
        this.render();
        this.showActive();
      }
    });
  }

  private measure(): number {
    return this.element.clientWidth || this.container.clientWidth || 0;
  }

  /** The fixed groups of the SVG, back to front. */
  private buildSkeleton(): void {
    const svg = select(this.svg);
    svg.append('defs').append('clipPath').attr('id', `${this.id}-clip`).append('rect');
    svg.append('rect').attr('class', 'lc-background').attr('fill', 'none');
    svg.append('text').attr('class', 'lc-title').attr('font-size', TITLE_FONT).attr('font-weight', 600).attr('fill', 'currentColor');
    svg.append('g').attr('class', 'lc-legend');
    svg.append('g').attr('class', 'lc-grid');
    svg.append('g').attr('class', 'lc-bands').attr('clip-path', `url(#${this.id}-clip)`);
    svg.append('g').attr('class', 'lc-lines').attr('clip-path', `url(#${this.id}-clip)`).attr('fill', 'none');
    svg.append('g').attr('class', 'lc-markers');
    svg.append('g').attr('class', 'lc-annotations');
    svg.append('g').attr('class', 'lc-axis lc-axis-x');
    svg.append('g').attr('class', 'lc-axis lc-axis-y');
    svg.append('text').attr('class', 'lc-axis-title lc-x-title').attr('text-anchor', 'middle').attr('fill', 'currentColor');
    svg.append('text').attr('class', 'lc-axis-title lc-y-title').attr('text-anchor', 'middle').attr('fill', 'currentColor');
    const cur = svg.append('g').attr('class', 'lc-cursor').attr('display', 'none').attr('pointer-events', 'none');
    cur.append('line').attr('class', 'lc-cursor-line').attr('stroke', 'currentColor').attr('stroke-width', 1).attr('stroke-opacity', 0.6);
    cur.append('g').attr('class', 'lc-cursor-dots');
  }

  /** Scales, layout and every layer for the current width, series and options. */
  private render(): void {
    const o = this.options;
    const pal = this.palette();
    const measured = this.measure();
    this.lastWidth = measured;
    const width = Math.max(200, Math.floor(measured > 0 ? measured : 640));
    const xKind = o.xScale ?? 'linear';
    const yKind = o.yScale ?? 'linear';
    const series = this.series;
    const fx = o.xFormat ?? formatNumber;
    const w = chartWords(o.words);
    this.tableButton.textContent = w.table;

    // Vertical layout first: the y ticks depend on the plot's height only.
    const legend0 = legendLayout(
      series.map((s) => s.label),
      width,
      0,
    );
    const titleLines = o.title ? wrapText(o.title, width - 2 * PAD, TITLE_FONT) : [];
    const V = verticalLayout({ height: o.height ?? DEFAULT_HEIGHT, titleRows: titleLines.length, legendRows: legend0.rows });
    const plotHeight = V.plotHeight;

    // y scale and ticks.
    let yDom = o.yDomain ?? extent(series, 'y', yKind);
    const y: Scale = yKind === 'log' ? scaleLog() : scaleLinear();
    if (!yDom) yDom = yKind === 'log' ? [1, 10] : [0, 1];
    if (!o.yDomain && yKind === 'linear') yDom = [Math.min(0, yDom[0]), yDom[1] === yDom[0] ? yDom[0] + 1 : yDom[1]];
    if (yDom[0] === yDom[1]) yDom = yKind === 'log' ? [yDom[0] / 10, yDom[1] * 10] : [yDom[0] - 1, yDom[1] + 1];
    y.domain(yDom).range([plotHeight, 0]);
    if (!o.yDomain) y.nice();
    const yCount = Math.max(2, Math.floor(plotHeight / 40));
    const yTicks = yKind === 'log' ? thinLog(logTicks(y.domain() as [number, number], 10), yCount + 1) : y.ticks(yCount);
    const yFmt = o.yFormat ?? (yKind === 'log' ? formatNumber : y.tickFormat(yCount));
    const yLabels = yTicks.map((v) => yFmt(v));
    const yLabelW = yLabels.reduce((w, s) => Math.max(w, textWidth(s)), textWidth('0'));
    const left = Math.ceil(PAD + Y_LABEL_W + yLabelW + TICK + TICK_PAD);

    // x scale and ticks.
    let xDom = o.xDomain ?? extent(series, 'x', xKind) ?? (xKind === 'log' ? [1, 10] : [0, 1]);
    if (xDom[0] === xDom[1]) xDom = xKind === 'log' ? [xDom[0] / 2, xDom[1] * 2] : [xDom[0] - 1, xDom[1] + 1];
    const x: Scale = xKind === 'log' ? scaleLog() : scaleLinear();
    x.domain(xDom);
    if (!o.xDomain && xKind === 'linear') x.nice();
    const xs = xPositions(series, xKind);
    const base2 = xKind === 'log' && xs.length > 0 && xs.every(isPowerOfTwo);
    const xFmt = o.xFormat ?? (xKind === 'log' ? formatNumber : x.tickFormat(8));
    const lastLabelW = (ticks: number[]): number => (ticks.length ? textWidth(xFmt(ticks[ticks.length - 1]!)) : 0);
    let xTicks = o.xTicks ?? (xKind === 'log' ? logTicks(x.domain() as [number, number], base2 ? 2 : 10) : x.ticks(8));
    const right = Math.ceil(PAD + Math.max(8, lastLabelW(xTicks) / 2));
    const plotWidth = Math.max(MIN_PLOT_W, width - left - right);
    x.range([0, plotWidth]);
    if (!o.xTicks && xKind === 'linear') xTicks = x.ticks(Math.max(2, Math.floor(plotWidth / 70)));
    xTicks = xTicks.filter((v) => drawable(v, xKind) && v >= Math.min(...x.domain()) * (1 - 1e-9) && v <= Math.max(...x.domain()) * (1 + 1e-9));
    const xTickLabels = xTicks.map((v) => xFmt(v));
    const step = labelStep(
      xTicks.map((v) => x(v)),
      xTickLabels.map((s) => textWidth(s)),
    );

    const top = V.top;
    const height = V.height;
    this.drawn = { width, height, left, top, plotWidth, plotHeight, x, y, xs };

    // Size (CSSOM only, never a style attribute in markup).
    this.svg.setAttribute('width', String(width));
    this.svg.setAttribute('height', String(height));
    this.svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
    this.svg.setAttribute('aria-label', fillWords(w.aria, { summary: summarise(series, o), x: o.xName ?? o.xLabel }));
    this.element.dataset['series'] = String(series.length);
    this.element.dataset['points'] = String(xs.length);

    const svg = select(this.svg);
    svg
      .select(`#${this.id}-clip rect`)
      .attr('x', left)
      .attr('y', top - 1)
      .attr('width', plotWidth)
      .attr('height', plotHeight + 2);
    svg.select('.lc-background').attr('width', width).attr('height', height);

    svg
      .select('.lc-title')
      .selectAll<SVGTSpanElement, string>('tspan')
      .data(titleLines)
      .join('tspan')
      .attr('x', PAD)
      .attr('y', (_, i) => PAD + 15 + i * TITLE_LINE)
      .text((l) => l);

    // Legend: line sample (band swatch, dash, marker) and label.
    const legend = legendLayout(
      series.map((s) => s.label),
      width,
      V.legendTop,
    );
    type LegendDatum = { s: Series; k: number; at: LegendItem };
    const items = svg
      .select('.lc-legend')
      .selectAll<SVGGElement, LegendDatum>('g.lc-legend-item')
      .data(
        series.map((s, k) => ({ s, k, at: legend.items[k]! })),
        (d) => d.s.id,
      )
      .join((enter) => {
        const g = enter.append('g').attr('class', 'lc-legend-item');
        g.append('rect').attr('class', 'lc-legend-band').attr('x', 0).attr('y', -6).attr('width', LEGEND_SAMPLE).attr('height', 12).attr('rx', 2);
        g.append('line').attr('class', 'lc-legend-line').attr('x1', 0).attr('x2', LEGEND_SAMPLE).attr('stroke-width', 2);
        g.append('path')
          .attr('class', 'lc-legend-marker')
          .attr('transform', `translate(${LEGEND_SAMPLE / 2},0)`);
        g.append('text')
          .attr('class', 'lc-legend-label')
          .attr('x', LEGEND_SAMPLE + 6)
          .attr('dy', '0.35em')
          .attr('fill', 'currentColor');
        return g;
      })
      .attr('transform', (d) => `translate(${d.at.x},${d.at.y})`)
      .attr('data-series', (d) => d.s.id);
    items.each(function (d) {
      const st = seriesStyle(d.s, d.k);
      const g = select(this);
      const hasBand = d.s.points.some((p) => drawable(p.lo, yKind) && drawable(p.hi, yKind));
      g.select('.lc-legend-band')
        .attr('fill', st.colour)
        .attr('fill-opacity', BAND_OPACITY)
        .attr('display', hasBand ? null : 'none');
      g.select('.lc-legend-line').attr('stroke', st.colour).attr('stroke-dasharray', st.dash);
      g.select('.lc-legend-marker')
        .attr('d', st.marker ? symbol(SYMBOLS[MARKERS.indexOf(st.marker)]!, MARKER_AREA)() : null)
        .attr('fill', st.colour)
        .attr('stroke', pal.bg)
        .attr('stroke-width', 1)
        .attr('display', st.marker ? null : 'none');
      g.select('.lc-legend-label').text(d.s.label);
    });

    // Grid: horizontal lines at the y ticks, vertical ones at the x ticks.
    const grid = svg.select('.lc-grid').attr('transform', `translate(${left},${top})`).attr('stroke', pal.grid).attr('stroke-width', 1);
    grid
      .selectAll<SVGLineElement, number>('line.lc-grid-y')
      .data(yTicks)
      .join('line')
      .attr('class', 'lc-grid-y')
      .attr('x1', 0)
      .attr('x2', plotWidth)
      .attr('y1', (v) => y(v))
      .attr('y2', (v) => y(v));
    grid
      .selectAll<SVGLineElement, number>('line.lc-grid-x')
      .data(xTicks)
      .join('line')
      .attr('class', 'lc-grid-x')
      .attr('y1', 0)
      .attr('y2', plotHeight)
      .attr('x1', (v) => x(v))
      .attr('x2', (v) => x(v));

    // Bands, lines and markers.
    const okX = (p: SeriesPoint): boolean => drawable(p.x, xKind);
    const bandOf = area<SeriesPoint>()
      .defined((p) => okX(p) && drawable(p.lo, yKind) && drawable(p.hi, yKind))
      .x((p) => left + x(p.x))
      .y0((p) => top + y(p.lo!))
      .y1((p) => top + y(p.hi!));
    const lineOf = line<SeriesPoint>()
      .defined((p) => okX(p) && drawable(p.y, yKind))
      .x((p) => left + x(p.x))
      .y((p) => top + y(p.y));
    const styled = series.map((s, k) => ({ s, k, st: seriesStyle(s, k) }));
    type SD = (typeof styled)[number];
    svg
      .select('.lc-bands')
      .selectAll<SVGPathElement, SD>('path.lc-band')
      .data(
        styled.filter((d) => d.s.points.some((p) => drawable(p.lo, yKind) && drawable(p.hi, yKind))),
        (d) => d.s.id,
      )
      .join('path')
      .attr('class', 'lc-band')
      .attr('data-series', (d) => d.s.id)
      .attr('fill', (d) => d.st.colour)
      .attr('fill-opacity', BAND_OPACITY)
      .attr('stroke', 'none')
      .attr('d', (d) => bandOf(d.s.points) ?? '');
    svg
      .select('.lc-lines')
      .selectAll<SVGPathElement, SD>('path.lc-line')
      .data(styled, (d) => d.s.id)
      .join('path')
      .attr('class', 'lc-line')
      .attr('data-series', (d) => d.s.id)
      .attr('stroke', (d) => d.st.colour)
      .attr('stroke-width', 2)
      .attr('stroke-linejoin', 'round')
      .attr('stroke-linecap', 'round')
      .attr('stroke-dasharray', (d) => d.st.dash)
      .attr('d', (d) => lineOf(d.s.points) ?? '');
    const markerGroups = svg
      .select('.lc-markers')
      .selectAll<SVGGElement, SD>('g.lc-marker-set')
      .data(
        styled.filter((d) => d.st.marker),
        (d) => d.s.id,
      )
      .join('g')
      .attr('class', 'lc-marker-set')
      .attr('data-series', (d) => d.s.id)
      .attr('data-marker', (d) => d.st.marker)
      .attr('fill', (d) => d.st.colour)
      .attr('stroke', pal.bg)
      .attr('stroke-width', 1);
    markerGroups.each(function (d) {
      const shape = symbol(SYMBOLS[MARKERS.indexOf(d.st.marker!)]!, MARKER_AREA)() ?? '';
      select(this)
        .selectAll<SVGPathElement, SeriesPoint>('path.lc-marker')
        .data(d.s.points.filter((p) => okX(p) && drawable(p.y, yKind)))
        .join('path')
        .attr('class', 'lc-marker')
        .attr('d', shape)
        .attr('transform', (p) => `translate(${round2(left + x(p.x))},${round2(top + y(p.y))})`);
    });

    // Guide lines with a label at the top of the plot (flipped left near the right edge).
    type A = { x: number; label: string };
    const ann = (o.annotations ?? []).filter((a) => drawable(a.x, xKind) && x(a.x) >= -0.5 && x(a.x) <= plotWidth + 0.5);
    const ag = svg
      .select('.lc-annotations')
      .selectAll<SVGGElement, A>('g.lc-annotation')
      .data(ann)
      .join((enter) => {
        const g = enter.append('g').attr('class', 'lc-annotation');
        g.append('line').attr('stroke-width', 1.25).attr('stroke-dasharray', '4 3');
        g.append('text')
          .attr('font-size', 11)
          .attr('fill', 'currentColor')
          .attr('paint-order', 'stroke')
          .attr('stroke-width', 3)
          .attr('stroke-linejoin', 'round');
        return g;
      })
      .attr('data-x', (a) => a.x)
      .attr('transform', (a) => `translate(${round2(left + x(a.x))},${top})`);
    ag.select('line').attr('y1', 0).attr('y2', plotHeight).attr('stroke', pal.muted);
    ag.select('text')
      .attr('stroke', pal.bg)
      .attr('y', 12)
      .each(function (a) {
        const label = a.label || `${o.xName ?? o.xLabel} = ${fx(a.x)}`;
        const flip = x(a.x) + 4 + textWidth(label, 11) > plotWidth;
        select(this)
          .attr('x', flip ? -4 : 4)
          .attr('text-anchor', flip ? 'end' : 'start')
          .text(label);
      });

    // Axes.
    const xAxis = svg.select<SVGGElement>('.lc-axis-x').attr('transform', `translate(${left},${top + plotHeight})`);
    xAxis.call(
      axisBottom(x)
        .tickValues(xTicks)
        .tickFormat((_, i) => (i % step === 0 ? xTickLabels[i]! : ''))
        .tickSize(TICK)
        .tickPadding(TICK_PAD)
        .tickSizeOuter(0),
    );
    const yAxis = svg.select<SVGGElement>('.lc-axis-y').attr('transform', `translate(${left},${top})`);
    yAxis.call(
      axisLeft(y)
        .tickValues(yTicks)
        .tickFormat((_, i) => yLabels[i]!)
        .tickSize(TICK)
        .tickPadding(TICK_PAD)
        .tickSizeOuter(0),
    );
    for (const g of [xAxis, yAxis]) {
      g.attr('font-size', FONT).attr('font-family', null);
      g.select('.domain').attr('stroke', pal.muted);
      g.selectAll('.tick line').attr('stroke', pal.muted);
    }
    xAxis.selectAll<SVGGElement, number>('.tick').attr('data-x', (v) => v);
    yAxis.selectAll<SVGGElement, number>('.tick').attr('data-y', (v) => v);
    const axisTitle = (label: string, kind: 'linear' | 'log'): string => (kind === 'log' ? fillWords(w.logAxis, { label }) : label);
    const yTitle = axisTitle(o.yLabel, yKind);
    svg
      .select('.lc-x-title')
      .attr('x', left + plotWidth / 2)
      .attr('y', top + plotHeight + X_AXIS_H + FONT + 1)
      .text(axisTitle(o.xLabel, xKind));
    svg
      .select('.lc-y-title')
      .attr('transform', `translate(${PAD + FONT - 2},${top + plotHeight / 2}) rotate(-90)`)
      .text(textWidth(yTitle) <= plotHeight + 16 ? yTitle : o.yLabel);

    // Caption (HTML on screen; the export wraps it into the SVG).
    this.captionEl.textContent = o.caption ?? '';
    this.captionEl.hidden = !o.caption;
    if (o.caption) this.svg.setAttribute('aria-describedby', this.captionEl.id);
    else this.svg.removeAttribute('aria-describedby');
  }

  /** The x position under a pointer event (nearest in pixels, inside the plot ± 12 px), or −1. */
  private indexAt(e: PointerEvent): number {
    const D = this.drawn;
    if (!D || !D.xs.length) return -1;
    const r = this.svg.getBoundingClientRect();
    if (r.width <= 0) return -1;
    const k = D.width / r.width;
    const px = (e.clientX - r.left) * k - D.left;
    const py = (e.clientY - r.top) * k - D.top;
    if (px < -12 || px > D.plotWidth + 12 || py < -12 || py > D.plotHeight + 12) return -1;
    return nearestIndex(
      D.xs.map((v) => D.x(v)),
      px,
    );
  }

  /** Move the cursor line and dots and rewrite the readout for the hovered x, else the keyboard cursor. */
  private showActive(): void {
    const D = this.drawn;
    const active = this.pos.active;
    if (this.pos.cursor >= 0) this.element.dataset['cursor'] = String(this.pos.cursor);
    else delete this.element.dataset['cursor'];
    const cur = select(this.svg).select<SVGGElement>('.lc-cursor');
    const w = chartWords(this.options.words);
    if (!D || !D.xs.length) {
      cur.attr('display', 'none');
      this.readout.textContent = this.series.length ? w.noPoints : w.noData;
      return;
    }
    if (active < 0 || active >= D.xs.length) {
      cur.attr('display', 'none');
      this.readout.textContent = fillWords(w.hint, { x: this.options.xName ?? this.options.xLabel });
      return;
    }
    const xv = D.xs[active]!;
    const px = round2(D.left + D.x(xv));
    const yKind = this.options.yScale ?? 'linear';
    cur.attr('display', null).attr('data-index', active).attr('data-x', xv);
    cur
      .select('.lc-cursor-line')
      .attr('x1', px)
      .attr('x2', px)
      .attr('y1', D.top)
      .attr('y2', D.top + D.plotHeight);
    type Dot = { colour: string; y: number };
    const dots: Dot[] = [];
    this.series.forEach((s, k) => {
      const p = valueAt(s, xv);
      if (p && drawable(p.y, yKind)) dots.push({ colour: seriesStyle(s, k).colour, y: D.y(p.y) });
    });
    cur
      .select('.lc-cursor-dots')
      .selectAll<SVGCircleElement, Dot>('circle')
      .data(dots)
      .join('circle')
      .attr('cx', px)
      .attr('cy', (d) => round2(D.top + d.y))
      .attr('r', 6)
      .attr('fill', 'none')
      .attr('stroke', (d) => d.colour)
      .attr('stroke-width', 2);
    this.readout.textContent = readoutText(xv, this.series, this.options);
  }

  /** The table alternative: one row per x, one column per series (and its band's low and high). */
  private buildTable(): void {
    const o = this.options;
    const w = chartWords(o.words);
    const doc = this.element.ownerDocument;
    const xs = this.drawn?.xs ?? [];
    const yKind = o.yScale ?? 'linear';
    const fx = o.xFormat ?? formatFull;
    this.tableBox.replaceChildren();
    const t = captionedTable(doc, 'lc', fillWords(o.title ? w.tableCaptionTitled : w.tableCaption, { title: o.title ?? '', y: o.yLabel, x: o.xLabel }));
    const withBand = this.series.map((s) => s.points.some((p) => drawable(p.lo, yKind) && drawable(p.hi, yKind)));
    const th = (text: string, scope: 'col' | 'row'): HTMLTableCellElement => headerCell(doc, text, scope);
    const hr = doc.createElement('tr');
    hr.append(th(o.xName ?? o.xLabel, 'col'));
    this.series.forEach((s, k) => {
      hr.append(th(s.label, 'col'));
      if (withBand[k]) hr.append(th(fillWords(w.low, { label: s.label }), 'col'), th(fillWords(w.high, { label: s.label }), 'col'));
    });
    const head = doc.createElement('thead');
    head.append(hr);
    const body = doc.createElement('tbody');
    for (const xv of xs) {
      const tr = doc.createElement('tr');
      tr.dataset['x'] = String(xv);
      tr.append(th(fx(xv), 'row'));
      this.series.forEach((s, k) => {
        const p = valueAt(s, xv);
        const cells = [p?.y];
        if (withBand[k]) cells.push(p?.lo, p?.hi);
        for (const v of cells) {
          const td = doc.createElement('td');
          td.textContent = v === undefined ? '—' : formatFull(v);
          tr.append(td);
        }
      });
      body.append(tr);
    }
    t.append(head, body);
    this.tableBox.append(t);
  }

  /** The SVG as a standalone document at `scale` × its CSS size: background, title element, no cursor, caption below. */
  private exportSVG(scale: number): string {
    const D = this.drawn;
    const o = this.options;
    if (!D) return EMPTY_SVG;
    const pal = this.palette();
    const clone = this.svg.cloneNode(true) as SVGSVGElement;
    clone.querySelectorAll('.lc-cursor').forEach((n) => n.remove());
    clone.removeAttribute('tabindex');
    clone.removeAttribute('class');
    clone.removeAttribute('aria-describedby');
    clone.setAttribute('color', pal.fg);
    clone.setAttribute('aria-label', summarise(this.series, o));
    const bg = clone.querySelector('.lc-background');
    if (bg) bg.setAttribute('fill', pal.bg);
    let height = D.height;
    if (o.caption) {
      const lines = wrapText(o.caption, D.width - 2 * PAD);
      const doc = this.element.ownerDocument;
      const text = doc.createElementNS(SVG_NS, 'text');
      text.setAttribute('class', 'lc-caption');
      text.setAttribute('fill', pal.muted);
      lines.forEach((l, i) => {
        const span = doc.createElementNS(SVG_NS, 'tspan');
        span.setAttribute('x', String(PAD));
        span.setAttribute('y', String(D.height + 4 + (i + 0.75) * CAPTION_LINE));
        span.textContent = l;
        text.append(span);
      });
      clone.append(text);
      height += 8 + lines.length * CAPTION_LINE;
      bg?.setAttribute('height', String(height));
    }
    clone.setAttribute('viewBox', `0 0 ${D.width} ${height}`);
    clone.setAttribute('width', String(D.width * scale));
    clone.setAttribute('height', String(height * scale));
    const title = `<title>${escapeXml(o.title ?? fillWords(chartWords(o.words).svgTitle, { y: o.yLabel, x: o.xLabel }))}</title>`;
    return svgDocument(clone, title);
  }
}

// ---------------------------------------------------------------- small helpers

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** At most `max` log ticks: every 2nd, 3rd, … power when there are more. */
function thinLog(ticks: number[], max: number): number[] {
  if (ticks.length <= max) return ticks;
  const step = Math.ceil(ticks.length / max);
  return ticks.filter((_, i) => i % step === 0);
}
