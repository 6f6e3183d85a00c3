// mask-editor.ts — a grid of toggle buttons for a custom mask: rows are
// queries, columns are keys; ✓ = the query may see the key, × = hidden. A
// mask of more than MAX_MASK_CELLS cells gets a note instead (its size may
// come from a link: nothing of that size is built). Without a toggle it is
// read-only: the same grid of ✓ and × as plain cells (a built mask).

import { el, replaceChildren } from './dom';

/** Cells beyond which the mask is not shown as a grid of buttons (64 × 64). */
export const MAX_MASK_CELLS = 64 * 64;

/** A clickable (n_q × n_k) mask grid, or a read-only one when there is no toggle. */
export class MaskEditor {
  readonly element: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly t: (key: string, vars?: Record<string, string | number>) => string;
  private readonly onToggle: ((i: number, j: number) => void) | null;
  private shown = '';

  /** `onToggle` null: read-only (its own title and test id, cells that are not buttons). */
  constructor(t: (key: string, vars?: Record<string, string | number>) => string, onToggle: ((i: number, j: number) => void) | null) {
    this.t = t;
    this.onToggle = onToggle;
    this.grid = el('div', { class: 'mask-grid-wrap' });
    const [title, testid] = onToggle ? ['mask.title', 'mask-editor'] : ['mask.titleBuilt', 'mask-figure-grid'];
    this.element = el('section', { class: 'mask-editor', 'data-testid': testid }, el('h3', { class: 'matrix-name' }, t(title)), this.grid);
  }

  /** Instead of the grid, say that a (rows × cols) mask is too large to edit cell by cell. */
  renderTooLarge(rows: number, cols: number): void {
    const key = `too large ${rows} × ${cols}`;
    if (key === this.shown) return;
    this.shown = key;
    const [note, testid] = this.onToggle ? ['mask.tooLarge', 'mask-too-large'] : ['mask.figureTooLarge', 'mask-figure-too-large'];
    replaceChildren(this.grid, el('p', { class: 'hint', 'data-testid': testid }, this.t(note, { rows, cols, max: MAX_MASK_CELLS })));
  }

  /** Show `mask` (true = visible) with query/key labels. */
  render(mask: boolean[][], queryLabels: string[], keyLabels: string[]): void {
    const key = JSON.stringify([mask, queryLabels, keyLabels]);
    if (key === this.shown) return;
    const root = this.element.getRootNode() as Document | ShadowRoot;
    const active = root.activeElement as HTMLElement | null;
    const focus = active && this.grid.contains(active) ? [active.dataset.row, active.dataset.col] : null;
    this.shown = key;
    const table = el(
      'table',
      { class: 'mask-grid' },
      el(
        'thead',
        {},
        el(
          'tr',
          {},
          el('th', { scope: 'col', class: 'corner' }, `${this.t('result.query')} \\ ${this.t('result.key')}`),
          keyLabels.map((k) => el('th', { scope: 'col' }, k)),
        ),
      ),
      el(
        'tbody',
        {},
        mask.map((row, i) =>
          el(
            'tr',
            {},
            el('th', { scope: 'row' }, queryLabels[i] ?? String(i)),
            row.map((visible, j) => el('td', {}, this.cell(visible, i, j, queryLabels[i] ?? String(i), keyLabels[j] ?? String(j)))),
          ),
        ),
      ),
    );
    replaceChildren(this.grid, table);
    if (focus) this.grid.querySelector<HTMLElement>(`[data-row="${focus[0]}"][data-col="${focus[1]}"]`)?.focus();
  }

  /** Cell (i, j): a toggle button, or (read-only) a plain ✓ or × named for screen readers. */
  private cell(visible: boolean, i: number, j: number, query: string, key: string): HTMLElement {
    const mark = visible ? '✓' : '×';
    const state = visible ? 'visible' : 'hidden';
    const toggle = this.onToggle;
    if (!toggle) {
      const label = this.t(visible ? 'mask.cell' : 'mask.cellHidden', { i: query, j: key });
      return el('span', { class: `mask-cell readonly ${state}`, role: 'img', 'aria-label': label, 'data-row': i, 'data-col': j }, mark);
    }
    return el(
      'button',
      {
        type: 'button',
        class: `mask-cell ${state}`,
        'aria-pressed': visible ? 'true' : 'false',
        'aria-label': this.t('mask.cell', { i: query, j: key }),
        'data-row': i,
        'data-col': j,
        onclick: () => toggle(i, j),
      },
      mark,
    );
  }
}
