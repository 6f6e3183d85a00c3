// kvcache.spec.ts — the KV-cache panel in the built page: the
// stepper steps through every token (buttons and keys) and its outputs equal
// the full causal pass within 1e-12, read off the page (the seeded example and
// a grouped-query state of the page's own); the calculator shows
// 17,179,869,184 bytes (16 GiB) for Llama-3-8B at 128k tokens in fp16, an
// edited field recomputes, junk is explained at the field; 375 px has no
// sideways scroll.

import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { textOf, widths } from './playground';
import { defaultState, serialize } from '../../web/src/model/state';

const id = (page: Page, testid: string) => page.locator(`[data-testid="${testid}"]`);

/** The largest difference printed by the check line, as a number. */
async function shownDiff(page: Page, t: number): Promise<number> {
  const text = await textOf(id(page, 'kv-check'));
  const m = new RegExp(`^Output rows 1–${t}: equal to grouped_query_attention with a causal mask: largest difference (\\S+)$`).exec(text);
  expect(m, `the check line: ${text}`).not.toBeNull();
  return Number(m![1]);
}

/** A grouped-query state of the page's own: X (5 × 4) as q, k and v, 4 query heads over 2 KV heads of width 2. */
function gqaLink(): string {
  const s = defaultState();
  s.op = 'gqa';
  s.mask = 'causal';
  s.numHeads = 4;
  s.numKvHeads = 2;
  const m = (rows: number, cols: number, seed: number) => ({ kind: 'random' as const, rows, cols, seed, scale: 0.5, digits: 2 });
  s.matrices = { Q: m(5, 4, 1), K: m(5, 4, 1), V: m(5, 4, 1), Wq: m(4, 8, 2), Wk: m(4, 4, 3), Wv: m(4, 4, 4), Wo: m(8, 3, 5) };
  return `#${serialize(s)}`;
}

test('the stepper steps through every token and matches the full causal pass', async ({ page, url }) => {
  await page.goto(url);
  await expect(id(page, 'kv-status')).toHaveText('token 0 of 6: the cache is empty');
  await expect(id(page, 'kv-source')).toContainText('6 tokens, d = 8, 4 query heads over 2 KV heads');
  for (let t = 1; t <= 6; t++) {
    await id(page, 'kv-step').click();
    await expect(id(page, 'kv-status')).toHaveText(`token ${t} of 6: cache holds ${16 * t} values`);
    expect(await shownDiff(page, t)).toBeLessThan(1e-12);
    await expect(page.locator('.kv-weights-table tbody tr').first().locator('td')).toHaveCount(t);
  }
  await id(page, 'kv-step').click(); // past the end: stays
  await expect(id(page, 'kv-status')).toHaveText('token 6 of 6: cache holds 96 values');
  await id(page, 'kv-previous').click();
  await expect(id(page, 'kv-status')).toHaveText('token 5 of 6: cache holds 80 values');
  await id(page, 'kv-reset').click();
  await expect(id(page, 'kv-status')).toHaveText('token 0 of 6: the cache is empty');
  await id(page, 'kv-play').click();
  await expect(id(page, 'kv-status')).toHaveText('token 6 of 6: cache holds 96 values', { timeout: 10_000 });
  await expect(id(page, 'kv-play')).toHaveAttribute('aria-pressed', 'false');
});

test("the page's own grouped-query inputs are decoded, and the keyboard works", async ({ page, url }) => {
  await page.goto(url + gqaLink());
  await expect(id(page, 'kv-source')).toContainText('4 query heads over 2 KV heads');
  await expect(id(page, 'kv-source')).toContainText('X = the Q input');
  await id(page, 'kv-step').focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(id(page, 'kv-status')).toHaveText('token 2 of 5: cache holds 16 values');
  await id(page, 'kv-cache').focus();
  await page.keyboard.press('End');
  await expect(id(page, 'kv-status')).toHaveText('token 5 of 5: cache holds 40 values');
  expect(await shownDiff(page, 5)).toBeLessThan(1e-12);
  await page.keyboard.press('ArrowLeft');
  await expect(id(page, 'kv-status')).toHaveText('token 4 of 5: cache holds 32 values');
  await page.keyboard.press('Home');
  await expect(id(page, 'kv-status')).toHaveText('token 0 of 5: the cache is empty');
});

test('the calculator: Llama-3-8B at 128k fp16 is 17,179,869,184 bytes (16 GiB); edits recompute; junk is explained', async ({ page, url }) => {
  await page.goto(url);
  await expect(id(page, 'kv-config')).toHaveValue('llama3-8b');
  await expect(id(page, 'kv-total')).toHaveText('Llama-3-8B at 131,072 tokens in fp16: 17,179,869,184 bytes (16 GiB)');
  await expect(page.locator('.kv-bar-chosen')).toContainText('16 GiB');
  await id(page, 'kv-kvHeads').fill('32');
  await expect(id(page, 'kv-total')).toHaveText('custom (edited) at 131,072 tokens in fp16: 68,719,476,736 bytes (64 GiB)');
  await id(page, 'kv-layers').fill('many');
  await expect(id(page, 'kv-error-layers')).toHaveText('“many” is not a whole number: type one from 1 to 1,000');
  await expect(id(page, 'kv-layers')).toHaveAttribute('aria-invalid', 'true');
  await expect(id(page, 'kv-kept')).toBeVisible();
  await expect(id(page, 'kv-total')).toContainText('68,719,476,736 bytes', { useInnerText: true });
  await id(page, 'kv-layers').fill('32');
  await expect(id(page, 'kv-error-layers')).toBeHidden();
  await id(page, 'kv-config').selectOption('mistral-7b');
  await expect(id(page, 'kv-total')).toHaveText('Mistral-7B at 131,072 tokens in fp16: 536,870,912 bytes (512 MiB)');
  await id(page, 'kv-config').selectOption('falcon-7b');
  await expect(id(page, 'kv-about')).toContainText('MQA');
});

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

test('in 中文', async ({ page, url }) => {
  await page.goto(`${url}?lang=zh`);
  await id(page, 'kv-step').click();
  await expect(id(page, 'kv-status')).toHaveText('第 1 个词元（共 6 个）：缓存中有 16 个值');
  await expect(id(page, 'kv-total')).toHaveText('Llama-3-8B 在 131,072 个词元、fp16 下：17,179,869,184 字节（16 GiB）');
});
