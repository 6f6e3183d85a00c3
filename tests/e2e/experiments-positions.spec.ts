// experiments-positions.spec.ts — experiments 5 and 7 in the page:
// relative position (RoPE against the sinusoidal encoding) runs, both
// deviations are read off the page and off the downloaded 10-rope.txt, a
// shared link re-runs it, the 中文 page writes its report in Chinese; the
// permutation experiment with RoPE and with ALiBi shows a non-zero
// difference; screenshots of the new view at 1280 and 375 px.

import type { Page } from '@playwright/test';
import { expect, report, test } from './fixtures';
import { downloadText, runFromPage } from './experiment-runs';
import { open, textOf, twoFrames, widths } from './playground';

/** The deviation shown under each heatmap, as a number. */
async function deviations(page: Page): Promise<{ rope: number; sin: number }> {
  const read = async (id: string) => Number(await textOf(page.locator(`[data-testid=exp-relative-deviation-${id}] strong`)));
  return { rope: await read('rope'), sin: await read('sin') };
}

test('experiment 5: RoPE scores are constant along diagonals, sinusoidal ones are not; 10-rope.txt holds both deviations', async ({ page, url }) => {
  await open(page, url);
  await runFromPage(page, 'relative');
  const shown = await deviations(page);
  expect(shown.rope, `RoPE deviation ${shown.rope} is at rounding level`).toBeLessThan(1e-12);
  expect(shown.sin, `sinusoidal deviation ${shown.sin} is large`).toBeGreaterThan(1e-3);
  for (const id of ['rope', 'sin']) await page.locator(`[data-testid=exp-relative-case-${id}] canvas.hm-canvas`).waitFor({ state: 'visible' });
  expect(await textOf(page.locator('[data-testid=exp-relative-sentence]')), 'the one-sentence answer').toMatch(/^RoPE: the score depends only on i − j/);
  const file = await downloadText(page, 'exp-relative-10-rope-txt');
  expect(file.name, 'file name').toBe('10-rope.txt');
  const raw = (label: string) => Number(new RegExp(`${label}:\\s+largest deviation from constant diagonals = \\S+ \\(([^)]+)\\)`).exec(file.text)?.[1]);
  const rope = raw('RoPE');
  const sin = raw('sinusoidal');
  expect(rope, `10-rope.txt: RoPE deviation ${rope}`).toBeLessThan(1e-12);
  expect(sin, `10-rope.txt: sinusoidal deviation ${sin}`).toBeGreaterThan(1e-3);
  expect(Number(sin.toPrecision(3)), 'the page shows the report’s sinusoidal deviation').toBe(shown.sin);
  expect(file.text, 'the settings').toContain('n = 16 positions, d = 8, seed 7');
  expect(file.text, 'the first diagonal of each matrix').toMatch(/S\[i\]\[i\][^\n]*\n\s+RoPE:\s+\[-?\d\.\d{6}, /);
  const csv = await downloadText(page, 'exp-relative-relative-csv');
  expect(csv.text.split('\n')[0], 'relative.csv header').toBe('offset_i_minus_j,length,rope_min,rope_max,sin_min,sin_max');
});

test('experiment 5: other settings, a bad one refused next to its field, and a shared link that re-runs; 中文 report', async ({ page, url, newPage }) => {
  await open(page, url);
  await page.locator('[data-testid=exp-relative-d]').fill('7');
  await page.locator('[data-testid=exp-relative-d]').dispatchEvent('change');
  await expect(page.locator('[data-testid=exp-relative-d-error]'), 'an odd d is refused').toHaveText(/must be even/);
  await page.locator('[data-testid=exp-relative-d]').fill('64');
  await page.locator('[data-testid=exp-relative-d]').dispatchEvent('change');
  await page.locator('[data-testid=exp-relative-n]').fill('10');
  await page.locator('[data-testid=exp-relative-n]').dispatchEvent('change');
  await page.locator('[data-testid=exp-relative-pairing]').selectOption('interleaved');
  await runFromPage(page, 'relative');
  expect((await deviations(page)).rope, 'interleaved, d = 64: still constant diagonals').toBeLessThan(1e-12);
  const link = await page.evaluate(() => location.href);
  expect(
    /run=relative/.test(link) && /x\.relative\.n=10/.test(link) && /x\.relative\.pairing=interleaved/.test(link),
    `the link keeps the settings: ${link}`,
  ).toBe(true);
  const zh = await newPage({ url: link.replace('#', '?lang=zh#') });
  await zh.locator('[data-testid=exp-relative] .exp-result:not([hidden])').waitFor({ state: 'visible' });
  expect(await textOf(zh.locator('[data-testid=exp-relative-caption]')), 'the shared link re-ran with d = 64').toContain('d = 64');
  const file = await downloadText(zh, 'exp-relative-10-rope-txt');
  expect(file.text, '10-rope.txt in Chinese, n = 10').toMatch(/相对位置[\s\S]*n = 10 个位置/);
});

test('the permutation experiment with RoPE and with ALiBi breaks equivariance, measured', async ({ page, url }) => {
  await open(page, url);
  for (const [pe, name] of [
    ['rope', 'RoPE'],
    ['alibi', 'ALiBi'],
  ] as const) {
    await page.locator('[data-testid=exp-permutation-pe]').selectOption(pe);
    await runFromPage(page, 'permutation');
    const diffs = await page.locator('[data-testid=exp-permutation-diffs] strong').allTextContents();
    expect(Number(diffs[0]), `${pe}: without positions ${diffs[0]} is at rounding level`).toBeLessThan(1e-12);
    expect(Number(diffs[1]), `${pe}: with ${name} the difference ${diffs[1]} is not zero`).toBeGreaterThan(1e-6);
    await expect(page.locator('[data-testid=exp-perm-case-1]'), 'the case is named').toHaveText(`with ${name}`);
    const file = await downloadText(page, 'exp-permutation-05-perm-txt');
    expect(file.text, `05-perm.txt names ${name} and its difference`).toContain(`with ${name}:`);
    expect(file.text).toContain(diffs[1]);
  }
});

for (const [width, height] of [
  [1280, 900],
  [375, 800],
] as const)
  test(`experiment 5 at ${width} px: nothing scrolls sideways; screenshot`, async ({ newPage, url }) => {
    const page = await newPage({ url, width, height });
    await runFromPage(page, 'relative');
    await twoFrames(page);
    const card = page.locator('[data-testid=exp-relative]');
    await card.scrollIntoViewIfNeeded();
    const path = `/tmp/shots/exp5-${width}.png`;
    await card.screenshot({ path });
    report(`screenshot: experiment 5 at ${width} px: ${path}`);
    const w = await widths(page);
    expect(w.scroll, `the page does not scroll sideways at ${width} px`).toBeLessThanOrEqual(w.client);
    const boxes = await page
      .locator('[data-testid=exp-relative-heatmaps] canvas.hm-canvas')
      .evaluateAll((cs) => cs.map((c) => c.getBoundingClientRect().width));
    expect(Math.min(...boxes), 'each heatmap has room').toBeGreaterThan(120);
  });
