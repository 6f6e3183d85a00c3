// editor.spec.ts — the matrix editors in Chromium:
// matrices wider than 16 columns are summaries (the seed 004 presets and the
// grouped-query operation keep the page short), Edit cells opens a 128 × 128
// grid inside its own scrolling box. Screenshots at 1280 and 375 px. The
// Paste… buttons' names and a 7-digit value in its cell are checked in
// tests/web/panels/inputs.browser.test.ts.

import type { Locator, Page } from '@playwright/test';
import { expect, report, screenshot, test } from './fixtures';
import { cell, twoFrames, waitForPlot, widths } from './playground';

/** The page's height in CSS pixels. */
const pageHeight = (page: Page): Promise<number> => page.evaluate(() => document.documentElement.scrollHeight);

/** An element's height in CSS pixels. */
const heightOf = (locator: Locator): Promise<number> => locator.evaluate((e) => e.getBoundingClientRect().height);

/** The summaries' shape texts, by matrix. */
async function summaryShapes(page: Page): Promise<Record<string, string>> {
  const shapes: Record<string, string> = {};
  for (const s of await page.locator('[data-testid^=summary-]:not([data-testid^=summary-stats])').all()) {
    const id = (await s.getAttribute('data-testid'))!.slice('summary-'.length);
    shapes[id] = (await s.locator('.summary-shape').textContent()) ?? '';
  }
  return shapes;
}

/** Load the seed 004 GQA preset through the Example menu and wait for its eight heads. */
async function loadSeed004(page: Page): Promise<void> {
  await page.locator('[data-testid=preset]').selectOption('seed004-gqa');
  await page.locator('[data-testid=head-7]').waitFor({ state: 'visible' });
}

test('seed 004 (GQA): 128-wide matrices are summaries with their shapes, the page stays short (1280 and 375 px)', async ({ newPage, url }) => {
  for (const [width, height] of [
    [1280, 900],
    [375, 812],
  ]) {
    const page = await newPage({ url, width, height });
    await loadSeed004(page);
    await twoFrames(page);
    expect(await summaryShapes(page), `${width} px: the summaries`).toEqual({
      Q: '(2, 128)',
      K: '(4, 128)',
      V: '(4, 64)',
      Wq: '(128, 128)',
      Wk: '(128, 32)',
      Wv: '(64, 32)',
    });
    await expect(page.locator('[data-testid=summary-Wq] .summary-line')).toContainText('random normal × 0.0884, seed 4');
    await expect(page.locator('[data-testid=summary-stats-Wq]')).toContainText(/^min −0\.\d+ · max 0\.\d+ · mean /);
    // Wo (128 × 8 = 1024 cells) stays a grid, in its own scrolling box
    const box = page.locator('[data-testid=grid-Wo]').locator('xpath=..');
    const boxHeight = await heightOf(box);
    expect(boxHeight, `${width} px: the Wo grid's box`).toBeLessThanOrEqual(481);
    const inputs = await heightOf(page.locator('.panel-inputs'));
    const total = await pageHeight(page);
    report(`${width} px, seed 004 GQA: inputs panel ${Math.round(inputs)} px, page ${total} px, Wo box ${Math.round(boxHeight)} px`);
    expect(inputs, `${width} px: the inputs panel`).toBeLessThan(3000);
    // the tiles, KV-cache and training panels are the same height whatever the inputs: the grids are what is measured
    const fixed =
      (await heightOf(page.locator('.panel-tiles'))) + (await heightOf(page.locator('.panel-kvcache'))) + (await heightOf(page.locator('.panel-training')));
    // about 5,300 px with the head's plane, steps and explanation; about 9,800 px were the 128 × 128 grids drawn in full
    if (width === 1280)
      expect(total - fixed, 'the page without the tiles, KV-cache and training panels (about 9,800 px with 128 × 128 grids)').toBeLessThan(6000);
    expect((await widths(page)).scroll, `${width} px: no sideways scrolling`).toBeLessThanOrEqual(width);
    report(`screenshot: ${await screenshot(page, `editor-seed004-${width}.png`)}`);
    const panel = test.info().outputPath(`editor-inputs-${width}.png`);
    await page.locator('.panel-inputs').screenshot({ path: panel });
    report(`screenshot: ${panel}`);
    // the tall Wo grid shows its first rows (the others are built as they scroll into its box)
    await expect(cell(page, 'Wo', 0, 0)).toBeVisible();
    const wo = test.info().outputPath(`editor-wo-${width}.png`);
    await page.locator('.matrix-editor[data-matrix=Wo]').screenshot({ path: wo });
    report(`screenshot: ${wo}`);
  }
});

test('the Operation menu’s grouped-query attention never grows the page with giant grids', async ({ page, url }) => {
  await page.goto(url);
  await waitForPlot(page);
  await page.locator('[data-testid=op]').selectOption('gqa');
  await twoFrames(page);
  const cells = await page.locator('input.cell').count();
  const inputs = await heightOf(page.locator('.panel-inputs'));
  report(`op = gqa: ${cells} cell inputs, inputs panel ${Math.round(inputs)} px, page ${await pageHeight(page)} px`);
  expect(inputs, 'the inputs panel').toBeLessThan(3000);
});

test('Edit cells opens Wq’s 128 × 128 grid inside a box that scrolls; Show summary closes it', async ({ page, url }) => {
  await page.goto(url);
  await waitForPlot(page);
  await loadSeed004(page);
  const before = await pageHeight(page);
  // the time from the click to the next frame, measured in the page (no locator polling in it)
  const ms = await page.locator('[data-testid=edit-Wq]').evaluate(
    (b) =>
      new Promise<number>((resolve) => {
        const t0 = performance.now();
        (b as HTMLButtonElement).click();
        requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - t0), 0));
      }),
  );
  report(`Edit cells of Wq (128 × 128): the grid is on screen ${Math.round(ms)} ms after the click`);
  await expect(cell(page, 'Wq', 0, 0), 'the focus is on the first cell').toBeFocused();
  const box = page.locator('[data-testid=grid-Wq]').locator('xpath=..');
  const { scrollHeight, clientHeight, scrollWidth, clientWidth } = await box.evaluate((e) => ({
    scrollHeight: e.scrollHeight,
    clientHeight: e.clientHeight,
    scrollWidth: e.scrollWidth,
    clientWidth: e.clientWidth,
  }));
  expect(scrollHeight, 'the box scrolls down').toBeGreaterThan(clientHeight);
  expect(scrollWidth, 'and sideways').toBeGreaterThan(clientWidth);
  const after = await pageHeight(page);
  report(`page ${before} px with the summary, ${after} px with the grid open`);
  expect(after - before, 'the page grows by one box, not by 128 rows').toBeLessThan(600);
  // the last rows are built when they scroll into the box
  await box.evaluate((e) => e.scrollTo(0, e.scrollHeight));
  await expect(cell(page, 'Wq', 127, 127)).toBeVisible();
  await box.evaluate((e) => e.scrollTo(0, 0));
  // typing into the big grid still computes
  await cell(page, 'Wq', 0, 0).fill('0.5');
  await cell(page, 'Wq', 0, 0).press('Tab');
  await expect(cell(page, 'Wq', 0, 1)).toBeFocused();
  await page.locator('[data-testid=close-grid-Wq]').click();
  await expect(page.locator('[data-testid=summary-Wq] .summary-line')).toHaveText('(128, 128) · typed values');
  await expect(page.locator('[data-testid=edit-Wq]')).toBeFocused();
});
