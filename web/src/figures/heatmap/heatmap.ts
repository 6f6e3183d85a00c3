// heatmap.ts — one reusable heatmap for attention weights (and any matrix).
//
// Orientation, everywhere (screen, export, table, readout):
//   ROWS    = QUERIES, index i, top → bottom, labelled on the left, title "query"
//   COLUMNS = KEYS,    index j, left → right, labelled on top,   title "key"
// Cell (i, j) is what query i gives to key j, so each row of weights sums to 1.
//
// Layers inside one focusable figure, back to front:
//   * <canvas>  the cells. A rows×cols RGBA image is filled from a 256-entry
//     viridis lookup table (built once), put with putImageData on a small
//     canvas and drawn scaled with nearest-neighbour; masked cells are grey
//     with a diagonal hatch.
//   * <svg>     overlay: titles, axes (d3-scale scaleBand + d3-axis), values,
//     legend, cursor. Drawn with d3-selection; no inline styles (CSP).
// Below the figure: an aria-live readout and a table of the same numbers.
// What it shares with the line chart (the readout, the table toggle, the
// cursor's events, export and text helpers) is in figure-kit.ts.
//
// Its own words (the Table button, hints, accessible name, caption) are
// templates in HeatmapWords, English by default (DEFAULT_HEATMAP_WORDS); a
// page in another language passes its own through `words`.
//
// Everything is found through the component's own elements, never through
// `document`, so it works inside a shadow root.

import { axisBottom, axisLeft, axisTop } from 'd3-axis';
import { scaleBand, scaleLinear, type ScaleBand } from 'd3-scale';
import { interpolateViridis } from 'd3-scale-chromatic';
import { select, type Selection } from 'd3-selection';
import { DEFAULT_HEATMAP_WORDS, type HeatmapWords } from './words';
export { DEFAULT_HEATMAP_WORDS, type HeatmapWords };
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

/** A matrix to draw: row-major values (rows × cols) and an optional mask (1/true = HIDDEN cell). */
export interface HeatmapData {
  /** rows × cols values: a row-major Float64Array or rows of numbers. Row i = query i, column j = key j. */
  values: Float64Array | number[][];
  rows: number;
  cols: number;
  /** 1/true = the cell is HIDDEN (drawn grey and hatched). Note: the opposite of core.ts's masks, where 1/true = visible. */
  masked?: Uint8Array | boolean[][] | null;
}

/** How to label, scale and describe a heatmap. */
export interface HeatmapOptions {
  /** Labels of the rows (queries), e.g. tokens; default the indices. Cut to 12 characters on the axis. */
  rowLabels?: string[];
  /** Labels of the columns (keys); default the indices. */
  colLabels?: string[];
  /** Title of the row axis (left); default 'query'. */
  rowTitle?: string;
  /** Title of the column axis (top); default 'key'. */
  colTitle?: string;
  /** Title drawn above the heatmap and used in its accessible name. */
  title?: string;
  /** Values mapped to viridis(0) and viridis(1), clamped outside; default [0, 1]. */
  domain?: [number, number];
  /** Decimals of the values printed in cells; default 3 (auto may drop to 2 on narrow screens). */
  digits?: number;
  /** Print values in cells: 'auto' (cells ≥ 28 px and ≤ 400 cells), 'always' or 'never'; default 'auto'. */
  showValues?: 'auto' | 'always' | 'never';
  /** Word for a hidden cell in the readout, legend and table; default 'masked'. */
  maskedLabel?: string;
  /** Replace the readout text of cell (i, j). */
  describeCell?: (i: number, j: number, v: number, masked: boolean) => string;
  /** The component's own words (buttons, hints, accessible names, table caption), e.g. translated; missing ones are DEFAULT_HEATMAP_WORDS. */
  words?: Partial<HeatmapWords>;
}

/** A cell position: row (query) i, column (key) j. */
export interface CellPos {
  row: number;
  col: number;
}

// ---------------------------------------------------------------- constants

/** Number of entries in the colour lookup table (viridis itself is a 256-colour ramp). */
export const LUT_SIZE = 256;
/** Default fill of a masked (hidden) cell: a neutral grey that viridis never produces. */
export const MASK_FILL = '#d9d9d9';
/** Default colour of the diagonal hatch over masked cells. */
export const MASK_HATCH = '#7f7f7f';
/** Text printed in a masked cell when values are shown. */
export const MASK_TEXT = '×';
/** Largest cell side in CSS pixels. */
export const MAX_CELL = 48;
/** Smallest cell side in CSS pixels (wider matrices scroll). */
export const MIN_CELL = 1;
/** Above this many cells the table alternative is replaced by a note. */
export const TABLE_MAX_CELLS = 4096;
/** Up to this many cells the table alternative is built with every update; larger ones when first opened. */
export const TABLE_EAGER_CELLS = 256;

const FONT = 12; // label font size, px
const TICK = 4; // tick length, px
const TICK_PAD = 3; // gap between tick and label, px
const PAD = 4; // outer padding, px
const TITLE_H = 22; // height of the optional title line
const AXIS_TITLE_H = 16; // height of the "key →" line / width of the "query →" strip
const LEGEND_BAR_H = 10;
const LEGEND_H = LEGEND_BAR_H + TICK + TICK_PAD + FONT + 2;
const LABEL_MAX_CHARS = 12;
const GRID_MIN_CELL = 20; // draw separators between cells from this size up
const HATCH_MIN_CELL = 4; // hatch masked cells from this size up (device px)
const DIRECT_CELLS = 4096; // up to this many cells are painted with fillRect, larger ones through the bitmap

const DEFAULTS = {
  rowTitle: 'query',
  colTitle: 'key',
  domain: [0, 1] as [number, number],
  digits: 3,
  showValues: 'auto' as const,
  maskedLabel: 'masked',
};

/** Options with every default filled in. */
type Resolved = Omit<Required<HeatmapOptions>, 'rowLabels' | 'colLabels' | 'title' | 'describeCell' | 'words'> &
  Pick<HeatmapOptions, 'rowLabels' | 'colLabels' | 'title' | 'describeCell' | 'words'>;

// ---------------------------------------------------------------- pure helpers: words

/** The full set of words: the given ones over DEFAULT_HEATMAP_WORDS. */
export function heatmapWords(words?: Partial<HeatmapWords>): HeatmapWords {
  return { ...DEFAULT_HEATMAP_WORDS, ...words };
}

