// @vitest-environment jsdom
// Tests of the Heatmap component (web/src/figures/heatmap/heatmap.ts) in
// jsdom: its SVG export, keyboard and pointer readout, table alternative,
// lifecycle, words, and the public entry's names. jsdom has no canvas
// (getContext is stubbed to null), so the cells are checked through toSVG(),
// which draws one rect per cell. The pure modules (scales, layout, data,
// navigation, readout, values) have their own tests in heatmap/; SVG
// snapshots are heatmap-snapshots.test.ts, and the canvas and the PNG
// export, which need a real canvas, heatmap.browser.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import * as entry from '../../../web/src/figures/heatmap/heatmap';
import {
  DEFAULT_HEATMAP_WORDS,
  Heatmap,
  MASK_FILL,
  MASK_HATCH,
  TABLE_EAGER_CELLS,
  colourFor,
  fill,
  normalise,
  type HeatmapWords,
} from '../../../web/src/figures/heatmap/heatmap';
import { box as sizedBox, parseSVG } from '../support/dom-test-kit';
import { causal } from './heatmap/fixtures';

beforeAll(() => {
  // jsdom prints "not implemented" for canvas; the component copes with null.
  HTMLCanvasElement.prototype.getContext = () => null;
});

/** A container of a given width (360 px unless told) in a fresh part of the document. */
const box = (width = 360): HTMLElement => sizedBox(width);

function num(el: Element, name: string): number {
  return Number(el.getAttribute(name));
}

/** The translate(x, y) of a d3-axis tick. */
function translate(el: Element): [number, number] {
  const m = /translate\(([-\d.e]+),\s*([-\d.e]+)\)/.exec(el.getAttribute('transform') ?? '');
  if (!m) throw new Error(`no translate on ${el.outerHTML}`);
  return [Number(m[1]), Number(m[2])];
}

function key(el: HTMLElement, k: string, extra: KeyboardEventInit = {}): void {
  el.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true, ...extra }));
}

// ------------------------------------------------------------------ the component (jsdom)

