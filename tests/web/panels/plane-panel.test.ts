// @vitest-environment jsdom
// plane-panel.test.ts — the vector plane panel on a fake playground that
// recomputes with the real core on every update: a pointer drag writes the two
// cells of Q (live while moving, one history entry at the end) and the weights
// follow; keys move K; Escape puts the matrices back; a random Q is written
// out first; multi_head heads and the length multiplier write the right cells;
// single_head and grouped-query attention's heads are drawn but not dragged; block hides the panel; a bad input
// keeps the last drawing dimmed; the query, the columns and pointing.
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { t } from '../../../web/src/i18n/i18n';
import { compute, materialize, type Outcome, type View } from '../../../web/src/model/compute';
import { cellsOf, cloneState, defaultState, type MatrixSource, type State } from '../../../web/src/model/state';
import type { HistoryMode, PanelContext, Pointed } from '../../../web/src/panels/context';
import { presetById } from '../../../web/src/model/presets';
import { PlanePanel, planeDims, writeCells } from '../../../web/src/panels/plane-panel';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => document.body.replaceChildren());

/** A 3 × 2 attention state with these Q and K rows (V fixed). */
function attention(Q: number[][], K: number[][], patch: Partial<State> = {}): State {
  const s = defaultState();
  s.op = 'attention';
  s.mask = 'none';
  s.matrices = { Q: cellsOf(Q), K: cellsOf(K), V: cellsOf(K.map((_, j) => [j + 1, 2 * j])) };
  return Object.assign(s, patch);
}
const Q3 = [
  [1, 0],
  [0, 1],
  [1, 1],
];

/** The panel on a playground holding `initial`: every update recomputes with the core and renders the panel. */
function rig(initial: State) {
  let state = initial;
  let outcome: Outcome = compute(core, state);
  let good: View | null = outcome.ok ? outcome.view : null;
  const history: HistoryMode[] = [];
  const points: Pointed[] = [];
  const ctx: PanelContext = {
    core,
    lang: 'en',
    host: document.body,
    state: () => state,
    update: (mutate, mode = 'push') => {
      const next = cloneState(state);
      mutate(next);
      state = next;
      outcome = compute(core, state);
      if (outcome.ok) good = outcome.view;
      history.push(mode);
      panel.render(state, outcome);
    },
    t: (key, vars) => t('en', key, vars),
    lastGood: () => good,
    cancelCompute: () => undefined,
    shareLink: () => '',
    point: (p) => {
      points.push(p);
      panel.showPointed(p);
    },
    pointed: () => points.at(-1) ?? null,
    live: () => false,
  };
  const panel = new PlanePanel(ctx);
  document.body.append(panel.element);
  panel.render(state, outcome);
  const svg = panel.element.querySelector<SVGSVGElement>('svg.vp-svg')!;
  // the SVG is 180 px square on the page: one page pixel is two viewBox units
  svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 180, height: 180, right: 180, bottom: 180, x: 0, y: 0, toJSON: () => ({}) });
  const tip = (kind: 'q' | 'k', row: number) => panel.element.querySelector<SVGGElement>(`.vp-tip[data-kind="${kind}"][data-row="${row}"]`)!;
  /** Drag a tip by (dx, dy) page pixels in `steps` moves; release unless told not to. */
  const drag = (kind: 'q' | 'k', row: number, dx: number, dy: number, steps = 1, release = true) => {
    const at = (x: number, y: number, type: string) =>
      new PointerEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, pointerId: 1, button: 0 });
    const el = tip(kind, row);
    el.dispatchEvent(at(90, 90, 'pointerdown'));
    for (let s = 1; s <= steps; s++) tip(kind, row).dispatchEvent(at(90 + (dx * s) / steps, 90 + (dy * s) / steps, 'pointermove'));
    if (release) tip(kind, row).dispatchEvent(at(90 + dx, 90 + dy, 'pointerup'));
  };
  const key = (kind: 'q' | 'k', row: number, k: string, shiftKey = false) =>
    tip(kind, row).dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey, bubbles: true, cancelable: true }));
  const cells = (name: 'Q' | 'K') => {
    const src = state.matrices[name]!;
    return src.kind === 'cells' ? src.cells : null;
  };
  return { panel, state: () => state, outcome: () => outcome, history, points, tip, drag, key, cells };
}