// ---------------------------------------------------------------- pure helpers: colour

let table: { rgba: Uint8ClampedArray; hex: string[] } | null = null;

/** The viridis lookup table, built once: LUT_SIZE RGBA entries and their "#rrggbb" strings. */
export function colourTable(): { rgba: Uint8ClampedArray; hex: string[] } {
  if (table) return table;
  const rgba = new Uint8ClampedArray(LUT_SIZE * 4);
  const hex: string[] = [];
  for (let k = 0; k < LUT_SIZE; k++) {
    const c = interpolateViridis(k / (LUT_SIZE - 1)); // "#rrggbb"
    hex.push(c);
    const [r, g, b] = parseHex(c);
    rgba[4 * k] = r;
    rgba[4 * k + 1] = g;
    rgba[4 * k + 2] = b;
    rgba[4 * k + 3] = 255;
  }
  table = { rgba, hex };
  return table;
}

/** "#rrggbb" (or "#rgb") → [r, g, b] in 0..255. */
export function parseHex(c: string): [number, number, number] {
  let h = c.trim().replace(/^#/, '');
  if (h.length === 3) h = h[0]! + h[0]! + h[1]! + h[1]! + h[2]! + h[2]!;
  const n = parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** Lookup-table index of v within domain (clamped; the same binning as d3's viridis ramp). */
export function lutIndex(v: number, domain: [number, number]): number {
  const span = domain[1] - domain[0] || 1;
  const t = (v - domain[0]) / span;
  if (!(t > 0)) return 0; // also −∞ and NaN
  return Math.min(LUT_SIZE - 1, Math.floor(t * LUT_SIZE));
}

/** Viridis colour "#rrggbb" of v within domain, clamped; NaN gets the neutral masked grey. */
export function colourFor(v: number, domain: [number, number]): string {
  if (Number.isNaN(v)) return MASK_FILL;
  return colourTable().hex[lutIndex(v, domain)]!;
}

/** WCAG relative luminance of a "#rrggbb" colour, 0 (black) .. 1 (white). */
export function luminance(c: string): number {
  const lin = (x: number): number => {
    const s = x / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const [r, g, b] = parseHex(c);
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** Text colour with the higher contrast on a fill: "#000000" on light, "#ffffff" on dark. */
export function textColourFor(fill: string): string {
  const l = luminance(fill);
  return (l + 0.05) / 0.05 >= 1.05 / (l + 0.05) ? '#000000' : '#ffffff';
}

/**
 * RGBA image (rows × cols, row-major) of a matrix through the lookup table;
 * masked cells get maskFill. One pass, no allocation per cell.
 */
export function matrixToRGBA(
  values: Float64Array,
  masked: Uint8Array | null,
  rows: number,
  cols: number,
  domain: [number, number],
  maskFill: string = MASK_FILL,
  out: Uint8ClampedArray = new Uint8ClampedArray(rows * cols * 4),
): Uint8ClampedArray {
  const lut = colourTable().rgba;
  const [mr, mg, mb] = parseHex(maskFill);
  const lo = domain[0];
  const scale = LUT_SIZE / (domain[1] - domain[0] || 1);
  const top = LUT_SIZE - 1;
  for (let p = 0, n = rows * cols; p < n; p++) {
    const o = 4 * p;
    const v = values[p]!;
    if ((masked && masked[p]) || Number.isNaN(v)) {
      out[o] = mr;
      out[o + 1] = mg;
      out[o + 2] = mb;
      out[o + 3] = 255;
      continue;
    }
    const t = (v - lo) * scale;
    const k = t > 0 ? (t >= top ? top : t | 0) : 0;
    out[o] = lut[4 * k]!;
    out[o + 1] = lut[4 * k + 1]!;
    out[o + 2] = lut[4 * k + 2]!;
    out[o + 3] = 255;
  }
  return out;
}

// ---------------------------------------------------------------- pure helpers: text

/** Short text for a cell: fixed `digits` decimals with trailing zeros dropped ("0.451", "0.5", "1"). */
export function cellText(v: number, digits: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return '∞';
  if (v === -Infinity) return '−∞';
  const d = Math.max(0, Math.min(20, Math.floor(digits)));
  if (Math.abs(v) >= 1e5) return v.toExponential(Math.min(d, 2));
  let s = v.toFixed(d);
  if (s.includes('.')) s = s.replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
}

/** A label cut to LABEL_MAX_CHARS characters with "…". */
export function shortLabel(s: string): string {
  const chars = Array.from(s);
  return chars.length > LABEL_MAX_CHARS ? chars.slice(0, LABEL_MAX_CHARS - 1).join('') + '…' : s;
}

/** Rough width in px of a text at a font size (sans-serif; errs on the wide side). */
export function textWidth(s: string, fontPx: number = FONT): number {
  return estimateTextWidth(s, fontPx, 0.62);
}

// ---------------------------------------------------------------- pure helpers: geometry

/** Label every `step`-th index so labels are at least minGapPx apart; step is 1, 2, 5, 10, 20, 50, … */
export function tickStep(cellPx: number, minGapPx: number): number {
  const need = Math.ceil(minGapPx / Math.max(cellPx, 1e-9));
  if (need <= 1) return 1;
  for (let p = 1; ; p *= 10) for (const m of [1, 2, 5]) if (m * p >= need) return m * p;
}

/** Indices 0..n-1 that get a tick label when cells are cellPx wide and labels need minGapPx. */
export function thinTicks(n: number, cellPx: number, minGapPx: number): number[] {
  const step = tickStep(cellPx, minGapPx);
  const out: number[] = [];
  for (let i = 0; i < n; i += step) out.push(i);
  return out;
}

/** Where the cursor goes for a key (arrows, Home/End = row ends, Ctrl+Home/End = corners, PageUp/Down = 10 rows); null if the key is not ours. */
export function moveCursor(cur: CellPos, key: string, rows: number, cols: number, ctrl = false): CellPos | null {
  const clampR = (r: number): number => Math.max(0, Math.min(rows - 1, r));
  const clampC = (c: number): number => Math.max(0, Math.min(cols - 1, c));
  const { row, col } = cur;
  switch (key) {
    case 'ArrowUp':
      return { row: clampR(row - 1), col };
    case 'ArrowDown':
      return { row: clampR(row + 1), col };
    case 'ArrowLeft':
      return { row, col: clampC(col - 1) };
    case 'ArrowRight':
      return { row, col: clampC(col + 1) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : { row, col: cols - 1 };
    case 'PageUp':
      return { row: clampR(row - 10), col };
    case 'PageDown':
      return { row: clampR(row + 10), col };
    default:
      return null;
  }
}

/** A HeatmapData as one row-major Float64Array and an optional Uint8Array mask (1 = hidden); throws RangeError on a shape mismatch. */
export function normalise(data: HeatmapData): { values: Float64Array; masked: Uint8Array | null; rows: number; cols: number } {
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
      const r = m[i]!;
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
      const r = mk[i]!;
      if (r.length !== cols) throw new RangeError(`heatmap: masked row ${i} has ${r.length} entries, expected ${cols}`);
      for (let j = 0; j < cols; j++) masked[i * cols + j] = r[j] ? 1 : 0;
    }
  }
  return { values, masked, rows, cols };
}

/** Geometry of one drawing, in CSS pixels; the plot's top-left corner is (left, top). */
export interface HeatmapLayout {
  width: number;
  height: number;
  left: number;
  top: number;
  cell: number;
  plotWidth: number;
  plotHeight: number;
  rowTicks: number[];
  colTicks: number[];
  rotateColLabels: boolean;
  showValues: boolean;
  valueFontSize: number;
  grid: boolean;
  legendY: number;
  legendWidth: number;
}

/** Inputs of computeLayout that come from the options and the data. */
export interface LayoutInput {
  rows: number;
  cols: number;
  availableWidth: number;
  rowLabels: string[];
  colLabels: string[];
  customColLabels: boolean;
  title?: string;
  rowTitle: string;
  colTitle: string;
  showValues: 'auto' | 'always' | 'never';
  valueChars: number;
  hasMask: boolean;
  maskedLabel: string;
}

/** Lay out a heatmap: square cells (MIN_CELL..MAX_CELL px) that fit the width, margins for labels, thinned ticks, legend below. */
export function computeLayout(p: LayoutInput): HeatmapLayout {
  const widest = (labels: string[]): number => labels.reduce((w, s) => Math.max(w, textWidth(s)), textWidth('0'));
  const rowLabelW = widest(p.rowLabels);
  const colLabelW = widest(p.colLabels);
  const left = Math.ceil(PAD + AXIS_TITLE_H + rowLabelW + TICK + TICK_PAD + 2);
  const avail = Number.isFinite(p.availableWidth) && p.availableWidth > 0 ? p.availableWidth : 640;
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((avail - left - PAD) / Math.max(p.cols, 1))));

  // Column labels: horizontal unless custom labels would need more thinning than vertical ones.
  const hStep = tickStep(cell, colLabelW + 6);
  const vStep = tickStep(cell, FONT + 4);
  const rotateColLabels = p.customColLabels && hStep > vStep;
  const colTicks = thinTicks(p.cols, cell, rotateColLabels ? FONT + 4 : colLabelW + 6);
  const rowTicks = thinTicks(p.rows, cell, FONT + 4);
  const colLabelsH = rotateColLabels ? colLabelW : FONT + 2;
  const top = Math.ceil(PAD + (p.title ? TITLE_H : 0) + AXIS_TITLE_H + colLabelsH + TICK + TICK_PAD);

  const plotWidth = p.cols * cell;
  const plotHeight = p.rows * cell;

  const valueFontSize = Math.min(13, Math.floor((cell - 4) / (Math.max(p.valueChars, 1) * 0.62)));
  const showValues =
    p.showValues === 'always' ? p.rows * p.cols > 0 : p.showValues === 'never' ? false : cell >= 28 && p.rows * p.cols <= 400 && valueFontSize >= 8;

  const maskKeyW = p.hasMask ? 16 + 14 + 4 + textWidth(p.maskedLabel) : 0;
  const legendWidth = Math.max(100, Math.min(200, plotWidth, avail - left - maskKeyW - PAD));
  const legendY = top + plotHeight + 14;
  const width = Math.ceil(
    Math.max(
      left + plotWidth + PAD,
      left + legendWidth + maskKeyW + PAD,
      left + textWidth(`${p.colTitle} →`) + PAD,
      p.title ? PAD + textWidth(p.title, 14) + PAD : 0,
    ),
  );
  const height = Math.ceil(legendY + LEGEND_H + PAD);
  return {
    width,
    height,
    left,
    top,
    cell,
    plotWidth,
    plotHeight,
    rowTicks,
    colTicks,
    rotateColLabels,
    showValues,
    valueFontSize: Math.max(6, valueFontSize),
    grid: cell >= GRID_MIN_CELL,
    legendY,
    legendWidth,
  };
}

/** Colours the canvas and the export need, read from the CSS custom properties (or defaults). */
export interface Palette {
  fg: string;
  bg: string;
  grid: string;
  maskFill: string;
  maskHatch: string;
}

/** The palette used when no stylesheet sets the --hm-* custom properties. */
export const DEFAULT_PALETTE: Palette = { fg: '#1f2328', bg: '#ffffff', grid: '#ffffff', maskFill: MASK_FILL, maskHatch: MASK_HATCH };

/** SVG markup of the cells: one <rect class="hm-cell"> per cell, row i at y = top + i·cell (query), column j at x = left + j·cell (key). */
export function cellsMarkup(
  m: { values: Float64Array; masked: Uint8Array | null; rows: number; cols: number },
  L: Pick<HeatmapLayout, 'left' | 'top' | 'cell' | 'grid'>,
  domain: [number, number],
  hatchId: string,
  palette: Palette = DEFAULT_PALETTE,
): string {
  const parts: string[] = [];
  const stroke = L.grid ? ` stroke="${palette.grid}" stroke-width="1"` : '';
  parts.push(`<g class="hm-cells"${stroke}>`);
  for (let i = 0; i < m.rows; i++) {
    const y = L.top + i * L.cell;
    for (let j = 0; j < m.cols; j++) {
      const p = i * m.cols + j;
      const v = m.values[p]!;
      const hidden = !!(m.masked && m.masked[p]);
      const fill = hidden ? `url(#${hatchId})` : colourFor(v, domain);
      parts.push(
        `<rect class="hm-cell" x="${L.left + j * L.cell}" y="${y}" width="${L.cell}" height="${L.cell}" fill="${fill}" data-row="${i}" data-col="${j}"${hidden ? ' data-masked="1"' : ` data-value="${formatFull(v)}"`}/>`,
      );
    }
  }
  parts.push('</g>');
  return parts.join('');
}

// ---------------------------------------------------------------- the component

let instances = 0;

type G = Selection<SVGGElement, unknown, null, undefined>;

/** One heatmap: canvas cells, SVG labels and legend, keyboard/hover readout, table alternative, export. */
export class Heatmap {
  /** The component's root element (a div.hm inside the container). */
  readonly element: HTMLElement;

  private readonly container: HTMLElement;
  private options: Resolved;
  private readonly id: string;
  private readonly figure: HTMLDivElement;
  private readonly stage: HTMLDivElement;
  private readonly canvas: HTMLCanvasElement;
  private readonly svg: SVGSVGElement;
  private readonly readout: HTMLParagraphElement;
  private readonly tableBox: HTMLDivElement;
  private readonly tableButton: HTMLButtonElement;
  private readonly resizeObserver: ResizeObserver | null = null;
  private readonly listeners = new Listeners();

  private m: { values: Float64Array; masked: Uint8Array | null; rows: number; cols: number } | null = null;
  private rowSums = new Float64Array(0);
  private bitmap: HTMLCanvasElement | null = null;
  private layout: HeatmapLayout | null = null;
  private lastWidth = -1;
  /** Palette read once from the CSS custom properties (see refreshColours). */
  private pal: Palette | null = null;
  /** The container width reported by the ResizeObserver (reading clientWidth on every update forces a layout). */
  private observedWidth = 0;
  /** Whether the table alternative has been asked for (large tables are built on demand). */
  private tableWanted = false;
  /** The keyboard cursor and the hovered cell (null: none). */
  private readonly pos = new CursorState<CellPos | null>(null);
  private frame = 0;
  private valueDigits = 3;

  /** Create an empty heatmap inside container; call update() to draw. */
  constructor(container: HTMLElement, options: HeatmapOptions = {}) {
    this.container = container;
    this.options = { ...DEFAULTS, ...options } as Resolved;
    this.id = `hm-${++instances}`;
    const doc = container.ownerDocument;

    this.element = doc.createElement('div');
    this.element.className = 'hm fig';

    this.figure = doc.createElement('div');
    this.figure.className = 'hm-figure fig-plot';
    this.figure.tabIndex = 0;
    this.figure.setAttribute('role', 'img');

    this.stage = doc.createElement('div');
    this.stage.className = 'hm-stage';

    this.canvas = doc.createElement('canvas');
    this.canvas.className = 'hm-canvas';
    this.canvas.setAttribute('aria-hidden', 'true');

    this.svg = doc.createElementNS(SVG_NS, 'svg') as SVGSVGElement;
    this.svg.setAttribute('class', 'hm-overlay');
    this.svg.setAttribute('aria-hidden', 'true');
    this.svg.setAttribute('font-family', FONT_FAMILY);
    this.buildOverlay();

    this.stage.append(this.canvas, this.svg);
    this.figure.append(this.stage);

    const below = figureControls(doc, 'hm', this.id, this.words().table);
    this.readout = below.readout;
    this.tableButton = below.tableButton;
    this.tableBox = below.tableBox;

    this.element.append(this.figure, this.readout, below.toolbar, this.tableBox);
    container.append(this.element);

    listenCursor(
      this.listeners,
      this.figure,
      this.pos,
      {
        at: (e) => this.cellAt(e),
        first: () => (this.m && this.m.rows * this.m.cols > 0 ? { row: 0, col: 0 } : null),
        move: (from, e) => {
          const m = this.m;
          if (!m || m.rows * m.cols === 0) return null;
          return moveCursor(from ?? { row: 0, col: 0 }, e.key, m.rows, m.cols, e.ctrlKey || e.metaKey);
        },
      },
      () => this.showActive(),
    );
    listenTableToggle(this.listeners, below, 'hm', () => {
      if (!this.tableWanted && this.m) {
        this.tableWanted = true;
        this.buildTable();
      }
    });

    const win = doc.defaultView;
    if (win && 'ResizeObserver' in win) {
      this.resizeObserver = new win.ResizeObserver((entries) => {
        const w = entries[entries.length - 1]?.contentRect.width ?? 0;
        if (w > 0) this.observedWidth = Math.floor(w);
        this.scheduleRender();
      });
      this.resizeObserver.observe(container);
    }
    this.readout.textContent = this.words().noData;
  }

  /** Draw new data (and optionally change options); keeps the cursor where it still fits. */
  update(data: HeatmapData, options?: Partial<HeatmapOptions>): void {
    if (options) this.options = { ...this.options, ...options } as Resolved;
    const m = normalise(data);
    this.m = m;
    this.rowSums = new Float64Array(m.rows);
    for (let i = 0; i < m.rows; i++) {
      let s = 0;
      for (let j = 0; j < m.cols; j++) {
        const p = i * m.cols + j;
        if (!(m.masked && m.masked[p]) && Number.isFinite(m.values[p]!)) s += m.values[p]!;
      }
      this.rowSums[i] = s;
    }
    const fits = (c: CellPos | null): boolean => !c || (c.row < m.rows && c.col < m.cols);
    if (!fits(this.pos.cursor)) this.pos.cursor = null;
    if (!fits(this.pos.hover)) this.pos.hover = null;
    this.element.dataset['rows'] = String(m.rows);
    this.element.dataset['cols'] = String(m.cols);
    this.tableButton.textContent = this.words().table;
    this.figure.setAttribute('aria-label', this.ariaLabel());
    this.buildBitmap();
    if (this.tableWanted || m.rows * m.cols <= TABLE_EAGER_CELLS || m.rows * m.cols > TABLE_MAX_CELLS)
      this.buildTable(); // the note for huge ones is cheap
    else this.tableBox.replaceChildren();
    this.render();
  }

  /** Re-read the --hm-* colours (after a theme change) and redraw. */
  refreshColours(): void {
    this.pal = null;
    if (this.m) {
      this.buildBitmap();
      this.render();
    }
  }

  /** Grey out the whole heatmap (the last good result stays visible while the input is invalid). */
  setDimmed(dimmed: boolean): void {
    setDimmed(this.element, 'hm', dimmed);
  }

  /** A standalone SVG document: one rect per cell, axes, values, legend and title. */
  toSVG(): string {
    return this.exportSVG(true);
  }

  /** A PNG of the heatmap with its labels, at twice the CSS size. */
  async toPNG(): Promise<Blob> {
    const L = this.layout;
    const m = this.m;
    if (!L || !m) throw new Error('heatmap: nothing to export yet; call update() first');
    const scale = 2;
    const doc = this.element.ownerDocument;
    const out = doc.createElement('canvas');
    out.width = Math.ceil(L.width * scale);
    out.height = Math.ceil(L.height * scale);
    const ctx = out.getContext('2d');
    if (!ctx) throw new Error('heatmap: no 2D canvas context');
    const pal = this.palette();
    ctx.fillStyle = pal.bg;
    ctx.fillRect(0, 0, out.width, out.height);
    this.paintCells(ctx, L.left * scale, L.top * scale, L.cell * scale, pal);
    // Labels: the same overlay, without cells and background, as an image on top.
    const labels = await loadSvgImage(doc, this.exportSVG(false, scale), 'heatmap: could not render the labels as an image');
    ctx.drawImage(labels, 0, 0, out.width, out.height);
    return canvasToPng(out, 'heatmap: toBlob failed');
  }

  /** Remove the component and its listeners. */
  destroy(): void {
    this.resizeObserver?.disconnect();
    this.listeners.removeAll();
    const win = this.element.ownerDocument.defaultView;
    if (this.frame && win) win.cancelAnimationFrame(this.frame);
    this.element.remove();
    this.m = null;
    this.bitmap = null;
  }

  // ------------------------------------------------------------ internals

  /** The words in use: the options' over the defaults. */
  private words(): HeatmapWords {
    return heatmapWords(this.options.words);
  }

  private ariaLabel(interactive = true): string {
    const o = this.options;
    const m = this.m!;
    const w = this.words();
    const text = fillWords(o.title ? w.ariaTitled : w.aria, { title: o.title ?? '', rows: m.rows, row: o.rowTitle, cols: m.cols, col: o.colTitle });
    return interactive ? fillWords(w.ariaKeys, { label: text }) : text;
  }

  /** The colours from CSS custom properties, read once: getComputedStyle forces a style recalculation of the whole tree, ~15 ms per call on a busy page. */
  private palette(): Palette {
    this.pal ??= readPalette(this.element, 'hm', DEFAULT_PALETTE);
    return this.pal ?? DEFAULT_PALETTE;
  }

  private labelsFor(n: number, given: string[] | undefined): string[] {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const g = given?.[i];
      out.push(g !== undefined && g !== '' ? shortLabel(g) : String(i));
    }
    return out;
  }

  /** The rows×cols image (one pixel per cell) on a small canvas; null without a 2D context (jsdom). */
  private buildBitmap(): void {
    const m = this.m!;
    this.bitmap = null;
    if (m.rows * m.cols === 0) return;
    const c = this.element.ownerDocument.createElement('canvas');
    c.width = m.cols;
    c.height = m.rows;
    const ctx = c.getContext('2d');
    if (!ctx) return;
    const img = ctx.createImageData(m.cols, m.rows);
    matrixToRGBA(m.values, m.masked, m.rows, m.cols, this.options.domain, this.palette().maskFill, img.data);
    ctx.putImageData(img, 0, 0);
    this.bitmap = c;
  }

  /** Paint cells with their top-left corner at (x0, y0) and side cellPx, in the context's pixels. */
  private paintCells(ctx: CanvasRenderingContext2D, x0: number, y0: number, cellPx: number, pal: Palette): void {
    const m = this.m!;
    if (m.rows * m.cols <= DIRECT_CELLS) {
      // small matrices: one fillRect per cell (copying a bitmap between canvases
      // costs ~30 ms per frame in software-rendered Chromium)
      const hex = colourTable().hex;
      for (let i = 0; i < m.rows; i++)
        for (let j = 0; j < m.cols; j++) {
          const p = i * m.cols + j;
          ctx.fillStyle = m.masked && m.masked[p] ? pal.maskFill : hex[lutIndex(m.values[p]!, this.options.domain)]!;
          ctx.fillRect(x0 + j * cellPx, y0 + i * cellPx, cellPx, cellPx);
        }
    } else if (this.bitmap) {
      ctx.imageSmoothingEnabled = false;
      ctx.drawImage(this.bitmap, 0, 0, m.cols, m.rows, x0, y0, m.cols * cellPx, m.rows * cellPx);
    }
    if (m.masked && cellPx >= HATCH_MIN_CELL) this.hatch(ctx, x0, y0, cellPx, pal);
    if (this.layout?.grid) {
      const w = Math.max(1, Math.round(cellPx / 32));
      ctx.fillStyle = pal.grid;
      for (let j = 1; j < m.cols; j++) ctx.fillRect(x0 + j * cellPx - w / 2, y0, w, m.rows * cellPx);
      for (let i = 1; i < m.rows; i++) ctx.fillRect(x0, y0 + i * cellPx - w / 2, m.cols * cellPx, w);
    }
  }

  /** Diagonal "/" hatching over the masked cells: strokes clipped to those cells (no pattern canvas). */
  private hatch(ctx: CanvasRenderingContext2D, x0: number, y0: number, cellPx: number, pal: Palette): void {
    const m = this.m!;
    const gap = Math.max(6, Math.round(cellPx / 6));
    ctx.save();
    ctx.beginPath();
    for (let i = 0; i < m.rows; i++) for (let j = 0; j < m.cols; j++) if (m.masked![i * m.cols + j]) ctx.rect(x0 + j * cellPx, y0 + i * cellPx, cellPx, cellPx);
    ctx.clip();
    ctx.strokeStyle = pal.maskHatch;
    ctx.lineWidth = Math.max(1, gap / 5);
    ctx.beginPath();
    const w = m.cols * cellPx;
    const h = m.rows * cellPx;
    for (let o = -h; o < w; o += gap) {
      ctx.moveTo(x0 + o, y0 + h);
      ctx.lineTo(x0 + o + h, y0);
    }
    ctx.stroke();
    ctx.restore();
  }

  private scheduleRender(): void {
    const win = this.element.ownerDocument.defaultView;
    if (!win || this.frame) return;
    this.frame = win.requestAnimationFrame(() => {
      this.frame = 0;
      if (this.m && this.measure() !== this.lastWidth) this.render();
    });
  }

  private measure(): number {
    if (this.observedWidth > 0) return this.observedWidth;
    return this.element.clientWidth || this.container.clientWidth || 0;
  }

  /** Lay out and draw the canvas and the overlay for the current width. */
  private render(): void {
    const m = this.m;
    if (!m) return;
    const o = this.options;
    this.lastWidth = this.measure();
    const rowLabels = this.labelsFor(m.rows, o.rowLabels);
    const colLabels = this.labelsFor(m.cols, o.colLabels);
    // Fewer digits (down to 2) when the full count would need a font under 10 px.
    let digits = o.digits;
    let L = this.layoutFor(digits, rowLabels, colLabels);
    while (L.showValues && L.valueFontSize < 10 && digits > 2 && o.showValues === 'auto') {
      const next = this.layoutFor(digits - 1, rowLabels, colLabels);
      if (!next.showValues) break;
      digits--;
      L = next;
    }
    this.valueDigits = digits;
    this.layout = L;

    this.stage.style.width = `${L.width}px`;
    this.stage.style.height = `${L.height}px`;
    this.svg.setAttribute('width', String(L.width));
    this.svg.setAttribute('height', String(L.height));
    this.svg.setAttribute('viewBox', `0 0 ${L.width} ${L.height}`);

    // Canvas: CSS size = plot size; backing store at device resolution.
    const dpr = this.element.ownerDocument.defaultView?.devicePixelRatio || 1;
    this.canvas.style.left = `${L.left}px`;
    this.canvas.style.top = `${L.top}px`;
    this.canvas.style.width = `${L.plotWidth}px`;
    this.canvas.style.height = `${L.plotHeight}px`;
    this.canvas.width = Math.max(1, Math.round(L.plotWidth * dpr));
    this.canvas.height = Math.max(1, Math.round(L.plotHeight * dpr));
    const ctx = this.bitmap ? this.canvas.getContext('2d') : null;
    if (ctx) {
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      this.paintCells(ctx, 0, 0, this.canvas.width / Math.max(m.cols, 1), this.palette());
    }

    this.drawOverlay(L, rowLabels, colLabels);
    this.showActive();
  }

  /** The layout for the current data, options and width, with values printed to `digits` decimals. */
  private layoutFor(digits: number, rowLabels: string[], colLabels: string[]): HeatmapLayout {
    const m = this.m!;
    const o = this.options;
    let valueChars = 1;
    for (let p = 0, n = Math.min(m.values.length, 400); p < n; p++) valueChars = Math.max(valueChars, cellText(m.values[p]!, digits).length);
    return computeLayout({
      rows: m.rows,
      cols: m.cols,
      availableWidth: this.lastWidth,
      rowLabels,
      colLabels,
      customColLabels: !!o.colLabels,
      title: o.title,
      rowTitle: o.rowTitle,
      colTitle: o.colTitle,
      showValues: o.showValues,
      valueChars,
      hasMask: !!m.masked && m.masked.some((x) => x !== 0),
      maskedLabel: o.maskedLabel,
    });
  }

  private buildOverlay(): void {
    const svg = select(this.svg);
    const defs = svg.append('defs');
    const pat = defs
      .append('pattern')
      .attr('id', `${this.id}-hatch`)
      .attr('patternUnits', 'userSpaceOnUse')
      .attr('width', 6)
      .attr('height', 6)
      .attr('patternTransform', 'rotate(45)');
    pat.append('rect').attr('class', 'hm-hatch-bg').attr('width', 6).attr('height', 6).attr('fill', MASK_FILL);
    pat
      .append('line')
      .attr('class', 'hm-hatch-line')
      .attr('x1', 1.5)
      .attr('y1', 0)
      .attr('x2', 1.5)
      .attr('y2', 6)
      .attr('stroke', MASK_HATCH)
      .attr('stroke-width', 1.5);
    const grad = defs.append('linearGradient').attr('id', `${this.id}-grad`).attr('x1', 0).attr('x2', 1).attr('y1', 0).attr('y2', 0);
    for (let k = 0; k <= 16; k++)
      grad
        .append('stop')
        .attr('offset', k / 16)
        .attr('stop-color', interpolateViridis(k / 16));

    svg.append('text').attr('class', 'hm-title').attr('font-weight', 600).attr('font-size', 14).attr('fill', 'currentColor');
    svg.append('text').attr('class', 'hm-axis-title hm-col-title').attr('font-size', FONT).attr('font-weight', 600).attr('fill', 'currentColor');
    svg
      .append('text')
      .attr('class', 'hm-axis-title hm-row-title')
      .attr('font-size', FONT)
      .attr('font-weight', 600)
      .attr('fill', 'currentColor')
      .attr('text-anchor', 'middle');
    svg.append('g').attr('class', 'hm-axis hm-axis-cols').attr('data-axis', 'key');
    svg.append('g').attr('class', 'hm-axis hm-axis-rows').attr('data-axis', 'query');
    svg.append('g').attr('class', 'hm-values');
    const legend = svg.append('g').attr('class', 'hm-legend');
    legend.append('rect').attr('class', 'hm-legend-bar').attr('height', LEGEND_BAR_H).attr('fill', `url(#${this.id}-grad)`);
    legend.append('g').attr('class', 'hm-legend-axis');
    const key = legend.append('g').attr('class', 'hm-legend-mask');
    key
      .append('rect')
      .attr('width', 14)
      .attr('height', LEGEND_BAR_H)
      .attr('fill', `url(#${this.id}-hatch)`)
      .attr('stroke', MASK_HATCH)
      .attr('stroke-width', 0.5);
    key
      .append('text')
      .attr('x', 18)
      .attr('y', LEGEND_BAR_H / 2)
      .attr('dy', '0.32em')
      .attr('font-size', FONT)
      .attr('fill', 'currentColor');
    const cur = svg.append('g').attr('class', 'hm-cursor').attr('display', 'none');
    cur.append('rect').attr('class', 'hm-cursor-outer').attr('fill', 'none').attr('stroke', '#000').attr('stroke-width', 4);
    cur.append('rect').attr('class', 'hm-cursor-inner').attr('fill', 'none').attr('stroke', '#fff').attr('stroke-width', 2);
  }

  private drawOverlay(L: HeatmapLayout, rowLabels: string[], colLabels: string[]): void {
    const m = this.m!;
    const o = this.options;
    const pal = this.palette();
    const svg = select(this.svg);
    svg.select('.hm-hatch-bg').attr('fill', pal.maskFill);
    svg.select('.hm-hatch-line').attr('stroke', pal.maskHatch);

    svg
      .select('.hm-title')
      .attr('x', PAD)
      .attr('y', PAD + 14)
      .text(o.title ?? '');
    // "key →" above the column labels, left-aligned with the plot.
    svg
      .select('.hm-col-title')
      .attr('x', L.left)
      .attr('y', PAD + (o.title ? TITLE_H : 0) + FONT)
      .text(`${o.colTitle} →`);
    // "query →" turned 90° clockwise: reads top to bottom, the arrow points down the rows.
    const rowTitleX = PAD + AXIS_TITLE_H / 2 - 2;
    const rowTitleY = L.top + Math.max(L.plotHeight, textWidth(`${o.rowTitle} →`)) / 2;
    svg.select('.hm-row-title').attr('transform', `translate(${rowTitleX},${rowTitleY}) rotate(90)`).attr('dy', '0.32em').text(`${o.rowTitle} →`);

    const x: ScaleBand<number> = scaleBand<number>().domain(range(m.cols)).range([0, L.plotWidth]).paddingInner(0).paddingOuter(0);
    const y: ScaleBand<number> = scaleBand<number>().domain(range(m.rows)).range([0, L.plotHeight]).paddingInner(0).paddingOuter(0);

    const colAxis = svg.select<SVGGElement>('.hm-axis-cols').attr('transform', `translate(${L.left},${L.top})`);
    colAxis.call(
      axisTop(x)
        .tickValues(L.colTicks)
        .tickFormat((j) => colLabels[j] ?? String(j))
        .tickSize(TICK)
        .tickPadding(TICK_PAD)
        .tickSizeOuter(0),
    );
    this.styleAxis(colAxis, 'col');
    const texts = colAxis.selectAll<SVGTextElement, number>('.tick text');
    if (L.rotateColLabels)
      texts
        .attr('transform', 'rotate(-90)')
        .attr('x', TICK + TICK_PAD)
        .attr('y', 0)
        .attr('dy', '0.32em')
        .attr('text-anchor', 'start');
    else texts.attr('transform', null).attr('x', null).attr('text-anchor', 'middle');

    const rowAxis = svg.select<SVGGElement>('.hm-axis-rows').attr('transform', `translate(${L.left},${L.top})`);
    rowAxis.call(
      axisLeft(y)
        .tickValues(L.rowTicks)
        .tickFormat((i) => rowLabels[i] ?? String(i))
        .tickSize(TICK)
        .tickPadding(TICK_PAD)
        .tickSizeOuter(0),
    );
    this.styleAxis(rowAxis, 'row');

    // Values printed in the cells (small matrices only).
    type V = { i: number; j: number; t: string; fill: string };
    const cellsData: V[] = [];
    if (L.showValues) {
      for (let i = 0; i < m.rows; i++)
        for (let j = 0; j < m.cols; j++) {
          const p = i * m.cols + j;
          const hidden = !!(m.masked && m.masked[p]);
          const v = m.values[p]!;
          cellsData.push(
            hidden ? { i, j, t: MASK_TEXT, fill: '#333333' } : { i, j, t: cellText(v, this.valueDigits), fill: textColourFor(colourFor(v, o.domain)) },
          );
        }
    }
    svg
      .select<SVGGElement>('.hm-values')
      .attr('transform', `translate(${L.left},${L.top})`)
      .attr('font-size', L.valueFontSize)
      .attr('text-anchor', 'middle')
      .selectAll<SVGTextElement, V>('text')
      .data(cellsData)
      .join('text')
      .attr('class', (d) => (d.t === MASK_TEXT ? 'hm-value hm-value-masked' : 'hm-value'))
      .attr('x', (d) => (d.j + 0.5) * L.cell)
      .attr('y', (d) => (d.i + 0.5) * L.cell)
      .attr('dy', '0.35em')
      .attr('fill', (d) => d.fill)
      .attr('data-row', (d) => d.i)
      .attr('data-col', (d) => d.j)
      .text((d) => d.t);

    // Legend: viridis bar with ticks at the domain ends and middle, then the masked key.
    const [d0, d1] = o.domain;
    const legend = svg.select<SVGGElement>('.hm-legend').attr('transform', `translate(${L.left},${L.legendY})`);
    legend.select('.hm-legend-bar').attr('width', L.legendWidth);
    const lx = scaleLinear().domain([d0, d1]).range([0, L.legendWidth]);
    const la = legend.select<SVGGElement>('.hm-legend-axis').attr('transform', `translate(0,${LEGEND_BAR_H})`);
    la.call(
      axisBottom(lx)
        .tickValues([d0, (d0 + d1) / 2, d1])
        .tickFormat((v) => cellText(+v, 2))
        .tickSize(TICK)
        .tickPadding(TICK_PAD)
        .tickSizeOuter(0),
    );
    la.attr('font-size', FONT).attr('font-family', null);
    la.select('.domain').remove();
    const hasMask = !!m.masked && m.masked.some((v) => v !== 0);
    const key = legend
      .select<SVGGElement>('.hm-legend-mask')
      .attr('display', hasMask ? null : 'none')
      .attr('transform', `translate(${L.legendWidth + 16},0)`);
    key.select('rect').attr('stroke', pal.maskHatch);
    key.select('text').text(o.maskedLabel);
  }

  private styleAxis(g: G, kind: 'row' | 'col'): void {
    g.attr('font-size', FONT).attr('font-family', null);
    g.select('.domain').remove();
    g.selectAll<SVGGElement, number>('.tick').attr(`data-${kind}`, (d) => d);
  }

  /** The cell under a pointer event, or null outside the plot. */
  private cellAt(e: PointerEvent): CellPos | null {
    const m = this.m;
    if (!m || !this.layout || m.rows * m.cols === 0) return null;
    const r = this.canvas.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return null;
    const col = Math.floor(((e.clientX - r.left) / r.width) * m.cols);
    const row = Math.floor(((e.clientY - r.top) / r.height) * m.rows);
    if (row < 0 || col < 0 || row >= m.rows || col >= m.cols) return null;
    return { row, col };
  }

  /** Move the highlight and rewrite the readout for the hovered cell, else the keyboard cursor. */
  private showActive(): void {
    const m = this.m;
    const L = this.layout;
    const active = this.pos.active;
    const cursor = this.pos.cursor;
    const cur = select(this.svg).select<SVGGElement>('.hm-cursor');
    if (cursor) {
      this.element.dataset['cursorRow'] = String(cursor.row);
      this.element.dataset['cursorCol'] = String(cursor.col);
    } else {
      delete this.element.dataset['cursorRow'];
      delete this.element.dataset['cursorCol'];
    }
    select(this.svg)
      .selectAll<SVGGElement, number>('.hm-axis-rows .tick')
      .classed('hm-active', (d) => d === active?.row);
    select(this.svg)
      .selectAll<SVGGElement, number>('.hm-axis-cols .tick')
      .classed('hm-active', (d) => d === active?.col);
    if (!m || !L || !active) {
      cur.attr('display', 'none');
      if (m && L) this.readout.textContent = m.rows * m.cols === 0 ? this.words().empty : this.hint();
      return;
    }
    const { row, col } = active;
    const x = L.left + col * L.cell;
    const yy = L.top + row * L.cell;
    const s = Math.max(L.cell, 3);
    cur.attr('display', null).attr('data-row', row).attr('data-col', col).selectAll('rect').attr('x', x).attr('y', yy).attr('width', s).attr('height', s);
    this.readout.textContent = this.describe(row, col);
  }

  private hint(): string {
    const o = this.options;
    return fillWords(this.words().hint, { row: o.rowTitle, col: o.colTitle });
  }

  /** The readout text of cell (i, j), e.g. "query 2 → key 1: 0.451326 (row sum 1)". */
  private describe(i: number, j: number): string {
    const m = this.m!;
    const o = this.options;
    const p = i * m.cols + j;
    const v = m.values[p]!;
    const hidden = !!(m.masked && m.masked[p]);
    if (o.describeCell) return o.describeCell(i, j, v, hidden);
    const rl = o.rowLabels?.[i];
    const cl = o.colLabels?.[j];
    const who = `${o.rowTitle} ${i}${rl ? ` “${rl}”` : ''} → ${o.colTitle} ${j}${cl ? ` “${cl}”` : ''}`;
    const w = this.words();
    if (hidden) return fillWords(w.cellMasked, { who, masked: o.maskedLabel });
    return fillWords(w.cell, { who, value: formatFull(v), sum: formatFull(this.rowSums[i]!) });
  }

  /** The table alternative: same numbers, <th scope> headers; a note instead when too large. */
  private buildTable(): void {
    const m = this.m!;
    const o = this.options;
    const w = this.words();
    const doc = this.element.ownerDocument;
    this.tableBox.replaceChildren();
    if (m.rows * m.cols > TABLE_MAX_CELLS) {
      const p = doc.createElement('p');
      p.className = 'hm-table-note';
      p.textContent = fillWords(w.tableOmitted, { rows: m.rows, cols: m.cols });
      this.tableBox.append(p);
      return;
    }
    const t = captionedTable(doc, 'hm', fillWords(o.title ? w.captionTitled : w.caption, { title: o.title ?? '', row: o.rowTitle, col: o.colTitle }));
    const head = doc.createElement('thead');
    const hr = doc.createElement('tr');
    hr.append(headerCell(doc, `${o.rowTitle} \\ ${o.colTitle}`, 'col'));
    for (let j = 0; j < m.cols; j++) {
      const cl = o.colLabels?.[j];
      hr.append(headerCell(doc, `${o.colTitle} ${j}${cl ? ` ${cl}` : ''}`, 'col'));
    }
    head.append(hr);
    const body = doc.createElement('tbody');
    for (let i = 0; i < m.rows; i++) {
      const tr = doc.createElement('tr');
      const rl = o.rowLabels?.[i];
      tr.append(headerCell(doc, `${o.rowTitle} ${i}${rl ? ` ${rl}` : ''}`, 'row'));
      for (let j = 0; j < m.cols; j++) {
        const p = i * m.cols + j;
        const td = doc.createElement('td');
        td.dataset['row'] = String(i);
        td.dataset['col'] = String(j);
        const hidden = !!(m.masked && m.masked[p]);
        if (hidden) td.dataset['masked'] = '1';
        td.textContent = hidden ? o.maskedLabel : formatFull(m.values[p]!);
        tr.append(td);
      }
      body.append(tr);
    }
    t.append(head, body);
    this.tableBox.append(t);
  }

  /** The overlay as a standalone SVG document, with the cells as rects (withCells) or without (labels only, for toPNG). */
  private exportSVG(withCells: boolean, scale = 1): string {
    const L = this.layout;
    const m = this.m;
    const o = this.options;
    if (!L || !m) return EMPTY_SVG;
    const pal = this.palette();
    const clone = this.svg.cloneNode(true) as SVGSVGElement;
    clone.querySelectorAll('.hm-cursor').forEach((n) => n.remove());
    clone.querySelectorAll('.hm-active').forEach((n) => n.classList.remove('hm-active'));
    clone.removeAttribute('aria-hidden');
    clone.removeAttribute('class');
    clone.setAttribute('role', 'img');
    clone.setAttribute('aria-label', this.ariaLabel(false));
    clone.setAttribute('color', pal.fg);
    clone.setAttribute('width', String(L.width * scale));
    clone.setAttribute('height', String(L.height * scale));
    const w = this.words();
    const head = `<title>${escapeXml(fillWords(w.svgTitle, { title: o.title ?? w.untitled, row: o.rowTitle, col: o.colTitle }))}</title>`;
    const body = withCells
      ? `<rect class="hm-background" width="${L.width}" height="${L.height}" fill="${pal.bg}"/>` + cellsMarkup(m, L, o.domain, `${this.id}-hatch`, pal)
      : '';
    // Background and cells first, so the overlay's labels and values sit on top.
    return svgDocument(clone, head + body);
  }
}

// ---------------------------------------------------------------- small DOM helpers

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
