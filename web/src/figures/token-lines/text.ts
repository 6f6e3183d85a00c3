// text.ts — the token view's texts (pure, no DOM): label widths (estimated,
// never measured, so the layout is the same in every browser and in tests),
// labels cut to a width with "…", and how a token and a head are named in
// the readout and on the buttons.

import { estimateTextWidth, fill } from '../kit/figure-kit';
import type { Side, TokenLinesData } from './types';
import type { TokenLinesWords } from './words';

/** Label font size, px. */
export const FONT = 12;

/** Rough width in px of a text at a font size (sans-serif; errs on the wide side). */
export function textWidth(s: string, fontPx: number = FONT): number {
  return estimateTextWidth(s, fontPx, 0.62);
}

/** A label cut with "…" so that it is at most maxPx wide (at least one character and the "…" stay). */
export function fitLabel(s: string, maxPx: number, fontPx: number = FONT): string {
  if (textWidth(s, fontPx) <= maxPx) return s;
  const chars = Array.from(s);
  let n = chars.length - 1;
  while (n > 1 && textWidth(chars.slice(0, n).join('') + '…', fontPx) > maxPx) n--;
  return chars.slice(0, n).join('') + '…';
}

/** The full label of token `index` of a side: the given one, else its index. */
export function fullLabel(d: TokenLinesData, side: Side, index: number): string {
  const given = (side === 'query' ? d.queryLabels : d.keyLabels)[index];
  return given !== undefined && given !== '' ? given : String(index);
}

/** Whether token `index` of a side has a label of its own (not just its index). */
export function hasLabel(d: TokenLinesData, side: Side, index: number): boolean {
  const given = (side === 'query' ? d.queryLabels : d.keyLabels)[index];
  return given !== undefined && given !== '';
}

/** How the readout names a token: "query 2" without a label, "cat" when its label is unique in its column, else "the (4)". */
export function tokenName(d: TokenLinesData, side: Side, index: number, w: TokenLinesWords): string {
  if (!hasLabel(d, side, index)) return fill(side === 'query' ? w.query : w.key, { index });
  const labels = side === 'query' ? d.queryLabels : d.keyLabels;
  const n = side === 'query' ? d.rows : d.cols;
  const label = labels[index];
  let count = 0;
  for (let k = 0; k < n; k++) if (labels[k] === label) count++;
  return count > 1 ? fill(w.repeated, { label, index }) : label;
}

/** A token button's accessible name: "query 2: sat", or "query 2" without a label. */
export function buttonName(d: TokenLinesData, side: Side, index: number, w: TokenLinesWords): string {
  const who = fill(side === 'query' ? w.query : w.key, { index });
  return hasLabel(d, side, index) ? fill(w.labelled, { who, label: fullLabel(d, side, index) }) : who;
}

/** The name of head h: its label, else "head {h + 1}". */
export function headName(d: TokenLinesData, h: number, w: TokenLinesWords): string {
  const label = d.heads[h]?.label;
  return label ? label : fill(w.head, { n: h + 1 });
}
