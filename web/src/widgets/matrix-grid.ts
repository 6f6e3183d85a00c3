// matrix-grid.ts — the grid of one matrix editor: a text input per cell
// (Tab / arrow keys / Enter move between them), each column as wide as its
// longest text (cell-width.ts; a value still cut has its full text in the
// title), bad cells marked in place, and one row that can be pointed at
// (class is-pointed) without rebuilding anything. The grid scrolls inside its
// own box, so a tall or wide matrix never stretches the page; a tall grid's
// rows are laid out only when they scroll into view (class is-tall: rows of
// content-visibility: auto — a 128 × 128 grid in ~0.1 s instead of ~1.5 s).

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

/** Grids of more rows than this are "tall": rows laid out as they scroll into view. */
export const TALL_ROWS = 16;

/** An editable grid of `rows` × `cols` cells. */
export class MatrixGrid {
  /** The scrolling box that holds the table. */
  readonly element: HTMLElement;
  private readonly inputs: HTMLInputElement[][] = [];
  /** Per row: its header and its cells, the elements that carry is-pointed. */
  private readonly rowParts: HTMLElement[][] = [];
  /** The text last written into each cell (compared instead of reading input.value, a DOM read per cell). */
  private shown: string[][] = [];
  private widths: number[] = [];
  private marked: { input: HTMLInputElement; row: number; col: number }[] = [];
  private pointed: number | null = null;

  constructor(name: string, rows: number, cols: number, cellLabel: (row: number, col: number) => string, events: MatrixGridEvents) {
    // explicit roles: a tall grid's rows are flex boxes (CSS), and the table must stay a table to assistive technology
    const tbody = el('tbody', { role: 'rowgroup' });
    for (let i = 0; i < rows; i++) {
      const th = el('th', { scope: 'row', role: 'rowheader', class: 'row-index' }, String(i));
      const tr = el('tr', { role: 'row' }, th);
      const line: HTMLInputElement[] = [];
      const parts: HTMLElement[] = [th];
      for (let j = 0; j < cols; j++) {
        const input = el('input', {
          type: 'text',
          inputmode: 'decimal',
          spellcheck: 'false',
          autocomplete: 'off',
          class: 'cell',
          'data-row': i,
          'data-col': j,
          'aria-label': cellLabel(i, j),
        });
        input.addEventListener('input', () => events.edit(i, j, input.value, 'live'));
        input.addEventListener('change', () => events.edit(i, j, input.value, 'push'));
        input.addEventListener('keydown', (e) => this.navigate(e, i, j));
        input.addEventListener('paste', (e) => events.paste(e));
        line.push(input);
        const td = el('td', { role: 'cell' }, input);
        parts.push(td);
        tr.appendChild(td);
      }
      this.inputs.push(line);
      this.rowParts.push(parts);
      tbody.appendChild(tr);
    }
    const table = el('table', { class: rows > TALL_ROWS ? 'matrix-grid is-tall' : 'matrix-grid', role: 'table', 'data-testid': `grid-${name}` }, tbody);
    table.style.setProperty('--row-index-ch', String(String(rows - 1).length)); // one width for every row header (CSSOM: CSP-safe)
    this.element = el('div', { class: 'grid-scroll' }, table);
  }

  /** Write `text` into the cells (a cell a short row lacks is shown empty), then size the columns to it. */
  show(text: readonly (readonly string[])[]): void {
    this.inputs.forEach((line, i) =>
      line.forEach((input, j) => {
        const v = text[i]?.[j] ?? ''; // not the text the cell had before
        if (this.shown[i]?.[j] === v) return;
        (this.shown[i] ??= [])[j] = v;
        // the focused cell too: while typing its text already is v (cell text is kept verbatim), and
        // after Back/Forward or a link it must show the state's value, not what was typed before
        if (input.value !== v) input.value = v;
        if (!input.classList.contains('cell-bad')) this.titleLong(input, v);
      }),
    );
    this.sizeColumns();
  }

  /** Mark `cells` as bad (aria-invalid, a red cell, the message as its title) and unmark the ones marked before. */
  mark(cells: readonly MarkedCell[]): void {
    for (const { input, row, col } of this.marked) {
      input.removeAttribute('aria-invalid');
      input.classList.remove('cell-bad');
      this.titleLong(input, this.shown[row]?.[col] ?? '');
    }
    this.marked = [];
    for (const c of cells) {
      const input = this.inputs[c.row]?.[c.col];
      if (!input) continue;
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('title', c.message);
      input.classList.add('cell-bad');
      this.marked.push({ input, row: c.row, col: c.col });
    }
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

  /** The input of cell (i, j), if the grid has it. */
  cell(i: number, j: number): HTMLInputElement | undefined {
    return this.inputs[i]?.[j];
  }

  /** A value longer than the widest cell has its full text as the title. */
  private titleLong(input: HTMLInputElement, text: string): void {
    if (isCut(text)) input.setAttribute('title', text);
    else input.removeAttribute('title');
  }

  /** Each column as wide as its longest text; only the columns whose width changed are touched. */
  private sizeColumns(): void {
    const cols = this.inputs[0]?.length ?? 0;
    const widths = columnWidths(this.shown, cols);
    for (let j = 0; j < cols; j++) {
      if (widths[j] === this.widths[j]) continue;
      const css = cellWidthCss(widths[j]);
      for (const line of this.inputs) line[j].style.width = css; // CSSOM, allowed by the strict CSP
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
    const target = this.inputs[ti]?.[tj];
    if (target) {
      e.preventDefault();
      target.focus();
      target.select();
    }
  }
}
