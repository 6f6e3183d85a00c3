// @vitest-environment jsdom
// matrix-editor-ragged.test.ts — the matrix editor shows the cells a state
// really has: rows of different lengths (from a link) are neither padded nor
// shown with the text a cell had before, and typing past the end of a short
// row leaves no hole.
import { describe, expect, test } from 'vitest';
import { t } from '../../../web/src/i18n/i18n';
import type { MatrixSource } from '../../../web/src/model/state';
import { MatrixEditor } from '../../../web/src/widgets/matrix-editor';

function editor() {
  const sets: MatrixSource[] = [];
  const ed = new MatrixEditor('Q', {
    t: (key, vars) => t('en', key, vars),
    materialize: (src) => (src.kind === 'cells' ? src.cells.map((r) => [...r]) : []),
    set: (_name, src) => void sets.push(src),
    seed: () => 1,
    setSeed: () => undefined,
  });
  document.body.append(ed.element);
  const values = () => Array.from(ed.element.querySelectorAll<HTMLInputElement>('input.cell'), (i) => i.value);
  return { ed, sets, values, input: (i: number, j: number) => ed.element.querySelector<HTMLInputElement>(`input[data-row="${i}"][data-col="${j}"]`)! };
}
const cells = (rows: string[][]): MatrixSource => ({ kind: 'cells', cells: rows });

describe('rows of different lengths in the grid', () => {
  test('after a change from a full matrix to a ragged one, the missing cell is empty (not the old "4")', () => {
    const { ed, values } = editor();
    ed.render(
      cells([
        ['1', '2'],
        ['3', '4'],
      ]),
      [],
    );
    expect(values()).toEqual(['1', '2', '3', '4']);
    ed.render(cells([['1', '2'], ['3']]), []);
    expect(values()).toEqual(['1', '2', '3', '']);
  });

  test('a row longer than row 1 is shown whole: the grid is as wide as the longest row', () => {
    const { ed, values } = editor();
    ed.render(cells([['1'], ['2', '3']]), []);
    expect(values()).toEqual(['1', '', '2', '3']);
    expect(ed.element.querySelector('.matrix-shape')?.textContent).toBe('(2 × 2)');
  });

  test('typing into a missing cell past the end of a short row leaves no hole before it', () => {
    const { ed, sets, input } = editor();
    ed.render(cells([['1', '2', '3'], ['4']]), []);
    const cell = input(1, 2);
    cell.value = '6';
    cell.dispatchEvent(new Event('change'));
    expect(sets.at(-1)).toEqual(
      cells([
        ['1', '2', '3'],
        ['4', '', '6'],
      ]),
    );
  });

  test('Back/Forward with a cell focused: the focused cell shows the state’s value, not the text typed before', () => {
    const { ed, values, input } = editor();
    ed.render(cells([['0.7', '0']]), []);
    const cell = input(0, 0);
    cell.focus();
    cell.value = 'abc'; // typed, committed: the state now holds it
    ed.render(cells([['abc', '0']]), []);
    expect(values()).toEqual(['abc', '0']);
    ed.render(cells([['0.7', '0']]), []); // Back, the cell still focused
    expect(document.activeElement).toBe(cell);
    expect(values()).toEqual(['0.7', '0']);
  });
});
