// @vitest-environment jsdom
// vector-plane.test.ts — the vector plane drawn from fixed data (the 3 × 2
// example, a causal head of width 4 in columns 1 and 3, projected vectors):
// its structure and texts, the pointer drag, the keys, pointing and the
// highlight. The SVG of the first two is kept as a file snapshot
// (__snapshots__/, viewable in a browser).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { VectorPlane, type PlaneCallbacks } from '../../../../web/src/figures/vector-plane/vector-plane';
import type { PlaneData } from '../../../../web/src/figures/vector-plane/types';
import { box, parseSVG } from '../../support/dom-test-kit';
import { causal4d, example2d, planeData, projected } from './fixtures';

/** A plane in a fresh container, drawn with `data`; its SVG is 180 × 180 px on the page (half the viewBox). */
function planeOf(data: PlaneData, callbacks: PlaneCallbacks = {}): VectorPlane {
  const plane = new VectorPlane(box(360), callbacks);
  plane.update(data);
  const svg = plane.element.querySelector('svg.vp-svg')!;
  svg.getBoundingClientRect = () => ({ left: 10, top: 20, width: 180, height: 180, right: 190, bottom: 200, x: 10, y: 20, toJSON: () => ({}) });
  return plane;
}

const tip = (p: VectorPlane, kind: 'q' | 'k', row: number) => p.element.querySelector<SVGGElement>(`.vp-tip[data-kind="${kind}"][data-row="${row}"]`)!;
const arrow = (p: VectorPlane, kind: 'q' | 'k', row: number) => p.element.querySelector<SVGGElement>(`.vp-arrow[data-kind="${kind}"][data-row="${row}"]`)!;
const translate = (el: Element) =>
  el
    .getAttribute('transform')!
    .match(/translate\(([-\d.]+),([-\d.]+)\)/)!
    .slice(1)
    .map(Number);
const pointer = (type: string, x: number, y: number) =>
  new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, pointerId: 7, button: 0 });
const key = (k: string, shiftKey = false) => new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true });
const tickLabels = (p: VectorPlane) => [...p.element.querySelectorAll('.vp-tick-label')].map((t) => t.textContent);

/** The SVG as a standalone document, checked to be well-formed. */
function svgText(p: VectorPlane): string {
  const text = new XMLSerializer().serializeToString(p.element.querySelector('svg.vp-svg')!);
  parseSVG(text);
  return text;
}

afterEach(() => document.body.replaceChildren());

