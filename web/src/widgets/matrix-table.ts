// matrix-table.ts — a read-only numeric matrix with its name and shape, as
// used for outputs and intermediate steps (−∞ spelled out). The table is
// built once per shape and then updated in place, so a recompute only
// rewrites the numbers that changed. Long row labels are cut to
// ROW_LABEL_MAX_CHARS with "…" (the whole label in the title and the
// accessible name), so they never widen the table.
//
// Pointing: highlight() marks a row, a column or one cell from outside (what
// the reader points at elsewhere: classes pointed-row on the <tr>,
// pointed-cell on the <td>s), kept through update(). With onRowPoint, the
// body rows can be pointed at: the pointer over a row, or the focus on its
// header (one header is in the tab order; the arrow keys, Home and End move
// between them); hover wins over focus, as in the heatmap.

import { el, formatNumber, replaceChildren } from './dom';

/** A matrix view (row-major values). */
export interface TableMatrix {
  data: Float64Array | number[];
  rows: number;
  cols: number;
}

/** Rows/columns beyond which only the top-left corner is shown. */
export const MAX_TABLE = 16;
/** Longest row label shown whole; a longer one is cut with "…". */
export const ROW_LABEL_MAX_CHARS = 12;

/** Options of a matrix table. */
export interface TableOptions {
  digits?: number;
  rowLabels?: string[];
  testid?: string;
}

/** Options of a MatrixTable for its whole life. */
export interface MatrixTableOptions {
  /** Called when the pointed body row changes (the hovered row, else the row whose header has focus; null: none). Makes row headers focusable. */
  onRowPoint?: (row: number | null) => void;
}

/** What highlight() marks: a row (row only), a column (col only) or one cell (both). */
export interface TableEmphasis {
  row?: number;
  col?: number;
}

/** A label cut to ROW_LABEL_MAX_CHARS characters with "…", or as it is when it fits. */
export function cutLabel(s: string): string {
  const chars = Array.from(s);
  return chars.length > ROW_LABEL_MAX_CHARS ? chars.slice(0, ROW_LABEL_MAX_CHARS - 1).join('') + '…' : s;
}

/** A reusable table for one matrix. */
export class MatrixTable {
  readonly element: HTMLElement;
  private readonly name: HTMLElement;
  private readonly shape: HTMLElement;
  private readonly body: HTMLTableSectionElement;
  private readonly note: HTMLElement;
  private readonly onRowPoint: ((row: number | null) => void) | undefined;
  private rowEls: HTMLTableRowElement[] = [];
  private cells: HTMLTableCellElement[] = [];
  private heads: HTMLTableCellElement[] = [];
  private shownCols = 0;
  private built = '';
  private emphasis: TableEmphasis | null = null;
  private marked: HTMLElement[] = [];
  private hoverRow: number | null = null;
  private focusRow: number | null = null;
  private pointedRow: number | null = null;
  /** The row whose header is in the tab order. */
  private tabRow = 0;

  constructor(testid?: string, options: MatrixTableOptions = {}) {
    this.onRowPoint = options.onRowPoint;
    this.name = el('span', { class: 'step-name' });
    this.shape = el('span', { class: 'step-shape' });
    this.body = el('tbody');
    this.note = el('p', { class: 'hint', hidden: true });
    // a box that may scroll sideways on a narrow screen: reachable with the keyboard, named by its matrix
    this.element = el(
      'div',
      { class: 'table-scroll', tabindex: 0, role: 'region' },
      el('table', { class: 'matrix-table', 'data-testid': testid ?? null }, el('caption', {}, this.name, ' ', this.shape), this.body),
      this.note,
    );
    if (this.onRowPoint) this.listenRows();
  }

