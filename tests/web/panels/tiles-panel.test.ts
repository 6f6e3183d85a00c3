// @vitest-environment jsdom
// tiles-panel.test.ts — the tile stepper on a fake playground: Next / Previous / Reset step through the
// key tiles with the status "tile 2 of 4: keys 4–7"; the grid outlines the current tile and fades the ones ahead;
// the table shows m and l as they change and lse at the end with the check "equal to the full softmax"; Play runs
// to the end with a pause and stops; the tile size menu writes the state; an edit of values keeps the step, a new
// shape resets it; more than 16 tokens, other masks and other operations give their notes; 中文.
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import { cellsOf, cloneState, defaultState, type State } from '../../../web/src/model/state';
import { formatDifference, PLAY_PAUSE_MS, TilesPanel } from '../../../web/src/panels/tiles-panel';
import { fakeContext } from '../support/fake-context';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => {
  document.body.replaceChildren();
  vi.useRealTimers();
});

/** Attention on n tokens (d = 2) with `mask`. */
function stateOf(n: number, mask: State['mask'] = 'causal', shift = 0): State {
  const s = defaultState();
  const rows = (f: (i: number, c: number) => number) => cellsOf(Array.from({ length: n }, (_, i) => [f(i, 0), f(i, 1)]));
  s.matrices = { Q: rows((i, c) => ((i * 7 + c * 3) % 5) - 2 + shift), K: rows((i, c) => ((i * 3 + c) % 4) - 1.5), V: rows((i, c) => i + c) };
  s.mask = mask;
  return s;
}

/** The panel on a playground holding `initial`. */
function rig(initial: State, lang: 'en' | 'zh' = 'en') {
  let state = initial;
  const ctx = fakeContext(() => state, core, {
    lang,
    update: (mutate) => {
      const next = cloneState(state);
      mutate(next);
      state = next;
      panel.render(state);
    },
  });
  const panel = new TilesPanel(ctx);
  document.body.appendChild(panel.element);
  panel.render(state);
  const q = <T extends Element = HTMLElement>(id: string) => panel.element.querySelector(`[data-testid="${id}"]`) as T;
  const click = (name: string) => q<HTMLButtonElement>(`tiles-${name}`).click();
  const row = (i: number) => panel.element.querySelector(`tr[data-row="${i}"]`) as HTMLElement;
  return { panel, q, click, row, state: () => state, set: (s: State) => ((state = s), panel.render(s)) };
}

describe('stepping through the tiles', () => {
  test('Next, Previous, Reset: the status names the tile and its keys; the grid outlines it', () => {
    const r = rig(stateOf(16));
    expect(r.q('tiles-status').textContent).toBe('before the first tile: every row has m = −∞ and l = 0 (4 tiles of 4 keys)');
    expect(r.q('tiles-status').getAttribute('aria-live')).toBe('polite');
    expect(r.q('tiles-grid').querySelector('.tiles-outline')).toBeNull();
    expect(r.q('tiles-previous').getAttribute('aria-disabled')).toBe('true');
    r.click('next');
    r.click('next');
    expect(r.q('tiles-status').textContent).toBe('tile 2 of 4: keys 4–7');
    const current = r.q('tiles-grid').querySelector('.tiles-outline')!;
    expect(r.q('tiles-grid').querySelectorAll('.tiles-current')).toHaveLength(16 * 4);
    expect([current.getAttribute('x'), current.getAttribute('width')]).toEqual([String(22 + 4 * 24 - 1.5), String(4 * 24 + 2)]);
    expect(r.q('tiles-grid').querySelectorAll('.tiles-seen')).toHaveLength(16 * 4);
    expect(r.q('tiles-grid').querySelectorAll('.tiles-ahead[fill-opacity="0.25"]')).toHaveLength(16 * 8);
    expect(r.q('tiles-grid').querySelectorAll('.tiles-hidden')).toHaveLength((16 * 15) / 2);
    expect(r.q('tiles-grid').querySelector('svg')!.getAttribute('aria-label')).toContain('tile 2 (keys 4–7) outlined');
    r.click('previous');
    expect(r.q('tiles-status').textContent).toBe('tile 1 of 4: keys 0–3');
    r.click('reset');
    expect(r.panel.currentStep()).toBe(0);
  });

  test('the table: m and l change only in the rows the tile reaches; at the end lse and "equal to the full softmax"', () => {
    const r = rig(stateOf(8));
    r.click('next');
    expect(r.row(2).querySelector('[data-testid="tiles-l"]')!.textContent).toMatch(/^0\.0000 → /);
    r.click('next');
    expect(r.row(2).classList.contains('tiles-touched')).toBe(false); // row 2 sees keys 0 … 2, all in tile 1
    expect(r.row(6).classList.contains('tiles-touched')).toBe(true);
    expect(r.q('tiles-check').hidden).toBe(false);
    expect(r.q('tiles-check').textContent).toMatch(/^equal to the full softmax: largest difference (0|\d\.\de-1[3-7])$/);
    expect(r.panel.element.querySelectorAll('[data-testid="tiles-lse"]')).toHaveLength(8);
    expect(r.q('tiles-next').getAttribute('aria-disabled')).toBe('true');
    r.click('next'); // past the end: stays
    expect(r.panel.currentStep()).toBe(2);
    r.click('previous');
    expect(r.q('tiles-check').hidden).toBe(true);
    expect(r.panel.element.querySelector('[data-testid="tiles-lse"]')).toBeNull();
  });

  test('Play runs to the end, a tile per pause, and stops; Pause stops it where it is', () => {
    vi.useFakeTimers();
    const r = rig(stateOf(12));
    r.click('play');
    expect(r.q('tiles-play').textContent).toBe('Pause');
    vi.advanceTimersByTime(PLAY_PAUSE_MS);
    expect(r.panel.currentStep()).toBe(1);
    r.click('play');
    vi.advanceTimersByTime(5 * PLAY_PAUSE_MS);
    expect([r.panel.currentStep(), r.panel.playing()]).toEqual([1, false]);
    r.click('play');
    vi.advanceTimersByTime(10 * PLAY_PAUSE_MS);
    expect([r.panel.currentStep(), r.panel.playing(), r.q('tiles-play').textContent]).toEqual([3, false, 'Play']);
    r.click('play'); // from the end: starts over
    vi.advanceTimersByTime(PLAY_PAUSE_MS);
    expect(r.panel.currentStep()).toBe(1);
  });
});