describe('the 3 × 2 example (d_k = 2)', () => {
  test('an arrow per query and key, each tip a focusable button named with its values', async () => {
    const p = planeOf(example2d());
    expect(p.element.querySelectorAll('.vp-arrow.vp-query')).toHaveLength(3);
    expect(p.element.querySelectorAll('.vp-arrow.vp-key')).toHaveLength(3);
    const tips = [...p.element.querySelectorAll('.vp-tip')];
    expect(tips.every((t) => t.getAttribute('tabindex') === '0' && t.getAttribute('role') === 'button')).toBe(true);
    expect(tip(p, 'q', 0).getAttribute('aria-label')).toBe('query 0: (1, 0) (selected)');
    expect(tip(p, 'q', 0).getAttribute('aria-pressed')).toBe('true');
    expect(tip(p, 'q', 2).getAttribute('aria-label')).toBe('query 2: (1, 1)');
    expect(tip(p, 'q', 2).getAttribute('aria-pressed')).toBe('false');
    expect(tip(p, 'k', 1).getAttribute('aria-label')).toBe('key 1: (0, 1); s = 0.000, weight 0.198 from q0');
    expect(p.element.querySelector('svg.vp-svg')!.getAttribute('aria-label')).toBe(
      'Vector plane: 3 queries and 3 keys as arrows from the origin, in columns 0 (across) and 1 (up); the selected query is q0.',
    );
    await expect(svgText(p)).toMatchFileSnapshot('./__snapshots__/plane-2d.svg');
  });

  test('beside each key its score s = q0·k/√2; its width and opacity follow the weight', () => {
    const p = planeOf(example2d());
    const scores = [0, 1, 2].map((j) => arrow(p, 'k', j).querySelector('.vp-score')!.textContent);
    expect(scores).toEqual(['s = 0.707', 's = 0.000', 's = 0.707']);
    const width = (j: number) => Number(arrow(p, 'k', j).querySelector('.vp-shaft')!.getAttribute('stroke-width'));
    const opacity = (j: number) => Number(arrow(p, 'k', j).querySelector('.vp-shaft')!.getAttribute('opacity'));
    expect(width(0)).toBe(width(2));
    expect(width(0)).toBeGreaterThan(width(1));
    expect(opacity(0)).toBeGreaterThan(opacity(1));
    expect(p.element.querySelector('.vp-formula')!.textContent).toBe(
      'Beside each key: s = q0·k / √2 for the selected query q0. The wider and darker a key’s arrow, the more weight q0 gives it.',
    );
    // the selected query is bold
    expect(arrow(p, 'q', 0).classList.contains('vp-selected')).toBe(true);
    expect(Number(arrow(p, 'q', 0).querySelector('.vp-shaft')!.getAttribute('stroke-width'))).toBeGreaterThan(
      Number(arrow(p, 'q', 1).querySelector('.vp-shaft')!.getAttribute('stroke-width')),
    );
  });

  test('axes through the origin with ticks every 0.5, titled with their columns; no column selects', () => {
    const p = planeOf(example2d());
    expect(tickLabels(p)).toEqual(['−0.5', '0.5', '1', '1.5', '−0.5', '0.5', '1', '1.5']);
    expect([...p.element.querySelectorAll('.vp-axis-title')].map((t) => t.textContent)).toEqual(['column 0 →', '↑ column 1']);
    expect(p.element.querySelector<HTMLElement>('.vp-columns')!.hidden).toBe(true);
    expect(p.element.querySelector<HTMLElement>('.vp-projected')!.hidden).toBe(true);
    // one unit is as long across as up: q0 = (1, 0) and q1 = (0, 1) are as far from the origin
    const [x0, y0] = translate(tip(p, 'q', 0));
    const [x1, y1] = translate(tip(p, 'q', 1));
    const [ox, oy] = [x1, y0];
    expect(x0 - ox).toBeCloseTo(oy - y1, 6);
  });

  test('a temperature and no √d_k scaling are in the formula', () => {
    const p = planeOf(example2d({ temperature: 0.5 }));
    expect(p.element.querySelector('.vp-formula')!.textContent).toContain('s = q0·k / (0.5·√2)');
    p.update(example2d({ scale: false }));
    expect(p.element.querySelector('.vp-formula')!.textContent).toContain('s = q0·k for');
  });
});

describe('a causal head of width 4, columns 1 and 3', () => {
  test('says which columns it shows, with selects; the arrows stand at columns 1 and 3', async () => {
    const p = planeOf(causal4d());
    expect(p.element.querySelector('.vp-columns-text')!.textContent).toBe('Columns 1 and 3 of d_k = 4: the other columns also count in q·k.');
    const selects = [...p.element.querySelectorAll('select')];
    expect(selects.map((s) => s.value)).toEqual(['1', '3']);
    expect(selects[0].options).toHaveLength(4);
    expect(tip(p, 'q', 2).getAttribute('aria-label')).toBe('query sat: (1.25, −1) (selected)');
    expect(tip(p, 'k', 1).getAttribute('aria-label')).toBe('key cat: (2, 0.75); s = 0.875, weight 0.611 from q(sat)'); // q·k uses all four columns: (2.5 − 0.75) / √4
    expect(arrow(p, 'q', 2).querySelector('.vp-name')!.textContent).toBe('q(sat)');
    expect(arrow(p, 'k', 0).querySelector('.vp-name')!.textContent).toBe('k(the)');
    await expect(svgText(p)).toMatchFileSnapshot('./__snapshots__/plane-4d.svg');
  });

  test('a key masked for the selected query is dashed, faint and says "masked"', () => {
    const p = planeOf(causal4d({ query: 0 }));
    const k2 = arrow(p, 'k', 2);
    expect(k2.classList.contains('vp-masked')).toBe(true);
    expect(k2.querySelector('.vp-shaft')!.getAttribute('stroke-dasharray')).toBe('5 4');
    expect(k2.querySelector('.vp-score')!.textContent).toBe('masked');
    expect(tip(p, 'k', 2).getAttribute('aria-label')).toBe('key sat: (−0.5, 1); masked for q(the)');
    expect(arrow(p, 'k', 0).classList.contains('vp-masked')).toBe(false);
  });

  test('choosing a column calls onDims; the same column as the other axis swaps them', () => {
    const onDims = vi.fn();
    const p = planeOf(causal4d(), { onDims });
    const [across, up] = [...p.element.querySelectorAll('select')];
    across.value = '0';
    across.dispatchEvent(new Event('change'));
    expect(onDims).toHaveBeenLastCalledWith([0, 3]);
    up.value = '1';
    up.dispatchEvent(new Event('change'));
    expect(onDims).toHaveBeenLastCalledWith([3, 1]);
  });
});

