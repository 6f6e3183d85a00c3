// layout.ts — where everything of a heatmap goes (pure, no DOM): the sizes
// of its parts, the cell side that fits the width, the label margins, the
// labels cut to length and thinned to ticks that do not overlap, whether
// values fit in the cells (and with how many digits), the legend below,
// and the optional notes: one per row right of the plot under a wrapped
// title, and one with the legend (beside it when it fits, else below).
// Text widths are estimated, never measured, so the layout is the same in
// every browser and in tests.

import { estimateTextWidth } from '../kit/figure-kit';
import { anyMasked } from './data';
import type { Matrix, ResolvedOptions } from './types';

/** Largest cell side in CSS pixels. */
export const MAX_CELL = 48;
/** Smallest cell side in CSS pixels (wider matrices scroll). */
export const MIN_CELL = 1;
/** Label font size, px. */
export const FONT = 12;
/** Tick length, px. */
export const TICK = 4;
/** Gap between tick and label, px. */
export const TICK_PAD = 3;
/** Outer padding, px. */
export const PAD = 4;
/** Height of the optional title line, px. */
export const TITLE_H = 22;
/** Height of the "key →" line and width of the "query →" strip, px. */
export const AXIS_TITLE_H = 16;
/** Height of the legend's colour bar, px. */
export const LEGEND_BAR_H = 10;
/** Height of the legend: bar, ticks and labels, px. */
export const LEGEND_H = LEGEND_BAR_H + TICK + TICK_PAD + FONT + 2;
/** Gap between the plot and the row notes, px. */
export const NOTE_GAP = 8;
/** Line height of the row notes' title, px. */
export const NOTE_LINE_H = 14;
/** Gap between the legend (or its masked key) and a legend note beside it, px. */
const LEGEND_NOTE_GAP = 16;
const LABEL_MAX_CHARS = 12;
const GRID_MIN_CELL = 20; // draw separators between cells from this size up

// ---------------------------------------------------------------- text

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

/** The n labels an axis shows: the given ones cut with shortLabel, the index where none (or '') is given. */
export function axisLabels(n: number, given: string[] | undefined): string[] {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const g = given?.[i];
    out.push(g !== undefined && g !== '' ? shortLabel(g) : String(i));
  }
  return out;
}

/** A text wrapped at spaces into lines no wider than maxPx (greedy; a word wider than that gets a line of its own). */
export function wrapWords(text: string, maxPx: number, fontPx: number = FONT): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.length - 1;
    if (last >= 0 && textWidth(`${lines[last]} ${word}`, fontPx) <= maxPx) lines[last] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** The width of the widest of some texts (at least that of "0"). */
function widest(texts: string[]): number {
  return texts.reduce((w, s) => Math.max(w, textWidth(s)), textWidth('0'));
}

// ---------------------------------------------------------------- ticks

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

// ---------------------------------------------------------------- the layout

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
  /** Left edge of the row notes (start-anchored), and their column's width (0: no notes). */
  notesX: number;
  notesWidth: number;
  /** The row notes' title, wrapped; the first line's baseline is notesTitleY, the next ones NOTE_LINE_H lower. */
  notesTitleLines: string[];
  notesTitleY: number;
  /** The legend note, wrapped (none: no note); where it starts (x) and the middle of its first line (y, text with dy 0.32em), the next ones NOTE_LINE_H lower. */
  legendNoteLines: string[];
  legendNoteX: number;
  legendNoteY: number;
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
  /** One note per row (none: no notes column). */
  rowNotes?: string[];
  rowNotesTitle?: string;
  legendNote?: string;
}

/** The row notes' column: its width before the title is wrapped (the widest note, or the title's widest word), 0 without notes. */
function notesMinWidth(p: LayoutInput): number {
  if (!p.rowNotes || p.rowNotes.length === 0) return 0;
  const words = p.rowNotesTitle ? p.rowNotesTitle.split(/\s+/) : [];
  return Math.ceil(Math.max(widest(p.rowNotes.slice(0, p.rows)), widest(words)));
}

/** The row notes' title wrapped to `room` px, and the top of the plot its lines need above it (0 without a title). */
function notesTitle(p: LayoutInput, room: number, titleH: number): { lines: string[]; top: number } {
  const lines = p.rowNotes?.length && p.rowNotesTitle ? wrapWords(p.rowNotesTitle, room) : [];
  return { lines, top: lines.length ? Math.ceil(PAD + titleH + lines.length * NOTE_LINE_H + TICK + TICK_PAD + 2) : 0 };
}

/** Where the legend note goes: beside the legend (and the masked key) when it fits in `avail`, else below, wrapped to the width; its lines, right edge and the height it adds. */
function legendNotePlace(
  p: LayoutInput,
  left: number,
  legendRight: number,
  legendY: number,
  avail: number,
): { lines: string[]; x: number; y: number; right: number; extraH: number } {
  if (!p.legendNote) return { lines: [], x: left, y: legendY, right: 0, extraH: 0 };
  const w = textWidth(p.legendNote);
  const besideX = legendRight + LEGEND_NOTE_GAP;
  if (besideX + w + PAD <= avail) return { lines: [p.legendNote], x: besideX, y: legendY + LEGEND_BAR_H / 2, right: besideX + w, extraH: 0 };
  const lines = wrapWords(p.legendNote, avail - left - PAD);
  const right = left + Math.max(...lines.map((l) => textWidth(l)));
  return { lines, x: left, y: legendY + LEGEND_H + 2 + NOTE_LINE_H / 2, right, extraH: lines.length * NOTE_LINE_H + 2 };
}

