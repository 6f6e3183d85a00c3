// Tests of web/src/figures/heatmap/readout.ts (pure, no DOM): the words the
// heatmap says — accessible name, hint, cell description, export title and
// table caption — in English and with other words.
import { describe, expect, it } from 'vitest';
import { normalise, rowSums } from '../../../../web/src/figures/heatmap/data';
import { ariaLabel, describeCell, heatmapWords, idleText, svgTitle, tableCaption, tokenName } from '../../../../web/src/figures/heatmap/readout';
import { HEATMAP_DEFAULTS, type ResolvedOptions } from '../../../../web/src/figures/heatmap/types';
import { DEFAULT_HEATMAP_WORDS } from '../../../../web/src/figures/heatmap/words';

const m = normalise({
  values: [
    [1, 0],
    [0.451326, 0.548674],
  ],
  rows: 2,
  cols: 2,
  masked: [
    [false, true],
    [false, false],
  ],
});
const sums = rowSums(m);
const options = (o: Partial<ResolvedOptions> = {}): ResolvedOptions => ({ ...HEATMAP_DEFAULTS, ...o });
const en = heatmapWords();

describe('readout texts', () => {
  it('lays given words over the English ones', () => {
    expect(heatmapWords()).toEqual(DEFAULT_HEATMAP_WORDS);
    const w = heatmapWords({ table: 'Tabelle' });
    expect(w.table).toBe('Tabelle');
    expect(w.hint).toBe(DEFAULT_HEATMAP_WORDS.hint);
  });

  it('names the heatmap with its shape and axes, with the keyboard help only when interactive', () => {
    expect(ariaLabel(m, options(), en, false)).toBe('Heatmap of 2 rows (query, top to bottom) by 2 columns (key, left to right).');
    expect(ariaLabel(m, options({ title: 'head 1' }), en)).toBe(
      'head 1: heatmap of 2 rows (query, top to bottom) by 2 columns (key, left to right). Arrow keys move between cells; the value is read out below.',
    );
  });

  it('hints at the keys, or says the matrix is empty', () => {
    expect(idleText(m, options({ rowTitle: 'q', colTitle: 'k' }), en)).toBe('Rows: q, columns: k. Hover a cell, or focus the heatmap and use the arrow keys.');
    expect(idleText(normalise({ values: new Float64Array(0), rows: 0, cols: 2 }), options(), en)).toBe('Empty matrix.');
  });

  it('describes a cell with its tokens, full value and row sum, or as masked', () => {
    expect(describeCell(m, sums, options(), en, 1, 0)).toBe('query 1 → key 0: 0.451326 (row sum 1)');
    expect(describeCell(m, sums, options(), en, 0, 1)).toBe('query 0 → key 1: masked');
    const o = options({ rowLabels: ['the', 'cat'], colLabels: ['the', '中文'], maskedLabel: 'hidden' });
    expect(describeCell(m, sums, o, en, 1, 1)).toBe('query 1 “cat” → key 1 “中文”: 0.548674 (row sum 1)');
    expect(describeCell(m, sums, o, en, 0, 1)).toBe('query 0 “the” → key 1 “中文”: hidden');
  });

  it('names each index once when the labels are only the indices (no token names)', () => {
    const o = options({ rowLabels: ['0', '1'], colLabels: ['0', '1'] });
    expect(describeCell(m, sums, o, en, 1, 0)).toBe('query 1 → key 0: 0.451326 (row sum 1)');
    // a token that is another index is a name
    expect(describeCell(m, sums, options({ rowLabels: ['1', '0'] }), en, 1, 0)).toBe('query 1 “0” → key 0: 0.451326 (row sum 1)');
    expect(tokenName('7', 7)).toBeNull();
    expect(tokenName('', 0)).toBeNull();
    expect(tokenName(undefined, 0)).toBeNull();
    expect(tokenName('cat', 0)).toBe('“cat”');
  });

  it('lets describeCell replace the text, with the value and whether the cell is hidden', () => {
    const o = options({ describeCell: (i, j, v, hidden) => `${i},${j},${v},${hidden}` });
    expect(describeCell(m, sums, o, en, 0, 1)).toBe('0,1,0,true');
    expect(describeCell(m, sums, o, en, 1, 0)).toBe('1,0,0.451326,false');
  });

  it('titles the export and captions the table, titled or not', () => {
    expect(svgTitle(options(), en)).toBe('Heatmap (rows: query, columns: key)');
    expect(svgTitle(options({ title: 'head 1' }), en)).toBe('head 1 (rows: query, columns: key)');
    expect(tableCaption(options(), en)).toBe('rows are query (top to bottom), columns are key (left to right)');
    expect(tableCaption(options({ title: 'head 1' }), en)).toBe('head 1: rows are query (top to bottom), columns are key (left to right)');
  });

  it('speaks other words', () => {
    const zh = heatmapWords({
      cell: '{who}：{value}（行和 {sum}）',
      cellMasked: '{who}：{masked}',
      svgTitle: '{title}（行：{row}，列：{col}）',
      untitled: '热力图',
    });
    const o = options({ rowTitle: '查询', colTitle: '键', maskedLabel: '已遮住' });
    expect(describeCell(m, sums, o, zh, 1, 0)).toBe('查询 1 → 键 0：0.451326（行和 1）');
    expect(describeCell(m, sums, o, zh, 0, 1)).toBe('查询 0 → 键 1：已遮住');
    expect(svgTitle(o, zh)).toBe('热力图（行：查询，列：键）');
  });
});
