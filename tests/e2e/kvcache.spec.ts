// kvcache.spec.ts — the KV-cache panel in the built page at 375 px: no
// sideways scroll with the stepper at its last token and the calculator's
// total shown. What the panel does alone (the stepper, the calculator, 中文)
// is checked in tests/web/panels/kvcache.browser.test.ts.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { widths } from './playground';

const id = (page: Page, testid: string) => page.locator(`[data-testid="${testid}"]`);

test('at 375 px the panel fits without sideways scroll', async ({ newPage, url }) => {
  const page = await newPage({ url, width: 375, height: 800 });
  await id(page, 'kvcache-panel').scrollIntoViewIfNeeded();
  await id(page, 'kv-cache').focus();
  await page.keyboard.press('End');
  await expect(id(page, 'kv-status')).toHaveText('token 6 of 6: cache holds 96 values');
  await expect(id(page, 'kv-total')).toContainText('17,179,869,184 bytes (16 GiB)');
  const w = await widths(page);
  expect(w.scroll, 'no horizontal scroll at 375 px').toBeLessThanOrEqual(w.client);
});
