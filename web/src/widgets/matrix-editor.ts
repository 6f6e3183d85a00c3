// matrix-editor.ts — one editable matrix: a grid of cells (matrix-grid.ts),
// add/remove rows and columns, paste any common text form, export it, random
// fill with a visible seed. A matrix wider than MAX_GRID_COLS or larger than
// MAX_GRID_CELLS is shown as a summary (matrix-summary.ts) whose Edit button
// opens the full grid in a box that scrolls. Bad cells are marked in place;
// nothing the user typed is ever dropped. highlightRow() points at one row.

import type { CellError } from '../model/compute';
import { el, replaceChildren, uid } from './dom';
import { cellMessage, pasteMessage, pasteNote } from '../model/messages';
import { parseMatrix } from '../parse/parse';
import type { MatrixName, MatrixSource } from '../model/state';
import { MatrixGrid } from './matrix-grid';
import { MatrixSummary } from './matrix-summary';
import { ExportBox } from './matrix-export';

/** What the editor needs from its owner. */
export interface MatrixEditorHost {
  t: (key: string, vars?: Record<string, string | number>) => string;
  /** Cell text of the source (random values written out). */
  materialize(src: MatrixSource): string[][];
  /** Replace the matrix. `history` says whether this is a commit (push) or live typing (replace). */
  set(name: MatrixName, src: MatrixSource, history: 'push' | 'live'): void;
  /** The seed for the next random fill. */
  seed(): number;
  setSeed(seed: number): void;
}

/** Cells beyond which the grid is replaced by a summary (paste or random fill instead). */
export const MAX_GRID_CELLS = 1024;

/** Columns beyond which the grid is replaced by a summary (a 128-wide projection would stretch the page). */
export const MAX_GRID_COLS = 16;

/** Cells up to which "Edit cells" opens the full grid of a summarized matrix (128 × 128). */
export const MAX_EDIT_CELLS = 16384;

/** Columns up to which "Edit cells" opens the full grid (a row is laid out whole: 16,384 inputs in one would freeze the page). */
export const MAX_EDIT_COLS = 256;

/** How the body shows the matrix: nothing, the grid, the grid opened from the summary, the summary. */
type BodyMode = 'empty' | 'grid' | 'opened' | 'summary';

/** The length of the longest row. */
const widest = (cells: string[][]): number => cells.reduce((n, row) => Math.max(n, row.length), 0);

/** The rows and columns of a source (rows of different lengths: the longest). */
const shapeOf = (src: MatrixSource | undefined): [number, number] =>
  src ? (src.kind === 'random' ? [src.rows, src.cols] : [src.cells.length, widest(src.cells)]) : [0, 0];

/** An editor for one named matrix. */
export class MatrixEditor {
  readonly element: HTMLElement;
  private readonly name: MatrixName;
  private readonly host: MatrixEditorHost;
  private readonly optional: boolean;
  private readonly caption: HTMLElement;
  private readonly body: HTMLElement;
  private readonly errorList: HTMLElement;
  private readonly pasteBox: HTMLElement;
  private readonly pasteArea: HTMLTextAreaElement;
  private readonly pasteMessage: HTMLElement;
  private readonly seedInput: HTMLInputElement;
  private readonly summary: MatrixSummary;
  private readonly exportBox: ExportBox;
  /** + row, − row, + column, − column: hidden while the summary is shown. */
  private readonly shapeButtons: HTMLButtonElement[];
  /** Edit cells: shown with the summary of a matrix small enough to open. */
  private readonly editButton: HTMLButtonElement;
  /** Export…: hidden while there is no matrix. */
  private readonly exportButton: HTMLButtonElement;
  private src: MatrixSource | undefined;
  private errors: CellError[] = [];
  /** The source whose values the body shows (sources are immutable, so identity tells). */
  private shownSrc: MatrixSource | undefined;
  private shownKey = '';
  private grid: MatrixGrid | null = null;
  /** The shape "rows×cols" whose grid the user opened from the summary (it stays open while the shape does). */
  private opened: string | null = null;
  private pointed: number | null = null;

