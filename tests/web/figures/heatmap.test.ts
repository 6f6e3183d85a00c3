// @vitest-environment jsdom
// Tests of web/src/figures/heatmap: the pure parts (colour, text, ticks, cursor,
// layout) and, in jsdom, the component's SVG export, keyboard readout and
// table. jsdom has no canvas (getContext is stubbed to null), so the cells are
// checked through toSVG(), which draws one rect per cell.
import { beforeAll, describe, expect, it } from 'vitest';
import { interpolateViridis } from 'd3-scale-chromatic';
import {
  DEFAULT_HEATMAP_WORDS,
  Heatmap,
  LUT_SIZE,
  MASK_FILL,
  MASK_HATCH,
  MAX_CELL,
  cellText,
  colourFor,
  colourTable,
  computeLayout,
  fillWords,
  formatFull,
  luminance,
  matrixToRGBA,
  moveCursor,
  normalise,
  parseHex,
  textColourFor,
  thinTicks,
  tickStep,
  type HeatmapData,
  type HeatmapWords,
  type LayoutInput,
} from '../../../web/src/figures/heatmap/heatmap';
import { box as sizedBox, parseSVG } from '../support/dom-test-kit';

beforeAll(() => {
  // jsdom prints "not implemented" for canvas; the component copes with null.
  HTMLCanvasElement.prototype.getContext = (() => null) as unknown as HTMLCanvasElement['getContext'];
});

/** A 3 × 3 causal weight matrix: query i sees keys 0..i. */
const causal: HeatmapData = {
  values: [
    [1, 0, 0],
    [0.55, 0.45, 0],
    [0.145036, 0.53218, 0.322784],
  ],
  rows: 3,
  cols: 3,
  masked: [
    [false, true, true],
    [false, false, true],
    [false, false, false],
  ],
};

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

// ------------------------------------------------------------------ colour

