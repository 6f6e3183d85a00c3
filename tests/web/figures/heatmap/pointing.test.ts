// @vitest-environment jsdom
// Tests of pointing in the Heatmap component (heatmap.ts): onPoint follows
// the hovered cell, else the keyboard cursor while focused, and says null
// when the pointer leaves and the focus goes; a tap points at a cell; and
// highlight() outlines a row, a column or a cell from outside without moving
// the cursor, calling onPoint or touching the cells.
import { beforeAll, describe, expect, it } from 'vitest';
import { Heatmap, type CellPos, type HeatmapOptions } from '../../../../web/src/figures/heatmap/heatmap';
import { box, parseSVG } from '../../support/dom-test-kit';
import { causal } from './fixtures';

beforeAll(() => {
  HTMLCanvasElement.prototype.getContext = () => null;
});

/** A heatmap of the causal fixture whose canvas is pretended to lie at (50, 40) with 20-px cells; every onPoint call recorded. */
function pointable(options: HeatmapOptions = {}): { hm: Heatmap; fig: HTMLElement; calls: (CellPos | null)[] } {
  const calls: (CellPos | null)[] = [];
  const hm = new Heatmap(box(), { ...options, onPoint: (c) => calls.push(c) });
  hm.update(causal);
  hm.element.querySelector('canvas')!.getBoundingClientRect = () => ({
    left: 50,
    top: 40,
    width: 60,
    height: 60,
    right: 110,
    bottom: 100,
    x: 50,
    y: 40,
    toJSON: () => ({}),
  });
  return { hm, fig: hm.element.querySelector<HTMLElement>('.hm-figure')!, calls };
}

/** A pointer event at the middle of cell (row, col) of pointable()'s canvas. */
function at(fig: HTMLElement, type: string, row: number, col: number, pointerType = 'mouse'): void {
  const e = new MouseEvent(type, { clientX: 50 + 20 * col + 10, clientY: 40 + 20 * row + 10, bubbles: true });
  Object.defineProperty(e, 'pointerType', { value: pointerType });
  fig.dispatchEvent(e);
}

const key = (fig: HTMLElement, k: string): boolean => fig.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true, cancelable: true }));

describe('onPoint', () => {
  it('follows the pointer over the cells, once per change, and says null when it leaves', () => {
    const { hm, fig, calls } = pointable();
    at(fig, 'pointermove', 2, 1);
    at(fig, 'pointermove', 2, 1); // the same cell again: no call
    at(fig, 'pointermove', 0, 2);
    expect(calls).toEqual([
      { row: 2, col: 1 },
      { row: 0, col: 2 },
    ]);
    fig.dispatchEvent(new MouseEvent('pointerleave'));
    expect(calls.at(-1)).toBeNull();
    expect(calls).toHaveLength(3);
    hm.destroy();
  });

  it('follows the keyboard cursor while focused; blurring says null', () => {
    const { hm, fig, calls } = pointable();
    fig.focus();
    expect(calls).toEqual([{ row: 0, col: 0 }]);
    key(fig, 'ArrowDown');
    key(fig, 'ArrowRight');
    key(fig, 'a'); // not a key of the heatmap
    expect(calls).toEqual([
      { row: 0, col: 0 },
      { row: 1, col: 0 },
      { row: 1, col: 1 },
    ]);
    fig.blur();
    expect(calls.at(-1)).toBeNull();
    hm.destroy();
  });

  it('hover wins over the cursor while the pointer is over the figure; leaving goes back to the cursor while focused', () => {
    const { hm, fig, calls } = pointable();
    fig.focus();
    at(fig, 'pointermove', 2, 2);
    expect(calls.at(-1)).toEqual({ row: 2, col: 2 });
    fig.dispatchEvent(new MouseEvent('pointerleave'));
    expect(calls.at(-1)).toEqual({ row: 0, col: 0 });
    fig.blur();
    expect(calls.at(-1)).toBeNull();
    hm.destroy();
  });

  it('a tap points at the cell and keeps pointing after the finger lifts (the figure takes focus)', () => {
    const { hm, fig, calls } = pointable();
    at(fig, 'pointerdown', 1, 0, 'touch');
    fig.dispatchEvent(new MouseEvent('pointerleave')); // a touch pointer leaves when it lifts
    expect(calls.at(-1)).toEqual({ row: 1, col: 0 });
    expect(hm.element.ownerDocument.activeElement).toBe(fig);
    hm.destroy();
  });

  it('says null when an update drops the cell pointed at, and nothing when the data change but the cell stays', () => {
    const { hm, fig, calls } = pointable();
    fig.focus();
    key(fig, 'End');
    key(fig, 'PageDown');
    expect(calls.at(-1)).toEqual({ row: 2, col: 2 });
    const n = calls.length;
    hm.update({ ...causal, masked: null });
    expect(calls).toHaveLength(n);
    hm.update({ values: [[1]], rows: 1, cols: 1 });
    expect(calls.at(-1)).toBeNull();
    hm.destroy();
  });
});