describe('Heatmap.toSVG', () => {
  it('draws one rect per cell with the viridis fill, masked cells hatched', () => {
    const hm = new Heatmap(box(), { title: 'Weights' });
    hm.update(causal);
    const doc = parseSVG(hm.toSVG());
    const rects = Array.from(doc.querySelectorAll('rect.hm-cell'));
    expect(rects).toHaveLength(9);
    const m = normalise(causal);
    const hatchIds = new Set<string>();
    for (const r of rects) {
      const i = num(r, 'data-row');
      const j = num(r, 'data-col');
      const fill = r.getAttribute('fill')!;
      if (m.masked![i * 3 + j]) {
        expect(r.getAttribute('data-masked')).toBe('1');
        const id = /^url\(#(.+)\)$/.exec(fill)![1];
        hatchIds.add(id);
      } else {
        expect(fill).toBe(colourFor(m.values[i * 3 + j], [0, 1]));
        expect(fill.startsWith('url(')).toBe(false);
      }
    }
    // the masked fill is a pattern: grey ground plus a hatch line
    expect(hatchIds.size).toBe(1);
    const pattern = doc.getElementById([...hatchIds][0])!;
    expect(pattern.tagName).toBe('pattern');
    expect(pattern.querySelector('rect')!.getAttribute('fill')).toBe(MASK_FILL);
    expect(pattern.querySelector('line')!.getAttribute('stroke')).toBe(MASK_HATCH);
    hm.destroy();
  });

  it('puts query i on row i (y grows with i) and key j on column j (x grows with j)', () => {
    // 2 × 4 so that swapped axes would show: 2 rows (queries) and 4 columns (keys).
    const values = [
      [0.1, 0.2, 0.3, 0.4],
      [0.4, 0.3, 0.2, 0.1],
    ];
    const hm = new Heatmap(box(), { rowLabels: ['q0', 'q1'], colLabels: ['k0', 'k1', 'k2', 'k3'] });
    hm.update({ values, rows: 2, cols: 4 });
    const doc = parseSVG(hm.toSVG());
    const rects = Array.from(doc.querySelectorAll('rect.hm-cell'));
    expect(rects).toHaveLength(8);
    const cell = num(rects[0], 'width');
    expect(num(rects[0], 'height')).toBe(cell);
    const x0 = num(rects[0], 'x');
    const y0 = num(rects[0], 'y');
    for (const r of rects) {
      const i = num(r, 'data-row');
      const j = num(r, 'data-col');
      expect(num(r, 'y')).toBe(y0 + i * cell);
      expect(num(r, 'x')).toBe(x0 + j * cell);
      expect(r.getAttribute('fill')).toBe(colourFor(values[i][j], [0, 1]));
    }
    expect(Math.max(...rects.map((r) => num(r, 'data-row')))).toBe(1);
    expect(Math.max(...rects.map((r) => num(r, 'data-col')))).toBe(3);

    // the query axis is on the left with labels q0, q1 going down ...
    const rowTicks = Array.from(doc.querySelectorAll('[data-axis="query"] .tick'));
    expect(rowTicks.map((t) => t.textContent)).toEqual(['q0', 'q1']);
    expect(rowTicks.map((t) => num(t, 'data-row'))).toEqual([0, 1]);
    const [, yq0] = translate(rowTicks[0]);
    const [, yq1] = translate(rowTicks[1]);
    expect(yq1 - yq0).toBe(cell);
    // ... and the key axis on top with k0..k3 going right
    const colTicks = Array.from(doc.querySelectorAll('[data-axis="key"] .tick'));
    expect(colTicks.map((t) => t.textContent)).toEqual(['k0', 'k1', 'k2', 'k3']);
    const xs = colTicks.map((t) => translate(t)[0]);
    expect(xs.every((x, k) => k === 0 || x - xs[k - 1] === cell)).toBe(true);
    // the axis titles say which is which
    const titles = Array.from(doc.querySelectorAll('.hm-axis-title')).map((t) => t.textContent);
    expect(titles).toContain('query →');
    expect(titles).toContain('key →');
    hm.destroy();
  });

  it('includes the legend (0, 0.5, 1), the title, values and no style attributes', () => {
    const hm = new Heatmap(box(), { title: 'Attention <weights>' });
    hm.update(causal);
    const text = hm.toSVG();
    expect(text).not.toMatch(/style=/);
    expect(text).not.toMatch(/<style/);
    const doc = parseSVG(text);
    expect(doc.documentElement.getAttribute('xmlns') ?? doc.documentElement.namespaceURI).toBe('http://www.w3.org/2000/svg');
    expect(doc.querySelector('.hm-title')!.textContent).toBe('Attention <weights>');
    expect(Array.from(doc.querySelectorAll('.hm-legend-axis .tick text')).map((t) => t.textContent)).toEqual(['0', '0.5', '1']);
    const values = Array.from(doc.querySelectorAll('text.hm-value'));
    expect(values).toHaveLength(9);
    const masked = values.filter((t) => t.classList.contains('hm-value-masked'));
    expect(masked).toHaveLength(3);
    expect(masked.every((t) => t.textContent === '×')).toBe(true);
    const v00 = values.find((t) => t.getAttribute('data-row') === '0' && t.getAttribute('data-col') === '0')!;
    expect(v00.textContent).toBe('1');
    expect(v00.getAttribute('fill')).toBe('#000000'); // on yellow
    const v20 = values.find((t) => t.getAttribute('data-row') === '2' && t.getAttribute('data-col') === '0')!;
    expect(v20.textContent).toBe('0.145');
    expect(v20.getAttribute('fill')).toBe('#ffffff'); // on dark purple
    expect(doc.querySelector('.hm-cursor')).toBeNull();
    hm.destroy();
  });
});

describe('Heatmap interaction', () => {
  it('is focusable, labelled, and reads out the cell under the keyboard cursor', () => {
    const hm = new Heatmap(box());
    hm.update(causal);
    const fig = hm.element.querySelector<HTMLElement>('.hm-figure')!;
    const readout = hm.element.querySelector<HTMLElement>('.hm-readout')!;
    expect(fig.tabIndex).toBe(0);
    expect(fig.getAttribute('role')).toBe('img');
    expect(fig.getAttribute('aria-label')).toMatch(/3 rows \(query.*3 columns \(key/);
    expect(readout.getAttribute('aria-live')).toBe('polite');

    fig.focus();
    expect(readout.textContent).toBe('query 0 → key 0: 1 (row sum 1)');
    key(fig, 'ArrowDown');
    key(fig, 'ArrowRight');
    expect(readout.textContent).toBe('query 1 → key 1: 0.45 (row sum 1)');
    expect(hm.element.dataset['cursorRow']).toBe('1');
    expect(hm.element.dataset['cursorCol']).toBe('1');
    key(fig, 'End');
    expect(readout.textContent).toBe('query 1 → key 2: masked');
    key(fig, 'Home');
    expect(readout.textContent).toBe('query 1 → key 0: 0.55 (row sum 1)');
    key(fig, 'End', { ctrlKey: true });
    expect(readout.textContent).toBe('query 2 → key 2: 0.322784 (row sum 1)');

    // the highlight follows the cursor and the active labels are marked
    const cur = hm.element.querySelector('.hm-cursor')!;
    expect(cur.getAttribute('display')).toBeNull();
    expect(cur.getAttribute('data-row')).toBe('2');
    expect(cur.getAttribute('data-col')).toBe('2');
    expect(hm.element.querySelector('[data-axis="query"] .tick.hm-active')!.getAttribute('data-row')).toBe('2');

    // an unhandled key is left alone (Tab must still leave the heatmap)
    const tab = new KeyboardEvent('keydown', { key: 'Tab', bubbles: true, cancelable: true });
    fig.dispatchEvent(tab);
    expect(tab.defaultPrevented).toBe(false);
    hm.destroy();
  });

  it('names tokens in the readout and honours describeCell', () => {
    const hm = new Heatmap(box(), { rowLabels: ['the', 'cat', 'sat'], colLabels: ['the', 'cat', 'sat'], maskedLabel: 'hidden' });
    hm.update(causal);
    const fig = hm.element.querySelector<HTMLElement>('.hm-figure')!;
    const readout = hm.element.querySelector<HTMLElement>('.hm-readout')!;
    fig.focus();
    key(fig, 'ArrowRight');
    expect(readout.textContent).toBe('query 0 “the” → key 1 “cat”: hidden');
    hm.update(causal, { describeCell: (i, j, v, masked) => `${i},${j}=${masked ? 'M' : v}` });
    key(fig, 'ArrowDown');
    expect(readout.textContent).toBe('1,1=0.45');
    hm.destroy();
  });

  it('offers the same numbers as a table with scoped headers', () => {
    const hm = new Heatmap(box(), { rowLabels: ['a', 'b', 'c'] });
    hm.update(causal);
    const table = hm.element.querySelector('table.hm-table')!;
    expect(table.querySelectorAll('th[scope="col"]')).toHaveLength(4);
    expect(Array.from(table.querySelectorAll('th[scope="row"]'), (t) => t.textContent)).toEqual(['query 0 “a”', 'query 1 “b”', 'query 2 “c”']);
    const tds = Array.from(table.querySelectorAll('td'));
    expect(tds).toHaveLength(9);
    const at = (i: number, j: number) => tds.find((t) => t.dataset['row'] === String(i) && t.dataset['col'] === String(j))!.textContent;
    expect(at(0, 1)).toBe('masked');
    expect(at(2, 1)).toBe('0.53218');
    expect(table.querySelector('caption')!.textContent).toMatch(/rows are query.*columns are key/);

    const button = hm.element.querySelector<HTMLButtonElement>('.hm-table-toggle')!;
    const tableBox = hm.element.querySelector<HTMLElement>('.hm-table-box')!;
    expect(button.getAttribute('aria-controls')).toBe(tableBox.id);
    expect(tableBox.classList.contains('hm-sr-only')).toBe(true);
    button.click();
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(tableBox.classList.contains('hm-sr-only')).toBe(false);
    hm.destroy();
  });

  it('dims, survives a 512 × 512 update without a table, and cleans up', () => {
    const container = box(600);
    const hm = new Heatmap(container);
    hm.setDimmed(true);
    expect(hm.element.classList.contains('hm-dimmed')).toBe(true);
    hm.setDimmed(false);
    expect(hm.element.classList.contains('hm-dimmed')).toBe(false);

    const n = 512;
    hm.update({ values: new Float64Array(n * n).fill(1 / n), rows: n, cols: n });
    expect(hm.element.querySelector('table')).toBeNull();
    expect(hm.element.querySelector('.hm-table-note')!.textContent).toMatch(/512 × 512/);
    expect(hm.element.querySelectorAll('[data-axis="query"] .tick').length).toBeLessThanOrEqual(30);
    expect(hm.element.querySelectorAll('text.hm-value')).toHaveLength(0);
    expect(hm.element.dataset['rows']).toBe('512');

    expect(() => hm.update({ values: new Float64Array(3), rows: 2, cols: 2 })).toThrow(RangeError);
    hm.destroy();
    expect(container.querySelector('.hm')).toBeNull();
  });

  it('works inside a shadow root', () => {
    const host = box();
    const root = host.attachShadow({ mode: 'open' });
    const inner = document.createElement('div');
    root.append(inner);
    const hm = new Heatmap(inner);
    hm.update(causal);
    expect(root.querySelectorAll('.hm-figure')).toHaveLength(1);
    expect(parseSVG(hm.toSVG()).querySelectorAll('rect.hm-cell')).toHaveLength(9);
    hm.destroy();
  });
});

describe('Heatmap words', () => {
  /** Every word changed: Chinese templates with the same placeholders. */
  const zh: HeatmapWords = {
    table: '表格',
    noData: '暂无数据。',
    empty: '空矩阵。',
    hint: '行：{row}，列：{col}。请用方向键。',
    aria: '热力图，{rows} 行（{row}）× {cols} 列（{col}）。',
    ariaTitled: '{title}：热力图，{rows} 行（{row}）× {cols} 列（{col}）。',
    ariaKeys: '{label}用方向键移动。',
    cell: '{who}：{value}（行和 {sum}）',
    cellMasked: '{who}：{masked}',
    caption: '行为{row}，列为{col}',
    captionTitled: '{title}：行为{row}，列为{col}',
    tableOmitted: '{rows} × {cols} 的矩阵不列出表格。',
    svgTitle: '{title}（行：{row}，列：{col}）',
    untitled: '热力图',
    notes: '备注',
    captionNote: '{caption}；{note}',
    captionPart: '{caption}（第 {part} 部分，共 {parts} 部分：{range}）',
  };

  it('fill fills known placeholders once and leaves unknown ones', () => {
    expect(fill('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fill('{a}', { a: '{a}' })).toBe('{a}');
  });

  it('English by default, word for word', () => {
    const hm = new Heatmap(box(), { title: 'head 1' });
    const readout = hm.element.querySelector<HTMLElement>('.hm-readout')!;
    expect(readout.textContent).toBe(DEFAULT_HEATMAP_WORDS.noData);
    hm.update(causal);
    expect(hm.element.querySelector('.hm-table-toggle')!.textContent).toBe('Table');
    expect(hm.element.querySelector('.hm-figure')!.getAttribute('aria-label')).toBe(
      'head 1: heatmap of 3 rows (query, top to bottom) by 3 columns (key, left to right). Arrow keys move between cells; the value is read out below.',
    );
    expect(readout.textContent).toBe('Rows: query, columns: key. Hover a cell, or focus the heatmap and use the arrow keys.');
    expect(hm.element.querySelector('caption')!.textContent).toBe('head 1: rows are query (top to bottom), columns are key (left to right)');
    expect(parseSVG(hm.toSVG()).querySelector('title')!.textContent).toBe('head 1 (rows: query, columns: key)');
    hm.update(causal, { title: '' });
    expect(hm.element.querySelector('.hm-figure')!.getAttribute('aria-label')).toMatch(/^Heatmap of 3 rows/);
    hm.destroy();
  });

  it('shows the given words everywhere: button, readouts, accessible name, table, export', () => {
    const hm = new Heatmap(box(), { rowTitle: '查询', colTitle: '键', maskedLabel: '已遮住', words: zh });
    const fig = hm.element.querySelector<HTMLElement>('.hm-figure')!;
    const readout = hm.element.querySelector<HTMLElement>('.hm-readout')!;
    expect(readout.textContent).toBe('暂无数据。');
    expect(hm.element.querySelector('.hm-table-toggle')!.textContent).toBe('表格');
    hm.update(causal);
    expect(fig.getAttribute('aria-label')).toBe('热力图，3 行（查询）× 3 列（键）。用方向键移动。');
    expect(readout.textContent).toBe('行：查询，列：键。请用方向键。');
    fig.focus();
    expect(readout.textContent).toBe('查询 0 → 键 0：1（行和 1）');
    key(fig, 'ArrowRight');
    expect(readout.textContent).toBe('查询 0 → 键 1：已遮住');
    expect(hm.element.querySelector('caption')!.textContent).toBe('行为查询，列为键');
    const svg = parseSVG(hm.toSVG());
    expect(svg.querySelector('title')!.textContent).toBe('热力图（行：查询，列：键）');
    expect(svg.documentElement.getAttribute('aria-label')).toBe('热力图，3 行（查询）× 3 列（键）。');

    hm.update(causal, { title: '第 1 个头' });
    expect(fig.getAttribute('aria-label')).toBe('第 1 个头：热力图，3 行（查询）× 3 列（键）。用方向键移动。');
    expect(hm.element.querySelector('caption')!.textContent).toBe('第 1 个头：行为查询，列为键');

    // words may change with update(); the ones not given stay English
    hm.update({ values: new Float64Array(0), rows: 0, cols: 3 }, { words: { table: 'Tabelle' } });
    expect(hm.element.querySelector('.hm-table-toggle')!.textContent).toBe('Tabelle');
    expect(readout.textContent).toBe('Empty matrix.');
    const n = 100;
    hm.update({ values: new Float64Array(n * n), rows: n, cols: n }, { words: zh });
    expect(hm.element.querySelector('.hm-table-note')!.textContent).toBe('100 × 100 的矩阵不列出表格。');
    hm.destroy();
  });
});

describe('Heatmap pointer, lifecycle and table', () => {
  /** Pretend the plot (the canvas) is laid out at (left, top) with cells of `cell` px. */
  function placeCanvas(hm: Heatmap, rows: number, cols: number, cell = 20, left = 50, top = 40): void {
    const canvas = hm.element.querySelector('canvas')!;
    canvas.getBoundingClientRect = () => ({
      left,
      top,
      width: cols * cell,
      height: rows * cell,
      right: left + cols * cell,
      bottom: top + rows * cell,
      x: left,
      y: top,
      toJSON: () => ({}),
    });
  }
  const pointer = (el: Element, type: string, x: number, y: number): boolean =>
    el.dispatchEvent(new MouseEvent(type, { clientX: x, clientY: y, bubbles: true }));

  it('reads out the hovered cell, puts the cursor where the pointer goes down, and forgets the hover when it leaves', () => {
    const hm = new Heatmap(box(), { rowLabels: ['the', 'cat', 'sat'], colLabels: ['the', 'cat', 'sat'] });
    hm.update(causal);
    placeCanvas(hm, 3, 3);
    const fig = hm.element.querySelector<HTMLElement>('.hm-figure')!;
    const readout = hm.element.querySelector<HTMLElement>('.hm-readout')!;
    const cur = hm.element.querySelector('.hm-cursor')!;
    pointer(fig, 'pointermove', 50 + 25, 40 + 45); // row 2, col 1
    expect(readout.textContent).toBe('query 2 “sat” → key 1 “cat”: 0.53218 (row sum 1)');
    expect([cur.getAttribute('data-row'), cur.getAttribute('data-col'), cur.getAttribute('display')]).toEqual(['2', '1', null]);
    expect(hm.element.querySelector('[data-axis="key"] .tick.hm-active')!.getAttribute('data-col')).toBe('1');
    expect(hm.element.dataset['cursorRow']).toBeUndefined(); // hovering moves no keyboard cursor
    pointer(fig, 'pointermove', 10, 10); // outside the plot
    expect(readout.textContent).toMatch(/^Rows: query/);
    expect(cur.getAttribute('display')).toBe('none');
    expect(hm.element.querySelectorAll('.hm-active')).toHaveLength(0);
    pointer(fig, 'pointerdown', 50 + 5, 40 + 25); // row 1, col 0
    expect(hm.element.dataset['cursorRow']).toBe('1');
    expect(hm.element.dataset['cursorCol']).toBe('0');
    fig.dispatchEvent(new MouseEvent('pointerleave'));
    expect(readout.textContent).toMatch(/^Rows: query/);
    // the keyboard goes on from where the pointer put the cursor
    fig.focus();
    key(fig, 'ArrowRight');
    expect(readout.textContent).toBe('query 1 “cat” → key 1 “cat”: 0.45 (row sum 1)');
    hm.destroy();
  });

  it('keeps the cursor through an update while it fits, and drops it when the matrix shrinks', () => {
    const hm = new Heatmap(box());
    hm.update(causal);
    const fig = hm.element.querySelector<HTMLElement>('.hm-figure')!;
    fig.focus();
    key(fig, 'End', { ctrlKey: true });
    hm.update({ ...causal, masked: null });
    expect(hm.element.dataset['cursorRow']).toBe('2');
    expect(hm.element.querySelector('.hm-readout')!.textContent).toBe('query 2 → key 2: 0.322784 (row sum 1)');
    hm.update({ values: [[1]], rows: 1, cols: 1 });
    expect(hm.element.dataset['cursorRow']).toBeUndefined();
    key(fig, 'ArrowDown');
    expect(hm.element.querySelector('.hm-readout')!.textContent).toBe('query 0 → key 0: 1 (row sum 1)');
    hm.destroy();
  });

  it('builds a mid-size table only when first opened, then with every update', () => {
    const n = 20;
    expect(n * n).toBeGreaterThan(TABLE_EAGER_CELLS);
    const hm = new Heatmap(box());
    hm.update({ values: new Float64Array(n * n).fill(1 / n), rows: n, cols: n });
    expect(hm.element.querySelector('table')).toBeNull();
    hm.element.querySelector<HTMLButtonElement>('.hm-table-toggle')!.click();
    expect(hm.element.querySelectorAll('table.hm-table td')).toHaveLength(n * n);
    hm.update({ values: new Float64Array(n * n).fill(0.5), rows: n, cols: n });
    expect(hm.element.querySelector('table.hm-table td')!.textContent).toBe('0.5');
    hm.destroy();
  });

  it('shows the masked key in the legend only when a cell is hidden', () => {
    const hm = new Heatmap(box(), { maskedLabel: 'hidden' });
    hm.update(causal);
    const key = () => parseSVG(hm.toSVG()).querySelector('.hm-legend-mask')!;
    expect(key().getAttribute('display')).toBeNull();
    expect(key().textContent).toBe('hidden');
    expect(key().querySelector('rect')!.getAttribute('fill')).toMatch(/^url\(#hm-\d+-hatch\)$/);
    hm.update({ ...causal, masked: null });
    expect(key().getAttribute('display')).toBe('none');
    hm.destroy();
  });

  it('exports nothing before the first update: an empty SVG, and a PNG that says why', async () => {
    const hm = new Heatmap(box());
    const doc = parseSVG(hm.toSVG());
    expect(doc.documentElement.getAttribute('width')).toBe('0');
    await expect(hm.toPNG()).rejects.toThrow(/nothing to export yet/);
    hm.destroy();
  });

  it('lays out for the width it is given: narrower containers get smaller cells, never wider than the container', () => {
    const cellAt = (width: number): number => {
      const hm = new Heatmap(box(width));
      hm.update({ values: new Float64Array(64).fill(1 / 8), rows: 8, cols: 8 });
      const rect = parseSVG(hm.toSVG()).querySelector('rect.hm-cell')!;
      const svgWidth = Number(hm.element.querySelector('svg')!.getAttribute('width'));
      hm.destroy();
      expect(svgWidth).toBeLessThanOrEqual(width);
      return Number(rect.getAttribute('width'));
    };
    expect(cellAt(1200)).toBe(48);
    expect(cellAt(343)).toBeLessThan(48);
    expect(cellAt(343)).toBeGreaterThan(cellAt(250));
  });
});

describe('the public entry', () => {
  it('exports every name it always has, so importers need no change', () => {
    expect(Object.keys(entry).sort()).toEqual(
      [
        'DEFAULT_HEATMAP_WORDS',
        'DEFAULT_PALETTE',
        'Heatmap',
        'LUT_SIZE',
        'MASK_FILL',
        'MASK_HATCH',
        'MASK_TEXT',
        'MAX_CELL',
        'MIN_CELL',
        'TABLE_EAGER_CELLS',
        'TABLE_MAX_CELLS',
        'cellText',
        'cellsMarkup',
        'colourFor',
        'colourTable',
        'computeLayout',
        'escapeXml',
        'fill',
        'formatFull',
        'heatmapWords',
        'luminance',
        'lutIndex',
        'matrixToRGBA',
        'moveCursor',
        'normalise',
        'parseHex',
        'shortLabel',
        'textColourFor',
        'textWidth',
        'thinTicks',
        'tickStep',
      ].sort(),
    );
    expect(entry.MASK_TEXT).toBe('×');
    expect(entry.heatmapWords({ table: 'T' })).toEqual({ ...DEFAULT_HEATMAP_WORDS, table: 'T' });
  });
});