describe('colour mapping', () => {
  it('maps the domain ends to viridis(0) and viridis(1), clamping outside', () => {
    expect(colourFor(0, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(1, [0, 1])).toBe(interpolateViridis(1));
    expect(colourFor(-3, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(-Infinity, [0, 1])).toBe(interpolateViridis(0));
    expect(colourFor(42, [0, 1])).toBe(interpolateViridis(1));
    expect(colourFor(Infinity, [0, 1])).toBe(interpolateViridis(1));
  });

  it('agrees with d3 viridis everywhere (the lookup table has the ramp’s own 256 bins)', () => {
    expect(colourTable().hex).toHaveLength(LUT_SIZE);
    for (let k = 0; k <= 1000; k++) expect(colourFor(k / 1000, [0, 1])).toBe(interpolateViridis(k / 1000));
  });

  it('rescales to the domain', () => {
    expect(colourFor(0.1, [0, 0.2])).toBe(interpolateViridis(0.5));
    expect(colourFor(-1, [-1, 3])).toBe(interpolateViridis(0));
    expect(colourFor(3, [-1, 3])).toBe(interpolateViridis(1));
  });

  it('keeps masked cells out of the viridis palette', () => {
    const hex = new Set(colourTable().hex.map((c) => c.toLowerCase()));
    expect(hex.has(MASK_FILL)).toBe(false);
    // grey: r = g = b, which no viridis colour is
    const [r, g, b] = parseHex(MASK_FILL);
    expect(r === g && g === b).toBe(true);
    for (const c of colourTable().hex) {
      const [cr, cg, cb] = parseHex(c);
      expect(cr === cg && cg === cb).toBe(false);
    }
    expect(colourFor(NaN, [0, 1])).toBe(MASK_FILL);
  });

  it('fills an RGBA image through the table, masked cells grey', () => {
    const values = Float64Array.from([0, 0.25, 0.5, 1, 0.7, NaN]);
    const masked = Uint8Array.from([0, 0, 0, 0, 1, 0]);
    const img = matrixToRGBA(values, masked, 2, 3, [0, 1]);
    const px = (p: number): string => '#' + Array.from(img.slice(4 * p, 4 * p + 3), (x) => x.toString(16).padStart(2, '0')).join('');
    for (let p = 0; p < 4; p++) expect(px(p)).toBe(colourFor(values[p]!, [0, 1]));
    expect(px(4)).toBe(MASK_FILL);
    expect(px(5)).toBe(MASK_FILL);
    for (let p = 0; p < 6; p++) expect(img[4 * p + 3]).toBe(255);
  });

  it('colours a 512 × 512 matrix quickly', () => {
    const n = 512;
    const v = new Float64Array(n * n).map((_, p) => (p % 997) / 996);
    const t0 = performance.now();
    const img = matrixToRGBA(v, null, n, n, [0, 1]);
    const ms = performance.now() - t0;
    expect(img.length).toBe(n * n * 4);
    expect(ms).toBeLessThan(250);
  });

  it('picks white text on dark cells and black on light ones', () => {
    expect(textColourFor(interpolateViridis(0))).toBe('#ffffff');
    expect(textColourFor(interpolateViridis(1))).toBe('#000000');
    expect(textColourFor(MASK_FILL)).toBe('#000000');
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1, 12);
  });
});

// ------------------------------------------------------------------ text

describe('cellText and formatFull', () => {
  it('prints fixed digits without trailing zeros', () => {
    expect(cellText(0.451326, 3)).toBe('0.451');
    expect(cellText(0.4515, 3)).toBe('0.452');
    expect(cellText(0.5, 3)).toBe('0.5');
    expect(cellText(1, 3)).toBe('1');
    expect(cellText(0, 3)).toBe('0');
    expect(cellText(10.25, 1)).toBe('10.3');
    expect(cellText(-1.23456, 2)).toBe('-1.23');
    expect(cellText(0.6, 0)).toBe('1');
  });

  it('never prints "-0", and handles non-finite and huge values', () => {
    expect(cellText(-0.0001, 3)).toBe('0');
    expect(cellText(-0, 3)).toBe('0');
    expect(cellText(NaN, 3)).toBe('NaN');
    expect(cellText(Infinity, 3)).toBe('∞');
    expect(cellText(-Infinity, 3)).toBe('−∞');
    expect(cellText(123456, 3)).toBe('1.23e+5');
  });

  it('gives the readout 6 significant digits', () => {
    expect(formatFull(0.4513261234)).toBe('0.451326');
    expect(formatFull(0.99999999999)).toBe('1');
    expect(formatFull(1e-9)).toBe('1e-9');
    expect(formatFull(-0)).toBe('0');
    expect(formatFull(-Infinity)).toBe('−∞');
  });
});

// ------------------------------------------------------------------ ticks, cursor, layout

describe('label thinning', () => {
  it('labels every index when cells are roomy', () => {
    expect(tickStep(35, 16)).toBe(1);
    expect(thinTicks(8, 35, 16)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('steps by 1, 2, 5, 10, 20, 50, … when cells are small', () => {
    expect(tickStep(10, 16)).toBe(2);
    expect(tickStep(4, 16)).toBe(5);
    expect(tickStep(1, 16)).toBe(20);
    expect(tickStep(0.1, 16)).toBe(200);
    expect(thinTicks(64, 4, 16)).toEqual([0, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60]);
  });

  it('keeps a 512-wide axis to a readable number of labels', () => {
    const t = thinTicks(512, 1, 16);
    expect(t[0]).toBe(0);
    expect(t.length).toBe(26);
    expect(t.every((i, k) => i === 20 * k && i < 512)).toBe(true);
  });
});

describe('moveCursor', () => {
  const at = { row: 1, col: 1 };
  it('moves with the arrows and clamps at the edges', () => {
    expect(moveCursor(at, 'ArrowUp', 3, 4)).toEqual({ row: 0, col: 1 });
    expect(moveCursor(at, 'ArrowDown', 3, 4)).toEqual({ row: 2, col: 1 });
    expect(moveCursor(at, 'ArrowLeft', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCursor(at, 'ArrowRight', 3, 4)).toEqual({ row: 1, col: 2 });
    expect(moveCursor({ row: 0, col: 0 }, 'ArrowUp', 3, 4)).toEqual({ row: 0, col: 0 });
    expect(moveCursor({ row: 2, col: 3 }, 'ArrowRight', 3, 4)).toEqual({ row: 2, col: 3 });
  });
  it('Home/End go to the ends of the row; with Ctrl to the corners', () => {
    expect(moveCursor(at, 'Home', 3, 4)).toEqual({ row: 1, col: 0 });
    expect(moveCursor(at, 'End', 3, 4)).toEqual({ row: 1, col: 3 });
    expect(moveCursor(at, 'Home', 3, 4, true)).toEqual({ row: 0, col: 0 });
    expect(moveCursor(at, 'End', 3, 4, true)).toEqual({ row: 2, col: 3 });
    expect(moveCursor(at, 'PageDown', 30, 4)).toEqual({ row: 11, col: 1 });
  });
  it('ignores other keys', () => {
    expect(moveCursor(at, 'a', 3, 4)).toBeNull();
    expect(moveCursor(at, 'Tab', 3, 4)).toBeNull();
  });
});

describe('normalise', () => {
  it('flattens rows row-major and turns a boolean mask into 1 = hidden', () => {
    const m = normalise(causal);
    expect(Array.from(m.values)).toEqual([1, 0, 0, 0.55, 0.45, 0, 0.145036, 0.53218, 0.322784]);
    expect(Array.from(m.masked!)).toEqual([0, 1, 1, 0, 0, 1, 0, 0, 0]);
  });
  it('rejects shapes that do not match', () => {
    expect(() => normalise({ values: new Float64Array(5), rows: 2, cols: 3 })).toThrow(RangeError);
    expect(() => normalise({ values: [[1, 2], [3]], rows: 2, cols: 2 })).toThrow(/row 1/);
    expect(() => normalise({ values: [[1]], rows: 1, cols: 1, masked: new Uint8Array(2) })).toThrow(RangeError);
  });
});

describe('computeLayout', () => {
  const base = (rows: number, cols: number, availableWidth: number): LayoutInput => ({
    rows,
    cols,
    availableWidth,
    rowLabels: Array.from({ length: rows }, (_, i) => String(i)),
    colLabels: Array.from({ length: cols }, (_, i) => String(i)),
    customColLabels: false,
    rowTitle: 'query',
    colTitle: 'key',
    showValues: 'auto',
    valueChars: 4,
    hasMask: true,
    maskedLabel: 'masked',
  });

  it('fits an 8 × 8 heatmap into a phone-width container with values shown', () => {
    const L = computeLayout(base(8, 8, 343));
    expect(L.cell).toBeGreaterThanOrEqual(28);
    expect(L.width).toBeLessThanOrEqual(343);
    expect(L.plotWidth).toBe(8 * L.cell);
    expect(L.plotHeight).toBe(8 * L.cell);
    expect(L.showValues).toBe(true);
    expect(L.rowTicks).toHaveLength(8);
  });

  it('caps cells at MAX_CELL px and never goes below 1 px', () => {
    expect(computeLayout(base(3, 3, 1200)).cell).toBe(MAX_CELL);
    const big = computeLayout(base(512, 512, 600));
    expect(big.cell).toBe(1);
    expect(big.showValues).toBe(false);
    expect(big.rowTicks.length).toBeLessThanOrEqual(30);
    expect(big.colTicks.length).toBeLessThanOrEqual(30);
  });

  it('hides values for more than 400 cells unless asked', () => {
    expect(computeLayout(base(21, 20, 2000)).showValues).toBe(false);
    expect(computeLayout({ ...base(21, 20, 2000), showValues: 'always' }).showValues).toBe(true);
    expect(computeLayout({ ...base(2, 2, 2000), showValues: 'never' }).showValues).toBe(false);
  });

  it('turns long custom column labels upright instead of dropping them', () => {
    const words = ['attention', 'is', 'all', 'you', 'need', 'really', 'truly', 'honestly'];
    const L = computeLayout({ ...base(8, 8, 343), colLabels: words, customColLabels: true });
    expect(L.rotateColLabels).toBe(true);
    expect(L.colTicks).toHaveLength(8);
  });
});

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
        const id = /^url\(#(.+)\)$/.exec(fill)![1]!;
        hatchIds.add(id);
      } else {
        expect(fill).toBe(colourFor(m.values[i * 3 + j]!, [0, 1]));
        expect(fill.startsWith('url(')).toBe(false);
      }
    }
    // the masked fill is a pattern: grey ground plus a hatch line
    expect(hatchIds.size).toBe(1);
    const pattern = doc.getElementById([...hatchIds][0]!)!;
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
    const cell = num(rects[0]!, 'width');
    expect(num(rects[0]!, 'height')).toBe(cell);
    const x0 = num(rects[0]!, 'x');
    const y0 = num(rects[0]!, 'y');
    for (const r of rects) {
      const i = num(r, 'data-row');
      const j = num(r, 'data-col');
      expect(num(r, 'y')).toBe(y0 + i * cell);
      expect(num(r, 'x')).toBe(x0 + j * cell);
      expect(r.getAttribute('fill')).toBe(colourFor(values[i]![j]!, [0, 1]));
    }
    expect(Math.max(...rects.map((r) => num(r, 'data-row')))).toBe(1);
    expect(Math.max(...rects.map((r) => num(r, 'data-col')))).toBe(3);

    // the query axis is on the left with labels q0, q1 going down ...
    const rowTicks = Array.from(doc.querySelectorAll('[data-axis="query"] .tick'));
    expect(rowTicks.map((t) => t.textContent)).toEqual(['q0', 'q1']);
    expect(rowTicks.map((t) => num(t, 'data-row'))).toEqual([0, 1]);
    const [, yq0] = translate(rowTicks[0]!);
    const [, yq1] = translate(rowTicks[1]!);
    expect(yq1 - yq0).toBe(cell);
    // ... and the key axis on top with k0..k3 going right
    const colTicks = Array.from(doc.querySelectorAll('[data-axis="key"] .tick'));
    expect(colTicks.map((t) => t.textContent)).toEqual(['k0', 'k1', 'k2', 'k3']);
    const xs = colTicks.map((t) => translate(t)[0]);
    expect(xs.every((x, k) => k === 0 || x - xs[k - 1]! === cell)).toBe(true);
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
    expect(Array.from(table.querySelectorAll('th[scope="row"]'), (t) => t.textContent)).toEqual(['query 0 a', 'query 1 b', 'query 2 c']);
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
  };

  it('fillWords fills known placeholders once and leaves unknown ones', () => {
    expect(fillWords('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(fillWords('{a}', { a: '{a}' })).toBe('{a}');
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
