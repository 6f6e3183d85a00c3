// @vitest-environment jsdom
// Tests of the table alternative (table.ts, table-fit.ts): headers that name
// the index once ("key 0", not "key 0 0") and a token name only when there is
// one, the row notes as a last column, the legend note in the caption, and
// the split into parts that fit the box.
import { beforeAll, describe, expect, it } from 'vitest';
import { Heatmap, type HeatmapData } from '../../../../web/src/figures/heatmap/heatmap';
import { textWidth } from '../../../../web/src/figures/heatmap/layout';
import {
  NAME_KEEP_CHARS,
  TABLE_CELL_EXTRA,
  TABLE_MAX_PARTS,
  columnWidths,
  headerText,
  tableParts,
  type TableTexts,
} from '../../../../web/src/figures/heatmap/table-fit';
import { normalise } from '../../../../web/src/figures/heatmap/data';
import { box } from '../../support/dom-test-kit';
import { causal } from './fixtures';

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = () => null;
});

const texts = (more: Partial<TableTexts> = {}): TableTexts => ({
  rowTitle: 'query',
  colTitle: 'key',
  corner: 'query \\ key',
  maskedLabel: 'masked',
  notes: null,
  ...more,
});

/** An n × n matrix whose values all print with 9 characters ("0.0123457"), like softmax weights often do. */
function nineChars(n: number): HeatmapData {
  return { values: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => 0.0123457 + 0.0000001 * (i * n + j))), rows: n, cols: n };
}

const headers = (hm: Heatmap, scope: 'row' | 'col'): string[] =>
  Array.from(hm.element.querySelectorAll(`table.hm-table th[scope="${scope}"]`), (t) => t.textContent ?? '');

describe('headerText', () => {
  it('names the index once: no name when the label is missing, empty or the index itself', () => {
    expect(headerText('key', 0, undefined)).toEqual({ index: 'key 0', name: null });
    expect(headerText('key', 0, '')).toEqual({ index: 'key 0', name: null });
    expect(headerText('key', 3, '3')).toEqual({ index: 'key 3', name: null });
    expect(headerText('query', 1, 'cat')).toEqual({ index: 'query 1', name: '“cat”' });
    // a token that is another index is a name
    expect(headerText('key', 1, '0')).toEqual({ index: 'key 1', name: '“0”' });
  });
});

describe('the table’s headers', () => {
  it('without token names (labels equal to the indices): "key 0" and "query 1", each once', () => {
    const hm = new Heatmap(box(), { rowLabels: ['0', '1', '2'], colLabels: ['0', '1', '2'] });
    hm.update(causal);
    expect(headers(hm, 'col')).toEqual(['query \\ key', 'key 0', 'key 1', 'key 2']);
    expect(headers(hm, 'row')).toEqual(['query 0', 'query 1', 'query 2']);
    hm.destroy();
  });

  it('with token names: the index and the name, unique even when tokens repeat', () => {
    const tokens = ['the', 'cat', 'the'];
    const hm = new Heatmap(box(), { rowLabels: tokens, colLabels: tokens });
    hm.update(causal);
    const cols = headers(hm, 'col');
    expect(cols).toEqual(['query \\ key', 'key 0 “the”', 'key 1 “cat”', 'key 2 “the”']);
    expect(new Set(cols).size).toBe(cols.length);
    expect(headers(hm, 'row')).toEqual(['query 0 “the”', 'query 1 “cat”', 'query 2 “the”']);
    // the index stays on one line, the name may wrap
    const th = hm.element.querySelector('table.hm-table th[scope="row"]')!;
    expect(th.querySelector('.hm-th-index')!.textContent).toBe('query 0');
    expect(th.querySelector('.hm-th-name')!.textContent).toBe('“the”');
    hm.destroy();
  });
});

describe('notes in the table', () => {
  it('the row notes are a last column under their title, the legend note is in the caption; the value cells are unchanged', () => {
    const hm = new Heatmap(box(), { rowNotes: ['0.00', '0.69', '1.01'], rowNotesTitle: 'entropy (nats)', legendNote: 'max ln 3 = 1.099' });
    hm.update(causal);
    const table = hm.element.querySelector('table.hm-table')!;
    expect(headers(hm, 'col').at(-1)).toBe('entropy (nats)');
    expect(Array.from(table.querySelectorAll('td.hm-table-row-note'), (t) => t.textContent)).toEqual(['0.00', '0.69', '1.01']);
    expect(table.querySelectorAll('td[data-row]')).toHaveLength(9);
    expect(table.querySelector('caption')!.textContent).toBe('rows are query (top to bottom), columns are key (left to right); max ln 3 = 1.099');
    hm.destroy();
  });

  it('without a title, the notes column is headed by the word "note"; without notes there is no such column', () => {
    const hm = new Heatmap(box(), { rowNotes: ['a', 'b', 'c'] });
    hm.update(causal);
    expect(headers(hm, 'col')).toEqual(['query \\ key', 'key 0', 'key 1', 'key 2', 'note']);
    hm.update(causal, { rowNotes: undefined });
    expect(headers(hm, 'col')).toEqual(['query \\ key', 'key 0', 'key 1', 'key 2']);
    expect(hm.element.querySelectorAll('td.hm-table-row-note')).toHaveLength(0);
    hm.destroy();
  });
});

