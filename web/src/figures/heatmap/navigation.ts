// navigation.ts — how the heatmap's cursor moves (pure, no DOM): the cell a
// key moves it to, the cell under a point of the plot, and whether a cell
// is still inside a matrix after an update.

import type { CellPos } from './types';

/** Where the cursor goes for a key (arrows, Home/End = row ends, Ctrl+Home/End = corners, PageUp/Down = 10 rows); null if the key is not ours. */
export function moveCursor(cur: CellPos, key: string, rows: number, cols: number, ctrl = false): CellPos | null {
  const clampR = (r: number): number => Math.max(0, Math.min(rows - 1, r));
  const clampC = (c: number): number => Math.max(0, Math.min(cols - 1, c));
  const { row, col } = cur;
  switch (key) {
    case 'ArrowUp':
      return { row: clampR(row - 1), col };
    case 'ArrowDown':
      return { row: clampR(row + 1), col };
    case 'ArrowLeft':
      return { row, col: clampC(col - 1) };
    case 'ArrowRight':
      return { row, col: clampC(col + 1) };
    case 'Home':
      return ctrl ? { row: 0, col: 0 } : { row, col: 0 };
    case 'End':
      return ctrl ? { row: rows - 1, col: cols - 1 } : { row, col: cols - 1 };
    case 'PageUp':
      return { row: clampR(row - 10), col };
    case 'PageDown':
      return { row: clampR(row + 10), col };
    default:
      return null;
  }
}

/** The cell of a rows × cols plot drawn in `box` (its client rectangle) under the point (x, y), or null outside it or when the box is empty. */
export function cellAtPoint(
  box: { left: number; top: number; width: number; height: number },
  x: number,
  y: number,
  rows: number,
  cols: number,
): CellPos | null {
  if (rows * cols === 0 || box.width <= 0 || box.height <= 0) return null;
  const col = Math.floor(((x - box.left) / box.width) * cols);
  const row = Math.floor(((y - box.top) / box.height) * rows);
  if (row < 0 || col < 0 || row >= rows || col >= cols) return null;
  return { row, col };
}

/** Whether a cell (or no cell) still lies inside a rows × cols matrix. */
export function fitsIn(c: CellPos | null, rows: number, cols: number): boolean {
  return !c || (c.row < rows && c.col < cols);
}