describe('projected vectors (single_head)', () => {
  test('say so; tips are focusable but not dragged, by pointer or keys; Enter still selects a query', () => {
    const onDrag = vi.fn();
    const onSelect = vi.fn();
    const p = planeOf(projected(), { onDrag, onSelect });
    expect(p.element.querySelector('.vp-readout')!.textContent).toBe('Focus a tip to read it; Enter or Space selects a query.');
    const note = p.element.querySelector<HTMLElement>('.vp-projected')!;
    expect(note.hidden).toBe(false);
    expect(note.textContent).toBe('Projected q = X·Wq, k = X·Wk: to drag the arrows, use attention(Q, K, V).');
    expect(arrow(p, 'q', 0).getAttribute('data-draggable')).toBe('false');
    expect(tip(p, 'q', 0).getAttribute('tabindex')).toBe('0');
    const t = tip(p, 'k', 0);
    t.dispatchEvent(pointer('pointerdown', 50, 50));
    t.dispatchEvent(pointer('pointermove', 90, 90));
    t.dispatchEvent(pointer('pointerup', 90, 90));
    t.dispatchEvent(key('ArrowRight'));
    expect(onDrag).not.toHaveBeenCalled();
    tip(p, 'q', 1).dispatchEvent(key('Enter'));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(p.element.querySelector('.vp-help')!.textContent).toBe('Focus a tip to read it; Enter or Space selects a query.');
    expect(p.element.querySelector('.vp-readout')!.textContent).toMatch(/^key 0: \(−0\.25, 0\.15\); s = −0\.074, weight 0\.\d{3} from q0$/); // the tip under the pointer
  });
});

