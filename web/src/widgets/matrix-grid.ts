// matrix-grid.ts — the grid of one matrix editor: a text input per cell
// (Tab / arrow keys / Enter move between them), each column as wide as its
// longest text (cell-width.ts; a value still cut has its full text in the
// title), bad cells marked in place, and one row that can be pointed at
// (class is-pointed) without rebuilding anything. The grid scrolls inside its
// own box, so a tall or wide matrix never stretches the page; a tall grid
// (class is-tall) builds a row's inputs only when it scrolls near the box's
// visible part: a 128 × 128 grid opens in a fraction of a second, not in the
// seconds 16,384 inputs take to style and lay out.

import { cellWidthCss, columnWidths, isCut } from './cell-width';
import { el } from './dom';

/** What the grid tells its editor. */
export interface MatrixGridEvents {
  /** Cell (i, j) now holds `value`: 'live' while typing, 'push' when committed. */
  edit(i: number, j: number, value: string, history: 'push' | 'live'): void;
  /** Text pasted into a cell (the editor decides whether it is one value or a whole matrix). */
  paste(e: ClipboardEvent): void;
}

/** A bad cell to mark, with the message its title shows. */
export interface MarkedCell {
  row: number;
  col: number;
  message: string;
}

/** The class of the pointed row's header and cells. */
export const POINTED_CLASS = 'is-pointed';

/** Grids of more rows than this are "tall": their rows are built as they scroll into view. */
export const TALL_ROWS = 16;

/** How far beyond the box's visible part (px) the rows of a tall grid are built ahead of the scrolling. */
const BUILD_AHEAD_PX = 300;

/** An editable grid of `rows` × `cols` cells. */
export class MatrixGrid {
  /** The scrolling box that holds the table. */
  readonly element: HTMLElement;
  private readonly cols: number;
  private readonly cellLabel: (row: number, col: number) => string;
  private readonly events: MatrixGridEvents;
  private readonly rowElements: HTMLTableRowElement[] = [];
  /** The cell inputs of each row; [] for a row of a tall grid not built yet. */
  private readonly inputs: HTMLInputElement[][] = [];
  /** Per row: its header and its cells, the elements that carry is-pointed. */
  private readonly rowParts: HTMLElement[][] = [];
  /** The text of each cell (compared instead of reading input.value, a DOM read per cell; kept for rows not built yet). */
  private shown: string[][] = [];
  private widths: number[] = [];
  /** The bad cells, and the inputs marked for them (in the rows built so far). */
  private marks: readonly MarkedCell[] = [];
  private marked: { input: HTMLInputElement; row: number; col: number }[] = [];
  private pointed: number | null = null;
  /** Builds the rows of a tall grid as they come near the box's visible part (null: every row is built). */
  private readonly observer: IntersectionObserver | null = null;
  private readonly rowOf = new Map<Element, number>();

  constructor(name: string, rows: number, cols: number, cellLabel: (row: number, col: number) => string, events: MatrixGridEvents) {
    this.cols = cols;
    this.cellLabel = cellLabel;
    this.events = events;
    // explicit roles: a tall grid's rows are flex boxes (CSS), and the table must stay a table to assistive technology
    const tbody = el('tbody', { role: 'rowgroup' });
    for (let i = 0; i < rows; i++) {
      const th = el('th', { scope: 'row', role: 'rowheader', class: 'row-index' }, String(i));
      const tr = el('tr', { role: 'row' }, th);
      this.rowElements.push(tr);
      this.inputs.push([]);
      this.rowParts.push([th]);
      tbody.appendChild(tr);
    }
    const tall = rows > TALL_ROWS;
    const table = el('table', { class: tall ? 'matrix-grid is-tall' : 'matrix-grid', role: 'table', 'data-testid': `grid-${name}` }, tbody);
    table.style.setProperty('--row-index-ch', String(String(rows - 1).length)); // one width for every row header (CSSOM: CSP-safe)
    this.element = el('div', { class: 'grid-scroll' }, table);
    // a 128 × 128 grid is 16,384 inputs, about 2 s of style and layout: a tall grid builds its first rows now and the
    // others when they scroll near (where IntersectionObserver exists; jsdom builds every row)
    if (tall && typeof IntersectionObserver !== 'undefined') {
      this.observer = new IntersectionObserver((entries) => entries.forEach((e) => e.isIntersecting && this.row(this.rowOf.get(e.target) ?? -1)), {
        root: this.element,
        rootMargin: `${BUILD_AHEAD_PX}px 0px`,
      });
      this.rowElements.forEach((tr, i) => {
        if (i < TALL_ROWS) return void this.row(i);
        this.rowOf.set(tr, i);
        this.observer?.observe(tr);
      });
    } else for (let i = 0; i < rows; i++) this.row(i);
  }

  /** Stop building rows (the grid is being replaced). */
  dispose(): void {
    this.observer?.disconnect();
  }

  /** Write `text` into the cells (a cell a short row lacks is shown empty), then size the columns to it. */
  show(text: readonly (readonly string[])[]): void {
    for (let i = 0; i < this.rowElements.length; i++)
      for (let j = 0; j < this.cols; j++) {
        const v = text[i]?.[j] ?? ''; // not the text the cell had before
        if (this.shown[i]?.[j] === v) continue;
        (this.shown[i] ??= [])[j] = v;
        const input = this.inputs[i][j] as HTMLInputElement | undefined; // a row not built yet takes it when it is
        if (!input) continue;
        // the focused cell too: while typing its text already is v (cell text is kept verbatim), and
        // after Back/Forward or a link it must show the state's value, not what was typed before
        if (input.value !== v) input.value = v;
        if (!input.classList.contains('cell-bad')) this.titleLong(input, v);
      }
    this.sizeColumns();
  }

