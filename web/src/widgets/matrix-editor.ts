// matrix-editor.ts — one editable matrix: a grid of cells (Tab / arrow keys /
// Enter move between them), add/remove rows and columns, paste any common
// text form, random fill with a visible seed. Bad cells are marked in place;
// nothing the user typed is ever dropped.

import type { CellError } from '../model/compute';
import { el, replaceChildren, uid } from './dom';
import { cellMessage, pasteMessage, pasteNote } from '../i18n/messages';
import { parseMatrix } from '../parse/parse';
import type { MatrixName, MatrixSource } from '../model/state';

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

/** The length of the longest row. */
const widest = (cells: string[][]): number => cells.reduce((n, row) => Math.max(n, row.length), 0);

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
  private src: MatrixSource | undefined;
  /** The source whose values the grid shows (sources are immutable, so identity tells). */
  private shownSrc: MatrixSource | undefined;
  /** The text last written into each cell. */
  private shownText: string[][] = [];
  private inputs: HTMLInputElement[][] = [];
  private shownShape = '';

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
        el('button', { type: 'button', class: 'btn btn-primary', 'data-testid': `paste-apply-${name}`, onclick: () => this.applyPaste() }, t('inputs.apply')),
        el('button', { type: 'button', class: 'btn', onclick: () => this.closePaste() }, t('inputs.cancel')),
      ),
    );
    const seedId = uid(`seed-${name}`);
    this.seedInput = el('input', { id: seedId, type: 'number', min: 0, step: 1, class: 'seed-input', 'data-testid': `seed-${name}` });
    this.seedInput.addEventListener('change', () => {
      const v = Number(this.seedInput.value);
      if (!Number.isInteger(v) || v < 0 || v >= 2 ** 32) return;
      // a random matrix shows its own seed: a new seed redraws it with that seed
      if (this.src?.kind === 'random') host.set(name, { ...this.src, seed: v }, 'push');
      else host.setSeed(v);
    });
    const button = (label: string, testid: string, action: () => void, aria?: string) =>
      el(
        'button',
        { type: 'button', class: 'btn btn-small', 'data-testid': `${testid}-${name}`, 'aria-label': aria ? `${aria} (${name})` : null, onclick: action },
        label,
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
      el(
        'div',
        { class: 'toolbar' },
        button(t('inputs.addRow'), 'add-row', () => this.resize(1, 0), t('inputs.addRow')),
        button(t('inputs.removeRow'), 'remove-row', () => this.resize(-1, 0), t('inputs.removeRow')),
        button(t('inputs.addCol'), 'add-col', () => this.resize(0, 1), t('inputs.addCol')),
        button(t('inputs.removeCol'), 'remove-col', () => this.resize(0, -1), t('inputs.removeCol')),
        button(t('inputs.paste'), 'paste', () => this.openPaste()),
        button(t('inputs.random'), 'random', () => this.randomFill()),
        el('span', { class: 'seed-group' }, el('label', { for: seedId, class: 'seed-label' }, t('inputs.seed')), this.seedInput),
      ),
      this.body,
      this.errorList,
      this.pasteBox,
    );
  }

  /** Show `src` with `errors` marked. Keeps the grid (and the focus) when only values changed. */
  render(src: MatrixSource | undefined, errors: CellError[]): void {
    this.src = src;
    // the seed box shows the seed this matrix was drawn with, else the one the next random fill will use
    if (document.activeElement !== this.seedInput) this.seedInput.value = String(src?.kind === 'random' ? src.seed : this.host.seed());
    const rows = src ? (src.kind === 'random' ? src.rows : src.cells.length) : 0;
    // rows of different lengths (a link may give them) show every cell: the grid is as wide as the longest row
    const cols = src ? (src.kind === 'random' ? src.cols : widest(src.cells)) : 0;
    this.caption.textContent = src ? `(${rows} × ${cols})` : '';
    const gridable = rows * cols <= MAX_GRID_CELLS;
    const shapeKey = `${rows}x${cols}:${src?.kind}:${gridable}`;
    if (shapeKey !== this.shownShape) {
      this.shownShape = shapeKey;
      this.shownSrc = undefined;
      this.shownText = [];
      this.buildBody(src, rows, cols, gridable);
    }
    if (gridable && src && src !== this.shownSrc) {
      this.shownSrc = src;
      const text = src.kind === 'cells' ? src.cells : this.host.materialize(src);
      this.inputs.forEach((line, i) =>
        line.forEach((input, j) => {
          const v = text[i]?.[j] ?? ''; // a cell a short row lacks is shown empty, not with the text it had before
          // compare with what was last written, not input.value (a DOM read per cell)
          if (this.shownText[i]?.[j] === v) return;
          (this.shownText[i] ??= [])[j] = v;
          // the focused cell too: while typing its text already is v (cell text is kept verbatim), and
          // after Back/Forward or a link it must show the state's value, not what was typed before
          if (input.value !== v) input.value = v;
        }),
      );
    }
    this.markErrors(errors);
  }

  private buildBody(src: MatrixSource | undefined, rows: number, cols: number, gridable: boolean): void {
    const t = this.host.t;
    this.inputs = [];
    if (!src || rows === 0) {
      replaceChildren(this.body, el('p', { class: 'hint' }, this.optional ? t('inputs.optional') : '—'));
      return;
    }
    if (!gridable) {
      const summary = src.kind === 'random' ? t('inputs.randomSummary', { scale: +src.scale.toPrecision(3), seed: src.seed }) : '';
      replaceChildren(
        this.body,
        el('p', { class: 'matrix-summary', 'data-testid': `summary-${this.name}` }, summary, ' ', el('span', { class: 'hint' }, t('inputs.tooLarge'))),
      );
      return;
    }
    const table = el('table', { class: 'matrix-grid', 'data-testid': `grid-${this.name}` });
    const tbody = el('tbody');
    for (let i = 0; i < rows; i++) {
      const tr = el('tr', {}, el('th', { scope: 'row', class: 'row-index' }, String(i)));
      const line: HTMLInputElement[] = [];
      for (let j = 0; j < cols; j++) {
        const input = el('input', {
          type: 'text',
          inputmode: 'decimal',
          spellcheck: 'false',
          autocomplete: 'off',
          class: 'cell',
          'data-row': i,
          'data-col': j,
          'aria-label': t('inputs.cell', { name: this.name, row: i, col: j }),
        });
        input.addEventListener('input', () => this.editCell(i, j, input.value, 'live'));
        input.addEventListener('change', () => this.editCell(i, j, input.value, 'push'));
        input.addEventListener('keydown', (e) => this.navigate(e, i, j));
        input.addEventListener('paste', (e) => this.pasteIntoCell(e));
        line.push(input);
        tr.appendChild(el('td', {}, input));
      }
      this.inputs.push(line);
      tbody.appendChild(tr);
    }
    table.appendChild(tbody);
    replaceChildren(this.body, el('div', { class: 'grid-scroll' }, table));
  }

  private editCell(i: number, j: number, value: string, history: 'push' | 'live'): void {
    if (!this.src) return;
    const cells = this.host.materialize(this.src);
    if (cells[i]?.[j] === value && history === 'live') return;
    for (let k = cells[i].length; k < j; k++) cells[i][k] = ''; // typing past the end of a short row: no holes before it
    cells[i][j] = value;
    this.host.set(this.name, { kind: 'cells', cells }, history);
  }

  /** Arrow keys move between cells (left/right only at the ends of the text); Enter moves down. */
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

  /** Pasting several values into one cell replaces the whole matrix (like the Paste… box). */
  private pasteIntoCell(e: ClipboardEvent): void {
    const text = e.clipboardData?.getData('text/plain') ?? '';
    if (!/[\s,;[\]]/.test(text.trim())) return; // a single value: let the browser paste it
    e.preventDefault();
    this.openPaste(text);
    this.applyPaste();
  }

  private resize(dRows: number, dCols: number): void {
    if (!this.src) return;
    const cells = this.host.materialize(this.src);
    const rows = cells.length;
    const cols = cells[0]?.length ?? 0;
    const nr = Math.max(1, rows + dRows);
    const nc = Math.max(1, cols + dCols);
    if (nr * nc > MAX_GRID_CELLS && dRows + dCols > 0) return;
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

  private markErrors(errors: CellError[]): void {
    for (const line of this.inputs)
      for (const input of line) {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('title');
        input.classList.remove('cell-bad');
      }
    const t = this.host.t;
    replaceChildren(
      this.errorList,
      errors.map((e) => {
        const message = cellMessage(e, t);
        const input = this.inputs[e.row]?.[e.col];
        if (input) {
          input.setAttribute('aria-invalid', 'true');
          input.setAttribute('title', message);
          input.classList.add('cell-bad');
        }
        return el('li', {}, t('cell.at', { where: t('inputs.cell', { name: e.matrix, row: e.row, col: e.col }), message }));
      }),
    );
  }
}