  /** Show `m` under `name` with its `shape`. */
  update(name: string, shape: number[], m: TableMatrix, opts: TableOptions = {}): void {
    const digits = opts.digits ?? 4;
    const rows = Math.min(m.rows, MAX_TABLE);
    const cols = Math.min(m.cols, MAX_TABLE);
    setText(this.name, name);
    setText(this.shape, `(${shape.join(', ')})`);
    if (this.element.getAttribute('aria-label') !== name) this.element.setAttribute('aria-label', name);
    const key = `${rows}x${cols}`;
    if (key !== this.built) {
      this.built = key;
      this.build(rows, cols);
    }
    this.heads.forEach((th, i) => setLabel(th, opts.rowLabels?.[i] ?? String(i)));
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

  /** Mark a row (row only), a column (col only) or one cell (both) as pointed at from outside; null (or neither) clears. Calls no onRowPoint. */
  highlight(h: TableEmphasis | null): void {
    this.emphasis = h && (h.row !== undefined || h.col !== undefined) ? { ...h } : null;
    this.mark();
  }

  /** Build the rows of a rows × cols table, then re-apply the highlight and keep the pointed row inside it. */
  private build(rows: number, cols: number): void {
    this.cells = [];
    this.heads = [];
    this.shownCols = cols;
    this.marked = [];
    this.rowEls = Array.from({ length: rows }, (_, i) => {
      const th = el('th', { scope: 'row', class: 'row-index' });
      this.heads.push(th);
      const tds = Array.from({ length: cols }, () => el('td'));
      this.cells.push(...tds);
      return el('tr', { 'data-row': String(i) }, th, tds);
    });
    replaceChildren(this.body, this.rowEls);
    if (this.onRowPoint) {
      this.tabRow = Math.min(this.tabRow, Math.max(rows - 1, 0));
      this.heads.forEach((th, i) => (th.tabIndex = i === this.tabRow ? 0 : -1));
      if (this.hoverRow !== null && this.hoverRow >= rows) this.hoverRow = null;
      if (this.focusRow !== null && this.focusRow >= rows) this.focusRow = null;
      this.emitRow();
    }
    this.mark();
  }

  /** Put the pointed-row / pointed-cell classes where the emphasis says, and take them off where it no longer does. */
  private mark(): void {
    for (const e of this.marked) e.classList.remove('pointed-row', 'pointed-cell');
    this.marked = [];
    const h = this.emphasis;
    if (!h) return;
    const rows = this.rowEls.length;
    const cols = this.shownCols;
    const inRows = h.row !== undefined && h.row >= 0 && h.row < rows;
    const inCols = h.col !== undefined && h.col >= 0 && h.col < cols;
    const add = (e: HTMLElement | undefined, cls: string): void => {
      if (!e) return;
      e.classList.add(cls);
      this.marked.push(e);
    };
    if (h.row !== undefined && h.col !== undefined) {
      if (inRows && inCols) add(this.cells[h.row * cols + h.col], 'pointed-cell');
    } else if (h.row !== undefined) {
      if (inRows) add(this.rowEls[h.row], 'pointed-row');
    } else if (inCols) for (let i = 0; i < rows; i++) add(this.cells[i * cols + h.col!], 'pointed-cell');
  }

  /** The row of an event's target inside the body, or null. */
  private rowOf(target: EventTarget | null): number | null {
    const tr = target instanceof Element ? target.closest('tr') : null;
    if (!tr || tr.parentElement !== this.body) return null;
    const i = Number(tr.dataset['row']);
    return Number.isInteger(i) ? i : null;
  }

  /** Pointer and focus on the body point at rows; the arrow keys move the focus between row headers. */
  private listenRows(): void {
    this.body.addEventListener('pointerover', (e) => {
      this.hoverRow = this.rowOf(e.target);
      this.emitRow();
    });
    this.body.addEventListener('pointerleave', () => {
      this.hoverRow = null;
      this.emitRow();
    });
    this.body.addEventListener('focusin', (e) => {
      const i = this.rowOf(e.target);
      if (i === null) return;
      this.focusRow = i;
      this.heads[this.tabRow]?.setAttribute('tabindex', '-1');
      this.tabRow = i;
      this.heads[i]?.setAttribute('tabindex', '0');
      this.emitRow();
    });
    this.body.addEventListener('focusout', (e) => {
      if (this.rowOf(e.relatedTarget) !== null) return; // the focus moves to another row: focusin follows
      this.focusRow = null;
      this.emitRow();
    });
    this.body.addEventListener('keydown', (e) => {
      const i = this.rowOf(e.target);
      const n = this.heads.length;
      if (i === null || !(e.target instanceof HTMLTableCellElement) || e.target.tagName !== 'TH') return;
      const next = { ArrowUp: i - 1, ArrowDown: i + 1, Home: 0, End: n - 1 }[e.key];
      if (next === undefined) return;
      e.preventDefault();
      this.heads[Math.max(0, Math.min(n - 1, next))]?.focus();
    });
  }

  /** Tell onRowPoint when the pointed row (hovered, else focused) changed. */
  private emitRow(): void {
    const row = this.hoverRow ?? this.focusRow;
    if (row === this.pointedRow) return;
    this.pointedRow = row;
    this.onRowPoint?.(row);
  }
}

/** Set text only when it changed; true if it did. */
function setText(node: HTMLElement, text: string): boolean {
  if (node.textContent === text) return false;
  node.textContent = text;
  return true;
}

/** Show a row label, cut when long: the whole label then in the title (on hover) and the accessible name. */
function setLabel(th: HTMLElement, label: string): void {
  const shown = cutLabel(label);
  if (!setText(th, shown)) return;
  if (shown === label) {
    th.removeAttribute('title');
    th.removeAttribute('aria-label');
  } else {
    th.title = label;
    th.setAttribute('aria-label', label);
  }
}

/** A table for `m` built once (for places that draw a matrix a single time). */
export function matrixTable(name: string, shape: number[], m: TableMatrix, opts: TableOptions = {}): HTMLElement {
  const t = new MatrixTable(opts.testid);
  t.update(name, shape, m, opts);
  return t.element;
}