/** The weights the core gives for attention on these numbers (computed apart from the panel). */
function weightsOf(Q: number[][], K: number[][]): number[] {
  const V = K.map((_, j) => [j + 1, 2 * j]);
  return core.attention(Q, K, V).weights.flat();
}

describe('dragging an arrow writes Q and K', () => {
  test('a pointer drag of q0 writes Q[0] live, then commits one history entry; the weights follow', () => {
    const r = rig(attention(Q3, Q3));
    expect(r.panel.element.hidden).toBe(false);
    // 16.6 page px = 33.2 viewBox units = 0.2 data units right; 8.3 px up = 0.1 up
    r.drag('q', 0, 16.6, -8.3, 3, false);
    expect(r.cells('Q')![0]).toEqual(['1.2', '0.1']);
    expect(r.history.every((h) => h === 'live')).toBe(true);
    expect(r.history.length).toBeGreaterThanOrEqual(1);
    const o = r.outcome();
    expect(o.ok && Array.from(o.view.heads[0].weights.data)).toEqual(
      weightsOf(
        [
          [1.2, 0.1],
          [0, 1],
          [1, 1],
        ],
        Q3,
      ),
    );
    r.tip('q', 0).dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerId: 1, clientX: 106.6, clientY: 81.7 }));
    expect(r.history.at(-1)).toBe('push');
    expect(r.history.filter((h) => h === 'push')).toHaveLength(1);
    expect(r.cells('Q')![0]).toEqual(['1.2', '0.1']);
    expect(r.cells('Q')!.slice(1)).toEqual([
      ['0', '1'],
      ['1', '1'],
    ]);
  });

  test('the arrow drawn is where the drag put it (the core’s q, not a copy)', () => {
    const r = rig(attention(Q3, Q3));
    const before = r.tip('k', 2).getAttribute('transform');
    r.drag('k', 2, -16.6, 16.6);
    expect(r.cells('K')![2]).toEqual(['0.8', '0.8']);
    const w = weightsOf(Q3, [
      [1, 0],
      [0, 1],
      [0.8, 0.8],
    ])[2];
    expect(r.tip('k', 2).getAttribute('aria-label')).toBe(`key 2: (0.8, 0.8); s = ${(0.8 / Math.SQRT2).toFixed(3)}, weight ${w.toFixed(3)} from q0`);
    expect(r.tip('k', 2).getAttribute('transform')).not.toBe(before);
  });

  test('arrow keys move a key by 0.1 (Shift: 1), one history entry each', () => {
    const r = rig(attention(Q3, Q3));
    r.key('k', 1, 'ArrowRight');
    expect(r.cells('K')![1]).toEqual(['0.1', '1']);
    r.key('k', 1, 'ArrowDown', true);
    expect(r.cells('K')![1]).toEqual(['0.1', '0']);
    expect(r.history).toEqual(['push', 'push']);
  });

  test('Escape during a drag puts Q back exactly as it was', () => {
    const r = rig(attention(Q3, Q3));
    const original = r.state().matrices.Q;
    r.drag('q', 1, 20, 20, 2, false);
    expect(r.state().matrices.Q).not.toBe(original);
    r.tip('q', 1).dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
    expect(r.state().matrices.Q).toBe(original);
    expect(r.history.at(-1)).toBe('replace');
  });

  test('a random Q is written out first: its other cells keep their values', () => {
    const s = attention(Q3, Q3);
    const random: MatrixSource = { kind: 'random', rows: 3, cols: 2, seed: 7, scale: 0.5, digits: 2 };
    s.matrices.Q = random;
    const r = rig(s);
    const written = materialize(core, random);
    r.key('q', 1, 'ArrowUp');
    const q = r.cells('Q')!;
    expect(q[0]).toEqual(written[0]);
    expect(q[2]).toEqual(written[2]);
    expect(q[1]).toEqual([written[1][0], String(Math.round((Number(written[1][1]) + 0.1) * 100) / 100)]);
  });

  test('multi_head: head 2’s arrows write columns 2 and 3 of Q; the title names the head', () => {
    const s = attention(
      [
        [1, 0, 0.5, 0.5],
        [0, 1, -1, 0],
      ],
      [
        [1, 1, 0, 1],
        [0, 1, 1, 0],
      ],
      { op: 'multi_head', h: 2, head: 1 },
    );
    s.matrices.V = cellsOf([
      [1, 2],
      [3, 4],
    ]);
    const r = rig(s);
    expect(r.panel.element.querySelector('h2')!.textContent).toBe('Queries and keys as arrows — head 2');
    expect(r.tip('q', 0).getAttribute('aria-label')).toBe('query 0: (0.5, 0.5) (selected)');
    r.key('q', 0, 'ArrowRight');
    expect(r.cells('Q')![0]).toEqual(['1', '0', '0.6', '0.5']);
  });

  test('with a length multiplier the arrow is qLength·Q and the cell is value / qLength', () => {
    const r = rig(attention(Q3, Q3, { qLength: 2 }));
    expect(r.tip('q', 0).getAttribute('aria-label')).toBe('query 0: (2, 0) (selected)');
    r.key('q', 0, 'ArrowUp'); // q0 → (2, 0.1): Q[0] = (1, 0.05)
    expect(r.cells('Q')![0]).toEqual(['1', '0.05']);
  });

  test('d_k = 4 in columns (1, 3): the drag writes Q[i][1] and Q[i][3]; the selects write planeDims', () => {
    const Q = [
      [1, 2, 3, 4],
      [0, 1, 0, 1],
    ];
    const r = rig(attention(Q, Q, { planeDims: [1, 3] }));
    r.key('q', 0, 'ArrowLeft');
    expect(r.cells('Q')![0][1]).not.toBe('2');
    expect(r.cells('Q')![0].filter((c, i) => c !== String(Q[0][i])).length).toBe(1);
    const [across] = [...r.panel.element.querySelectorAll('select')];
    across.value = '0';
    across.dispatchEvent(new Event('change'));
    expect(r.state().planeDims).toEqual([0, 3]);
    expect(r.history.at(-1)).toBe('push');
  });
});