describe('tableParts', () => {
  const w = { rowHead: 60, cols: [70, 70, 70, 70, 70, 70, 70, 70] };

  it('one part when everything fits or the width is unknown', () => {
    expect(tableParts(w, 700)).toEqual([[0, 8]]);
    expect(tableParts(w, 0)).toEqual([[0, 8]]);
    expect(tableParts(w, NaN)).toEqual([[0, 8]]);
  });

  it('the fewest parts that fit, as even as can be, the larger first', () => {
    expect(tableParts(w, 400)).toEqual([
      [0, 4],
      [4, 8],
    ]);
    expect(tableParts(w, 300)).toEqual([
      [0, 3],
      [3, 6],
      [6, 8],
    ]);
    for (const avail of [270, 300, 400, 550])
      for (const [s, e] of tableParts(w, avail)) expect(w.rowHead + w.cols.slice(s, e).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(avail);
  });

  it('uneven widths: greedy when an even split does not fit', () => {
    const u = { rowHead: 0, cols: [100, 100, 10, 10, 10, 10] };
    expect(tableParts(u, 200)).toEqual([
      [0, 2],
      [2, 6],
    ]);
  });

  it('one whole table (scrolling in its box) when more than TABLE_MAX_PARTS parts would be needed', () => {
    const many = { rowHead: 60, cols: Array.from({ length: 20 }, () => 70) };
    expect(tableParts(many, 300).length).toBe(1);
    expect(tableParts(many, 300, 10).length).toBe(7);
    expect(TABLE_MAX_PARTS).toBe(4);
  });
});

describe('columnWidths', () => {
  it('each column as wide as its widest text plus padding; a long name may wrap, the index may not', () => {
    const m = normalise(causal);
    const { rowHead, cols } = columnWidths(m, texts({ colLabels: ['a', 'internationalisation', 'c'] }));
    expect(cols).toHaveLength(3);
    // column 0: its widest value; column 1: the name's first NAME_KEEP_CHARS characters and its quote
    expect(cols[0]).toBe(textWidth('0.145036') + TABLE_CELL_EXTRA);
    expect(cols[1]).toBe(textWidth(`“${'internationalisation'.slice(0, NAME_KEEP_CHARS + 1)}`) + TABLE_CELL_EXTRA);
    expect(rowHead).toBe(textWidth('query 2') + TABLE_CELL_EXTRA);
    const withNotes = columnWidths(m, texts({ notes: { title: 'entropy (nats)', texts: ['0', '0.69', '1.01'] } }));
    expect(withNotes.cols).toHaveLength(4);
    expect(withNotes.cols[3]).toBe(textWidth('entropy') + TABLE_CELL_EXTRA);
  });
});

describe('a table too wide for its box', () => {
  it('8 × 8 at a phone width: stacked parts, each captioned, every value once, the notes in the last part', () => {
    const n = 8;
    const width = 311;
    const hm = new Heatmap(box(width), { title: 'head 1', rowNotes: Array.from({ length: n }, () => '1.23'), rowNotesTitle: 'entropy (nats)' });
    hm.update(nineChars(n));
    const tables = Array.from(hm.element.querySelectorAll('table.hm-table'));
    expect(tables.length).toBeGreaterThan(1);
    expect(tables.length).toBeLessThanOrEqual(TABLE_MAX_PARTS);
    const cells = Array.from(hm.element.querySelectorAll('table.hm-table td[data-row]'));
    expect(cells).toHaveLength(n * n);
    expect(new Set(cells.map((c) => `${c.getAttribute('data-row')},${c.getAttribute('data-col')}`)).size).toBe(n * n);
    expect(tables[0].querySelector('caption')!.textContent).toMatch(/^head 1: rows are query .* \(part 1 of \d: key 0–\d\)$/);
    expect(tables[1].querySelector('caption')!.textContent).toMatch(/^head 1 \(part 2 of \d: key \d–\d\)$/);
    expect(tables.at(-1)!.querySelectorAll('td.hm-table-row-note')).toHaveLength(n);
    // every part has all the row headers
    for (const t of tables) expect(t.querySelectorAll('th[scope="row"]')).toHaveLength(n);
    hm.destroy();
  });

  it('the same matrix in a wide box: one table', () => {
    const hm = new Heatmap(box(1000));
    hm.update(nineChars(8));
    expect(hm.element.querySelectorAll('table.hm-table')).toHaveLength(1);
    hm.destroy();
  });
});
