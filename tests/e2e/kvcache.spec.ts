// kvcache.spec.ts — the KV-cache panel in the built page: at 375 px no
// sideways scroll with the stepper at its last token and the calculator's
// total shown; at 1280 and 375 px the calculator set to DeepSeek-V3 (MLA) in
// fp8 with a batch of 4 shows the exact bytes, the formula and "fits in 80 GiB:
// no", a bad batch is explained at its field, and a screenshot of the
// calculator is kept in the test's output folder. What the panel does alone
// (the stepper, the calculator, 中文) is checked in
// tests/web/panels/kvcache.browser.test.ts and kvcache-panel.test.ts.

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

for (const width of [1280, 375]) {
  test(`at ${width} px: DeepSeek-V3 in fp8, batch 4 — the bytes, the formula and whether it fits in 80 GiB`, async ({ newPage, url }, info) => {
    const page = await newPage({ url, width, height: 900 });
    await id(page, 'kvcache-panel').scrollIntoViewIfNeeded();
    await id(page, 'kv-config').selectOption('deepseek-v3');
    await id(page, 'kv-dtype').selectOption('fp8');
    await id(page, 'kv-batch').fill('4');
    // 61 layers · (512 + 64) · 131,072 tokens · 4 · 1 B
    await expect(id(page, 'kv-total')).toHaveText('DeepSeek-V3 at 131,072 tokens × batch 4 in fp8: 18,421,383,168 bytes (17.2 GiB)');
    await expect(id(page, 'kv-formula')).toHaveText('61 layers · (512 + 64) latent + RoPE · 131,072 tokens · batch 4 · 1 B = 18,421,383,168 B = 17.2 GiB');
    await expect(id(page, 'kv-kvHeads')).toBeHidden();
    await expect(id(page, 'kv-kvLoraRank')).toHaveValue('512');
    await expect(id(page, 'kv-model-bytes')).toHaveText('Weights: 671,026,419,200 parameters · 2 B (bf16) = 1,342,052,838,400 bytes (1.22 TiB)');
    await expect(id(page, 'kv-fits')).toHaveText(
      /^Fits in 80 GiB: no — 1\.22 TiB weights \+ 17\.2 GiB cache = 1\.24 TiB; 1\.16 TiB \(1,274,574,875,648 bytes\) short$/,
    );
    // a model that fits: Qwen2.5-7B at 32k with the same run
    await id(page, 'kv-config').selectOption('qwen2.5-7b');
    await id(page, 'kv-tokens').fill('32768');
    await expect(id(page, 'kv-total')).toHaveText('Qwen2.5-7B at 32,768 tokens × batch 4 in fp8: 3,758,096,384 bytes (3.5 GiB)');
    await expect(id(page, 'kv-fits')).toHaveText(/^Fits in 80 GiB: yes — /);
    await id(page, 'kv-config').selectOption('deepseek-v3');
    await id(page, 'kv-tokens').fill('131072');
    await expect(id(page, 'kv-fits')).toHaveText(/^Fits in 80 GiB: no — /);
    const w = await widths(page);
    expect(w.scroll, `no horizontal scroll at ${width} px`).toBeLessThanOrEqual(w.client);
    const calculator = page.locator('.kv-calculator');
    await calculator.screenshot({ path: info.outputPath(`kv-calculator-${width}.png`) });
    await id(page, 'kv-batch').fill('0');
    await expect(id(page, 'kv-error-batch')).toHaveText('0 is too small: the least is 1');
    await expect(id(page, 'kv-batch')).toHaveAttribute('aria-invalid', 'true');
    await expect(id(page, 'kv-total')).toContainText('18,421,383,168 bytes'); // the last good result stays
  });
}
