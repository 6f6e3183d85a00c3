// readout.ts — what the heatmap says in words (pure, no DOM): its accessible
// name, the readout's hint and the description of one cell, e.g.
// "query 2 → key 1: 0.451326 (row sum 1)", from the templates in words.ts.

import { fill, formatFull } from '../kit/figure-kit';
import { isMasked } from './data';
import type { Matrix, ResolvedOptions } from './types';
import { DEFAULT_HEATMAP_WORDS, type HeatmapWords } from './words';

/** The full set of words: the given ones over DEFAULT_HEATMAP_WORDS. */
export function heatmapWords(words?: Partial<HeatmapWords>): HeatmapWords {
  return { ...DEFAULT_HEATMAP_WORDS, ...words };
}

/** The accessible name, e.g. "head 1: heatmap of 3 rows (query, …) by 3 columns (key, …)."; with the keyboard help when interactive. */
export function ariaLabel(m: Matrix, o: ResolvedOptions, w: HeatmapWords, interactive = true): string {
  const text = fill(o.title ? w.ariaTitled : w.aria, { title: o.title ?? '', rows: m.rows, row: o.rowTitle, cols: m.cols, col: o.colTitle });
  return interactive ? fill(w.ariaKeys, { label: text }) : text;
}

/** The readout when no cell is active: the hint, or the note of an empty matrix. */
export function idleText(m: Matrix, o: ResolvedOptions, w: HeatmapWords): string {
  return m.rows * m.cols === 0 ? w.empty : fill(w.hint, { row: o.rowTitle, col: o.colTitle });
}

/** The token name of index k to write after the index, e.g. “sat”; null when there is none, or it is only the index again (labels "0", "1", … when no tokens are named). */
export function tokenName(label: string | undefined, k: number): string | null {
  return label !== undefined && label !== '' && label !== String(k) ? `“${label}”` : null;
}

/** The readout text of cell (i, j), e.g. "query 2 “sat” → key 1: 0.451326 (row sum 1)"; options.describeCell replaces it. */
export function describeCell(m: Matrix, sums: Float64Array, o: ResolvedOptions, w: HeatmapWords, i: number, j: number): string {
  const p = i * m.cols + j;
  const v = m.values[p];
  const hidden = isMasked(m, p);
  if (o.describeCell) return o.describeCell(i, j, v, hidden);
  const rl = tokenName(o.rowLabels?.[i], i);
  const cl = tokenName(o.colLabels?.[j], j);
  const who = `${o.rowTitle} ${i}${rl ? ` ${rl}` : ''} → ${o.colTitle} ${j}${cl ? ` ${cl}` : ''}`;
  if (hidden) return fill(w.cellMasked, { who, masked: o.maskedLabel });
  return fill(w.cell, { who, value: formatFull(v), sum: formatFull(sums[i]) });
}

/** The <title> of an exported SVG, e.g. "head 1 (rows: query, columns: key)". */
export function svgTitle(o: ResolvedOptions, w: HeatmapWords): string {
  return fill(w.svgTitle, { title: o.title ?? w.untitled, row: o.rowTitle, col: o.colTitle });
}

/** The caption of the table alternative. */
export function tableCaption(o: ResolvedOptions, w: HeatmapWords): string {
  return fill(o.title ? w.captionTitled : w.caption, { title: o.title ?? '', row: o.rowTitle, col: o.colTitle });
}
