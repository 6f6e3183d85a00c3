// row-table.ts — the tile stepper's per-row table: after the current
// key tile, for each query row, the running maximum m (old → new), the factor
// e^(m_old − m_new) the old sum and output are rescaled by when m grows, the
// running sum l (old → new, with a bar against the largest final l), the
// partial output acc / l, and at the end ln Σ e^s = m + ln l (lse).

import { rowReading, type TypedTrace } from '../../model/tiles';
import { el, formatNumber } from '../../widgets/dom';

/** The table's words: column heads, the caption, the mark of an unchanged row. */
export interface RowTableWords {
  caption: string;
  row: string;
  m: string;
  rescale: string;
  l: string;
  partial: string;
  lse: string;
  /** Said (visually hidden) in a row the current tile did not change. */
  unchanged: string;
}

/** A number as the table writes it: 4 decimals, −∞ spelled out, no −0. */
const num = (x: number): string => formatNumber(x === 0 ? 0 : x, 4);

/** "old → new", or just "new" when it did not change. */
const change = (a: number, b: number): string => (a === b ? num(b) : `${num(a)} → ${num(b)}`);

/** The table of every query row after step `step` of `trace` (0: before any tile); lse only once every tile is read. */
export function rowTable(trace: TypedTrace, step: number, words: RowTableWords): HTMLTableElement {
  const last = step === trace.steps.length;
  const nq = trace.out.rows;
  const final = trace.steps[trace.steps.length - 1];
  const maxL = final ? Math.max(1e-300, ...Array.from(final.l)) : 1;
  const head = el(
    'tr',
    {},
    [words.row, words.m, words.rescale, words.l, words.partial, ...(last ? [words.lse] : [])].map((h) => el('th', { scope: 'col' }, h)),
  );
  const rows = Array.from({ length: nq }, (_, i) => {
    const r = rowReading(trace, step, i);
    const bar = el('span', { class: 'tiles-bar', 'aria-hidden': 'true' });
    bar.style.width = `${Math.min(100, (100 * r.l) / maxL)}%`;
    return el(
      'tr',
      { class: r.touched ? 'tiles-touched' : '', 'data-row': i, 'data-m': String(r.m), 'data-l': String(r.l) },
      el('th', { scope: 'row' }, String(i), r.touched || step === 0 ? null : el('span', { class: 'visually-hidden' }, ` (${words.unchanged})`)),
      el('td', { 'data-testid': 'tiles-m' }, change(r.mOld, r.m)),
      el('td', { 'data-testid': 'tiles-rescale' }, r.rescale === null ? '' : num(r.rescale)),
      el('td', { 'data-testid': 'tiles-l' }, el('span', { class: 'tiles-l-text' }, change(r.lOld, r.l)), el('span', { class: 'tiles-bar-box' }, bar)),
      el('td', { 'data-testid': 'tiles-partial', class: 'tiles-vector' }, `[${Array.from(r.partial, (v) => formatNumber(v === 0 ? 0 : v, 3)).join(', ')}]`),
      last ? el('td', { 'data-testid': 'tiles-lse' }, num(trace.lse[i])) : null,
    );
  });
  return el('table', { class: 'tiles-table' }, el('caption', {}, words.caption), el('thead', {}, head), el('tbody', {}, rows));
}
