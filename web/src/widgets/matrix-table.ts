// matrix-table.ts — a read-only numeric matrix with its name and shape, as
// used for outputs and intermediate steps (−∞ spelled out). The table is
// built once per shape and then updated in place, so a recompute only
// rewrites the numbers that changed.

import { el, formatNumber, replaceChildren } from './dom';

/** A matrix view (row-major values). */
export interface TableMatrix {
  data: Float64Array | number[];
  rows: number;
  cols: number;
}

/** Rows/columns beyond which only the top-left corner is shown. */
export const MAX_TABLE = 16;

/** Options of a matrix table. */
export interface TableOptions {
  digits?: number;
  rowLabels?: string[];
  testid?: string;
}

/** A reusable table for one matrix. */
export class MatrixTable {
  readonly element: HTMLElement;
  private readonly name: HTMLElement;
  private readonly shape: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private readonly note: HTMLElement;
  private cells: HTMLTableCellElement[] = [];
  private heads: HTMLElement[] = [];
  private built = '';

  constructor(testid?: string) {
    this.name = el('span', { class: 'step-name' });
    this.shape = el('span', { class: 'step-shape' });
    this.body = el('tbody');
    this.note = el('p', { class: 'hint', hidden: true });
    this.element = el(
      'div',
      { class: 'table-scroll' },
      el('table', { class: 'matrix-table', 'data-testid': testid ?? null }, el('caption', {}, this.name, ' ', this.shape), this.body),
      this.note,
    );
  }

  /** Show `m` under `name` with its `shape`. */
  update(name: string, shape: number[], m: TableMatrix, opts: TableOptions = {}): void {
    const digits = opts.digits ?? 4;
    const rows = Math.min(m.rows, MAX_TABLE);
    const cols = Math.min(m.cols, MAX_TABLE);
    this.name.textContent = name;
    this.shape.textContent = `(${shape.join(', ')})`;
    const key = `${rows}x${cols}`;
    if (key !== this.built) {
      this.built = key;
      this.cells = [];
      this.heads = [];
      replaceChildren(
        this.body,
        Array.from({ length: rows }, () => {
          const th = el('th', { scope: 'row', class: 'row-index' });
          this.heads.push(th);
          const tds = Array.from({ length: cols }, () => el('td'));
          this.cells.push(...tds);
          return el('tr', {}, th, tds);
        }),
      );
    }
    this.heads.forEach((th, i) => setText(th, opts.rowLabels?.[i] ?? String(i)));
    for (let i = 0; i < rows; i++)
      for (let j = 0; j < cols; j++) {
        const v = m.data[i * m.cols + j];
        const td = this.cells[i * cols + j];
        if (setText(td, formatNumber(v, digits))) {
          td.title = String(v);
          td.classList.toggle('neg-inf', v === -Infinity);
        }
      }
    const clipped = rows < m.rows || cols < m.cols;
    this.note.hidden = !clipped;
    if (clipped) this.note.textContent = `… showing ${rows} × ${cols} of ${m.rows} × ${m.cols}`;
  }
}

/** Set text only when it changed; true if it did. */
function setText(node: HTMLElement, text: string): boolean {
  if (node.textContent === text) return false;
  node.textContent = text;
  return true;
}

/** A table for `m` built once (for places that draw a matrix a single time). */
export function matrixTable(name: string, shape: number[], m: TableMatrix, opts: TableOptions = {}): HTMLElement {
  const t = new MatrixTable(opts.testid);
  t.update(name, shape, m, opts);
  return t.element;
}
