// words.ts — the heatmap's own words: the source of their English text.
// i18n/ builds its English table from DEFAULT_HEATMAP_WORDS ('hm.' keys) and
// holds only the 中文 translations.

/**
 * Every text the heatmap writes itself, as templates: {name} is filled by
 * fill. The axis titles ({row}, {col}) come from rowTitle and colTitle.
 */
export interface HeatmapWords {
  /** The button that shows the table. */
  table: string;
  /** The readout before the first update(). */
  noData: string;
  /** The readout of a 0 × n matrix. */
  empty: string;
  /** The readout when no cell is active: {row}, {col}. */
  hint: string;
  /** Accessible name without a title: {rows}, {row}, {cols}, {col}. */
  aria: string;
  /** Accessible name with a title: {title}, {rows}, {row}, {cols}, {col}. */
  ariaTitled: string;
  /** The keyboard help after the accessible name: {label}. */
  ariaKeys: string;
  /** The readout of a cell: {who} ("query 2 → key 1"), {value}, {sum} (its row's sum). */
  cell: string;
  /** The readout of a hidden cell: {who}, {masked} (the maskedLabel). */
  cellMasked: string;
  /** The table's caption without a title: {row}, {col}. */
  caption: string;
  /** The table's caption with a title: {title}, {row}, {col}. */
  captionTitled: string;
  /** The note in place of a table too large to build: {rows}, {cols}. */
  tableOmitted: string;
  /** The <title> of an exported SVG: {title} (or `untitled`), {row}, {col}. */
  svgTitle: string;
  /** The title of an exported SVG when the heatmap has none. */
  untitled: string;
  /** The table's heading of the row notes when rowNotesTitle is not given. */
  notes: string;
  /** The table's caption with the legend note: {caption}, {note}. */
  captionNote: string;
  /** The caption of one part of a table split to fit: {caption} (the whole caption for the first part, the title for the others), {part}, {parts}, {range} (e.g. "key 0–3"). */
  captionPart: string;
}

/** The heatmap's words in English. */
export const DEFAULT_HEATMAP_WORDS: Readonly<HeatmapWords> = {
  table: 'Table',
  noData: 'No data yet.',
  empty: 'Empty matrix.',
  hint: 'Rows: {row}, columns: {col}. Hover a cell, or focus the heatmap and use the arrow keys.',
  aria: 'Heatmap of {rows} rows ({row}, top to bottom) by {cols} columns ({col}, left to right).',
  ariaTitled: '{title}: heatmap of {rows} rows ({row}, top to bottom) by {cols} columns ({col}, left to right).',
  ariaKeys: '{label} Arrow keys move between cells; the value is read out below.',
  cell: '{who}: {value} (row sum {sum})',
  cellMasked: '{who}: {masked}',
  caption: 'rows are {row} (top to bottom), columns are {col} (left to right)',
  captionTitled: '{title}: rows are {row} (top to bottom), columns are {col} (left to right)',
  tableOmitted: 'The table is omitted for a {rows} × {cols} matrix; focus the heatmap and use the arrow keys to read values.',
  svgTitle: '{title} (rows: {row}, columns: {col})',
  untitled: 'Heatmap',
  notes: 'note',
  captionNote: '{caption}; {note}',
  captionPart: '{caption} (part {part} of {parts}: {range})',
};

/** The 中文 of DEFAULT_HEATMAP_WORDS (i18n/i18n.ts gives it the keys' prefix 'hm.'); the type refuses a missing or an orphaned key. */
export const HEATMAP_ZH = {
  table: '表格',
  noData: '暂无数据。',
  empty: '空矩阵。',
  hint: '行：{row}，列：{col}。将鼠标悬停在单元格上，或聚焦热力图后用方向键移动。',
  aria: '热力图，{rows} 行（{row}，从上到下）× {cols} 列（{col}，从左到右）。',
  ariaTitled: '{title}：热力图，{rows} 行（{row}，从上到下）× {cols} 列（{col}，从左到右）。',
  ariaKeys: '{label}用方向键在单元格之间移动，数值在下方读出。',
  cell: '{who}：{value}（行和 {sum}）',
  cellMasked: '{who}：{masked}',
  caption: '行为{row}（从上到下），列为{col}（从左到右）',
  captionTitled: '{title}：行为{row}（从上到下），列为{col}（从左到右）',
  tableOmitted: '{rows} × {cols} 的矩阵太大，不列出表格；请聚焦热力图，用方向键读取数值。',
  svgTitle: '{title}（行：{row}，列：{col}）',
  untitled: '热力图',
  notes: '备注',
  captionNote: '{caption}；{note}',
  captionPart: '{caption}（第 {part} 部分，共 {parts} 部分：{range}）',
} as const satisfies { readonly [K in keyof typeof DEFAULT_HEATMAP_WORDS]: string };
