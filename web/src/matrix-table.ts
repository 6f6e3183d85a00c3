// matrix-table.ts — a read-only numeric matrix with its name and shape, as
// used for outputs and intermediate steps (−∞ spelled out).

import { el, formatNumber } from './dom';

/** A matrix view (row-major values). */
export interface TableMatrix {
  data: Float64Array | number[];
  rows: number;
  cols: number;
}

/** Rows/columns beyond which only the top-left corner is shown. */
export const MAX_TABLE = 16;

/** Render `m` as a table with a caption "name (1, n, d)"; large matrices show their top-left corner. */
export function matrixTable(name: string, shape: number[], m: TableMatrix, opts: { digits?: number; rowLabels?: string[]; testid?: string } = {}): HTMLElement {
  const digits = opts.digits ?? 4;
  const rows = Math.min(m.rows, MAX_TABLE);
  const cols = Math.min(m.cols, MAX_TABLE);
  const clipped = rows < m.rows || cols < m.cols;
  const table = el(
    'table',
    { class: 'matrix-table', 'data-testid': opts.testid ?? null },
    el('caption', {}, el('span', { class: 'step-name' }, name), ' ', el('span', { class: 'step-shape' }, `(${shape.join(', ')})`)),
    el(
      'tbody',
      {},
      Array.from({ length: rows }, (_, i) =>
        el(
          'tr',
          {},
          el('th', { scope: 'row', class: 'row-index' }, opts.rowLabels?.[i] ?? String(i)),
          Array.from({ length: cols }, (_, j) => {
            const v = m.data[i * m.cols + j];
            return el('td', { class: v === -Infinity ? 'neg-inf' : null, title: String(v) }, formatNumber(v, digits));
          }),
        ),
      ),
    ),
  );
  return el('div', { class: 'table-scroll' }, table, clipped ? el('p', { class: 'hint' }, `… showing ${rows} × ${cols} of ${m.rows} × ${m.cols}`) : null);
}