  constructor(name: MatrixName, host: MatrixEditorHost, optional = false) {
    this.name = name;
    this.host = host;
    this.optional = optional;
    const t = host.t;
    this.caption = el('span', { class: 'matrix-shape' });
    this.body = el('div', { class: 'matrix-body' });
    this.errorList = el('ul', { class: 'cell-errors', role: 'alert', 'data-testid': `errors-${name}` });
    const pasteId = uid(`paste-${name}`);
    this.pasteArea = el('textarea', { id: pasteId, class: 'paste-area', rows: 5, spellcheck: 'false', 'data-testid': `paste-area-${name}` });
    this.pasteMessage = el('p', { class: 'paste-message', role: 'alert', 'data-testid': `paste-message-${name}` });
    this.pasteBox = el(
      'div',
      { class: 'paste-box', hidden: true },
      el('label', { for: pasteId, class: 'hint' }, t('inputs.pasteHelp')),
      this.pasteArea,
      this.pasteMessage,
      el(
        'div',
        { class: 'toolbar' },
        this.button(t('inputs.apply'), 'paste-apply', () => this.applyPaste(), this.named('inputs.apply'), 'btn btn-primary'),
        this.button(t('inputs.cancel'), 'paste-cancel', () => this.closePaste(), this.named('inputs.cancel'), 'btn'),
      ),
    );
    const seedId = uid(`seed-${name}`);
    this.seedInput = el('input', {
      id: seedId,
      type: 'number',
      min: 0,
      step: 1,
      class: 'seed-input',
      'data-testid': `seed-${name}`,
      'aria-label': t('inputs.seedNamed', { name }),
    });
    this.seedInput.addEventListener('change', () => {
      const v = Number(this.seedInput.value);
      if (!Number.isInteger(v) || v < 0 || v >= 2 ** 32) return;
      // a random matrix shows its own seed: a new seed redraws it with that seed
      if (this.src?.kind === 'random') host.set(name, { ...this.src, seed: v }, 'push');
      else host.setSeed(v);
    });
    this.summary = new MatrixSummary(name, t);
    this.exportButton = this.button(t('inputs.export'), 'export', () => this.exportBox.toggle(), t('inputs.exportNamed', { name }));
    this.editButton = this.button(t('inputs.editCells'), 'edit', () => this.openGrid(), t('inputs.editNamed', { name }));
    this.shapeButtons = [
      this.button(t('inputs.addRow'), 'add-row', () => this.resize(1, 0), this.named('inputs.addRow')),
      this.button(t('inputs.removeRow'), 'remove-row', () => this.resize(-1, 0), this.named('inputs.removeRow')),
      this.button(t('inputs.addCol'), 'add-col', () => this.resize(0, 1), this.named('inputs.addCol')),
      this.button(t('inputs.removeCol'), 'remove-col', () => this.resize(0, -1), this.named('inputs.removeCol')),
    ];
    this.exportBox = new ExportBox(
      name,
      t,
      () => (this.src ? this.host.materialize(this.src) : []),
      () => shapeOf(this.src)[0] * shapeOf(this.src)[1],
    );
    this.element = el(
      'section',
      { class: 'matrix-editor', 'data-matrix': name, 'aria-label': `${name}` },
      el(
        'header',
        { class: 'matrix-header' },
        el('h3', { class: 'matrix-name' }, name),
        this.caption,
        optional ? el('span', { class: 'hint' }, t('inputs.optional')) : null,
      ),
      this.toolbar(seedId),
      this.body,
      this.errorList,
      this.pasteBox,
      this.exportBox.element,
    );
  }

  /** `label` (an i18n key) with the matrix's name, as an accessible name: "+ row (Q)". */
  private named(key: string): string {
    return this.host.t('inputs.named', { label: this.host.t(key), name: this.name });
  }

  /** A small button whose accessible name says which matrix it acts on. */
  private button(label: string, testid: string, action: () => void, aria: string, cls = 'btn btn-small'): HTMLButtonElement {
    return el('button', { type: 'button', class: cls, 'data-testid': `${testid}-${this.name}`, 'aria-label': aria, onclick: action }, label);
  }

  /** The row of buttons above the grid, and the seed box. */
  private toolbar(seedId: string): HTMLElement {
    const t = this.host.t;
    const name = this.name;
    return el(
      'div',
      { class: 'toolbar' },
      this.editButton,
      this.shapeButtons,
      this.button(t('inputs.paste'), 'paste', () => this.openPaste(), t('inputs.pasteNamed', { name })),
      this.exportButton,
      this.button(t('inputs.random'), 'random', () => this.randomFill(), t('inputs.randomNamed', { name })),
      el('span', { class: 'seed-group' }, el('label', { for: seedId, class: 'seed-label' }, t('inputs.seed')), this.seedInput),
    );
  }

