// @vitest-environment jsdom
// matrix-editor-highlight.test.ts — MatrixEditor.highlightRow(): the row's
// header and cells get is-pointed (and only they), moving or clearing it
// touches classes only (no element is rebuilt), it is applied again after the
// grid is rebuilt, and a summary says "row i".
import { beforeEach, describe, expect, test } from 'vitest';
import { POINTED_CLASS } from '../../../web/src/widgets/matrix-grid';
import { cells, editorFor, grid } from './editor-kit';

beforeEach(() => document.body.replaceChildren());

/** For each pointed element: "th i" or "td i,j". */
function pointed(root: HTMLElement): string[] {
  return Array.from(root.querySelectorAll(`.${POINTED_CLASS}`), (e) => {
    const input = e.querySelector('input');
    return input ? `td ${input.dataset.row},${input.dataset.col}` : `th ${e.textContent}`;
  });
}

describe('highlightRow in the grid', () => {
  test('marks the row header and every cell of the row, and moves and clears', () => {
    const r = editorFor('Q', cells(grid(3, 2)));
    r.ed.highlightRow(1);
    expect(pointed(r.ed.element)).toEqual(['th 1', 'td 1,0', 'td 1,1']);
    r.ed.highlightRow(2);
    expect(pointed(r.ed.element)).toEqual(['th 2', 'td 2,0', 'td 2,1']);
    r.ed.highlightRow(null);
    expect(pointed(r.ed.element)).toEqual([]);
  });

  test('a row the matrix lacks marks nothing (and the next call still works)', () => {
    const r = editorFor('K', cells(grid(3, 2)));
    r.ed.highlightRow(7);
    expect(pointed(r.ed.element)).toEqual([]);
    r.ed.highlightRow(0);
    expect(pointed(r.ed.element)).toEqual(['th 0', 'td 0,0', 'td 0,1']);
  });

  test('is cheap: only class attributes change, no element is added or removed', async () => {
    const r = editorFor('Q', cells(grid(16, 16)));
    const before = r.inputs();
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(r.ed.element, { subtree: true, childList: true, attributes: true, characterData: true });
    r.ed.highlightRow(3);
    r.ed.highlightRow(9);
    r.ed.highlightRow(null);
    await Promise.resolve();
    changes.push(...observer.takeRecords());
    observer.disconnect();
    expect(new Set(changes.map((c) => `${c.type}:${c.attributeName}`))).toEqual(new Set(['attributes:class']));
    // 17 elements (header + 16 cells) marked, 17 unmarked, twice
    expect(changes).toHaveLength(4 * 17);
    expect(r.inputs()).toEqual(before);
  });

  test('survives re-renders: new values keep it, a rebuilt grid (new shape) gets it again', () => {
    const r = editorFor('Q', cells(grid(3, 2)));
    r.ed.highlightRow(1);
    r.ed.render(cells(grid(3, 2, () => '5')), []);
    expect(pointed(r.ed.element)).toEqual(['th 1', 'td 1,0', 'td 1,1']);
    r.ed.render(cells(grid(4, 3)), []);
    expect(r.inputs()).toHaveLength(12);
    expect(pointed(r.ed.element)).toEqual(['th 1', 'td 1,0', 'td 1,1', 'td 1,2']);
  });

  test('the pointed row is still pointed after a bad cell in it is marked and fixed', () => {
    const r = editorFor('V', cells(grid(2, 2)));
    r.ed.highlightRow(0);
    const bad = cells([
      ['x', '1'],
      ['2', '3'],
    ]);
    if (bad.kind !== 'cells') throw new Error('cells');
    r.ed.render(bad, [{ matrix: 'V', row: 0, col: 0, code: 'not_a_number', vars: { text: 'x' }, message: '"x" is not a number' }]);
    expect(pointed(r.ed.element)).toEqual(['th 0', 'td 0,0', 'td 0,1']);
    expect(r.input(0, 0)?.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('highlightRow in the summary', () => {
  test('a summarized matrix says “row i” in a small note; null or a missing row hides it', () => {
    const r = editorFor('Wq', cells(grid(4, 32)));
    const note = r.byTestId('pointed-Wq')!;
    expect(note.hidden).toBe(true);
    r.ed.highlightRow(3);
    expect([note.hidden, note.textContent]).toEqual([false, 'row 3']);
    r.ed.highlightRow(4);
    expect(note.hidden).toBe(true);
    r.ed.highlightRow(2);
    r.ed.render(cells(grid(4, 32, () => '1')), []); // new values: the note stays
    expect([note.hidden, note.textContent]).toEqual([false, 'row 2']);
    r.ed.highlightRow(null);
    expect(note.hidden).toBe(true);
  });

  test('in 中文: “第 3 行”', () => {
    const r = editorFor('K', cells(grid(4, 32)), null, 'zh');
    r.ed.highlightRow(3);
    expect(r.byTestId('pointed-K')?.textContent).toBe('第 3 行');
  });
});