describe('dragging', () => {
  test('a pointer drag reports rounded values while it moves and at the end; the extent holds until the end', () => {
    const calls: unknown[][] = [];
    const p = planeOf(example2d(), { onDrag: (...a) => calls.push(a) });
    const before = tickLabels(p);
    const t = tip(p, 'q', 0);
    t.dispatchEvent(pointer('pointerdown', 100, 100));
    expect(p.isDragging()).toBe(true);
    // 16.6 px on the page is 33.2 viewBox units: 0.2 data units at 166 per unit
    t.dispatchEvent(pointer('pointermove', 116.6, 91.7));
    expect(calls).toEqual([['q', 0, [1.2, 0.1], 'move']]);
    // the owner redraws with q0 far out: the extent stays while dragging
    p.update(example2d({ q: { data: Float64Array.from([3, 3, 0, 1, 1, 1]), rows: 3, cols: 2 } }));
    expect(tickLabels(p)).toEqual(before);
    t.dispatchEvent(pointer('pointermove', 116.6, 91.7)); // same place: nothing new
    expect(calls).toHaveLength(1);
    t.dispatchEvent(pointer('pointerup', 116.6, 91.7));
    expect(calls[1]).toEqual(['q', 0, [1.2, 0.1], 'end']);
    expect(p.isDragging()).toBe(false);
    p.update(example2d({ q: { data: Float64Array.from([3, 3, 0, 1, 1, 1]), rows: 3, cols: 2 } }));
    expect(tickLabels(p)).not.toEqual(before); // fitted again
  });

  test('pressing a query’s tip selects it; a press without a move reports no drag', () => {
    const onSelect = vi.fn();
    const onDrag = vi.fn();
    const p = planeOf(example2d(), { onSelect, onDrag });
    const t = tip(p, 'q', 2);
    t.dispatchEvent(pointer('pointerdown', 50, 50));
    t.dispatchEvent(pointer('pointerup', 50, 50));
    expect(onSelect).toHaveBeenCalledWith(2);
    expect(onDrag).not.toHaveBeenCalled();
  });

  test('Escape cancels a drag with the value it started from', () => {
    const calls: unknown[][] = [];
    const p = planeOf(example2d(), { onDrag: (...a) => calls.push(a) });
    const t = tip(p, 'k', 1);
    t.dispatchEvent(pointer('pointerdown', 100, 100));
    t.dispatchEvent(pointer('pointermove', 120, 100));
    t.dispatchEvent(key('Escape'));
    expect(calls.at(-1)).toEqual(['k', 1, [0, 1], 'cancel']);
    t.dispatchEvent(pointer('pointerup', 120, 100));
    expect(calls).toHaveLength(2); // the release after Escape reports nothing
  });

  test('a touch on a draggable tip does not scroll the page; elsewhere, or when not draggable, it does', () => {
    const touch = () => new Event('touchstart', { bubbles: true, cancelable: true });
    const p = planeOf(example2d());
    const onTip = touch();
    tip(p, 'q', 0).dispatchEvent(onTip);
    expect(onTip.defaultPrevented).toBe(true);
    const offTip = touch();
    p.element.querySelector('.vp-grid')!.dispatchEvent(offTip);
    expect(offTip.defaultPrevented).toBe(false);
    const fixed = planeOf(projected());
    const onFixedTip = touch();
    tip(fixed, 'q', 0).dispatchEvent(onFixedTip);
    expect(onFixedTip.defaultPrevented).toBe(false);
  });

  test('no drag while dimmed', () => {
    const onDrag = vi.fn();
    const p = planeOf(example2d(), { onDrag });
    p.setDimmed(true);
    const t = tip(p, 'q', 0);
    t.dispatchEvent(pointer('pointerdown', 100, 100));
    t.dispatchEvent(pointer('pointermove', 130, 100));
    t.dispatchEvent(key('ArrowUp'));
    expect(onDrag).not.toHaveBeenCalled();
    expect(p.element.dataset['dimmed']).toBe('true');
  });
});

describe('keys', () => {
  test('arrow keys move a tip by 0.1 (Shift: 1), each an end of a move', () => {
    const calls: unknown[][] = [];
    const p = planeOf(example2d(), { onDrag: (...a) => calls.push(a) });
    const t = tip(p, 'k', 1);
    const right = key('ArrowRight');
    t.dispatchEvent(right);
    expect(right.defaultPrevented).toBe(true);
    t.dispatchEvent(key('ArrowUp', true));
    expect(calls).toEqual([
      ['k', 1, [0.1, 1], 'end'],
      ['k', 1, [0, 2], 'end'],
    ]);
  });

  test('Enter or Space on a query’s tip selects it', () => {
    const onSelect = vi.fn();
    const p = planeOf(example2d(), { onSelect });
    tip(p, 'q', 1).dispatchEvent(key(' '));
    tip(p, 'q', 2).dispatchEvent(key('Enter'));
    expect(onSelect.mock.calls).toEqual([[1], [2]]);
  });
});

