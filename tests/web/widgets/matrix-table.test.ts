// @vitest-environment jsdom
// Tests of the read-only matrix table (web/src/widgets/matrix-table.ts):
// highlight() marks a row, a column or a cell and keeps the mark through
// update(); onRowPoint follows the pointer over the body rows and the focus
// on their headers (one header in the tab order, the arrow keys move), and
// only then are the headers focusable; long row labels are cut.
import { describe, expect, it } from 'vitest';
import { MatrixTable, ROW_LABEL_MAX_CHARS, cutLabel, matrixTable, type TableMatrix } from '../../../web/src/widgets/matrix-table';

const m = (rows: number, cols: number): TableMatrix => ({ data: Array.from({ length: rows * cols }, (_, p) => p / 10), rows, cols });

/** A table in the document (focus needs it there), updated with an r × c matrix. */
function table(rows = 3, cols = 2, onRowPoint?: (row: number | null) => void): MatrixTable {
  const t = new MatrixTable('out', onRowPoint ? { onRowPoint } : {});
  t.update('out', [rows, cols], m(rows, cols));
  document.body.append(t.element);
  return t;
}

const marked = (t: MatrixTable): string[] =>
  Array.from(t.element.querySelectorAll('.pointed-row, .pointed-cell'), (e) => {
    const tr = e.closest('tr')!;
    const col = e.tagName === 'TD' ? Array.from(tr.querySelectorAll('td')).indexOf(e as HTMLTableCellElement) : -1;
    return `${e.className.includes('pointed-row') ? 'row' : 'cell'} ${tr.dataset['row']}${col >= 0 ? `,${col}` : ''}`;
  });

const over = (e: Element): boolean => e.dispatchEvent(new MouseEvent('pointerover', { bubbles: true }));
const key = (e: Element, k: string): boolean => e.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

describe('highlight', () => {
  it('marks a row, one cell, or a column; null clears', () => {
    const t = table(3, 2);
    t.highlight({ row: 1 });
    expect(marked(t)).toEqual(['row 1']);
    t.highlight({ row: 2, col: 1 });
    expect(marked(t)).toEqual(['cell 2,1']);
    t.highlight({ col: 0 });
    expect(marked(t)).toEqual(['cell 0,0', 'cell 1,0', 'cell 2,0']);
    t.highlight(null);
    expect(marked(t)).toEqual([]);
    t.highlight({ row: 9 }); // outside what is shown
    expect(marked(t)).toEqual([]);
    t.highlight({});
    expect(marked(t)).toEqual([]);
  });

  it('keeps the mark through update(), also when the table is rebuilt for another shape', () => {
    const t = table(3, 2);
    t.highlight({ row: 1, col: 1 });
    t.update('out', [3, 2], { ...m(3, 2), data: m(3, 2).data.map((v) => v + 1) });
    expect(marked(t)).toEqual(['cell 1,1']);
    t.update('out', [4, 3], m(4, 3));
    expect(marked(t)).toEqual(['cell 1,1']);
    t.update('out', [1, 1], m(1, 1));
    expect(marked(t)).toEqual([]);
    t.update('out', [2, 2], m(2, 2));
    expect(marked(t)).toEqual(['cell 1,1']);
  });

  it('calls no onRowPoint', () => {
    const calls: (number | null)[] = [];
    const t = table(3, 2, (r) => calls.push(r));
    t.highlight({ row: 1 });
    t.highlight(null);
    expect(calls).toEqual([]);
  });
});

describe('onRowPoint', () => {
  it('follows the pointer over the body rows, once per change, and says null when it leaves the body', () => {
    const calls: (number | null)[] = [];
    const t = table(3, 2, (r) => calls.push(r));
    const rows = t.element.querySelectorAll('tbody tr');
    over(rows[1].querySelector('td')!);
    over(rows[1].querySelectorAll('td')[1]); // the same row: no call
    over(rows[2].querySelector('th')!);
    t.element.querySelector('tbody')!.dispatchEvent(new MouseEvent('pointerleave'));
    expect(calls).toEqual([1, 2, null]);
  });

  it('makes the row headers focusable (one in the tab order); focus points, arrows move, leaving says null', () => {
    const calls: (number | null)[] = [];
    const t = table(3, 2, (r) => calls.push(r));
    const heads = Array.from(t.element.querySelectorAll<HTMLElement>('tbody th'));
    expect(heads.map((h) => h.tabIndex)).toEqual([0, -1, -1]);
    heads[0].focus();
    key(heads[0], 'ArrowDown');
    expect(document.activeElement).toBe(heads[1]);
    expect(heads.map((h) => h.tabIndex)).toEqual([-1, 0, -1]);
    key(heads[1], 'End');
    key(heads[2], 'ArrowDown'); // stays on the last row
    key(heads[2], 'Home');
    expect(calls).toEqual([0, 1, 2, 0]); // no null between rows
    heads[0].blur();
    expect(calls.at(-1)).toBeNull();
  });

  it('hover wins over focus; when the pointer leaves, the focused row is pointed again', () => {
    const calls: (number | null)[] = [];
    const t = table(3, 2, (r) => calls.push(r));
    const heads = Array.from(t.element.querySelectorAll<HTMLElement>('tbody th'));
    heads[0].focus();
    over(heads[2]);
    t.element.querySelector('tbody')!.dispatchEvent(new MouseEvent('pointerleave'));
    expect(calls).toEqual([0, 2, 0]);
  });

  it('without onRowPoint the headers are not focusable', () => {
    const t = table(3, 2);
    expect(Array.from(t.element.querySelectorAll('tbody th'), (h) => h.hasAttribute('tabindex'))).toEqual([false, false, false]);
    expect(matrixTable('x', [1, 1], m(1, 1)).querySelector('th')!.hasAttribute('tabindex')).toBe(false);
  });
});

describe('row labels', () => {
  it('a long token name is cut with "…", the whole name in the title and the accessible name; a short one is as it is', () => {
    const long = 'internationalisation';
    const t = new MatrixTable();
    t.update('out', [2, 1], m(2, 1), { rowLabels: ['cat', long] });
    const [a, b] = Array.from(t.element.querySelectorAll<HTMLElement>('tbody th'));
    expect(a.textContent).toBe('cat');
    expect(a.hasAttribute('title')).toBe(false);
    expect(b.textContent).toBe('internation…');
    expect(Array.from(b.textContent)).toHaveLength(ROW_LABEL_MAX_CHARS);
    expect(b.title).toBe(long);
    expect(b.getAttribute('aria-label')).toBe(long);
    // the same row with a short name again: no stale title
    t.update('out', [2, 1], m(2, 1), { rowLabels: ['cat', 'dog'] });
    expect(b.textContent).toBe('dog');
    expect(b.hasAttribute('title')).toBe(false);
    expect(b.hasAttribute('aria-label')).toBe(false);
  });

  it('cutLabel counts characters, not UTF-16 units', () => {
    expect(cutLabel('注意力机制是一种很长的中文词元')).toBe('注意力机制是一种很长的…');
    expect(cutLabel('😀'.repeat(12))).toBe('😀'.repeat(12));
  });
});
