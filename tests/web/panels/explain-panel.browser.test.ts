// explain-panel.browser.test.ts — "How weight (i, j) was made" laid out by a
// real Chromium at 375 px and 1280 px: long formulas (d_k = 12, d_v = 8,
// numbers of many digits, a masked row) wrap inside the panel, nothing in it
// is wider than its box and nothing scrolls sideways.
import { fakeContext } from '../support/fake-context';
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import '../../../web/src/component/attention-playground.styles.css';
import '../../../web/src/component/panels.styles.css';
import '../../../web/src/panels/explain.styles.css';
import { loadCore, type Core } from '../../../web/src/core/core';
import { compute } from '../../../web/src/model/compute';
import { cellsOf, defaultState, type State } from '../../../web/src/model/state';
import type { Pointed } from '../../../web/src/panels/context';
import { ExplainPanel } from '../../../web/src/panels/explain-panel';

let core: Core;
beforeAll(async () => {
  core = await loadCore();
});
afterEach(() => document.body.replaceChildren());

/** A matrix of `rows` × `cols` values with many digits, some negative. */
const digits = (rows: number, cols: number, seed: number) =>
  Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, c) => Math.sin(seed + 7 * i + c) * 1234.56789));

/** The panel at `width` px, explaining `p` in `state`. */
function panelAt(width: number, state: State, p: Pointed): HTMLElement {
  const ctx = fakeContext(() => state, core, { pointed: () => p });
  const panel = new ExplainPanel(ctx);
  const box = document.createElement('div');
  box.className = 'playground';
  box.style.width = `${width}px`;
  box.append(panel.element);
  document.body.append(box);
  panel.render(state, compute(core, state));
  return panel.element;
}

/** Every element of `root` whose content is wider than its box, or that reaches past `root`'s right edge. */
function overflowing(root: HTMLElement): string[] {
  const right = root.getBoundingClientRect().right + 0.5;
  return [root, ...root.querySelectorAll<HTMLElement>('*')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 || e.getBoundingClientRect().right > right)
    .filter((e) => !e.classList.contains('visually-hidden') && !e.closest('.visually-hidden'))
    .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${e.textContent?.slice(0, 40)}`);
}

const wide = (): State => {
  const s = defaultState();
  s.mask = 'causal';
  s.matrices = { Q: cellsOf(digits(6, 12, 1)), K: cellsOf(digits(6, 12, 2)), V: cellsOf(digits(6, 8, 3)) };
  return s;
};

describe.each([375, 1280])('at %i px', (width) => {
  test.each<[string, () => State, Pointed]>([
    ['the default', defaultState, null],
    ['a long weight (d_k = 12, d_v = 8)', wide, { kind: 'weight', head: 0, i: 5, j: 2 }],
    ['a masked weight', wide, { kind: 'weight', head: 0, i: 1, j: 4 }],
    ['a long output row', wide, { kind: 'output', i: 5 }],
  ])('%s: nothing overflows', async (_name, state, p) => {
    await page.viewport(width, 900);
    const el = panelAt(width, state(), p);
    expect(el.hidden).toBe(false);
    expect(el.getBoundingClientRect().width).toBeLessThanOrEqual(width);
    expect(overflowing(el)).toEqual([]);
  });
});