describe('highlight', () => {
  const emphasis = (hm: Heatmap) => hm.element.querySelector('.hm-emphasis')!;
  const rect = (hm: Heatmap) => {
    const r = hm.element.querySelector('.hm-emphasis-outer')!;
    return ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a)));
  };

  it('outlines a whole row, a column or one cell with a two-tone (black and dashed white) outline', () => {
    const { hm } = pointable();
    expect(emphasis(hm).getAttribute('display')).toBe('none');
    hm.highlight({ row: 1 });
    expect(emphasis(hm).getAttribute('display')).toBeNull();
    expect(emphasis(hm).getAttribute('data-row')).toBe('1');
    expect(emphasis(hm).hasAttribute('data-col')).toBe(false);
    const [x, y, w, h] = rect(hm);
    expect(w).toBe(3 * h); // the whole row of 3 cells
    expect(hm.element.querySelector('.hm-emphasis-outer')!.getAttribute('stroke')).toBe('#000');
    expect(hm.element.querySelector('.hm-emphasis-inner')!.getAttribute('stroke')).toBe('#fff');
    expect(hm.element.querySelector('.hm-emphasis-inner')!.getAttribute('stroke-dasharray')).not.toBeNull();
    hm.highlight({ row: 1, col: 2 });
    expect(rect(hm)).toEqual([x + 2 * h, y, h, h]);
    hm.highlight({ col: 0 });
    expect(rect(hm)).toEqual([x, y - h, h, 3 * h]);
    hm.highlight(null);
    expect(emphasis(hm).getAttribute('display')).toBe('none');
    hm.highlight({ row: 5 }); // outside the matrix
    expect(emphasis(hm).getAttribute('display')).toBe('none');
    hm.destroy();
  });

  it('moves no cursor, calls no onPoint, and redraws no cell', () => {
    const { hm, fig, calls } = pointable();
    // every redraw of the cells looks at the canvas's size (drawCanvas sizes it when it changed): count that
    const canvas = hm.element.querySelector('canvas')!;
    let sized = 0;
    const width = Object.getOwnPropertyDescriptor(HTMLCanvasElement.prototype, 'width')!;
    Object.defineProperty(canvas, 'width', {
      get: () => {
        sized++;
        return width.get!.call(canvas) as number;
      },
      set: (v: number) => width.set!.call(canvas, v),
    });
    const values = Array.from(hm.element.querySelectorAll('.hm-value'));
    hm.highlight({ row: 2, col: 0 });
    hm.highlight({ row: 0 });
    expect(calls).toEqual([]);
    expect(sized).toBe(0);
    expect(Array.from(hm.element.querySelectorAll('.hm-value'))).toEqual(values); // the same elements, none rebuilt
    hm.update(causal); // (the counter does count a redraw)
    expect(sized).toBeGreaterThan(0);
    expect(hm.element.dataset['cursorRow']).toBeUndefined();
    expect(hm.element.querySelector('.hm-cursor')!.getAttribute('display')).toBe('none');
    // the keyboard cursor goes on from where it was, not from the emphasis
    fig.focus();
    expect(calls).toEqual([{ row: 0, col: 0 }]);
    hm.destroy();
  });

  it('stays through an update that keeps it inside, goes when it no longer fits, and is not exported', () => {
    const { hm } = pointable({ title: 'head 1' });
    hm.highlight({ row: 2, col: 2 });
    hm.update({ ...causal, masked: null });
    expect(hm.element.querySelector('.hm-emphasis')!.getAttribute('display')).toBeNull();
    const svg = parseSVG(hm.toSVG());
    expect(svg.querySelector('.hm-emphasis')).toBeNull();
    hm.update({ values: [[1, 0]], rows: 1, cols: 2 });
    expect(hm.element.querySelector('.hm-emphasis')!.getAttribute('display')).toBe('none');
    hm.destroy();
  });
});
