// @vitest-environment jsdom
// matrix-editor-summary.test.ts — a matrix wider than MAX_GRID_COLS, or of
// more than MAX_GRID_CELLS values, is a summary (shape, source, statistics,
// Edit cells) instead of a grid; Edit opens the full grid in its scrolling
// box, Show summary closes it; typing keeps the grid and its focus.
import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { MAX_EDIT_CELLS, MAX_EDIT_COLS, MAX_GRID_CELLS, MAX_GRID_COLS } from '../../../web/src/widgets/matrix-editor';
import { TALL_ROWS } from '../../../web/src/widgets/matrix-grid';
import { cells, editorFor, grid, loadCoreInJsdom, rand } from './editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
beforeEach(() => document.body.replaceChildren());

/** The visible text of an element, spaces collapsed. */
const text = (e: Element | null) => (e?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('grid or summary', () => {
  test('the limits are the ones the issue asks for: more than 16 columns, or more than 1024 cells', () => {
    expect([MAX_GRID_COLS, MAX_GRID_CELLS, MAX_EDIT_CELLS]).toEqual([16, 1024, 128 * 128]);
  });

  test('16 columns are a grid; 17 are a summary with the shape, “typed values” and min / max / mean', () => {
    const r16 = editorFor('Q', cells(grid(2, 16)));
    expect(r16.inputs()).toHaveLength(32);
    expect(r16.byTestId('summary-Q')).toBeNull();
    document.body.replaceChildren();
    // 1 × 17: −3, 0, 1, …, 15 (mean 117 / 17)
    const r17 = editorFor('Q', cells(grid(1, 17, (_i, j) => (j === 0 ? '-3' : String(j - 1)))));
    expect(r17.inputs(), 'no cell is built').toHaveLength(0);
    const summary = r17.byTestId('summary-Q');
    expect(text(summary?.querySelector('.summary-line') ?? null)).toBe('(1, 17) · typed values');
    expect(text(r17.byTestId('summary-stats-Q'))).toBe(`min −3 · max 15 · mean ${Number((117 / 17).toPrecision(4))}`);
    expect(text(summary)).toContain('More than 16 columns');
    expect(r17.ed.element.querySelector<HTMLElement>('.matrix-shape')?.hidden, 'the header’s shape is not said twice').toBe(true);
  });

  test('a random 128 × 128 (GQA’s Wq) is a summary: shape, source and the statistics of the core’s values', () => {
    const src = rand(128, 128, 4, 1 / Math.sqrt(128));
    const r = editorFor('Wq', src, core);
    expect(r.inputs()).toHaveLength(0);
    expect(text(r.byTestId('summary-Wq')?.querySelector('.summary-line') ?? null)).toBe('(128, 128) · random normal × 0.0884, seed 4');
    const { data } = core.typed.random_normal(128, 128, 4, 1 / Math.sqrt(128));
    const min = Math.min(...data);
    const max = Math.max(...data);
    const stats = text(r.byTestId('summary-stats-Wq'));
    const shown = (x: number) => String(Number(x.toPrecision(4))).replace('-', '−');
    expect(stats).toContain(`min ${shown(min)} · max ${shown(max)}`);
    expect(r.byTestId<HTMLButtonElement>('edit-Wq')?.hidden).toBe(false);
  });

  test('the toolbar of a summary: Edit cells, Paste…, Export…, Random fill (no + row / − column); a grid’s: the reverse', () => {
    const shown = (r: ReturnType<typeof editorFor>) =>
      Array.from(r.ed.element.querySelectorAll<HTMLButtonElement>('.toolbar button'))
        .filter((b) => !b.hidden && !b.closest('[hidden]'))
        .map((b) => b.dataset.testid);
    expect(shown(editorFor('Q', cells(grid(2, 17))))).toEqual(['edit-Q', 'paste-Q', 'export-Q', 'random-Q']);
    expect(shown(editorFor('K', cells(grid(2, 16))))).toEqual(['add-row-K', 'remove-row-K', 'add-col-K', 'remove-col-K', 'paste-K', 'export-K', 'random-K']);
  });

  test('an empty optional bias: only Paste… and Random fill, and its “optional” said once (in the header)', () => {
    const r = editorFor('bq', undefined, core, 'en', true);
    const buttons = Array.from(r.ed.element.querySelectorAll<HTMLButtonElement>('.toolbar button')).filter((b) => !b.hidden && !b.closest('[hidden]'));
    expect(buttons.map((b) => b.dataset.testid)).toEqual(['paste-bq', 'random-bq']);
    expect(r.ed.element.textContent?.split('(optional, empty = no bias)')).toHaveLength(2);
    r.byTestId<HTMLButtonElement>('random-bq')!.click(); // a 3 × 2 random fill: a grid with its buttons back
    expect(r.inputs()).toHaveLength(6);
    expect(r.byTestId('add-row-bq')?.hidden).toBe(false);
  });

  test('more than 1024 cells in at most 16 columns is a summary too (“1040 values”)', () => {
    const r = editorFor('K', cells(grid(65, 16)));
    expect(r.inputs()).toHaveLength(0);
    expect(text(r.byTestId('summary-K'))).toContain('1040 values (more than 1024)');
  });

  test('128 × 8 (1024 cells) is a grid, inside the box that scrolls', () => {
    const r = editorFor('Wo', cells(grid(128, 8)));
    expect(r.inputs()).toHaveLength(1024);
    expect(r.byTestId('grid-Wo')?.parentElement?.classList.contains('grid-scroll')).toBe(true);
  });

  test('over MAX_EDIT_CELLS there is no Edit: paste or random fill instead (and no value is read)', () => {
    const r = editorFor('Q', rand(4097, 64, 1)); // no core: the summary must not write the values out
    expect(r.byTestId<HTMLButtonElement>('edit-Q')?.hidden).toBe(true);
    expect(text(r.byTestId('summary-Q'))).toContain('Too large to edit cell by cell');
    expect(r.byTestId('summary-stats-Q')?.hidden).toBe(true);
  });

  test('nor over MAX_EDIT_COLS columns, however few the cells (a row is laid out whole)', () => {
    expect(MAX_EDIT_COLS).toBe(256);
    expect(editorFor('Q', cells(grid(1, 256))).byTestId('edit-Q')?.hidden).toBe(false);
    expect(editorFor('K', cells(grid(1, 257))).byTestId('edit-K')?.hidden).toBe(true);
  });

  test('a grid of more than 16 rows is tall (rows laid out as they scroll into view); a table to assistive technology either way', () => {
    expect(TALL_ROWS).toBe(16);
    const short = editorFor('Q', cells(grid(16, 2))).byTestId('grid-Q')!;
    const tall = editorFor('K', cells(grid(17, 2))).byTestId('grid-K')!;
    expect([short.classList.contains('is-tall'), tall.classList.contains('is-tall')]).toEqual([false, true]);
    expect(tall.style.getPropertyValue('--row-index-ch')).toBe('2');
    for (const g of [short, tall]) {
      expect(g.getAttribute('role')).toBe('table');
      expect(new Set(Array.from(g.querySelectorAll('tr'), (tr) => tr.getAttribute('role')))).toEqual(new Set(['row']));
      expect(g.querySelector('th')?.getAttribute('role')).toBe('rowheader');
    }
  });

  test('+ row on a 4096 × 64 random source (hidden, pressed anyway) changes nothing and writes no cell out', () => {
    let drawn = 0; // the values a core generated for the editor
    const counting = {
      typed: { random_normal: (rows: number, cols: number) => ((drawn += rows * cols), { rows, cols, data: new Float64Array(rows * cols) }) },
    };
    const r = editorFor('Q', rand(4096, 64, 1), counting as unknown as Core);
    for (const id of ['add-row-Q', 'add-col-Q']) r.byTestId(id)!.click();
    expect(r.sets).toEqual([]);
    expect(drawn, 'no value generated').toBe(0);
  });
});

describe('Edit cells and Show summary', () => {
  test('Edit opens every cell (focus on the first), Show summary goes back (focus on Edit)', () => {
    const r = editorFor('Q', rand(2, 128, 1), core);
    r.byTestId<HTMLButtonElement>('edit-Q')!.click();
    expect(r.inputs()).toHaveLength(256);
    expect(document.activeElement).toBe(r.input(0, 0));
    const values = core.typed.random_normal(2, 128, 1, 1).data;
    expect(r.input(1, 127)!.value).toBe(String(values[255]));
    expect(text(r.byTestId('opened-Q'))).toContain('256 cells');
    r.byTestId<HTMLButtonElement>('close-grid-Q')!.click();
    expect(r.inputs()).toHaveLength(0);
    expect(document.activeElement).toBe(r.byTestId('edit-Q'));
  });

  test('typing into the opened grid keeps it open, the same input focused, and sets typed cells', () => {
    const r = editorFor('Q', rand(2, 128, 1), core);
    r.byTestId<HTMLButtonElement>('edit-Q')!.click();
    const cell = r.input(0, 5)!;
    cell.focus();
    cell.value = '7';
    cell.dispatchEvent(new Event('input'));
    expect(r.current()?.kind).toBe('cells');
    expect(r.input(0, 5), 'the grid was not rebuilt').toBe(cell);
    expect(document.activeElement).toBe(cell);
    expect(r.inputs()).toHaveLength(256);
  });

  test('typing into a random small grid (3 × 2) keeps the same input and its focus', () => {
    const r = editorFor('Q', cells(grid(3, 2)), core);
    r.byTestId<HTMLButtonElement>('random-Q')!.click();
    expect(r.current()?.kind).toBe('random');
    const cell = r.input(1, 1)!;
    cell.focus();
    cell.value = '0.5';
    cell.dispatchEvent(new Event('input'));
    expect(r.current()?.kind).toBe('cells');
    expect(r.input(1, 1)).toBe(cell);
    expect(document.activeElement).toBe(cell);
  });

  test('+ column past 16 columns keeps the grid the user is editing', () => {
    const r = editorFor('Q', cells(grid(1, 16)));
    r.byTestId<HTMLButtonElement>('add-col-Q')!.click();
    expect(r.inputs()).toHaveLength(17);
    expect(r.byTestId('summary-Q')).toBeNull();
  });

  test('a new 128-wide matrix (another shape) starts as a summary again', () => {
    const r = editorFor('Q', rand(2, 128, 1), core);
    r.byTestId<HTMLButtonElement>('edit-Q')!.click();
    r.ed.render(rand(3, 128, 1), []);
    expect(r.inputs()).toHaveLength(0);
    expect(r.byTestId('summary-Q')).not.toBeNull();
  });
});