  /** The inputs of row `i`, built now if they are not yet (undefined: no such row). */
  private row(i: number): HTMLInputElement[] | undefined {
    const tr = this.rowElements[i] as HTMLTableRowElement | undefined;
    if (!tr) return undefined;
    const line = this.inputs[i];
    if (line.length === this.cols) return line;
    this.observer?.unobserve(tr);
    const tds: HTMLElement[] = [];
    for (let j = 0; j < this.cols; j++) {
      const input = el('input', {
        type: 'text',
        inputmode: 'decimal',
        spellcheck: 'false',
        autocomplete: 'off',
        class: 'cell',
        'data-row': i,
        'data-col': j,
        'aria-label': this.cellLabel(i, j),
      });
      input.addEventListener('input', () => this.events.edit(i, j, input.value, 'live'));
      input.addEventListener('change', () => this.events.edit(i, j, input.value, 'push'));
      input.addEventListener('keydown', (e) => this.navigate(e, i, j));
      input.addEventListener('paste', (e) => this.events.paste(e));
      const v = this.shown[i]?.[j] ?? '';
      if (v) input.value = v;
      this.titleLong(input, v);
      if (this.widths[j] !== undefined) input.style.width = cellWidthCss(this.widths[j]);
      line.push(input);
      tds.push(el('td', { role: 'cell' }, input));
    }
    this.rowParts[i].push(...tds);
    if (this.pointed === i) for (const td of tds) td.classList.add(POINTED_CLASS);
    tr.append(...tds);
    for (const c of this.marks) if (c.row === i) this.markOne(c);
    return line;
  }

  /** Mark `cells` as bad (aria-invalid, a red cell, the message as its title) and unmark the ones marked before. */
  mark(cells: readonly MarkedCell[]): void {
    for (const { input, row, col } of this.marked) {
      input.removeAttribute('aria-invalid');
      input.classList.remove('cell-bad');
      this.titleLong(input, this.shown[row]?.[col] ?? '');
    }
    this.marked = [];
    this.marks = cells;
    for (const c of cells) this.markOne(c);
  }

  /** Mark one bad cell, if its row is built. */
  private markOne(c: MarkedCell): void {
    const input = this.inputs[c.row]?.[c.col];
    if (!input) return;
    input.setAttribute('aria-invalid', 'true');
    input.setAttribute('title', c.message);
    input.classList.add('cell-bad');
    this.marked.push({ input, row: c.row, col: c.col });
  }

  /** Point at row `row` (null: none): its header and cells get is-pointed; a row the grid lacks marks nothing. */
  highlightRow(row: number | null): void {
    if (row === this.pointed) return;
    if (this.pointed !== null) for (const part of this.rowParts[this.pointed] ?? []) part.classList.remove(POINTED_CLASS);
    this.pointed = row;
    const parts = row === null ? undefined : this.rowParts[row];
    if (!parts) return;
    for (const part of parts) part.classList.add(POINTED_CLASS);
    this.reveal(parts[0]);
  }

  /** The input of cell (i, j), if the grid has it (its row is built now if it is not yet). */
  cell(i: number, j: number): HTMLInputElement | undefined {
    return this.row(i)?.[j];
  }

  /** A value longer than the widest cell has its full text as the title. */
  private titleLong(input: HTMLInputElement, text: string): void {
    if (isCut(text)) input.setAttribute('title', text);
    else input.removeAttribute('title');
  }

  /** Each column as wide as its longest text; only the columns whose width changed are touched. */
  private sizeColumns(): void {
    const cols = this.cols;
    const widths = columnWidths(this.shown, cols);
    for (let j = 0; j < cols; j++) {
      if (widths[j] === this.widths[j]) continue;
      const css = cellWidthCss(widths[j]);
      for (const line of this.inputs) if (line.length > j) line[j].style.width = css; // CSSOM, allowed by the strict CSP
    }
    this.widths = widths;
  }

  /** Scroll the grid's own box (never the page) so that the row with header `th` is in view, when the box scrolls. */
  private reveal(th: HTMLElement): void {
    const box = this.element;
    if (box.scrollHeight <= box.clientHeight) return;
    const row = th.getBoundingClientRect();
    const top = row.top - box.getBoundingClientRect().top; // where the row is in the box's view
    if (top < 0 || top + row.height > box.clientHeight) box.scrollTop += top - (box.clientHeight - row.height) / 2;
  }

  /** Arrow keys move between cells (left/right only at the ends of the text); Enter moves down, Shift+Enter up. */
  private navigate(e: KeyboardEvent, i: number, j: number): void {
    const input = e.target as HTMLInputElement;
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    let [ti, tj] = [i, j];
    if (e.key === 'ArrowUp') ti -= 1;
    else if (e.key === 'ArrowDown' || (e.key === 'Enter' && !e.shiftKey)) ti += 1;
    else if (e.key === 'Enter' && e.shiftKey) ti -= 1;
    else if (e.key === 'ArrowLeft' && atStart) tj -= 1;
    else if (e.key === 'ArrowRight' && atEnd) tj += 1;
    else return;
    const target = ti >= 0 && tj >= 0 ? this.row(ti)?.[tj] : undefined;
    if (target) {
      e.preventDefault();
      target.focus();
      target.select();
    }
  }
}
