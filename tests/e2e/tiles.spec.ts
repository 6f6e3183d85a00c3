// tiles.spec.ts — the tile stepper in the built page: the keyboard alone (Tab, arrows, Enter) changes the
// tile size and steps, the tile size is in the link (tb) and survives a reload; 375 px has no sideways scroll.
// What the stepper does alone (Next through the tiles, m and l against an online softmax, Play) is checked in
// tests/web/panels/tiles.browser.test.ts.

import { expect, test } from './fixtures';
import { hashOf, open, widths } from './playground';
import { START } from '../web/support/tiles-example';
import type { Page } from '@playwright/test';

const tid = (page: Page, id: string) => page.locator(`[data-testid=${id}]`);

/** The difference the check line gives, as a number. */
async function checkedDifference(page: Page): Promise<number> {
  const text = (await tid(page, 'tiles-check').textContent()) ?? '';
  expect(text).toMatch(/^equal to the full softmax: largest difference \S+$/);
  return Number(text.split(' ').pop());
}

test.describe('the tile stepper', () => {
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