describe('pointing and highlighting', () => {
  test('hovering or focusing key j’s tip points at (selected query, j); leaving points at nothing', () => {
    const onPoint = vi.fn();
    const p = planeOf(example2d({ query: 2 }), { onPoint });
    tip(p, 'k', 1).dispatchEvent(pointer('pointermove', 60, 60));
    expect(onPoint).toHaveBeenLastCalledWith({ i: 2, j: 1 });
    expect(p.element.querySelector('.vp-readout')!.textContent).toBe('key 1: (0, 1); s = 0.707, weight 0.248 from q2');
    p.element.querySelector('svg.vp-svg')!.dispatchEvent(new PointerEvent('pointerleave'));
    expect(onPoint).toHaveBeenLastCalledWith(null);
    tip(p, 'k', 0).dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(onPoint).toHaveBeenLastCalledWith({ i: 2, j: 0 });
    tip(p, 'k', 0).dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    expect(onPoint).toHaveBeenLastCalledWith(null);
    // a query's tip points at no weight
    onPoint.mockClear();
    tip(p, 'q', 0).dispatchEvent(pointer('pointermove', 60, 60));
    expect(onPoint).not.toHaveBeenCalled();
  });

  test('highlight(i, j) emphasises q_i and k_j only', () => {
    const p = planeOf(example2d());
    p.highlight(1, 2);
    const hl = [...p.element.querySelectorAll('.vp-hl')].map((a) => `${a.getAttribute('data-kind')}${a.getAttribute('data-row')}`);
    expect(hl).toEqual(['k2', 'q1']);
    p.update(example2d()); // kept across a redraw
    expect(p.element.querySelectorAll('.vp-hl')).toHaveLength(2);
    p.highlight(null, null);
    expect(p.element.querySelectorAll('.vp-hl')).toHaveLength(0);
  });

  test('a redraw changes attributes of the same elements (nothing rebuilt)', () => {
    const p = planeOf(example2d());
    const before = [...p.element.querySelectorAll('.vp-tip')];
    p.update(example2d({ query: 1 }));
    expect([...p.element.querySelectorAll('.vp-tip')]).toEqual(before);
    expect(tip(p, 'q', 1).getAttribute('aria-pressed')).toBe('true');
  });

  test('a drag step writes only the arrows whose numbers changed; new words rewrite them all', () => {
    const p = planeOf(example2d());
    const k = example2d().k;
    const keys = Array.from({ length: k.rows }, (_, j) => [k.data[2 * j], k.data[2 * j + 1]]);
    const moved = (q0: number[]) => planeData([q0, [0, 1], [1, 1]], keys);
    const written = new Set<string>();
    const seen = new MutationObserver(() => {});
    seen.observe(p.element, { subtree: true, attributes: true, childList: true, characterData: true });
    const arrowsWritten = () => {
      for (const r of seen.takeRecords()) {
        const a = (r.target instanceof Element ? r.target : r.target.parentElement)?.closest('.vp-arrow');
        if (a) written.add(`${a.getAttribute('data-kind')}${a.getAttribute('data-row')}`);
      }
      return [...written].sort();
    };
    // query 0 moves (the selected one): it and every key's score change; queries 1 and 2 are not even drawn
    // again (drawing an arrow reads its label's text)
    const read = vi.spyOn(Node.prototype, 'textContent', 'get');
    p.update(moved([1.2, 0.1]));
    const arrowOf = (e: unknown) => {
      const a = (e as Node).parentElement?.closest('.vp-arrow');
      return a ? `${a.getAttribute('data-kind')}${a.getAttribute('data-row')}` : '';
    };
    const drawn = new Set(read.mock.contexts.map(arrowOf));
    read.mockRestore();
    expect([...drawn].filter((a) => a.startsWith('q'))).toEqual(['q0']);
    expect(arrowsWritten()).toEqual(['k0', 'k1', 'k2', 'q0']);
    expect(tip(p, 'q', 0).getAttribute('aria-label')).toBe('query 0: (1.2, 0.1) (selected)');
    written.clear();
    p.update(moved([1.2, 0.1])); // the same numbers again: nothing written
    expect(arrowsWritten()).toEqual([]);
    p.update(moved([1.2, 0.1]), { words: { queryTip: 'Q{label}: ({x}, {y})' } }); // every query's name changes
    expect(arrowsWritten()).toEqual(['q0', 'q1', 'q2']);
    expect(tip(p, 'q', 2).getAttribute('aria-label')).toBe('Q2: (1, 1)');
    seen.disconnect();
  });
});
