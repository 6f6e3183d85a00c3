// types.ts — the heatmap's public types (its data, options and cell
// positions), the normalised matrix the layers draw, and the options with
// every default filled in.
//
// Orientation, everywhere (screen, export, table, readout):
//   ROWS    = QUERIES, index i, top → bottom, labelled on the left, title "query"
//   COLUMNS = KEYS,    index j, left → right, labelled on top,   title "key"
// Cell (i, j) is what query i gives to key j, so each row of weights sums to 1.

import type { HeatmapWords } from './words';

/** A matrix to draw: row-major values (rows × cols) and an optional mask (1/true = HIDDEN cell). */
export interface HeatmapData {
  /** rows × cols values: a row-major Float64Array or rows of numbers. Row i = query i, column j = key j. */
  values: Float64Array | number[][];
  rows: number;
  cols: number;
  /** 1/true = the cell is HIDDEN (drawn grey and hatched). Note: the opposite of core.ts's masks, where 1/true = visible. */
  masked?: Uint8Array | boolean[][] | null;
}

/** How to label, scale and describe a heatmap. */
export interface HeatmapOptions {
  /** Labels of the rows (queries), e.g. tokens; default the indices. Cut to 12 characters on the axis. */
  rowLabels?: string[];
  /** Labels of the columns (keys); default the indices. */
  colLabels?: string[];
  /** Title of the row axis (left); default 'query'. */
  rowTitle?: string;
  /** Title of the column axis (top); default 'key'. */
  colTitle?: string;
  /** Title drawn above the heatmap and used in its accessible name. */
  title?: string;
  /** Values mapped to viridis(0) and viridis(1), clamped outside; default [0, 1]. */
  domain?: [number, number];
  /** Decimals of the values printed in cells; default 3 (auto may drop to 2 on narrow screens). */
  digits?: number;
  /** Print values in cells: 'auto' (cells ≥ 28 px and ≤ 400 cells), 'always' or 'never'; default 'auto'. */
  showValues?: 'auto' | 'always' | 'never';
  /** Word for a hidden cell in the readout, legend and table; default 'masked'. */
  maskedLabel?: string;
  /** Replace the readout text of cell (i, j). */
  describeCell?: (i: number, j: number, v: number, masked: boolean) => string;
  /** The component's own words (buttons, hints, accessible names, table caption), e.g. translated; missing ones are DEFAULT_HEATMAP_WORDS. */
  words?: Partial<HeatmapWords>;
  /** Called when the pointed cell changes: the hovered one while the pointer is over a cell, else the keyboard cursor while focused, else null. */
  onPoint?: (cell: CellPos | null) => void;
  /** A short note drawn right of each row (e.g. "H 0.64"), thinned like the row labels; also a column of the table. */
  rowNotes?: string[];
  /** The heading of the row notes (e.g. "entropy (nats)"), wrapped to fit above them. */
  rowNotesTitle?: string;
  /** A note drawn with the legend (e.g. "max ln 6 = 1.792"); also in the table's caption. */
  legendNote?: string;
}

/** A cell position: row (query) i, column (key) j. */
export interface CellPos {
  row: number;
  col: number;
}

/** A matrix as the layers draw it: one row-major Float64Array and an optional mask (1 = hidden); see normalise in data.ts. */
export interface Matrix {
  values: Float64Array;
  masked: Uint8Array | null;
  rows: number;
  cols: number;
}

/** The defaults of the options that have one. */
export const HEATMAP_DEFAULTS = {
  rowTitle: 'query',
  colTitle: 'key',
  domain: [0, 1] as [number, number],
  digits: 3,
  showValues: 'auto' as const,
  maskedLabel: 'masked',
};

/** Options with every default filled in. */
export type ResolvedOptions = Omit<Required<HeatmapOptions>, OptionalOption> & Pick<HeatmapOptions, OptionalOption>;

/** The options without a default. */
type OptionalOption = 'rowLabels' | 'colLabels' | 'title' | 'describeCell' | 'words' | 'onPoint' | 'rowNotes' | 'rowNotesTitle' | 'legendNote';

/** An outside emphasis of the heatmap (Heatmap.highlight): a row (row only), a column (col only) or one cell (both). */
export interface Emphasis {
  row?: number;
  col?: number;
}
