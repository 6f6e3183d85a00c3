// cell-width.ts — how wide the cells of a matrix grid are: each column as wide
// as the longest text it holds, in ch of the grid's monospace font, between a
// minimum (a grid of "0" and "1" stays compact) and a maximum (one long value
// does not stretch the grid; its full text is in the cell's title). Pure.

/** The narrowest cell, in characters. */
export const MIN_CELL_CH = 5;

/** The widest cell, in characters: every float64 written in its shortest form fits ("-2.2250738585072014e-308" is 24). */
export const MAX_CELL_CH = 24;

/** Room for the cell's padding, border and caret beside its characters (px). */
const CELL_CHROME_PX = 14;

/** The characters `text` takes in a monospace cell (code points: a surrogate pair is one glyph), counted up to `cap` + 1. */
function charsOf(text: string, cap: number): number {
  let n = 0;
  for (let i = 0; i < text.length && n <= cap; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n += 1; // a low surrogate ends a pair already counted
  }
  return n;
}

/** The width in ch of each of the `cols` columns of `cells`: its longest text, between MIN_CELL_CH and MAX_CELL_CH. */
export function columnWidths(cells: readonly (readonly string[])[], cols: number): number[] {
  const widths = new Array<number>(cols).fill(MIN_CELL_CH);
  for (const row of cells)
    for (let j = 0; j < cols; j++) {
      const text = row[j];
      // text.length bounds the code points from above: count them only when it matters
      if (text !== undefined && text.length > widths[j]) widths[j] = Math.min(MAX_CELL_CH, Math.max(widths[j], charsOf(text, MAX_CELL_CH)));
    }
  return widths;
}

/** Is `text` longer than the widest cell shows (its full value then goes in the title)? */
export const isCut = (text: string): boolean => text.length > MAX_CELL_CH && charsOf(text, MAX_CELL_CH) > MAX_CELL_CH;

/** The CSS width of a cell `ch` characters wide, padding and border included (box-sizing: border-box). */
export const cellWidthCss = (ch: number): string => `calc(${ch}ch + ${CELL_CHROME_PX}px)`;