  /** Show `src` with `errors` marked. Keeps the grid (and the focus) when only values changed. */
  render(src: MatrixSource | undefined, errors: CellError[]): void {
    this.src = src;
    this.errors = errors;
    // the seed box shows the seed this matrix was drawn with, else the one the next random fill will use
    if (document.activeElement !== this.seedInput) this.seedInput.value = String(src?.kind === 'random' ? src.seed : this.host.seed());
    // rows of different lengths (a link may give them) show every cell: the grid is as wide as the longest row
    const [rows, cols] = shapeOf(src);
    const mode = this.modeOf(src, rows, cols);
    this.caption.textContent = src ? `(${rows} × ${cols})` : '';
    this.caption.hidden = mode === 'summary'; // the summary says its shape itself
    // the kind of source is not part of the key: typing into a random matrix's cell keeps the grid and its focus
    const key = `${rows}x${cols}:${mode}`;
    if (key !== this.shownKey) {
      this.shownKey = key;
      this.shownSrc = undefined;
      this.buildBody(mode, rows, cols);
    }
    if (src && src !== this.shownSrc) {
      this.shownSrc = src;
      if (this.grid) this.grid.show(src.kind === 'cells' ? src.cells : this.host.materialize(src));
      else if (mode === 'summary') this.updateSummary(src, rows, cols);
    }
    this.markErrors(errors);
  }

  /**
   * Point at row `row` of this matrix (null: none): in the grid its header and cells get the class is-pointed,
   * in the summary a note says "row i". Cheap (two rows' classes, no rebuild) and kept across re-renders.
   */
  highlightRow(row: number | null): void {
    this.pointed = row;
    this.grid?.highlightRow(row);
    this.summary.highlightRow(row);
  }

  private modeOf(src: MatrixSource | undefined, rows: number, cols: number): BodyMode {
    if (!src || rows === 0) return 'empty';
    if (cols <= MAX_GRID_COLS && rows * cols <= MAX_GRID_CELLS) return 'grid';
    return this.opened === `${rows}x${cols}` && MatrixEditor.editable(rows, cols) ? 'opened' : 'summary';
  }

  /** Can the summarized rows × cols matrix be opened as a grid? */
  private static editable(rows: number, cols: number): boolean {
    return rows * cols <= MAX_EDIT_CELLS && cols <= MAX_EDIT_COLS;
  }

  private buildBody(mode: BodyMode, rows: number, cols: number): void {
    const t = this.host.t;
    this.grid?.dispose();
    this.grid = null;
    // no matrix (an optional bias left empty): nothing to resize or export, only Paste… and Random fill
    for (const b of this.shapeButtons) b.hidden = mode === 'summary' || mode === 'empty';
    this.exportButton.hidden = mode === 'empty';
    if (mode === 'empty') this.exportBox.element.hidden = true;
    this.editButton.hidden = mode !== 'summary' || !MatrixEditor.editable(rows, cols);
    if (mode === 'empty') {
      // an optional matrix says "(optional, empty = no bias)" in its header already
      replaceChildren(this.body, this.optional ? null : el('p', { class: 'hint' }, '—'));
      return;
    }
    if (mode === 'summary') {
      replaceChildren(this.body, this.summary.element);
      return;
    }
    const grid = new MatrixGrid(this.name, rows, cols, (row, col) => t('inputs.cell', { name: this.name, row, col }), {
      edit: (i, j, value, history) => this.editCell(i, j, value, history),
      paste: (e) => this.pasteIntoCell(e),
    });
    this.grid = grid;
    grid.highlightRow(this.pointed);
    const bar =
      mode === 'opened'
        ? el(
            'div',
            { class: 'toolbar grid-opened', 'data-testid': `opened-${this.name}` },
            el('span', { class: 'hint' }, t('inputs.bigGrid', { cells: rows * cols })),
            this.button(t('inputs.summaryView'), 'close-grid', () => this.closeGrid(), this.named('inputs.summaryView')),
          )
        : null;
    replaceChildren(this.body, bar, grid.element);
  }

  private updateSummary(src: MatrixSource, rows: number, cols: number): void {
    this.summary.update({
      src,
      rows,
      cols,
      cells: () => (src.kind === 'cells' ? src.cells : this.host.materialize(src)),
      maxCols: MAX_GRID_COLS,
      maxCells: MAX_GRID_CELLS,
      editable: MatrixEditor.editable(rows, cols),
    });
  }