describe('following the state', () => {
  test('the tile size menu writes the state and resets the step; an edit of values keeps it, a new shape resets it', () => {
    const r = rig(stateOf(16));
    const size = r.q<HTMLSelectElement>('tiles-size');
    expect([...size.options].map((o) => o.value)).toEqual(['1', '2', '4', '8']);
    r.click('next');
    size.value = '8';
    size.dispatchEvent(new Event('change'));
    expect(r.state().tileSize).toBe(8);
    expect(r.panel.currentStep()).toBe(0);
    r.click('next');
    expect(r.q('tiles-status').textContent).toBe('tile 1 of 2: keys 0–7');
    const edited = stateOf(16, 'causal', 0.5);
    edited.tileSize = 8;
    r.set(edited);
    expect(r.panel.currentStep()).toBe(1);
    r.set(stateOf(12, 'causal'));
    expect(r.panel.currentStep()).toBe(0);
    const one = stateOf(3, 'none');
    one.tileSize = 1;
    r.set(one);
    r.click('next');
    expect(r.q('tiles-status').textContent).toBe('tile 1 of 3: key 0');
    expect(r.q('tiles-notes').textContent).toBe('');
  });

  test('notes: more than 16 tokens (no stepper), a window mask (run without it), another operation (the example)', () => {
    const r = rig(stateOf(17));
    expect(r.q('tiles-notes').textContent).toBe('The tile stepper shows up to 16 tokens (here 17 queries and 17 keys).');
    expect((r.panel.element.querySelector('.tiles-body') as HTMLElement).hidden).toBe(true);
    r.set(stateOf(6, 'window'));
    expect(r.q('tiles-notes').textContent).toContain('the sliding window mask is not applied');
    expect((r.panel.element.querySelector('.tiles-body') as HTMLElement).hidden).toBe(false);
    r.set(stateOf(6, 'custom'));
    expect(r.q('tiles-notes').textContent).toBe('Flash attention here takes a causal mask or none: the custom mask is not applied in the tiles.');
    const block = stateOf(6);
    block.op = 'multi_head';
    r.set(block);
    expect(r.q('tiles-notes').textContent).toContain('seeded 8 × 4 example');
    expect(r.q('tiles-status').textContent).toContain('2 tiles of 4 keys');
  });

  test('中文: the status, the buttons and the check', () => {
    const r = rig(stateOf(8), 'zh');
    r.click('next');
    expect(r.q('tiles-status').textContent).toBe('第 1 块，共 2 块：键 0–3');
    r.click('next');
    expect(r.q('tiles-check').textContent).toMatch(/^与完整 softmax 相等：最大差值/);
    expect(r.q('tiles-next').textContent).toBe('下一块');
  });

  test('a difference is written with two significant digits, 0 as 0', () => {
    expect([formatDifference(2.220446049250313e-16), formatDifference(0), formatDifference(1.26e-13)]).toEqual(['2.2e-16', '0', '1.3e-13']);
  });
});
