// tiles.browser.test.ts — the tile stepper of a playground showing only it, in
// Chromium: a 16-token causal example stepped with Next through all four key
// tiles to "equal to the full softmax" with a difference below 1e-12; at tile 2,
// m and l of a row equal an online softmax computed here from the playground's
// own inputs; Play runs to the end.

import { describe, expect, test } from 'vitest';
import { userEvent } from 'vitest/browser';
import { mount, WAIT, watchPlaygrounds, type Mounted } from '../support/playground-browser';
import { N, START } from '../support/tiles-example';

watchPlaygrounds();

/** The tiles panel alone, on the 16-token example. */
const tilesPanel = () => mount({ panels: 'tiles', lang: 'en', state: START });

/** The playground's Q, K, V (its state's cells) as numbers. */
function inputsOf(p: Mounted): Record<'Q' | 'K' | 'V', number[][]> {
  const state = p.el.getState();
  const read = (name: 'Q' | 'K' | 'V') => {
    const src = state.matrices[name]!;
    if (src.kind !== 'cells') throw new Error(`${name} is not typed cells`);
    return src.cells.map((r) => r.map(Number));
  };
  return { Q: read('Q'), K: read('K'), V: read('V') };
}

/** m and l of row i after the keys [0, end) with a causal mask: the online softmax from its definition. */
function onlineSoftmax(Q: number[][], K: number[][], i: number, end: number): { m: number; l: number } {
  let [m, l] = [-Infinity, 0];
  for (let j = 0; j < Math.min(end, i + 1); j++) {
    const s = Q[i].reduce((a, q, c) => a + q * K[j][c], 0) / Math.sqrt(Q[i].length);
    const mNew = Math.max(m, s);
    l = l * Math.exp(m - mNew) + Math.exp(s - mNew);
    m = mNew;
  }
  return { m, l };
}

/** The difference the check line gives, as a number. */
function checkedDifference(p: Mounted): number {
  const text = p.find('tiles-check').textContent ?? '';
  expect(text).toMatch(/^equal to the full softmax: largest difference \S+$/);
  return Number(text.split(' ').pop());
}

/** Wait until the stepper's status reads `text`. */
const status = (p: Mounted, text: string) => expect.poll(() => p.text('tiles-status'), WAIT).toBe(text);

describe('the tile stepper', () => {
  test('Next through all four tiles of a 16-token causal example reaches "equal"; m and l at tile 2 match an online softmax', async () => {
    const p = await tilesPanel();
    await status(p, 'before the first tile: every row has m = −∞ and l = 0 (4 tiles of 4 keys)');
    await userEvent.click(p.find('tiles-next'));
    await userEvent.click(p.find('tiles-next'));
    await status(p, 'tile 2 of 4: keys 4–7');
    const { Q, K } = inputsOf(p);
    for (const i of [2, 6, 13]) {
      const row = p.one(`[data-testid=tiles-table] tr[data-row="${i}"]`)!;
      const [m, l] = [Number(row.getAttribute('data-m')), Number(row.getAttribute('data-l'))];
      const want = onlineSoftmax(Q, K, i, 8);
      expect(Math.abs(m - want.m), `row ${i}: m`).toBeLessThan(1e-12);
      expect(Math.abs(l - want.l) / want.l, `row ${i}: l`).toBeLessThan(1e-12);
    }
    await expect.poll(() => p.visible('tiles-check'), WAIT).toBe(false);
    await userEvent.click(p.find('tiles-next'));
    await userEvent.click(p.find('tiles-next'));
    await status(p, 'tile 4 of 4: keys 12–15');
    await expect.poll(() => p.visible('tiles-check'), WAIT).toBe(true);
    expect(checkedDifference(p)).toBeLessThan(1e-12);
    await expect.poll(() => p.all('[data-testid=tiles-lse]').length, WAIT).toBe(N);
  });

  test('Play runs tile by tile to the end and stops', async () => {
    const p = await tilesPanel();
    await userEvent.click(p.find('tiles-play'));
    await expect.poll(() => p.text('tiles-play'), WAIT).toBe('Pause');
    await status(p, 'tile 1 of 4: keys 0–3');
    await expect.poll(() => p.visible('tiles-check'), { timeout: 10_000 }).toBe(true);
    await expect.poll(() => p.text('tiles-play'), WAIT).toBe('Play');
    expect(checkedDifference(p)).toBeLessThan(1e-12);
  });
});
