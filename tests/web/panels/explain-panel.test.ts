// @vitest-environment jsdom
// explain-panel.test.ts — "How weight (i, j) was made" in jsdom, on views the
// real core computed: the default (the selected query's largest weight) with
// its hint, a pointed weight and output row, the formulas as <var>/<sub>/<sup>
// with every number's full value and a plain-text twin for screen readers,
// the live region that speaks only once the pointing rests, hidden for the
// operations without parts, the last good view while the input is bad, 中文,
// and Copy.
import { fakeContext } from '../support/fake-context';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Core } from '../../../web/src/core/core';
import type { Lang } from '../../../web/src/i18n/i18n';
import { compute, type Outcome, type View } from '../../../web/src/model/compute';
import { presetById } from '../../../web/src/model/presets';
import { defaultState, type State } from '../../../web/src/model/state';
import type { Pointed } from '../../../web/src/panels/context';
import { ANNOUNCE_MS, ExplainPanel } from '../../../web/src/panels/explain-panel';
import { loadCoreInJsdom } from '../widgets/editor-kit';

let core: Core;
beforeAll(async () => {
  core = await loadCoreInJsdom();
});
afterEach(() => {
  vi.useRealTimers();
  document.body.replaceChildren();
});

/** A panel on a fake playground holding `state`; `pointed` is what the playground says is pointed at. */
function setUp(state: State, lang: Lang = 'en', lastGood: View | null = null) {
  let pointed: Pointed = null;
  const ctx = fakeContext(() => state, core, { lang, lastGood: () => lastGood, point: (p) => (pointed = p), pointed: () => pointed });
  const panel = new ExplainPanel(ctx);
  document.body.replaceChildren(panel.element);
  const outcome: Outcome = compute(core, state);
  panel.render(state, outcome);
  const q = (sel: string) => panel.element.querySelector<HTMLElement>(sel)!;
  const point = (p: Pointed) => {
    pointed = p;
    panel.showPointed(p);
  };
  return { panel, q, point, outcome };
}

const stepTexts = (el: HTMLElement) => [...el.querySelectorAll('.explain-step')].map((s) => s.getAttribute('data-step'));