  /** "Edit cells" in the summary: the full grid, in its scrolling box; the focus goes to its first cell. */
  private openGrid(): void {
    const [rows, cols] = shapeOf(this.src);
    this.opened = `${rows}x${cols}`;
    this.render(this.src, this.errors);
    this.grid?.cell(0, 0)?.focus();
  }

  /** Back to the summary; the focus goes to its Edit button. */
  private closeGrid(): void {
    this.opened = null;
    this.render(this.src, this.errors);
    this.editButton.focus();
  }

  private editCell(i: number, j: number, value: string, history: 'push' | 'live'): void {
    if (!this.src) return;
    const cells = this.host.materialize(this.src);
    if (cells[i]?.[j] === value && history === 'live') return;
    for (let k = cells[i].length; k < j; k++) cells[i][k] = ''; // typing past the end of a short row: no holes before it
    cells[i][j] = value;
    this.host.set(this.name, { kind: 'cells', cells }, history);
  }

  /** Pasting several values into one cell replaces the whole matrix (like the Paste… box). */
  private pasteIntoCell(e: ClipboardEvent): void {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (!/[\s,;[\]]/.test(text.trim())) return; // a single value: let the browser paste it
    e.preventDefault();
    this.openPaste(text);
    this.applyPaste();
  }

  private resize(dRows: number, dCols: number): void {
    const src = this.src;
    if (!src) return;
    // the shape first, from the source: a large random source is not written out cell by cell only to be refused
    const rows = src.kind === 'random' ? src.rows : src.cells.length;
    const cols = src.kind === 'random' ? src.cols : (src.cells[0]?.length ?? 0);
    const nr = Math.max(1, rows + dRows);
    const nc = Math.max(1, cols + dCols);
    if (nr * nc > MAX_GRID_CELLS && dRows + dCols > 0) return;
    const cells = this.host.materialize(src);
    // growing the grid past MAX_GRID_COLS by hand keeps it a grid: the user is editing it
    if (this.grid && nc > MAX_GRID_COLS) this.opened = `${nr}x${nc}`;
    const next = Array.from({ length: nr }, (_, i) => Array.from({ length: nc }, (_, j) => cells[i]?.[j] ?? '0'));
    this.host.set(this.name, { kind: 'cells', cells: next }, 'push');
  }

  private randomFill(): void {
    const src = this.src;
    const rows = src ? (src.kind === 'random' ? src.rows : src.cells.length) : 3;
    const cols = src ? (src.kind === 'random' ? src.cols : (src.cells[0]?.length ?? 2)) : 2;
    const scale = src?.kind === 'random' ? src.scale : 1;
    const next = this.host.seed();
    const seed = src?.kind === 'random' && src.seed === next ? (next + 1) % 2 ** 32 : next; // a new draw, never the same one
    const small = rows * cols <= MAX_GRID_CELLS;
    this.host.set(this.name, small ? { kind: 'random', rows, cols, seed, scale, digits: 2 } : { kind: 'random', rows, cols, seed, scale }, 'push');
    this.host.setSeed((seed + 1) % 2 ** 32);
  }

  private openPaste(text?: string): void {
    this.pasteBox.hidden = false;
    if (text !== undefined) this.pasteArea.value = text;
    this.pasteMessage.textContent = '';
    this.pasteArea.focus();
  }

  private closePaste(): void {
    this.pasteBox.hidden = true;
  }

  /** Parse the paste box; on error keep the text and say where it went wrong. */
  private applyPaste(): void {
    const r = parseMatrix(this.pasteArea.value);
    if (!r.ok) {
      this.pasteMessage.textContent = pasteMessage(this.name, r, this.host.t);
      this.pasteArea.setAttribute('aria-invalid', 'true');
      return;
    }
    this.pasteArea.setAttribute('aria-invalid', 'false');
    this.pasteMessage.textContent = pasteNote(r, this.host.t);
    this.host.set(this.name, { kind: 'cells', cells: r.rows.map((row) => row.map((x) => String(x))) }, 'push');
    if (!r.note) this.closePaste();
  }

  /** Mark the bad cells in the grid (only those that change) and list every one below it. */
  private markErrors(errors: CellError[]): void {
    const t = this.host.t;
    const marked = errors.map((e) => ({ row: e.row, col: e.col, message: cellMessage(e, t) }));
    this.grid?.mark(marked);
    replaceChildren(
      this.errorList,
      errors.map((e, k) => el('li', {}, t('cell.at', { where: t('inputs.cell', { name: e.matrix, row: e.row, col: e.col }), message: marked[k].message }))),
    );
  }
}
