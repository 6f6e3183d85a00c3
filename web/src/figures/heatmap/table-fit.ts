// table-fit.ts — how the table alternative fits its box (pure, no DOM).
// Headers name the index once ("key 2") and a token name only when there is
// one that is not the index itself ("key 2 “sat”"). Each column's least
// width is estimated from its texts (like the layout's labels: never
// measured, erring wide), and when the whole table is wider than the box its
// key columns are split into parts — stacked tables, each with the row
// headers — so no table is wider than its box (a table that would need more
// than TABLE_MAX_PARTS parts stays whole and scrolls in its box).

import { formatFull } from '../kit/figure-kit';
import { isMasked } from './data';
import { textWidth } from './layout';
import { tokenName } from './readout';
import type { Matrix } from './types';

/** Most parts a table is split into; a wider one stays whole (its box scrolls). */
export const TABLE_MAX_PARTS = 4;
/** A name up to this many characters is never broken inside its header (longer ones may wrap anywhere). */
export const NAME_KEEP_CHARS = 8;
/** Horizontal padding and border of a table cell, px (heatmap.css: 4 px each side, 1 px border). */
export const TABLE_CELL_EXTRA = 2 * 4 + 1;

/** A header: the axis title with the index ("key 2"), and the token name when it says more than the index. */
export interface HeaderText {
  index: string;
  name: string | null;
}

/** The header of index k of an axis titled `title` with label `label` (none, '' or the index itself: no name). */
export function headerText(title: string, k: number, label: string | undefined): HeaderText {
  return { index: `${title} ${k}`, name: tokenName(label, k) };
}

/** Least width of a header, px: its index never breaks, its name only beyond NAME_KEEP_CHARS characters. */
function headerWidth(h: HeaderText): number {
  const keep = h.name
    ? textWidth(
        Array.from(h.name)
          .slice(0, NAME_KEEP_CHARS + 2)
          .join(''),
      )
    : 0;
  return Math.max(textWidth(h.index), keep);
}

/** What the table shows besides the matrix: the axis titles and labels, the corner's text, and the notes column (null: none). */
export interface TableTexts {
  rowTitle: string;
  colTitle: string;
  rowLabels?: string[];
  colLabels?: string[];
  corner: string;
  maskedLabel: string;
  notes: { title: string; texts: string[] } | null;
}

/** The least widths, px: the row headers' column, and each further column (the keys, then the notes when there are any). */
export function columnWidths(m: Matrix, t: TableTexts): { rowHead: number; cols: number[] } {
  let rowHead = Math.max(...t.corner.split(/\s+/).map((w) => textWidth(w)));
  for (let i = 0; i < m.rows; i++) rowHead = Math.max(rowHead, headerWidth(headerText(t.rowTitle, i, t.rowLabels?.[i])));
  const cols: number[] = [];
  for (let j = 0; j < m.cols; j++) {
    let w = headerWidth(headerText(t.colTitle, j, t.colLabels?.[j]));
    for (let i = 0; i < m.rows; i++) {
      const p = i * m.cols + j;
      w = Math.max(w, textWidth(isMasked(m, p) ? t.maskedLabel : formatFull(m.values[p])));
    }
    cols.push(w + TABLE_CELL_EXTRA);
  }
  if (t.notes) {
    const words = t.notes.title.split(/\s+/).map((w) => textWidth(w));
    cols.push(Math.max(...words, ...t.notes.texts.slice(0, m.rows).map((s) => textWidth(s))) + TABLE_CELL_EXTRA);
  }
  return { rowHead: rowHead + TABLE_CELL_EXTRA, cols };
}

/** A part of a table: the columns [start, end) of columnWidths' list. */
export type TablePart = [start: number, end: number];

/**
 * The columns split into parts that each fit `avail` px next to the row headers: one part when all fit (or
 * the width is unknown), else the fewest parts, as even as fits (the larger first); one part when more than maxParts would be needed.
 */
export function tableParts(widths: { rowHead: number; cols: number[] }, avail: number, maxParts: number = TABLE_MAX_PARTS): TablePart[] {
  const n = widths.cols.length;
  const whole: TablePart[] = [[0, n]];
  const fits = ([s, e]: TablePart): boolean => widths.cols.slice(s, e).reduce((a, b) => a + b, widths.rowHead) <= avail;
  if (!(avail > 0) || n <= 1 || fits([0, n])) return whole;
  const greedy: TablePart[] = [];
  for (let s = 0; s < n;) {
    let e = s + 1;
    while (e < n && fits([s, e + 1])) e++;
    greedy.push([s, e]);
    s = e;
  }
  if (greedy.length > maxParts) return whole;
  const k = greedy.length;
  // as even as can be, the larger parts first
  const even: TablePart[] = Array.from({ length: k }, (_, p) => [Math.ceil((p * n) / k), Math.ceil(((p + 1) * n) / k)]);
  return even.every(fits) ? even : greedy;
}