/** Lay out a heatmap: square cells (MIN_CELL..MAX_CELL px) that fit the width next to the row notes, margins for labels, thinned ticks, legend below. */
export function computeLayout(p: LayoutInput): HeatmapLayout {
  const rowLabelW = widest(p.rowLabels);
  const colLabelW = widest(p.colLabels);
  const left = Math.ceil(PAD + AXIS_TITLE_H + rowLabelW + TICK + TICK_PAD + 2);
  const avail = Number.isFinite(p.availableWidth) && p.availableWidth > 0 ? p.availableWidth : 640;
  const notesMin = notesMinWidth(p);
  const notesBlock = notesMin > 0 ? NOTE_GAP + notesMin : 0;
  const cell = Math.max(MIN_CELL, Math.min(MAX_CELL, Math.floor((avail - left - notesBlock - PAD) / Math.max(p.cols, 1))));

  // Column labels: horizontal unless custom labels would need more thinning than vertical ones.
  const hStep = tickStep(cell, colLabelW + 6);
  const vStep = tickStep(cell, FONT + 4);
  const rotateColLabels = p.customColLabels && hStep > vStep;
  const colTicks = thinTicks(p.cols, cell, rotateColLabels ? FONT + 4 : colLabelW + 6);
  const rowTicks = thinTicks(p.rows, cell, FONT + 4);
  const colLabelsH = rotateColLabels ? colLabelW : FONT + 2;
  const titleH = p.title ? TITLE_H : 0;

  const plotWidth = p.cols * cell;
  const plotHeight = p.rows * cell;
  const notesX = left + plotWidth + NOTE_GAP;
  const nt = notesTitle(p, Math.max(notesMin, avail - notesX - PAD), titleH);
  const top = Math.max(Math.ceil(PAD + titleH + AXIS_TITLE_H + colLabelsH + TICK + TICK_PAD), nt.top);
  const notesWidth = notesMin > 0 ? Math.ceil(Math.max(notesMin, ...nt.lines.map((l) => textWidth(l)))) : 0;

  const valueFontSize = Math.min(13, Math.floor((cell - 4) / (Math.max(p.valueChars, 1) * 0.62)));
  const showValues =
    p.showValues === 'always' ? p.rows * p.cols > 0 : p.showValues === 'never' ? false : cell >= 28 && p.rows * p.cols <= 400 && valueFontSize >= 8;

  const maskKeyW = p.hasMask ? 16 + 14 + 4 + textWidth(p.maskedLabel) : 0;
  const legendWidth = Math.max(100, Math.min(200, plotWidth, avail - left - maskKeyW - PAD));
  const legendY = top + plotHeight + 14;
  const note = legendNotePlace(p, left, left + legendWidth + maskKeyW, legendY, avail);
  const width = Math.ceil(
    Math.max(
      left + plotWidth + PAD,
      notesWidth > 0 ? notesX + notesWidth + PAD : 0,
      left + legendWidth + maskKeyW + PAD,
      note.right + PAD,
      left + textWidth(`${p.colTitle} →`) + PAD,
      p.title ? PAD + textWidth(p.title, 14) + PAD : 0,
    ),
  );
  const height = Math.ceil(legendY + LEGEND_H + note.extraH + PAD);
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
    notesX,
    notesWidth,
    notesTitleLines: nt.lines,
    // the title's last line level with the column labels
    notesTitleY: top - TICK - TICK_PAD - (nt.lines.length - 1) * NOTE_LINE_H,
    legendNoteLines: note.lines,
    legendNoteX: note.x,
    legendNoteY: note.y,
  };
}

/** The layout of a matrix with its options at a width, with the values printed to `digits` decimals (the widest of the first 400 sets their font). */
export function layoutFor(m: Matrix, o: ResolvedOptions, availableWidth: number, digits: number, rowLabels: string[], colLabels: string[]): HeatmapLayout {
  let valueChars = 1;
  for (let p = 0, n = Math.min(m.values.length, 400); p < n; p++) valueChars = Math.max(valueChars, cellText(m.values[p], digits).length);
  return computeLayout({
    rows: m.rows,
    cols: m.cols,
    availableWidth,
    rowLabels,
    colLabels,
    customColLabels: !!o.colLabels,
    title: o.title,
    rowTitle: o.rowTitle,
    colTitle: o.colTitle,
    showValues: o.showValues,
    valueChars,
    hasMask: anyMasked(m),
    maskedLabel: o.maskedLabel,
    rowNotes: o.rowNotes,
    rowNotesTitle: o.rowNotesTitle,
    legendNote: o.legendNote,
  });
}

/** The layout to draw, and the decimals of the values in it: fewer (down to 2) when `o.digits` would need a font under 10 px ('auto' only). */
export function fitLayout(
  m: Matrix,
  o: ResolvedOptions,
  availableWidth: number,
  rowLabels: string[],
  colLabels: string[],
): { layout: HeatmapLayout; digits: number } {
  let digits = o.digits;
  let L = layoutFor(m, o, availableWidth, digits, rowLabels, colLabels);
  while (L.showValues && L.valueFontSize < 10 && digits > 2 && o.showValues === 'auto') {
    const next = layoutFor(m, o, availableWidth, digits - 1, rowLabels, colLabels);
    if (!next.showValues) break;
    digits--;
    L = next;
  }
  return { layout: L, digits };
}