describe('what the panel shows', () => {
  test('selecting a query writes state.query (replacing the history entry)', () => {
    const r = rig(attention(Q3, Q3));
    r.key('q', 2, 'Enter');
    expect(r.state().query).toBe(2);
    expect(r.history).toEqual(['replace']);
    expect(r.tip('q', 2).getAttribute('aria-pressed')).toBe('true');
  });

  test('single_head: projected arrows, not dragged, no prompt', () => {
    const s = defaultState();
    s.op = 'single_head';
    s.mask = 'causal';
    s.matrices = {
      X: cellsOf([
        [1, 0],
        [0, 1],
        [1, 1],
      ]),
      Wq: cellsOf([
        [1, 0],
        [0, 1],
      ]),
      Wk: cellsOf([
        [0.5, 0],
        [0, 2],
      ]),
      Wv: cellsOf([
        [1, 0],
        [0, 1],
      ]),
    };
    const r = rig(s);
    expect(r.panel.element.hidden).toBe(false);
    expect(r.panel.element.querySelector<HTMLElement>('[data-testid=plane-prompt]')!.hidden).toBe(true);
    expect(r.panel.element.querySelector<HTMLElement>('.vp-projected')!.hidden).toBe(false);
    r.key('k', 1, 'ArrowRight');
    r.drag('q', 0, 20, 0);
    expect(r.history).toEqual([]);
    expect(r.tip('k', 1).getAttribute('aria-label')).toMatch(/^key 1: \(0, 2\); masked for q0$/);
  });

  test('grouped-query attention: the chosen query head’s projected q against its key/value head’s k, not dragged', () => {
    const s = { ...presetById('seed004-gqa')!.build(), head: 6 };
    const r = rig(s);
    expect(r.panel.element.hidden).toBe(false);
    expect(r.panel.element.querySelector<HTMLElement>('[data-testid=plane-prompt]')!.hidden).toBe(true);
    expect(r.panel.element.querySelector<HTMLElement>('.vp-projected')!.textContent).toBe(
      'Projected: this query head’s columns of q·Wq (+ bq) and its key/value head’s columns of k·Wk (+ bk). To drag the arrows, use attention(Q, K, V).',
    );
    expect(r.panel.element.querySelectorAll('.vp-arrow.vp-query')).toHaveLength(2); // n_q = 2
    expect(r.panel.element.querySelectorAll('.vp-arrow.vp-key')).toHaveLength(4); // n_k = 4
    r.drag('q', 0, 20, 0);
    expect(r.history).toEqual([]);
  });

  test('block: its heads are not the plane’s (q, k and v are columns of LN(X)), the panel hides itself', () => {
    const s = defaultState();
    s.op = 'block';
    s.h = 1;
    s.matrices = { X: cellsOf(Q3) };
    expect(rig(s).panel.element.hidden).toBe(true);
  });

  test('a bad cell keeps the last drawing, dimmed and not draggable', () => {
    const r = rig(attention(Q3, Q3));
    const bad = cloneState(r.state());
    bad.matrices.V = {
      kind: 'cells',
      cells: [
        ['x', '0'],
        ['1', '1'],
        ['2', '2'],
      ],
    };
    const failed = compute(core, bad);
    expect(failed.ok).toBe(false);
    r.panel.render(bad, failed);
    expect(r.panel.element.hidden).toBe(false);
    expect(r.panel.element.querySelector<HTMLElement>('.vp')!.dataset['dimmed']).toBe('true');
    expect(r.tip('q', 0).getAttribute('aria-label')).toBe('query 0: (1, 0) (selected)');
    r.key('q', 0, 'ArrowRight');
    expect(r.history).toEqual([]);
  });

  test('pointing: a key’s tip points at weight (query, key); a pointed weight or output row is highlighted', () => {
    const r = rig(attention(Q3, Q3, { query: 1 }));
    r.tip('k', 2).dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerId: 1 }));
    expect(r.points.at(-1)).toEqual({ kind: 'weight', head: 0, i: 1, j: 2 });
    const hl = () => [...r.panel.element.querySelectorAll('.vp-hl')].map((a) => `${a.getAttribute('data-kind')}${a.getAttribute('data-row')}`).sort();
    expect(hl()).toEqual(['k2', 'q1']);
    r.panel.showPointed({ kind: 'weight', head: 0, i: 2, j: 0 });
    expect(hl()).toEqual(['k0', 'q2']);
    r.panel.showPointed({ kind: 'weight', head: 3, i: 2, j: 0 });
    expect(hl()).toEqual([]);
    r.panel.showPointed({ kind: 'output', i: 1 });
    expect(hl()).toEqual(['q1']);
    r.panel.showPointed(null);
    expect(hl()).toEqual([]);
  });
});

describe('pure helpers', () => {
  test('planeDims keeps two different columns that fit, else the first two', () => {
    expect(planeDims([1, 3], 4)).toEqual([1, 3]);
    expect(planeDims([1, 3], 2)).toEqual([0, 1]);
    expect(planeDims([2, 2], 4)).toEqual([0, 1]);
  });

  test('writeCells writes the shortest text into a copy', () => {
    const src: MatrixSource = cellsOf(Q3);
    const out = writeCells(
      src,
      [
        { row: 1, col: 0, value: 0.30000000000000004 },
        { row: 9, col: 0, value: 1 },
      ],
      (m) => materialize(core, m),
    );
    expect(out).toEqual({
      kind: 'cells',
      cells: [
        ['1', '0'],
        ['0.30000000000000004', '1'],
        ['1', '1'],
      ],
    });
    expect(src).toEqual(cellsOf(Q3));
  });
});
