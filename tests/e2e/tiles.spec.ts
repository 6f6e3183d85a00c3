// tiles.spec.ts — the tile stepper in the built page: a 16-token causal example stepped with Next
// through all four key tiles to "equal to the full softmax" with a difference below 1e-12; at tile 2, m and l of
// a row equal an online softmax computed here from the page's own inputs; Play runs to the end; the keyboard
// alone (Tab, arrows, Enter) changes the tile size and steps; the tile size in the link (tb); 375 px has no
// sideways scroll.

import { expect, test } from './fixtures';
import { hashOf, open, snapshot, widths } from './playground';
import type { Page } from '@playwright/test';

/** 16 tokens, d = 4: fixed numbers typed as cells. */
const N = 16;
const rows = (f: (i: number, c: number) => number) => Array.from({ length: N }, (_, i) => Array.from({ length: 4 }, (_, c) => Math.round(f(i, c) * 100) / 100));
const cells = (m: number[][]) => m.map((r) => r.join(',')).join(';');
const START = `#op=attention&mask=causal&Q=${cells(rows((i, c) => 2 * Math.sin(1.3 * i + c)))}&K=${cells(rows((i, c) => 2 * Math.cos(0.7 * i - 2 * c)))}&V=${cells(rows((i, c) => i - c / 2))}`;

const tid = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

/** The page's Q, K, V (its state's cells) as numbers. */
async function inputsOf(page: Page): Promise<Record<'Q' | 'K' | 'V', number[][]>> {
  const { state } = await snapshot(page);
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
async function checkedDifference(page: Page): Promise<number> {
  const text = (await tid(page, 'tiles-check').textContent()) ?? '';
  expect(text).toMatch(/^equal to the full softmax: largest difference \S+$/);
  return Number(text.split(' ').pop());
}

test.describe('the tile stepper', () => {
  test('Next through all four tiles of a 16-token causal example reaches "equal"; m and l at tile 2 match an online softmax', async ({ page }) => {
    await open(page, START);
    await expect(tid(page, 'tiles-status')).toHaveText('before the first tile: every row has m = −∞ and l = 0 (4 tiles of 4 keys)');
    await tid(page, 'tiles-next').click();
    await tid(page, 'tiles-next').click();
    await expect(tid(page, 'tiles-status')).toHaveText('tile 2 of 4: keys 4–7');
    const { Q, K } = await inputsOf(page);
    for (const i of [2, 6, 13]) {
      const row = page.locator(`[data-testid=tiles-table] tr[data-row="${i}"]`);
      const [m, l] = [Number(await row.getAttribute('data-m')), Number(await row.getAttribute('data-l'))];
      const want = onlineSoftmax(Q, K, i, 8);
      expect(Math.abs(m - want.m), `row ${i}: m`).toBeLessThan(1e-12);
      expect(Math.abs(l - want.l) / want.l, `row ${i}: l`).toBeLessThan(1e-12);
    }
    await expect(tid(page, 'tiles-check')).toBeHidden();
    await tid(page, 'tiles-next').click();
    await tid(page, 'tiles-next').click();
    await expect(tid(page, 'tiles-status')).toHaveText('tile 4 of 4: keys 12–15');
    await expect(tid(page, 'tiles-check')).toBeVisible();
    expect(await checkedDifference(page)).toBeLessThan(1e-12);
    await expect(page.locator('[data-testid=tiles-lse]')).toHaveCount(N);
  });

  test('Play runs tile by tile to the end and stops', async ({ page }) => {
    await open(page, START);
    await tid(page, 'tiles-play').click();
    await expect(tid(page, 'tiles-play')).toHaveText('Pause');
    await expect(tid(page, 'tiles-status')).toHaveText('tile 1 of 4: keys 0–3');
    await expect(tid(page, 'tiles-check')).toBeVisible({ timeout: 10_000 });
    await expect(tid(page, 'tiles-play')).toHaveText('Play');
    expect(await checkedDifference(page)).toBeLessThan(1e-12);
  });

  test('the keyboard alone: the tile size (in the link as tb) and the steps', async ({ page }) => {
    await open(page, START);
    await tid(page, 'tiles-size').focus();
    await page.keyboard.press('ArrowDown'); // 4 → 8
    await expect.poll(() => hashOf(page)).toContain('tb=8');
    await expect(tid(page, 'tiles-status')).toHaveText('before the first tile: every row has m = −∞ and l = 0 (2 tiles of 8 keys)');
    await tid(page, 'tiles-size').focus(); // the page re-rendered: focus the menu again
    await page.keyboard.press('Tab'); // Previous
    await page.keyboard.press('Tab'); // Next
    await page.keyboard.press('Enter');
    await expect(tid(page, 'tiles-status')).toHaveText('tile 1 of 2: keys 0–7');
    await page.keyboard.press('Enter');
    await expect(tid(page, 'tiles-check')).toBeVisible();
    expect(await checkedDifference(page)).toBeLessThan(1e-12);
    await page.keyboard.press('Shift+Tab'); // Previous
    await page.keyboard.press('Space');
    await expect(tid(page, 'tiles-status')).toHaveText('tile 1 of 2: keys 0–7');
    await page.reload();
    await expect(tid(page, 'tiles-size')).toHaveValue('8');
  });

  test('375 px: the stepper fits, no sideways scroll, at the first and the last tile', async ({ newPage }) => {
    const page = await newPage({ url: START, width: 375, height: 800 });
    await tid(page, 'tiles-panel').scrollIntoViewIfNeeded();
    for (let k = 0; k < 4; k++) await tid(page, 'tiles-next').click();
    await expect(tid(page, 'tiles-check')).toBeVisible();
    const w = await widths(page);
    expect(w.scroll, 'no sideways scroll').toBeLessThanOrEqual(w.client);
    const grid = await tid(page, 'tiles-grid').boundingBox();
    expect(grid!.x + grid!.width).toBeLessThanOrEqual(375);
  });
});