describe('the explanation panel', () => {
  test('with nothing pointed at: the selected query’s largest weight, and the hint', () => {
    const state = defaultState();
    state.query = 2;
    const { panel, q } = setUp(state);
    expect(panel.element.hidden).toBe(false);
    expect(q('.panel-title').textContent).toBe('How weight (2, 2) was made');
    expect(q('[data-testid=explain-hint]').hidden).toBe(false);
    expect(q('[data-testid=explain-hint]').textContent).toBe(
      'Point at a weight (hover or focus a heatmap cell) to see how it was made. Shown now: the largest weight of the selected query 2.',
    );
    expect(stepTexts(panel.element)).toEqual(['dot', 'scaled', 'softmax', 'share']);
    expect(panel.element.getAttribute('aria-labelledby')).toBe(q('.panel-title').id);
  });

  test('a pointed weight: formulas with <var>, <sub>, <sup>, full values in titles, plain text for screen readers', () => {
    const { panel, q, point } = setUp(defaultState());
    point({ kind: 'weight', head: 0, i: 0, j: 2 });
    expect(q('.panel-title').textContent).toBe('How weight (0, 2) was made');
    expect(q('[data-testid=explain-hint]').hidden).toBe(true);
    expect(q('[data-testid=explain-heading]').textContent).toBe('query 0 → key 2');
    const dot = q('[data-step=dot] .explain-math');
    const drawn = dot.querySelector('[aria-hidden=true]')!;
    expect(drawn.textContent).toBe('q0·k2 = 1·1 + 0·1 = 1');
    expect([...drawn.querySelectorAll('var')].map((v) => v.textContent)).toEqual(['q', 'k']);
    expect([...drawn.querySelectorAll('sub')].map((v) => v.textContent)).toEqual(['0', '2']);
    expect(dot.querySelector('.visually-hidden')!.textContent).toBe('q₀·k₂ = 1·1 + 0·1 = 1');
    const scaled = [...q('[data-step=scaled]').querySelectorAll<HTMLElement>('.explain-num')].at(-1)!;
    expect(scaled.textContent).toBe('0.7071');
    expect(scaled.title).toBe(String(1 / Math.sqrt(2)));
    const softmax = q('[data-step=softmax] .explain-math [aria-hidden=true]');
    expect(softmax.querySelectorAll('sup').length).toBe(6); // e^(x₀,₂), e^(x₀,ⱼ′), e^(0.7071) and the three of the sum
    expect(panel.current()?.summary).toBe('Weight (0, 2) = 0.4011: score 1, scaled 0.7071, softmax 2.028 / 5.056.');
  });

  test('a negative number is drawn in parentheses where the text has them', () => {
    const state = defaultState();
    state.matrices.K = {
      kind: 'cells',
      cells: [
        ['-1', '0'],
        ['0', '1'],
        ['1', '1'],
      ],
    };
    const { q, point } = setUp(state);
    point({ kind: 'weight', head: 0, i: 0, j: 0 });
    expect(q('[data-step=dot] [aria-hidden=true]').textContent).toBe('q0·k0 = 1·(−1) + 0·0 = −1');
  });

  test('an output row: its weights row and the weighted sum', () => {
    const { panel, q, point } = setUp(defaultState());
    point({ kind: 'output', i: 1 });
    expect(q('.panel-title').textContent).toBe('How output row 1 was made');
    expect(stepTexts(panel.element)).toEqual(['weights', 'sum']);
  });

  test('a pointing outside the current view falls back to the default', () => {
    const { q, point } = setUp(defaultState());
    point({ kind: 'weight', head: 0, i: 7, j: 0 });
    expect(q('.panel-title').textContent).toBe('How weight (0, 0) was made');
    point({ kind: 'weight', head: 3, i: 0, j: 1 });
    expect(q('.panel-title').textContent).toBe('How weight (0, 0) was made');
  });

  test('a render, then the same pointing told again (as the playground does after every render): explained once', () => {
    const state = defaultState();
    const words: string[] = [];
    let pointed: Pointed = { kind: 'weight', head: 0, i: 1, j: 2 };
    const ctx = fakeContext(() => state, core, { pointed: () => pointed });
    const panel = new ExplainPanel({ ...ctx, t: (key, vars) => (words.push(key), ctx.t(key, vars)) });
    const outcome = compute(core, state);
    panel.render(state, outcome);
    const once = words.length;
    expect(once, 'the render explains').toBeGreaterThan(0);
    panel.showPointed(pointed);
    expect(words.length, 'the same view, state and pointing: nothing worded again').toBe(once);
    pointed = { kind: 'weight', head: 0, i: 1, j: 0 };
    panel.showPointed(pointed);
    expect(words.length, 'another weight: explained').toBeGreaterThan(once);
    expect(panel.element.querySelector('.panel-title')!.textContent).toBe('How weight (1, 0) was made');
    const next = { ...state, query: 2 };
    panel.render(next, compute(core, next));
    const after = words.length;
    panel.render(next, compute(core, next));
    expect(words.length, 'a new outcome (a drag step): explained again').toBeGreaterThan(after);
  });

  test('the live region says the summary once the pointing rests, not on every cell crossed', () => {
    vi.useFakeTimers();
    const { q, point } = setUp(defaultState());
    const live = q('[data-testid=explain-live]');
    expect(live.getAttribute('aria-live')).toBe('polite');
    vi.advanceTimersByTime(2 * ANNOUNCE_MS);
    expect(live.textContent).toBe(''); // the default is not announced
    point({ kind: 'weight', head: 0, i: 0, j: 0 });
    vi.advanceTimersByTime(ANNOUNCE_MS - 1);
    point({ kind: 'weight', head: 0, i: 0, j: 1 });
    vi.advanceTimersByTime(ANNOUNCE_MS - 1);
    expect(live.textContent).toBe('');
    point({ kind: 'weight', head: 0, i: 0, j: 2 });
    vi.advanceTimersByTime(ANNOUNCE_MS);
    expect(live.textContent).toBe('Weight (0, 2) = 0.4011: score 1, scaled 0.7071, softmax 2.028 / 5.056.');
    point(null);
    vi.advanceTimersByTime(2 * ANNOUNCE_MS);
    expect(live.textContent).toBe('Weight (0, 2) = 0.4011: score 1, scaled 0.7071, softmax 2.028 / 5.056.');
  });

  test('grouped-query attention: a query head written out, reading its key/value head’s columns of the projections', () => {
    const { panel, outcome, point } = setUp({ ...presetById('seed004-gqa')!.build(), head: 5 });
    expect(outcome.ok).toBe(true);
    expect(panel.element.hidden).toBe(false);
    point({ kind: 'weight', head: 5, i: 1, j: 0 });
    expect(panel.element.textContent).toContain(
      'Query head 6 reads key/value head 2: q is columns 80–95 of q·Wq, k is columns 16–31 of k·Wk and v is columns 16–31 of v·Wv (each with its bias, where given).',
    );
    expect(panel.current()!.heading).toBe('head 6 · query 1 → key 0');
  });

  test('block: the steps’ head written out, its q, k and v named as columns of LN(X)', () => {
    const { panel, q, point } = setUp({ ...presetById('block')!.build(), head: 1 });
    expect(panel.element.hidden).toBe(false);
    point({ kind: 'weight', head: 1, i: 3, j: 2 });
    expect(q('.panel-title').textContent).toBe('How weight (3, 2) was made');
    expect(panel.element.textContent).toContain('The block has no projections: head 2’s q, k and v are columns 2–3 of LN(X), the layer-normed input.');
    // a weight of a head that keeps no parts: the steps' head's explanation stays
    point({ kind: 'weight', head: 0, i: 1, j: 0 });
    expect(panel.current()?.heading).toMatch(/^head 2 /);
  });

  test('multi_head: the pointed head, named in the heading', () => {
    const { q, point } = setUp(presetById('multihead')!.build());
    point({ kind: 'weight', head: 1, i: 2, j: 1 });
    expect(q('[data-testid=explain-heading]').textContent).toBe('head 2 · query 2 “sat” → key 1 “cat”');
  });

  test('while the input is bad: the last good view, dimmed', () => {
    const good = compute(core, defaultState());
    if (!good.ok) throw new Error(good.message);
    const bad = defaultState();
    bad.matrices.Q = { kind: 'cells', cells: [['x', '0']] };
    const { panel, q } = setUp(bad, 'en', good.view);
    expect(panel.element.hidden).toBe(false);
    expect(panel.element.classList.contains('is-stale')).toBe(true);
    expect(q('.panel-title').textContent).toBe('How weight (0, 0) was made');
  });

  test('in 中文', () => {
    const { q, point } = setUp(defaultState(), 'zh');
    point({ kind: 'weight', head: 0, i: 1, j: 2 });
    expect(q('.panel-title').textContent).toBe('权重 (1, 2) 是怎样算出来的');
    expect(q('[data-testid=explain-heading]').textContent).toBe('查询 1 → 键 2');
    expect(q('[data-step=dot] .explain-label').textContent).toBe('分数：查询与键的点积');
    expect(q('[data-testid=explain-copy]').textContent).toBe('复制为文本');
  });

  test('Copy puts the plain text on the clipboard', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { panel, q, point } = setUp(defaultState());
    point({ kind: 'weight', head: 0, i: 0, j: 2 });
    q('[data-testid=explain-copy]').click();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(panel.current()!.text));
    await vi.waitFor(() => expect(q('.explain-copied').textContent).toBe('Copied!'));
  });
});
